#!/usr/bin/env python3
"""The game's page measured beside a bare Pyodide (issue 33): index.html, the two-sided page (MicroPython on
the main thread, the engine in its Pyodide module worker), and a bare Pyodide booted in a module
worker for comparison (bench/thin/bare_worker.html). (Until 6 December the page with Pyodide on the main
thread was index.html and this page thin.html: docs/loading.md has the figures of both.)

The harness is bench/bench_thin.py's (its server without cross-origin isolation, counting bytes; its
long-task observer and ready marker; its visit), on its two profiles:

    phone    390x844, touch, device scale 3, the page's CPU slowed 4x (it does not reach workers)
    desktop  1280x800

Each run takes a fresh browser profile: a first visit (nothing cached), then a returning visit in the same
profile (HTTP cache, the service worker's copies, the snapshot of the board). For each it reports, in ms
from navigation: when `#game[data-ready="true"]`, the main thread's long tasks from navigation to 2 s
after ready (the sum of each task's time over 50 ms, and the longest), and the bytes sent until ready;
then, on the returning visit's page, N taps on the stock, pointerdown to the board's DOM change.

With --lighthouse (after `make dist`): Lighthouse (bench/bench_load.py's run of the pinned npm package)
on each page of dist/, served compressed, desktop and mobile.

It prints min / median / max over the runs and the load average; it asserts no timing.

    python bench/bench_page.py [--runs 3] [--taps 10] [--profiles phone,desktop] [--pages thin]
                               [--lighthouse] [--json bench/out/page.json] [-v]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
import bench_thin as harness  # noqa: E402 - the same server, observer and visit
from bench_thin import COUNTER, INIT_SCRIPT, PROFILES, fmt, loadavg, stats  # noqa: E402

PAGES = {"thin": "index.html", "direct": "index-direct.html", "bare": "bench/thin/bare_worker.html"}


def direct_html(html: str) -> str:
    """index.html without PyScript (the `direct` page): its preloads and core.js go, and its MicroPython
    script becomes bench/thin/page_direct.mjs, given the same source and config; nothing else changes."""
    html = re.sub(r'<link rel="modulepreload" href="\./static/vendor/pyscript/[^"]+">\n', "", html)
    core = '<script type="module" src="./static/vendor/pyscript/core.js"></script>\n'
    found = re.search(r"<script type=\"mpy\" src=\"([^\"]+)\" config='([^']+)'></script>", html)
    if core not in html or found is None:
        raise SystemExit("bench_page: index.html's PyScript scripts are not where direct_html looks for them")
    html = html.replace(core, "")
    found = re.search(r"<script type=\"mpy\" src=\"([^\"]+)\" config='([^']+)'></script>", html)
    tag = (f'<script type="module" src="./bench/thin/page_direct.mjs" data-src="{found[1]}" '
           f"data-mpy-config='{found[2]}'></script>")
    return html[:found.start()] + tag + html[found.end():]


class Handler(harness.Handler):
    """The harness's server, and the `direct` page made from the repository's index.html."""

    def do_GET(self):
        if self.path.split("?")[0] == "/" + PAGES["direct"]:
            body = direct_html((REPO / "index.html").read_text(encoding="utf-8")).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            COUNTER.add(self.path, len(body))
            return
        super().do_GET()


def taps(page, n: int, touch: bool) -> list[float]:
    """n taps on the stock, each waited for: pointerdown to the board's first DOM change."""
    return [t[0] for t in harness.taps(page, n, touch, stock='[data-pile="stock"]', pause_ms=80)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="fresh profiles per page and profile kind (default 3)")
    ap.add_argument("--taps", type=int, default=10, help="taps on the stock per returning visit (default 10)")
    ap.add_argument("--profiles", default="phone,desktop")
    ap.add_argument("--pages", default="thin", help="thin: the game's page; direct: the same without PyScript "
                                                        "(bench/thin/page_direct.mjs); the bare worker always")
    ap.add_argument("--lighthouse", action="store_true", help="Lighthouse on dist/'s pages too (make dist first)")
    ap.add_argument("--lighthouse-runs", type=int, default=1, help="Lighthouse runs of each page and preset")
    ap.add_argument("--json", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if not (REPO / "static" / "vendor" / "micropython").is_dir():
        print("bench_page: run `make vendor` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    import chromium
    import serve

    server, base = serve.serve_in_thread(port=0, quiet=True, handler_base=Handler)
    results: dict = {"load_start": loadavg(), "cpus": os.cpu_count(), "profiles": {}}
    kinds = [k for k in args.pages.split(",") if k != "bare"] + ["bare"]
    try:
        with sync_playwright() as p:
            launch = chromium.launch_options(p.chromium.executable_path)
            print(f"bench_page: {chromium.describe(launch)}, {args.runs} runs, served at {base}, "
                  f"load average {loadavg()} on {os.cpu_count()} CPUs", flush=True)
            for name in args.profiles.split(","):
                options, slowdown = PROFILES[name]
                rows = {f"{k}_{v}": [] for k in kinds for v in ("first", "return")}
                tap_ms = {k: [] for k in kinds}
                started = time.perf_counter()
                for run in range(args.runs):
                    for kind in kinds:
                        with tempfile.TemporaryDirectory(prefix="bench-page-") as profile:
                            ctx = p.chromium.launch_persistent_context(profile, **launch, **options)
                            ctx.add_init_script(INIT_SCRIPT)
                            try:
                                for visit_kind in ("first", "return"):
                                    page, fig = harness.visit(ctx, base, PAGES[kind], slowdown)
                                    rows[f"{kind}_{visit_kind}"].append(fig)
                                    if args.verbose:
                                        print(f"  {name} run {run + 1} {kind} {visit_kind}: ready {fig['ready']:.0f} ms, "
                                              f"long tasks {fig['long_excess']:.0f} ms (longest {fig['long_max']:.0f}), "
                                              f"{fig['bytes'] / 1e6:.2f} MB", flush=True)
                                    if kind != "bare" and visit_kind == "return" and args.taps:
                                        tap_ms[kind] += taps(page, args.taps, touch=name == "phone")
                                    page.close()
                            finally:
                                ctx.close()
                r = {k: {key: stats([f[key] for f in v]) for key in ("ready", "long_excess", "long_max", "bytes")}
                     for k, v in rows.items()}
                r["taps"] = {k: stats(tap_ms[k]) for k in kinds[:-1]}
                r["load"] = loadavg()
                results["profiles"][name] = r
                print(f"\n{name} (CPU x{slowdown} on the page's thread), {args.runs} runs "
                      f"[{time.perf_counter() - started:.0f} s], load average now {r['load']}: median (min-max)")
                for kind in kinds:
                    for visit_kind in ("first", "return"):
                        t = r[f"{kind}_{visit_kind}"]
                        line = f"  {kind:8} {visit_kind:6}: ready {fmt(t['ready'])}"
                        if kind != "bare":
                            line += (f" | main-thread long tasks over 50 ms {fmt(t['long_excess'])}, longest "
                                     f"{fmt(t['long_max'])} | {fmt(t['bytes'], 'MB', 1e6, 2)} until ready")
                        print(line)
                for kind in kinds[:-1]:
                    if r["taps"][kind] is not None:
                        print(f"  {kind:8} tap on the stock -> the board's DOM: {fmt(r['taps'][kind], digits=1)}")
    finally:
        server.shutdown()
        COUNTER.reset()
    if args.lighthouse:
        results["lighthouse"] = lighthouse_runs([k for k in kinds if k != "bare"], args.lighthouse_runs)
    harness.finish(results, args.json, "bench_page")
    return 0


def lighthouse_runs(kinds, runs: int = 1) -> dict:
    """Lighthouse on dist/'s pages, served compressed (bench/bench_load.py's site and run)."""
    import shutil

    import bench_load
    import chromium
    import serve

    tmp = Path(tempfile.mkdtemp(prefix="bench-page-site-"))
    out = {}
    try:
        site = bench_load._site(tmp)
        if "direct" in kinds:
            (site / PAGES["direct"]).write_text(direct_html((site / "index.html").read_text(encoding="utf-8")),
                                                encoding="utf-8")
            (site / "bench" / "thin").mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / "bench" / "thin" / "page_direct.mjs", site / "bench" / "thin" / "page_direct.mjs")
        server, base = serve.serve_in_thread(root=site, port=0, quiet=True)
        try:
            executable = chromium.launch_options(None).get("executable_path") or os.environ.get("CHROME_PATH")
            for _ in range(runs):
                for kind in kinds:
                    for preset in ("desktop", "mobile"):
                        lh = bench_load.lighthouse(base + PAGES[kind], executable, preset, tmp)
                        out.setdefault(f"{kind}_{preset}", []).append(lh)
                        if lh:
                            s = lh["scores"]
                            print(f"lighthouse {kind:8} {preset:>7}: performance {s.get('performance')}, accessibility "
                                  f"{s.get('accessibility')}, best practices {s.get('best-practices')} | FCP "
                                  f"{lh['fcp_ms']} ms, LCP {lh['lcp_ms']} ms, TBT {lh['tbt_ms']} ms, CLS {lh['cls']}",
                                  flush=True)
            for key, rows in out.items():
                done = [lh for lh in rows if lh]
                if len(done) > 1:
                    print(f"lighthouse {key}: performance {fmt(stats([lh['scores'].get('performance') for lh in done]), '')}, "
                          f"TBT {fmt(stats([lh['tbt_ms'] for lh in done]))}, LCP {fmt(stats([lh['lcp_ms'] for lh in done]))} "
                          f"over {len(done)} runs, load average {loadavg()}", flush=True)
        finally:
            server.shutdown()
            server.server_close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


if __name__ == "__main__":
    sys.exit(main())
