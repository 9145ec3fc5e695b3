"""The motion plans (static/worker/motion.py) and the animated auto-finish of the controller, under CPython."""

from __future__ import annotations

import sys
from math import isclose
from pathlib import Path

import pytest
from hypothesis import given, settings as hsettings, strategies as st

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))
sys.path.insert(0, str(REPO / "tests"))

from canfield import Game  # noqa: E402
from worker.controller import Controller  # noqa: E402
from shared.vocab import AutoFinish, Button, Celebrate, Changed, FinishStep, FinishTimer, Key, OpenDialog, Tap  # noqa: E402
from worker.i18n import Translator  # noqa: E402
from worker.layout import compute  # noqa: E402
from worker.motion import (  # noqa: E402
    DEAL_MS, FALL, FLIGHT_MS, MAX_BOUNCES, RISE, bounce, cascade_order, deal_flights, deal_plan, throw_speed,
)
from worker.state import UIState  # noqa: E402
from worker.view import column_lengths, view_model  # noqa: E402
from worker.settings import Settings  # noqa: E402
from engine_helpers import foundation_only_deal  # noqa: E402


# ---- the deal ---------------------------------------------------------------------------------

def test_the_deal_goes_in_dealing_order_and_lasts_about_a_second():
    plan = deal_plan("QC", 13, [("7H", "foundation-1")],
                     [("2S", "tableau-1"), ("3S", "tableau-2"), ("4S", "tableau-3"), ("5S", "tableau-4")])
    assert len(plan) == 18
    assert [f.key for f in plan[:12]] == [None] * 12          # the reserve's hidden cards, as backs
    assert [f.pile for f in plan[:13]] == ["reserve"] * 13
    assert plan[12].key == "QC" and plan[13].key == "7H"
    assert [f.key for f in plan[14:]] == ["2S", "3S", "4S", "5S"]
    delays = [f.delay for f in plan]
    assert delays == sorted(delays) and len(set(delays)) == len(delays)   # staggered
    assert delays[0] == 0
    assert isclose(plan[-1].delay + plan[-1].duration, DEAL_MS, abs_tol=1)
    assert all(f.duration == FLIGHT_MS for f in plan)


def test_a_deal_with_an_empty_reserve_and_one_card():
    assert deal_plan(None, 0, [], []) == []
    plan = deal_plan(None, 0, [("7H", "foundation-1")], [])
    assert [(f.key, f.delay) for f in plan] == [("7H", 0)]


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)])
@pytest.mark.parametrize("code", ["CF1-D3-AAAAACL", "CF1-D1-AAAAAAB", "CL1-D3-AAAAACL"])
def test_every_flight_starts_on_the_stock_and_ends_on_its_place(size, code):
    game = Game.from_code(code)
    layout = compute(*size, column_lengths(game), draw=game.draw)
    vm = view_model(game, UIState(), layout)
    reserve = vm.cards["reserve"]
    base = [(p.code, pile) for pile in (f"foundation-{i}" for i in range(1, 5)) for p in vm.cards[pile]]
    columns = [(p.code, f"tableau-{i}") for i in range(1, 5) for p in vm.cards[f"tableau-{i}"]]
    plan = deal_plan(reserve[-1].code, len(game.reserve), base, columns)
    places = {p.code: (pile, p.x, p.y) for pile, ps in vm.cards.items() for p in ps}
    flights = deal_flights(plan, layout.piles, places)
    assert [f[:3] for f in flights] == [[f.key, f.delay, f.duration] for f in plan]
    sx, sy = layout.piles["stock"][:2]
    for key, _, _, dx, dy in flights:
        if key is None:                               # a back lands on the reserve's place
            x, y = layout.piles["reserve"][:2]
        else:
            pile, cx, cy = places[key]
            x, y = layout.piles[pile][0] + cx, layout.piles[pile][1] + cy
        assert isclose(x + dx, sx, abs_tol=0.06) and isclose(y + dy, sy, abs_tol=0.06), (key, x, y, dx, dy)


# ---- the bouncing cards -----------------------------------------------------------------------

@hsettings(max_examples=200, deadline=None)
@given(x=st.floats(0, 1200), y=st.floats(0, 300), extra=st.floats(50, 700), vx=st.floats(0.05, 0.6),
       left=st.booleans(), vy=st.floats(-0.8, 0.0))
def test_a_thrown_card_falls_bounces_lower_each_time_and_leaves(x, y, extra, vx, left, vy):
    width, card_w = 1280.0, 80.0
    floor = y + extra
    b = bounce(x, y, floor, width, card_w, -vx if left else vx, vy)
    offsets = [o for o, _, _ in b.ys]
    assert offsets[0] == 0 and offsets[-1] == 1
    assert all(a < c for a, c in zip(offsets, offsets[1:]))
    assert len(b.ys) <= 2 * MAX_BOUNCES + 4                  # a bounded number of keyframes
    lowest = floor - y
    assert all(dy <= lowest + 0.01 for _, dy, _ in b.ys)     # never below the floor
    assert b.ys[-1][1] == pytest.approx(lowest, abs=0.01)    # it ends on the floor
    # each rise starts on the floor and each fall from a lower top than the one before
    tops = [dy for _, dy, easing in b.ys if easing == FALL]
    assert all(later >= earlier - 0.01 for earlier, later in zip(tops[1:], tops[2:]))
    for (_, dy, easing) in b.ys:
        if easing == RISE and dy != b.ys[0][1]:
            assert dy == pytest.approx(lowest, abs=0.01)
    assert b.duration <= 2600 + 2000                          # the last fall may run past the limit
    assert (b.dx < 0) == left


def test_a_card_thrown_straight_down_is_refused():
    with pytest.raises(ValueError):
        bounce(0, 0, 100, 1000, 80, 0.0)


def test_the_cascade_empties_the_piles_tops_first_going_round():
    order = cascade_order([["AH", "2H"], ["AS"], [], ["AC", "2C", "3C"]])
    assert order == [(0, "2H"), (1, "AS"), (3, "3C"), (0, "AH"), (3, "2C"), (3, "AC")]
    assert all(throw_speed(n)[0] != 0 for n in range(60))


# ---- the animated auto-finish (the controller) ------------------------------------------------

def make(code, **kw):
    c = Controller(Game.from_code(code), Settings(auto_finish=True, **kw), Translator("en"), "en")
    c.show_game(c.game, push=False, deal=False)
    c.take_effects()
    return c


def steps(effects):
    return [e for e in effects if isinstance(e, FinishTimer)]


def test_the_speed_setting_scales_the_auto_finish_steps_and_the_deal():
    from worker.motion import SPEED_FACTORS
    code = foundation_only_deal()
    times = {}
    for speed in ("slow", "normal", "fast"):
        c = make(code, speed=speed)
        c.dispatch(Tap("stock"))
        (step,) = steps(c.take_effects())
        times[speed] = step.ms
    assert times["slow"] > times["normal"] > times["fast"]
    assert times["slow"] == round(times["normal"] * SPEED_FACTORS["slow"])
    plan = deal_plan("QC", 13, [("8H", "foundation-1")], [("AS", "tableau-1")], total_ms=DEAL_MS * 2,
                     flight_ms=FLIGHT_MS * 2)
    assert plan[-1].delay + plan[-1].duration == DEAL_MS * 2


def test_auto_finish_plays_one_engine_move_per_step_then_the_win():
    code = foundation_only_deal()
    c = make(code)
    want = Game.from_code(code)
    first = want.tap_move("S")
    want.play(first)
    line = want.finish_moves()
    c.dispatch(Tap("stock"))
    effects = c.take_effects()
    assert len(c.game.history) == 1                  # only the player's move is played now
    (step,) = steps(effects)
    seq = step.seq
    assert step.ms == (40 if line[0].is_stock else 80)
    played = 0
    while c.ui.finishing:
        c.dispatch(FinishStep(seq))
        played += 1
        assert list(c.game.history) == [first] + line[:played]    # the engine's finish, in its order
        effects = c.take_effects()
        assert Changed() in effects
        if c.ui.finishing:
            assert len(steps(effects)) == 1 and Celebrate() not in effects
    assert played == len(line) and c.game.won
    assert Celebrate() in effects and OpenDialog("win") not in effects
    c.dispatch(FinishStep(seq))                     # a late timer: nothing happens
    assert c.take_effects() == [] and len(c.game.history) == len(line) + 1


def test_a_tap_or_key_during_the_finish_plays_the_rest_at_once():
    code = foundation_only_deal()
    c = make(code)
    c.dispatch(Tap("stock"))
    seq = steps(c.take_effects())[0].seq
    c.dispatch(FinishStep(seq))
    c.dispatch(FinishStep(seq, rest=True))
    assert c.game.won and not c.ui.finishing
    assert Celebrate() in c.take_effects()


def test_another_action_during_the_finish_ends_the_finish_first():
    code = foundation_only_deal()
    c = make(code)
    c.dispatch(Tap("stock"))
    seq = steps(c.take_effects())[0].seq
    c.dispatch(FinishStep(seq))
    c.dispatch(Button("undo"))                      # the finish completes, then the undo undoes its last move
    assert not c.ui.finishing and not c.game.won
    n = len(c.game.history)
    c.dispatch(FinishStep(seq))                     # the old timer: nothing
    assert len(c.game.history) == n
    c.dispatch(Key("r"))                            # redo: won again, celebrated
    assert c.game.won and Celebrate() in c.take_effects()


def test_a_stale_timer_of_an_earlier_finish_does_nothing():
    code = foundation_only_deal()
    c = make(code)
    c.dispatch(Tap("stock"))
    old = steps(c.take_effects())[0].seq
    c.dispatch(Button("undo"))                      # finish done at once, then its last move undone
    c.take_effects()
    c.ui.finishing = list(c.game.finish_moves())    # as a new finish would, with a new number
    c.ui.finish_seq += 1
    n = len(c.game.history)
    c.dispatch(FinishStep(old))
    assert len(c.game.history) == n


@pytest.mark.parametrize("how", ["setting", "reduced"])
def test_with_motion_off_the_finish_and_the_win_come_at_once(how):
    code = foundation_only_deal()
    c = make(code, motion=(how != "setting"))
    c.reduced_motion = how == "reduced"
    assert not c.motion
    c.dispatch(Tap("stock"))
    effects = c.take_effects()
    assert c.game.won and not steps(effects)
    assert OpenDialog("win") in effects and Celebrate() not in effects


def test_the_setting_switched_on_finishes_step_by_step():
    code = foundation_only_deal()
    c = Controller(Game.from_code(code), Settings(), Translator("en"), "en")
    c.show_game(c.game, push=False, deal=False)
    c.dispatch(Tap("stock"))
    c.take_effects()
    c.settings.auto_finish = True
    c.dispatch(AutoFinish())
    (step,) = steps(c.take_effects())
    assert len(c.game.history) == 1
    c.dispatch(FinishStep(step.seq, rest=True))
    assert c.game.won


# ---- deals ------------------------------------------------------------------------------------

def test_new_deals_restarts_and_codes_fly_in_but_not_the_boot():
    c = Controller(Game.from_code("CF1-D3-AAAAACL"), Settings(), Translator("en"), "en")
    c.show_game(c.game, push=False, deal=False)
    assert c.ui.deal_seq == 0                       # boot: the board is already on screen
    c.show_game(Game.from_code("CF1-D3-AAAAACM"))
    assert c.ui.deal_seq == 1
    c.dispatch(Tap("stock"))
    c.dispatch(Button("restart"))
    assert c.ui.deal_seq == 2
    c.dispatch(Button("undo"))                      # the restart undone: no deal
    assert c.ui.deal_seq == 2
