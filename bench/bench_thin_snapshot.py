#!/usr/bin/env python3
"""The two-sided page's returning visit with and without the memory snapshot restored in its Pyodide worker (issue 33).

static/pyodide-worker.mjs (the worker's interpreter module) restores static/vendor/memory-snapshot.bin from
Cache Storage on a returning visit. This compares, in the same browser profile, returning visits with the
file in the service worker's cache and without it (moved to another address between two visits, so the
worker finds it missing and starts Python plainly; everything else is the same: the service worker, the
HTTP cache, the wasm's compiled code, the board's snapshot).

The harness is bench/bench_thin.py's (its server without cross-origin isolation, its ready marker and
long-task observer, its visit), on its two profiles (phone: the page's CPU slowed 4x, which does not reach
the worker; desktop). Each run: a fresh profile, a first visit, the service worker's install awaited (the
snapshot cached), then VISITS returning visits of each kind, alternated. Per visit, in ms from navigation:
`#game[data-ready]`, and the start's marks on the page's timeline (static/boot.js marks what the worker
posts): the worker's module evaluated, Pyodide asked for (`canfield:pyodide`), the snapshot read, Python up
(`canfield:pyodide-ready`), the worker's first answer parsed by the page. (PyScript's `py:ready` of the
worker's script never comes here: it is dispatched on a cross-origin isolated page only.) Medians (min-max) and the load
average; it asserts no timing.

    python bench/bench_thin_snapshot.py [--runs 3] [--visits 2] [--profiles desktop,phone] [--json FILE] [-v]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
import bench_thin as harness  # noqa: E402 - the same server, observer and visit
from bench_thin import INIT_SCRIPT, PROFILES, fmt, loadavg, stats  # noqa: E402

PAGE = "index.html"
SNAPSHOT = "static/vendor/memory-snapshot.bin"
MARKS = {"module": "canfield:worker-module", "pyodide": "canfield:pyodide", "read": "canfield:memory-snapshot-read",
         "python": "canfield:pyodide-ready", "answer": "canfield:answer-parsed"}
# moves the cached file to another address in the release's cache and back (any cache of the origin would
# do for the worker's caches.match, but not another file name)
TOGGLE = """async ([url, on]) => {
  const names = await caches.keys();
  const release = await caches.open(names.find((n) => n.startsWith("canfield-")));
  const stash = url + ".bench-stash";
  const [from, to] = on ? [stash, url] : [url, stash];
  const response = await release.match(from);
  if (response) { await release.put(to, response); await release.delete(from); }
  return !!(await caches.match(url, {ignoreSearch: true})) === on;
}"""
CACHED = """async (url) => !!navigator.serviceWorker.controller && !!(await caches.match(url))"""


def marks(page) -> dict:
    found = page.evaluate("""(names) => Object.fromEntries(Object.entries(names).map(([k, n]) => {
        const m = performance.getEntriesByName(n, "mark")[0]; return [k, m ? m.startTime : null]; }))""", MARKS)
    found["kind"] = page.evaluate("(() => { const m = performance.getEntriesByName('canfield:memory-snapshot')[0];"
                                  " return m ? String(m.detail) : null; })()")
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="fresh profiles per profile kind (default 3)")
    ap.add_argument("--visits", type=int, default=2, help="returning visits of each kind per run (default 2)")
    ap.add_argument("--profiles", default="desktop,phone")
    ap.add_argument("--json", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if not (REPO / SNAPSHOT).is_file() or not (REPO / PAGE).is_file():
        print("bench_thin_snapshot: run `make vendor` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    import build_offline
    import build_vendor
    import chromium
    import serve

    # the service worker installs only a release whose every file matches its sha256: rebuilt for the files
    # on disk now (as `make vendor`), or a stale list would leave it uninstalled and nothing cached
    build_vendor.build(REPO, log=lambda *_: None)
    build_offline.write_release(REPO, build_offline.release(REPO))

    server, base = serve.serve_in_thread(port=0, quiet=True, handler_base=harness.Handler)
    url = f"{base}{SNAPSHOT}"
    results: dict = {"load_start": loadavg(), "cpus": os.cpu_count(), "profiles": {}}
    try:
        with sync_playwright() as p:
            launch = chromium.launch_options(p.chromium.executable_path)
            print(f"bench_thin_snapshot: {chromium.describe(launch)}, {args.runs} runs x {args.visits} returning visits "
                  f"of each kind, served at {base}, load average {loadavg()} on {os.cpu_count()} CPUs", flush=True)
            for name in args.profiles.split(","):
                options, slowdown = PROFILES[name]
                rows: dict[str, list[dict]] = {"with": [], "without": []}
                started = time.perf_counter()
                for run in range(args.runs):
                    with tempfile.TemporaryDirectory(prefix="bench-thin-snapshot-") as profile:
                        ctx = p.chromium.launch_persistent_context(profile, **launch, **options)
                        ctx.add_init_script(INIT_SCRIPT)
                        try:
                            page, _ = harness.visit(ctx, base, PAGE, slowdown)
                            deadline = time.monotonic() + 180
                            while not page.evaluate(CACHED, url):
                                if time.monotonic() > deadline:
                                    raise SystemExit("bench_thin_snapshot: the service worker never cached the snapshot")
                                page.wait_for_timeout(250)
                            for i in range(args.visits):
                                order = ("with", "without") if (run + i) % 2 == 0 else ("without", "with")
                                for kind in order:
                                    if not page.evaluate(TOGGLE, [url, kind == "with"]):
                                        raise SystemExit("bench_thin_snapshot: could not move the cached snapshot")
                                    page.close()
                                    page, fig = harness.visit(ctx, base, PAGE, slowdown)
                                    fig.update(marks(page))
                                    want = "restored" if kind == "with" else "plain: missing"
                                    if not (fig["kind"] or "").startswith(want):
                                        raise SystemExit(f"bench_thin_snapshot: a visit {kind} the snapshot started "
                                                         f"{fig['kind']!r}")
                                    rows[kind].append(fig)
                                    if args.verbose:
                                        print(f"  {name} run {run + 1} {kind:7}: ready {fig['ready']:.0f} ms, "
                                              + ", ".join(f"{k} {fig[k]:.0f}" for k in MARKS if fig[k] is not None)
                                              + f" | long tasks {fig['long_excess']:.0f} ms", flush=True)
                            page.close()
                        finally:
                            ctx.close()
                keys = ("ready", "long_excess", *MARKS)
                r = {k: {key: stats([f[key] for f in v]) for key in keys} for k, v in rows.items()}
                r["load"] = loadavg()
                r["raw"] = {k: [{key: f[key] for key in (*keys, "kind")} for f in v] for k, v in rows.items()}
                results["profiles"][name] = r
                print(f"\n{name} (CPU x{slowdown} on the page's thread), {args.runs} runs x {args.visits} visits "
                      f"[{time.perf_counter() - started:.0f} s], load average now {r['load']}: median (min-max), "
                      "ms from navigation")
                for kind in ("with", "without"):
                    t = r[kind]
                    print(f"  {kind:7} the snapshot: ready {fmt(t['ready'])} | worker module {fmt(t['module'])}, "
                          f"Pyodide asked for {fmt(t['pyodide'])}, snapshot read {fmt(t['read'])}, Python up "
                          f"{fmt(t['python'])}, first answer parsed {fmt(t['answer'])} | main-thread long tasks "
                          f"{fmt(t['long_excess'])}", flush=True)
    finally:
        server.shutdown()
    harness.finish(results, args.json, "bench_thin_snapshot")
    return 0


if __name__ == "__main__":
    sys.exit(main())
