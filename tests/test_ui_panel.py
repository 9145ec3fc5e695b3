"""The solver's #assist panel as UI state (static/worker/controller.py `Panel`, `ShowPanel`, `HidePanel`,
`GoBack`): what it shows, the lost position's offer kept for its position only, closed by a change of
position when it was about the position."""

from __future__ import annotations

import pytest

from ui_helpers import make_controller
from shared.vocab import GoBack, HidePanel, Key, Panel, Say, ShowPanel
from worker.i18n import Translator


def lost(c, undos=2):
    c.dispatch(Key("d"))
    c.dispatch(Key("d"))
    c.dispatch(Key("d"))
    c.take_effects()
    c.dispatch(ShowPanel(Panel("lost", "Lost.", ("back", "new"), undos=undos, back_label="Back")))


def test_a_panel_is_state_and_is_said():
    c = make_controller()
    c.dispatch(ShowPanel(Panel("note", "Hello.")))
    assert c.ui.panel.kind == "note" and Say("Hello.") in c.take_effects()
    c.dispatch(HidePanel())
    assert c.ui.panel is None


def test_the_offer_goes_back_that_many_moves_and_says_so():
    c = make_controller()
    lost(c, undos=2)
    assert c.ui.lost_offer == 2
    c.dispatch(GoBack())
    assert len(c.game.history) == 1
    assert c.ui.panel.kind == "note" and c.ui.panel.text == Translator("en")("assist.went_back")


@pytest.mark.parametrize("kind,closes", [("lost", True), ("hint", True), ("guess", True), ("stuck", True), ("wait", True),
                                         ("unknown", True), ("search", False), ("note", False)])
def test_a_move_closes_the_panels_about_the_position_and_drops_the_offer(kind, closes):
    c = make_controller()
    lost(c)
    c.dispatch(ShowPanel(Panel(kind, "x")))
    c.dispatch(Key("d"))
    assert c.ui.lost_offer is None
    assert (c.ui.panel is None) is closes


def test_an_offer_for_another_position_does_nothing_but_close():
    c = make_controller()
    lost(c, undos=2)
    c.dispatch(Key("d"))                      # the position changed: the offer is gone
    n = len(c.game.history)
    c.dispatch(ShowPanel(Panel("note", "x")))
    c.dispatch(GoBack())
    assert len(c.game.history) == n and c.ui.panel is None
