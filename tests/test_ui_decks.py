"""The page's side of the games of several decks, pure Python: every card named by its id (`QC2` for a
copy) in the view model and the snapshot, one-deck tables named exactly as before; a pile element for
every pile of every game; the arrows over a mirrored table; the rules dialog's counts; the phone layout
of a table of many columns."""

from __future__ import annotations

import re

import pytest

import ui_helpers  # noqa: F401 - puts static/ on sys.path
from canfield import RULESETS, Game
from worker import choices
from worker.i18n import Translator
from worker.layout import compute, counts_for, pile_ids
from worker.rules_view import rules_html
from worker.snapshot import record
from shared.table import KEY_ROWS, PILES, TO_ENGINE, TO_UI, is_back, key_neighbour, visible_cards
from shared.cardface import card_class, card_html
from worker.view import column_lengths, view_model

MULTI = [name for name, r in RULESETS.items() if r.decks > 1 and not r.extended]  # the ones the page draws
ID = re.compile(r"^[A2-9TJQK][SHDC][234]?$")


class _UI:
    """The UI state the view model reads, at rest (no selection, hint or drag)."""
    keyboard = False
    focus = "stock"
    cursor = 0
    selection = None
    hint = None
    drag = None
    restart_undo = None


def _played(name, number=3, moves=40):
    game = Game.new(rules=name, number=number)
    for _ in range(moves):
        legal = [m for m in game.legal_moves() if not m.is_stock] or list(game.legal_moves())
        if not legal:
            break
        game.play(legal[len(game.history) % len(legal)])
    return game


@pytest.mark.parametrize("name", MULTI)
def test_every_card_of_a_game_of_several_decks_is_named_once_by_its_id(name):
    for moves in (0, 60):
        game = _played(name, moves=moves)
        shown = visible_cards(game)
        assert set(shown) == set(pile_ids(game.rules.columns, game.rules.foundations))
        ids = [c for cards in shown.values() for c in cards]
        assert len(ids) == len(set(ids)) and all(ID.match(c) for c in ids)
        # each id is the engine's card there: the same pile, the same place
        assert shown["tableau-1"] == tuple(c.id for c in game.tableau[0])
        layout = compute(1280, 800, column_lengths(game), counts=counts_for(game))
        vm = view_model(game, _UI(), layout)
        placed = [p.code for places in vm.cards.values() for p in places]
        assert sorted(placed) == sorted(ids)
    # a deal of several decks shows copies beside first copies, by their own ids
    game = Game.new(rules=name, number=1)
    every = [c.id for pile in (game.stock, game.reserve, *game.tableau, *game.foundations) for c in pile]
    assert len(set(every)) == 52 * game.rules.decks and any(len(i) == 3 for i in every)


def test_a_one_deck_table_names_its_cards_by_their_codes_as_before():
    for name in (n for n, r in RULESETS.items() if r.decks == 1):
        game = _played(name, moves=30)
        shown = visible_cards(game)
        assert all(len(c) == 2 for cards in shown.values() for c in cards if not is_back(c)), name
        assert shown["waste"] == tuple(c.code for c in game.waste[-(3 if game.draw == 3 else 1):])


def test_a_copy_wears_its_cards_face_and_classes():
    assert card_class("QC2") == card_class("QC") == "card sC black"
    assert card_class("TH4") == "card sH red"
    labels = {"Q": "D"}
    assert card_html("QC3", labels) == card_html("QC", labels)


@pytest.mark.parametrize("name", MULTI)
def test_the_snapshot_of_a_table_of_several_decks_holds_its_ids(name):
    game = _played(name, moves=30)
    layout = compute(390, 844, column_lengths(game), counts=counts_for(game))
    rec = record(game, layout, Translator("en"), "en", [], (390, 844), True, None)
    assert set(rec["cards"]) == set(layout.piles) == set(pile_ids(game.rules.columns, game.rules.foundations))
    seen = [c[0] for cards in rec["cards"].values() for c in cards]
    assert len(seen) == len(set(seen)) and all(ID.match(c) for c in seen)
    assert rec["counts"]["stock"] == (str(len(game.stock)) if game.stock else ("↻" if game.waste else ""))
    assert len(rec["counts"]["stock"]) <= 3          # the painter's check: at most 3 characters (160)
    assert len(rec["ph"]) == game.rules.foundations


def test_the_page_has_a_pile_for_every_pile_of_every_game():
    for rules in choices.offered_rulesets().values():
        game = Game.new(rules=rules.name, number=2)
        for name in game.pile_names:
            assert TO_UI[name] in PILES and TO_ENGINE[TO_UI[name]] == name
        assert set(pile_ids(rules.columns, rules.foundations)) <= set(PILES)
    assert len(PILES) == 3 + 16 + 4 + 12 and set(KEY_ROWS[0]) | set(KEY_ROWS[1]) == set(PILES)


def test_the_arrows_follow_the_screen_on_a_mirrored_table():
    present = set(pile_ids(8, 8))
    assert key_neighbour("tableau-3", "right", present) == "tableau-4"
    assert key_neighbour("tableau-3", "right", present, mirrored=True) == "tableau-2"
    assert key_neighbour("waste", "left", present, mirrored=True) == "foundation-1"
    assert key_neighbour("stock", "right", present, mirrored=True) == "stock"    # the edge: on the right
    assert key_neighbour("foundation-8", "right", present) == "foundation-8"     # no foundation-9 here
    assert key_neighbour("foundation-8", "down", present) == "tableau-8"
    assert key_neighbour("tableau-1", "up", present, mirrored=True) == "foundation-1"   # up, down unchanged
    # the layout draws the mirrored table so: right on screen is the next pile to the left
    layout = compute(1280, 800, [1] * 8, counts=counts_for(Game.new(rules="demon", number=1)), left_handed=True)
    x = {p: layout.piles[p][0] for p in present}
    assert x[key_neighbour("tableau-3", "right", present, mirrored=True)] > x["tableau-3"]


@pytest.mark.parametrize("lang", ["fr", "nl", "en"])
def test_the_rules_dialog_of_several_decks_says_their_counts(lang):
    t = Translator(lang)
    html = rules_html(RULESETS["quadruple"], t, lang)
    assert "208" in html and "16" in html and "52" not in html
    html = rules_html(RULESETS["variegated"], t, lang)
    assert "104" in html and t("help.decks", per=2, decks=2) in html.replace("&#x27;", "'")
    assert "52" in rules_html(RULESETS["canfield"], t, lang)


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_a_phone_in_portrait_deals_a_table_of_eight_columns_in_rows(size):
    """The stacked rows let the waste take three slots on a table of five columns or more: the cards stay
    about as wide as the window allows for eight columns (one slot each), not half that."""
    for name in ("quadruple", "demon", "triple", "double"):
        game = Game.new(rules=name, number=1)
        k = counts_for(game)
        layout = compute(*size, column_lengths(game), counts=k)
        assert layout.arrangement == "stacked", name
        assert layout.cw >= 0.75 * ((size[0] - 2 * layout.gap) / k.columns - layout.gap), (name, layout.cw)
        sx, _, sw, _ = layout.piles["stock"]
        wx, _, ww, _ = layout.piles["waste"]
        assert wx >= sx + sw and wx + ww <= layout.piles["reserve"][0] + 0.01   # stock, waste, reserve in a row


def test_a_new_deal_of_fewer_columns_moves_the_focus_off_a_column_it_has_not():
    """The keyboard focus on column 7 of a Demon, then a Chameleon (3 columns) is dealt: the deal reaches
    the table (it raised a ValueError on the missing column) and the focus goes to the stock."""
    from shared.vocab import Focus
    from ui_helpers import make_controller

    c = make_controller(code="DM1-D3-AAAAAAA")
    c.dispatch(Focus("tableau-7", keyboard=True))
    assert c.ui.focus == "tableau-7"
    small = Game.new(rules="chameleon", number=5)
    c.show_game(small)
    assert c.game is small and c.ui.focus == "stock" and c.ui.cursor == 0
    kinds = [e.kind for e in c.take_effects()]
    assert "hash" in kinds
