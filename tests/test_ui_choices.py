"""Which rule sets the page offers (static/worker/choices.py): chosen by their parameters, never by name, and
asked by the New game dialog, the statistics filter, the settings loader and the address's deal code."""

from __future__ import annotations

import dataclasses
import json

import pytest

import ui_helpers  # noqa: F401 - puts static/ on sys.path
from canfield import RULESETS, Game, RuleSet
from canfield.rules import CLASSIC
from worker import choices
from shared.vocab import HashChanged, NoticeShown, WriteHash
from worker.i18n import Translator
from worker.persist import Records, MemoryStorage, Store
from worker.settings import Settings
from worker.choices import route_hash
from ui_helpers import make_controller


def family(name="family", prefix="FA1", **params):
    return RuleSet(name, prefix, name.title(), **params)


@pytest.mark.parametrize("params", [{"decks": 2}, {"columns": 5}, {"columns": 8}])
def test_a_rule_set_the_page_cannot_draw_is_not_offered(params, monkeypatch):
    # a page with the piles of a one-deck table only (as before issue 19): more is not offered
    monkeypatch.setattr(choices, "PAGE_COLUMNS", 4)
    monkeypatch.setattr(choices, "PAGE_FOUNDATIONS", 4)
    engine = {**RULESETS, "family": family(**params)}
    assert "family" not in choices.offered_names(engine)
    assert all(r.decks == 1 and r.columns <= 4 for r in choices.offered_rulesets(engine).values())


@pytest.mark.parametrize("params", [{"decks": 2}, {"decks": 4, "columns": 8}, {"columns": 8, "reserve": 40},
                                    {"decks": 2, "reserve": 20, "reserve_face_up": True}])
def test_the_page_draws_up_to_eight_columns_and_sixteen_foundations(params):
    engine = {**RULESETS, "family": family(**params)}
    assert "family" in choices.offered_names(engine)
    assert choices.PAGE_COLUMNS == 12 and choices.PAGE_FOUNDATIONS == 16


@pytest.mark.parametrize("params", [
    {}, {"passes": 3}, {"passes": 1}, {"draws": (3, 2, 1)}, {"draws": (1,), "passes": 2},
    {"build": "suit", "wrap": False, "moves": "single", "base_rank": 1, "takeback": False},
    {"columns": 3}, {"reserve": 11}, {"reserve": 0}, {"reserve_face_up": True}, {"scoring": "casino"},
])
def test_a_rule_set_the_page_can_draw_is_offered_whatever_its_name(params):
    engine = {**RULESETS, "newname": family("newname", **params)}
    assert choices.offered_rulesets(engine)["newname"] is engine["newname"]
    t = Translator("en")
    options = [v for v, _ in choices.rules_options(t, engine)]
    ones = [name for name, r in engine.items() if r.decks == 1 and name in options]
    assert options.index("newname") == ones.index("newname")   # the last of the one-deck games


def test_every_game_of_the_engine_is_offered_in_one_order_by_decks():
    assert set(choices.offered_rulesets()) == set(RULESETS)
    assert tuple(choices.offered_rulesets()) == (
        "canfield", "classic", "storehouse", "rainbow", "superior", "rainfall", "chameleon", "rush", "casino",
        "acme", "pysol-canfield", "pysol-rainbow", "eagle-wing", "gate", "little-gate", "duke", "dutchess",
        "minerva", "munger", "mystique", "candike", "lafayette", "beehive",
        "double", "american-toad", "variegated", "demon", "the-plot", "triple", "quadruple")
    # PySolFC's twelve games of the new parameters (issue 34) included: several reserves, face-down cards
    # drawn as backs, up to 12 columns, foundations of every kind


def test_new_game_and_statistics_list_the_games_in_the_same_order():
    t = Translator("en")
    grouped = [option for _, options in choices.rules_groups(t) for option in options]
    assert choices.rules_options(t) == grouped
    assert [label for label, _ in choices.rules_groups(t)] == [t("newgame.decks.1"), t("newgame.decks.2"),
                                                               t("newgame.decks.3"), t("newgame.decks.4")]


def test_more_reserves_or_columns_than_the_page_has_or_several_face_down_reserves_are_not_offered(monkeypatch):
    # several reserves face down: the page fans several reserves face up only
    engine = {**RULESETS, "family": family(reserves=2, reserve=5)}
    assert "family" not in choices.offered_names(engine)
    monkeypatch.setattr(choices, "PAGE_COLUMNS", 8)
    monkeypatch.setattr(choices, "PAGE_RESERVES", 2)
    assert not {"the-plot", "duke", "dutchess"} & set(choices.offered_names())
    assert {"gate", "little-gate", "eagle-wing"} <= set(choices.offered_names())


@pytest.mark.parametrize("lang", ["fr", "nl", "en"])
def test_the_new_game_dialog_groups_the_games_by_deck_count_each_with_its_line(lang):
    t = Translator(lang)
    groups = choices.rules_groups(t)
    assert [label for label, _ in groups] == [t(f"newgame.decks.{n}") for n in (1, 2, 3, 4)]
    assert len({label for label, _ in groups}) == 4
    listed = [value for _, options in groups for value, _ in options]
    offered = choices.offered_rulesets()
    assert sorted(listed) == sorted(offered)
    for (_, options), decks in zip(groups, (1, 2, 3, 4)):
        assert all(RULESETS[v].decks == decks for v, _ in options)
    assert [v for _, options in groups[1:2] for v, _ in options] == [
        "double", "american-toad", "variegated", "demon", "the-plot"]   # the engine's order inside a group
    for name in RULESETS:   # every game of the engine, the ones the page does not draw yet too (issue 34)
        note = choices.rules_note(name, t)
        assert note and note != f"rules.{name}.note"
        assert t.rules_name(name) == t(f"rules.{name}")           # a name of its own, not the fallback
    if lang != "en":   # translated, not the English line
        for name in ("demon", "eagle-wing", "the-plot", "beehive", "lafayette"):
            assert choices.rules_note(name, t) != choices.rules_note(name, Translator("en"))
    else:              # the English names are the engine's titles
        assert all(t.rules_name(name) == r.title for name, r in RULESETS.items() if r.extended)
    assert choices.rules_note("no-such-game", t) == ""


def test_storehouse_sh1_is_accepted_from_storage_and_the_address_but_not_listed():
    assert choices.offered_names()[-1] == "storehouse-sh1"
    t = Translator("en")
    assert "storehouse-sh1" not in [v for v, _ in choices.rules_options(t)]
    assert choices.successor("storehouse-sh1") == "storehouse"     # the New game dialog's preselection
    assert choices.successor("rush") == "rush"


def test_an_old_storehouse_sh1_code_in_the_address_deals_it():
    code = Game.new(draw=1, rules="storehouse-sh1").code
    assert code.startswith("SH1-D1-")
    what, game = route_hash(code, None)
    assert what == "deal" and game.rules.name == "storehouse-sh1"


def test_old_settings_that_name_storehouse_or_its_first_version_load_intact():
    for name in ("storehouse", "storehouse-sh1", "rush"):
        text = json.dumps({"version": 1, "rules": name, "draw": 1})
        keeper = Records(Store(MemoryStorage({"canfield.settings": text})))
        assert keeper.load_settings(choices.offered_names()).rules == name
        assert keeper.notices == []


def test_a_saved_storehouse_sh1_game_resumes_and_plays_by_its_rules():
    game = Game.new(draw=3, rules="storehouse-sh1")
    game.play(game.legal_moves()[0])
    keeper = Records(Store(MemoryStorage({})))
    keeper.game = game
    keeper.save(game)
    saved = keeper.store.get("canfield.save")
    back = Records(Store(MemoryStorage({"canfield.save": saved})))
    resumed = back.boot(game.code)
    assert resumed is not None and resumed.rules.name == "storehouse-sh1" and resumed.history == game.history
    assert route_hash(game.code, None)[0] == "deal"      # its code in the address is not refused at boot
    c = make_controller()
    c.show_game(resumed, push=False, deal=False)
    assert c.settings.rules == "storehouse-sh1"
    assert Settings.read(c.settings.to_json(), choices.offered_names()) == (c.settings, True)


@pytest.fixture
def classic_not_drawable(monkeypatch):
    """The engine's "classic" given a seventh column on a page of six at most: the page must stop offering it."""
    monkeypatch.setattr(choices, "PAGE_COLUMNS", 6)
    monkeypatch.setattr(choices, "RULESETS", {**RULESETS, "classic": dataclasses.replace(CLASSIC, columns=7)})
    assert "classic" not in choices.offered_names()
    return Game.new(draw=3, rules="classic").code


def test_an_address_naming_a_game_not_offered_is_refused_as_a_bad_code(classic_not_drawable):
    code = classic_not_drawable
    assert route_hash(code, None) == ("refuse", None)
    assert route_hash(code, "CF1-D3-AAAAACL") == ("refuse", None)


def test_the_controller_keeps_the_game_and_names_the_code_it_refused(classic_not_drawable):
    code = classic_not_drawable
    c = make_controller()
    before = c.game.code
    c.dispatch(HashChanged(code))
    effects = c.take_effects()
    assert c.game.code == before
    assert WriteHash(before, False) in effects
    notices = [e.text for e in effects if isinstance(e, NoticeShown)]
    assert notices == [Translator("en")("notice.invalid_code_kept", code=code)]


def test_the_settings_loader_falls_back_for_a_rule_set_not_offered(classic_not_drawable):
    text = json.dumps({"version": 1, "rules": "classic", "draw": 1})
    keeper = Records(Store(MemoryStorage({"canfield.settings": text})))
    s = keeper.load_settings(choices.offered_names())
    assert s.rules == Settings().rules and s.draw == 1
