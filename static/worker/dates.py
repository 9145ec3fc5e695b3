"""Days as the player's calendar has them: the daily deal and the win dialog's next daily deal follow
the player's own time zone, not UTC's. Days are "YYYY-MM-DD" texts; the page's clock is JS `Date`."""

from __future__ import annotations

import datetime


def today() -> str:
    """Today in the player's time zone, "YYYY-MM-DD" (the machine's, outside a browser: CPython's tests)."""
    try:
        from js import Date  # the page and its worker (a worker has no window): the rest of this module is pure
    except ImportError:
        return datetime.date.today().isoformat()

    d = Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


def day_label(day: str, lang: str) -> str:
    """`day` ("YYYY-MM-DD") as the player's language writes a date ("2 décembre 2026"); the digits in a
    browser without that locale (and outside a browser)."""
    try:
        from js import Date, Object
        from pyodide.ffi import to_js
    except ImportError:
        return day

    y, m, d = (int(x) for x in day.split("-"))
    try:
        options = to_js({"day": "numeric", "month": "long", "year": "numeric"}, dict_converter=Object.fromEntries)
        return str(Date.new(y, m - 1, d).toLocaleDateString(lang, options))
    except Exception:  # a browser without that locale
        return day


def add_days(day: str, n: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()
