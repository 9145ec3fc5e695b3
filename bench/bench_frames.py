#!/usr/bin/env python3
"""Frame-time benchmark: how long each frame takes while the table moves.

Serves the repository with scripts/serve.py (bench/bench_tap.py's `start_server`), opens the game in
Chromium (the same choice as the tests) and records, in the page, the time between consecutive
requestAnimationFrame callbacks, plus the long animation frames the browser reports
(PerformanceObserver 'long-animation-frame', where Chromium has it), during four phases:

    deal        New game (the dialog opened, then Deal): the cards fly in from the stock (about 1 s)
    move        a few taps that move cards (slides) and draws from the stock (flips)
    finish      auto-finish, card by card, from the first move of a deal that finishes by itself
    cascade     the win celebration, from the winning move of a saved game one move from the win
                (the save record is built here with the engine, under CPython), to the win dialog
    search      a hint asked for on deal 9, which the solver's worker searches for its whole budget
                (seconds) before it shows a move it could not prove: the main thread, idle meanwhile, must
                keep every frame (the worker's own start is before the phase)

For each phase it prints the frames, the median, p95 and max frame time, and the frames over
16.7 ms (target: none), and the long animation frames (count, longest). Figures taken on a loaded
machine are not figures: the load average is printed with them.

    python bench/bench_frames.py [--size 1280x800] [--runs 1] [--json bench/out/frames.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

# run as a script, not by pytest: the repository, scripts/ and bench/ on the path
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import chromium
from bench_load import _load  # the load average, as the load benchmark prints it
from bench_tap import percentile, start_server
from canfield import Game
from canfield.save import to_save

REPO = Path(__file__).resolve().parent.parent

BUDGET_MS = 1000 / 60
SEED = "CF1-D3-AAAAACL"

RECORDER = """
(() => {
  const rec = window.__frames = {on: false, last: null, deltas: [], loaf: [], loafSupported: false};
  const tick = (t) => {
    if (rec.on) { if (rec.last !== null) rec.deltas.push(t - rec.last); rec.last = t; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    if ((PerformanceObserver.supportedEntryTypes || []).includes('long-animation-frame')) {
      rec.loafSupported = true;
      new PerformanceObserver((list) => {
        if (!rec.on) return;
        for (const e of list.getEntries()) rec.loaf.push({duration: e.duration, blocking: e.blockingDuration || 0});
      }).observe({type: 'long-animation-frame', buffered: false});
    }
  } catch (e) { rec.loafSupported = false; }
  window.__framesStart = () => { rec.on = true; rec.last = null; rec.deltas = []; rec.loaf = []; };
  window.__framesStop = () => { rec.on = false; return {deltas: rec.deltas, loaf: rec.loaf, loafSupported: rec.loafSupported}; };
})();
"""


def finishing_deal() -> str:
    """A draw-1 deal that auto-finish wins from its first draw (foundation moves and draws only)."""
    order = [r + s for s in "HSDC" for r in "789TJQKA23456"]   # each suit from the base 7 up, wrapping
    need = order[1:]
    deck = list(reversed(need[:13])) + [order[0]] + need[13:17] + list(reversed(need[17:]))
    code = "CF1-D1-" + "".join(deck)
    game = Game.from_code(code)
    assert game.finish_moves() is not None, "the benchmark's deal must finish by itself"
    return code


def one_from_the_win() -> tuple[dict, str]:
    """A save record one foundation move from the win, and the code of the card that wins."""
    game = Game.from_code(finishing_deal())
    game.play(game.tap_move("S"))
    line = game.finish_moves()
    for move in line[:-1]:
        game.play(move)
    last = line[-1]
    assert last.dst.startswith("F") and not last.is_stock
    return to_save(game), game.pile(last.src)[-1].code


def put_storage(page, base: str, items: dict[str, str]) -> None:
    """localStorage of the game's origin, written from a blank same-origin page (no game running)."""
    url = f"{base}/__bench_storage__.html"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html",
                                                body="<!doctype html><title>storage</title><link rel=icon href='data:,'>"))
    page.goto(url)
    page.unroute(url)
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)


def open_game(page, base: str, hash_: str = "") -> None:
    page.goto(f"{base}/index.html?lang=en" + (f"#{hash_}" if hash_ else ""))
    page.wait_for_selector('#game[data-ready="true"]', timeout=120_000)


def still(page) -> None:
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=60_000)


def tap_pile(page, pile: str) -> None:
    box = page.locator(f'[data-pile="{pile}"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + min(box["height"], 40) / 2)


def tap_card(page, code: str) -> None:
    box = page.locator(f'[data-card="{code}"]').bounding_box()
    page.mouse.click(box["x"] + min(12, box["width"] / 2), box["y"] + 8)


def phase_deal(page, base):
    put_storage(page, base, {})
    open_game(page, base, SEED)
    still(page)
    page.evaluate("window.__framesStart()")
    page.locator('header [data-action="new"]').click()
    page.locator('#dlg-new [data-dialog="deal"]').click()
    page.wait_for_function("() => document.getAnimations().length > 0", timeout=30_000)
    still(page)
    return page.evaluate("window.__framesStop()")


def phase_move(page, base):
    put_storage(page, base, {})
    open_game(page, base, SEED)
    game = Game.from_code(SEED)
    page.evaluate("window.__framesStart()")
    for _ in range(6):                       # moves where a tap has one, else a draw
        move = None
        for src, pile in (("W", "waste"), ("R", "reserve"), *((f"T{i}", f"tableau-{i}") for i in range(1, 5))):
            cards = game.pile(src)
            if cards and (m := game.tap_move(src, 1, True)) is not None:
                move = (m, pile, cards[-1].code)
                break
        if move is None:
            game.play(game.tap_move("S"))
            tap_pile(page, "stock")
        else:
            game.play(move[0])
            tap_card(page, move[2])
        page.wait_for_function("text => document.getElementById('description').textContent === text",
                               arg=game.describe("en"), timeout=10_000)
        still(page)
    return page.evaluate("window.__framesStop()")


def phase_finish(page, base):
    put_storage(page, base, {"canfield.settings": json.dumps({"version": 1, "auto_finish": True})})
    open_game(page, base, finishing_deal())
    page.evaluate("window.__framesStart()")
    tap_pile(page, "stock")
    page.wait_for_selector("#celebration", state="attached", timeout=60_000)
    out = page.evaluate("window.__framesStop()")
    page.keyboard.press("Escape")            # the cascade is measured in its own phase
    page.wait_for_selector("#dlg-win[open]", timeout=30_000)
    return out


def phase_cascade(page, base):
    record, winning_card = one_from_the_win()
    put_storage(page, base, {"canfield.save": json.dumps(record)})
    open_game(page, base)
    page.evaluate("window.__framesStart()")
    tap_card(page, winning_card)
    page.wait_for_selector("#dlg-win[open]", timeout=60_000)
    return page.evaluate("window.__framesStop()")


def phase_search(page, base):
    put_storage(page, base, {})
    open_game(page, base, Game.new(number=9).code)
    unknown = '#assist[data-kind="guess"]:not([hidden])'   # undecided: a move, not proved
    page.keyboard.press("h")                 # the first hint also starts the worker: not measured
    page.wait_for_selector(unknown, timeout=180_000)
    page.evaluate("window.__framesStart()")
    page.keyboard.press("h")                 # the same question again: searched again, for the whole budget
    page.wait_for_selector('#assist[data-kind="wait"]:not([hidden])', timeout=10_000)
    page.wait_for_selector(unknown, timeout=60_000)
    return page.evaluate("window.__framesStop()")


PHASES = {"deal": phase_deal, "move": phase_move, "finish": phase_finish, "cascade": phase_cascade,
          "search": phase_search}


def summary(deltas, loaf) -> dict:
    if not deltas:
        return {"frames": 0}
    return {
        "frames": len(deltas),
        "median_ms": statistics.median(deltas),
        "p95_ms": percentile(deltas, 0.95),
        "max_ms": max(deltas),
        "over_budget": sum(1 for d in deltas if d > BUDGET_MS + 0.5),   # rAF times jitter by a fraction of a ms
        "long_animation_frames": len(loaf),
        "longest_loaf_ms": max((e["duration"] for e in loaf), default=0.0),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x800", help="viewport, WIDTHxHEIGHT")
    ap.add_argument("--runs", type=int, default=1, help="each phase this many times (frames pooled)")
    ap.add_argument("--phase", choices=sorted(PHASES), action="append", help="only these phases")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    phases = args.phase or list(PHASES)

    from playwright.sync_api import sync_playwright

    server, base = start_server()
    results = {}
    loaf_supported = None
    try:
        with sync_playwright() as p:
            launch = chromium.launch_options(p.chromium.executable_path)
            browser = p.chromium.launch(**launch)
            errors = []
            print(f"bench_frames: {chromium.describe(launch)}, {width}x{height}, {args.runs} run(s) per phase, "
                  f"load average {_load()} at the start")
            # One context (so the runtime stays in the browser's caches, compiled), no service worker (it
            # would precache the whole game, 23 MB, each file hashed, during the first phase), and a tab of
            # its own for each run, closed after it: a game page merely left for the next run's storage page
            # could still write its save and snapshot after that page has set the storage.
            context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
            context.add_init_script(RECORDER)
            for name in phases:
                deltas, loaf = [], []
                for _ in range(args.runs):
                    page = context.new_page()
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    got = PHASES[name](page, base)
                    page.close()
                    deltas += got["deltas"]
                    loaf += got["loaf"]
                    loaf_supported = got["loafSupported"]
                results[name] = summary(deltas, loaf)
            browser.close()
            if errors:
                raise SystemExit(f"bench_frames: page errors: {errors}")
    finally:
        server.terminate()
        server.wait(timeout=5)

    print(f"frame budget {BUDGET_MS:.1f} ms; long-animation-frame entries "
          f"{'recorded' if loaf_supported else 'not available in this browser'}")
    print(f"{'phase':8} {'frames':>6} {'median':>8} {'p95':>8} {'max':>8} {'>16.7':>6} {'LoAF':>5} {'longest':>8}")
    for name, r in results.items():
        if not r["frames"]:
            print(f"{name:8} {0:>6}")
            continue
        print(f"{name:8} {r['frames']:>6} {r['median_ms']:>6.1f}ms {r['p95_ms']:>6.1f}ms {r['max_ms']:>6.1f}ms "
              f"{r['over_budget']:>6} {r['long_animation_frames']:>5} {r['longest_loaf_ms']:>6.1f}ms")
    over = sum(r.get("over_budget", 0) for r in results.values())
    print(f"target (no frame over {BUDGET_MS:.1f} ms): {'met' if over == 0 else f'NOT met ({over} frames over)'}; "
          f"load average {_load()} at the end")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"size": args.size, "load": _load(), "phases": results}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
