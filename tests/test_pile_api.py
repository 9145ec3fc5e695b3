"""The pile API (issue 34 item 2) and the move notation's extension, for every rule set of today.

The API: `game.reserves` (each reserve, R1 first; `reserves[0]` is `reserve`), `game.reserve_faces` and
`game.tableau_faces` (a boolean a card, True face up), `game.face_down` (the face-down cards at each
column's bottom), `game.base_rank` (None only while a base the player chooses is not chosen: never in
today's games) and `game.foundation_next(i)` (a FoundationNext: rank, suit, direction, card; equal to the
card it returned before). Checked against the piles of random games played with random legal moves.

The notation: `R1`-`R4` for a game of several reserves, columns to `T12`, foundations to `F16`, a count on a
column's move to a foundation (`T3:4-F1`). Every text of before reads as it did (a property over the old
grammar, and tests/data/saves-before-issue34.json: 39 saved games of every rule set and draw that the engine
of before wrote, with the positions they loaded to, made once from random legal play and never to be made
again); a game refuses a pile it has not with InvalidMoveError, and a move the rules do not allow with
IllegalMoveError, changing nothing.
"""

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canfield import (
    RANKS, RULESETS, Card, FoundationNext, Game, IllegalMoveError, InvalidMoveError, Move, MoveError,
)
from canfield.describe import card_name
from canfield.rules import LEGACY
from canfield.save import from_save, to_save
from engine_helpers import random_game
from shared.table import visible_cards

ALL_RULES = {**RULESETS, **LEGACY}
GOLDEN = Path(__file__).parent / "data" / "saves-before-issue34.json"


def check_api(g):
    """The pile API against the game's piles; raises AssertionError."""
    rules = g.rules
    fields = g.position().split()
    # reserves: `rules.reserves` of them, the first is `reserve`
    assert len(g.reserves) == rules.reserves and g.reserves[0] == g.reserve
    assert all(isinstance(c, Card) for r in g.reserves for c in r)
    # reserve faces: all up in a face-up reserve, all down but a lone last card in a face-down one, else
    # only the top
    assert len(g.reserve_faces) == len(g.reserves)
    for faces, cards in zip(g.reserve_faces, g.reserves):
        assert len(faces) == len(cards) and all(type(f) is bool for f in faces)
        if rules.reserve_face_up:
            assert all(faces)
        elif rules.reserve_down:
            assert faces == (len(cards) == 1,) * len(cards)
        else:
            assert faces == tuple(i == len(cards) - 1 for i in range(len(cards)))
    # ... the cards the page draws face up (the games it draws), and the position text's capitals
    if not rules.extended:
        up = tuple(c.id for c, f in zip(g.reserve, g.reserve_faces[0]) if f)
        assert visible_cards(g)["reserve"] == up
    for field, faces in zip(fields[5].split("/"), g.reserve_faces):  # two characters a card, "-" when empty
        if field == "-":
            assert faces == ()
        else:
            assert tuple(field[i + 1].isupper() for i in range(0, len(field), 2)) == faces
    # tableau faces and the face-down counts: a face-down card only where the deal puts one, never on top
    assert len(g.tableau_faces) == len(g.tableau) == rules.columns
    for faces, col, down, field in zip(g.tableau_faces, g.tableau, g.face_down, fields[4].split("/")):
        assert len(faces) == len(col) and all(type(f) is bool for f in faces)
        assert not col or faces[-1]
        assert all(up or i < len(rules.column_deal) and not rules.column_deal[i] for i, up in enumerate(faces))
        if field != "-":
            assert tuple(field[i + 1].isupper() for i in range(0, len(field), 2)) == faces
        leading = 0
        while leading < len(faces) and not faces[leading]:
            leading += 1
        assert down == leading
    # the base: the rank every foundation starts from; None only before a player's base is chosen, and
    # in a game of no base
    if rules.foundation == "set" or rules.base_rank == "player" and not any(g.foundations):
        assert g.base_rank is None and fields[1] == "-"
    else:
        assert type(g.base_rank) is int and 1 <= g.base_rank <= 13
        assert g.base_rank == RANKS.index(fields[1]) + 1
    if type(rules.base_rank) is int:
        assert g.base_rank == rules.base_rank
    if rules.foundation in ("suit", "rank"):
        for f in g.foundations:
            assert not f or f[0].rank == g.base_rank
    # what each foundation takes next
    into = {}
    for m in g.legal_moves():
        if m.dst[0] == "F" and m.src[0] != "F":
            into.setdefault(m.dst, set()).add(g.pile(m.src)[-m.count].code)
    for i, f in enumerate(g.foundations):
        nxt = g.foundation_next(i)
        if rules.foundation == "set":
            assert (tuple(nxt) if nxt else None) == ((None, None, 0, None) if len(f) < 52 else None)
            continue
        if rules.foundation == "up_down":
            partner = g.foundations[i + 4 if i < 4 else i - 4]
            if len(f) + len(partner) == 13:
                assert nxt is None
                continue
            assert nxt.direction == (1 if i < 4 else -1)
            assert nxt.rank == (len(f) + 1 if i < 4 else 13 - len(f))
        elif len(f) == 13 or (i and rules.foundations_in_order and len(g.foundations[0]) < 13):
            assert nxt is None and g.foundation_names[i] not in into
            continue
        elif g.base_rank is None:
            assert tuple(nxt) == (None, g.foundation_suits[i], 1, None)
            assert all(code[1] == nxt.suit for code in into.get(g.foundation_names[i], ()))
            continue
        else:
            assert nxt.direction == 1 and nxt.rank == (g.base_rank - 1 + len(f)) % 13 + 1
        assert isinstance(nxt, FoundationNext) and nxt.suit == g.foundation_suits[i]
        if nxt.suit is None:
            assert nxt.card is None and all(Card.parse(c).rank == nxt.rank for c in into.get(g.foundation_names[i], ()))
            continue
        assert (nxt.card.rank, nxt.card.suit, nxt.card.copy) == (nxt.rank, nxt.suit, 1)
        assert nxt == nxt.card and nxt.card == nxt and not nxt != nxt.card and hash(nxt) == hash(nxt.card)
        assert (nxt.red, nxt.code) == (nxt.card.red, nxt.card.code)
        # every card a legal move sends to this foundation is the one it says
        assert into.get(g.foundation_names[i], {nxt.code}) == {nxt.code}


GAME_ARGS = st.tuples(st.sampled_from(sorted(ALL_RULES)), st.integers(0, 26 ** 7 - 1), st.sampled_from([1, 3]),
                      st.integers(0, 2 ** 32), st.integers(0, 200))


@settings(max_examples=150, deadline=None)
@given(args=GAME_ARGS)
def test_the_api_against_the_piles_of_random_games(args):
    name, number, draw, seed, length = args
    check_api(random_game(name, number, seed, length, draw=draw, undos=True))


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_the_api_at_every_step_of_games_of_every_rule_set(name):
    rnd = random.Random(name)
    for _ in range(3):
        g = Game.new(rules=name, number=rnd.randrange(26 ** 7), draw=rnd.choice([1, 3]))
        check_api(g)
        for _ in range(150):
            legal = g.legal_moves()
            if not legal:
                break
            g.play(rnd.choice(legal))
            check_api(g)
        while g.undo():
            pass
        check_api(g)


def test_the_api_on_a_built_position():
    stock = [r + s for s in "HDC" for r in RANKS if r + s not in ("2C", "KH", "QC", "JD", "TH", "9C")]
    piles = dict(reserve=["2C", "9C"], stock=stock, base_rank=1, foundations=[[r + "S" for r in RANKS], [], [], []],
                 tableau=[["KH"], ["QC"], ["JD"], ["TH"]])
    g = Game.from_piles(**piles)
    assert g.reserves == ((Card.parse("2C"), Card.parse("9C")),) and g.reserve_faces == ((False, True),)
    assert g.tableau_faces == ((True,),) * 4 and g.face_down == (0, 0, 0, 0)
    assert g.foundation_next(0) is None  # full
    assert g.foundation_next(1) == FoundationNext(1, "H", 1, Card.parse("AH")) == Card.parse("AH")
    assert g.foundation_next(3) == Card.parse("AC") and g.foundation_next(3).red is False
    g.play("R-T4")  # the nine of clubs onto the ten of hearts: the reserve keeps one card, face up
    assert g.reserves == ((Card.parse("2C"),),) and g.reserve_faces == ((True,),)
    assert g.tableau_faces[3] == (True, True) and g.face_down[3] == 0
    up = Game.from_piles(**dict(piles, rules="superior"))  # a face-up reserve
    assert up.reserve_faces == ((True, True),)
    empty = Game.from_piles(**dict(piles, reserve=[], stock=stock + ["2C", "9C"]))
    assert empty.reserves == ((),) and empty.reserve_faces == ((),)


# ---- FoundationNext: what existing callers read works as before ------------------------------------------

def test_foundation_next_stands_for_its_card():
    g = Game.from_code("CF1-D3-AAAAACL")  # base 2, foundation 2 hearts
    nxt = g.foundation_next(1)
    card = nxt.card
    assert card == Card.parse("2H") and isinstance(card, Card)
    # what canfield.sure, the page's scene, snapshot and a11y and scripts/build_deals read
    assert nxt == card and card == nxt and not (nxt != card) and not (card != nxt)
    assert nxt != Card.parse("3H") and nxt != g.foundation_next(2)
    assert hash(nxt) == hash(card) and {nxt} == {card}
    assert (nxt.rank, nxt.suit, nxt.red, nxt.code) == (card.rank, card.suit, card.red, card.code)
    assert all(card_name(nxt, lang) == card_name(card, lang) for lang in ("fr", "nl", "en"))
    assert nxt and tuple(nxt) == (2, "H", 1, card) and nxt.direction == 1
    rank, suit, direction, _ = nxt  # a named tuple: unpacks
    assert (rank, suit, direction) == (2, "H", 1)
    assert nxt != tuple(nxt) and tuple(nxt) != nxt  # another tuple is not a foundation's next card
    assert nxt == FoundationNext(2, "H", 1, card) and nxt != FoundationNext(3, "H", -1, card)
    assert repr(nxt) == "FoundationNext(rank=2, suit='H', direction=1, card=Card.parse('2H'))"


def test_a_foundation_next_of_unknown_rank_or_suit_has_no_card():
    # the form the games of a player-chosen base or of any suit will give; no game of today does
    anyrank = FoundationNext(None, "S", 1, None)
    assert anyrank.code is None and anyrank.red is False and anyrank != Card.parse("AS")
    anysuit = FoundationNext(7, None, 1, None)
    assert anysuit.red is None and hash(anysuit) == hash(FoundationNext(7, None, 1, None))


# ---- the notation ---------------------------------------------------------------------------------------

RESERVES = ("R", "R1", "R2", "R3", "R4")
COLUMNS = tuple(f"T{i}" for i in range(1, 13))
FOUNDATIONS = tuple(f"F{i}" for i in range(1, 17))


@pytest.mark.parametrize("text,move", [
    ("R1-T1", Move("R1", "T1", 1)), ("r4 - t12", Move("R4", "T12", 1)), ("R3-F16", Move("R3", "F16", 1)),
    ("T12:3-T9", Move("T12", "T9", 3)), ("T10-F10", Move("T10", "F10", 1)), ("F16-T11", Move("F16", "T11", 1)),
    ("T3:4-F1", Move("T3", "F1", 4)), ("t11:4-f2", Move("T11", "F2", 4)), ("W-T12", Move("W", "T12", 1)),
    ("R-T2", Move("R", "T2", 1)), ("T1-F1", Move("T1", "F1", 1)),
])
def test_the_new_piles_and_counts_read_and_write(text, move):
    assert Move.parse(text) == move
    assert Move.parse(move.text()) == move
    assert move.text() == "".join(text.split()).upper()


@pytest.mark.parametrize("text", ["R5-T1", "R0-T1", "R12-T1", "RR-T1", "T13-T1", "T0-T1", "T1-T13", "T1-T20",
                                  "F17-T1", "F0-T1", "W-F17", "T3:4-F", "R1-F", "R-R1:2", "R1-S", "S-R1"])
def test_texts_beyond_the_notation_name_no_move(text):
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


PILES = RESERVES + ("W",) + COLUMNS + FOUNDATIONS


@settings(max_examples=300, deadline=None)
@given(src=st.sampled_from(PILES), dst=st.sampled_from(PILES + ("S",)), count=st.integers(1, 208),
       spaces=st.booleans(), lower=st.booleans())
def test_every_move_text_round_trips(src, dst, count, spaces, lower):
    if dst == "S":
        src = "W"
    move = Move(src, dst, count)
    text = move.text()
    parsed = Move.parse((" - ".join(text.split("-")) if spaces else text).lower() if lower else text)
    assert parsed.text() == text
    if move.is_recycle:
        assert text == "W-S" and parsed == Move("W", "S", None)
    else:
        assert parsed == move and text == (f"{src}:{count}-{dst}" if count > 1 else f"{src}-{dst}")


# The grammar of before the extension, written out: S, W, R, F1-F16, T1-T8 and an optional count.
OLD_PILE = r"(S|W|R|F(?:1[0-6]|[1-9])?|T[1-8])"
OLD_MOVE = re.compile(rf"^{OLD_PILE}(?::(\d+))?-{OLD_PILE}$")
OLD_PILES = ("S", "W", "R") + FOUNDATIONS + COLUMNS[:8]


@settings(max_examples=400, deadline=None)
@given(src=st.sampled_from(OLD_PILES), dst=st.sampled_from(OLD_PILES), count=st.one_of(st.none(), st.integers(1, 999)),
       lower=st.booleans(), spaces=st.booleans())
def test_every_text_of_before_reads_as_before(src, dst, count, lower, spaces):
    text = f"{src}{'' if count is None else f':{count}'}-{dst}"
    assert OLD_MOVE.match(text)
    if spaces:
        text = " ".join(text)
    if lower:
        text = text.lower()
    if (src == "S") != (dst == "W") and (src == "S" or dst == "S") or (dst == "S" and src != "W"):
        with pytest.raises(InvalidMoveError):  # refused before too: a stock move other than S-W, W-S
            Move.parse(text)
        return
    assert Move.parse(text) == (Move(src, dst, count) if "S" in (src, dst) else Move(src, dst, count or 1))


def test_saved_games_of_before_load_as_before():
    records = json.loads(GOLDEN.read_text())
    assert len(records) == 39
    names = set()
    for rec in records:
        g = from_save(rec["save"])
        names.add(g.rules.name)
        assert g.position() == rec["position"] and g.score == rec["score"]
        assert [m.text() for m in g.history] == rec["history"]
        assert [m.text() for m in g.redo_moves] == rec["save"]["redo"]
        assert to_save(g)["moves"] == rec["history"]  # written as before (an old "S" recycle as "W-S")
        check_api(g)
    assert len(names) == 17 and names <= set(ALL_RULES)  # every rule set of before the extension


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_a_game_refuses_the_piles_it_has_not_and_changes_nothing(name):
    g = random_game(name, 1234, name, 40, draw=1, undos=True)
    rules = g.rules
    before, history = g.state(), g.history
    beyond_t = f"T{rules.columns + 1}" if rules.columns < 12 else None
    beyond_f = f"F{rules.foundations + 1}" if rules.foundations < 16 else None
    if rules.reserves == 1:
        absent = ["R1-T1", "T1-R1", "R2-F1", "W-R4", "R1:2-T1"]
        no_reserves = ("R1", "R4")
    else:  # several reserves: R names none, nor does one past the last
        beyond_r = f"R{rules.reserves + 1}" if rules.reserves < 4 else None
        absent = ["R-T1", "T1-R", "R-F1", "W-R"] + ([f"{beyond_r}-T1", f"{beyond_r}-F1"] if beyond_r else [])
        no_reserves = ("R",) + ((beyond_r,) if beyond_r else ())
    absent += ([f"{beyond_t}-T1", f"W-{beyond_t}", f"{beyond_t}:4-F1"] if beyond_t else []) + (
        [f"{beyond_f}-T1", f"W-{beyond_f}", f"T1-{beyond_f}"] if beyond_f else [])
    for text in absent:
        with pytest.raises(InvalidMoveError, match="no pile"):
            g.play(text)
        with pytest.raises(InvalidMoveError, match="no pile"):
            g.play(Move.parse(text))  # a Move naming such a pile is no move here either
        with pytest.raises(InvalidMoveError):
            g.parse_move(text)
        assert not g.is_legal(Move.parse(text))
    for name_ in (*no_reserves, beyond_t, beyond_f):
        if name_:
            assert g.tap_move(name_) is None
            with pytest.raises(ValueError, match="no pile"):
                g.pile(name_)
    # four cards at once onto a foundation: a move the notation writes, that only a foundation of sets takes
    for text in () if rules.foundation == "set" else ("T1:4-F1", "T2:4-F2", "T1:2-F1"):
        with pytest.raises(IllegalMoveError):
            g.play(text)
        with pytest.raises(MoveError):
            g.play(Move.parse(text))
    assert g.state() == before and g.history == history


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_every_move_text_is_played_or_refused_with_a_reason(name):
    # every pile pair of the game, one, two and four cards, at positions along a random game: played, or
    # refused with a MoveError saying why (never another error, whatever rules the game reads)
    rnd = random.Random("why " + name)
    g = Game.new(rules=name, number=rnd.randrange(26 ** 7), draw=rnd.choice([1, 3]))
    for _ in range(25):
        for a in g.pile_names:
            for b in g.pile_names:
                for k in (1, 2, 4):
                    h = g.copy()
                    try:
                        h.play(f"{a}:{k}-{b}" if k > 1 else f"{a}-{b}")
                    except MoveError as exc:
                        assert str(exc) and h.state() == g.state()
        legal = g.legal_moves()
        if not legal:
            break
        for _ in range(rnd.randint(1, 4)):
            legal = g.legal_moves()
            if legal:
                g.play(rnd.choice(legal))
