"""The shipped catalogue of proved-winnable deals: for every game and draw the page offers, deal numbers
that the solver proved won, each with its grade and par.

Pure Python, no dependencies, and cheap to import (it never imports the solver): the page's main thread
picks a winnable deal, a deal of a grade, or the daily deal from it at once and offline.

``PAIRS``: every ``(rules name, draw)`` the page offers: the rule sets whose draw is the player's choice
    (``rules.draws is None``) in draw 1 and draw 3, the others in their fixed draw ``rules.draws[0]``.
``winnable(rules, draw) -> tuple of Entry``: the pair's entries sorted by number, each an
    ``Entry(number, grade, par)``: ``canfield.solver.grade(Game.new(rules=..., number=number, draw=draw))``
    is ``(grade, par)`` (``grade`` one of ``GRADES``; ``par`` the moves of the shortest winning line found).
    Empty for a pair the catalogue has no entry for yet.
``complete(rules, draw) -> bool``: the pair has at least ``TARGET`` (366, a year with a leap day) entries.
``pick(rules, draw, rng=None, grade=None, avoid=None) -> Entry or None``: a random entry (of that grade
    when asked; never the deal number `avoid` while another entry is there); `rng` a ``random.Random``, an int seed, or None (the ``random`` module); None when there is none.
``find(rules, draw, number) -> Entry or None``: the entry of a deal number.
``tried(rules, draw) -> int``: how many deal numbers from 0 on the build graded for the pair (every won
    one below it is in the catalogue).
``daily_entry(date=None, draw=3, rules="canfield") -> Entry or None``: the daily deal of a date from the
    pair's entries, whenever it has any (None only when it has none). The entries in a fixed order
    (``daily_order``: a permutation drawn once by the engine's SplitMix64 seeded from the pair), indexed by
    the day's ordinal (``date.toordinal()``) modulo the number of entries: the same deal for everyone on a
    date, and no repeat within any ``len(entries)`` consecutive days. A complete catalogue (>= 366 entries)
    never repeats within a year; a partial one (1 to 365 entries) still gives a proved deal every day, but
    repeats sooner: every ``len(entries)`` days.
``daily_start(date=None) -> int``: the deal number of the day for a pair with no entry: a number drawn from
    the date by SplitMix64, the same for everyone, not proved winnable.
``daily_deal(date=None, draw=3, rules="canfield") -> (number, Entry or None)``: the daily deal's number,
    with its entry when it comes from the catalogue (proved winnable), None when it is ``daily_start``'s.
    Never runs the solver; canfield.daily builds on it, and the page's worker calls it directly (no solver
    import).

`rules` is a rule set's name or a ``RuleSet``; `draw` 1 or 3 as ``Game.new`` takes it (a game with a
fixed draw plays its own, whatever the player's setting). A bad name, or a draw other than 1 or 3, raises
ValueError, as ``canfield.rules.get_rules`` and ``check_draw`` do.

The data lives in ``canfield.catalog_data`` (written by scripts/build_catalog.py), imported on first use,
each pair's text decoded when it is first asked for, and checked: a malformed data text raises ``CatalogError`` (a ValueError) saying where. Format
``FORMAT`` 1: per pair one text of entries, each ``<gap><grade><par>``: the gap from the previous number
(the first from -1, so every gap is at least 1 and the numbers strictly increase) in lowercase base 36,
the grade as one capital letter (``E`` easy, ``M`` medium, ``H`` hard, ``X`` expert), the par as exactly
three lowercase base-36 digits.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .deal import MAX_NUMBER, SplitMix64
from .rules import RULESETS, check_draw, get_rules

FORMAT = 1
TARGET = 366
GRADES = ("easy", "medium", "hard", "expert")  # canfield.insight.GRADES (the solver not imported here)
GRADE_LETTERS = {"easy": "E", "medium": "M", "hard": "H", "expert": "X"}
_LETTER_GRADES = {v: k for k, v in GRADE_LETTERS.items()}
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
PAR_WIDTH = 3
MAX_PAR = 36 ** PAR_WIDTH - 1

_ENTRY = re.compile(r"([0-9a-z]+)([EMHX])([0-9a-z]{3})")


class Entry(NamedTuple):
    number: int
    grade: str
    par: int


class CatalogError(ValueError):
    """The catalogue's data is malformed."""


def _pairs():
    out = []
    for r in RULESETS.values():
        for d in ((1, 3) if r.draws is None else (r.draws[0],)):
            out.append((r.name, d))
    return tuple(out)


PAIRS = _pairs()


def key(rules, draw):
    """The data's key of a game and draw ("canfield/3"). The draw is checked as ``Game.new`` does: 1 or 3
    (None: 3), and a game with a fixed draw plays its own whatever the player's setting."""
    r = get_rules(rules)
    d = check_draw(r, draw, strict=False)
    return f"{r.name}/{d}"


def to_base36(n):
    if n < 0:
        raise ValueError(f"{n} is negative")
    s = ""
    while True:
        n, d = divmod(n, 36)
        s = DIGITS[d] + s
        if n == 0:
            return s


def encode(entries):
    """The data text of `entries` (Entry or (number, grade, par) tuples), sorted by number."""
    out = []
    prev = -1
    for number, grade, par in entries:
        if number <= prev:
            raise ValueError(f"deal numbers must strictly increase: {number} after {prev}")
        if grade not in GRADE_LETTERS:
            raise ValueError(f"deal {number}: {grade!r} is not a grade")
        if not 0 < par <= MAX_PAR:
            raise ValueError(f"deal {number}: par {par!r} is out of range")
        out.append(to_base36(number - prev) + GRADE_LETTERS[grade] + to_base36(par).rjust(PAR_WIDTH, "0"))
        prev = number
    return "".join(out)


def decode(text, name="catalogue"):
    """The entries of a data text (see the module docstring); CatalogError when it is malformed."""
    if not isinstance(text, str):
        raise CatalogError(f"{name}: the data is not a text but {type(text).__name__}")
    entries = []
    prev = -1
    pos = 0
    end = len(text)
    match = _ENTRY.match
    while pos < end:
        m = match(text, pos)
        if m is None:
            raise CatalogError(f"{name}: malformed entry at character {pos}: {text[pos:pos + 12]!r}")
        gap = int(m.group(1), 36)
        if gap < 1:
            raise CatalogError(f"{name}: a gap of 0 at character {pos}: numbers must strictly increase")
        par = int(m.group(3), 36)
        if par < 1:
            raise CatalogError(f"{name}: a par of 0 at character {pos}")
        prev += gap
        entries.append(Entry(prev, _LETTER_GRADES[m.group(2)], par))
        pos = m.end()
    return tuple(entries)


_cache = {}


def _tables():
    """The data module's tables, their shape checked once: (texts by key, tried by key). The texts are
    decoded one pair at a time, on first use (``_entries``)."""
    if "tables" not in _cache:
        from . import catalog_data as data

        _cache["tables"] = check_tables(data)
    return _cache["tables"]


def _entries(k):
    entries = _cache.get(k)
    if entries is None:
        texts, tried_by = _tables()
        entries = _cache[k] = _decode_pair(k, texts.get(k, ""), tried_by.get(k, 0))
    return entries


def check_tables(data):
    """Checks a data module's shape (or any object with FORMAT, ENTRIES and TRIED): the format number,
    known keys, a text and a count of deals tried for each; returns (texts by key, tried by key).
    CatalogError when malformed."""
    fmt = getattr(data, "FORMAT", None)
    if fmt != FORMAT:
        raise CatalogError(f"catalogue data format {fmt!r}, expected {FORMAT}")
    texts = getattr(data, "ENTRIES", None)
    tried_by = getattr(data, "TRIED", None)
    if not isinstance(texts, dict) or not isinstance(tried_by, dict):
        raise CatalogError("catalogue data: ENTRIES and TRIED must be dicts")
    known = {f"{n}/{d}" for n, d in PAIRS}
    for k, text in texts.items():
        if k not in known:
            raise CatalogError(f"catalogue data: unknown game and draw {k!r}")
        if not isinstance(text, str):
            raise CatalogError(f"catalogue data: {k}: the data is not a text but {type(text).__name__}")
        t = tried_by.get(k)
        if not isinstance(t, int) or isinstance(t, bool) or t < 0:
            raise CatalogError(f"catalogue data: {k}: deals tried {t!r} is not a count")
    for k in tried_by:
        if k not in texts:
            raise CatalogError(f"catalogue data: {k!r} has deals tried but no entries text")
    return texts, tried_by


def _decode_pair(k, text, tried):
    entries = decode(text, k)
    if entries and entries[-1].number >= tried:
        raise CatalogError(f"catalogue data: {k}: deal {entries[-1].number} lies past the {tried} deals tried")
    return entries


def check_data(data):
    """Checks a whole data module (check_tables, then every pair's text decoded); returns (entries by
    key, tried by key). CatalogError when malformed."""
    texts, tried_by = check_tables(data)
    return {k: _decode_pair(k, text, tried_by[k]) for k, text in texts.items()}, dict(tried_by)


def winnable(rules, draw):
    """The pair's entries (a tuple of Entry, sorted by number); empty when the catalogue has none."""
    return _entries(key(rules, draw))


def tried(rules, draw):
    """How many deal numbers from 0 on the build graded for the pair (0: none)."""
    return _tables()[1].get(key(rules, draw), 0)


def complete(rules, draw):
    """True when the pair has at least TARGET entries (a year of daily deals without a repeat)."""
    return len(winnable(rules, draw)) >= TARGET


def find(rules, draw, number):
    """The entry of deal `number` in the pair's catalogue, or None."""
    entries = winnable(rules, draw)
    lo, hi = 0, len(entries)
    while lo < hi:
        mid = (lo + hi) // 2
        if entries[mid].number < number:
            lo = mid + 1
        else:
            hi = mid
    if lo < len(entries) and entries[lo].number == number:
        return entries[lo]
    return None


def pick(rules, draw, rng=None, grade=None, avoid=None):
    """A random entry of the pair's catalogue, of `grade` when given (one of GRADES); None when the
    catalogue has none (of that grade). `rng`: a random.Random, an int seed, or None. `avoid`: a deal
    number not to pick (the deal on the table: a new deal is another one), unless it is the only entry."""
    if grade is not None and grade not in GRADES:
        raise ValueError(f"a grade is one of {', '.join(GRADES)}, not {grade!r:.20}")
    entries = winnable(rules, draw)
    if grade is not None:
        entries = [e for e in entries if e.grade == grade]
    if avoid is not None and len(entries) > 1:
        entries = [e for e in entries if e.number != avoid]
    if not entries:
        return None
    if rng is None or isinstance(rng, int):
        import random

        rng = random if rng is None else random.Random(rng)
    return entries[rng.randrange(len(entries))]


def counts():
    """``{(rules name, draw): number of entries}`` for every pair the page offers."""
    return {(n, d): len(winnable(n, d)) for n, d in PAIRS}


# ---- the daily deal from the catalogue ------------------------------------------------------

_CANFIELD = 0x43414E4649454C44  # "CANFIELD"


def as_date(date):
    """`date` as a datetime.date (None: today in UTC; text "YYYY-MM-DD"; a datetime in UTC); ValueError
    when it is not a date."""
    import datetime

    if date is None:
        date = datetime.datetime.now(datetime.timezone.utc).date()
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


def _seed(text):
    """A 64-bit seed from a text (FNV-1a): the same on every machine and every run."""
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


_orders = {}  # key -> (entries, their daily order)


def daily_order(rules, draw):
    """The pair's entries in daily order (a fixed permutation: a Fisher-Yates shuffle by SplitMix64
    seeded from the pair's key); empty when the catalogue has none."""
    k = key(rules, draw)
    entries = winnable(rules, draw)
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
    """The entry that is the daily deal of `date` (a datetime.date, "YYYY-MM-DD", None: today in UTC),
    or None when the pair's catalogue has no entry. A complete catalogue repeats no deal within a year; a
    partial one (fewer than TARGET entries) repeats every len(entries) days, each deal still proved
    winnable. Never runs the solver."""
    day = as_date(date)
    order = daily_order(rules, draw)
    if not order:
        return None
    return order[day.toordinal() % len(order)]


def _date_ordinal(date):
    date = as_date(date)
    return date.year * 10000 + date.month * 100 + date.day


def daily_start(date=None):
    """The daily deal's number of `date` in a game and draw whose catalogue has no entry: drawn from the
    date by SplitMix64 (the same for everyone on a date), not proved winnable."""
    rng = SplitMix64(_date_ordinal(date) ^ _CANFIELD)
    return rng.below(MAX_NUMBER + 1)


def daily_deal(date=None, draw=3, rules="canfield"):
    """The daily deal of `date` for the pair: (deal number, its Entry) from the catalogue when the pair has
    any entry (proved winnable), else (``daily_start(date)``, None): not proved. At once, never the solver."""
    entry = daily_entry(date, draw, rules)
    if entry is not None:
        return entry.number, entry
    key(rules, draw)      # a bad game or draw raises here too
    return daily_start(date), None
