#!/usr/bin/env python3
"""The thin layer's prototype (issue 33), measured: bench/thin/ against the targets of the two-sided page.

Serves the repository with scripts/serve.py's handler, without the cross-origin isolation headers (the
prototype must work where a static host sends none: no SharedArrayBuffer) and counting the bytes sent,
and drives Chromium (the tests' choice: Playwright's own, else /usr/bin/chromium) on two profiles:

    phone    390x844, touch, device scale 3, the page's CPU slowed 4x (Emulation.setCPUThrottlingRate;
             it does not reach workers, so the Pyodide worker runs at full speed on both profiles)
    desktop  1280x800

Each run takes a fresh browser profile (first visit: nothing cached, no stored view), then a second visit
in the same profile (returning: HTTP cache, the wasm's compiled code, the last view in localStorage), of

    bench/thin/index.html        paint.js's board, MicroPython's thin layer, the engine in a Pyodide worker
    bench/thin/direct.html       (with --pages thin,direct) the same painted board and thin layer, with
                                 MicroPython started by a small module without PyScript and the engine in
                                 a plain module worker: what PyScript itself costs
    bench/thin/bare_worker.html  only Pyodide booted in a module worker (the comparison)

and reports, in ms from navigation: the board painted (paint.js's mark), the MicroPython layer live
(thin_main.py's mark: listening, cards adopted), the worker ready (`await workers["engine"]` answered),
ready (the worker's first view applied); the main thread's long tasks from navigation to 2 s after ready
(the sum of each task's time over 50 ms, and the longest); the bytes sent until ready (as served, and an
estimate gzipped at level 6 as a compressing host sends them); then, on the returning visit's page:

    taps      pointerdown on the stock until the board's DOM changes (the waste gets its cards), the
              round trip through the worker, N taps (median)
    long      the position after 170 moves of the solver's winning line of CF1-D3-AAAAACL (computed by
              the engine in the worker): MicroPython's apply (JSON parse, diff keyed by card, DOM writes),
              and the same view built from nothing (52 new card elements)

It prints min / median / max over the runs and the load average; it asserts no timing.

    python bench/bench_thin.py [--runs 3] [--taps 20] [--profiles phone,desktop] [--pages thin,direct]
                               [--json bench/out/thin.json] [-v]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))  # run as a script, not by pytest
sys.path.insert(0, str(REPO / "bench" / "thin"))
sys.path.insert(0, str(REPO))
import chromium  # noqa: E402
import serve  # noqa: E402

TIMEOUT_MS = 120_000
CODE = "CF1-D3-AAAAACL"
LONG_MOVES = 170
PROFILES = {
    "phone": ({"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
               "has_touch": True}, 4),
    "desktop": ({"viewport": {"width": 1280, "height": 800}}, 1),
}
READY_PING = "/__thin_ready"
PAGES = {
    "thin": "bench/thin/index.html",          # the design: PyScript's mpy on the page, a PyScript named Pyodide worker
    "direct": "bench/thin/direct.html",       # the comparison: MicroPython and a plain Pyodide worker, no PyScript
    "bare": "bench/thin/bare_worker.html",    # only Pyodide booted in a module worker
}

# Before any page script: long tasks, the ready marker (which pings the server: the bytes until ready are
# counted there), and each trusted pointerdown's round trip to the board's first DOM change.
INIT_SCRIPT = """
(() => {
  window.__long = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); })
      .observe({type: "longtask", buffered: true});
  } catch (e) { window.__long = null; }
  const seen = () => {
    const el = document.querySelector('[data-ready="true"], [data-ready="error"]');
    if (!el || window.__readyAt !== undefined) return;
    window.__readyAt = performance.now();
    window.__readyState = el.dataset.ready;
    fetch("%s?" + Date.now()).catch(() => {});
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true,
                                               attributeFilter: ["data-ready"]});
  // PyScript's MicroPython is up (before the page's script runs: the pyscript package imported)
  document.addEventListener("mpy:ready", () => { if (window.__mpyReadyAt === undefined) window.__mpyReadyAt = performance.now(); }, true);
  window.__taps = [];
  document.addEventListener("pointerdown", (e) => {
    if (!e.isTrusted) return;
    const t0 = e.timeStamp, board = document.getElementById("board");
    if (!board) return;
    const mo = new MutationObserver(() => {
      mo.disconnect();
      const t1 = performance.now();
      requestAnimationFrame(() => window.__taps.push([t0, t1, performance.now()]));
    });
    mo.observe(board, {subtree: true, childList: true, attributes: true, characterData: true});
  }, {capture: true});
})();
""" % READY_PING


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.sent, self.at_ready = [], None

    def add(self, path, size):
        with self.lock:
            self.sent.append((path, size))

    def ready(self):
        with self.lock:
            self.at_ready = list(self.sent)


COUNTER = Counter()
_GZIP: dict[tuple[str, int], int] = {}


def gzip_size(path: str, size: int) -> int:
    """The file's size gzipped at level 6 (what a compressing host would send); its own size if unknown."""
    key = (path, size)
    if key not in _GZIP:
        local = REPO / path.split("?", 1)[0].lstrip("/")
        try:
            data = local.read_bytes()
            squeeze = zlib.compressobj(6, zlib.DEFLATED, 31)
            _GZIP[key] = min(size, len(squeeze.compress(data) + squeeze.flush())) if len(data) == size else size
        except OSError:
            _GZIP[key] = size
    return _GZIP[key]


BROTLI_CACHE = REPO / "bench" / "out" / "thin-brotli-sizes.json"
BROTLI_JS = """
const fs = require("fs"), zlib = require("zlib");
const out = {};
for (const f of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const data = fs.readFileSync(f);
  out[f] = zlib.brotliCompressSync(data, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                                                   [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length}}).length;
}
process.stdout.write(JSON.stringify(out));
"""


def brotli_sizes(paths) -> dict[str, int]:
    """Each served file's size with brotli at its best quality, as `make dist` precompresses it (Node's zlib;
    cached by content in bench/out/: the 9.6 MB wasm takes a while)."""
    import hashlib
    import subprocess

    try:
        cache = json.loads(BROTLI_CACHE.read_text())
    except (OSError, ValueError):
        cache = {}
    out, todo = {}, {}
    for path in set(paths):
        local = REPO / path.split("?", 1)[0].lstrip("/")
        if not local.is_file():
            continue
        key = hashlib.sha256(local.read_bytes()).hexdigest()
        if key in cache:
            out[path] = cache[key]
        else:
            todo[str(local)] = (path, key)
    if todo:
        done = subprocess.run(["node", "-e", BROTLI_JS], input=json.dumps(list(todo)), capture_output=True,
                              text=True, timeout=900, check=True)
        for local, size in json.loads(done.stdout).items():
            path, key = todo[local]
            cache[key] = out[path] = size
        BROTLI_CACHE.parent.mkdir(parents=True, exist_ok=True)
        BROTLI_CACHE.write_text(json.dumps(cache))
    return out


class Handler(serve.Handler):
    """scripts/serve.py's handler without the cross-origin isolation headers, counting what it sends."""

    isolated = False

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
        COUNTER.add(self.path, sent)


def write_first_view() -> None:
    """bench/thin/first_view.js: the first visit's painted board, the worker's own view of the deal."""
    import engine_worker
    from canfield import Game

    view = json.dumps(engine_worker.view_of(Game.from_code(CODE)), separators=(",", ":"))
    text = ("// Written by bench/bench_thin.py (bench/thin/engine_worker.py's view of " + CODE + "): the first "
            "visit's painted board.\nwindow.THIN_FIRST_VIEW = " + view + ";\n")
    target = REPO / "bench" / "thin" / "first_view.js"
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def visit(context, base: str, path: str, slowdown: int, settle_ms: int = 2000):
    """One navigation in a new tab of `context`; returns (page, figures). The page stays open."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    if slowdown > 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    COUNTER.reset()
    page.goto(base + path + "#" + CODE, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=50)
    if page.evaluate("window.__readyState") != "true":
        raise SystemExit(f"bench_thin: {path} failed to start: {errors}")
    page.wait_for_timeout(settle_ms)
    figures = page.evaluate(r"""() => {
      const mark = (n) => { const m = performance.getEntriesByName(n, "mark")[0]; return m ? m.startTime : null; };
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      const ready = window.__readyAt;
      const long = (window.__long || []).filter(([s]) => s <= ready + 2000);
      const end = (re) => Math.max(0, ...performance.getEntriesByType("resource").filter((e) => re.test(e.name)).map((e) => e.responseEnd));
      return {painted: mark("thin-painted"), fcp: fcp ? fcp.startTime : null, core_js: end(/pyscript\/core[^/]*\.js$/),
              mpy_wasm: end(/micropython\.wasm$/), mpy_ready: window.__mpyReadyAt ?? null, mpy_start: mark("thin-mpy-start"),
              live: mark("thin-live"), worker: mark("thin-worker-ready"), ready,
              w_start: mark("direct-worker-start"), w_pyodide: mark("direct-worker-pyodide"),
              w_unpacked: mark("direct-worker-unpacked"), w_imported: mark("direct-worker-imported"),
              long_excess: long.reduce((a, [, d]) => a + Math.max(0, d - 50), 0),
              long_max: long.reduce((a, [, d]) => Math.max(a, d), 0), long_count: long.length,
              long_observed: window.__long !== null,
              painted_from: document.getElementById("game") ? document.getElementById("game").dataset.painted : null};
    }""")
    sent = COUNTER.at_ready or []
    figures["bytes"] = sum(n for _, n in sent)
    figures["bytes_gzip"] = sum(gzip_size(p, n) for p, n in sent)
    figures["requests"] = len(sent)
    figures["sent"] = sent
    figures["errors"] = errors
    return page, figures


def taps(page, n: int, touch: bool, stock: str = '.slot[data-pile="stock"]', pause_ms: int = 60) -> list[list[float]]:
    """n taps on the stock (`stock`: its selector), each waited for; the round trips [pointerdown to the
    board's DOM change, to the next frame after it] (bench/bench_tap.py's two figures for today's page)."""
    done = page.evaluate("window.__taps.length")
    for i in range(n):
        box = page.locator(stock).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 3
        if touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        page.wait_for_function("n => window.__taps.length > n", arg=done + i, timeout=30_000)
        page.wait_for_timeout(pause_ms)
    return [[t1 - t0, t2 - t0] for t0, t1, t2 in page.evaluate("window.__taps")[done:]]


def long_game(page) -> dict:
    """The long game's view applied, then built from nothing; MicroPython's times and the long tasks."""
    def wait_apply(since: int, cards_at_least: int) -> list:
        page.wait_for_function(
            "([since, least]) => window.thinEvents.slice(since).some(e => e[0] === 'apply' && e[3] >= least)",
            arg=[since, cards_at_least], timeout=60_000)
        return next(e for e in page.evaluate("window.thinEvents")[since:] if e[0] == "apply" and e[3] >= cards_at_least)

    out = {}
    for kind, call, least in (("apply", f"thinLongGame({LONG_MOVES})", 40), ("build", "thinRebuild()", 52)):
        since = page.evaluate("window.thinEvents.length")
        t_call = page.evaluate(f"(() => {{ const t = performance.now(); {call}; return t; }})()")
        event = wait_apply(since, least)
        page.wait_for_timeout(300)
        long = page.evaluate("t => (window.__long || []).filter(([s, d]) => s + d >= t)", event[1] - 1)
        out[kind] = {"ms": event[2] - event[1], "cards": event[3], "call_to_applied": event[2] - t_call,
                     "long_max": max((d for _, d in long), default=0)}
    out["moves"] = page.inner_text("#count-moves")
    return out


def stats(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return (min(values), statistics.median(values), max(values))


def fmt(triple, unit="ms", scale=1.0, digits=0):
    if triple is None:
        return "n/a"
    lo, med, hi = (v / scale for v in triple)
    return f"{med:,.{digits}f} {unit} ({lo:,.{digits}f}-{hi:,.{digits}f})"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="fresh profiles per profile kind (default 3)")
    ap.add_argument("--taps", type=int, default=20, help="taps on the stock per run (default 20)")
    ap.add_argument("--profiles", default="phone,desktop")
    ap.add_argument("--pages", default="thin", help="thin, direct or thin,direct (the bare worker always)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if not (REPO / "static" / "vendor" / "micropython" / "micropython.mjs").is_file():
        print("bench_thin: static/vendor is not built with MicroPython; run `make vendor` first", file=sys.stderr)
        return 1
    write_first_view()
    from playwright.sync_api import sync_playwright

    server, base = serve.serve_in_thread(port=0, quiet=True, handler_base=Handler)
    manifest = json.loads((REPO / "static" / "vendor" / "manifest.json").read_text())
    results: dict = {"load_start": loadavg(), "cpus": os.cpu_count(), "profiles": {}}
    try:
        with sync_playwright() as p:
            launch = chromium.launch_options(p.chromium.executable_path)
            print(f"bench_thin: {chromium.describe(launch)}, pyodide {manifest['pyodide']}, @pyscript/core "
                  f"{manifest['pyscript']}, micropython {manifest.get('micropython')}, {args.runs} runs, "
                  f"served at {base} (no cross-origin isolation), load average {loadavg()} on {os.cpu_count()} CPUs",
                  flush=True)
            for name in args.profiles.split(","):
                options, slowdown = PROFILES[name]
                kinds = [k for k in args.pages.split(",") if k != "bare"] + ["bare"]
                rows = {f"{k}_{v}": [] for k in kinds for v in ("first", "return")}
                tap_ms: dict[str, list[list[float]]] = {k: [] for k in kinds}
                longs: dict[str, list[dict]] = {k: [] for k in kinds}
                started = time.perf_counter()
                for run in range(args.runs):
                    for page_kind in kinds:
                        path = PAGES[page_kind]
                        with tempfile.TemporaryDirectory(prefix="bench-thin-") as profile:
                            ctx = p.chromium.launch_persistent_context(profile, **launch, **options)
                            ctx.add_init_script(INIT_SCRIPT)
                            try:
                                for visit_kind in ("first", "return"):
                                    page, fig = visit(ctx, base, path, slowdown)
                                    rows[f"{page_kind}_{visit_kind}"].append(fig)
                                    if args.verbose:
                                        print(f"  {name} run {run + 1} {page_kind} {visit_kind}: "
                                              + json.dumps({k: (round(v) if isinstance(v, float) else v)
                                                            for k, v in fig.items() if k != "sent"}), flush=True)
                                    if page_kind != "bare" and visit_kind == "return":
                                        tap_ms[page_kind] += taps(page, args.taps, touch=name == "phone")
                                        longs[page_kind].append(long_game(page))
                                        if args.verbose:
                                            print(f"  {name} run {run + 1} {page_kind} long game: "
                                                  f"{json.dumps(longs[page_kind][-1])}", flush=True)
                                    page.close()
                            finally:
                                ctx.close()
                sizes = brotli_sizes(path for v in rows.values() for f in v for path, _ in f["sent"])
                for v in rows.values():
                    for f in v:
                        f["bytes_br"] = sum(sizes.get(path, n) for path, n in f["sent"])
                r = {k: {key: stats([f[key] for f in v]) for key in ("painted", "fcp", "core_js", "mpy_wasm", "mpy_ready",
                                                                     "mpy_start", "live", "worker", "ready", "long_excess",
                                                                     "long_max", "bytes", "bytes_gzip", "bytes_br",
                                                                     "w_start", "w_pyodide", "w_unpacked", "w_imported")}
                     for k, v in rows.items()}
                for k in kinds[:-1]:
                    r[f"{k}_taps"] = stats([t[0] for t in tap_ms[k]])
                    r[f"{k}_taps_frame"] = stats([t[1] for t in tap_ms[k]])
                    r[f"{k}_tap_ms"] = tap_ms[k]
                    r[f"{k}_long_apply"] = stats([x["apply"]["ms"] for x in longs[k]])
                    r[f"{k}_long_apply_long_max"] = stats([x["apply"]["long_max"] for x in longs[k]])
                    r[f"{k}_long_build"] = stats([x["build"]["ms"] for x in longs[k]])
                    r[f"{k}_long_build_long_max"] = stats([x["build"]["long_max"] for x in longs[k]])
                    r[f"{k}_long_worker_round_trip"] = stats([x["apply"]["call_to_applied"] for x in longs[k]])
                    r[f"{k}_long_cards"] = [x["apply"]["cards"] for x in longs[k]]
                r["load"] = loadavg()
                r["raw"] = {"rows": rows, "long": longs}
                results["profiles"][name] = r
                print(f"\n{name} (CPU x{slowdown} on the page's thread), {args.runs} runs "
                      f"[{time.perf_counter() - started:.0f} s], load average now {r['load']}: median (min-max)")
                for page_kind, kind in ((k, v) for k in kinds[:-1] for v in ("first", "return")):
                    t, b = r[f"{page_kind}_{kind}"], r[f"bare_{kind}"]
                    print(f"  {page_kind}, {kind:6} visit: painted {fmt(t['painted'])} | MicroPython live {fmt(t['live'])} | "
                          f"worker ready {fmt(t['worker'])} | first view applied {fmt(t['ready'])}")
                    print(f"                bare Pyodide in a worker ready {fmt(b['ready'])}")
                    if t["w_start"] is not None:
                        print(f"                the plain worker: started {fmt(t['w_start'])}, Pyodide booted "
                              f"{fmt(t['w_pyodide'])}, game.zip unpacked {fmt(t['w_unpacked'])}, engine imported "
                              f"{fmt(t['w_imported'])}")
                    print(f"                main-thread long tasks, sum over 50 ms: {fmt(t['long_excess'])}, "
                          f"longest {fmt(t['long_max'])}")
                    print(f"                PyScript's core.js fetched {fmt(t['core_js'])}, micropython.wasm fetched "
                          f"{fmt(t['mpy_wasm'])}, mpy:ready {fmt(t['mpy_ready'])}, thin_main.py's first line {fmt(t['mpy_start'])}")
                    print(f"                bytes until ready: {fmt(t['bytes'], 'MB', 1e6, 2)} as served, "
                          f"{fmt(t['bytes_br'], 'MB', 1e6, 2)} with brotli, {fmt(t['bytes_gzip'], 'MB', 1e6, 2)} gzipped "
                          f"(bare: {fmt(b['bytes_br'], 'MB', 1e6, 2)} with brotli)")
                for k in kinds[:-1]:
                    print(f"  {k}: tap on the stock -> DOM via the worker: {fmt(r[f'{k}_taps'], digits=1)}, "
                          f"-> the next frame {fmt(r[f'{k}_taps_frame'], digits=1)}, over {len(tap_ms[k])} taps")
                    print(f"  {k}: long game ({LONG_MOVES} moves, {r[f'{k}_long_cards']} cards changed): MicroPython's "
                          f"apply {fmt(r[f'{k}_long_apply'], digits=1)}, longest task around it "
                          f"{fmt(r[f'{k}_long_apply_long_max'])}; engine call to applied "
                          f"{fmt(r[f'{k}_long_worker_round_trip'])}")
                    print(f"  {k}: the same view built from nothing (52 elements): {fmt(r[f'{k}_long_build'], digits=1)}, "
                          f"longest task around it {fmt(r[f'{k}_long_build_long_max'])}", flush=True)
    finally:
        server.shutdown()
    finish(results, args.json, "bench_thin")
    return 0


def finish(results: dict, path: Path | None, name: str) -> None:
    """The load average at the end beside the start's (above 1.5: said preliminary), and the JSON file."""
    results["load_end"] = loadavg()
    print(f"\nload average at the start {results['load_start']}, at the end {results['load_end']}"
          + (" (above 1.5: preliminary figures)" if max(float(results["load_start"].split()[0]),
                                                      float(results["load_end"].split()[0])) > 1.5 else ""))
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(results, indent=1) + "\n")
        print(f"{name}: wrote {path}")


if __name__ == "__main__":
    sys.exit(main())
