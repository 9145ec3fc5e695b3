"""What the page keeps in localStorage: the game in progress, the statistics, the board's snapshot.

Pure Python (tested under CPython with a dict-backed storage): the worker's session
(static/worker/session.py) hands in a storage holding the page's records as the page read them, and
sends what is written there back to the page's localStorage in its answers.

- `Store` (static/worker/store.py, with `PlayClock` and the bounded JSON reader) wraps every storage access: storage that is full, refused (private mode)
  or missing never raises; the game just is not kept.
- `Records` (first named `Keeper`) decides what is saved and counted. The saved game is
  the engine's save record (canfield.save) plus fields of this layer: the game's id for
  the statistics, whether its first move was made, the seconds played so far (the game
  clock, `PlayClock`: it runs from the first move while the page is visible, and stops on a win),
  and, for a daily deal, its day (`daily`) and the days whose daily deal was played
  (`dailies`, the last seven).
  A record that cannot be read (saved game, statistics or settings) is moved aside
  to `<key>.broken` before anything else is written, and the page shows a notice;
  if even that fails (storage full), the key is left untouched for the whole
  session: the page plays on without writing it, and a notice says so.
- Two pages of the game open at once: every write of the statistics first merges
  the stored record (Stats.merge), and `on_storage` merges what another page wrote,
  so no recorded game is lost; the saved game is the one of the page last used.
- Statistics (canfield.stats): a game counts as played at its first move; a win is
  recorded once; leaving a started game unfinished (new deal, restart, another
  deal code in the address) is a loss.
"""

from __future__ import annotations

import datetime
import json
import math
import random
import time

from canfield import jsonio
from canfield.save import from_save, to_save
from canfield.stats import InvalidStats, Stats, key as stats_key

from .choices import offered_names
from .settings import Settings
# the storage primitives, kept importable from here as before
from .store import MAX_DEPTH, MemoryStorage, PlayClock, Store, check_depth, json_depth, loads  # noqa: F401
from shared.counters import clock_text, record_seconds
from shared.storage_keys import BROKEN_SUFFIX, SAVE_KEY, SETTINGS_KEY, SNAPSHOT_KEY, STATS_KEY

MAX_IMPORT_CHARS = 1_000_000  # a statistics file is a few kB; anything far larger is not one


_NOTICES = {SETTINGS_KEY: "notice.settings_broken", STATS_KEY: "notice.stats_broken", SAVE_KEY: "notice.save_broken"}


def new_id() -> str:
    return "%016x" % random.getrandbits(64)


class Records:
    """What the page keeps of the player's play: the saved game (with its game clock, `PlayClock`), the
    statistics and their bookkeeping, the last win (for the win dialog), the daily deals played, and the
    board's snapshot."""

    def __init__(self, store: Store, clock=time.monotonic, wall=time.time):
        self.store = store
        self.play_clock = PlayClock(clock)
        self.wall = wall          # wall-clock seconds: orders games across pages (statistics merge)
        self.stats_text = None    # the statistics text last read or written by this page
        self.stats = Stats()
        self.held = set()         # keys holding a broken record that could not be moved aside
        self.notices = []         # message keys for the page to show once it is up
        self.saved = None         # the saved game read at boot (a Game), or None
        self.game = None          # the game on the table that the fields below describe
        self.id = new_id()
        self.started = False      # its first move was made (it counts as played)
        self.helped = False       # a hint, an undo, a replay or "Show me how" helped it: not a clean win
        self.booted = False
        # The game clock (static/shared/counters.py): it runs while the game is started, not won, and the
        # page is visible; `hidden` is the page's visibility, `last_win` what the win dialog reads.
        self.hidden = False
        self.last_win = None      # {"id", "score", "seconds", "moves", "before"}: the win just recorded
        self.daily = None         # "YYYY-MM-DD": the game on the table is that day's daily deal
        self.dailies = []         # the days whose daily deal was started here, newest last

    # ---- reading at boot -----------------------------------------------------------------

    def _set_aside(self, key: str, text: str, notice: str) -> None:
        """Move an unreadable record to `<key>.broken` and note it. When the copy cannot be written (a
        record too large for what is left of the quota), the record stays where it is, untouched: the key
        is held, nothing is written to it this session, and the notice says the game is not being kept."""
        if self.store.set(key + BROKEN_SUFFIX, text) and self.store.remove(key):
            self.notices.append(notice)
        else:
            self.store.remove(key + BROKEN_SUFFIX)  # a partial copy, if any, is not the record
            self.held.add(key)
            self.notices.append(notice.replace("_broken", "_held"))

    def note_unread(self, aside=(), held=()) -> None:
        """The records the page did not hand over (static/paint.js `startText`): those in `aside` it moved
        to `<key>.broken` itself (too long, or read by a start that failed), those in `held` it could not
        move (storage full) and left as they are: nothing is written to them this visit. Noted as a
        record set aside here would be."""
        for key in aside:
            if key in _NOTICES and _NOTICES[key] not in self.notices:
                self.notices.append(_NOTICES[key])
        for key in held:
            if key in _NOTICES:
                self.held.add(key)
                notice = _NOTICES[key].replace("_broken", "_held")
                if notice not in self.notices:
                    self.notices.append(notice)

    def load_settings(self, rulesets) -> Settings:
        """The player's settings; a record with a bad field or that is not settings is set aside (the good
        fields are kept) and noted, like a saved game."""
        text = self.store.get(SETTINGS_KEY)
        settings, intact = Settings.read(text, rulesets)
        if not intact and text is not None:
            self._set_aside(SETTINGS_KEY, text, "notice.settings_broken")
        return settings

    def save_settings(self, settings: Settings) -> bool:
        if SETTINGS_KEY in self.held:
            return False
        return self.store.set(SETTINGS_KEY, settings.to_json())

    def boot(self, hash_code: str = ""):
        """Read storage. Returns the saved game to resume (a Game), or None to deal `hash_code` or afresh.

        The saved game is resumed when the address names no deal or names the saved one."""
        text = self.store.get(STATS_KEY)
        if text is not None:
            try:
                self.stats = Stats.from_json(text)
                self.stats_text = text
            except InvalidStats:
                self._set_aside(STATS_KEY, text, "notice.stats_broken")
        text = self.store.get(SAVE_KEY)
        game, meta = None, {}
        if text is not None:
            try:
                meta = jsonio.loads(text)
                game = from_save(meta)
                if game.rules.name not in offered_names():  # a game of the engine this page does not draw
                    raise ValueError(game.rules.name)
            except ValueError:  # InvalidJSON, InvalidSave: every reading error is a ValueError
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
        self.helped = meta.get("helped") is True
        seconds = meta.get("seconds")
        ok = type(seconds) in (int, float) and math.isfinite(seconds) and 0 <= seconds < 10**9
        self.play_clock.reset(seconds if ok else 0.0)
        daily = meta.get("daily")
        self.daily = daily if _is_day(daily) else None
        dailies = meta.get("dailies")
        if isinstance(dailies, list):
            self.dailies = [d for d in dailies[-DAILIES:] if _is_day(d)]
        self._sync_clock()

    def ready(self) -> None:
        """The page is up: from now on every call of `after_action` follows a player's action."""
        self.booted = True

    # ---- events ---------------------------------------------------------------------------

    def elapsed(self) -> float:
        return self.play_clock.elapsed()

    @property
    def seconds(self) -> float:
        """The seconds played before the current stretch (the saved game's time at boot)."""
        return self.play_clock.seconds

    @property
    def running(self) -> bool:
        """The game clock runs: the game is started and not won, and the page is visible."""
        game = self.game
        return self.started and game is not None and not game.won and not self.hidden

    def _sync_clock(self) -> None:
        """Start or stop the clock's current stretch to match `running` (the time so far is kept)."""
        self.play_clock.run(self.running)

    def pause(self) -> None:
        """The page is hidden (another tab, a minimised window): the time from now on does not count."""
        self.hidden = True
        self._sync_clock()

    def resume(self) -> None:
        """The page is shown again: the clock goes on from where it stopped."""
        self.hidden = False
        self._sync_clock()

    def mark_daily(self, day: str, game) -> None:
        """`game`, now on the table, is the daily deal of `day` ("YYYY-MM-DD")."""
        if game is not self.game:
            self.on_table(game)
        if _is_day(day):
            self.daily = day
            if self.started:
                self._played_daily(day)
            self.save(game)

    def _played_daily(self, day: str) -> None:
        if day not in self.dailies:
            self.dailies = (self.dailies + [day])[-DAILIES:]

    def leave(self) -> None:
        """The game on the table is being left: a started, unfinished game is a loss."""
        if self.game is not None and self.started:
            # its score: a casino game's balance adds it (a card-scored table ignores it)
            if self.stats.abandon(self.id, score=self.game.score):
                self._write_stats()

    def on_table(self, game) -> None:
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
        self.helped = False
        self.play_clock.reset()
        self.last_win = None
        self.daily = None

    def mark_helped(self) -> None:
        """The game on the table was helped (a hint, an undo, a replay, "Show me how"): a win of it is not
        clean. Kept in the saved game, so a reload does not make it clean again."""
        if not self.helped:
            self.helped = True
            if self.game is not None:
                self.save(self.game)

    def after_action(self, game, count: bool = True) -> None:
        """After every action (and the first drawing of a deal): count, then save. `count` False (a replay
        is on: its moves are not the player's): only save."""
        if game is not self.game:
            self.on_table(game)
        if not count:
            self.save(game)
            return
        if not self.started and game.history:
            self.started = True
            if self.daily is not None:
                self._played_daily(self.daily)
            if self.stats.start(stats_key(game.rules, game.draw), self.id, at=self.wall()):
                self._write_stats()
        self._sync_clock()   # starts at the first move, stops on a win (and goes on if it is undone)
        if game.won and self.started and self.stats.open is not None and self.stats.open["id"] == self.id:
            k = stats_key(game.rules, game.draw)
            before = self.stats.table(k)
            seconds = record_seconds(self.elapsed())      # one time for the game: the dialog's and the table's
            if self.stats.win(self.id, game.score, seconds, len(game.history), clean=not self.helped):
                self.last_win = {"id": self.id, "score": game.score, "seconds": seconds,
                                 "moves": len(game.history), "before": before}
                self._write_stats()
        self.save(game)

    # ---- writing --------------------------------------------------------------------------

    def record(self, game) -> dict:
        rec = to_save(game)
        rec.update(id=self.id, started=self.started, seconds=record_seconds(self.elapsed()))
        if self.helped:
            rec["helped"] = True
        if self.daily is not None:
            rec["daily"] = self.daily
        if self.dailies:
            rec["dailies"] = list(self.dailies)
        return rec

    def save(self, game) -> bool:
        if SAVE_KEY in self.held or game.code is None:
            return False
        record = self.record(game)
        old = self.store.get(SAVE_KEY)
        if old is not None:
            try:
                if loads(old) == record:
                    return True      # the record it holds (written by the page, its keys in another order)
            except Exception:        # not JSON (a record set aside): written over
                pass
        return self.store.set(SAVE_KEY, json.dumps(record, separators=(",", ":")))

    def _write_stats(self) -> bool:
        """Write the statistics, first merging what another page may have written since we last looked."""
        if STATS_KEY in self.held:
            return False
        self._merge_stored(self.store.get(STATS_KEY))
        text = self.stats.to_json()
        if self.store.set(STATS_KEY, text):
            self.stats_text = text
            return True
        return False

    def _merge_stored(self, text) -> bool:
        """Merge a statistics text another page wrote into ours; False when there is nothing to merge."""
        if text is None or text == self.stats_text:
            return False
        try:
            other = Stats.from_json(text)
        except InvalidStats:
            return False  # not a record (another page's bug, or a hand edit): ours overwrites it
        self.stats = self.stats.merge(other)
        self.stats_text = text
        return True

    # ---- another page of the game (the `storage` event) -----------------------------------

    def on_storage(self, key, new_value) -> str | None:
        """Another page of the game wrote `key`. Returns what this page must do: "stats" (the statistics
        changed: redraw them if shown), or None (nothing).

        The statistics merge, so a game recorded in either page stays recorded. The saved game is left to
        the page last used: this page writes its own game again at its next action."""
        if key == STATS_KEY:
            if new_value is None or STATS_KEY in self.held:
                return None
            return "stats" if self._merge_stored(new_value) else None
        return None

    # ---- the statistics dialog ------------------------------------------------------------

    def note_insight(self, grade=None, best=None, you=None) -> None:
        """The solver's word on this game (static/worker/solver_worker.py): its grade once won, or the best a deal lost
        from the start allowed against the player's cards; each counted once (canfield.stats)."""
        changed = grade is not None and self.stats.graded(self.id, grade)
        changed = (best is not None and self.stats.lost_best(self.id, best, you)) or changed
        if changed:
            self._write_stats()

    def reset_stats(self) -> None:
        """Every table emptied. The game on the table, if started, still counts from here on."""
        self.stats.reset(at=self.wall())
        self.held.discard(STATS_KEY)
        self.stats_text = None
        self._reopen()
        self._write_stats()

    def import_stats(self, text) -> None:
        """Replace the statistics with an exported file's. Raises InvalidStats (nothing changes)."""
        if not isinstance(text, str):
            raise InvalidStats("the file is not text", "format")
        if len(text) > MAX_IMPORT_CHARS:
            raise InvalidStats(f"the file is larger than {MAX_IMPORT_CHARS // 1000} kB", "too-large")
        stats = Stats.from_json(text)  # bounded size and depth; raises InvalidStats only
        stats.epoch = max(self.wall(), stats.epoch)  # replaces the record in every page (see Stats.merge)
        if stats.open is not None and stats.open["id"] != self.id:
            stats.abandon(stats.open["id"])  # a game left open elsewhere will never finish here
        self.stats = stats
        self.held.discard(STATS_KEY)
        self.stats_text = None
        self._reopen()
        self._write_stats()

    def _reopen(self) -> None:
        """The started, unfinished game on the table counts as played in the (new) statistics."""
        game = self.game
        if game is not None and self.started and not game.won:
            self.stats.start(stats_key(game.rules, game.draw), self.id)

    def export_stats(self) -> str:
        return self.stats.to_json()

    # ---- the board's snapshot (static/worker/snapshot.py, written by static/worker/session.py) ---------

    def saved_text(self):
        """The saved game's text as stored now (the snapshot names it by its hash), or None."""
        return self.store.get(SAVE_KEY)

    def keep_snapshot(self, text) -> bool:
        """Store the board's record for the next visit; None removes it. Full or refused: nothing kept,
        nothing else touched."""
        if text is None:
            self.store.remove(SNAPSHOT_KEY)
            return False
        return self.store.set(SNAPSHOT_KEY, text)


Keeper = Records   # its first name

DAILIES = 7  # daily deals remembered as played (the win dialog offers today's if it is not among them)


def _is_day(value) -> bool:
    """A day as "YYYY-MM-DD" (the daily deal's date)."""
    if not (isinstance(value, str) and len(value) == 10):
        return False
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _same_code(a: str, b: str) -> bool:
    return a.strip().upper() == (b or "").strip().upper()


# ---- the statistics as text (pure, for the dialog) ------------------------------------------

STAT_ROWS = ("played", "won", "clean", "rate", "streak", "best_streak", "best_score", "fastest", "fewest")


def format_duration(seconds) -> str:
    """Seconds as m:ss, or h:mm:ss from an hour on: the clock's text (static/shared/counters.py
    `clock_text`), so that Statistics and the win dialog write one game's time alike."""
    return clock_text(seconds)


def stats_rows(table: dict, t) -> list[tuple[str, str]]:
    """(field, text) for each row of the dialog; `t` is a Translator."""
    out = []
    for name in STAT_ROWS:
        value = table.get(name)
        if name == "rate":
            text = t("stats.rate_value", pct=round(100 * (value or 0.0))) if table.get("played") else t("stats.none")
        elif name == "clean":       # wins without a hint, an undo, a replay or "Show me how"
            text = str(value or 0) if table.get("won") else t("stats.none")
        elif name == "fastest":
            text = format_duration(value) if value is not None else t("stats.none")
        elif value is None:
            text = t("stats.none")
        else:
            text = str(value)
        out.append((name, text))
    return out


# The reason codes of InvalidStats (canfield.stats, canfield.jsonio) and the player's words for them.
IMPORT_REASONS = {
    "not-json": "stats.why.json",
    "too-deep": "stats.why.too_deep",
    "too-large": "stats.too_large",
    "format": "stats.why.format",
    "version": "stats.why.version",
    "bad-field": "stats.why.bad_field",
}


def import_reason(exc, t) -> str:
    """Why an import was refused, in the player's language (`t` is a Translator), chosen by the error's
    reason code, never by its English message."""
    return t(IMPORT_REASONS.get(getattr(exc, "reason", None), "stats.why.bad_field"))
