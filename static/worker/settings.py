"""Player settings and their JSON form (kept in localStorage by the page).

Pure Python so the CPython tests can check the parsing: anything unreadable
falls back to the defaults, field by field, never an exception. The text is read by
canfield.jsonio (bounded size and depth), like the saved game and the statistics.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from canfield import jsonio
from canfield.errors import InvalidJSON

from .i18n import MESSAGES
from shared.storage_keys import SETTINGS_KEY

STORAGE_KEY = SETTINGS_KEY    # its first name (static/shared/storage_keys.py holds every key)
VERSION = 1
MAX_CHARS = 4096  # ours are one small flat object
# The settings dialog's checkboxes (input names: `form_name(field)`).
TOGGLES = ("tap_to_columns", "auto_finish", "four_color", "large_cards", "sound", "motion")
# The settings dialog's choices (select names = field names), each with its allowed values, the
# default first. Each value of a look (LOOKS) is a class on #game ("theme-dark", "back-red", "table-blue")
# that static/game.css turns into colours; "auto" follows the system's light or dark preference.
THEMES = ("auto", "light", "dark", "contrast")
BACKS = ("blue", "red", "green")
TABLES = ("green", "blue", "red")
# The animation speed (static/worker/motion.py scales every duration by it); reduced motion still wins.
SPEEDS = ("normal", "slow", "fast")
CHOICES = {"theme": THEMES, "back": BACKS, "table": TABLES, "speed": SPEEDS}
LOOKS = ("theme", "back", "table")   # the choices that are a class on #game (the speed is not a look)
# The counters of the bar (static/shared/counters.py): shown unless switched off.
COUNTER_TOGGLES = ("show_moves", "show_clock")
TOGGLES += COUNTER_TOGGLES
# Issue 20: cards the engine proves never needed on the table go up by themselves (canfield.solver.sure_move).
TOGGLES += ("sure_cards",)
TOGGLES += ("left_handed",)


@dataclass
class Settings:
    draw: int = 3                # seed 000: "Pioche 3" is the default
    rules: str = "canfield"
    tap_to_columns: bool = True  # one tap also plays onto columns; seed 000's "Double clic", on by default
    auto_finish: bool = False    # seed 000: no autoplay by default
    four_color: bool = False
    large_cards: bool = False
    winnable: bool = False       # New game: only deals the solver proves winnable (static/worker/solver_worker.py)
    lang: str = ""               # "" = from the browser
    sound: bool = False          # a soft card sound on moves and a win sound (static/page/sound.py)
    theme: str = "auto"          # THEMES
    back: str = "blue"           # BACKS: the card back
    table: str = "green"         # TABLES: the felt colour
    show_moves: bool = True      # the move counter #moves in the bar
    show_clock: bool = True      # the game clock #clock in the bar
    motion: bool = True          # the deal, slides, the card-by-card finish, the win cascade (off: instant)
    speed: str = "normal"        # SPEEDS: how fast the motion plays (a replay's steps too)
    sure_cards: bool = False     # sure cards to the foundations by themselves, one undoable move each
    left_handed: bool = False    # the table mirrored: stock and waste on the right (static/worker/layout.py)

    def to_json(self) -> str:
        """The stored record: each field under its stored name (`stored_name`)."""
        return json.dumps({"version": VERSION, **{stored_name(k): v for k, v in asdict(self).items()}})

    @classmethod
    def from_json(cls, text, rulesets=("canfield",)) -> "Settings":
        """Settings from stored text; every missing or wrong field keeps its default."""
        return cls.read(text, rulesets)[0]

    @classmethod
    def read(cls, text, rulesets=("canfield",)) -> tuple["Settings", bool]:
        """(settings, intact): every field is checked by type before use, a bad one keeps its default;
        `intact` is False when the text was not a settings record or any field was bad (the page then sets
        the record aside, as it does a saved game). Never raises."""
        out = cls()
        if text is None or text == "":
            return out, True
        try:
            data = jsonio.loads(text, max_chars=MAX_CHARS)
        except InvalidJSON:
            return out, False
        if not isinstance(data, dict):
            return out, False
        intact = True
        for name, ok in (
            ("draw", lambda v: type(v) is int and v in (1, 3)),
            ("rules", lambda v: isinstance(v, str) and v in rulesets),
            ("tap_to_columns", lambda v: type(v) is bool),   # a record that used the new name
            ("lang", lambda v: isinstance(v, str) and (v == "" or v in MESSAGES)),
            *((stored_name(n), lambda v: type(v) is bool) for n in TOGGLES + ("winnable",)),
            *((n, lambda v, allowed=allowed: isinstance(v, str) and v in allowed) for n, allowed in CHOICES.items()),
        ):
            if name not in data:
                continue
            if ok(data[name]):
                setattr(out, FIELD_OF.get(name, name), data[name])
            else:
                intact = False
        version = data.get("version", VERSION)
        if type(version) is not int or version != VERSION:
            intact = False
        return out, intact

    def look_classes(self) -> dict[str, bool]:
        """Every look class of #game, on or off, for these settings (the page toggles each one)."""
        out = {"four-color": self.four_color, "large-cards": self.large_cards, "left-handed": self.left_handed}
        for name in LOOKS:
            for value in CHOICES[name]:
                out[f"{name}-{value}"] = getattr(self, name) == value
        return out


FIELDS = tuple(f.name for f in fields(Settings))
# Fields whose stored name (in the saved record, and the settings dialog's input name) is an older one:
# records of today keep loading, and static/paint.js reads the same record.
STORED_NAMES = {"tap_to_columns": "double_click"}
FIELD_OF = {v: k for k, v in STORED_NAMES.items()}


def stored_name(field: str) -> str:
    return STORED_NAMES.get(field, field)


form_name = stored_name   # the settings dialog's <input name> of a field: the stored name
