"""The solver's worker: a PyScript named worker (its own Pyodide, off the page's main thread).

Started by static/ui/hint.py once the game is ready, with the page's own pyscript.toml (the local
interpreter and the canfield files). It never touches the page: every call takes one JSON text and
returns one JSON text.

Exported:

- ``hint(request)``: ``{"id", "save": <canfield.save record>, "max_nodes", "max_seconds",
  "back_nodes", "back_seconds"}`` -> ``{"id", "verdict": "won"|"lost"|"unknown"|"cancelled",
  "move" (won: the first move of a winning line), "nodes", "seconds", "reason" (unknown),
  "undos" (lost: how many undos back to the last position proved won, or null)}``.
- ``winnable(request)``: ``{"id", "start", "draw", "rules", "max_nodes", "tries", "max_seconds"}``
  -> ``{"id", "verdict": "won"|"unknown"|"cancelled", "number", "code", "tried"}``: the first deal
  number from ``start`` on (start, start + 1, ...) that the solver proves won within ``max_nodes``,
  as ``canfield.solver.find_winnable`` does, searched in slices.
- ``daily(request)``: ``{"id", "date": "YYYY-MM-DD", "draw", "rules"}`` -> ``{"id", "verdict",
  "number", "code"}``: ``canfield.solver.daily_number`` for that date, searched in slices.
- ``cancel(id)``: stops the request ``id`` if it is the one running.

Only one request runs at a time: a new request cancels the one before it. Searches run in slices
with a pause between them, so that a newer request or a cancel gets through while one runs.
"""

import asyncio
import json
import time

from canfield import Game
from canfield.deal import MAX_NUMBER
from canfield.save import from_save
from canfield.solver import DAILY_NODES, LOST, UNKNOWN, WON, Solver, daily_start

SLICE = 2000          # positions per slice: a few tens of milliseconds in Pyodide

_latest = [0]         # id of the request that may run; any other stops at its next slice


class Cancelled(Exception):
    pass


async def _search(game, max_nodes, rid, deadline=None):
    """Solver(game, max_nodes) run to its end in slices: the same result as ``solve``."""
    solver = Solver(game, max_nodes)
    while True:
        res = solver.step(SLICE)
        if res is not None:
            return res
        await asyncio.sleep(0)
        if _latest[0] != rid:
            solver.cancel()
            raise Cancelled()
        if deadline is not None and time.monotonic() > deadline:
            return None


def _reply(rid, **fields):
    fields["id"] = rid
    return json.dumps(fields)


async def hint(request):
    req = json.loads(request)
    rid = req["id"]
    _latest[0] = rid
    t0 = time.monotonic()
    try:
        game = from_save(req["save"])
        res = await _search(game, req.get("max_nodes", 200_000), rid, t0 + req.get("max_seconds", 5.0))
        if res is None:
            return _reply(rid, verdict=UNKNOWN, reason="seconds", seconds=time.monotonic() - t0)
        if res.verdict == WON:
            return _reply(rid, verdict=WON, move=res.moves[0] if res.moves else None, nodes=res.nodes,
                          seconds=time.monotonic() - t0)
        if res.verdict == UNKNOWN:
            return _reply(rid, verdict=UNKNOWN, reason=res.reason, nodes=res.nodes, seconds=time.monotonic() - t0)
        # Lost: look back for the last position that is proved won (as canfield.solver.last_winnable).
        undos = None
        back = game.copy()
        n = 0
        deadline = time.monotonic() + req.get("back_seconds", 8.0)
        while back.undo():
            n += 1
            r = await _search(back, req.get("back_nodes", 20_000), rid, deadline)
            if r is None:
                break
            if r.verdict == WON:
                undos = n
                break
        return _reply(rid, verdict=LOST, nodes=res.nodes, undos=undos, seconds=time.monotonic() - t0)
    except Cancelled:
        return _reply(rid, verdict="cancelled")


async def _first_winnable(rid, start, draw, rules, max_nodes, tries, deadline=None):
    """(number, code, tried) of the first deal from `start` on proved won, or None."""
    for i in range(tries):
        number = (start + i) % (MAX_NUMBER + 1)
        game = Game.new(draw=draw, rules=rules, number=number)
        res = await _search(game, max_nodes, rid, deadline)
        if res is None:
            return None
        if res.verdict == WON:
            return number, game.code, i + 1
        if deadline is not None and time.monotonic() > deadline:
            return None
    return None


async def winnable(request):
    req = json.loads(request)
    rid = req["id"]
    _latest[0] = rid
    t0 = time.monotonic()
    try:
        found = await _first_winnable(rid, int(req["start"]) % (MAX_NUMBER + 1), int(req.get("draw", 3)),
                                      req.get("rules", "canfield"), int(req["max_nodes"]), int(req.get("tries", 20)),
                                      t0 + float(req.get("max_seconds", 20.0)))
    except Cancelled:
        return _reply(rid, verdict="cancelled")
    if found is None:
        return _reply(rid, verdict=UNKNOWN, seconds=time.monotonic() - t0)
    number, code, tried = found
    return _reply(rid, verdict=WON, number=number, code=code, tried=tried, seconds=time.monotonic() - t0)


async def daily(request):
    req = json.loads(request)
    rid = req["id"]
    _latest[0] = rid
    draw, rules = int(req.get("draw", 3)), req.get("rules", "canfield")
    try:
        start = daily_start(req["date"])
        found = await _first_winnable(rid, start, draw, rules, DAILY_NODES, 1000)
    except Cancelled:
        return _reply(rid, verdict="cancelled")
    number = found[0] if found else start  # as daily_number: the start deal when none is proved won
    game = Game.new(draw=draw, rules=rules, number=number)
    return _reply(rid, verdict=WON if found else UNKNOWN, number=number, code=game.code, date=req["date"])


def cancel(rid):
    if _latest[0] == rid:
        _latest[0] = 0
    return True


def ping():
    return "ready"


__export__ = ["hint", "winnable", "daily", "cancel", "ping"]
