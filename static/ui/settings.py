"""Player settings and their JSON form (kept in localStorage by the page).

Pure Python so the CPython tests can check the parsing: anything unreadable
falls back to the defaults, field by field, never an exception.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from .i18n import MESSAGES

STORAGE_KEY = "canfield.settings"
VERSION = 1
# The settings dialog's checkboxes (input names = field names).
TOGGLES = ("double_click", "auto_finish", "four_color", "large_cards", "sound")
# The settings dialog's choices (select names = field names), each with its allowed values, the
# default first. Each value is a class on #game ("theme-dark", "back-red", "table-blue") that
# static/game.css turns into colours; "auto" follows the system's light or dark preference.
THEMES = ("auto", "light", "dark", "contrast")
BACKS = ("blue", "red", "green")
TABLES = ("green", "blue", "red")
CHOICES = {"theme": THEMES, "back": BACKS, "table": TABLES}


@dataclass
class Settings:
    draw: int = 3                # seed 000: "Pioche 3" is the default
    rules: str = "canfield"
    double_click: bool = True    # seed 000: "Double clic" on by default
    auto_finish: bool = False    # seed 000: no autoplay by default
    four_color: bool = False
    large_cards: bool = False
    winnable: bool = False       # New game: only deals the solver proves winnable (static/ui/hint.py)
    lang: str = ""               # "" = from the browser
    sound: bool = False          # a soft card sound on moves and a win sound (static/ui/sound.py)
    theme: str = "auto"          # THEMES
    back: str = "blue"           # BACKS: the card back
    table: str = "green"         # TABLES: the felt colour

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, **asdict(self)})

    @classmethod
    def from_json(cls, text: str | None, rulesets=("canfield",)) -> "Settings":
        """Settings from stored text; every missing or wrong field keeps its default."""
        out = cls()
        if text and (len(text) > 4096 or text.count("[") + text.count("{") > 8):
            return out  # not settings (ours are one flat object); deep nesting would overflow Pyodide's stack
        try:
            data = json.loads(text) if text else {}
        except (TypeError, ValueError):
            return out
        if not isinstance(data, dict):
            return out
        if data.get("draw") in (1, 3):
            out.draw = data["draw"]
        if data.get("rules") in rulesets:
            out.rules = data["rules"]
        for name in TOGGLES:
            if isinstance(data.get(name), bool):
                setattr(out, name, data[name])
        if isinstance(data.get("winnable"), bool):
            out.winnable = data["winnable"]
        if data.get("lang") in MESSAGES:
            out.lang = data["lang"]
        for name, allowed in CHOICES.items():
            if data.get(name) in allowed:
                setattr(out, name, data[name])
        return out

    def look_classes(self) -> dict[str, bool]:
        """Every look class of #game, on or off, for these settings (the page toggles each one)."""
        out = {"four-color": self.four_color, "large-cards": self.large_cards}
        for name, allowed in CHOICES.items():
            for value in allowed:
                out[f"{name}-{value}"] = getattr(self, name) == value
        return out


FIELDS = tuple(f.name for f in fields(Settings))
