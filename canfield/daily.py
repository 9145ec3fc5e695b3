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
  a deal, and the answer comes at once, without the solver (``daily_entry``);
- any other pair: the search of before, a start number derived from the date by SplitMix64
  (``daily_start``), then the first deal from there that the solver proves won within the fixed
  ``DAILY_NODES`` budget (``canfield.solver.WinnableSearch``). Node budgets only: the same deal
  everywhere.

A saved game of an earlier daily deal holds its deal code, and the records keep days, never codes: a
change of where the daily deal comes from changes no saved game.

canfield.solver re-exports these names (``from canfield.solver import daily_code`` keeps working).
"""

from __future__ import annotations

from . import catalog
from .deal import MAX_NUMBER, SplitMix64, make_code
from .rules import check_draw, get_rules
from .solver import Task, WinnableSearch

DAILY_NODES = 100_000
_CANFIELD = 0x43414E4649454C44  # "CANFIELD"


def utc_today():
    import datetime

    return datetime.datetime.now(datetime.timezone.utc).date()


def _as_date(date):
    """`date` as a datetime.date (None: today in UTC; text "YYYY-MM-DD"; a datetime in UTC); ValueError
    when it is not a date."""
    import datetime

    if date is None:
        date = utc_today()
    if isinstance(date, str):
        try:
            date = datetime.date.fromisoformat(date.strip())
        except ValueError:
            raise ValueError(f"{date!r} is not a date: write YYYY-MM-DD") from None
    if isinstance(date, datetime.datetime):
        if date.tzinfo is not None:
            date = date.astimezone(datetime.timezone.utc)
        date = date.date()
    if not isinstance(date, datetime.date):
        raise ValueError(f"{date!r} is not a date")
    return date


def _date_ordinal(date):
    date = _as_date(date)
    return date.year * 10000 + date.month * 100 + date.day


def daily_start(date=None):
    """The first deal number tried for the daily deal of `date` (before the winnable search)."""
    rng = SplitMix64(_date_ordinal(date) ^ _CANFIELD)
    return rng.below(MAX_NUMBER + 1)


def _seed(text):
    """A 64-bit seed from a text (FNV-1a): the same on every machine and every run."""
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


_orders = {}  # catalogue key -> (entries, their daily order)


def daily_order(rules, draw):
    """The catalogue's entries of a pair in daily order (a fixed permutation: SplitMix64 seeded from the
    game and draw); empty when the catalogue has none."""
    k = catalog.key(rules, draw)
    entries = catalog.winnable(rules, draw)
    cached = _orders.get(k)
    if cached is None or cached[0] is not entries:
        order = list(entries)
        rng = SplitMix64(_seed(k) ^ _CANFIELD)
        for i in range(len(order) - 1, 0, -1):
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
        cached = _orders[k] = (entries, tuple(order))
    return cached[1]


def daily_entry(date=None, draw=3, rules="canfield"):
    """The catalogue's entry (canfield.catalog.Entry) that is the daily deal of `date`, or None when the
    pair's catalogue is not complete (the daily deal is then searched: DailySearch). Never runs the
    solver."""
    day = _as_date(date)
    if not catalog.complete(rules, draw):
        return None
    order = daily_order(rules, draw)
    return order[day.toordinal() % len(order)]


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
