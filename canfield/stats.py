"""Statistics per rule set and draw: played, won, win rate, streaks, best score, fastest win.

The interface reports three events, and this module keeps the counts honest:

- `start(key, game_id)` when the first move of a game is made: the game counts as played;
- `win(game_id, score, seconds)` when it is won: recorded once, however often it is called;
- `abandon(game_id)` when a started game is left unfinished (new deal, restart): a loss, the streak ends.

`key(rules, draw)` names a table ("canfield-D3"). The open game is part of the record, so a reload in the
middle of a game, followed by a new deal, still counts the first game as lost. `to_json` / `from_json`
export and import the record; an import is validated and raises `InvalidStats` (a ValueError) saying
what is wrong, and the current record is untouched.
"""

import json

from .errors import CanfieldError

FORMAT = "canfield-stats"
VERSION = 1
_FIELDS = ("played", "won", "streak", "best_streak", "best_score", "fastest")


class InvalidStats(CanfieldError):
    """Statistics that cannot be read."""


def key(rules, draw):
    return f"{getattr(rules, 'name', rules)}-D{draw}"


def _empty():
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_score": None, "fastest": None}


class Stats:
    def __init__(self):
        self.tables = {}
        self.open = None  # {"id": ..., "key": ...} for the started game not yet won or abandoned

    def table(self, k):
        """The counts of one key, with `rate` (won / played, 0.0 when nothing is played)."""
        t = dict(self.tables.get(k) or _empty())
        t["rate"] = t["won"] / t["played"] if t["played"] else 0.0
        return t

    def start(self, k, game_id):
        if self.open is not None and self.open["id"] == game_id:
            return False
        if self.open is not None:
            self.abandon(self.open["id"])
        self.tables.setdefault(k, _empty())["played"] += 1
        self.open = {"id": game_id, "key": k}
        return True

    def win(self, game_id, score, seconds):
        if self.open is None or self.open["id"] != game_id:
            return False
        t = self.tables.setdefault(self.open["key"], _empty())
        t["won"] += 1
        t["streak"] += 1
        t["best_streak"] = max(t["best_streak"], t["streak"])
        t["best_score"] = score if t["best_score"] is None else max(t["best_score"], score)
        seconds = round(float(seconds), 1)
        t["fastest"] = seconds if t["fastest"] is None else min(t["fastest"], seconds)
        self.open = None
        return True

    def abandon(self, game_id):
        if self.open is None or self.open["id"] != game_id:
            return False
        self.tables.setdefault(self.open["key"], _empty())["streak"] = 0
        self.open = None
        return True

    def reset(self):
        self.tables = {}
        self.open = None

    def to_json(self):
        return json.dumps({"format": FORMAT, "version": VERSION, "tables": self.tables, "open": self.open},
                          sort_keys=True)

    @classmethod
    def from_json(cls, text):
        from .save import json_depth_ok

        if isinstance(text, str) and not json_depth_ok(text):
            raise InvalidStats("the statistics nest too deeply to be a statistics file")
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise InvalidStats(f"the statistics are not JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InvalidStats("this is not a Canfield statistics file")
        if data.get("version") != VERSION:
            raise InvalidStats(f"statistics version {data.get('version')!r}; this version reads {VERSION}")
        tables = data.get("tables")
        if not isinstance(tables, dict):
            raise InvalidStats("the statistics have no tables")
        clean = {}
        for k, t in tables.items():
            if not isinstance(t, dict) or set(t) != set(_FIELDS):
                raise InvalidStats(f"table {k!r} must have exactly {', '.join(_FIELDS)}")
            for f in ("played", "won", "streak", "best_streak"):
                if type(t[f]) is not int or t[f] < 0:
                    raise InvalidStats(f"table {k!r}: {f} must be a whole number >= 0")
            if t["won"] > t["played"] or t["streak"] > t["best_streak"] or t["best_streak"] > t["won"]:
                raise InvalidStats(f"table {k!r}: the counts do not add up")
            if t["best_score"] is not None and (type(t["best_score"]) is not int or t["best_score"] < 0):
                raise InvalidStats(f"table {k!r}: best_score must be a whole number >= 0 or null")
            if t["fastest"] is not None and (type(t["fastest"]) not in (int, float) or not t["fastest"] >= 0):
                raise InvalidStats(f"table {k!r}: fastest must be a number of seconds >= 0 or null")
            if (t["won"] == 0) != (t["best_score"] is None) or (t["won"] == 0) != (t["fastest"] is None):
                raise InvalidStats(f"table {k!r}: best score and fastest win go with at least one win")
            clean[k] = dict(t)
        opened = data.get("open")
        if opened is not None and not (isinstance(opened, dict) and set(opened) == {"id", "key"}
                                       and isinstance(opened["id"], str) and opened["key"] in clean):
            raise InvalidStats("the statistics' open game is not readable")
        stats = cls()
        stats.tables, stats.open = clean, opened
        return stats
