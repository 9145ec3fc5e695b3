"""The engine's text forms: a move's text without a position (Move.parse / Move.text), undo and redo
returning the move, the error family's siblings, and the position text (Game.position / from_position)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canfield
from canfield import (
    RULESETS, AmbiguousMove, AmbiguousMoveError, CanfieldError, ForbiddenMove, Game, IllegalMove, IllegalMoveError,
    InvalidMove, InvalidMoveError, InvalidPosition, Move, MoveError,
)
from canfield.save import from_save, to_save

from engine_helpers import seed_example_game


def random_game(number, draw, rules, picks, undos=0):
    """A game after the legal moves `picks` chooses, then `undos` undos."""
    g = Game.new(draw=draw, rules=rules, number=number)
    for p in picks:
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[p % len(legal)])
    for _ in range(undos):
        g.undo()
    return g


GAMES = st.builds(random_game, st.integers(0, 26 ** 7 - 1), st.sampled_from([1, 3]), st.sampled_from(list(RULESETS)),
                  st.lists(st.integers(0, 999), max_size=150), st.integers(0, 5))


# ---- a move's text, without a position ---------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(game=GAMES)
def test_every_legal_move_text_round_trips_without_a_position(game):
    for m in game.legal_moves():
        text = m.text()
        assert str(m) == text
        parsed = Move.parse(text)
        assert parsed.text() == text
        if m.is_stock:  # the count of a draw or a recycle is the position's: parse leaves it to play
            assert (parsed.src, parsed.dst, parsed.count) == (m.src, m.dst, None)
        else:
            assert parsed == m
        assert eval(repr(parsed), {"Move": Move}) == parsed  # repr is the parse call
        g = game.copy()
        assert g.play(parsed) == m  # play fills in a stock move's count
        h = game.copy()
        h.play(m)
        assert g.state() == h.state()


def test_draw_and_recycle_have_distinct_texts():
    assert Move("S", "W", 3).text() == "S" and Move("S", "W", 1).text() == "S"
    assert Move("W", "S", 24).text() == "W-S"
    assert Move.parse("S").is_draw and Move.parse("w - s").is_recycle
    assert Move.parse("S:3-W") == Move("S", "W", 3) and Move.parse("W:24-S") == Move("W", "S", 24)
    assert repr(Move.parse("T2:3-T4")) == "Move.parse('T2:3-T4')"
    assert repr(Move("S", "W", 3)) == "Move('S', 'W', 3)"  # parse("S") would lose the 3


@pytest.mark.parametrize("text", ["X-Y", "", "S-T1", "T1-S", "R-S", "W-F", "T1-F", "F-T2", "T13-T1", "R5-T1", "T1:0-T2",
                                  "T1:" + "9" * 50 + "-T2", 42, None])
def test_move_parse_refuses_what_names_no_move_without_a_position(text):
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


def test_the_short_form_s_plays_a_draw_or_a_recycle_and_w_s_only_a_recycle():
    g = Game.from_position(GOOD)
    while len(g.stock) > 3:  # leave a last packet in the stock and the others in the waste
        g.play("S")
    last = len(g.stock)
    g = Game.from_position(g.position())
    with pytest.raises(IllegalMoveError, match="stock move here is S"):
        g.play("W-S")  # the stock is not empty
    n = len(g.stock) + len(g.waste)
    assert g.play("S") == Move("S", "W", last)
    assert g.play("S") == Move("W", "S", n)  # the player's short form: the one stock move there is
    assert g.pass_number == 2
    g.undo()
    assert g.play("W-S") == Move("W", "S", n) and g.position().endswith(" 2 5")


def test_old_saves_saying_s_for_a_recycle_still_load_and_new_saves_write_w_s():
    g = Game.from_code("CF1-D3-AAAAACL")
    while g.stock:
        g.play("S")
    g.play("S")
    assert g.history[-1].is_recycle
    record = to_save(g)
    assert record["moves"][-1] == "W-S" and record["moves"][0] == "S"
    old = dict(record, moves=["S"] * len(record["moves"]))  # what the engine wrote before
    for data in (record, old):
        again = from_save(json.loads(json.dumps(data)))
        assert again.state() == g.state() and again.history == g.history


def test_undo_and_redo_return_the_move_or_none():
    g = seed_example_game()
    assert g.undo() is None and g.redo() is None
    first = g.play("R-T2")
    second = g.play("S")
    assert g.undo() == second and g.undo() == first and g.undo() is None
    assert g.redo() == first and g.redo() == second and g.redo() is None


# ---- the error family ------------------------------------------------------------------------

def test_move_errors_are_siblings_under_one_parent_and_old_names_still_work():
    three = (InvalidMoveError, IllegalMoveError, AmbiguousMoveError)
    for cls in three:
        assert issubclass(cls, MoveError) and issubclass(cls, CanfieldError) and issubclass(cls, ValueError)
        assert not any(issubclass(cls, other) for other in three if other is not cls)
    assert (IllegalMove, InvalidMove, AmbiguousMove, ForbiddenMove) == (MoveError, InvalidMoveError,
                                                                       AmbiguousMoveError, IllegalMoveError)
    g = seed_example_game()
    two = Game.from_position(text_of(head="CF1-D3 7 HSDC", found="7H8H/-/7D8D/-", cols="9S/QC/3C/4C", reserve="2C"))
    for game, text, cls in ((g, "X", InvalidMoveError), (g, "T1-T2", IllegalMoveError),
                            (two, "F-T1", AmbiguousMoveError)):
        with pytest.raises(IllegalMove) as caught:  # the old parent's name catches all three
            game.play(text)
        assert type(caught.value) is cls


def test_every_error_class_lives_in_errors_and_is_exported():
    import canfield.errors as errors
    import canfield.save
    import canfield.stats

    names = [n for n, v in vars(errors).items() if isinstance(v, type) and issubclass(v, CanfieldError)]
    assert {"InvalidSave", "InvalidStats", "InvalidPosition", "InvalidJSON"} <= set(names)
    for n in names:
        assert getattr(canfield, n) is getattr(errors, n) and getattr(errors, n).__module__ == "canfield.errors"
    assert canfield.save.InvalidSave is errors.InvalidSave and canfield.stats.InvalidStats is errors.InvalidStats


# ---- the position text --------------------------------------------------------------------------

@settings(max_examples=120, deadline=None)
@given(game=GAMES)
def test_position_text_round_trips(game):
    text = game.position()
    assert "\n" not in text and Game.fen is Game.position
    again = Game.from_position(text)
    assert again.position() == text
    if game.rules.decks == 1:  # several decks: the text tells a card's copies apart by their order only
        assert again.state() == game.state()
    assert (again.rules, again.draw, again.base_rank, again.foundation_suits, again.pass_number, again.score) == (
        game.rules, game.draw, game.base_rank, game.foundation_suits, game.pass_number, game.score)
    assert again.legal_moves() == game.legal_moves()
    assert again.won == game.won and again.code is None
    legal = again.legal_moves()
    if legal:
        again.play(legal[0])
        again.restart()  # back to the position read, pass and score included
        assert again.position() == text and not again.history


def test_position_text_of_the_seed_example():
    g = seed_example_game()
    text = g.position()
    head, base, suits, found, cols, reserve, waste, stock, passes, score = text.split(" ")
    assert (head, base, suits, found, cols) == ("CF1-D3", "7", "HSDC", "7H/-/-/-", "6C/KH/QH/AS")
    assert reserve.endswith("js" + "qs" + "8h" + "QC") and reserve[:-2].islower()  # only the top is face up
    assert waste == "-" and stock.islower() and len(stock) == 68
    assert (passes, score) == ("1", "0")


def text_of(found="AS/-/-/-", cols="5H/6S/7H/8S", reserve="-", waste="-", stock="", head="CF1-D3 A SHDC", tail="1 5"):
    """A position text whose stock ends with `stock` and holds, under it, every card the other fields leave out."""
    named = (found + cols + reserve + waste + stock).replace("/", "").replace("-", "").upper()
    have = {named[i:i + 2] for i in range(0, len(named), 2)}
    rest = "".join(c.code.lower() for c in canfield.CARDS if c.code not in have)
    return f"{head} {found} {cols} {reserve} {waste} {rest + stock or '-'} {tail}"


GOOD = text_of()


@pytest.mark.parametrize("text,words", [
    (42, "is text"),
    ("CF1-D3 A SHDC", "has 10 fields"),
    ("CF1-D3 A SHDC " + "x" * 3000, "at most"),
    (text_of(head="ZZ1-D3 A SHDC"), "unknown rules prefix"),
    (text_of(head="CF1-D2 A SHDC"), "D1 or D3"),
    (text_of(head="CF1-D3 1 SHDC"), "base rank"),
    (text_of(head="CF1-D3 A SHDD"), "the letters SHDC, each once"),
    (text_of(found="AS/-/-"), "4 foundations"),
    (text_of(cols="5H/6S/7H/8S/-"), "4 foundations and 4 columns"),
    (text_of(tail="0 5"), "pass is 1 or more"),
    (text_of(tail="1 -5"), "score is a whole number"),
    (text_of(tail="x 5"), "pass is a whole number"),
    (text_of(stock="9h2s3") , "two characters each"),
    (text_of(stock="9h2S3s"), "small letters"),          # a face-up card in the stock
    (text_of(stock="9h2s3X"), "small letters|not a card"),
    (text_of(stock="9hxs"), "not a card"),
    (text_of(waste="9h"), "9H in the waste is face up"),  # a face-down card in the waste
    (text_of(reserve="kd"), "KD in the reserve is face up"),  # the reserve's top is face up
    (text_of(reserve="KDQD"), "small letters"),          # the reserve's under-cards are face down
    (text_of(stock="as"), "AS is in"),
    (GOOD.replace("ac", "", 1), "missing: AC"),
    (text_of(found="AS2H/-/-/-"), "foundation 1 cannot hold 2H"),
    (text_of(cols="5H/6S/7H/8S8D"), "column 4: 8D cannot lie on 8S"),
    (text_of(cols="5H/6S/7H/-", reserve="8S"), "column 4 is empty while the reserve has cards"),
])
def test_bad_position_texts_are_refused_with_the_reason(text, words):
    with pytest.raises(InvalidPosition, match=words):
        Game.from_position(text)


def test_positions_that_the_rules_allow_read():
    for text in (GOOD, text_of(reserve="kdQD", cols="5H/6S/7H/8S"), text_of(cols="5H/6S/7H/-", reserve="-"),
                 text_of(waste="9H", stock="2s", tail="3 20")):
        g = Game.from_position(text)
        assert g.position() == text
    assert Game.from_position(text_of(tail="3 20")).pass_number == 3


def test_tests_can_build_positions_from_text():
    g = Game.from_position(text_of(found="AS2S3S/-/-/-", cols="4S/6S/7H/8S", stock="5s", head="CF1-D1 A SHDC"))
    assert g.play("T1-F") == Move("T1", "F1", 1) and g.score == 10
    assert g.play("S").count == 1 and g.waste[-1].code == "5S"
