"""The interaction rules (static/worker/controller.py) under CPython: what a tap, a drop, a key, a hint, a
restart, a new deal or a hash change does, with and without a selection. The engine is the oracle."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))

from canfield import Game  # noqa: E402
from shared.vocab import (  # noqa: E402
    AskDaily, AskDeal, AskHint, Answer, Button, Celebrate, CelebrationEnd, CelebrationStart, Changed, Confirm, DragStart,
    Drop, Focus, FocusPile, GoBack, HashChanged, HintShown, Key, NewDeal, NoticeShown, OpenDialog, Pointer, Say,
    Shake, ShowNotice, HideNotice, Tap, WriteHash,
)
from dataclasses import replace  # noqa: E402

from worker.layout import compute  # noqa: E402
from shared.table import Selection, moves_from  # noqa: E402
from worker.view import column_lengths, view_model  # noqa: E402

from ui_helpers import CODE, make_controller as make  # noqa: E402


def kinds(effects):
    return [e.kind for e in effects]


def said(effects):
    return " ".join(e.text for e in effects if isinstance(e, Say))


def first_move(game, src_prefix="T"):
    """A legal non-stock move of the position from a tableau pile or the reserve (engine's order)."""
    return next(m for m in game.legal_moves() if not m.is_stock and m.src[0] in src_prefix)


# ---- taps -----------------------------------------------------------------------------------

def test_tap_on_the_stock_draws_and_drops_a_selection():
    c = make(tap_to_columns=False)
    before = len(c.game.stock)
    c.ui.selection = Selection("reserve", 1)
    c.dispatch(Tap("stock"))
    assert len(c.game.stock) == before - 3 and c.ui.selection is None
    assert Changed() in c.take_effects()


def test_tap_plays_the_engines_tap_move_without_a_selection():
    c = make()
    oracle = Game.from_code(CODE)
    move = oracle.tap_move("T4", 1, True)       # 6D onto 7C (the deal's one column move)
    assert str(move) == "T4-T2"
    c.dispatch(Tap("tableau-4", 0))
    oracle.play(move)
    assert c.game.state() == oracle.state()
    fx = c.take_effects()
    assert Changed() in fx and said(fx)


def test_tap_without_automatic_target_picks_up_then_second_tap_places_or_refuses():
    c = make(tap_to_columns=False)
    game = c.game
    # a card with a column move and no foundation move
    pile = next(p for p in ("reserve", "tableau-1", "tableau-2", "tableau-3", "tableau-4")
                if moves_from(game, p, 1) and game.tap_move({"reserve": "R"}.get(p, "T" + p[-1]), 1, False) is None)
    c.dispatch(Tap(pile))
    assert c.ui.selection == Selection(pile, 1)
    assert "Selected" in said(c.take_effects())
    # a tap on the same pile puts it down
    c.dispatch(Tap(pile))
    assert c.ui.selection is None and "cancelled" in said(c.take_effects()).lower()
    # picked up again, a tap on an illegal pile shakes and drops the selection, nothing moves
    c.dispatch(Tap(pile))
    state = c.game.state()
    illegal = next(p for p in ("foundation-2", "foundation-3", "foundation-4") if p not in moves_from(game, pile, 1))
    c.take_effects()
    c.dispatch(Tap(illegal))
    fx = c.take_effects()
    assert c.ui.selection is None and c.game.state() == state
    assert Shake(pile, 1) in fx and "Not a legal move" in said(fx)
    # and a tap on a legal destination plays the move
    c.dispatch(Tap(pile))
    dest, move = next(iter(moves_from(game, pile, 1).items()))
    oracle = Game.from_code(CODE)
    oracle.play(move)
    c.dispatch(Tap(dest))
    assert c.ui.selection is None and c.game.state() == oracle.state()


def test_tap_on_a_card_with_no_move_shakes_it():
    c = make()
    game = c.game
    pile = next(p for p in ("tableau-1", "tableau-2", "tableau-3", "tableau-4") if not moves_from(game, p, 1))
    state = game.state()
    c.dispatch(Tap(pile, 0))
    fx = c.take_effects()
    assert Shake(pile, 1) in fx and game.state() == state and c.ui.selection is None


def test_tap_on_an_empty_pile_without_selection_does_nothing():
    c = make()
    c.dispatch(Tap("waste"))
    assert c.take_effects() == [] and c.ui.selection is None


# ---- drops ----------------------------------------------------------------------------------

def test_legal_drop_plays_and_slides_from_the_drop_point():
    c = make()
    move = first_move(c.game, "RT")
    src = {"R": "reserve"}.get(move.src, "tableau-" + move.src[-1])
    dst = "tableau-" + move.dst[-1] if move.dst[0] == "T" else "foundation-" + move.dst[-1]
    c.ui.selection = Selection("waste", 1)
    seq = c.ui.anim_seq
    c.dispatch(Drop(src, move.count, dst, {"QC": (10.0, 20.0)}))
    assert c.game.history[-1] == move and c.ui.selection is None
    assert c.ui.slide_from == {"QC": (10.0, 20.0)} and c.ui.anim_seq > seq


def test_illegal_drop_changes_nothing_slides_back_and_is_announced():
    c = make()
    state = c.game.state()
    seq = c.ui.anim_seq
    c.dispatch(Drop("reserve", 1, "foundation-4", {"QC": (1.0, 2.0)}))
    fx = c.take_effects()
    assert c.game.state() == state and Changed() not in fx
    assert c.ui.slide_from == {"QC": (1.0, 2.0)} and c.ui.anim_seq == seq + 1
    assert "Not a legal move" in said(fx)
    assert "cannot go there (empty foundation)" in said(fx)     # the pile it was let go over, as seen
    c.dispatch(Drop("reserve", 1, None, {"QC": (1.0, 2.0)}))     # dropped on no pile at all
    assert "goes back" in said(c.take_effects()) and c.game.state() == state
    c.dispatch(Drop("reserve", 1, "reserve", {"QC": (1.0, 2.0)}))   # back on its own pile: nothing to say
    assert said(c.take_effects()) == "" and c.game.state() == state and c.ui.slide_from == {"QC": (1.0, 2.0)}


def test_a_drag_is_ui_state_marked_by_the_view_and_ended_by_a_change_a_dialog_or_a_drop():
    c = make()
    layout = compute(1280, 800, column_lengths(c.game))
    move = first_move(c.game, "RT")
    src = {"R": "reserve"}.get(move.src, "tableau-" + move.src[-1])
    c.dispatch(DragStart(src, move.count))
    drag = c.ui.drag
    assert drag.pile == src and drag.count == move.count
    assert set(drag.dests) == set(moves_from(c.game, src, move.count)) and drag.dests
    vm = view_model(c.game, c.ui, layout)
    tail = [card.code for card in c.game.pile(move.src)[-move.count:]]
    assert [p.code for p in vm.cards[src] if "dragging" in p.marks] == tail
    assert {p for p, m in vm.pile_marks.items() if "target" in m} == set(drag.dests)
    c.dispatch(Focus("tableau-1"))                     # no change of position: the drag goes on
    assert c.ui.drag is drag
    c.dispatch(Key("d"))                               # a draw in mid-drag: the cards go back
    assert Changed() in c.take_effects() and c.ui.drag is None
    assert not any("dragging" in p.marks for ps in view_model(c.game, c.ui, layout).cards.values() for p in ps)
    c.dispatch(DragStart("reserve", 1))
    c.dispatch(Button("stats"))                        # a dialog opens
    assert any(isinstance(e, OpenDialog) for e in c.take_effects()) and c.ui.drag is None
    c.dispatch(DragStart("reserve", 1))
    c.dispatch(Drop("reserve", 1, None, {}))
    assert c.ui.drag is None


def test_a_notice_is_ui_state_and_an_old_timer_never_hides_a_newer_one():
    c = make()
    c.dispatch(ShowNotice("first", 100))
    fx = c.take_effects()
    first = c.ui.notice
    assert first.text == "first" and NoticeShown("first", 100, first.seq) in fx
    c.dispatch(ShowNotice("second"))
    second = c.ui.notice
    assert second.text == "second" and second.seq != first.seq
    c.dispatch(HideNotice(first.seq))              # the first notice's timer, late: the second stays
    assert c.ui.notice is second
    c.dispatch(HideNotice(second.seq))
    assert c.ui.notice is None
    c.dispatch(HashChanged("NOPE"))                # the controller's own notices are state too
    assert "NOPE" in c.ui.notice.text
    c.dispatch(HideNotice())                       # the close button
    assert c.ui.notice is None


def test_the_win_cascade_is_ui_state_begun_only_for_a_won_game_with_motion():
    c = make()
    c.dispatch(CelebrationStart())
    assert not c.ui.celebrating                    # not won: nothing to celebrate
    from canfield.solver import solve
    for text in solve(c.game).moves:
        c.game.play(text)
    assert c.game.won
    c.settings = replace(c.settings, motion=False)
    c.dispatch(CelebrationStart())
    assert not c.ui.celebrating                    # motion off: the dialog comes at once instead
    c.settings = replace(c.settings, motion=True)
    c.dispatch(DragStart("foundation-1", 1))
    seq = c.ui.celebration_seq
    c.dispatch(CelebrationStart())
    assert c.ui.celebrating and c.ui.celebration_seq == seq + 1 and c.ui.drag is None
    c.dispatch(CelebrationEnd())
    assert not c.ui.celebrating


# ---- keys -----------------------------------------------------------------------------------

def test_keys_move_the_focus_and_enter_picks_up_and_puts_down():
    c = make()
    c.dispatch(Focus("stock", keyboard=True))
    c.dispatch(Key("ArrowDown"))
    assert c.ui.focus == "reserve" and c.ui.keyboard
    assert FocusPile("reserve") in c.take_effects()
    c.dispatch(Key("Enter"))                     # the reserve's ten has no move: refused
    assert c.ui.selection is None and Shake("reserve", 1) in c.take_effects()
    for _ in range(4):
        c.dispatch(Key("ArrowRight"))
    assert c.ui.focus == "tableau-4"
    c.dispatch(Key("Enter"))
    assert c.ui.selection == Selection("tableau-4", 1)
    c.dispatch(Key("Escape"))
    assert c.ui.selection is None and "cancelled" in said(c.take_effects()).lower()
    # Enter on a pile with a legal target for the selection plays it
    c.dispatch(Key("Enter"))
    dest, move = next(iter(moves_from(c.game, "tableau-4", 1).items()))
    c.ui.focus = dest
    c.dispatch(Key("Enter"))
    assert c.game.history[-1] == move and c.ui.selection is None


def test_enter_on_the_selected_pile_plays_its_automatic_move():
    c = make()
    c.ui.focus = "tableau-4"
    c.dispatch(Key("Enter"))
    assert c.ui.selection == Selection("tableau-4", 1)
    want = Game.from_code(CODE).tap_move("T4", 1, True)
    c.dispatch(Key("Enter"))
    assert c.game.history[-1] == want


def test_arrows_walk_a_column_and_the_cursor_card_is_marked():
    from canfield.solver import solve
    c = make()
    for text in solve(c.game).moves:
        c.game.play(text)
        if len(c.game.tableau[0]) >= 4:
            break
    c.dispatch(Focus("tableau-1", keyboard=True))
    n = len(c.game.tableau[0])
    assert n >= 4
    assert c.ui.cursor == n - 1
    c.dispatch(Key("ArrowUp"))
    assert c.ui.cursor == max(0, n - 2)
    vm = view_model(c.game, c.ui, compute(1280, 800, column_lengths(c.game)))
    assert vm.keyboard_cursor == c.game.tableau[0][c.ui.cursor].code
    c.dispatch(Pointer())
    vm = view_model(c.game, c.ui, compute(1280, 800, column_lengths(c.game)))
    assert vm.keyboard_cursor is None           # a pointer: no keyboard cursor drawn


def test_undo_redo_keys_and_what_the_page_keeps():
    c = make()
    c.dispatch(Key("d"))
    assert len(c.game.history) == 1
    c.dispatch(Key("z", ctrl=True))
    assert not c.game.history
    c.dispatch(Key("y", ctrl=True))
    assert len(c.game.history) == 1
    c.dispatch(Key("u"))
    c.dispatch(Key("r"))
    assert len(c.game.history) == 1
    assert c.handles(Key("ArrowLeft", in_board=True)) and not c.handles(Key("ArrowLeft", in_board=False))
    assert not c.handles(Key("Escape")) and not c.handles(Key("x"))
    assert not c.handles(Key("c", ctrl=True))


# ---- restart --------------------------------------------------------------------------------

def test_restart_is_undone_by_undo_with_its_redo_moves():
    c = make()
    c.dispatch(Tap("stock"))
    c.dispatch(Tap("stock"))
    c.dispatch(Tap("stock"))
    c.dispatch(Button("undo"))               # one move to redo
    history, redo = list(c.game.history), list(c.game.redo_moves)
    state = c.game.state()
    c.take_effects()
    c.dispatch(Button("restart"))
    fx = c.take_effects()
    assert not c.game.history and not c.game.redo_moves
    assert "notice" in kinds(fx) and "new_record" not in kinds(fx)     # the same game, not a loss
    vm = view_model(c.game, c.ui, compute(1280, 800))
    assert vm.buttons["undo"]                                      # Undo can bring it back
    c.dispatch(Button("undo"))
    assert c.game.state() == state and list(c.game.history) == history and list(c.game.redo_moves) == redo
    assert "back where it was" in said(c.take_effects())


def test_a_move_after_a_restart_forgets_the_restart():
    c = make()
    c.dispatch(Tap("stock"))
    c.dispatch(Button("restart"))
    c.dispatch(Tap("stock"))
    c.take_effects()
    c.dispatch(Button("undo"))
    assert not c.game.history and len(c.game.redo_moves) == 1     # the move after the restart, undone
    c.dispatch(Button("undo"))
    assert not c.game.history and "Nothing to undo" in said(c.take_effects())


def test_restart_of_an_untouched_game_does_nothing_and_of_a_won_game_is_a_new_record():
    c = make()
    c.dispatch(Button("restart"))
    assert c.take_effects() == []
    # a won game: the restart starts a new game for the statistics, and nothing to undo
    from canfield.solver import solve
    for text in solve(c.game).moves:
        c.game.play(text)
    assert c.game.won and not c.touched()
    c.dispatch(Button("restart"))
    fx = c.take_effects()
    assert "new_record" in kinds(fx) and not c.game.history and c.ui.restart_undo is None


# ---- leaving a game -------------------------------------------------------------------------

def test_a_new_deal_of_an_untouched_game_goes_at_once():
    c = make()
    c.dispatch(Button("deal", draw=1, rules="classic"))
    assert c.take_effects() == [AskDeal(1, "classic")]


def test_leaving_a_started_game_asks_first():
    c = make()
    c.dispatch(Tap("stock"))
    c.take_effects()
    c.dispatch(Button("deal", draw=3, rules="canfield"))
    fx = c.take_effects()
    assert kinds(fx) == ["confirm"] and c.ui.pending is not None
    c.dispatch(Answer(False))
    assert c.take_effects() == [] and c.ui.pending is None
    c.dispatch(Button("daily", draw=1, rules="canfield"))
    c.take_effects()
    c.dispatch(Answer(True))
    assert c.take_effects() == [AskDaily(1, "canfield")]


def test_hash_change_with_a_started_game_restores_the_address_and_asks():
    c = make()
    c.dispatch(Tap("stock"))
    c.take_effects()
    c.dispatch(HashChanged("CF1-D1-AAAAACL"))
    fx = c.take_effects()
    assert WriteHash(CODE, False) in fx and any(isinstance(e, Confirm) for e in fx)
    assert c.game.code == CODE
    c.dispatch(Answer(True))
    fx = c.take_effects()
    assert c.game.code == "CF1-D1-AAAAACL" and WriteHash("CF1-D1-AAAAACL", False) in fx


def test_hash_change_of_an_untouched_or_won_game_goes_at_once_and_a_bad_code_keeps_the_game():
    c = make()
    c.dispatch(HashChanged("CF1-D1-AAAAACL"))
    assert c.game.code == "CF1-D1-AAAAACL"
    c.dispatch(Tap("stock"))
    c.take_effects()
    c.dispatch(HashChanged("CF1-D3-NOPE!"))
    fx = c.take_effects()
    assert c.game.code == "CF1-D1-AAAAACL" and len(c.game.history) == 1
    assert WriteHash("CF1-D1-AAAAACL", False) in fx
    assert any(isinstance(e, NoticeShown) and "NOPE" in e.text for e in fx)


def test_new_deal_resets_the_ui_state():
    c = make()
    c.ui.selection = Selection("reserve", 1)
    c.ui.restart_undo = ((), ())
    c.dispatch(NewDeal(Game.from_code("CF1-D1-AAAAACL")))
    fx = c.take_effects()
    assert c.game.code == "CF1-D1-AAAAACL" and c.ui.selection is None and c.ui.restart_undo is None
    assert WriteHash("CF1-D1-AAAAACL", True) in fx and c.settings.draw == 1


def test_a_game_with_a_fixed_draw_keeps_the_players_draw_choice():
    c = make()
    assert c.settings.draw == 3
    c.dispatch(NewDeal(Game.from_code("RF1-D1-AAAAACL")))   # Rainfall always draws 1
    c.take_effects()
    assert c.game.draw == 1 and c.settings.rules == "rainfall" and c.settings.draw == 3
    c.dispatch(NewDeal(Game.from_code("CF1-D1-AAAAACL")))   # a game that takes the choice: it follows
    c.take_effects()
    assert c.settings.draw == 1


# ---- hints ----------------------------------------------------------------------------------

def test_hint_marks_until_the_position_changes_and_go_back_undoes():
    c = make()
    move = first_move(c.game, "RT")
    c.dispatch(HintShown(move))
    vm = view_model(c.game, c.ui, compute(1280, 800, column_lengths(c.game)))
    marked = {p for p, m in vm.pile_marks.items() if m & {"hint-src", "hint-dst"}}
    assert len(marked) == 2
    assert any("hint-src" in pl.marks for pls in vm.cards.values() for pl in pls)
    c.dispatch(Key("h"))
    assert AskHint() in c.take_effects()
    c.dispatch(Tap("stock"))
    assert c.ui.hint is None
    c.dispatch(Tap("stock"))
    c.dispatch(GoBack(2))
    assert not c.game.history


@pytest.mark.parametrize("double_click", [True, False])
@pytest.mark.parametrize("motion", [True, False])
def test_a_whole_winning_line_by_taps_and_drops(double_click, motion):
    """The solver's line played through the controller only: taps where the engine's tap move is the
    line's move, drops otherwise (the page does the same in the browser tests)."""
    from canfield.solver import solve

    result = solve(Game.from_code(CODE))
    assert result.verdict == "won"
    line = result.moves
    c = make(tap_to_columns=double_click, motion=motion)
    ui_pile = {"W": "waste", "R": "reserve", **{f"T{i}": f"tableau-{i}" for i in range(1, 5)},
               **{f"F{i}": f"foundation-{i}" for i in range(1, 5)}}
    for text in line:
        move = c.game.parse_move(text)
        if move.is_stock:
            c.dispatch(Tap("stock"))
        elif c.game.tap_move(move.src, move.count, double_click) == move:
            n = len(c.game.pile(move.src))
            c.dispatch(Tap(ui_pile[move.src], n - move.count))
        else:
            c.dispatch(Drop(ui_pile[move.src], move.count, ui_pile[move.dst], {}))
        assert c.game.history[-1] == move, text
    # with motion the win celebration comes first (the page opens the dialog after it)
    assert c.game.won and (Celebrate() if motion else OpenDialog("win")) in c.take_effects()
