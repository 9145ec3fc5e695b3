"""The controller's effects, run through a table of small handlers (one or more per kind).

The controller lists what the page must do beyond drawing as effect values (static/ui/vocab.py:
`Say(text)`, `WriteHash(code, push)`, `Changed()`...); `Effects.run` hands each effect to the handlers
registered for its class, in the order they were registered; a handler receives the effect. The page (static/ui/app.py) fills the table; `records_handlers` registers
the bookkeeping of static/ui/persist.py (statistics, the saved game, the settings), which CPython tests
run as the page does.

A new deal not drawn yet: its first frame holds the drawing and the flights only; the address and the
storage writes it asks for wait until that frame is drawn (`write_deferred`, in the task after the
frame, or before anything that must come after them). The bookkeeping (statistics, clock) is done at
once, so that frame's counters are right.
"""

from __future__ import annotations

import traceback

from .vocab import EFFECTS, Changed, Effect, Helped, MarkDaily, NewRecord, SaveSettings, WriteHash

# effects that write storage or the address: what a deal deferred is written before them
WRITES = (Changed, WriteHash, SaveSettings, NewRecord, MarkDaily)
# effects that wait for a new deal's first frame (beside the storage writes the records hold back)
AFTER_FIRST_FRAME = (WriteHash,)


def _log(text: str) -> None:
    try:
        from js import console  # the page only; under CPython the error is printed
    except ImportError:
        print(text)
        return
    console.error(text)


class Effects:
    def __init__(self, records=None):
        self.table = {}             # kind -> [handler, ...]
        self.records = records        # holds its storage writes back while a deal's first frame waits
        self.after_first_frame = []  # jobs waiting for a new deal's first frame, in order

    def on(self, effect, handler) -> None:
        """Run `handler(e)` for every effect `e` of class `effect` (one of static/ui/vocab.py's EFFECTS),
        after the handlers registered before."""
        if effect not in EFFECTS:
            raise TypeError("not an effect: " + repr(effect)[:80])
        self.table.setdefault(effect.kind, []).append(handler)

    def unhandled(self) -> list:
        """The kinds of effect no handler takes (the page registers one for each: tests/test_ui_structure.py)."""
        return [cls.kind for cls in EFFECTS if cls.kind not in self.table]

    def run(self, effects, first_frame_pending: bool = False) -> None:
        """Run `effects` in order. `first_frame_pending`: a new deal is on the table and not drawn yet."""
        for effect in effects:
            if not isinstance(effect, Effect):
                raise TypeError("not an effect: " + repr(effect)[:80])
        if not first_frame_pending and self.after_first_frame and any(isinstance(e, WRITES) for e in effects):
            self.write_deferred()   # what a deal deferred is written before what this action writes
        if first_frame_pending and self.records is not None and not self.records.deferring:
            self.records.defer_writes()
            self.after_first_frame.append(self.records.write_deferred)
        for effect in effects:
            for handler in self.table.get(effect.kind, ()):
                if first_frame_pending and isinstance(effect, AFTER_FIRST_FRAME):
                    self.after_first_frame.append(lambda handler=handler, effect=effect: handler(effect))
                else:
                    handler(effect)

    def write_deferred(self) -> None:
        """Run, in order, what a new deal deferred until its first frame (the address, the storage
        writes). Never lost, never out of order; one failing job does not stop the others."""
        jobs, self.after_first_frame = self.after_first_frame, []
        for job in jobs:
            try:
                job()
            except Exception:  # keeping the game must never stop it
                _log("Canfield: deferred write failed: " + traceback.format_exc())


def records_handlers(effects: Effects, records, read) -> None:
    """The bookkeeping effects: count and save after every change, a won game restarted is a new record,
    the settings saved, a daily deal marked. `read` gives `game` and `settings` (read only)."""
    def changed(_):
        try:
            # count for the statistics (not a replay's moves: they are not the player's), then save the game
            records.after_action(read.game, count=getattr(read.ui, "replay", None) is None)
        except Exception:  # keeping the game must never stop it
            _log("Canfield: saving failed: " + traceback.format_exc())

    effects.on(NewRecord, lambda _: records.restarted())
    effects.on(Helped, lambda _: records.mark_helped())
    effects.on(Changed, changed)
    effects.on(SaveSettings, lambda _: records.save_settings(read.settings))   # full or refused: plays on
    effects.on(MarkDaily, lambda e: records.mark_daily(e.day, read.game))
