"""Which rule sets the page offers (static/ui/choices.py): chosen by their parameters, never by name, and
asked by the New game dialog, the statistics filter, the settings loader and the address's deal code."""

from __future__ import annotations

import dataclasses
import json

import pytest

import ui_helpers  # noqa: F401 - puts static/ on sys.path
from canfield import RULESETS, Game, RuleSet
from canfield.rules import CLASSIC
from ui import choices
from ui.controller import HashChanged
from ui.i18n import Translator
from ui.persist import Records, MemoryStorage, Store
from ui.settings import Settings
from ui.table import route_hash
from ui_helpers import make_controller


@dataclasses.dataclass(frozen=True)
class FamilyRules(RuleSet):
    """A rule set of the coming family (issue 19), with the attributes the engine adds later."""
    decks: int = 1
    columns: int = 4
    reserve: int = 13
    reserve_face_up: bool = False
    passes: object = None
    draws: object = None
    scoring: str = "card"


def family(name="family", prefix="FA1", **params):
    return FamilyRules(name, prefix, None, True, True, True, True, name.title(), **params)


@pytest.mark.parametrize("params", [
    {"decks": 2}, {"columns": 3}, {"columns": 8}, {"reserve": 11}, {"reserve_face_up": True},
    {"passes": 3}, {"passes": 1}, {"draws": (3, 2, 1)}, {"scoring": "casino"},
])
def test_a_rule_set_the_page_cannot_draw_is_not_offered(params):
    engine = {**RULESETS, "family": family(**params)}
    assert "family" not in choices.offered_names(engine)
    assert choices.offered_names(engine) == tuple(RULESETS)       # the others stay, in the engine's order


def test_a_rule_set_with_the_parameters_of_the_four_is_offered_whatever_its_name():
    engine = {**RULESETS, "newname": family("newname")}
    assert choices.offered_names(engine) == (*RULESETS, "newname")
    t = Translator("en")
    assert [v for v, _ in choices.rules_options(t, engine)] == [*RULESETS, "newname"]


def test_the_four_rule_sets_of_today_are_offered():
    assert choices.offered_names() == tuple(RULESETS)


@pytest.fixture
def classic_not_drawable(monkeypatch):
    """The engine's "classic" given a seventh column: the page must stop offering it."""
    monkeypatch.setattr(choices, "RULESETS", {**RULESETS, "classic": FamilyRules(
        *dataclasses.astuple(CLASSIC), columns=7)})
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
    assert ("hash", before, False) in effects
    notices = [e[1] for e in effects if e[0] == "notice"]
    assert notices == [Translator("en")("notice.invalid_code_kept", code=code)]


def test_the_settings_loader_falls_back_for_a_rule_set_not_offered(classic_not_drawable):
    text = json.dumps({"version": 1, "rules": "classic", "draw": 1})
    keeper = Records(Store(MemoryStorage({"canfield.settings": text})))
    s = keeper.load_settings(choices.offered_names())
    assert s.rules == Settings().rules and s.draw == 1
