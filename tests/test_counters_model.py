"""The move counter, the game clock and the win dialog's decisions (static/shared/counters.py, the clock in
static/worker/persist.py, the two settings) under CPython. The engine is the oracle for the moves."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))

from canfield import Game  # noqa: E402
from canfield.stats import InvalidStats, Stats  # noqa: E402
from shared.vocab import AutoFinish, Button, Changed, FinishStep, FinishTimer, Key, NewDeal, Tap  # noqa: E402
from worker.effects import Effects, records_handlers  # noqa: E402
from shared.counters import (  # noqa: E402
    best_text, clock_text, moves_made, next_daily, next_tick_ms, records_beaten,
)
from worker.dates import add_days  # noqa: E402
from worker.i18n import LANGUAGES, Translator  # noqa: E402
from worker.persist import SAVE_KEY, Records, MemoryStorage, Store  # noqa: E402
from worker.settings import TOGGLES, Settings  # noqa: E402
from shared.table import stock_move  # noqa: E402
from engine_helpers import foundation_only_deal  # noqa: E402

from ui_helpers import CODE, make_controller as make  # noqa: E402


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


# --------------------------------------------------------------------------- the move counter

def test_every_move_counts_draws_and_recycles_included_undo_takes_one_back_redo_adds_one():
    c = make()
    assert moves_made(c.game) == 0
    c.dispatch(Tap("stock"))                      # a draw
    assert moves_made(c.game) == 1
    n = 1
    while c.game.stock:                           # draw the stock out
        c.dispatch(Key("d"))
        n += 1
    assert moves_made(c.game) == n
    assert stock_move(c.game).dst == "S"          # the next one is a recycle
    c.dispatch(Key("d"))
    assert moves_made(c.game) == n + 1 and c.game.stock
    c.dispatch(Key("u"))
    assert moves_made(c.game) == n
    c.dispatch(Key("u"))
    assert moves_made(c.game) == n - 1
    c.dispatch(Key("r"))
    assert moves_made(c.game) == n


def test_restart_counts_from_zero_and_its_undo_brings_the_count_back():
    c = make()
    for _ in range(4):
        c.dispatch(Key("d"))
    assert moves_made(c.game) == 4
    c.dispatch(Button("restart"))
    assert moves_made(c.game) == 0
    c.dispatch(Key("u"))                          # undo the restart
    assert moves_made(c.game) == 4


@pytest.mark.parametrize("motion", [False, True])
def test_auto_finish_moves_count_one_each(motion):
    c = make(foundation_only_deal(), motion=motion)
    finish = c.game.finish_moves()
    assert finish
    c.settings.auto_finish = True
    c.dispatch(AutoFinish())
    if motion:                                    # card by card: each step is one more move
        for n in range(1, len(finish) + 1):
            step = next(e for e in c.take_effects() if isinstance(e, FinishTimer))
            c.dispatch(FinishStep(step.seq))
            assert moves_made(c.game) == n
    assert c.game.won and moves_made(c.game) == len(finish)
    c.dispatch(Key("u"))                          # one auto-finish move taken back
    assert moves_made(c.game) == len(finish) - 1 and not c.game.won


# --------------------------------------------------------------------------- the clock's text and tick

@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (0.99, "0:00"), (1.0, "0:01"), (59.9, "0:59"),
                                           (61, "1:01"), (3599.5, "59:59"), (3600, "1:00:00"), (3725, "1:02:05"),
                                           (-3, "0:00")])
def test_clock_text_shows_whole_seconds_elapsed(seconds, text):
    assert clock_text(seconds) == text


def test_the_next_tick_comes_just_after_the_next_whole_second():
    assert 1000 <= next_tick_ms(5.0) <= 1040
    assert 250 <= next_tick_ms(5.75) <= 280
    assert clock_text(5.75 + next_tick_ms(5.75) / 1000) == "0:06"
    assert next_tick_ms(5.999) >= 20


# --------------------------------------------------------------------------- the clock in the saved game

def started(clock, storage=None):
    k = Records(Store(storage if storage is not None else MemoryStorage()), clock)
    k.boot("")
    game = Game.from_code(CODE)
    k.after_action(game)
    return k, game


def test_the_clock_starts_at_the_first_move():
    clock = Clock()
    k, game = started(clock)
    clock.now += 30                               # looking at the deal does not count
    assert k.elapsed() == 0 and not k.running
    game.play(stock_move(game))
    k.after_action(game)
    assert k.running
    clock.now += 12.5
    assert k.elapsed() == 12.5


def test_the_clock_pauses_while_the_page_is_hidden_and_goes_on_when_shown():
    clock = Clock()
    k, game = started(clock)
    game.play(stock_move(game))
    k.after_action(game)
    clock.now += 10
    k.pause()
    assert not k.running and k.elapsed() == 10
    clock.now += 500                              # hidden: not counted
    assert k.elapsed() == 10
    k.after_action(game)                          # an action while hidden (a storage event...) does not restart it
    clock.now += 5
    assert k.elapsed() == 10
    k.resume()
    clock.now += 3
    assert k.elapsed() == 13
    k.pause()
    k.pause()                                     # twice: still paused, nothing lost
    k.resume()
    k.resume()
    clock.now += 1
    assert k.elapsed() == 14


def test_the_clock_stops_on_a_win_and_goes_on_if_the_win_is_undone():
    clock = Clock()
    k = Records(Store(MemoryStorage()), clock)
    k.boot("")
    game = Game.from_code(foundation_only_deal())
    k.after_action(game)
    moves = game.finish_moves()
    for m in moves[:-1]:
        game.play(m)
        k.after_action(game)
    clock.now += 20
    game.play(moves[-1])
    k.after_action(game)
    assert game.won and not k.running and k.elapsed() == 20
    clock.now += 100
    assert k.elapsed() == 20                      # stopped
    game.undo()
    k.after_action(game)
    clock.now += 2
    assert k.elapsed() == 22


def test_the_paused_time_is_saved_and_a_reload_goes_on_from_it():
    clock, st = Clock(), MemoryStorage()
    k, game = started(clock, st)
    game.play(stock_move(game))
    k.after_action(game)
    clock.now += 75
    k.pause()
    k.save(game)                                  # the page saves when it is hidden
    assert json.loads(st.items[SAVE_KEY])["seconds"] == 75.0
    clock2 = Clock()
    k2 = Records(Store(st), clock2)
    again = k2.boot("")
    k2.after_action(again)
    assert k2.running and k2.elapsed() == 75
    clock2.now += 4
    assert k2.elapsed() == 79
    # booted in a hidden tab: paused at once
    k3 = Records(Store(st), Clock())
    k3.boot("")
    k3.pause()
    assert not k3.running and k3.elapsed() == 75


def bookkeeping(c, keeper):
    """The session's effect table with the bookkeeping handlers it registers (static/worker/effects.py); the
    controller is the read view they look at (its game and settings)."""
    effects = Effects()
    records_handlers(effects, keeper, c)
    return effects


def test_restart_of_a_won_game_starts_a_new_clock():
    clock = Clock()
    c = make(foundation_only_deal(), auto_finish=True, motion=False)   # the finish at once
    k = Records(Store(MemoryStorage()), clock)
    k.boot("")
    fx = bookkeeping(c, k)
    fx.run([Changed()])                        # the deal's first drawing
    c.dispatch(AutoFinish())
    fx.run(c.take_effects())
    assert c.game.won and k.last_win is not None and not k.running
    won_id = k.id
    c.dispatch(Button("restart"))
    fx.run(c.take_effects())                      # new_record, then changed: a new game from the start
    assert k.id != won_id and k.last_win is None
    clock.now += 50
    assert k.elapsed() == 0 and not k.running


def test_the_effect_table_saves_the_game_at_each_change_a_new_deal_at_once():
    st = MemoryStorage()
    k = Records(Store(st), Clock())
    k.boot("")
    c = make()
    fx = bookkeeping(c, k)
    c.dispatch(Tap("stock"))
    fx.run(c.take_effects())
    assert json.loads(st.items[SAVE_KEY])["moves"] == [str(m) for m in c.game.history]
    c.dispatch(NewDeal(Game.from_code("CF1-D3-AAAAACM")))
    fx.run(c.take_effects())
    assert json.loads(st.items[SAVE_KEY])["code"] == "CF1-D3-AAAAACM"


# --------------------------------------------------------------------------- the settings

def test_the_counter_settings_are_on_by_default_and_validated_by_type():
    s = Settings()
    assert s.show_moves is True and s.show_clock is True
    assert "show_moves" in TOGGLES and "show_clock" in TOGGLES   # the dialog's checkboxes
    back = Settings.from_json(Settings(show_moves=False, show_clock=False).to_json())
    assert (back.show_moves, back.show_clock) == (False, False)
    s, intact = Settings.read(json.dumps({"version": 1, "show_moves": "no", "show_clock": 0}))
    assert (s.show_moves, s.show_clock, intact) == (True, True, False)
    s, intact = Settings.read(json.dumps({"version": 1, "show_clock": False}))
    assert (s.show_moves, s.show_clock, intact) == (True, False, True)


# --------------------------------------------------------------------------- the personal best

def table(**kw):
    t = {"played": 3, "won": 2, "streak": 1, "best_streak": 1, "best_score": 200, "fastest": 300.0, "rate": 2 / 3}
    t.update(kw)
    return t


def test_records_beaten():
    assert records_beaten(table(won=0, best_score=None, fastest=None), 100, 500, 90) == ["first"]
    assert records_beaten(table(), 200, 300.0, 90) == []              # equal is not beaten
    assert records_beaten(table(), 201, 300.0, 90) == ["score"]
    assert records_beaten(table(), 150, 299.9, 90) == ["time"]
    assert records_beaten(table(), 150, 300.04, 90) == []             # the statistics keep tenths
    assert records_beaten(table(), 260, 120, 90) == ["score", "time"]
    assert records_beaten(table(fewest=100), 100, 400, 99) == ["moves"]
    assert records_beaten(None, 260, 1, 1) == []                      # the win was not recorded here


def test_best_text_in_every_language():
    for lang in LANGUAGES:
        t = Translator(lang)
        assert best_text([], t) == ""
        assert best_text(["first"], t) == t("win.best.first")
        both = best_text(["score", "time"], t)
        assert t("win.record.score") in both and t("win.record.time") in both


# --------------------------------------------------------------------------- the next daily deal

def test_next_daily():
    assert next_daily(None, "2026-12-01", []) is None                          # not a daily deal
    assert next_daily("2026-12-01", "2026-12-01", ["2026-12-01"]) == "tomorrow"
    assert next_daily("2026-11-30", "2026-12-01", ["2026-11-30"]) == "today"   # today's not played yet
    assert next_daily("2026-11-30", "2026-12-01", ["2026-11-30", "2026-12-01"]) == "tomorrow"
    assert add_days("2026-12-31", 1) == "2027-01-01"


def test_the_daily_deal_and_the_days_played_are_kept_in_the_save():
    st = MemoryStorage()
    k, game = started(Clock(), st)
    k.mark_daily("2026-12-01", game)
    assert k.daily == "2026-12-01" and k.dailies == []            # played once a move is made
    game.play(stock_move(game))
    k.after_action(game)
    assert k.dailies == ["2026-12-01"]
    rec = json.loads(st.items[SAVE_KEY])
    assert rec["daily"] == "2026-12-01" and rec["dailies"] == ["2026-12-01"]
    k2 = Records(Store(st), Clock())
    again = k2.boot("")
    assert (k2.daily, k2.dailies) == ("2026-12-01", ["2026-12-01"]) and again.history == game.history
    # a new deal is not a daily deal; the days played stay
    other = Game.from_code("CF1-D3-AAAAACM")
    k2.after_action(other)
    assert k2.daily is None and k2.dailies == ["2026-12-01"]
    assert "daily" not in json.loads(st.items[SAVE_KEY])


@pytest.mark.parametrize("daily, dailies", [("2026-13-01", ["x"]), (5, "2026-12-01"), ("yesterday", [None, 3]),
                                            (None, ["2026-12-01"] * 3 + ["bad"])])
def test_bad_daily_fields_are_dropped_not_fatal(daily, dailies):
    st = MemoryStorage()
    k, game = started(Clock(), st)
    game.play(stock_move(game))
    k.after_action(game)
    rec = json.loads(st.items[SAVE_KEY])
    rec.update(daily=daily, dailies=dailies)
    st.items[SAVE_KEY] = json.dumps(rec)
    k2 = Records(Store(st), Clock())
    again = k2.boot("")
    assert again is not None and again.history == game.history and not k2.notices
    assert k2.daily is None and all(len(d) == 10 for d in k2.dailies)


# --------------------------------------------------------------------------- fewest moves in the statistics

def test_the_statistics_keep_the_fewest_moves_of_a_win_and_read_older_records():
    s = Stats()
    s.start("canfield-D1", "a")
    s.win("a", 255, 300.0, 120)
    s.start("canfield-D1", "b")
    s.win("b", 255, 400.0, 95)
    s.start("canfield-D1", "c")
    s.win("c", 255, 100.0)                       # a win without its moves (an older page): fewest unchanged
    assert s.table("canfield-D1")["fewest"] == 95
    assert Stats.from_json(s.to_json()).table("canfield-D1")["fewest"] == 95
    old = json.loads(s.to_json())
    del old["tables"]["canfield-D1"]["fewest"]   # a record written before the move counter
    assert "fewest" not in Stats.from_json(json.dumps(old)).table("canfield-D1")
    other = Stats.from_json(json.dumps(old))
    assert s.merge(other).table("canfield-D1")["fewest"] == 95 == other.merge(s).table("canfield-D1")["fewest"]


@pytest.mark.parametrize("bad", [-1, 1.5, "9", True, 10**7])
def test_a_bad_fewest_is_refused_with_a_reason(bad):
    s = Stats()
    s.start("canfield-D1", "a")
    s.win("a", 255, 300.0, 120)
    rec = json.loads(s.to_json())
    rec["tables"]["canfield-D1"]["fewest"] = bad
    with pytest.raises(InvalidStats) as err:
        Stats.from_json(json.dumps(rec))
    assert err.value.reason == "bad-field"


def test_a_win_in_fewer_moves_is_a_personal_best():
    clock = Clock()
    k = Records(Store(MemoryStorage()), clock)
    k.boot("")
    k.stats.start("canfield-D1", "old")
    k.stats.win("old", 255, 10.0, 200)           # best score and fastest already out of reach
    game = Game.from_code(foundation_only_deal())
    k.after_action(game)
    moves = game.finish_moves()
    for m in moves:
        game.play(m)
        k.after_action(game)
        clock.now += 1                           # 85 moves, 85 seconds: slower than the record
    won = k.last_win
    assert won["moves"] == len(moves) < 200 and won["before"]["fewest"] == 200
    assert records_beaten(won["before"], won["score"], won["seconds"], won["moves"]) == ["moves"]
    assert k.stats.table("canfield-D1")["fewest"] == len(moves)
