"""PySolFC's twelve other Canfield-family games (issue 34) against tests/pysol_reference.py, a slow reference written
from PySolFC's code (pysollib/games/canfield.py, glenwood.py, stack.py): legal moves, automatic moves (fills,
face-down cards turning up), pass limits, scoring, undo, the deals' structure, and hand-made deals for each
special rule. Every hand-made deal states what PySolFC's code does there by hand too, so that a wrong reference
and a wrong engine would have to be wrong the same way."""

import random

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import pysol_reference as ref
from canfield import Game, IllegalMoveError

NAMES = list(ref.SPECS)
# the games of the player's draw (unlimited passes) are walked with D1 and D3, the others with their fixed draw
GAME_DRAWS = [(n, d) for n in NAMES for d in ((1, 3) if ref.SPECS[n].num_deal is None else (1,))]


def engine_snapshot(g):
    """The engine's whole visible state, in the reference's snapshot form (card ids)."""
    ids = lambda pile: [c.id for c in pile]  # noqa: E731
    return {
        "stock": ids(g.stock),
        "waste": ids(g.waste),
        "reserves": [ids(r) for r in g.reserves],
        "reserve_faces": [list(f) for f in g.reserve_faces],
        "foundations": [ids(f) for f in g.foundations],
        "foundation_suits": list(g.foundation_suits),
        "tableau": [ids(t) for t in g.tableau],
        "tableau_faces": [list(f) for f in g.tableau_faces],
        "base_rank": g.base_rank,
        "pass_number": g.pass_number,
        "score": g.score,
        "won": g.won,
    }


def describe(st):
    """The reference's piles in short (a face-down card in small letters), for a failure's message."""
    def pile(cards, up=None):
        up = up or [True] * len(cards)
        return "".join(c[2] if u else c[2].lower() for c, u in zip(cards, up)) or "-"
    return (f"[reference: base {st.base} F {'/'.join(pile(f) for f in st.foundations)} "
            f"T {'/'.join(pile(r, u) for r, u in zip(st.rows, st.row_up))} "
            f"R {'/'.join(pile(r, u) for r, u in zip(st.reserves, st.reserve_up))} W {pile(st.waste)} "
            f"S {pile(st.stock, [False] * len(st.stock))} pass {st.pass_number} score {st.score}]")


def diff(a, b):
    return {k: (a[k], b[k]) for k in a if a[k] != b.get(k)}


class Pair:
    """An engine game and the reference's state of the same deal, played together: every step checks the legal
    moves, the state after the move and the undo back to the state before."""

    def __init__(self, game, name, draw):
        self.g = game
        self.name = name
        self.st = ref.deal(name, [c.id for c in game.deck], draw)
        self.check_state("the deal")

    @classmethod
    def new(cls, name, number, draw=1):
        return cls(Game.new(rules=name, number=number, draw=draw), name, draw)

    @classmethod
    def from_deck(cls, name, codes, draw=1):
        return cls(Game.from_deck(codes, rules=name, draw=draw), name, draw)

    def where(self):
        try:
            return self.g.position()
        except Exception:  # the position text is only context for a failure: the reference's piles then
            return describe(self.st)

    def check_state(self, after):
        mine, theirs = self.st.snapshot(), engine_snapshot(self.g)
        assert theirs == mine, f"{self.name}: after {after}: engine vs reference {diff(theirs, mine)} at {self.where()}"

    def legal(self):
        fast = [str(m) for m in self.g.legal_moves()]
        assert len(fast) == len(set(fast)), fast
        slow = ref.legal_moves(self.st)
        assert set(fast) == slow, (
            f"{self.name}: engine only {sorted(set(fast) - slow)}, reference only {sorted(slow - set(fast))} "
            f"at {self.where()}")
        return slow

    def play(self, text, undo=True):
        assert text in self.legal(), text
        before = engine_snapshot(self.g)
        self.g.play(text)
        self.st = ref.play(self.st, text, check=False)
        self.check_state(text)
        if undo:
            self.g.undo()
            assert engine_snapshot(self.g) == before, f"{self.name}: undo of {text}: {diff(engine_snapshot(self.g), before)}"
            self.g.play(text)
            self.check_state(f"{text} played again after its undo")
        return self

    def plays(self, *texts):
        for t in texts:
            self.play(t)
        return self


def walk(pair, picks):
    """Plays one legal move per pick (three picks in four a move that is not a draw or recycle, where there is one)."""
    for p in picks:
        legal = sorted(pair.legal())
        if not legal:
            break
        board = [m for m in legal if m not in ("S", "W-S")]
        pool = board if board and p % 4 else legal
        pair.play(pool[p // 4 % len(pool)])


# ---- random walks: every step against the reference -----------------------------------------------------------


@pytest.mark.parametrize("name,draw", GAME_DRAWS)
# no shrinking: a failure's message names the position and the move already, and the file stays within its minute
@settings(max_examples=20, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(number=st.integers(0, 26 ** 7 - 1), picks=st.lists(st.integers(0, 10 ** 6), min_size=10, max_size=150))
def test_random_walks_agree_with_the_reference(name, draw, number, picks):
    walk(Pair.new(name, number, draw), picks)


@pytest.mark.parametrize("name,draw", GAME_DRAWS)
def test_long_seeded_walks_agree_with_the_reference(name, draw):
    """Longer walks from fixed deals (deeper positions: exhausted reserves, recycles, late foundations)."""
    for number in (3, 41, 777, 2024):
        rng = random.Random(f"{name}-{draw}-{number}")
        walk(Pair.new(name, number, draw), [rng.randrange(10 ** 6) for _ in range(150)])


# ---- the deals ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_the_deal_has_the_structure_of_the_plan(name):
    spec = ref.SPECS[name]
    for number in (0, 1, 2, 5):
        g = Game.new(rules=name, number=number, draw=3)
        assert g.rules.name == name
        assert len(g.deck) == 52 * spec.decks and len({c.id for c in g.deck}) == 52 * spec.decks
        rnames = ["R"] if spec.reserves == 1 else [f"R{i + 1}" for i in range(spec.reserves)]
        nf = ref.foundation_count(spec)
        assert set(g.pile_names) == {"S", "W", *rnames, *(f"F{i + 1}" for i in range(nf)),
                                     *(f"T{i + 1}" for i in range(spec.columns))}
        assert [len(r) for r in g.reserves] == [spec.reserve_size] * spec.reserves
        for r, faces in zip(g.reserves, g.reserve_faces):
            if spec.reserve_faces == "up":
                assert faces == (True,) * len(r)
            elif spec.reserve_faces == "eagle":
                assert faces == (False,) * len(r)  # the trunk: all face down, its top too
            else:
                assert faces == (False,) * (len(r) - 1) + (True,)
        assert len(g.tableau) == spec.columns
        assert all(f == spec.column_deal for f in g.tableau_faces)
        assert len(g.foundations) == nf
        k = spec.reserves * spec.reserve_size
        if spec.base_card:
            assert [len(f) for f in g.foundations] == [1] + [0] * (nf - 1)
            assert g.foundations[0][0] == g.deck[k] and g.base_rank == g.deck[k].rank
            k += 1
        else:
            assert not any(g.foundations)
            assert g.base_rank == {"dutchess": None, "beehive": None}.get(name, 1)
        k += spec.columns * len(spec.column_deal)
        assert len(g.stock) == ref.STOCK_SIZE[name] == 52 * spec.decks - k
        assert g.stock[-1] == g.deck[k] and not g.waste
        assert g.pass_number == 1 and g.score == 0 and not g.won
        assert g.draw_count == (spec.num_deal or 3)  # the player's 3 gives way to a fixed draw of 1
        # and card by card as the reference deals (reserves round robin, base card, rows, the stock)
        Pair(g, name, 3)


@pytest.mark.parametrize("name", NAMES)
def test_deal_codes_replay_the_same_deal(name):
    g = Game.new(rules=name, number=123, draw=1)
    h = Game.from_code(g.code)
    assert engine_snapshot(h) == engine_snapshot(g) and [c.id for c in h.deck] == [c.id for c in g.deck]


# ---- pass limits ---------------------------------------------------------------------------------------------


def run_out(pair):
    while pair.st.stock:
        pair.play("S", undo=False)


@pytest.mark.parametrize("name", [n for n in NAMES if ref.SPECS[n].max_rounds is not None])
def test_pass_limits_refuse_the_extra_recycle(name):
    pair = Pair.new(name, 7)
    if name == "dutchess":  # no draw before the base is chosen
        assert "S" not in pair.legal()
        pair.play(sorted(m for m in pair.legal() if "-F" in m)[0])
    passes = ref.SPECS[name].max_rounds
    for done in range(passes - 1):
        run_out(pair)
        assert "W-S" in pair.legal()
        pair.play("W-S")
        assert pair.g.pass_number == done + 2
    run_out(pair)
    assert not {"S", "W-S"} & pair.legal()
    for text in ("W-S", "S"):
        with pytest.raises(IllegalMoveError):
            pair.g.play(text)
    pair.check_state("the refused recycle")


@pytest.mark.parametrize("name", [n for n in NAMES if ref.SPECS[n].max_rounds is None])
def test_unlimited_passes_recycle_again_and_again(name):
    pair = Pair.new(name, 7, draw=3)
    for i in range(5):
        run_out(pair)
        pair.play("W-S")
    assert pair.g.pass_number == 6


# ---- hand-made deals -------------------------------------------------------------------------------------------


def deck_for(name, reserves=(), base=None, columns=(), stock=()):
    """A deck (codes in dealing order) that deals `reserves` (each bottom to top), `base` onto F1, `columns` (each
    bottom to top) and the stock with `stock` drawn first; every card not named goes where None stands and then to
    the end of the stock, in a fixed order."""
    spec = ref.SPECS[name]
    named = [c for r in reserves for c in r] + ([base] if base else []) + [c for col in columns for c in col] + list(stock)
    pool = [r + s for _ in range(spec.decks) for s in ref.SUITS for r in ref.RANKS]
    for c in named:
        if c is not None:
            pool.remove(c)
    pool.reverse()
    fill = lambda c: c if c is not None else pool.pop()  # noqa: E731
    reserves = [[fill(c) for c in r] for r in reserves] or [[None] * spec.reserve_size for _ in range(spec.reserves)]
    reserves = [[fill(c) for c in r] for r in reserves]
    deck = [reserves[j % spec.reserves][j // spec.reserves] for j in range(spec.reserves * spec.reserve_size)]
    if spec.base_card:
        deck.append(fill(base))
    depth = len(spec.column_deal)
    columns = [[fill(c) for c in col] for col in columns] or [[None] * depth for _ in range(spec.columns)]
    columns = [[fill(c) for c in col] for col in columns]
    assert len(columns) == spec.columns and all(len(col) == depth for col in columns)
    deck += [columns[i][row] for row in range(depth) for i in range(spec.columns)]
    deck += [fill(c) for c in stock] + list(reversed(pool))
    assert len(deck) == 52 * spec.decks
    return deck


def test_eagle_wing_trunk_fills_emptied_columns_and_its_last_card_turns_up_and_plays():
    trunk = ["AH", "2H", "8D", "7D", "6D", "5D", "4D", "3D", "2D", "KS", "QS", "JS", "TS"]  # bottom to top
    cols = [[c] for c in ("2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S")]
    p = Pair.from_deck("eagle-wing", deck_for("eagle-wing", [trunk], "AS", cols, stock=["AD"]))
    assert list(p.g.foundation_suits) == ["S", "H", "D", "C"]
    assert not any(m.startswith("R") for m in p.legal())  # a face-down trunk top never plays
    for i in range(8):
        p.play(f"T{i + 1}-F1")  # the column's card up, the trunk's top turned up and dealt onto the column
        assert p.g.tableau[i][-1].code == trunk[-1 - i] and p.g.score == 5 * (i + 1)
        assert p.g.reserve_faces[0] == (False,) * (12 - i)
    for i in range(4):  # TS JS QS KS up: the trunk fills with 6D 7D 8D 2H
        p.play(f"T{i + 1}-F1")
    assert [c.code for c in p.g.reserves[0]] == ["AH"] and p.g.reserve_faces[0] == (True,)  # the lone card up
    assert {"R-F2", "R-T4"} <= p.legal()  # it plays as a reserve top: onto its foundation or a column (on 2H)
    p.play("R-T4")
    assert not p.g.reserves[0] and [c.code for c in p.g.tableau[3]] == ["2H", "AH"]
    p.plays("S", "W-F3", "T5-F3")  # AD up, 2D up: the trunk is out, T5 stays empty
    assert not p.g.tableau[4] and {"T1-T5", "T6-T5", "T8-T5"} <= p.legal()


def test_eagle_wing_columns_hold_three_cards_in_suit_wrapping():
    cols = [["9C"], ["AC"], ["2H"], ["4H"], ["6H"], ["8H"], ["TH"], ["QH"]]
    p = Pair.from_deck("eagle-wing", deck_for("eagle-wing", base="5D", columns=cols,
                                              stock=["8C", "7C", "6C", "KC", "JH"]))
    p.plays("S", "W-T1", "S", "W-T1", "S")  # T1: 9C 8C 7C; the waste 6C
    assert len(p.g.tableau[0]) == 3
    assert "W-T1" not in p.legal()  # max_cards=3 (EagleWing's RowStack_Class)
    p.plays("S")
    assert "W-T2" in p.legal()  # KC on AC: mod=13
    p.plays("W-T2", "S")
    assert "W-T2" not in p.legal()  # JH on KC: neither the suit nor the rank


def test_gate_fills_from_the_fuller_reserve_then_the_waste_then_stays_empty():
    r1 = ["6S", "5S", "4S", "3S", "2S"]
    r2 = ["6H", "5H", "4H", "3H", "2H"]
    cols = [[c] for c in ("AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC")]
    p = Pair.from_deck("gate", deck_for("gate", [r1, r2], columns=cols, stock=["9C"]))
    res = lambda: [len(r) for r in p.g.reserves]  # noqa: E731
    p.play("T1-F1")
    assert p.g.tableau[0][-1].code == "2S" and res() == [4, 5]  # a tie: R1
    p.play("T2-F2")
    assert p.g.tableau[1][-1].code == "2H" and res() == [4, 4]  # R2 holds more
    p.plays("T3-F3", "T4-F4", "T1-F1", "T3-F1", "T1-F1", "T2-F2", "T4-F2", "T3-F2")
    assert res() == [0, 0]
    p.play("S")
    p.play("T1-F1")  # 5S up: the reserves are out, the waste's top fills T1
    assert [c.code for c in p.g.tableau[0]] == ["9C"] and not p.g.waste
    p.play("T2-F2")  # 5H up: nothing fills T2
    assert not p.g.tableau[1]
    assert {"T3-T2", "T4-T2", "F1-T2", "F2-T2"} <= p.legal()  # an empty column takes any card, a take-back too
    score = p.g.score
    p.play("F1-T3")  # a take-back (5S onto 6H) scores nothing and takes nothing off
    assert p.g.score == score


def test_duke_never_fills_and_an_empty_column_takes_any_card_a_foundations_top_too():
    cols = [["AS"], ["KH"], ["QC"], ["9D"]]
    p = Pair.from_deck("duke", deck_for("duke", columns=cols))
    p.play("T1-F1")
    assert not p.g.tableau[0] and [len(r) for r in p.g.reserves] == [3, 3, 3, 3]
    assert {"R1-T1", "R2-T1", "R3-T1", "R4-T1", "T2-T1", "T3-T1", "T4-T1", "F1-T1"} <= p.legal()
    p.play("F1-T1")
    assert p.g.score == 5


def test_dutchess_the_first_reserve_card_up_sets_the_base_and_undo_unsets_it():
    p = Pair.new("dutchess", 1)
    first = p.legal()
    assert first and all(m[0] == "R" for m in first) and "S" not in first
    assert p.g.base_rank is None
    up = sorted(m for m in first if "-F" in m)
    assert len(up) == 4  # each reserve top onto the foundation of its suit, any rank
    src = up[0].split("-")[0]
    rank = p.g.pile(src)[-1].rank
    p.play(up[0])
    assert p.g.base_rank == rank and "S" in p.legal()
    p.g.undo()
    p.st = ref.deal("dutchess", [c.id for c in p.g.deck], 1)
    p.check_state("the undo of the base")
    assert p.g.base_rank is None and p.legal() == first


def test_dutchess_moves_whole_columns_and_the_waste_fills_only_without_reserves():
    # R1..R4 tops 8H, 2C, 5D, JS (card j onto reserve j % 4, bottom first)
    reserves = [["KC", "QD", "8H"], ["3S", "4S", "2C"], ["6C", "7C", "5D"], ["TC", "9H", "JS"]]
    cols = [["9S"], ["TH"], ["9C"], ["2S"]]
    p = Pair.from_deck("dutchess", deck_for("dutchess", reserves, columns=cols, stock=["QH", "JD"]))
    p.plays("R2-F4")  # 2C: the base is 2
    assert p.g.base_rank == 2
    p.plays("R1-T1")  # 8H on 9S
    legal = p.legal()
    assert "T1:2-T2" in legal  # the whole column onto TH
    assert "T1-T3" not in legal and "T1-T2" not in legal  # never part of a column onto another
    p.plays("T4-F1")  # 2S up: T4 empty, never filled
    p.plays("S")
    legal = p.legal()
    assert "W-T4" not in legal  # the waste fills only once every reserve is out
    assert {"R1-T4", "R2-T4", "R3-T4", "R4-T4", "T3-T4"} <= legal


def test_dutchess_the_waste_goes_to_an_empty_column_once_every_reserve_is_out():
    reserves = [["3S", "2S", "AS"], ["3H", "2H", "AH"], ["3D", "2D", "AD"], ["3C", "2C", "AC"]]
    cols = [["4S"], ["KH"], ["QC"], ["JD"]]
    p = Pair.from_deck("dutchess", deck_for("dutchess", reserves, columns=cols, stock=["9H"]))
    p.plays("R1-F1", "R1-F1", "R1-F1", "T1-F1", "S")  # the base is the ace; T1 empties; 9H on the waste
    for r in (2, 3, 4):
        assert "W-T1" not in p.legal()
        p.plays(*[f"R{r}-F{r}"] * 3)
    assert not any(p.g.reserves) and "W-T1" in p.legal()
    p.play("W-T1")
    assert p.g.score == 5 * 13


def test_minerva_turns_face_down_cards_up_and_an_empty_column_takes_only_a_king():
    # columns dealt down, up, down, up: T1 = 4S (down) 3S 2S (down) AS
    cols = [["4S", "3S", "2S", "AS"], [None, None, None, "KH"], [None, None, None, "QC"]] + \
        [[None] * 4 for _ in range(4)]
    p = Pair.from_deck("minerva", deck_for("minerva", columns=cols, stock=["5D", "KD"]))
    assert p.g.tableau_faces[0] == (False, True, False, True)
    p.play("T1-F1")
    assert p.g.tableau_faces[0] == (False, True, True)  # 2S turned up by the move
    p.g.undo()
    assert p.g.tableau_faces[0] == (False, True, False, True)  # and down again by its undo
    p.g.play("T1-F1")
    p.plays("T1-F1", "T1-F1")
    assert p.g.tableau_faces[0] == (True,)
    p.play("T1-F1")
    assert not p.g.tableau[0] and len(p.g.reserves[0]) == 11  # never filled
    legal = p.legal()
    assert "T2-T1" in legal and "T3-T1" not in legal and "R-T1" not in legal  # a king only (R: not a king)
    p.play("S")
    assert "W-T1" not in p.legal()
    p.play("S")
    assert "W-T1" in p.legal()


def test_candike_turns_its_bottom_cards_up_and_fills_from_the_reserve():
    cols = [["5C", "4C"]] + [[None, None] for _ in range(6)]
    p = Pair.from_deck("candike", deck_for("candike", [[None] * 11 + ["7C", "6C"]], "3C", cols), draw=3)
    assert p.g.tableau_faces[0] == (False, True) and p.g.foundation_suits[0] == "C"
    p.play("T1-F1")
    assert p.g.tableau_faces[0] == (True,)
    p.play("T1-F1")  # T1 empty: the reserve's top 6C fills it, 7C turns up
    assert [c.code for c in p.g.tableau[0]] == ["6C"] and p.g.reserves[0][-1].code == "7C"
    assert p.g.reserve_faces[0][-1] and not any(p.g.reserve_faces[0][:-1])


def test_lafayette_fills_from_the_reserve_then_only_sevens_and_moves_between_its_two_foundations():
    reserve = ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "6S", "5S", "4S", "3S", "2S", "AS"]  # bottom to top
    cols = [["AH"], ["7D"], ["6C"], ["2H"]]
    p = Pair.from_deck("lafayette", deck_for("lafayette", [reserve], columns=cols), draw=1)
    assert p.g.reserve_faces[0] == (True,) * 13
    p.play("T1-F2")  # AH up: the reserve's AS fills T1
    assert p.g.tableau[0][-1].code == "AS"
    for _ in range(6):
        p.play("T1-F1")  # AS..6S up: each time the reserve's next card fills T1
    for _ in range(6):
        p.play("T1-F5")  # KS..8S onto the king's foundation (down)
    assert p.g.tableau[0][-1].code == "7S" and not p.g.reserves[0]
    assert {"T1-F1", "T1-F5"} <= p.legal()  # the seven continues either foundation of spades
    p.play("T1-F1")
    assert not p.g.tableau[0]  # the reserve is out: T1 stays empty
    legal = p.legal()
    assert "F1-F5" in legal  # 7S from the ace's foundation onto the king's
    assert {"T2-T1", "F1-T1"} <= legal and "T3-T1" not in legal and "T4-T1" not in legal  # sevens only
    score = p.g.score
    p.play("F1-F5")
    assert p.g.score == score and "F5-F1" in p.legal()
    p.play("F5-T1")
    assert p.g.score == score


def test_beehive_sends_four_of_a_kind_from_a_column_at_once():
    cols = [["5S"], ["5H"], ["5D"], ["5C"], ["9H"], ["JC"]]
    p = Pair.from_deck("beehive", deck_for("beehive", [[None] * 10 + ["2C", "3D", "2D"]], columns=cols), draw=3)
    p.play("T2-T1")  # T2 empty: the reserve's 2D fills it, 3D turns up
    assert p.g.tableau[1][-1].code == "2D" and p.g.reserve_faces[0][-1]
    p.plays("T3-T1", "T4-T1")
    legal = p.legal()
    assert "T1:4-F1" in legal and not {"T1:3-F1", "T1-F1", "R-F1", "W-F1"} & legal
    p.play("T1:4-F1")
    assert p.g.score == 20 and len(p.g.foundations[0]) == 4 and len(p.g.tableau[0]) == 1  # filled again


def test_the_plot_opens_its_foundations_in_order_and_its_empty_columns_take_the_waste_only():
    reserve = ["9C", "5C", "4H", "3H", "2H", "AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"]  # bottom to top
    cols = [["6S"], ["5D"], ["7C"]] + [[None] for _ in range(9)]
    p = Pair.from_deck("the-plot", deck_for("the-plot", [reserve], "5S", cols, stock=["5H", "8D"]))
    assert p.g.base_rank == 5 and [len(f) for f in p.g.foundations] == [1] + [0] * 7
    legal = p.legal()
    assert "T1-F1" in legal and "T2-F2" not in legal and not any(m.startswith("R-T") for m in legal)
    p.play("T1-F1")
    assert not p.g.tableau[0]  # never filled
    assert not {"T2-T1", "T3-T1", "R-T1"} & p.legal()  # an empty column takes the waste's top only
    p.play("S")
    assert {"W-T1"} <= p.legal() and "W-F2" not in p.legal()  # 5H: the base rank
    p.play("S")
    assert "W-T1" not in p.legal()  # 8D: not the base rank while F1 is not complete
    for _ in range(11):
        p.play("R-F1")
    assert len(p.g.foundations[0]) == 13
    legal = p.legal()
    assert "W-T1" in legal and "W-F2" not in legal  # any waste card now; F2 takes a five
    assert {f"T2-F{i}" for i in range(2, 9)} <= legal  # each foundation open now takes a five
    assert {f"R-F{i}" for i in range(2, 9)} <= legal and "R-T1" not in legal  # the reserve: foundations only
    p.play("R-F2")
    legal = p.legal()
    assert "T2-F2" not in legal and {f"T2-F{i}" for i in range(3, 9)} <= legal
    p.play("T2-F4")
    assert "T3-T2" not in p.legal() and "W-T2" in p.legal()


def test_the_finish_line_sends_cards_up_only_and_ends():
    """Lafayette's foundations build up and down, so two of them can pass a card back and forth (F3-F7,
    F7-F3, ...): the auto-finish's line takes no move between foundations, so it ends (it looped forever
    on deal 7, draw 1, and would have hung the worker); a line it gives wins."""
    import signal

    def stop(*_):
        raise TimeoutError("finish_moves did not return")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(30)
    try:
        found = 0
        for number in range(10):
            for draw in (1, 3):
                game = Game.new(rules="lafayette", number=number, draw=draw)
                line = game.finish_moves()
                if line is None:
                    continue
                found += 1
                assert not [m for m in line if m.src[0] == "F"], (number, draw)
                for move in line:
                    game.play(str(move))
                assert game.won, (number, draw)
        assert found
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
