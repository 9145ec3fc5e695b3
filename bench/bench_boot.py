#!/usr/bin/env python3
"""Boot benchmark: time from navigation to the game's ready marker, beside a bare Pyodide boot.

Serves the repository with scripts/serve.py and drives Chromium (the same choice
as the tests: Playwright's own, else /usr/bin/chromium). For each run it loads

    index.html      until #game[data-ready="true"]  (the deal on screen, input live)
    bench/bare.html until #bare[data-ready="true"]  (only loadPyodide() of the same vendored runtime)

alternating the two, and reports medians and the ratio game / bare (target: <= 1.25),
and the minimums (less sensitive to other work on the machine; the load average is printed).
The time is taken inside the page: performance.now() (zero = navigation start) when
the marker appears, seen by a MutationObserver installed before any page script.

Two modes:
  cold  a fresh private context per load: every file fetched, the wasm compiled (a first visit)
  warm  one persistent profile, after one warm-up load of each page: files from the HTTP
        cache, revalidated (a returning visit)

    python bench/bench_boot.py [--runs 7] [--mode both|cold|warm] [--json bench/out/boot.json] [-v]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))  # run as a script, not by pytest
import chromium

REPO = Path(__file__).resolve().parent.parent

PAGES = {
    "game": ("index.html", '#game[data-ready="true"]'),
    "bare": ("bench/bare.html", '#bare[data-ready="true"]'),
}
TIMEOUT_MS = 120_000

# Installed before any page script: records when an element gets data-ready="true"
# (or "error", to fail fast), in ms since navigation start.
MARKER_SCRIPT = """
(() => {
  const seen = () => {
    const el = document.querySelector('[data-ready="true"], [data-ready="error"], #boot[data-state="error"]');
    if (!el || window.__readyAt !== undefined) return;
    window.__readyAt = performance.now();
    window.__readyState = el.dataset.ready === "true" ? "ready" : "error";
  };
  // PyScript's interpreter is up (fires before the page's Python runs); absent on the bare page
  document.addEventListener("py:ready", () => { if (window.__pyReadyAt === undefined) window.__pyReadyAt = performance.now(); }, true);
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true,
                                               attributeFilter: ["data-ready", "data-state"]});
})();
"""


def start_server() -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [sys.executable, str(REPO / "scripts" / "serve.py"), "--port", "0", "--quiet", "--exit-with-parent"],
        stdout=subprocess.PIPE, text=True,
    )
    line = proc.stdout.readline()
    if " at http://" not in line:
        proc.kill()
        raise SystemExit(f"bench_boot: scripts/serve.py did not start: {line!r}")
    return proc, line.rsplit(" at ", 1)[1].strip()


PHASES_SCRIPT = """() => {
  const end = re => Math.max(0, ...performance.getEntriesByType("resource")
      .filter(e => re.test(e.name)).map(e => e.responseEnd));
  return {wasm: end(/pyodide\\.asm\\.wasm$/), py_files: end(/\\.py$/), py_ready: window.__pyReadyAt ?? null,
          ready: window.__readyAt};
}"""


def load(context, base: str, which: str, phases: list | None = None) -> float:
    """One navigation in a new tab; returns ms from navigation start to the ready marker."""
    path, selector = PAGES[which]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(base + path, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=50)
        state, ready_at = page.evaluate("[window.__readyState, window.__readyAt]")
        if state != "ready" or not page.locator(selector).count():
            raise SystemExit(f"bench_boot: {path} reported a start-up error: {errors}")
        if phases is not None:
            phases.append(page.evaluate(PHASES_SCRIPT))
        return ready_at
    finally:
        page.close()


def run_mode(p, launch: dict, base: str, mode: str, runs: int, verbose: bool,
             phases: dict[str, list] | None = None) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"game": [], "bare": []}
    phases = {"game": [], "bare": []} if phases is None else phases
    if mode == "cold":
        browser = p.chromium.launch(**launch)
        new_context = browser.new_context
        closer = browser.close
        shared = None
    else:
        profile = tempfile.mkdtemp(prefix="bench-boot-")
        shared = p.chromium.launch_persistent_context(profile, **launch)
        shared.add_init_script(MARKER_SCRIPT)
        closer = shared.close
        for which in PAGES:  # warm-up: fill the HTTP cache (and the wasm code cache)
            load(shared, base, which)
    try:
        for i in range(runs):
            order = ("game", "bare") if i % 2 == 0 else ("bare", "game")  # alternate who goes first
            for which in order:
                if shared is None:
                    context = new_context()
                    context.add_init_script(MARKER_SCRIPT)
                    ms = load(context, base, which, phases[which])
                    context.close()
                else:
                    ms = load(shared, base, which, phases[which])
                times[which].append(ms)
                if verbose:
                    print(f"  {mode} run {i + 1}: {which} {ms:7.0f} ms", flush=True)
    finally:
        closer()
    return times


def _median_phase(entries: list[dict], key: str) -> int | None:
    values = [e[key] for e in entries if e.get(key)]
    return round(statistics.median(values)) if values else None


def summarize(mode: str, times: dict[str, list[float]], phases: dict[str, list]) -> dict:
    game, bare = statistics.median(times["game"]), statistics.median(times["bare"])
    return {
        "phases_median_ms": {
            which: {key: _median_phase(entries, key) for key in ("wasm", "py_ready", "py_files", "ready")}
            for which, entries in phases.items()
        },
        "mode": mode,
        "runs": len(times["game"]),
        "game_median_ms": round(game),
        "bare_median_ms": round(bare),
        "ratio": round(game / bare, 3),
        "game_min_ms": round(min(times["game"])),
        "bare_min_ms": round(min(times["bare"])),
        "ratio_of_mins": round(min(times["game"]) / min(times["bare"]), 3),
        "game_ms": [round(t) for t in times["game"]],
        "bare_ms": [round(t) for t in times["bare"]],
    }


def _load() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot time of the game vs a bare Pyodide boot.")
    parser.add_argument("--runs", type=int, default=7, help="loads of each page per mode (default 7)")
    parser.add_argument("--mode", choices=("both", "cold", "warm"), default="both")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every run")
    args = parser.parse_args(argv)
    if not (REPO / "static" / "vendor" / "manifest.json").is_file():
        print("bench_boot: static/vendor is not built; run `make vendor` first", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    server, base = start_server()
    results = []
    try:
        with sync_playwright() as p:
            launch = chromium.launch_options(p.chromium.executable_path)
            manifest = json.loads((REPO / "static" / "vendor" / "manifest.json").read_text())
            print(f"bench_boot: {chromium.describe(launch)}, pyodide {manifest['pyodide']}, "
                  f"@pyscript/core {manifest['pyscript']}, {args.runs} runs per page and mode, served at {base}, "
                  f"load average {_load()} on {os.cpu_count()} CPUs")
            for mode in (("cold", "warm") if args.mode == "both" else (args.mode,)):
                started = time.perf_counter()
                phases: dict[str, list] = {"game": [], "bare": []}
                times = run_mode(p, launch, base, mode, args.runs, args.verbose, phases)
                results.append(summarize(mode, times, phases))
                r = results[-1]
                print(f"{mode:>4}: game (index.html to data-ready) median {r['game_median_ms']:5d} ms | "
                      f"bare Pyodide median {r['bare_median_ms']:5d} ms | ratio {r['ratio']:.2f} "
                      f"(target <= 1.25)  [{time.perf_counter() - started:.0f} s]", flush=True)
                print(f"      minimums: game {r['game_min_ms']} ms | bare {r['bare_min_ms']} ms | "
                      f"ratio {r['ratio_of_mins']:.2f}   (load average now {_load()})", flush=True)
                g, b = r["phases_median_ms"]["game"], r["phases_median_ms"]["bare"]
                print(f"      medians since navigation: game: wasm fetched {g['wasm']} ms, PyScript py:ready "
                      f"{g['py_ready']} ms, last .py fetched {g['py_files']} ms, data-ready {g['ready']} ms | "
                      f"bare: wasm fetched {b['wasm']} ms, ready {b['ready']} ms", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=5)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
        print(f"bench_boot: wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
