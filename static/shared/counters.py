"""The move counter `#moves`, the game clock `#clock`, and what the win dialog says about the win.

The rules are pure Python (tested under CPython): the number of moves is the engine's history (every
draw, recycle and auto-finish move is in it; an undo takes one out, a redo puts it back, a restart empties
it), the clock's time is `persist.Records.elapsed()` (it runs from the first move while the page is
visible and stops on a win), the personal best compares the win with the statistics as they were before
it, and the next daily deal depends on the days already played.

The worker's session (static/worker/session.py) sends the counters in its answers; the page's thin layer
(static/page/layer.py) writes them and ticks the clock with `clock_text` and `next_tick_ms`. So the
rules run under MicroPython too: no annotations, no `from __future__`, and no import of
static/worker/persist.py (which needs canfield).
"""

import math


def moves_made(game):
    """Moves made in this game: the engine's history (draws and recycles included)."""
    return len(game.history)


def record_seconds(seconds):
    """A game's time as the records keep it (the saved game, the statistics' fastest win, the win dialog):
    cut down to a tenth of a second, never rounded up, so that the whole seconds shown from it are the ones
    the clock showed. (Rounded, 132.99 s was kept as 133.0: "2:13" in Statistics, "2:12" in the dialog.)
    A millionth of a tenth is added before the cut, so that a time already kept (132.9, read back) stays as it
    is; plain arithmetic, alike under CPython and the page's MicroPython (whose round(x, n) differs)."""
    return math.floor(max(0.0, float(seconds)) * 10 + 1e-6) / 10


def clock_text(seconds):
    """The clock's text: whole seconds elapsed, cut down, m:ss (h:mm:ss from an hour on); every time the
    player reads (the clock, the win dialog, Statistics) is written by this one function."""
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
    (faster, to the tenth of a second the statistics keep: `record_seconds`); [] when none."""
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
    if fastest is not None and record_seconds(seconds) < fastest:
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
