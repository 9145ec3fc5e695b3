"""The controller's settings: new settings replace the old (never changed in place: whoever read them
keeps a true copy), a new language, the system's reduced-motion preference.

Each handler takes the controller `c` (static/worker/controller.py) and the action; `HANDLERS` says which
handler takes which action.
"""

from dataclasses import replace

from . import handle_moves
from .i18n import LANGUAGE_NAMES, Translator
from .settings import FIELDS as SETTING_FIELDS
from shared.vocab import (
    ApplySettings, AutoFinish, LanguageChanged, MotionChanged, MotionPreference, SaveSettings, SettingsChanged,
    SolverWanted,
)


def on_settings_changed(c, a):
    changes = {k: v for k, v in a.changes.items() if k in SETTING_FIELDS}
    old = c.settings
    c.settings = replace(old, **changes)
    c.emit(ApplySettings())
    new = c.settings
    if "lang" in changes and new.lang in LANGUAGE_NAMES and new.lang != c.lang:
        c.lang = new.lang
        c.t = Translator(new.lang)
        c.emit(LanguageChanged())
        c.say(c.t("a11y.language", name=LANGUAGE_NAMES[new.lang]))
    c.emit(SaveSettings())
    if new.winnable and not old.winnable:
        c.emit(SolverWanted())      # the next deal will need the solver: it starts now
    if "auto_finish" in changes and new.auto_finish:
        handle_moves.on_auto_finish(c, AutoFinish())


def on_motion_preference(c, a):
    c.ui.reduced_motion = bool(a.reduced)
    c.emit(MotionChanged())


HANDLERS = {SettingsChanged: on_settings_changed, MotionPreference: on_motion_preference}
