"""Statistics per rule set and draw: played, won, win rate, streaks, best score, fastest win, and (since
the move counter, optional) the fewest moves of a win.

The interface reports three events, and this module keeps the counts honest:

- `start(key, game_id)` when the first move of a game is made: the game counts as played;
- `win(game_id, score, seconds)` when it is won: recorded once, however often it is called;
- `abandon(game_id)` when a started game is left unfinished (new deal, restart): a loss, the streak ends.

`key(rules, draw)` names a table ("canfield-D3"). The open game is part of the record, so a reload in the
middle of a game, followed by a new deal, still counts the first game as lost. `to_json` / `from_json`
export and import the record; an import is validated and raises `InvalidStats` (a ValueError) with a
`reason` code and a message saying what is wrong, and the current record is untouched.

Two pages of the game open at once each keep a copy of the record; `merge` joins two copies without
losing or double-counting a game (see its docstring). The record keeps, for that, the last RECENT games
(id, table, time, state), format version 3; version 1 and 2 files are still read.

Casino scoring (a rule set with scoring "casino": the table's name says which) keeps a running `balance`
per table: each game finished adds its score (the 52 staked against 5 a card on the foundations), given to
`win` and to `abandon(game_id, score=...)`; a game abandoned without its score adds nothing. Version 3
also renamed the tables of Storehouse's first rules (SH1): "storehouse-D3" of a version 1 or 2 file is
read as "storehouse-sh1-D3", since "storehouse" now names SH2.
"""

import json
import math

from . import jsonio
from .errors import InvalidJSON, InvalidStats

FORMAT = "canfield-stats"
VERSION = 3
READS = (1, 2, 3)
_FIELDS = ("played", "won", "streak", "best_streak", "best_score", "fastest")
# fewest moves in a win: kept since the move counter; balance: casino tables only; grades: wins per grade
# (canfield.insight); lost_best: the best a lost deal allowed against the player's cards; clean: wins with no
# help (hint, undo, replay, "Show me how"); older records lack them
_OPTIONAL = ("fewest", "balance", "grades", "lost_best", "clean")
GRADES = ("easy", "medium", "hard", "expert")
_ENTRY_EXTRA = {"amount", "grade", "best", "clean"}
MAX_BALANCE = 10**9
MAX_MOVES = 10**6
MAX_CARDS = 4 * 52
RECENT = 200                     # games remembered by id, for merging two copies
MAX_COUNT = 10**9                # more games than anyone plays
MAX_SCORE = 10**6                # a game scores at most a few hundred points
MAX_SECONDS = 10 * 365 * 86400   # ten years: any longer "fastest win" is not a time
MAX_AT = 1e11                    # a wall-clock time in seconds (year 5138)
MAX_ID = 64
# A game's state only moves right (merge takes the furthest). "late": won in one page after another page had
# left it (a loss there): it counts as won, but the streak it had broken stays broken.
_STATES = ("open", "lost", "late", "won")
_WON = ("late", "won")


def key(rules, draw):
    return f"{getattr(rules, 'name', rules)}-D{draw}"


def _casino(k):
    """Is table `k` a casino-scored game's (its rule set's parameters say so)?"""
    from .rules import LEGACY, RULESETS

    name = k.rsplit("-D", 1)[0]
    rules = RULESETS.get(name) or LEGACY.get(name)
    return rules is not None and rules.scoring == "casino"


def _renamed_key(k):
    """A version 1 or 2 table name in today's names (Storehouse SH1's tables)."""
    name, _, draw = k.rpartition("-D")
    return f"storehouse-sh1-D{draw}" if name == "storehouse" else k


def _empty():
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_score": None, "fastest": None}


class Stats:
    def __init__(self):
        self.tables = {}
        self.open = None  # {"id": ..., "key": ...} for the started game not yet won or abandoned
        self.recent = []  # [{"id", "key", "at", "state"}], oldest first, at most RECENT
        self.epoch = 0.0  # when the record was last reset or replaced by an import (wall-clock seconds)

    def table(self, k):
        """The counts of one key, with `rate` (won / played, 0.0 when nothing is played) and, for a
        casino table, `balance` (0 before any game)."""
        t = dict(self.tables.get(k) or _empty())
        t["rate"] = t["won"] / t["played"] if t["played"] else 0.0
        if _casino(k):
            t.setdefault("balance", 0)
        return t

    def _settle(self, k, game_id, score):
        """A casino game's score added to its table's balance (once: called when the game closes)."""
        if score is None or not _casino(k) or type(score) is not int:
            return
        t = self.tables.setdefault(k, _empty())
        t["balance"] = max(-MAX_BALANCE, min(MAX_BALANCE, t.get("balance", 0) + score))
        e = self._entry(game_id)
        if e is not None:
            e["amount"] = score

    # ---- events -----------------------------------------------------------------------------

    def _entry(self, game_id):
        for e in reversed(self.recent):
            if e["id"] == game_id:
                return e
        return None

    def _is_open(self, game_id):
        if self.open is not None and self.open["id"] == game_id:
            return True
        e = self._entry(game_id)
        return e is not None and e["state"] == "open"

    def start(self, k, game_id, at=0.0):
        """The first move of game `game_id` on table `k` (at wall-clock time `at`): it counts as played.
        A game already counted (here, or in another page's copy merged in) does not count again."""
        if self.open is not None and self.open["id"] == game_id or self._entry(game_id) is not None:
            return False
        if self.open is not None:
            self.abandon(self.open["id"])
        self.tables.setdefault(k, _empty())["played"] += 1
        self.open = {"id": game_id, "key": k}
        self.recent.append({"id": game_id, "key": k, "at": _clean_at(at), "state": "open"})
        del self.recent[:-RECENT]
        return True

    def win(self, game_id, score, seconds, moves=None, clean=False):
        """A win, recorded once. A game counted lost by another page (which left it) but won here is won.
        `moves` (the moves it took), when given, keeps the table's fewest moves (`fewest`); `clean`: won with
        no help (no hint, undo, replay or "Show me how"), counted apart in the table's `clean`."""
        e = self._entry(game_id)
        if not (self._is_open(game_id) or e is not None and e["state"] == "lost"):
            return False
        e = self._entry(game_id)
        k = e["key"] if e is not None else self.open["key"]
        t = self.tables.setdefault(k, _empty())
        t["won"] += 1
        late = e is not None and e["state"] == "lost"
        if not late:  # a late win of a game left earlier does not mend the streak it broke
            t["streak"] += 1
            t["best_streak"] = max(t["best_streak"], t["streak"])
        t["best_score"] = score if t["best_score"] is None else max(t["best_score"], score)
        seconds = min(round(float(seconds), 1), float(MAX_SECONDS))
        t["fastest"] = seconds if t["fastest"] is None else min(t["fastest"], seconds)
        if type(moves) is int and 0 <= moves <= MAX_MOVES:
            t["fewest"] = moves if t.get("fewest") is None else min(t["fewest"], moves)
        if not late:  # a game left earlier was settled then
            self._settle(k, game_id, score)
        self._close(game_id, "late" if late else "won")
        e = self._entry(game_id)
        if clean is True and e is not None:
            e["clean"] = True
            t["clean"] = min(t["won"], t.get("clean", 0) + 1)
        return True

    def abandon(self, game_id, score=None):
        """A started game left unfinished: a loss. `score`: its score, which a casino table's balance adds."""
        if not self._is_open(game_id):
            return False
        e = self._entry(game_id)
        k = e["key"] if e is not None else self.open["key"]
        self.tables.setdefault(k, _empty())["streak"] = 0
        self._settle(k, game_id, score)
        self._close(game_id, "lost")
        return True

    def graded(self, game_id, grade):
        """The grade (canfield.insight) of a game won: its table's wins of that grade count it, once."""
        e = self._entry(game_id)
        if grade not in GRADES or e is None or e["state"] not in _WON or "grade" in e:
            return False
        e["grade"] = grade
        g = self.tables.setdefault(e["key"], _empty()).setdefault("grades", {})
        g[grade] = min(MAX_COUNT, g.get(grade, 0) + 1)
        return True

    def lost_best(self, game_id, best, you):
        """A lost deal's analysis (canfield.insight: lost from the start, so the game can never be won): the
        most cards the deal allowed (`best`) and the player's (`you`), once a game."""
        e = self._entry(game_id)
        if (e is None or e["state"] not in ("open", "lost") or "best" in e or type(best) is not int or type(you) is not int
                or not 0 <= you <= best <= MAX_CARDS):
            return False
        e["best"] = [best, you]
        t = self.tables.setdefault(e["key"], _empty())
        lb = t.setdefault("lost_best", {"games": 0, "best": 0, "you": 0})
        lb["games"] += 1
        lb["best"] += best
        lb["you"] += you
        return True

    def _close(self, game_id, state):
        e = self._entry(game_id)
        if e is not None:
            e["state"] = state
        if self.open is not None and self.open["id"] == game_id:
            self.open = None

    def reset(self, at=0.0):
        """Every table emptied, at wall-clock time `at`: a merge with an older copy keeps this record."""
        self.tables = {}
        self.open = None
        self.recent = []
        self.epoch = _clean_at(at)

    # ---- merging two copies -------------------------------------------------------------------

    def merge(self, other):
        """A new record holding every game of `self` and of `other`, each counted once.

        Both copies descend from one stored record and each page only adds games, so the games one copy
        has that the other lacks are exactly the ones to add: for each table,
        played = max(a.played + |games of b not in a|, b.played + |games of a not in b|), and the same for
        won with the games won in one copy but not in the other. Games are known by their ids in `recent`
        (the last RECENT games), so the merge is exact as long as the two copies drifted apart by fewer
        than RECENT games, far more than two pages of one player play between two storage events.
        A game's state only moves forward (open, lost, won), best score and best streak take the larger,
        the fastest win the smaller; the current streak follows the newest finished game of the table.
        The merge is commutative and idempotent (all but `open`, which stays this page's own game), and
        never lowers played, won, best streak or best score.
        The one exception is a reset or an import (`epoch`): then the copy reset or imported last stands
        whole, since the player asked for exactly that record.
        """
        a, b = self, other
        if a.epoch != b.epoch:  # one copy was reset or imported since: the newer one stands, as the player asked
            newer = max((a, b), key=lambda s: (s.epoch, s.to_json()))
            return Stats.from_json(newer.to_json())
        by_id = {}
        for e in a.recent + b.recent:
            have = by_id.get(e["id"])
            if have is None:
                by_id[e["id"]] = dict(e)
            else:
                keep = max((have, e), key=lambda x: (_STATES.index(x["state"]), x["at"], x["key"]))
                by_id[e["id"]] = {**keep, "at": max(have["at"], e["at"])}
                for extra in ("amount", "grade", "best", "clean"):
                    value = have.get(extra, e.get(extra))
                    if value is not None:
                        by_id[e["id"]][extra] = value
        recent = sorted(by_id.values(), key=lambda e: (e["at"], e["id"]))[-RECENT:]
        a_state = {e["id"]: e["state"] for e in a.recent}
        b_state = {e["id"]: e["state"] for e in b.recent}
        out = Stats()
        for k in sorted(set(a.tables) | set(b.tables) | {e["key"] for e in by_id.values()}):
            ta, tb = a.table(k), b.table(k)
            mine = [e for e in by_id.values() if e["key"] == k]
            new_b = sum(1 for e in mine if e["id"] in b_state and e["id"] not in a_state)
            new_a = sum(1 for e in mine if e["id"] in a_state and e["id"] not in b_state)
            won_b = sum(1 for e in mine if b_state.get(e["id"]) in _WON and a_state.get(e["id"]) not in _WON)
            won_a = sum(1 for e in mine if a_state.get(e["id"]) in _WON and b_state.get(e["id"]) not in _WON)
            played = min(MAX_COUNT, max(ta["played"] + new_b, tb["played"] + new_a))
            won = min(played, max(ta["won"] + won_b, tb["won"] + won_a))
            streak = _merged_streak(sorted(mine, key=lambda e: (e["at"], e["id"])), ta["streak"], tb["streak"])
            best_streak = min(won, max(ta["best_streak"], tb["best_streak"], streak))
            scores = [s for s in (ta["best_score"], tb["best_score"]) if s is not None]
            times = [s for s in (ta["fastest"], tb["fastest"]) if s is not None]
            out.tables[k] = {
                "played": played, "won": won, "streak": min(streak, best_streak), "best_streak": best_streak,
                "best_score": max(scores) if won and scores else None,
                "fastest": min(times) if won and times else None,
            }
            fewest = [m for m in (ta.get("fewest"), tb.get("fewest")) if m is not None]
            if won and fewest:
                out.tables[k]["fewest"] = min(fewest)
            # wins per grade and lost deals' best: what one copy counted that the other did not is added
            a_ent = {e["id"]: e for e in a.recent if e["key"] == k}
            b_ent = {e["id"]: e for e in b.recent if e["key"] == k}
            grades = {}
            for name in GRADES:
                ga, gb = ta.get("grades", {}).get(name, 0), tb.get("grades", {}).get(name, 0)
                only_b = sum(1 for i, e in b_ent.items() if e.get("grade") == name and "grade" not in a_ent.get(i, {}))
                only_a = sum(1 for i, e in a_ent.items() if e.get("grade") == name and "grade" not in b_ent.get(i, {}))
                n = max(ga + only_b, gb + only_a)
                if n:
                    grades[name] = min(n, won)
            if grades:
                out.tables[k]["grades"] = grades
            ca, cb = ta.get("clean", 0), tb.get("clean", 0)
            only_b = sum(1 for i, e in b_ent.items() if e.get("clean") and not a_ent.get(i, {}).get("clean"))
            only_a = sum(1 for i, e in a_ent.items() if e.get("clean") and not b_ent.get(i, {}).get("clean"))
            n = min(won, max(ca + only_b, cb + only_a))
            if n:
                out.tables[k]["clean"] = n
            la, lb = (t.get("lost_best") or {"games": 0, "best": 0, "you": 0} for t in (ta, tb))
            add_b = [e["best"] for i, e in b_ent.items() if "best" in e and "best" not in a_ent.get(i, {})]
            add_a = [e["best"] for i, e in a_ent.items() if "best" in e and "best" not in b_ent.get(i, {})]
            one = {"games": la["games"] + len(add_b), "best": la["best"] + sum(x[0] for x in add_b),
                   "you": la["you"] + sum(x[1] for x in add_b)}
            two = {"games": lb["games"] + len(add_a), "best": lb["best"] + sum(x[0] for x in add_a),
                   "you": lb["you"] + sum(x[1] for x in add_a)}
            merged = max(one, two, key=lambda d: (d["games"], d["best"], d["you"]))
            if merged["games"]:
                out.tables[k]["lost_best"] = merged
            if _casino(k):
                # the games settled in one copy only add to the other's balance (the same either way round)
                a_amount = {e["id"]: e.get("amount") for e in a.recent if e["key"] == k}
                b_amount = {e["id"]: e.get("amount") for e in b.recent if e["key"] == k}
                only_b = sum(v for i, v in b_amount.items() if v is not None and a_amount.get(i) is None)
                only_a = sum(v for i, v in a_amount.items() if v is not None and b_amount.get(i) is None)
                out.tables[k]["balance"] = min(ta["balance"] + only_b, tb["balance"] + only_a)  # equal when in step
        out.recent = recent
        out.epoch = a.epoch
        # `open` is this page's own game in progress: kept from `self` while it is still open (the other
        # copy's open game belongs to the other page, which goes on with it)
        mine = a.open
        if mine is not None and by_id.get(mine["id"], {"state": "open"})["state"] != "open":
            mine = None
        out.open = dict(mine) if mine is not None else None
        return out

    # ---- JSON ---------------------------------------------------------------------------------

    def to_json(self):
        return json.dumps({"format": FORMAT, "version": VERSION, "tables": self.tables, "open": self.open,
                           "recent": self.recent, "epoch": self.epoch}, sort_keys=True, allow_nan=False)

    @classmethod
    def from_json(cls, text):
        try:
            data = jsonio.loads(text)
        except InvalidJSON as exc:
            why = {"not-json": "the statistics are not JSON", "too-deep": "the statistics nest too deeply",
                   "too-large": "the statistics are too large"}[exc.reason]
            raise InvalidStats(f"{why} ({exc})", exc.reason) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InvalidStats("this is not a Canfield statistics file", "format")
        version = data.get("version")
        if type(version) is not int or version not in READS:
            raise InvalidStats(f"statistics version {version!r:.40}; this version reads {VERSION}", "version")
        tables = data.get("tables")
        if not isinstance(tables, dict):
            raise InvalidStats("the statistics have no tables", "bad-field")
        rename = _renamed_key if version < 3 else (lambda k: k)
        clean = {}
        for k, t in tables.items():
            clean[rename(k)] = _check_table(rename(k), t)
        recent = data.get("recent", []) if version >= 2 else []
        if isinstance(recent, list):
            recent = [dict(e, key=rename(e["key"])) if isinstance(e, dict) and isinstance(e.get("key"), str) else e
                      for e in recent]
        if not isinstance(recent, list) or len(recent) > RECENT:
            raise InvalidStats(f"the statistics' recent games are not a list of at most {RECENT}", "bad-field")
        seen = set()
        for e in recent:
            if not (isinstance(e, dict) and set(e) - _ENTRY_EXTRA == {"id", "key", "at", "state"} and _good_id(e["id"])
                    and e.get("grade", GRADES[0]) in GRADES and _good_best(e.get("best", [0, 0]))
                    and e.get("clean", True) is True
                    and (type(e.get("amount", 0)) is int and abs(e.get("amount", 0)) <= MAX_SCORE)
                    and isinstance(e["key"], str) and e["key"] in clean and type(e["at"]) in (int, float) and 0 <= e["at"] < MAX_AT
                    and isinstance(e["state"], str) and e["state"] in _STATES and e["id"] not in seen):
                raise InvalidStats("a recent game of the statistics is not readable", "bad-field")
            seen.add(e["id"])
        for k, t in clean.items():  # each game remembered is counted in its table
            mine = [e for e in recent if e["key"] == k]
            if len(mine) > t["played"] or sum(e["state"] in _WON for e in mine) > t["won"]:
                raise InvalidStats(f"table {k!r:.40}: the recent games do not add up", "bad-field")
        epoch = data.get("epoch", 0.0) if version >= 2 else 0.0
        if type(epoch) not in (int, float) or not 0 <= epoch < MAX_AT:
            raise InvalidStats("the statistics' reset time is not readable", "bad-field")
        opened = data.get("open")
        if isinstance(opened, dict) and isinstance(opened.get("key"), str):
            opened = dict(opened, key=rename(opened["key"]))
        if opened is not None and not (isinstance(opened, dict) and set(opened) == {"id", "key"}
                                       and _good_id(opened["id"]) and isinstance(opened["key"], str)
                                       and opened["key"] in clean):
            raise InvalidStats("the statistics' open game is not readable", "bad-field")
        stats = cls()
        stats.tables, stats.open, stats.epoch = clean, opened, float(epoch)
        stats.recent = [{"id": e["id"], "key": e["key"], "at": float(e["at"]), "state": e["state"],
                         **{f: e[f] for f in ("amount", "grade", "best", "clean") if f in e}} for e in recent]
        return stats


def _good_best(v):
    return (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)
            and 0 <= v[1] <= v[0] <= MAX_CARDS)


def _good_id(v):
    return isinstance(v, str) and 0 < len(v) <= MAX_ID


def _clean_at(at):
    try:
        at = float(at)
    except (TypeError, ValueError):
        return 0.0
    return at if math.isfinite(at) and 0 <= at < MAX_AT else 0.0


def _newest_open(recent):
    for e in reversed(recent):
        if e["state"] == "open":
            return {"id": e["id"], "key": e["key"]}
    return None


def _merged_streak(entries, sa, sb):
    """The current streak from the table's recent games (oldest first): the wins after the newest loss;
    when no loss is in view, the larger of the two copies' streaks (they may reach further back)."""
    run = 0
    for e in reversed(entries):
        if e["state"] in ("lost", "late"):
            return run
        if e["state"] == "won":
            run += 1
    return max(run, sa, sb)


def _check_table(k, t):
    if not isinstance(t, dict) or not set(_FIELDS) <= set(t) <= set(_FIELDS + _OPTIONAL):
        raise InvalidStats(f"table {k!r:.40} must have exactly {', '.join(_FIELDS)} (and may have "
                           f"{', '.join(_OPTIONAL)})", "bad-field")
    balance = t.get("balance")
    if balance is not None and (type(balance) is not int or not -MAX_BALANCE <= balance <= MAX_BALANCE
                                or not _casino(k)):
        raise InvalidStats(f"table {k!r:.40}: balance must be a whole number (a casino table only)", "bad-field")
    fewest = t.get("fewest")
    if fewest is not None and (type(fewest) is not int or not 0 <= fewest <= MAX_MOVES or t["won"] == 0):
        raise InvalidStats(f"table {k!r:.40}: fewest must be a whole number of moves >= 0 (with a win) or null",
                           "bad-field")
    grades = t.get("grades")
    if grades is not None and not (isinstance(grades, dict) and set(grades) <= set(GRADES) and all(
            type(n) is int and 0 <= n <= t["won"] for n in grades.values()) and sum(grades.values()) <= t["won"]):
        raise InvalidStats(f"table {k!r:.40}: grades must count wins per grade ({', '.join(GRADES)})", "bad-field")
    clean = t.get("clean")
    if clean is not None and not (type(clean) is int and 0 <= clean <= t["won"]):
        raise InvalidStats(f"table {k!r:.40}: clean must count wins without help, at most the wins", "bad-field")
    lb = t.get("lost_best")
    if lb is not None and not (isinstance(lb, dict) and set(lb) == {"games", "best", "you"}
                               and all(type(n) is int and n >= 0 for n in lb.values())
                               and lb["games"] <= t["played"] and lb["you"] <= lb["best"] <= MAX_CARDS * lb["games"]):
        raise InvalidStats(f"table {k!r:.40}: lost_best must be games, best and you, whole numbers that add up",
                           "bad-field")
    for f in ("played", "won", "streak", "best_streak"):
        if type(t[f]) is not int or not 0 <= t[f] <= MAX_COUNT:
            raise InvalidStats(f"table {k!r:.40}: {f} must be a whole number >= 0 (at most {MAX_COUNT})",
                               "bad-field")
    if t["won"] > t["played"] or t["streak"] > t["best_streak"] or t["best_streak"] > t["won"]:
        raise InvalidStats(f"table {k!r:.40}: the counts do not add up", "bad-field")
    low = -MAX_SCORE if _casino(k) else 0
    if t["best_score"] is not None and (type(t["best_score"]) is not int or not low <= t["best_score"] <= MAX_SCORE):
        raise InvalidStats(f"table {k!r:.40}: best_score must be a whole number >= 0 or null", "bad-field")
    fastest = t["fastest"]
    if fastest is not None and (type(fastest) not in (int, float) or not 0 <= fastest <= MAX_SECONDS):
        raise InvalidStats(f"table {k!r:.40}: fastest must be a number of seconds >= 0 (at most ten years) "
                           "or null", "bad-field")
    if (t["won"] == 0) != (t["best_score"] is None) or (t["won"] == 0) != (fastest is None):
        raise InvalidStats(f"table {k!r:.40}: best score and fastest win go with at least one win", "bad-field")
    return dict(t)
