"""Every rule of seed 000, and the variants of seeds 003 and 004."""

import pytest

from canfield import AmbiguousMove, Card, ForbiddenMove, Game, IllegalMove, InvalidMove, Move
from canfield.cards import CARDS

from engine_helpers import all_cards, seed_example_game


def spread(**piles):
    """A position from some piles; every card not named goes on the stock, in a fixed order."""
    named = set()
    for key, value in piles.items():
        if key in ("foundations", "tableau"):
            for pile in value:
                named.update(pile)
        elif key in ("stock", "waste", "reserve"):
            named.update(value)
    rest = [c.code for c in CARDS if c.code not in named]
    piles.setdefault("stock", [])
    piles["stock"] = rest + list(piles["stock"]) if "stock_exact" not in piles else piles["stock"]
    piles.pop("stock_exact", None)
    return piles


def position(draw=3, rules="canfield", **piles):
    return Game.from_piles(draw=draw, rules=rules, **spread(**piles))


def moves(game):
    return {str(m) for m in game.legal_moves()}


# ---- foundations ----------------------------------------------------------------------

def test_foundation_suits_order_and_base():
    g = seed_example_game()
    assert g.base_rank == 7
    assert g.foundation_suits == ("H", "S", "D", "C")
    assert g.foundation_next(0) == Card.parse("8H")
    assert g.foundation_next(1) == Card.parse("7S")
    g2 = Game.from_code("CF1-D3-AAAAAAA")  # base 3D: D first, then S H C
    assert g2.foundation_suits[0] == g2.deck[13].suit
    assert list(g2.foundation_suits[1:]) == [s for s in "SHDC" if s != g2.deck[13].suit]


def test_empty_foundation_takes_only_its_start_rank():
    # seed: the ace of spades cannot start the spade foundation when the start rank is 7
    g = seed_example_game()
    assert "T4-F2" not in moves(g)
    with pytest.raises(IllegalMove, match="7S"):
        g.play("T4-F2")
    with pytest.raises(IllegalMove, match="takes"):
        g.play("T4-F")


def test_foundation_wraps_king_to_ace_and_fills_to_13():
    g = position(
        foundations=[["QH", "KH"], [], [], []], base_rank=12, foundation_suits="HSDC",
        tableau=[["AH"], ["2C"], ["3C"], ["4C"]], reserve=["5C"],
    )
    assert "T1-F1" in moves(g)
    g.play("T1-F")
    assert g.foundations[0][-1] == Card.parse("AH")
    assert g.tableau[0] == (Card.parse("5C"),)  # refilled from the reserve
    full = position(
        foundations=[[r + "H" for r in "QKA23456789TJ"], [], [], []], base_rank=12, foundation_suits="HSDC",
        tableau=[["QS"], ["2C"], ["3C"], ["4C"]],
    )
    assert full.foundation_next(0) is None
    assert not [m for m in full.legal_moves() if m.dst == "F1"]


def test_any_source_to_foundation_scores_five():
    g = position(
        foundations=[["7H"], [], [], []],
        reserve=["2C", "8H"], waste=["7S"], tableau=[["7D"], ["5C"], ["3C"], ["4C"]],
    )
    assert {"R-F1", "W-F2", "T1-F3"} <= moves(g)
    for text in ("R-F", "W-F", "T1-F"):
        g.play(text)
    assert g.score == 15


def test_a_tail_never_goes_to_a_foundation_as_a_unit():
    # 8H 7S on column 1; 8H alone would fit foundation 1 (7H), but not with 7S on it
    g = position(foundations=[["7H"], [], [], []], reserve=["2C"],
                 tableau=[["8H", "7S"], ["5C"], ["3C"], ["4C"]])
    with pytest.raises(IllegalMove, match="one at a time"):
        g.play(Move("T1", "F1", 2))
    assert not g.is_legal(Move("T1", "F1", 2))


# ---- tableau ---------------------------------------------------------------------------

def test_builds_down_alternating_and_wraps_king_on_ace():
    g = position(
        foundations=[["7H"], [], [], []], reserve=["2C", "KH"],
        tableau=[["AS"], ["AH"], ["6S"], ["7C"]], waste=["6H"],
    )
    m = moves(g)
    assert "R-T1" in m  # red king on black ace
    assert "R-T2" not in m  # not on a red ace
    assert "W-T4" in m and "W-T3" not in m  # 6H on 7C, not on 6S
    with pytest.raises(IllegalMove, match="alternating"):
        g.play("R-T2")


def test_any_tail_moves_as_a_unit():
    g = position(
        foundations=[["7H"], [], [], []], reserve=["2C"],
        tableau=[["KH", "QS", "JH", "TS"], ["QD"], ["AS"], ["9D"]],
    )
    assert "T1:3-T2" not in moves(g)  # QS cannot go on QD
    g2 = position(
        foundations=[["7H"], [], [], []], reserve=["2C"],
        tableau=[["KH", "QS", "JH", "TS"], ["KD"], ["AS"], ["9D"]],
    )
    assert "T1:3-T2" in moves(g2)
    assert "T1-T4" not in moves(g2)  # TS on 9D: wrong way
    assert "T1:4-T3" in moves(g2)  # the whole column: KH on AS
    g2.play("T1:3-T2")
    assert [c.code for c in g2.tableau[1]] == ["KD", "QS", "JH", "TS"]
    assert [c.code for c in g2.tableau[0]] == ["KH"]


def test_only_reserve_top_plays_and_nothing_goes_on_the_reserve():
    g = seed_example_game()
    with pytest.raises(IllegalMove, match="only the top card"):
        g.play(Move("R", "T2", 2))
    with pytest.raises(IllegalMove, match="reserve"):
        g.play("T1-R")
    assert not [m for m in g.legal_moves() if m.dst == "R"]


def test_emptied_column_refilled_from_reserve_at_once():
    g = seed_example_game()
    g.play("R-T2")
    g.play("R-F")
    g.play("T2:2-T4")
    assert [c.code for c in g.tableau[1]] == ["QS"]
    assert len(g.reserve) == 10 and g.reserve[-1].code == "JS"


def test_empty_column_after_reserve_is_empty_takes_anything():
    g = position(
        foundations=[["7H"], [], [], []], reserve=[],
        tableau=[["KH", "QS"], ["2C"], [], ["4D"]], waste=["9C"],
    )
    m = moves(g)
    assert {"W-T3", "T1-T3", "T1:2-T3", "T2-T3", "T4-T3", "F1-T3"} <= m
    g.play("T2-T3")
    assert g.tableau[1] == ()  # stays empty: no reserve left


def test_column_emptied_with_empty_reserve_stays_empty():
    g = position(foundations=[["7H"], [], [], []], reserve=[], tableau=[["8H"], ["2C"], ["3C"], ["4C"]])
    g.play("T1-F1")
    assert g.tableau[0] == ()


# ---- stock and waste -------------------------------------------------------------------

def test_draw_three_recycle_unlimited():
    g = seed_example_game()
    stock = g.stock
    g.play("S")
    assert g.waste == tuple(reversed(stock[-3:]))
    assert len(g.stock) == 31
    for _ in range(11):
        g.play("S")
    assert g.stock == () and len(g.waste) == 34
    assert [c for c in g.legal_moves() if c.is_stock] == [Move("W", "S", 34)]
    g.play("S")  # recycle
    assert g.stock == stock and g.waste == ()
    for _ in range(3):  # passes are unlimited, and the order is the same each pass
        for _ in range(12):
            g.play("S")
        g.play("S")
        assert g.stock == stock
    assert g.score == 0


def test_draw_three_last_packet_smaller():
    g = seed_example_game()
    for _ in range(11):
        g.play("S")
    assert len(g.stock) == 1
    assert g.play("S") == Move("S", "W", 1)


def test_draw_one():
    g = seed_example_game(draw=1)
    top = g.stock[-1]
    assert g.play("S") == Move("S", "W", 1)
    assert g.waste == (top,)


def test_only_waste_top_plays():
    g = position(foundations=[["7H"], [], [], []], reserve=["2C"], waste=["8H", "5C"],
                 tableau=[["6D"], ["QC"], ["3C"], ["4C"]])
    m = moves(g)
    assert "W-F1" not in m and "W-T1" in m
    with pytest.raises(IllegalMove, match="only the top card"):
        g.play(Move("W", "T1", 2))


def test_no_stock_move_when_both_empty():
    g = position(foundations=[["7H"], [], [], []], reserve=["2C"], stock_exact=True, stock=[],
                 waste=[c.code for c in CARDS if c.code not in ("7H", "2C", "6D", "QC", "3C", "4C")],
                 tableau=[["6D"], ["QC"], ["3C"], ["4C"]])
    assert g.stock == () and g.play("S").dst == "S"
    assert len(g.stock) == 46


# ---- foundation take-back --------------------------------------------------------------

def test_foundation_top_goes_back_without_losing_points():
    g = position(foundations=[["7H", "8H"], [], [], []], reserve=["2C"], tableau=[["9S"], ["QC"], ["3C"], ["4C"]])
    assert "F1-T1" in moves(g)
    g.play("F1-T1")
    assert g.score == 0 and [c.code for c in g.tableau[0]] == ["9S", "8H"]
    g.play("T1-F1")
    assert g.score == 5  # placing it again scores again


# ---- win, score, undo ------------------------------------------------------------------

def almost_won(**kw):
    f = [[r + s for r in "789TJQKA23456"] for s in "HSDC"]
    last = f[3].pop()
    return Game.from_piles(foundations=f, tableau=[[last], [], [], []], **kw), last


def test_win_and_score():
    g, last = almost_won()
    assert not g.won
    g.play("T1-F4")
    assert g.won and g.score == 5
    assert g.legal_moves() == [] or all(m.src[0] == "F" for m in g.legal_moves())


WON_LINE_D1_AAAAAAB = (  # a winning line of CF1-D1-AAAAAAB (found once by canfield.solver; fixed here)
    "R-T4 S W-F2 T4-F2 S S S S S S S S S S S S S S S S S S S S S S S W-F1 S S S W-F2 S S S S S S S S S S "
    "S S S S S S S S S S S S S W-F2 S S S S S S S S S S S S S S S S S S S S S S S S S S S S S W-F2 S W-F2 "
    "S S S S S S S S S S S W-F3 S W-F2 S S W-F3 T4-F3 T2-F3 S S S S S S S S S S S S S S S S S S S W-F3 "
    "T3-F3 S S S S S S S S W-F4 S S S S S S S S S S S S S S S S S S S S S S W-F4 S S S S S S S S S S S S "
    "S S S S W-F4 S S S S S S S S S S S S S S S S S W-T3 R-T3 S W-T1 S S S S W-T4 T1:2-T4 S S S S S S S "
    "W-T4 S S S S S S S S S S S S W-T4 F3-T4 S S S S S S S S S S S S S W-T4 T2-T4 R-F4 R-T3 S S S S S S S "
    "S S S S S W-T2 S W-T2 S W-T3 T1-T3 R-F1 R-F2 T4-F1 T3-F1 R-F1 T4-F4 T3-F4 T3-F1 T4-F3 T1-F3 T2-F3 "
    "T2-F2 T4-F4 T3-F4 T3-F3 T3-F2 T4-F1 T4-F4 T4-F3 T4-F2 S S S W-F2 S S W-F4 S W-F1 T2-F1 S S S S W-F4 "
    "W-F4 S S S S S S S W-F4 S S W-F3 S S S S S W-F3 S W-F3 S W-F1 T4-F1 W-F1 S W-F2"
).split()


def test_full_game_without_takebacks_scores_255():
    g = Game.from_code("CF1-D1-AAAAAAB")
    for m in WON_LINE_D1_AAAAAAB:
        g.play(m)
    assert g.won
    takebacks = sum(1 for m in g.history if m.src[0] == "F")
    assert takebacks == 1  # the line takes one card back (F3-T4): 5 points more than 255
    assert g.score == 255 + 5 * takebacks


def test_undo_redo_and_points():
    g = seed_example_game()
    start = g.state()
    assert not g.undo() and not g.redo()
    g.play("R-T2")
    after1 = g.state()
    g.play("R-F")
    assert g.score == 5
    assert g.undo() and g.score == 0 and g.state() == after1
    assert g.redo() and g.score == 5
    g.undo()
    g.undo()
    assert g.state() == start
    g.redo()
    g.play("S")  # a new action clears redo
    assert not g.can_redo and not g.redo()


def test_undo_covers_more_than_100_actions():
    g = seed_example_game()
    start = g.state()
    for _ in range(150):
        g.play("S")
    for _ in range(150):
        assert g.undo()
    assert g.state() == start


def test_undo_refill():
    g = seed_example_game()
    for m in ("R-T2", "R-F", "T2:2-T4"):
        g.play(m)
    g.play("S")
    after = g.state()
    g.undo()
    g.undo()
    assert len(g.reserve) == 11 and g.reserve[-1].code == "QS"
    assert [c.code for c in g.tableau[1]] == ["KH", "QC"]
    g.redo()
    g.redo()
    assert g.state() == after
    assert len(g.reserve) == 10


def test_illegal_move_changes_nothing():
    g = seed_example_game()
    before = g.state()
    for bad in ("T1-T2", "T3-F", "W-T1", "R-T3", "F2-T1", "T1:5-T2", "X-Y", "T1T2", "", "T1-T1", "W-S", "R-W"):
        with pytest.raises(IllegalMove):
            g.play(bad)
    with pytest.raises(IllegalMove):
        g.play(Move("T1", "T9", 1))
    with pytest.raises(IllegalMove):
        g.play(42)
    assert g.state() == before and g.history == ()


def test_restart():
    g = seed_example_game()
    start = g.state()
    g.play("R-T2")
    g.restart()
    assert g.state() == start and not g.can_undo


# ---- notation -------------------------------------------------------------------------

def test_notation_round_trip_and_short_forms():
    g = seed_example_game()
    for m in g.legal_moves():
        assert g.parse_move(str(m)) == m
    assert g.parse_move("r-t2") == Move("R", "T2", 1)
    assert g.parse_move(" T2 - T4 ") == Move("T2", "T4", 1)  # spaces anywhere are ignored
    g.play("R-T2")
    g.play("R-F")
    assert g.parse_move("T2-T4") == Move("T2", "T4", 2)
    assert str(Move("T2", "T4", 2)) == "T2:2-T4"
    assert str(Move("S", "W", 3)) == "S" and str(Move("W", "S", 9)) == "W-S"  # draw and recycle distinct
    assert str(Move("F2", "T3")) == "F2-T3"


def test_short_form_onto_empty_column_means_one_card():
    g = position(foundations=[["7H"], [], [], []], reserve=[], tableau=[["KH", "QS"], ["2C"], [], ["4D"]])
    assert g.parse_move("T1-T3") == Move("T1", "T3", 1)
    assert g.parse_move("T1:2-T3") == Move("T1", "T3", 2)


# ---- variants -------------------------------------------------------------------------

def test_classic_top_or_whole_column_only():
    g = position(rules="classic", foundations=[["7H"], [], [], []], reserve=["2C"],
                 tableau=[["KH", "QS", "JH", "TS"], ["KD"], ["AS"], ["9D"]])
    m = moves(g)
    assert "T1:3-T2" not in m and "T1:4-T3" in m
    with pytest.raises(IllegalMove, match="whole column"):
        g.play("T1:3-T2")


def test_classic_empty_column_takes_only_waste_top_and_no_takeback():
    g = position(rules="classic", foundations=[["7H", "8H"], [], [], []], reserve=[], waste=["5D"],
                 tableau=[["KH", "QS"], ["9S"], [], ["4D"]])
    m = moves(g)
    assert "W-T3" in m
    assert not {"T1-T3", "T1:2-T3", "T2-T3", "F1-T3"} & m
    assert "F1-T2" not in m  # 8H could go on 9S, but a foundation card never returns
    with pytest.raises(IllegalMove, match="never returns"):
        g.play("F1-T2")
    with pytest.raises(IllegalMove, match="only the waste top"):
        g.play("T2-T3")


def test_storehouse_base_two():
    g = Game.from_code("SH1-D3-ABCDEFG")
    assert g.base_rank == 2
    assert [f[0].code for f in g.foundations] == ["2S", "2H", "2D", "2C"]
    assert len(g.reserve) == 13 and len(g.stock) == 31
    assert all(c.rank != 2 for c in g.reserve + g.stock + tuple(x for col in g.tableau for x in col))
    assert sorted(c.index for c in all_cards(g)) == list(range(52))
    assert Game.from_code(g.code).state() == g.state()


def test_rainbow_regardless_of_colour():
    g = position(rules="rainbow", foundations=[["7H"], [], [], []], reserve=["2C", "KH"],
                 tableau=[["AS"], ["AH"], ["6S"], ["7C"]], waste=["6C"])
    m = moves(g)
    assert {"R-T1", "R-T2", "W-T4"} <= m


# ---- interface help --------------------------------------------------------------------

def test_tap_move_prefers_foundation_then_longest_column_then_empty():
    g = position(foundations=[["7H"], [], [], []], reserve=[], waste=["8H"],
                 tableau=[["9S"], ["KD", "QS", "JD", "TC", "9H"], [], ["6D"]])
    assert g.tap_move("W") == Move("W", "F1")  # foundation first, though 8H fits on 9S
    g2 = position(foundations=[["7H"], [], [], []], reserve=[], waste=["8S"],
                  tableau=[["9D"], ["KH", "QC", "JD", "TC", "9H"], [], ["6D"]])
    assert g2.tap_move("W") == Move("W", "T2")  # the longest column that accepts it
    assert g2.tap_move("W", double_click=False) is None
    assert g2.tap_move("T2") == Move("T2", "T3")  # then an empty column
    assert g2.tap_move("T4") is None  # a whole column to an empty one changes nothing
    assert g2.tap_move("T1") is None  # whole column to an empty column: no
    assert g2.tap_move("S").is_stock


def test_finish_moves():
    g, _ = almost_won()
    line = g.finish_moves()
    assert [str(m) for m in line] == ["T1-F4"]
    assert not g.won  # a query changes nothing
    assert seed_example_game().finish_moves() is None


# ---- the error family (python-chess style) ---------------------------------------------------

def test_illegal_move_subclasses_say_why():
    g = seed_example_game()
    for text in ("X-Y", "T1T2", "", "R-T9", "T1:0-T2", "T1:" + "9" * 5000 + "-T2", 42, ("R", "T1", True), (["R"], "T1", 1)):
        with pytest.raises(InvalidMove):
            g.play(text)
    for text in ("T1-T2", "T3-F", "W-T1", "T1-T1", "R-W", Move("R", "T3", 1)):
        with pytest.raises(ForbiddenMove):
            g.play(text)
    two = position(foundations=[["7H", "8H"], [], ["7D", "8D"], []], reserve=["2C"],
                   tableau=[["9S"], ["QC"], ["3C"], ["4C"]])
    with pytest.raises(AmbiguousMove, match="several moves"):
        two.play("F-T1")
    assert two.play("F3-T1") == Move("F3", "T1", 1)
    for cls in (InvalidMove, AmbiguousMove, ForbiddenMove):
        assert issubclass(cls, IllegalMove) and issubclass(cls, ValueError)
    assert g.history == ()


# ---- the rule parameters' behaviour, said once (canfield.rules.RuleSet) -----------------------------

def test_what_an_empty_column_takes_and_how_many_cards_a_move_takes_are_the_rule_sets():
    from canfield.rules import RULESETS

    for name, fill in (("canfield", "reserve_then_any"), ("classic", "reserve_then_waste"), ("superior", "any")):
        r = RULESETS[name]
        assert r.fill == fill
        got = {(src, left): r.empty_takes(src, left) for src in ("W", "R", "T1", "F1") for left in (True, False)}
        if fill == "any":
            assert all(got.values()) and not r.refills
        else:
            assert r.refills and not any(v for (src, left), v in got.items() if left)
            assert got["W", False]
            assert all(got[s, False] for s in ("R", "T1", "F1")) == (fill == "reserve_then_any")
    tail, whole = RULESETS["canfield"], RULESETS["classic"]
    assert (tail.moves, whole.moves) == ("tail", "top_or_whole") and RULESETS["acme"].single_moves
    assert list(tail.take_counts(4)) == [1, 2, 3, 4] and tuple(whole.take_counts(4)) == (1, 4)
    assert tuple(whole.take_counts(1)) == (1,)
    for r in RULESETS.values():
        assert (tuple(r.take_counts(5)) == (1,)) == r.single_moves


def test_the_engine_the_solver_and_the_sure_moves_ask_the_rule_set_never_its_fill_or_moves_field():
    """The fill rule and the take counts live in RuleSet (empty_takes, refills, take_counts); a player
    of the rules that compared `fill` or `moves` itself would write the rule a second time."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "canfield"
    found = []
    for name in ("game.py", "search.py", "tasks.py", "sure.py", "insight.py"):
        tree = ast.parse((root / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "fill":
                found.append(f"{name}:{node.lineno}: .fill")
            if isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "moves" \
                    and any(isinstance(c, ast.Constant) and c.value in ("tail", "single", "top_or_whole")
                            for c in node.comparators):
                found.append(f"{name}:{node.lineno}: .moves compared")
    assert found == []
