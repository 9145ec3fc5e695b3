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
                   worker installed): navigation -> board painted and -> data-ready, the worker's
                   Pyodide restoring its memory snapshot
  bare Pyodide     bench/bare.html (loadPyodide() of the same runtime, nothing else), cold and
                   warm in the same contexts: the ratio game / bare shows the game's own cost
  phone            the returning visit on an emulated phone (CPU 4x slower through the DevTools
                   protocol, 390x844, touch; its own profile): board painted, live (data-ready), and
                   when a tap on the stock, made as soon as the board is painted, shows its effect
                   (the stock's count changes); and bare
  making it here   bench/bare.html?make-memory-snapshot: the memory snapshot made in this browser
                   (a module worker: Pyodide's boot, the imports, the snapshot, Cache Storage)
  Lighthouse       (npm `lighthouse`, pinned in package.json) desktop and mobile: scores and metrics

    make dist && python bench/bench_load.py [--runs 3] [--phone-runs 3] [--no-lighthouse] [--game CODE] [--json FILE]

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
    fetch("/__bench_ready", {cache: "no-store"}).catch(() => {});
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true,
                                               attributeFilter: ["data-ready", "data-state"]});
  document.addEventListener("py:ready", () => { window.__pyReadyAt = performance.now(); });
  // a tap's effect: the stock's count shown at the tap changes (the painter keeps an early tap for Python)
  const count = () => (document.getElementById("stock-count") || {}).textContent;
  const tapped = () => {
    if (window.__tapAt !== undefined) return;
    window.__tapAt = performance.now();
    window.__tapCount = count();
    new MutationObserver((_, observer) => {
      if (count() !== window.__tapCount) { window.__tapEffectAt = performance.now(); observer.disconnect(); }
    }).observe(document, {subtree: true, childList: true, characterData: true});
  };
  addEventListener("touchstart", tapped, {capture: true, passive: true});
  addEventListener("pointerdown", tapped, {capture: true, passive: true});
})();
"""
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
CPU_SLOWDOWN = 4
# Where a game boot's time goes, beside data-ready. The worker's steps, marked on the page by
# static/boot.js from what static/pyodide-worker.mjs says: "pyodide", when the worker's Pyodide start was
# called, the bare page's counterpart being its first line; "snapshot-read", when the memory snapshot's
# bytes were read from Cache Storage and checked; "pyodide-ready", when that start (a memory snapshot's
# restore, or a plain start) was done. The page's: PyScript's runtime ready (py:ready), then the marks
# of static/page/main.py ("page": MicroPython runs the page's code; "layer": the thin layer built and
# bound, before it waits for the worker).
PHASES = (("pyodide", "canfield:pyodide"), ("snapshot-read", "canfield:memory-snapshot-read"),
          ("pyodide-ready", "canfield:pyodide-ready"), ("pyscript", "window.__pyReadyAt"), ("page", "canfield:page"),
          ("layer", "canfield:layer"))
PHASES_SCRIPT = """() => {
  const mark = (n) => (performance.getEntriesByName(n, "mark")[0] || {}).startTime ?? null;
  return {pyodide: mark("canfield:pyodide"), "snapshot-read": mark("canfield:memory-snapshot-read"),
          "pyodide-ready": mark("canfield:pyodide-ready"), pyscript: window.__pyReadyAt ?? null,
          page: mark("canfield:page"), layer: mark("canfield:layer")};
}"""


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0
        self.at_ready = None     # self.bytes when the page said it was ready (READY_PING)

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n
            self.requests += 1

    def ready(self) -> None:
        with self.lock:
            self.at_ready = self.bytes

    def read(self) -> tuple[int, int]:
        with self.lock:
            return self.bytes, self.requests


COUNTER = Counter()


# The page's request at data-ready (MARKER_SCRIPT): the bytes sent until then are counted by the server
# at that moment, not when the benchmark next asks (the service worker starts its precache at ready, the
# memory snapshot's 4 MB among it: read a little later, they would count as the first visit's way to ready).
READY_PING = "/__bench_ready"


class CountingHandler(serve.Handler):
    def do_GET(self):
        if self.path.split("?")[0].endswith(READY_PING):
            COUNTER.ready()
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()

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


def visit(context, url: str, slowdown: int = 1, tap: tuple[float, float] | None = None) -> dict:
    """One navigation in a new tab: ms to board painted and to ready (since navigation start).
    slowdown: the CPU made that many times slower (DevTools protocol) from before the navigation;
    tap: touch these page coordinates as soon as the board is painted, and time its effect."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        if slowdown != 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        tapped = None
        if tap:
            page.wait_for_function("performance.getEntriesByName('canfield-painted').length > 0 || "
                                   "window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=10)
            page.touchscreen.tap(*tap)
            page.wait_for_function("window.__tapEffectAt !== undefined", timeout=TIMEOUT_MS, polling=50)
            tapped = page.evaluate("[window.__tapAt, window.__tapEffectAt]")
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
        snapshot = page.evaluate("(performance.getEntriesByName('canfield:memory-snapshot')[0] || {}).detail || null")
        return {"page": page, "ready": ready, "painted": painted, "by": by, "phases": page.evaluate(PHASES_SCRIPT),
                "tap": tapped, "memory_snapshot": snapshot}
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
                COUNTER.at_ready = None
                r = visit(context, base + ("index.html" if which == "game" else "bench/bare.html"))
                if which == "game":
                    out["game_ready"].append(r["ready"])
                    out["game_painted"].append(r["painted"])
                    out["phases"].append(r["phases"])
                    out["painted_by"].append(r["by"])
                    wait_for_precache(r["page"])
                    if COUNTER.at_ready is None:
                        raise SystemExit("bench_load: the page's ready request never reached the server")
                    out["bytes_ready"].append(COUNTER.at_ready - before)
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


KINDS = (("game", "index.html"), ("bare", "bench/bare.html"))
GAME = ""      # --game CODE: the returning visits resume a game of that deal (another rule set's table)


def _setup_returning(context, base: str) -> dict:
    """One visit, its service worker's precache (the memory snapshot included) and one move; returns the
    stock's place on the page (for the phone's tap)."""
    r = visit(context, base + "index.html" + ("#" + GAME if GAME else ""))   # --game: the saved game is that deal
    wait_for_precache(r["page"])
    r["page"].click('[data-pile="stock"]')       # a move: from now on there is a saved game
    r["page"].wait_for_function("() => (localStorage.getItem('canfield.save') || '').includes('\"S\"')",
                                timeout=TIMEOUT_MS)
    # and the board kept for the next visit (written shortly after the drawing)
    r["page"].wait_for_function("""() => { const t = localStorage.getItem('canfield.snapshot');
        return !!t && JSON.parse(t).save === window.canfieldPaint.hash(localStorage.getItem('canfield.save')); }""",
                                timeout=TIMEOUT_MS)
    box = r["page"].locator('[data-pile="stock"]').bounding_box()
    stored = r["page"].evaluate("[localStorage.getItem('canfield.save'), localStorage.getItem('canfield.snapshot')]")
    r["page"].close()
    visit(context, base + "bench/bare.html")["page"].close()   # its files in the HTTP cache too
    return {"stock": (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2), "stored": stored}


def returning_visits(p, launch, base: str, runs: int, phone: bool = False) -> dict:
    out = {k: [] for k in ("game_ready", "game_painted", "painted_by", "bare_ready", "phases", "game_tap",
                           "snapshot_used")}
    profile = tempfile.mkdtemp(prefix="bench-load-")
    context = p.chromium.launch_persistent_context(profile, **launch, **(PHONE if phone else {}))
    try:
        context.add_init_script(MARKER_SCRIPT)
        setup = _setup_returning(context, base)
        if phone:
            # every visit resumes the same saved game (a tap is a move: the next visit would resume that one)
            context.add_init_script("(([save, board]) => { try { localStorage.setItem('canfield.save', save); "
                                    "localStorage.setItem('canfield.snapshot', board); } catch (e) {} })"
                                    f"({json.dumps(setup['stored'])})")
        for i in range(runs):
            kinds = KINDS[i % 2:] + KINDS[:i % 2]       # each kind first in turn
            for kind, path in kinds:
                tap = setup["stock"] if phone and kind != "bare" else None
                r = visit(context, base + path, slowdown=CPU_SLOWDOWN if phone else 1, tap=tap)
                if kind == "bare":
                    out["bare_ready"].append(r["ready"])
                else:
                    out["game_ready"].append(r["ready"])
                    out["game_painted"].append(r["painted"])
                    out["phases"].append(r["phases"])
                    out["game_tap"].append(r["tap"])
                    out["painted_by"].append(r["by"])
                    out["snapshot_used"].append(r["memory_snapshot"])
                r["page"].close()
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    return out


def make_in_browser(p, launch, base: str) -> dict:
    """The memory snapshot made in this browser's module worker (bench/bare.js), from a warm HTTP cache."""
    browser = p.chromium.launch(**launch)
    try:
        context = browser.new_context()
        page = context.new_page()
        out = []
        for _ in range(2):   # the first fills the HTTP cache: the second is a returning player's case
            page.goto(base + "bench/bare.html?make-memory-snapshot", timeout=TIMEOUT_MS)
            page.wait_for_function("document.getElementById('bare').dataset.ready !== 'false'", timeout=TIMEOUT_MS)
            out.append(json.loads(page.inner_text("#bare")))
        context.close()
        return out[-1]
    finally:
        browser.close()


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
    phases = visits["phases"]
    for name, _ in PHASES + (("data-ready", None),):
        at = _med(visits["game_ready"] if name == "data-ready" else [v.get(name) for v in phases])
        if at is None:
            continue
        parts.append(f"{name} {at:,.0f} (+{at - before:,.0f})")
        before = at
    return " | ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="First and returning visits of the built site.")
    parser.add_argument("--runs", type=int, default=3, help="desktop visits of each page per kind (default 3)")
    parser.add_argument("--phone-runs", type=int, default=3, help="phone visits of each page per kind (default 3; 0: none)")
    parser.add_argument("--no-make", action="store_true", help="skip making the memory snapshot in the browser")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip the Lighthouse runs")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--game", default="", help="a deal code: the returning visits resume a game of it "
                                                    "(GT1-D1-AAAAAAH: a table of several reserves)")
    args = parser.parse_args(argv)
    global GAME
    GAME = args.game

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
                  f"data-ready {_fmt(rr)} (memory snapshot: {_by(back['snapshot_used'])}) | "
                  f"bare Pyodide {_fmt(rb)} | ratio {rr / rb:.2f} (target <= 1.00)", flush=True)
            print(f"boot phases, ms since navigation (step): first visit {_phases(first)}")
            print(f"                                  returning visit {_phases(back)}", flush=True)
            if args.phone_runs:
                phone = returning_visits(p, launch, base, args.phone_runs, phone=True)
                results["phone"] = phone
                taps = [t for t in phone["game_tap"] if t]
                ready = _med(phone["game_ready"])
                print(f"phone (CPU {CPU_SLOWDOWN}x), game:         board painted {_fmt(_med(phone['game_painted']))} | "
                      f"live {_fmt(ready)}, x{ready / _med(phone['bare_ready']):.2f} bare (target <= 1.00) | "
                      f"tap made at {_fmt(_med([t[0] for t in taps]))} shows its effect at "
                      f"{_fmt(_med([t[1] for t in taps]))} (target <= 2,500)", flush=True)
                print(f"phone (CPU {CPU_SLOWDOWN}x), bare Pyodide: live {_fmt(_med(phone['bare_ready']))}; memory snapshot "
                      f"used: {_by(phone['snapshot_used'])}")
                print(f"phone boot phases {_phases(phone)}", flush=True)
            if not args.no_make:
                made = make_in_browser(p, launch, base)
                results["made_in_browser"] = made
                print(f"memory snapshot made in the browser (module worker, warm HTTP cache): {_fmt(made['total'])} "
                      f"(Pyodide's boot {_fmt(made['boot'])}, imports {_fmt(made['imports'])}, snapshot "
                      f"{_fmt(made['snapshot'])}, Cache Storage {_fmt(made['store'])}), {made['size'] / 1e6:.1f} MB, "
                      f"heap grew: {made['heapGrew']}", flush=True)
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
