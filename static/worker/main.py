"""The worker's side of the page: Pyodide in the engine's worker (static/engine-worker.mjs, which
static/boot.js starts as the page's head is parsed, and which runs this file once Pyodide is up). The engine,
the controller, the view model, the layout and the records live here, in one `Session`
(static/worker/session.py); the page's thin layer (static/page/layer.py, MicroPython on the main thread)
sends it one text at a time through `handle` and applies the text it answers. No DOM here.

The solver runs here too, beside the session: a hint or a winning line the session asks for is one of
static/worker/solver_worker.py's sliced searches (a slice of positions, then the event loop: the page's next
message is answered between two slices), started after the answer that asked for it. Its result
becomes an answer of its own, which the page takes through `next_push` (an awaited call it keeps
open); a result for a position gone by gives none.

`restart` puts a new session in the old one's place on the same Pyodide (static/page/layer.py `restart`,
which the browser suite's boot-once pages use between two tests): the searches under way are stopped and
what they or a pending snapshot would answer is dropped.
"""

import asyncio
import json

SNAPSHOT_DELAY_S = 0.4   # the board's record for the next visit, this long after the saved game changed
PROGRESS_S = 0.25        # how often a running analysis says how far it is

try:
    from worker.session import Session

    _session = Session()
except Exception as _exc:      # the game's modules could not load: every answer says so, the page shows
    import traceback           # its loading screen's error and retry (never a traceback: the console has it)

    traceback.print_exc()
    _why = "the game could not load: %s: %s" % (type(_exc).__name__, _exc)

    class _Broken:
        snapshot_due = False

        def handle(self, text):
            return _error_reply

        def take_solver_requests(self):
            return [], []

    try:                       # the protocol's codec is the shared one, unless it is what failed to load
        from shared.vocab import Reply, encode

        _error_reply = encode(Reply(ok=False, error=_why))
    except Exception:
        _error_reply = json.dumps({"kind": "Reply", "ok": False, "error": _why})
    _session = _Broken()
_pushes = []          # answers the page has not taken yet
_waiting = []         # the page's open next_push call (a future), if any
_snapshot = []        # the pending snapshot's task, if any
_running = set()      # the ids of the solver's searches under way
_generation = [0]     # how many restarts: what a search or a snapshot of an earlier session finds is dropped


def handle(text):
    """The answer to one message of the page (static/worker/session.py); never raises."""
    out = _session.handle(str(text))
    _launch()
    if _session.snapshot_due and not _snapshot:
        _snapshot.append(asyncio.ensure_future(_write_snapshot(_generation[0])))
    return out


def restart(text):
    """A new session in the old one's place, given the page's `Start` (`text`, as `handle` takes it): its
    answer. The old session's searches are stopped, its pending answers and snapshot dropped. Never raises."""
    global _session
    try:
        fresh = Session()
    except Exception:          # the game's modules did not load: the error answer, as for every text
        return handle(text)
    _generation[0] += 1
    if _running:
        import solver_worker

        for rid in _running:
            solver_worker.cancel(rid)
        _running.clear()
    _pushes.clear()
    _snapshot.clear()
    _session = fresh
    return handle(text)


async def _write_snapshot(generation):
    """A while after the saved game changed: the answer that writes the next visit's board, pushed."""
    out = None
    try:
        await asyncio.sleep(SNAPSHOT_DELAY_S)
        if generation == _generation[0]:
            out = _session.snapshot_answer()
    finally:
        if generation == _generation[0]:
            _snapshot.clear()
    if out is not None:
        _push(out)


def _push(out):
    _pushes.append(out)
    while _waiting:
        future = _waiting.pop(0)
        if not future.done():
            future.set_result(None)


def _launch():
    wanted, cancelled = _session.take_solver_requests()
    if not wanted and not cancelled:
        return
    import solver_worker   # the first hint imports the solver (not on the start's path)

    for rid in cancelled:
        solver_worker.cancel(rid)
        _running.discard(rid)
    for kind, rid, request in wanted:
        if kind == "warm":       # only loaded, for the search to come
            continue
        _running.add(rid)
        asyncio.ensure_future(_solve(solver_worker, kind, rid, request, _generation[0]))
        if kind == "analyse":
            asyncio.ensure_future(_progress(solver_worker, rid, _generation[0]))


async def _progress(solver_worker, rid, generation):
    """While the analysis `rid` runs: how far it is, pushed every PROGRESS_S."""
    while True:
        await asyncio.sleep(PROGRESS_S)
        if generation != _generation[0] or not _session.analysis_running(rid):
            return
        try:
            p = json.loads(solver_worker.progress(rid))
            out = _session.analysis_progress(rid, p["checked"], p["total"])
        except Exception:      # a progress is only a courtesy
            continue
        if out is not None:
            _push(out)


async def _solve(solver_worker, kind, rid, request, generation):
    try:
        result = await getattr(solver_worker, kind)(request)
    except Exception as exc:   # an answer all the same: the panel says the solver failed
        result = json.dumps({"id": rid, "verdict": "error", "error": str(exc)})
    if generation != _generation[0]:     # a search of a session restarted since: its answer is dropped
        return
    _running.discard(rid)
    _push(_session.solver_answer(kind, rid, str(result)))
    _launch()


async def next_push():
    """The next answer the worker gives on its own (a solver's result), once there is one."""
    while not _pushes:
        future = asyncio.get_event_loop().create_future()
        _waiting.append(future)
        await future
    return _pushes.pop(0)


__export__ = ["handle", "next_push", "restart"]
