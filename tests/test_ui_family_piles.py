"""The page's side of issue 34's games under CPython: face-down cards drawn as backs that never name
their card (the view's ids, classes, pile names), several reserves as their own piles (reserve-1..4),
the keyboard and the screen reader reaching every new pile, a tap playing the engine's move."""

from __future__ import annotations

import json
import random

import ui_helpers  # noqa: F401 - puts static/ on the path
from canfield import Game
from worker.a11y import pile_label
from worker.layout import compute, counts_for
from worker.scene import encode_view, scene
from shared.table import PILES, TO_UI, is_back, reserve_piles, visible_cards
from worker.view import column_lengths
from shared.vocab import Key, Tap
from ui_helpers import make_controller


def view_of(c, size=(1280.0, 800.0)):
    c.ui.viewport = size
    lay = compute(size[0], size[1], column_lengths(c.game), draw=c.game.draw, counts=counts_for(c.game))
    return scene(c.game, c.ui, lay, c.t, c.lang)


def hidden_ids(game):
    """The ids of the cards face down on the table (columns and reserves), which the page must not show."""
    out = set()
    for col, faces in zip(game.tableau, game.tableau_faces):
        out.update(c.id for c, up in zip(col, faces) if not up)
    for res, faces in zip(game.reserves, game.reserve_faces):
        out.update(c.id for c, up in zip(res, faces) if not up)
    return out


def test_face_down_column_cards_are_backs_without_their_identity():
    c = make_controller(Game.new(rules="minerva", number=4).code, rules="minerva")
    view = view_of(c)
    backs = [card for card in view["cards"] if not card["up"]]
    assert len(backs) == 14                     # two a column dealt down and up, in seven columns
    assert all(is_back(card["id"]) for card in backs) and all(card["class"] == "card down" and not card["up"] for card in backs)
    secret = hidden_ids(c.game)
    shown = {card["id"] for card in view["cards"]}
    assert not shown & secret
    # nor in any pile's name, its cards or the texts: a card face down is a "face-down card"
    for pile, p in view["piles"].items():
        assert not set(p["cards"]) & secret
    # (the reserve's "below", the card its top uncovers, turned up as the top leaves, is drawn under it as in
    # every Canfield game: not a column's)
    text = encode_view({**view, "below": {}})
    for code in secret - {c.game.reserve[-2].id}:
        assert f'"{code}"' not in text
    assert pile_label(c.game, "tableau-1", c.t, "en", cursor=0).startswith("Face-down card, column 1")
    assert "face-down" not in pile_label(c.game, "tableau-1", c.t, "en", cursor=1).lower()


def test_a_face_down_card_turns_up_when_uncovered():
    for seed in range(40):
        game = Game.new(rules="munger", number=seed)
        rnd = random.Random(seed)
        for _ in range(200):
            legal = game.legal_moves()
            before = visible_cards(game)
            for move in legal:
                if move.src.startswith("T") and game.tableau_faces[int(move.src[1:]) - 1][-move.count - 1:-move.count] == (False,):
                    col = TO_UI[move.src]
                    under = len(game.pile(move.src)) - move.count - 1
                    assert is_back(before[col][under])
                    game.play(move)
                    after = visible_cards(game)
                    assert after[col][under] == game.pile(move.src)[under].id and not is_back(after[col][under])
                    return
            if not legal:
                break
            game.play(rnd.choice(legal))
    raise AssertionError("no move uncovered a face-down card")


def test_a_trunk_face_down_to_its_top_shows_a_back_and_no_card_under_it():
    c = make_controller(Game.new(rules="eagle-wing", number=3).code, rules="eagle-wing")
    view = view_of(c)
    assert view["piles"]["reserve"]["cards"] == ["~R.12"]
    assert view["below"]["reserve"] is None
    assert not {card["id"] for card in view["cards"]} & hidden_ids(c.game)


def test_several_reserves_are_their_own_piles_fanned_named_and_reached():
    c = make_controller(Game.new(rules="duke", number=5).code, rules="duke")
    view = view_of(c, (390.0, 844.0))
    assert set(reserve_piles(c.game)) == {"reserve-1", "reserve-2", "reserve-3", "reserve-4"}
    slots = view["table"]["piles"]
    assert "reserve" not in slots and all(f"reserve-{i}" in slots for i in range(1, 5))
    for i, res in enumerate(c.game.reserves, 1):
        p = view["piles"][f"reserve-{i}"]
        assert p["cards"] == [card.id for card in res]
        assert f"Reserve {i}" in p["label"] or f"reserve {i}" in p["label"]
        ys = [card["y"] for card in view["cards"] if card["pile"] == f"reserve-{i}"]
        assert ys == sorted(ys) and len(set(ys)) == len(ys)          # fanned down
    assert view["piles"]["reserve"]["label"] is None                # no one reserve in this game
    # the keyboard walks to every reserve and every column
    seen = set()
    c.dispatch(Key("ArrowDown"))
    for _ in range(12):
        c.dispatch(Key("ArrowLeft"))
    for _ in range(10):
        seen.add(c.ui.focus)
        c.dispatch(Key("ArrowRight"))
    c.take_effects()
    assert {f"reserve-{i}" for i in range(1, 5)} | {f"tableau-{i}" for i in range(1, 5)} <= seen


def test_a_tap_on_a_reserve_of_several_plays_the_engines_move():
    for seed in range(30):
        game = Game.new(rules="gate", number=seed)
        for pile in reserve_piles(game):
            src = game.pile_names[2 + reserve_piles(game).index(pile)]
            move = game.tap_move(src, 1, True)
            if move is None:
                continue
            c = make_controller(game.code, rules="gate")
            before = len(c.game.pile(src))
            c.dispatch(Tap(pile, len(c.game.pile(src)) - 1))
            c.take_effects()
            assert len(c.game.pile(src)) == before - 1
            assert c.game.history[-1] == move
            return
    raise AssertionError("no reserve card to play")


def test_twelve_columns_and_their_names():
    c = make_controller(Game.new(rules="the-plot", number=1).code, rules="the-plot")
    view = view_of(c, (844.0, 390.0))
    for i in range(1, 13):
        assert f"tableau-{i}" in view["table"]["piles"]
        assert f"column {i}," in view["piles"][f"tableau-{i}"]["label"]
    assert all(p in PILES for p in view["piles"])
    json.loads(encode_view(view))
