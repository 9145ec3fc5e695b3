"""The worker's storage primitives: localStorage with every access wrapped (`Store`), a dict with the Storage
interface (`MemoryStorage`), the bounded JSON reader every stored or imported text goes through, and the game
clock (`PlayClock`). static/worker/persist.py's `Records` decides what is written with them."""

from __future__ import annotations

import time

from canfield import jsonio
from canfield.errors import InvalidJSON


class Store:
    """localStorage with every access wrapped: failures are remembered, never raised."""

    def __init__(self, storage=None):
        self.storage = storage
        self.failed_writes = 0

    def get(self, key: str):
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if self.storage is None:
            return False
        try:
            self.storage.setItem(key, value)
            return True
        except Exception:  # quota exceeded or refused
            self.failed_writes += 1
            return False

    def remove(self, key: str) -> bool:
        if self.storage is None:
            return False
        try:
            self.storage.removeItem(key)
            return True
        except Exception:
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


MAX_DEPTH = jsonio.MAX_DEPTH  # one bound for every stored or imported text (canfield.jsonio)
json_depth = jsonio.depth    # kept under its old name


def check_depth(text: str) -> None:
    """Raise InvalidJSON (a ValueError) for text nested deeper than MAX_DEPTH, before any parser sees it."""
    if jsonio.depth(text, MAX_DEPTH + 1) > MAX_DEPTH:
        raise InvalidJSON(f"the text nests deeper than {MAX_DEPTH} levels", "too-deep")


def loads(text):
    """Stored or imported JSON through canfield.jsonio (bounded size and depth); raises InvalidJSON."""
    return jsonio.loads(text)


class PlayClock:
    """The game clock: the seconds played, counted only while told to run (static/shared/counters.py shows it)."""

    def __init__(self, now=time.monotonic):
        self.now = now
        self.seconds = 0.0        # seconds played before `since`
        self.since = None         # `now()` when the current stretch of play began; None: stopped

    def elapsed(self) -> float:
        if self.since is None:
            return self.seconds
        return self.seconds + max(0.0, self.now() - self.since)

    def run(self, on: bool) -> None:
        """Start or stop the current stretch (the time so far is kept)."""
        if on:
            if self.since is None:
                self.since = self.now()
        elif self.since is not None:
            self.seconds = self.elapsed()
            self.since = None

    def reset(self, seconds: float = 0.0) -> None:
        self.seconds = float(seconds)
        self.since = None
