"""The win dialog's decisions under CPython (static/shared/counters.py): the cases the browser suite once
checked through a whole won game each, for what are pure functions of the statistics and the days."""

from __future__ import annotations

import pytest

from shared.counters import best_text, clock_text, next_daily, record_seconds, records_beaten
from test_persist_keeper import Clock, _winning_game
from ui_helpers import make_controller
from worker.dialog_view import stats, win
from worker.i18n import Translator
from worker.persist import MemoryStorage, Records, Store


def test_a_win_that_beats_no_record_says_none():
    """Before: 300 points and 5.0 s; this win: 255 points in 200 s. The dialog's line is then hidden
    (static/worker/dialog_view.py gives #win-best no text, which static/page/dialogs.py hides)."""
    before = {"played": 2, "won": 1, "streak": 1, "best_streak": 1, "best_score": 300, "fastest": 5.0}
    records = records_beaten(before, 255, 200.0, 40)
    assert records == []
    assert best_text(records, Translator("nl")) == ""


def test_after_an_earlier_daily_deal_todays_is_offered():
    t = Translator("en")
    assert next_daily("2026-12-01", "2026-12-02", ["2026-12-01"]) == "today"
    assert "Today’s daily deal" in t("win.daily.today", date="2 December 2026")
    assert next_daily("2026-12-01", "2026-12-02", ["2026-12-01", "2026-12-02"]) == "tomorrow"  # played here


@pytest.mark.parametrize("seconds, shown", [(132.4, "2:12"), (132.5, "2:12"), (132.99, "2:12"), (132.0, "2:12"),
                                            (59.95, "0:59"), (3599.99, "59:59"), (3600.04, "1:00:00")])
def test_the_win_dialog_and_statistics_show_one_games_time_alike(seconds, shown):
    """Issue 47: the win dialog said 2:12 (the clock's whole seconds, cut down) and Statistics "fastest win
    2:13" (the time rounded to a tenth, 133.0, then to the second) for one game won in 132.99 s."""
    clock = Clock()
    c = make_controller(_winning_game().code)
    game = c.game
    k = Records(Store(MemoryStorage()), clock)
    k.boot(game.code)
    k.after_action(game)
    k.ready()
    moves = game.finish_moves()
    game.play(moves[0])
    k.after_action(game)                          # the first move starts the clock
    clock.now += seconds
    for m in moves[1:]:
        game.play(m)
    k.after_action(game)
    assert game.won and k.last_win["seconds"] == record_seconds(seconds)
    clock.now += 30                               # the cascade, then the dialog: the clock has stopped
    assert win(c, k).texts["win-time"] == f"Time: {shown}" == f"Time: {clock_text(seconds)}"
    assert stats(c, k).rows["stats-fastest"] == shown
    assert k.stats.table("canfield-D1")["fastest"] == record_seconds(seconds) <= seconds


def test_a_time_kept_stays_as_it_is_and_is_never_rounded_up():
    for tenths in range(0, 100_000, 7):
        kept = record_seconds(tenths / 10)
        assert kept == tenths / 10 and record_seconds(kept) == kept
    assert record_seconds(132.99) == 132.9 and record_seconds(132.94999) == 132.9 and record_seconds(-3) == 0.0
    # a win as fast as the record to the tenth kept is no new record
    assert records_beaten({"won": 1, "best_score": 999, "fastest": 132.9}, 0, 132.95, 40) == []
    assert records_beaten({"won": 1, "best_score": 999, "fastest": 132.9}, 0, 132.89, 40) == ["time"]
