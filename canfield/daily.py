"""The daily deal: the same deal for everyone on a date, with no server, at once and offline.

``daily_number(date=None, draw=3, rules="canfield")``: the deal number of the day for a date
    (``datetime.date``, or text ``"YYYY-MM-DD"``; the page sends the player's local date; None means
    today in UTC). ``daily_code`` gives its deal code. ``DailySearch`` is the same as a
    ``canfield.solver.Task`` (kept for the solver worker and older callers: its first step finishes).

Where it comes from (``canfield.catalog.daily_deal``, re-exported here; it never runs the solver):

- a game and draw whose shipped catalogue is complete (``canfield.catalog.complete``: at least 366
  proved-winnable deals): the catalogue's entries in a fixed order, a permutation drawn once by the
  engine's SplitMix64 seeded from the game and draw, indexed by the day's ordinal (consecutive days,
  ``date.toordinal()``) modulo the number of entries. So two days less than 366 days apart never share
  a deal;
- a pair with some entries but fewer than 366: the same, from those entries: every daily deal is proved
  winnable, but the deals repeat sooner (every ``len(entries)`` days);
- a pair with no entry: the day's start deal (``daily_start``, a number drawn from the date by
  SplitMix64), the same for everyone but not proved winnable (``DailySearch.proved`` is False; the page
  says so).

Until issue 46 a pair without a complete catalogue searched deal after deal with the solver from
``daily_start`` (``DAILY_NODES`` a deal), which for some games never ended; nothing searches now.
``DAILY_NODES`` stays for compatibility and is no longer used.

A saved game of an earlier daily deal holds its deal code, and the records keep days, never codes: a
change of where the daily deal comes from changes no saved game.

canfield.solver re-exports these names (``from canfield.solver import daily_code`` keeps working).
"""

from __future__ import annotations

from .catalog import (  # noqa: F401 (re-exported)
    _date_ordinal, as_date as _as_date, daily_deal, daily_entry, daily_order, daily_start,
)
from .deal import make_code
from .rules import check_draw, get_rules
from .tasks import Task

DAILY_NODES = 100_000   # no longer used: the daily deal never searches (kept for compatibility)


def utc_today():
    import datetime

    return datetime.datetime.now(datetime.timezone.utc).date()


class DailySearch(Task):
    """``daily_number`` as a task (its first step finishes; the solver is never run): ``result`` is the
    deal number of the day, ``code`` its deal code, ``date`` the day as "YYYY-MM-DD", ``entry`` the
    catalogue's entry it comes from (None for a pair with no entry: the start deal, ``start``). ``proved``:
    the deal is proved winnable (it comes from the catalogue). ``winnable`` stays None (no search)."""

    def __init__(self, date=None, draw=3, rules="canfield", should_stop=None):
        super().__init__(should_stop, None)
        day = _as_date(date)  # checks the date
        self.start = daily_start(day)
        self.date = day.isoformat()
        self.rules = get_rules(rules)
        self.draw = check_draw(self.rules, draw, strict=False)  # a game's fixed draw wins
        self.number, self.entry = daily_deal(day, self.draw, self.rules)
        self.winnable = None
        self.code = make_code(self.rules, self.draw, self.number, None)

    @property
    def proved(self):
        return self.entry is not None

    def _work(self):
        return self.number
        yield  # a generator (Task's protocol) that finishes at its first step


def daily_number(date=None, draw=3, rules="canfield"):
    """The deal number of the day for `date` (a ``datetime.date``, or text "YYYY-MM-DD"; None: today
    in UTC; the page sends the player's local date): from the pair's catalogue when it has entries (proved
    winnable), else ``daily_start`` (not proved). At once: never the solver."""
    return DailySearch(date, draw, rules).number


def daily_code(date=None, draw=3, rules="canfield"):
    """The deal code of the daily deal (see daily_number)."""
    return DailySearch(date, draw, rules).code
