"""The solver's searches in slices (issue 13, item 3): the sliced tasks give the one-shot calls'
answers, respect their slices, stop when cancelled, and the page's worker drives them without a
search loop of its own."""

import ast
import asyncio
import datetime
import json
import random
import sys
import threading
from pathlib import Path

import pytest

from canfield import Game
from canfield.deal import shuffled_deck
from canfield.save import to_save
from canfield.solver import (
    LOST, WON, DailySearch, HintSearch, LastWinnable, Solver, WinnableSearch, daily_number, daily_start, find_winnable,
    last_winnable, solve,
)

REPO = Path(__file__).resolve().parent.parent
WORKER = REPO / "static" / "worker" / "solver_worker.py"


def deal(number, draw=3, rules="canfield"):
    return Game(shuffled_deck(number), draw, rules, number)


def stepped(task, nodes):
    """Run `task` a slice of `nodes` at a time; the number of slices taken."""
    slices = 0
    while not task.step(nodes):
        slices += 1
        assert slices < 100_000
    return slices + 1


def lost_classic_position():
    """Deal 5 (classic, won from the deal) played at random until the solver proves it lost."""
    g = deal(5, 3, "classic")
    rng = random.Random(5)
    while solve(g, max_nodes=5000).verdict != LOST:
        g.play(rng.choice(g.legal_moves()))
    return g


# ---- the sliced tasks answer as the one-shot calls ---------------------------------------------


@pytest.mark.parametrize("start,rules,draw", [(120, "canfield", 3), (4, "classic", 3), (16, "storehouse-sh1", 3), (0, "classic", 1)])
def test_winnable_search_in_slices_answers_as_find_winnable(start, rules, draw):
    whole = find_winnable(start, draw, rules, max_nodes=5000, tries=30)
    assert whole is not None
    task = WinnableSearch(start, draw, rules, max_nodes=5000, tries=30)
    slices = stepped(task, 97)
    got = task.result
    assert (got.number, got.code, got.tried, got.result.nodes, got.result.moves) == (
        whole.number, whole.code, whole.tried, whole.result.nodes, whole.result.moves)
    assert task.nodes > 200 and slices >= task.nodes // 97  # a slice searched at most 97 positions
    # every deal before it was searched and not proved won
    for number in range(start, got.number):
        assert solve(deal(number, draw, rules), max_nodes=5000).verdict != WON


def test_winnable_search_tries_and_seconds_run_out():
    task = WinnableSearch(4, max_nodes=5, tries=2)
    stepped(task, 3)
    assert task.result is None and task.tried == 2 and not task.cancelled and not task.timed_out
    task = WinnableSearch(9, max_nodes=10**9, tries=5, max_seconds=0.05)  # deal 9: a long search
    stepped(task, 500)
    assert task.result is None and task.timed_out and task.tried == 1 and task.seconds < 2


def test_last_winnable_in_slices_answers_as_the_one_shot_call():
    g = lost_classic_position()
    whole = last_winnable(g, max_nodes=5000)
    assert whole is not None and whole[0] >= 1
    task = LastWinnable(g, max_nodes=5000)
    stepped(task, 50)
    undos, res = task.result
    assert (undos, res.moves, res.nodes) == (whole[0], whole[1].moves, whole[1].nodes)
    assert task.nodes >= res.nodes
    assert LastWinnable(deal(102), max_nodes=5000).run() is None  # lost from the deal on


def test_hint_search_solves_then_looks_back_when_lost():
    g = lost_classic_position()
    task = HintSearch(g, max_nodes=5000, back_nodes=5000)
    stepped(task, 300)
    assert task.result.verdict == LOST
    assert task.undos == last_winnable(g, max_nodes=5000)[0]
    back = g.copy()
    for _ in range(task.undos):
        back.undo()
    g2 = back.copy()
    for text in task.back.moves:
        g2.play(text)
    assert g2.won
    # a won position: the first move of the line, no look back
    w = deal(2)
    task = HintSearch(w, max_nodes=20_000)
    stepped(task, 1000)
    assert task.result.verdict == WON and task.undos is None
    assert task.result.moves == solve(w, max_nodes=20_000).moves


def test_daily_search_answers_at_its_first_step_as_daily_number(monkeypatch):
    # A game with entries in the catalogue takes its daily deal from them (tests/test_catalog.py); one with
    # none (here every pair, the catalogue left out) gets the date's start deal, not proved, and no search
    # (issue 46: the search of before had no end for some games).
    from canfield import catalog

    monkeypatch.setattr(catalog, "winnable", lambda rules, draw: ())
    monkeypatch.setattr(catalog, "_orders", {})
    day = datetime.date(2026, 11, 29)
    task = DailySearch("2026-11-29")
    assert task.step(1) is True and task.nodes == 0
    assert task.result == daily_number(day) == daily_start(day) == 1110419986  # that day's start, fixed for good
    assert not task.proved and task.winnable is None and task.entry is None
    assert task.code == Game.new(number=task.result).code and task.date == "2026-11-29"
    classic = DailySearch(day, draw=1, rules="classic")
    classic.run()
    assert classic.result == daily_number(day, 1, "classic") == daily_start(day) and classic.code.startswith("CL1-D1-")


def test_daily_defaults_to_today_in_utc():
    before = datetime.datetime.now(datetime.timezone.utc).date()
    task = DailySearch()
    after = datetime.datetime.now(datetime.timezone.utc).date()
    assert task.date in (before.isoformat(), after.isoformat())
    assert task.start == DailySearch(task.date).start
    with pytest.raises(ValueError):
        DailySearch("2026-02-30")


# ---- slices, cancellation ----------------------------------------------------------------------


def test_each_slice_searches_about_its_positions():
    task = WinnableSearch(9, max_nodes=20_000, tries=3)
    last = 0
    while not task.step(400):
        assert 0 < task.nodes - last <= 400
        last = task.nodes
    assert task.nodes > 3000


@pytest.mark.parametrize("make", [
    lambda: WinnableSearch(9, max_nodes=10**9),
    lambda: LastWinnable(deal(9), max_nodes=10**9),
    lambda: HintSearch(deal(9), max_nodes=10**9),
])
def test_cancel_stops_a_task_between_slices(make):
    task = make()
    assert task.step(50) is False
    nodes = task.nodes
    task.cancel()
    assert task.step(50) is True
    assert task.cancelled and task.result is None and task.nodes == nodes
    calls = []
    task = make()
    task.should_stop = lambda: calls.append(1) or len(calls) > 1
    assert task.run() is None and task.cancelled and len(calls) == 2


def test_a_daily_deal_is_never_a_search_to_cancel():
    """Every pair's daily deal finishes at its first step, with no position searched (issue 46: before, a
    game whose catalogue was not complete searched deal after deal; that was a task to cancel)."""
    for name in ("chameleon", "casino", "little-gate", "canfield"):
        task = DailySearch("2026-11-14", 1, name)
        assert task.step(50) is True and task.nodes == 0 and not task.cancelled and task.result == task.number


# ---- the worker drives the engine's tasks ------------------------------------------------------


def _import_worker():
    sys.path.insert(0, str(WORKER.parent))
    try:
        import solver_worker
    finally:
        sys.path.remove(str(WORKER.parent))
    return solver_worker


def own_search_logic(source):
    """What in the worker's source is search logic of its own (empty: none): loops other than the
    one that steps an engine task, and engine internals a copy of the searches would need."""
    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            found.append(f"a for loop at line {getattr(node, 'lineno', getattr(node.target, 'lineno', '?'))}")
        elif isinstance(node, ast.While):
            steps = [n for n in ast.walk(node.test) if isinstance(n, ast.Attribute) and n.attr == "step"]
            if not steps:
                found.append(f"a while loop at line {node.lineno} that does not step an engine task")
        elif isinstance(node, (ast.Name, ast.Attribute)):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in ("Solver", "Game", "undo", "MAX_NUMBER", "daily_start", "shuffled_deck", "solve",
                        "DAILY_NODES", "new"):
                found.append(f"{name} at line {node.lineno}")
    return found


def test_worker_defines_no_search_loop_of_its_own():
    assert own_search_logic(WORKER.read_text(encoding="utf-8")) == []
    # the check sees a copy of the winnable search (the worker before the sliceable API)
    copy = (
        "async def _first(rid, start, tries):\n"
        "    for i in range(tries):\n"
        "        game = Game.new(number=(start + i) % (MAX_NUMBER + 1))\n"
        "        res = await _search(game)\n"
        "async def _search(game):\n"
        "    solver = Solver(game)\n"
        "    while True:\n"
        "        res = solver.step(2000)\n"
    )
    assert len(own_search_logic(copy)) >= 5


def _run(coro):
    """asyncio.run in a thread of its own: after the browser tests, Playwright's event loop is running
    in the main thread, where asyncio.run refuses to start."""
    out = {}

    def target():
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as exc:  # raised again in the test's thread
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def _call(fn, **req):
    return json.loads(_run(fn(json.dumps(req))))


def test_worker_answers_as_the_engine():
    w = _import_worker()
    found = find_winnable(120, 3, "canfield", max_nodes=5000, tries=30)
    res = _call(w.winnable, id=1, start=120, draw=3, rules="canfield", max_nodes=5000, tries=30, max_seconds=60)
    assert (res["id"], res["verdict"], res["number"], res["code"], res["tried"]) == (
        1, "won", found.number, found.code, found.tried)
    res = _call(w.daily, id=2, date="2026-11-29", draw=3, rules="canfield")
    assert (res["verdict"], res["number"], res["date"]) == ("won", daily_number("2026-11-29"), "2026-11-29")
    assert res["code"] == Game.new(number=res["number"]).code
    res = _call(w.daily, id=3, draw=1, rules="classic")  # no date: today in UTC
    assert res["date"] == DailySearch().date and res["code"].startswith("CL1-D1-")
    from canfield import catalog
    empty = catalog.winnable
    try:      # a game with no entry: the date's start deal at once, said not proved ("unknown")
        catalog.winnable = lambda rules, draw: () if catalog.key(rules, draw) == "casino/1" else empty(rules, draw)
        res = _call(w.daily, id=5, date="2026-12-07", draw=1, rules="casino")
    finally:
        catalog.winnable = empty
    assert (res["verdict"], res["number"]) == ("unknown", daily_start("2026-12-07"))
    assert res["code"] == Game.new(rules="casino", draw=1, number=res["number"]).code
    g = lost_classic_position()
    res = _call(w.hint, id=4, save=to_save(g), max_nodes=5000, max_seconds=60, back_nodes=5000, back_seconds=60)
    assert (res["verdict"], res["undos"]) == ("lost", last_winnable(g, max_nodes=5000)[0])
    res = _call(w.hint, id=5, save=to_save(deal(2)), max_nodes=20_000, max_seconds=60)
    assert (res["verdict"], res["move"]) == ("won", solve(deal(2), max_nodes=20_000).moves[0])


def test_worker_bad_requests_get_an_error_answer():
    w = _import_worker()
    assert _call(w.daily, id=6, date="29/11/2026") == {
        "id": 6, "verdict": "error", "error": "'29/11/2026' is not a date: write YYYY-MM-DD"}
    assert _call(w.hint, id=7, save={"format": "nope"})["verdict"] == "error"
    assert _call(w.winnable, id=8, draw=3)["verdict"] == "error"  # no start


def test_worker_cancel_stops_the_running_request():
    w = _import_worker()

    async def scenario():
        running = asyncio.ensure_future(
            w.hint(json.dumps({"id": 10, "save": to_save(deal(9)), "max_nodes": 100_000, "max_seconds": 600})))
        for _ in range(5):
            await asyncio.sleep(0)   # a few slices run
        assert not running.done()
        w.cancel(10)
        return json.loads(await running)

    assert _run(scenario()) == {"id": 10, "verdict": "cancelled"}


def test_time_limit_counts_on_the_given_clock():
    """max_seconds measures what `clock` says (a benchmark passes CPU time): here a clock that
    advances one "second" each time it is read, far faster than the search."""
    ticks = iter(range(10**9))
    res = Solver(deal(9), 10**9, max_seconds=40, clock=lambda: next(ticks)).run()
    assert res.reason == "seconds" and 0 < res.nodes < 20_000
    assert res.seconds >= 40


@pytest.mark.parametrize("make", [
    lambda: WinnableSearch(0, draw=2),
    lambda: WinnableSearch(0, rules="spider"),
    lambda: DailySearch("2026-11-29", draw=0),
    lambda: DailySearch("2026-11-29", rules=None),
])
def test_bad_draw_or_rules_is_refused_at_once(make):
    with pytest.raises(ValueError):
        make()
