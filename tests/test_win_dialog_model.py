"""The win dialog's decisions under CPython (static/shared/counters.py): the cases the browser suite once
checked through a whole won game each, for what are pure functions of the statistics and the days."""

from __future__ import annotations

from shared.counters import best_text, next_daily, records_beaten
from worker.i18n import Translator


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
