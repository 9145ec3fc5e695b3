"""Settings through the controller (static/worker/controller.py `SettingsChanged`, static/worker/settings.py): the
setting "one tap also plays onto columns" under its new name and its stored one, new settings replacing
the old, and motion decided in one place."""

from __future__ import annotations

import json

import pytest

from ui_helpers import make_controller
from worker.state import motion_on
from shared.vocab import (
    ApplySettings, AutoFinish, LanguageChanged, MotionChanged, MotionPreference, SaveSettings, Say, SettingsChanged,
    SolverWanted,
)
from worker.i18n import Translator
from worker.settings import Settings, form_name


def test_the_old_stored_name_of_one_tap_to_columns_still_loads_and_is_the_one_written():
    s = Settings.from_json('{"version": 1, "double_click": false}')
    assert s.tap_to_columns is False
    stored = json.loads(s.to_json())
    assert stored["double_click"] is False and "tap_to_columns" not in stored
    assert Settings.from_json(s.to_json()) == s
    assert Settings.from_json('{"version": 1, "tap_to_columns": false}').tap_to_columns is False
    assert form_name("tap_to_columns") == "double_click"      # the settings dialog's input (a test hook)


@pytest.mark.parametrize("on", [True, False])
def test_one_tap_onto_a_column_follows_the_setting_changed_through_dispatch(on):
    c = make_controller()
    c.dispatch(SettingsChanged({"tap_to_columns": on}))
    assert c.settings.tap_to_columns is on
    effects = c.take_effects()
    assert ApplySettings() in effects and SaveSettings() in effects


def test_new_settings_replace_the_old_whoever_read_them_keeps_a_true_copy():
    c = make_controller()
    before = c.settings
    c.dispatch(SettingsChanged({"four_color": True}))
    assert before.four_color is False and c.settings.four_color is True and c.settings is not before


def test_a_new_language_switches_the_controller_and_says_so():
    c = make_controller()
    c.dispatch(SettingsChanged({"lang": "fr"}))
    effects = c.take_effects()
    assert c.lang == "fr" and c.settings.lang == "fr" and LanguageChanged() in effects
    assert Say(Translator("fr")("a11y.language", name="Français")) in effects
    c.dispatch(SettingsChanged({"lang": "xx"}))                 # not a language of the page
    assert c.lang == "fr" and LanguageChanged() not in c.take_effects()


def test_switching_the_winnable_setting_on_starts_the_solver():
    c = make_controller()
    c.dispatch(SettingsChanged({"winnable": True}))
    assert SolverWanted() in c.take_effects()
    c.dispatch(SettingsChanged({"winnable": True}))
    assert SolverWanted() not in c.take_effects()


def test_switching_auto_finish_on_finishes_a_sure_win():
    from engine_helpers import foundation_only_deal

    c = make_controller(foundation_only_deal(), motion=False)
    c.dispatch(AutoFinish())
    assert not c.game.won                                      # the setting is off
    c.dispatch(SettingsChanged({"auto_finish": True}))
    assert c.game.won


@pytest.mark.parametrize("setting,reduced,on", [(True, False, True), (True, True, False), (False, False, False)])
def test_motion_is_the_setting_unless_the_system_asks_for_reduced_motion(setting, reduced, on):
    assert motion_on(setting, reduced) is on
    c = make_controller(motion=setting)
    c.dispatch(MotionPreference(reduced))
    assert c.motion is on and MotionChanged() in c.take_effects()
