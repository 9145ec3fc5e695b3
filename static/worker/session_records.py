"""The session's side of the records (a part of static/worker/session.py's `Session`, as a mixin): the
statistics dialog's rows, reset, import and export; another page's writes; the page hidden, shown or left
(the game clock's bookkeeping); the board's record for the next visit. The records themselves are
static/worker/persist.py's; what they write goes to the page in the reply's `store` (`_Storage`)."""

from __future__ import annotations


from canfield.stats import InvalidStats

from . import snapshot
from shared.counters import clock_text
from .dialog_view import EXPORT_NAME, stats as stats_dialog
from .persist import MemoryStorage, import_reason
from shared.vocab import (
    Visibility,
)



class _Storage(MemoryStorage):
    """The records' storage in the worker: a dict that remembers which keys were written since `taken`."""

    def __init__(self, items=None):
        super().__init__(items)
        self.written = {}

    def setItem(self, key, value):
        super().setItem(key, value)
        self.written[key] = self.items[key]

    def removeItem(self, key):
        super().removeItem(key)
        self.written[key] = None

    def taken(self) -> dict:
        out, self.written = self.written, {}
        return out


class RecordsPart:
    """The session's records bookkeeping (a mixin of `Session`: it reads the session's fields)."""

    def snapshot_answer(self):
        """The answer that writes the board's record for the next visit's painter after the saved game
        changed (static/worker/main.py asks SNAPSHOT_DELAY_S after the change), or None when nothing changed
        since the last."""
        if not self.snapshot_due or self.controller is None:
            return None
        self.snapshot_due = False
        self._snapshot()
        return self._answer([])

    def _stats_ask(self, m) -> dict:
        """The statistics dialog after `m`: its rows for the rules and draw picked, after a reset, an
        import (the file's text, read by the page) or with an export's text; the storage writes come back
        in the answer's `store`."""
        c, records, t = self.controller, self.records, self.controller.t
        message, failed, export = None, False, None
        if m.what == "reset":
            records.reset_stats()
            message = t("stats.reset_done")
        elif m.what == "export":
            export = records.export_stats()
            message = t("stats.exported", name=EXPORT_NAME)
        elif m.what == "import":
            try:
                records.import_stats(m.text)
                message = t("stats.imported")
            except InvalidStats as exc:
                message, failed = t("stats.import_error", reason=import_reason(exc, t)), True
        elif m.what == "too_large":
            message, failed = t("stats.import_error", reason=t("stats.too_large")), True
        elif m.what == "read_failed":
            message, failed = t("stats.import_error", reason=m.text[:200] or "?"), True
        elif m.what != "show":
            raise ValueError("StatsAsk: no such request: " + m.what[:40])
        self._stats_shown = (m.rules, m.draw)
        return stats_dialog(c, records, m.rules, m.draw, message, failed, export)

    def _stored(self, m) -> list:
        """Another page of the game wrote `m.key`: the statistics merge, and the dialog's rows come again
        (for the rules and draw it last showed), which the page shows if its statistics dialog is open."""
        if self.records.on_storage(m.key, m.value) == "stats":
            rules, draw = self._stats_shown or (self.controller.game.rules.name, self.controller.game.draw)
            self._stats = stats_dialog(self.controller, self.records, rules, draw)
        return []

    def _leaving(self, m) -> list:
        """Hidden: the clock pauses and its time goes into the saved game; shown: it goes on; left
        (`Leave`): the time into the saved game. The writes come back in the answer's `store`."""
        records, game = self.records, self.controller.game
        if isinstance(m, Visibility) and not m.hidden:
            records.resume()
            return []
        if isinstance(m, Visibility):
            records.pause()
        try:
            records.save(game)
        except Exception:  # keeping the game must never stop it
            pass
        self._snapshot()
        return []

    def _snapshot(self) -> None:
        """The board's record for the next visit's painter (static/worker/snapshot.py, painted by
        static/paint.js), naming the saved game just written; its write comes back in the answer's
        `store` with the save's."""
        c, records = self.controller, self.records
        try:
            s = c.settings
            look = [name for name, on in s.look_classes().items() if on]
            w, h = c.ui.viewport
            resting = self.resting_layout()
            rec = snapshot.record(c.game, resting, c.t, c.lang, look, c.ui.viewport, self.coarse,
                                  records.saved_text(), clock=clock_text(records.elapsed()),
                                  shown=(s.show_moves, s.show_clock))
            records.keep_snapshot(snapshot.encode(rec))   # None (too big): no snapshot rather than a stale one
        except Exception:   # a snapshot is a nicety: it never stops the game
            pass
