"""The controller's effects, run through a table of small handlers (one or more per kind).

The controller lists what the page must do beyond drawing as effect values (static/shared/vocab.py:
`Say(text)`, `WriteHash(code, push)`, `Changed()`...); `Effects.run` hands each effect to the handlers
registered for its class, in the order they were registered; a handler receives the effect. The worker's
session (static/worker/session.py) fills the table with `records_handlers`, the bookkeeping of
static/worker/persist.py (statistics, the saved game, the settings), which CPython tests run as the session
does; the page's thin layer (static/page/layer.py) performs the effects only the page can.
"""

from __future__ import annotations

import traceback

from shared.vocab import EFFECTS, Changed, Effect, Helped, MarkDaily, NewRecord, SaveSettings


def _log(text: str) -> None:
    try:
        from js import console  # the worker's Pyodide; under CPython the error is printed
    except ImportError:
        print(text)
        return
    console.error(text)


class Effects:
    def __init__(self):
        self.table = {}             # kind -> [handler, ...]

    def on(self, effect, handler) -> None:
        """Run `handler(e)` for every effect `e` of class `effect` (one of static/shared/vocab.py's EFFECTS),
        after the handlers registered before."""
        if effect not in EFFECTS:
            raise TypeError("not an effect: " + repr(effect)[:80])
        self.table.setdefault(effect.kind, []).append(handler)

    def run(self, effects) -> None:
        """Run `effects` in order."""
        for effect in effects:
            if not isinstance(effect, Effect):
                raise TypeError("not an effect: " + repr(effect)[:80])
        for effect in effects:
            for handler in self.table.get(effect.kind, ()):
                handler(effect)


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
