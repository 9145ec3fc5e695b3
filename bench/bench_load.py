#!/usr/bin/env python3
"""Load benchmark: what a player waits for and downloads, on a first and a returning visit.

Serves the built site (`make dist`: dist/, with its .br/.gz copies) by scripts/serve.py's handler
in this process, which counts every body byte it sends (the page's and the service worker's
requests alike), and drives Chromium (the tests' choice: Playwright's own, else /usr/bin/chromium).
One run prints, all on the same server:

  first visit      a fresh context: navigation -> board painted (the first card on the table)
                   and -> #game[data-ready="true"]; bytes sent until ready, and until the
                   service worker has precached the release (the whole first visit)
  returning visit  a persistent profile after one visit and one move (a saved game, the service
                   worker installed): navigation -> board painted and -> data-ready
  bare Pyodide     bench/bare.html (loadPyodide() of the same runtime, nothing else), cold and
                   warm in the same contexts: the ratio game / bare shows the game's own cost
  Lighthouse       (npm `lighthouse`, pinned in package.json) desktop and mobile: scores and metrics

    make dist && python bench/bench_load.py [--runs 5] [--no-lighthouse] [--json bench/out/load.json]

Medians over the runs; the load average is printed before and after (a figure taken under load is
not a figure: re-run on a quiet machine).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import chromium  # noqa: E402
import serve  # noqa: E402

TIMEOUT_MS = 180_000
LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"

# Installed before any page script: when the first card is on the table, and when the game is live.
# The board is painted before Python by static/paint.js (the last visit's snapshot, or a first-visit
# deal), which sets the performance mark "canfield-painted"; on screen means that mark and the first
# contentful paint both passed. A page the painter did not paint counts the live board's first card.
MARKER_SCRIPT = """
(() => {
  const seen = () => {
    if (window.__paintedAt === undefined && document.querySelector('#board [data-card]') && !window.canfieldPaint?.painted)
      window.__paintedAt = performance.now();
    const el = document.querySelector('[data-ready="true"], [data-ready="error"], #boot[data-state="error"]');
    if (!el || window.__readyAt !== undefined) return;
    window.__readyAt = performance.now();
    window.__readyState = el.dataset.ready === "true" ? "ready" : "error";
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true,
                                               attributeFilter: ["data-ready", "data-state"]});
  document.addEventListener("py:ready", () => { window.__pyReadyAt = performance.now(); });
})();
"""
# Where a game boot's time goes, beside data-ready: PyScript's runtime ready (py:ready), then the
# marks of static/main.py (Python runs the page's code, the game imported, the game started).
# "pyodide": when Pyodide's start was called (static/pyodide-early.mjs, right after the painted board's
# first frame), the bare page's counterpart being its first line.
PHASES = (("pyodide", "canfield:pyodide"), ("pyscript", "window.__pyReadyAt"), ("python", "canfield:python"),
          ("imported", "canfield:imported"), ("started", "canfield:started"))
PHASES_SCRIPT = """() => {
  const mark = (n) => (performance.getEntriesByName(n, "mark")[0] || {}).startTime ?? null;
  return {pyodide: mark("canfield:pyodide"), pyscript: window.__pyReadyAt ?? null, python: mark("canfield:python"),
          imported: mark("canfield:imported"), started: mark("canfield:started")};
}"""


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n
            self.requests += 1

    def read(self) -> tuple[int, int]:
        with self.lock:
            return self.bytes, self.requests


COUNTER = Counter()


class CountingHandler(serve.Handler):
    def copyfile(self, source, outputfile):
        sent = 0
        while chunk := source.read(256 * 1024):
            outputfile.write(chunk)
            sent += len(chunk)
        COUNTER.add(sent)


def _site(tmp: Path) -> Path:
    dist = REPO / "dist"
    if not (dist / "sw-release.js").is_file():
        raise SystemExit("bench_load: dist/ is not built; run `make dist` first")
    site = tmp / "site"
    shutil.copytree(dist, site)
    (site / "bench").mkdir()
    for name in ("bare.html", "bare.js"):
        shutil.copy2(REPO / "bench" / name, site / "bench" / name)
    return site


def _by(rows: list[str]) -> str:
    """How the runs' boards were painted: "snapshot 5", "deal 5", "live 1" (the painter painted nothing)."""
    return ", ".join(f"{k} {rows.count(k)}" for k in sorted(set(rows)))


def _load() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def visit(context, url: str) -> dict:
    """One navigation in a new tab: ms to board painted and to ready (since navigation start)."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=50)
        state, ready, painted, by = page.evaluate("""() => {
            const mark = performance.getEntriesByName('canfield-painted')[0];
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            const painter = mark ? Math.max(mark.startTime, fcp ? fcp.startTime : 0) : null;
            return [window.__readyState, window.__readyAt, painter ?? window.__paintedAt ?? null,
                    (window.canfieldPaint && window.canfieldPaint.painted) || 'live'];
        }""")
        if state != "ready":
            raise SystemExit(f"bench_load: {url} reported a start-up error: {errors}")
        return {"page": page, "ready": ready, "painted": painted, "by": by, "phases": page.evaluate(PHASES_SCRIPT)}
    except BaseException:
        page.close()
        raise


def wait_for_precache(page) -> None:
    """Until the service worker is active (its install precached every file of the release)."""
    page.evaluate("""async () => {
      if (!('serviceWorker' in navigator)) return;
      for (let i = 0; i < 1200 && !(await navigator.serviceWorker.getRegistration()); i++)
        await new Promise(r => setTimeout(r, 100));
      await navigator.serviceWorker.ready;
    }""")


def first_visits(p, launch, base: str, runs: int) -> dict:
    out = {"game_ready": [], "game_painted": [], "painted_by": [], "bare_ready": [], "bytes_ready": [], "bytes_all": [],
           "requests_all": [], "phases": []}
    browser = p.chromium.launch(**launch)
    try:
        for i in range(runs):
            for which in (("game", "bare") if i % 2 == 0 else ("bare", "game")):
                context = browser.new_context()
                context.add_init_script(MARKER_SCRIPT)
                before, requests_before = COUNTER.read()
                r = visit(context, base + ("index.html" if which == "game" else "bench/bare.html"))
                if which == "game":
                    out["game_ready"].append(r["ready"])
                    out["game_painted"].append(r["painted"])
                    out["phases"].append(r["phases"])
                    out["painted_by"].append(r["by"])
                    out["bytes_ready"].append(COUNTER.read()[0] - before)
                    wait_for_precache(r["page"])
                    now, requests_now = COUNTER.read()
                    out["bytes_all"].append(now - before)
                    out["requests_all"].append(requests_now - requests_before)
                else:
                    out["bare_ready"].append(r["ready"])
                r["page"].close()
                context.close()
    finally:
        browser.close()
    return out


def returning_visits(p, launch, base: str, runs: int) -> dict:
    out = {"game_ready": [], "game_painted": [], "painted_by": [], "bare_ready": [], "phases": []}
    profile = tempfile.mkdtemp(prefix="bench-load-")
    context = p.chromium.launch_persistent_context(profile, **launch)
    try:
        context.add_init_script(MARKER_SCRIPT)
        r = visit(context, base + "index.html")
        wait_for_precache(r["page"])
        r["page"].click('[data-pile="stock"]')       # a move: from now on there is a saved game
        r["page"].wait_for_function("() => (localStorage.getItem('canfield.save') || '').includes('\"S\"')",
                                    timeout=TIMEOUT_MS)
        # and the board kept for the next visit (written shortly after the drawing)
        r["page"].wait_for_function("""() => { const t = localStorage.getItem('canfield.snapshot');
            return !!t && JSON.parse(t).save === window.canfieldPaint.hash(localStorage.getItem('canfield.save')); }""",
                                    timeout=TIMEOUT_MS)
        r["page"].close()
        visit(context, base + "bench/bare.html")["page"].close()   # its files in the HTTP cache too
        for i in range(runs):
            for which in (("game", "bare") if i % 2 == 0 else ("bare", "game")):
                r = visit(context, base + ("index.html" if which == "game" else "bench/bare.html"))
                if which == "game":
                    out["game_ready"].append(r["ready"])
                    out["game_painted"].append(r["painted"])
                    out["phases"].append(r["phases"])
                    out["painted_by"].append(r["by"])
                else:
                    out["bare_ready"].append(r["ready"])
                r["page"].close()
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    return out


def lighthouse(url: str, executable: str | None, preset: str, tmp: Path) -> dict | None:
    if not LIGHTHOUSE.exists():
        print("bench_load: lighthouse is not installed (npm ci installs it from package.json)", file=sys.stderr)
        return None
    report = tmp / f"lighthouse-{preset}.json"
    flags = "--headless=new --no-sandbox --disable-gpu --disable-background-networking " \
            "--disable-component-update --disable-sync --no-first-run"
    cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
           "--only-categories=performance,accessibility,best-practices", f"--chrome-flags={flags}"]
    if preset == "desktop":
        cmd.append("--preset=desktop")
    env = dict(os.environ)
    if executable:
        env["CHROME_PATH"] = executable
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not report.is_file():
        print(f"bench_load: lighthouse {preset} failed: {done.stderr.strip()[-800:]}", file=sys.stderr)
        return None
    data = json.loads(report.read_text())
    audits = data["audits"]

    def ms(key):
        value = audits.get(key, {}).get("numericValue")
        return None if value is None else round(value)

    return {
        "scores": {k: round(v["score"] * 100) if v.get("score") is not None else None
                   for k, v in data["categories"].items()},
        "fcp_ms": ms("first-contentful-paint"), "lcp_ms": ms("largest-contentful-paint"),
        "tbt_ms": ms("total-blocking-time"), "speed_index_ms": ms("speed-index"),
        "cls": round(audits.get("cumulative-layout-shift", {}).get("numericValue", 0), 3),
    }


def _med(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _fmt(value, unit=" ms") -> str:
    return "-" if value is None else f"{value:,.0f}{unit}"


def _phases(visits: dict) -> str:
    """Medians of the boot's phases, each as the time since navigation and its step from the one before."""
    parts, before = [], 0.0
    for name, _ in PHASES + (("data-ready", None),):
        at = _med(visits["game_ready"] if name == "data-ready" else [v.get(name) for v in visits["phases"]])
        if at is None:
            continue
        parts.append(f"{name} {at:,.0f} (+{at - before:,.0f})")
        before = at
    return " | ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="First and returning visits of the built site.")
    parser.add_argument("--runs", type=int, default=5, help="visits of each page per kind (default 5)")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip the Lighthouse runs")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bench-load-site-"))
    site = _site(tmp)
    server, base = serve.serve_in_thread(root=site, port=0, quiet=True, handler_base=CountingHandler)
    results: dict = {"load_average_before": _load(), "runs": args.runs}
    try:
        with sync_playwright() as p:
            launch = chromium.launch_options(p.chromium.executable_path)
            print(f"bench_load: {chromium.describe(launch)}, dist/ served compressed at {base}, "
                  f"{args.runs} runs, load average {_load()} on {os.cpu_count()} CPUs", flush=True)
            first = first_visits(p, launch, base, args.runs)
            back = returning_visits(p, launch, base, args.runs)
            results["first"], results["returning"] = first, back
            fr, fb, fp = _med(first["game_ready"]), _med(first["bare_ready"]), _med(first["game_painted"])
            rr, rb, rp = _med(back["game_ready"]), _med(back["bare_ready"]), _med(back["game_painted"])
            print(f"first visit:     board painted {_fmt(fp)} (target <= 1,000; painted by: {_by(first['painted_by'])}) | "
                  f"data-ready {_fmt(fr)} | "
                  f"bare Pyodide {_fmt(fb)} | ratio {fr / fb:.2f}")
            print(f"                 bytes sent until ready {_med(first['bytes_ready']) / 1e6:.2f} MB, "
                  f"whole visit with the offline precache {_med(first['bytes_all']) / 1e6:.2f} MB in "
                  f"{_med(first['requests_all']):.0f} requests (target <= 6 MB)")
            print(f"returning visit: board painted {_fmt(rp)} (target <= 300; painted by: {_by(back['painted_by'])}) | "
                  f"data-ready {_fmt(rr)} | "
                  f"bare Pyodide {_fmt(rb)} | ratio {rr / rb:.2f} (target <= 1.10)", flush=True)
            print(f"boot phases, ms since navigation (step): first visit {_phases(first)}")
            print(f"                                     returning visit {_phases(back)}", flush=True)
        if not args.no_lighthouse:
            executable = chromium.launch_options(None).get("executable_path") or os.environ.get("CHROME_PATH")
            for preset in ("desktop", "mobile"):
                lh = lighthouse(base + "index.html", executable, preset, tmp)
                results[f"lighthouse_{preset}"] = lh
                if lh:
                    s = lh["scores"]
                    print(f"lighthouse {preset:>7}: performance {s.get('performance')}, accessibility "
                          f"{s.get('accessibility')}, best practices {s.get('best-practices')} | FCP "
                          f"{_fmt(lh['fcp_ms'])}, LCP {_fmt(lh['lcp_ms'])}, TBT {_fmt(lh['tbt_ms'])}, "
                          f"CLS {lh['cls']}, speed index {_fmt(lh['speed_index_ms'])}", flush=True)
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(tmp, ignore_errors=True)
    results["load_average_after"] = _load()
    print(f"bench_load: load average now {results['load_average_after']}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
        print(f"bench_load: wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
