"""What the page keeps in localStorage: the game in progress and the statistics.

Pure Python (tested under CPython with a dict-backed storage): the page hands in
`window.localStorage`, or None where the browser refuses it.

- `Store` wraps every storage access: storage that is full, refused (private mode)
  or missing never raises; the game just is not kept.
- `Keeper` decides what is saved and counted. The saved game is the engine's save
  record (canfield.save) plus three fields of this layer: the game's id for the
  statistics, whether its first move was made, and the seconds played so far.
  A record that cannot be read is moved aside to `<key>.broken` before anything
  else is written, and the page shows a notice; if even that fails, the key is
  left alone until the player has acted after the notice.
- Statistics (canfield.stats): a game counts as played at its first move; a win is
  recorded once; leaving a started game unfinished (new deal, restart, another
  deal code in the address) is a loss.
"""

from __future__ import annotations

import json
import math
import random
import re
import time

from canfield.save import from_save, to_save
from canfield.stats import Stats, key as stats_key

SAVE_KEY = "canfield.save"
STATS_KEY = "canfield.stats"
BROKEN_SUFFIX = ".broken"
MAX_IMPORT_CHARS = 1_000_000  # a statistics file is a few kB; anything far larger is not one


class Store:
    """localStorage with every access wrapped: failures are remembered, never raised."""

    def __init__(self, storage=None):
        self.storage = storage
        self.failed_writes = 0

    @classmethod
    def local(cls):
        """The page's localStorage, or a store that keeps nothing where it is refused."""
        try:
            from js import window  # noqa: PLC0415 - only in the browser

            storage = window.localStorage  # the getter itself throws where storage is blocked
            storage.getItem  # noqa: B018 - None or null fails here too
        except Exception:  # noqa: BLE001 - refused: play without it
            storage = None
        return cls(storage)

    def get(self, key: str):
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(key)
        except Exception:  # noqa: BLE001
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if self.storage is None:
            return False
        try:
            self.storage.setItem(key, value)
            return True
        except Exception:  # noqa: BLE001 - quota exceeded or refused
            self.failed_writes += 1
            return False

    def remove(self, key: str) -> bool:
        if self.storage is None:
            return False
        try:
            self.storage.removeItem(key)
            return True
        except Exception:  # noqa: BLE001
            return False


class MemoryStorage:
    """A dict with the Storage interface (tests, and a stand-in where needed)."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
MAX_DEPTH = 32  # our records nest 3 deep; Pyodide's stack overflows (a fatal error, not an exception) long before json's limit


def json_depth(text: str, stop: int = 1 << 30) -> int:
    """How deep the brackets of a JSON text nest (strings skipped), without parsing it; counts up to `stop`."""
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _JSON_STRING.sub('""', text)):
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest >= stop:
                    break
        else:
            depth -= 1
    return deepest


def check_depth(text: str) -> None:
    """Raise ValueError for text nested absurdly deep (before any json.loads sees it)."""
    if json_depth(text, MAX_DEPTH + 1) > MAX_DEPTH:
        raise ValueError(f"the text nests deeper than {MAX_DEPTH} levels")


def loads(text: str):
    """json.loads for stored or imported text: raises ValueError for text nested absurdly deep."""
    check_depth(text)
    return json.loads(text)


def new_id() -> str:
    return "%016x" % random.getrandbits(64)


class Keeper:
    """The saved game, its statistics bookkeeping, and the statistics record."""

    def __init__(self, store: Store, clock=time.monotonic):
        self.store = store
        self.clock = clock
        self.stats = Stats()
        self.held = set()         # keys holding a broken record that could not be moved aside
        self.notices = []         # message keys for the page to show once it is up
        self.saved = None         # the saved game read at boot (a Game), or None
        self.game = None          # the game on the table that the fields below describe
        self.id = new_id()
        self.started = False      # its first move was made (it counts as played)
        self.seconds = 0.0        # seconds played before `since`
        self.since = None         # clock reading when the current stretch of play began
        self.booted = False

    # ---- reading at boot -----------------------------------------------------------------

    def _set_aside(self, key: str, text: str, notice: str) -> None:
        """Move an unreadable record to `<key>.broken` (or hold the key if that fails) and note it."""
        if self.store.set(key + BROKEN_SUFFIX, text) and self.store.remove(key):
            pass
        else:
            self.held.add(key)
        self.notices.append(notice)

    def boot(self, hash_code: str = ""):
        """Read storage. Returns the saved game to resume (a Game), or None to deal `hash_code` or afresh.

        The saved game is resumed when the address names no deal or names the saved one."""
        text = self.store.get(STATS_KEY)
        if text is not None:
            try:
                check_depth(text)
                self.stats = Stats.from_json(text)
            except Exception:  # noqa: BLE001 - InvalidStats, or anything odd in the text
                self._set_aside(STATS_KEY, text, "notice.stats_broken")
        text = self.store.get(SAVE_KEY)
        game, meta = None, {}
        if text is not None:
            try:
                meta = loads(text)
                game = from_save(meta)
            except Exception:  # noqa: BLE001 - InvalidSave, RecursionError on absurd nesting, ...
                game, meta = None, {}
                self._set_aside(SAVE_KEY, text, "notice.save_broken")
        if game is not None:
            self._adopt(game, meta)
        opened = self.stats.open
        if opened is not None and (game is None or not self.started or opened.get("id") != self.id):
            self.stats.abandon(opened["id"])  # a started game whose save is gone: lost
            self._write_stats()
        if game is not None and (not hash_code or _same_code(hash_code, game.code)):
            return game
        return None

    def _adopt(self, game, meta: dict) -> None:
        self.game = game
        gid = meta.get("id")
        self.id = gid if isinstance(gid, str) and 0 < len(gid) <= 64 else new_id()
        started = meta.get("started")
        self.started = started if isinstance(started, bool) else bool(game.history or game.redo_moves)
        seconds = meta.get("seconds")
        ok = type(seconds) in (int, float) and math.isfinite(seconds) and 0 <= seconds < 10**9
        self.seconds = float(seconds) if ok else 0.0
        self.since = self.clock() if self.started else None

    def ready(self) -> None:
        """The page is up: from now on every call of `after_action` follows a player's action."""
        self.booted = True

    # ---- events ---------------------------------------------------------------------------

    def elapsed(self) -> float:
        if self.since is None:
            return self.seconds
        return self.seconds + max(0.0, self.clock() - self.since)

    def leave(self) -> None:
        """The game on the table is being left: a started, unfinished game is a loss."""
        if self.game is not None and self.started:
            if self.stats.abandon(self.id):
                self._write_stats()

    def put(self, game) -> None:
        """`game` is now on the table: the resumed game keeps its record, any other is a new game."""
        if game is self.game:
            return
        self.leave()
        self.game = game
        self._fresh()

    def restarted(self) -> None:
        """The same deal from its start: a new game (the left one is a loss if it was started)."""
        self.leave()
        self._fresh()

    def _fresh(self) -> None:
        self.id = new_id()
        self.started = False
        self.seconds = 0.0
        self.since = None

    def after_action(self, game) -> None:
        """After every action (and the first drawing of a deal): count, then save."""
        if self.booted and self.held:
            self.held.clear()  # the player has seen the notice and played on
        if game is not self.game:
            self.put(game)
        if not self.started and game.history:
            self.started = True
            self.since = self.clock()
            if self.stats.start(stats_key(game.rules, game.draw), self.id):
                self._write_stats()
        if game.won and self.started and self.stats.open is not None and self.stats.open["id"] == self.id:
            if self.stats.win(self.id, game.score, self.elapsed()):
                self._write_stats()
        self.save(game)

    # ---- writing --------------------------------------------------------------------------

    def record(self, game) -> dict:
        rec = to_save(game)
        rec.update(id=self.id, started=self.started, seconds=round(self.elapsed(), 1))
        return rec

    def save(self, game) -> bool:
        if SAVE_KEY in self.held or game.code is None:
            return False
        return self.store.set(SAVE_KEY, json.dumps(self.record(game), separators=(",", ":")))

    def _write_stats(self) -> bool:
        if STATS_KEY in self.held:
            return False
        return self.store.set(STATS_KEY, self.stats.to_json())

    # ---- the statistics dialog ------------------------------------------------------------

    def reset_stats(self) -> None:
        """Every table emptied. The game on the table, if started, still counts from here on."""
        self.stats.reset()
        self.held.discard(STATS_KEY)
        self._reopen()
        self._write_stats()

    def import_stats(self, text) -> None:
        """Replace the statistics with an exported file's. Raises InvalidStats (nothing changes)."""
        from canfield.stats import InvalidStats  # noqa: PLC0415

        if not isinstance(text, str):
            raise InvalidStats("the file is not text")
        if len(text) > MAX_IMPORT_CHARS:
            raise InvalidStats(f"the file is larger than {MAX_IMPORT_CHARS // 1000} kB")
        try:
            check_depth(text)  # a crafted file must not crash the page
        except ValueError as exc:
            raise InvalidStats(str(exc)) from None
        try:
            stats = Stats.from_json(text)
        except InvalidStats:
            raise
        except Exception as exc:  # noqa: BLE001 - e.g. RecursionError: still just a bad file
            raise InvalidStats(f"the file cannot be read ({type(exc).__name__})") from None
        if stats.open is not None and stats.open["id"] != self.id:
            stats.abandon(stats.open["id"])  # a game left open elsewhere will never finish here
        self.stats = stats
        self.held.discard(STATS_KEY)
        self._reopen()
        self._write_stats()

    def _reopen(self) -> None:
        """The started, unfinished game on the table counts as played in the (new) statistics."""
        game = self.game
        if game is not None and self.started and not game.won:
            self.stats.start(stats_key(game.rules, game.draw), self.id)

    def export_stats(self) -> str:
        return self.stats.to_json()


def _same_code(a: str, b: str) -> bool:
    return a.strip().upper() == (b or "").strip().upper()


# ---- the statistics as text (pure, for the dialog) ------------------------------------------

STAT_ROWS = ("played", "won", "rate", "streak", "best_streak", "best_score", "fastest")


def format_duration(seconds) -> str:
    """Seconds as m:ss, or h:mm:ss from an hour on (whole seconds, rounded)."""
    total = int(round(float(seconds)))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def stats_rows(table: dict, t) -> list[tuple[str, str]]:
    """(field, text) for each row of the dialog; `t` is a Translator."""
    out = []
    for name in STAT_ROWS:
        value = table.get(name)
        if name == "rate":
            text = t("stats.rate_value", pct=round(100 * (value or 0.0))) if table.get("played") else t("stats.none")
        elif name == "fastest":
            text = format_duration(value) if value is not None else t("stats.none")
        elif value is None:
            text = t("stats.none")
        else:
            text = str(value)
        out.append((name, text))
    return out


# The engine's reasons (canfield.stats.InvalidStats, and this module's) the player gets in their language;
# any other reason is shown inside a translated sentence.
_IMPORT_REASONS = (
    ("the statistics are not JSON", "stats.why.json"),
    ("this is not a Canfield statistics file", "stats.why.format"),
    ("the file is not text", "stats.why.format"),
    ("the text nests deeper", "stats.why.format"),
    ("statistics version", "stats.why.version"),
    ("the file is larger", "stats.too_large"),
)


def import_reason(exc, t) -> str:
    """Why an import was refused, in the player's language (`t` is a Translator)."""
    text = str(exc)
    for prefix, key in _IMPORT_REASONS:
        if text.startswith(prefix):
            return t(key)
    return t("stats.why.invalid", detail=text)
