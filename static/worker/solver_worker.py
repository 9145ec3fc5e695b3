"""The solver's side of the engine worker (static/worker/main.py, Pyodide in static/engine-worker.mjs, off the
page's main thread).

Imported by static/worker/main.py at the first search the session asks for (static/worker/session.py), beside
the session. It never touches the page: every call takes one JSON text and returns one JSON text,
which static/worker/main.py hands to the session. It holds no search logic of its own: each request is one
of the engine's sliceable tasks (canfield.solver.HintSearch, WinnableSearch, DailySearch), stepped here
a slice at a time with a pause between slices, so that a newer request or a cancel gets through while
one runs.

Its calls:

- ``hint(request)``: ``{"id", "save": <canfield.save record>, "max_nodes", "max_seconds",
  "back_nodes", "back_seconds", "best_nodes", "best_seconds"}`` -> ``{"id", "verdict":
  "won"|"lost"|"unknown"|"cancelled", "move", "proved", "rule", "nodes", "seconds", "reason" (unknown),
  "undos" (lost: how many undos back to the last position proved won, or null)}``. ``move``: the move
  to show whenever one is legal (``canfield.tasks.HintSearch.move``): with ``proved`` true, the first
  move of a proved winning line ("won": the solver's, or the best search's line that sends up every
  card); else the move HintSearch's rule picks (``rule``: "most_cards", "stock" or "first"), with
  ``cards``/``exact`` (the most cards its line sends up, and whether that is the most possible).
- ``winnable(request)``: ``{"id", "start", "draw", "rules", "max_nodes", "tries", "max_seconds"}``
  -> ``{"id", "verdict": "won"|"unknown"|"cancelled", "number", "code", "tried"}``: the first deal
  number from ``start`` on (start, start + 1, ...) that the solver proves won within ``max_nodes``
  (default ``canfield.solver.WINNABLE_NODES``: the page leaves it out, so it never imports the solver)
  (``canfield.solver.find_winnable``).
- ``daily(request)``: ``{"id", "date": "YYYY-MM-DD" (optional: the player's local date; UTC today
  when absent), "draw", "rules"}`` -> ``{"id", "verdict": "won"|"unknown"|"cancelled", "number",
  "code", "date"}`` (``canfield.solver.daily_number`` for that date: at once, never a search: the
  catalogue's deal, "won", or for a game with no entry the date's start deal, "unknown"; canfield.daily).
  Kept for other callers: the page no longer asks it, nor ``winnable`` and ``graded``: its session takes
  the daily, winnable and graded deals from the catalogue itself (canfield.catalog.daily_deal and
  ``pick``), at once, and deals a plain deal with a note when the catalogue has none.
- ``line(request)``: ``{"id", "save", "max_nodes", "max_seconds", "best_nodes", "best_seconds"}`` ->
  ``{"id", "verdict", "moves" (won: the whole winning line from the position, as move texts), "move",
  "proved", "rule", "nodes", "seconds"}``: what "Show me how" plays (issue 20). The same search as the
  hint's, without the search back when the position is lost; ``move`` as the hint's when no line is proved.
- ``grade(request)``: ``{"id", "save"}`` -> ``{"id", "verdict", "grade", "par", "nodes"}``: the grade and
  par of the deal's start (``canfield.insight.GradeSearch``).
- ``graded(request)``: ``{"id", "grade", "start", "draw", "rules", "tries"}`` -> ``{"id", "verdict":
  "won"|"unknown"|"cancelled", "number", "code", "grade", "par", "tried"}``: the first deal from ``start``
  on of that grade (``canfield.insight.GradedSearch``).
- ``analyse(request)``: ``{"id", "save"}`` -> ``{"id", "verdict": "done"|"cancelled", "analysis":
  canfield.insight.Analysis.as_dict()}``: where the game was lost, with the best the first lost
  position allows; ``progress(id)`` says meanwhile ``{"checked", "total"}`` (JSON).
- ``cancel(id)``: stops the request ``id`` if it is the one running.

Only one request runs at a time: a new request cancels the one before it. A request that cannot
be read gets ``{"id", "verdict": "error", "error": <message>}``.
"""

import asyncio
import json
import time

from canfield.insight import BEST_NODES, LOST_NODES, GradedSearch, GradeSearch, LostMoveSearch
from canfield.save import from_save
from canfield.daily import DailySearch
from canfield.search import LOST, UNKNOWN, WINNABLE_NODES, WON
from canfield.tasks import HINT_BEST_NODES, HintSearch, WinnableSearch

SLICE = 2000          # positions per slice: a few tens of milliseconds in Pyodide

_latest = [0]         # id of the request that may run; any other stops at its next slice


async def _drive(task, rid):
    """Step the engine's `task` to its end, a slice at a time; False when a newer request or a
    cancel stopped it."""
    while not task.step(SLICE):
        await asyncio.sleep(0)
        if _latest[0] != rid:
            task.cancel()
    return not task.cancelled


def _reply(rid, **fields):
    fields["id"] = rid
    return json.dumps(fields)


def _start(request):
    req = json.loads(request)
    rid = req["id"]
    _latest[0] = rid
    return req, rid


def _error(request, exc):
    try:
        rid = json.loads(request).get("id")
    except Exception:  # the request itself is what could not be read
        rid = None
    return _reply(rid, verdict="error", error=str(exc))


def _move_fields(task):
    """The move a hint shows (canfield.tasks.HintSearch.move) and what chose it."""
    fb = task.fallback
    fields = {"move": task.move, "proved": task.proved, "rule": None if task.proved or fb is None else fb.rule}
    if fb is not None and not task.proved:
        fields.update(cards=fb.cards, exact=fb.exact)
    return fields


async def hint(request):
    try:
        req, rid = _start(request)
        t0 = time.monotonic()
        task = HintSearch(from_save(req["save"]), int(req.get("max_nodes", 100_000)),
                          float(req.get("max_seconds", 1.5)), int(req.get("back_nodes", 20_000)),
                          float(req.get("back_seconds", 0.6)), best_nodes=int(req.get("best_nodes", HINT_BEST_NODES)),
                          best_seconds=float(req.get("best_seconds", 0.7)))
    except (ValueError, KeyError, TypeError) as exc:
        return _error(request, exc)
    if not await _drive(task, rid):
        return _reply(rid, verdict="cancelled")
    res = task.result
    seconds = time.monotonic() - t0
    moved = _move_fields(task)
    if task.verdict == WON:
        return _reply(rid, verdict=WON, nodes=task.nodes, seconds=seconds, **moved)
    if res.verdict == LOST:
        return _reply(rid, verdict=LOST, nodes=task.nodes, undos=task.undos, seconds=seconds, **moved)
    return _reply(rid, verdict=UNKNOWN, reason=res.reason, nodes=task.nodes, seconds=seconds, **moved)


async def winnable(request):
    try:
        req, rid = _start(request)
        t0 = time.monotonic()
        task = WinnableSearch(int(req["start"]), int(req.get("draw", 3)), req.get("rules", "canfield"),
                              int(req.get("max_nodes", WINNABLE_NODES)), int(req.get("tries", 20)),
                              max_seconds=float(req.get("max_seconds", 20.0)))
    except (ValueError, KeyError, TypeError) as exc:
        return _error(request, exc)
    if not await _drive(task, rid):
        return _reply(rid, verdict="cancelled")
    found = task.result
    if found is None:
        return _reply(rid, verdict=UNKNOWN, tried=task.tried, seconds=time.monotonic() - t0)
    return _reply(rid, verdict=WON, number=found.number, code=found.code, tried=found.tried,
                  seconds=time.monotonic() - t0)


async def daily(request):
    try:
        req, rid = _start(request)
        task = DailySearch(req.get("date"), int(req.get("draw", 3)), req.get("rules", "canfield"))
    except (ValueError, KeyError, TypeError) as exc:
        return _error(request, exc)
    if not await _drive(task, rid):
        return _reply(rid, verdict="cancelled")
    return _reply(rid, verdict=WON if task.proved else UNKNOWN, number=task.result, code=task.code,
                  date=task.date)


async def line(request):
    try:
        req, rid = _start(request)
        t0 = time.monotonic()
        task = HintSearch(from_save(req["save"]), int(req.get("max_nodes", 200_000)),
                          float(req.get("max_seconds", 5.0)), back_nodes=0, back_seconds=0.0,
                          best_nodes=int(req.get("best_nodes", HINT_BEST_NODES)),
                          best_seconds=float(req.get("best_seconds", 0.7)))
    except (ValueError, KeyError, TypeError) as exc:
        return _error(request, exc)
    if not await _drive(task, rid):
        return _reply(rid, verdict="cancelled")
    return _reply(rid, verdict=task.verdict, moves=task.line, nodes=task.nodes, seconds=time.monotonic() - t0,
                  **_move_fields(task))


def _start_of(game):
    g = game.copy()
    g.restart()
    return g


async def grade(request):
    try:
        req, rid = _start(request)
        task = GradeSearch(_start_of(from_save(req["save"])))
    except (ValueError, KeyError, TypeError) as exc:
        return _error(request, exc)
    if not await _drive(task, rid):
        return _reply(rid, verdict="cancelled")
    r = task.result
    return _reply(rid, verdict=r.verdict, grade=r.grade, par=r.par, nodes=r.nodes)


async def graded(request):
    try:
        req, rid = _start(request)
        task = GradedSearch(req["grade"], int(req["start"]), int(req.get("draw", 3)), req.get("rules", "canfield"),
                            int(req.get("tries", 60)))
    except (ValueError, KeyError, TypeError) as exc:
        return _error(request, exc)
    if not await _drive(task, rid):
        return _reply(rid, verdict="cancelled")
    if task.result is None:
        return _reply(rid, verdict=UNKNOWN, tried=task.tried)
    number, code, r = task.result
    return _reply(rid, verdict=WON, number=number, code=code, grade=r.grade, par=r.par, tried=task.tried)


_running = {}         # id -> the analysis running, for progress()


async def analyse(request):
    try:
        req, rid = _start(request)
        task = LostMoveSearch(from_save(req["save"]), int(req.get("max_nodes", LOST_NODES)),
                              int(req.get("best_nodes", BEST_NODES)))
    except (ValueError, KeyError, TypeError) as exc:
        return _error(request, exc)
    _running.clear()
    _running[rid] = task
    try:
        if not await _drive(task, rid):
            return _reply(rid, verdict="cancelled")
    finally:
        _running.pop(rid, None)
    return _reply(rid, verdict="done", analysis=task.result.as_dict())


def progress(rid):
    task = _running.get(rid)
    if task is None:
        return json.dumps({"checked": 0, "total": 0})
    return json.dumps({"checked": task.checked, "total": task.total})


def cancel(rid):
    if _latest[0] == rid:
        _latest[0] = 0
    return True
