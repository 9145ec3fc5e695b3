"""The daily deal: the same deal for everyone on a date, with no server.

``daily_number(date=None, draw=3, rules="canfield")``: the deal number of the day for a date
    (``datetime.date``, or text ``"YYYY-MM-DD"``; the page sends the player's local date; None means
    today in UTC). ``daily_code`` gives its deal code. ``DailySearch`` is the same in slices (a
    ``canfield.solver.Task``).

Where it comes from:

- a game and draw whose shipped catalogue is complete (``canfield.catalog.complete``: at least 366
  proved-winnable deals): the catalogue's entries in a fixed order, a permutation drawn once by the
  engine's SplitMix64 seeded from the game and draw, indexed by the day's ordinal (consecutive days,
  ``date.toordinal()``) modulo the number of entries. So two days less than 366 days apart never share
  a deal, and the answer comes at once, without the solver (``canfield.catalog.daily_entry``, re-exported
  here; the page's main thread calls it without importing the solver);
- any other pair: the search of before, a start number derived from the date by SplitMix64
  (``daily_start``), then the first deal from there that the solver proves won within the fixed
  ``DAILY_NODES`` budget (``canfield.solver.WinnableSearch``). Node budgets only: the same deal
  everywhere.

A saved game of an earlier daily deal holds its deal code, and the records keep days, never codes: a
change of where the daily deal comes from changes no saved game.

canfield.solver re-exports these names (``from canfield.solver import daily_code`` keeps working).
"""

from __future__ import annotations

from .catalog import _CANFIELD, as_date as _as_date, daily_entry, daily_order  # noqa: F401 (re-exported)
from .deal import MAX_NUMBER, SplitMix64, make_code
from .rules import check_draw, get_rules
from .tasks import Task, WinnableSearch

DAILY_NODES = 100_000


def utc_today():
    import datetime

    return datetime.datetime.now(datetime.timezone.utc).date()


def _date_ordinal(date):
    date = _as_date(date)
    return date.year * 10000 + date.month * 100 + date.day


def daily_start(date=None):
    """The first deal number tried for the daily deal of `date` (before the winnable search)."""
    rng = SplitMix64(_date_ordinal(date) ^ _CANFIELD)
    return rng.below(MAX_NUMBER + 1)


class DailySearch(Task):
    """``daily_number`` in slices: ``result`` is the deal number of the day, ``code`` its deal code,
    ``date`` the day as "YYYY-MM-DD"; ``entry`` the catalogue's entry when the day's deal comes from the
    catalogue (then the first step finishes, without the solver), else ``winnable`` the ``Winnable``
    found (None when no deal was proved won: the start deal is then the deal of the day). ``proved``:
    the deal is proved winnable either way. Node budgets only (no time limit): the same deal
    everywhere."""

    def __init__(self, date=None, draw=3, rules="canfield", should_stop=None):
        super().__init__(should_stop, None)
        day = _as_date(date)  # checks the date
        self.start = daily_start(day)
        self.date = day.isoformat()
        self.rules = get_rules(rules)
        self.draw = check_draw(self.rules, draw, strict=False)  # a game's fixed draw wins
        self.entry = daily_entry(day, self.draw, self.rules)
        self.winnable = None
        self.code = None

    @property
    def proved(self):
        return self.entry is not None or self.winnable is not None

    def _work(self):
        if self.entry is not None:
            number = self.entry.number
        else:
            found = yield from self._sub(WinnableSearch(self.start, self.draw, self.rules, DAILY_NODES, tries=1000))
            self.winnable = found
            number = self.start if found is None else found.number  # not expected: most deals are won
        self.code = make_code(self.rules, self.draw, number, None)
        return number


def daily_number(date=None, draw=3, rules="canfield"):
    """The deal number of the day for `date` (a ``datetime.date``, or text "YYYY-MM-DD"; None: today
    in UTC; the page sends the player's local date): from the catalogue when the pair's is complete,
    else proved winnable with the fixed DAILY_NODES budget. In slices: ``DailySearch``."""
    return DailySearch(date, draw, rules).run()


def daily_code(date=None, draw=3, rules="canfield"):
    """The deal code of the daily deal (see daily_number)."""
    number = daily_number(date, draw, rules)
    r = get_rules(rules)
    return make_code(r, check_draw(r, draw, strict=False), number, None)
