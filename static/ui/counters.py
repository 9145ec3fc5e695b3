"""The move counter `#moves`, the game clock `#clock`, and what the win dialog says about the win.

The rules are pure Python (tested under CPython): the number of moves is the engine's history (every
draw, recycle and auto-finish move is in it; an undo takes one out, a redo puts it back, a restart empties
it), the clock's time is `persist.Records.elapsed()` (it runs from the first move while the page is
visible and stops on a win), the personal best compares the win with the statistics as they were before
it, and the next daily deal depends on the days already played.

`Counters` is the page's side (it imports `js` only when built): it writes the two texts, hides them when
the settings say so (not shown, not announced), pauses the clock while the page is hidden
(`on_visibility`), saves the time when the page goes away (`on_pagehide`; static/ui/events.py runs
both in the page's leaving order), and ticks the clock once a second with one timer, writing only the
clock's text (the board is not redrawn). It is given a read-only view of the page and the records (persist.Records).

The rules run under MicroPython too (the thin page, static/page/layer.py, ticks the clock from the worker's
counters with `clock_text` and `next_tick_ms`): no annotations, no `from __future__`, and no import of
static/ui/persist.py (which needs canfield).
"""

import math


def moves_made(game):
    """Moves made in this game: the engine's history (draws and recycles included)."""
    return len(game.history)


def clock_text(seconds):
    """The clock's text: whole seconds elapsed, m:ss (h:mm:ss from an hour on; as persist.format_duration
    writes a whole number of seconds)."""
    total = int(math.floor(max(0.0, float(seconds))))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return "%d:%02d:%02d" % (h, m, s) if h else "%d:%02d" % (m, s)


def next_tick_ms(seconds):
    """Milliseconds until the clock's text changes (the next whole second), a little after it."""
    frac = float(seconds) - math.floor(float(seconds))
    return max(20, int(round((1.0 - frac) * 1000)) + 15)


RECORD_KEYS = {"score": "win.record.score", "moves": "win.record.moves", "time": "win.record.time"}


def records_beaten(before, score, seconds, moves):
    """Which personal records a win beats, given its table of the statistics as it was before the win
    (canfield.stats `Stats.table`): ["first"] for the first win of these rules and draw; otherwise any
    of "score" (a higher score), "moves" (fewer moves, where the table keeps them: `fewest`) and "time"
    (faster, to the tenth of a second the statistics keep); [] when none."""
    if not before:
        return []
    if not before.get("won"):
        return ["first"]
    out = []
    best = before.get("best_score")
    if best is not None and score > best:
        out.append("score")
    fewest = before.get("fewest")
    if fewest is not None and moves < fewest:
        out.append("moves")
    fastest = before.get("fastest")
    if fastest is not None and round(float(seconds), 1) < fastest:
        out.append("time")
    return out


def best_text(records, t):
    """The win dialog's sentence for `records_beaten`, in the player's language; "" when none."""
    if not records:
        return ""
    if records == ["first"]:
        return t("win.best.first")
    return t("win.best", records=", ".join(t(RECORD_KEYS[r]) for r in records))


def next_daily(won_day, today, played):
    """After winning the daily deal of `won_day`: "today" when today's daily deal is there to play (the won
    deal was an earlier day's and today's was not played here), "tomorrow" when the next one comes
    tomorrow; None when the won game was not a daily deal. Days are "YYYY-MM-DD"."""
    if not won_day:
        return None
    if won_day < today and today not in played:
        return "today"
    return "tomorrow"


class Counters:
    """The two counters on the page (see the module's docstring)."""

    def __init__(self, view, records):
        from js import document, window  # the page only; the rules above are pure

        self.view = view
        self.records = records
        self.document = document
        self.window = window
        self.moves_el = document.getElementById("moves")
        self.clock_el = document.getElementById("clock")
        self.moves_box = document.getElementById("moves-box")
        self.clock_box = document.getElementById("clock-box")
        self.timer = None
        self.tick_proxy = None
        self.texts = {}

    def bind(self, events):
        self.tick_proxy = events.proxy("clock-tick", self._on_tick)
        if self.document.visibilityState == "hidden":
            self.records.pause()

    def _text(self, key, el, value):
        if self.texts.get(key) != value:
            self.texts[key] = value
            el.textContent = value

    def draw(self, game):
        """Once per frame, after the board: the texts, the settings' visibility, the clock's timer."""
        s = self.view.settings
        if self.moves_box.hidden == s.show_moves:
            self.moves_box.hidden = not s.show_moves
        if self.clock_box.hidden == s.show_clock:
            self.clock_box.hidden = not s.show_clock
        self._text("moves", self.moves_el, str(moves_made(game)))
        self._text("clock", self.clock_el, clock_text(self.records.elapsed()))
        self._schedule()

    def _schedule(self):
        """One timer at most: set while the clock runs and is shown, for the next change of its text."""
        records = self.records
        if self.timer is not None:
            self.window.clearTimeout(self.timer)
            self.timer = None
        if records.running and self.view.settings.show_clock and self.tick_proxy is not None:
            self.timer = self.window.setTimeout(self.tick_proxy, next_tick_ms(records.elapsed()))

    def _on_tick(self, *_):
        self.timer = None
        self._text("clock", self.clock_el, clock_text(self.records.elapsed()))
        self._schedule()

    def on_visibility(self, *_):
        records = self.records
        if self.document.visibilityState == "hidden":
            records.pause()
            self._save()
        else:
            records.resume()
        self.draw(self.view.game)

    def on_pagehide(self, *_):
        self._save()

    def _save(self):
        """The time played so far goes into the saved game (a reload goes on from it)."""
        try:
            self.records.save(self.view.game)
        except Exception:  # keeping the game must never stop it
            pass
