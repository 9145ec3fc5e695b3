"""The move counter and the game clock on the page (a part of static/page/layer.py's `Layer`): the worker
counts (its reply's `Counters`), the clock ticks here from them while the page is visible; when the page is
hidden or left, the clock stops and its time goes into the saved game at once (`with_seconds`: the
worker's answer to `Visibility` or `Leave` may come too late). Runs under MicroPython, imports under CPython."""

import json

from shared import vocab
from shared.counters import clock_text, next_tick_ms, record_seconds

def with_seconds(text, seconds):
    """The saved game's text `text` with the clock's time `seconds` in it (its "seconds", to the tenth as
    the records write it), or None when `text` is no saved game with a time or holds that time already:
    what the page writes by itself when it is left, since the worker's answer to `Leave` may never arrive."""
    if not text or "\\ud" in text or "\\uD" in text:   # an escaped surrogate: MicroPython's json reads
        return None                                      # a pair as two characters; left to the worker
    try:
        record = json.loads(text)
    except Exception:
        return None
    if type(record) is not dict or type(record.get("seconds")) not in (int, float):
        return None
    seconds = record_seconds(seconds)
    if seconds == record["seconds"]:      # the time it holds: the text stays as the worker wrote it
        return None
    record["seconds"] = seconds
    try:
        return json.dumps(record)
    except Exception:   # MicroPython's heap refused it: the worker's own save stands
        return None


class Clock:
    """The layer's counters and clock (a mixin of `Layer`: it reads the layer's fields)."""

    def apply_counters(self, counters):
        self.counters = counters
        self.seconds = float(counters.seconds)
        self.clock_at = float(self.window.performance.now())
        d = self.document
        for name in ("moves", "clock"):
            box = d.getElementById(name + "-box")
            shown = counters.show_moves if name == "moves" else counters.show_clock
            if box is not None and bool(box.hidden) == shown:
                box.hidden = not shown
        moves = d.getElementById("moves")
        text = counters.moves or "0"
        if moves is not None and str(moves.textContent) != text:
            moves.textContent = text
        self.tick()

    def clock_seconds(self):
        """The clock's seconds now: the worker's, plus the time since they came while it runs."""
        c = self.counters
        if c is None:
            return 0.0
        seconds = self.seconds
        if c.running and not self.hidden:
            seconds += max(0.0, (float(self.window.performance.now()) - self.clock_at) / 1000.0)
        return seconds

    def tick(self, *_):
        """The clock's text; while it runs and is shown, again when that text changes (one timer)."""
        if self.clock_timer is not None:
            self.window.clearTimeout(self.clock_timer)
            self.clock_timer = None
        c = self.counters
        if c is None:
            return
        seconds = self.clock_seconds()
        text = clock_text(seconds)
        if text != self.clock_shown:
            self.clock_shown = text
            el = self.document.getElementById("clock")
            if el is not None:
                el.textContent = text
        if c.running and c.show_clock and not self.hidden:
            self.clock_timer = self.window.setTimeout(self._tick, next_tick_ms(seconds))

    def on_visibility(self, *_):
        """Hidden: the clock stops here, its time goes into the saved game at once (as far as the page
        can) and the worker pauses its clock and saves; shown: both go on."""
        hidden = str(self.document.visibilityState) == "hidden"
        if hidden == self.hidden:
            return
        if hidden:
            self._freeze()
            self.write_leaving()
        else:
            self.hidden = False
            self.clock_at = float(self.window.performance.now())
            self.tick()
        self.send(vocab.Visibility(hidden))

    def on_pagehide(self, *_):
        """The page is left: the clock's time into the saved game now (the answer to `Leave` may never
        come), and the worker's own save (written if its answer arrives)."""
        self.write_leaving()
        self.send(vocab.Leave())

    def _freeze(self):
        if self.counters is not None:
            self.seconds = self.clock_seconds()
        self.hidden = True
        self.tick()

    def write_leaving(self):
        text = with_seconds(self.saved, self.clock_seconds()) if self.counters is not None else None
        if text is not None and text != self.saved:
            self.saved = text
            if not self.window.canfieldPaint.resave(text):   # the snapshot naming it follows (static/paint.js)
                self.window.console.warn("Canfield: could not write canfield.save")
