"""The rules dialog's lines, the New game dialog's draw line and the stock's pass count for the Canfield
family's one-deck games (static/worker/rules_view.py): each chosen by a rule set's parameters, never by its
name, and in every language."""

from __future__ import annotations

import pytest

import ui_helpers  # noqa: F401 - puts static/ on sys.path
from canfield import RULESETS, Game, RuleSet
from worker import i18n, rules_view
from worker.choices import offered_rulesets


def rules(**params):
    """A rule set under a name no game has: the lines may only follow its parameters."""
    return RuleSet("nameless", "NL1", "Nameless", **params)


@pytest.mark.parametrize("params, present, absent", [
    ({"build": "suit"}, {"help.columns.suit"}, {"help.columns.alternate", "help.columns.suit.nowrap"}),
    ({"build": "suit", "wrap": False}, {"help.columns.suit.nowrap"}, {"help.columns.suit"}),
    ({"wrap": False}, {"help.columns.alternate.nowrap"}, {"help.columns.alternate"}),
    ({"build": "any", "wrap": False}, {"help.columns.any.nowrap"}, {"help.columns.any"}),
    ({"moves": "single"}, {"help.moves.single", "help.empty.any.card"}, {"help.tails", "help.tails.no",
                                                                          "help.empty.any"}),
    ({"moves": "top_or_whole"}, {"help.tails.no", "help.empty.any"}, {"help.tails", "help.moves.single"}),
    ({"passes": 3}, {"help.stock.passes"}, {"help.stock", "help.stock.once"}),
    ({"passes": 1}, {"help.stock.once"}, {"help.stock", "help.stock.passes"}),
    ({}, {"help.stock", "help.deal.base", "help.foundations"}, {"help.draws.schedule"}),
    ({"draws": (3, 2, 1), "passes": 3}, {"help.draws.schedule"}, set()),
    ({"draws": (1,), "passes": 3}, set(), {"help.draws.schedule"}),
    ({"base_rank": 1}, {"help.deal.aces", "help.foundations.ace"}, {"help.deal.fixed", "help.foundations"}),
    ({"base_rank": 2}, {"help.deal.fixed", "help.foundations"}, {"help.deal.aces"}),
    ({"takeback": False}, {"help.takeback.no"}, {"help.takeback"}),
    ({"fill": "any"}, {"help.reserve.nofill"}, {"help.reserve", "help.empty.any"}),
    ({"reserve_face_up": True}, {"help.reserve.up"}, set()),
    ({}, {"help.score"}, {"help.reserve.up", "help.score.casino"}),
    ({"scoring": "casino"}, {"help.score.casino"}, {"help.score"}),
])
def test_each_line_follows_a_parameter(params, present, absent):
    keys = set(rules_view.rule_keys(rules(**params)))
    assert present <= keys and not absent & keys


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", list(offered_rulesets()))
def test_every_offered_game_has_its_name_and_lines_in_every_language(lang, name):
    r = RULESETS[name]
    t = i18n.Translator(lang)
    assert f"rules.{name}" in i18n.MESSAGES[lang]
    for key in rules_view.rule_keys(r):
        assert key in i18n.MESSAGES[lang], key
    html = rules_view.rules_html(r, t, lang, draw=3)
    assert "{" not in html


def test_the_family_lines_read_right_in_english():
    en = i18n.Translator("en")
    acme = rules_view.rules_html(RULESETS["acme"], en, "en", draw=3)
    assert "the four aces start the foundations" in acme
    assert "from the ace to the king" in acme and "go on from the king to the ace" not in acme
    assert "in suit" in acme and "no king on an ace" in acme
    assert "one at a time" in acme
    assert "turn 1 card onto the waste" in acme           # its own draw, not the game's 3
    assert "2 passes through the stock in all; no redeal after the last" in acme
    assert "A card on a foundation stays there." in acme
    rush = rules_view.rules_html(RULESETS["rush"], en, "en", draw=1)
    assert "turn 3 cards onto the waste" in rush and "3 cards, then 2 cards, then 1 card" in rush
    assert "3 passes through the stock" in rules_view.rules_html(RULESETS["storehouse"], en, "en")
    assert "as often as you like" in rules_view.rules_html(RULESETS["canfield"], en, "en")


def test_the_new_game_draw_line_for_a_fixed_draw_and_a_schedule():
    for lang in i18n.LANGUAGES:
        t = i18n.Translator(lang)
        assert rules_view.draw_note(RULESETS["canfield"], t) is None
        assert rules_view.draw_note(rules(), t) is None
        fixed = rules_view.draw_note(RULESETS["rainfall"], t)
        assert t.rules_name("rainfall") in fixed and t("help.draw1") in fixed
        sched = rules_view.draw_note(rules(draws=(3, 2, 1), passes=3), t)
        assert t("help.draw3") + t("help.then") + t("help.draw2") in sched
    fr = i18n.Translator("fr")
    assert rules_view.draw_note(RULESETS["acme"], fr) == "Acme pioche toujours 1 carte : ce choix ne compte pas pour ce jeu."


def test_the_pass_count_is_the_engines_pass_number():
    t = i18n.Translator("en")
    assert rules_view.passes_label(Game.new(rules="canfield"), t) is None
    game = Game.new(rules="rainfall")
    seen = [rules_view.passes_label(game, t)]
    while game.can_recycle or game.stock:
        move = next(m for m in game.legal_moves() if m.is_stock)
        game.play(move)
        if move.is_recycle:
            seen.append(rules_view.passes_label(game, t))
    assert seen == ["pass 1 of 3", "pass 2 of 3", "pass 3 of 3"]
    assert not any(m.is_stock for m in game.legal_moves())   # the engine refuses a fourth pass


@pytest.mark.parametrize("lang, text", [
    ("en", "12 cards in the reserve, one card on each of the 3 columns, the rest in the stock. The 13th card"),
    ("fr", "12 cartes en réserve, une carte sur chacune des 3 colonnes, le reste dans la pioche. La 13e carte"),
    ("nl", "12 kaarten in de reserve, één kaart op elk van de 3 kolommen, de rest in de stapel. De 13e kaart"),
])
def test_the_deal_line_counts_the_reserve_and_the_columns(lang, text):
    chameleon = rules(columns=3, reserve=12)
    assert text in rules_view.rules_html(chameleon, i18n.Translator(lang), lang, draw=1)
    assert "13 " in rules_view.rules_html(rules(), i18n.Translator(lang), lang, draw=1)


def test_ordinals():
    assert [rules_view.ordinal(n, "en") for n in (1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 41)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "14th", "21st", "22nd", "41st"]
    assert rules_view.ordinal(1, "fr") == "1re" and rules_view.ordinal(14, "fr") == "14e"
    assert rules_view.ordinal(14, "nl") == "14e"
