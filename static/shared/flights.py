"""The deal's flights as plain data: which card flies when, and from where (the stock) to its place.

Runs under CPython and MicroPython alike (the page's side of the two-sided page plans the deal from the
view value it is sent): no import but math, no dataclasses, no annotations, no f-strings, and no
`round` (MicroPython's rounds some halves the other way): `round1` rounds exactly as CPython's
round(value, 1) does, in both. static/worker/motion.py exports these with the win's plans.

- `deal_plan`: the cards of a new deal fly from the stock in the order a dealer deals them (the
  reserve's thirteen, the base card, one card to each column), staggered, about one second in all.
- `deal_flights`: that plan with where each flight starts, taken from the layout (the stock's place
  relative to the card's place on the table), so the page starts the deal without measuring it; the
  whole list goes to static/motion.js in one call.
"""

import math

DEAL_MS = 1000           # the whole deal, first card off to last card down
FLIGHT_MS = 320          # one card's flight from the stock
_TWO_53 = 9007199254740992


def round1(value):
    """`value` rounded to one decimal as CPython's round(value, 1) does: the nearest tenth of the exact
    binary value, a tie to the even tenth, -0.0 kept (the same float in both Pythons)."""
    value = float(value)
    if value != value or value - value != 0.0 or value == 0.0:     # NaN, infinities, zeros
        return value
    m, e = math.frexp(value)
    shift = e - 53
    if shift >= 0:                                   # a whole number already
        return value
    mant = int(m * _TWO_53)                          # value == mant * 2**shift, exactly
    den = 1 << -shift
    q, r = divmod(mant * 10, den)                    # floor, for negative values too
    if 2 * r > den or (2 * r == den and q % 2 == 1):
        q += 1
    if q == 0:
        return -0.0 if value < 0 else 0.0
    return q / 10


class Flight:
    """One card of the deal: `key` is a card id (the element drawn on the table) or None (a back
    that flies to the reserve, under its top card, and is removed when it lands); `delay` ms after
    the deal starts, `duration` ms."""

    def __init__(self, key, pile, delay, duration):
        self.key = key
        self.pile = pile
        self.delay = delay
        self.duration = duration

    def _fields(self):
        return (self.key, self.pile, self.delay, self.duration)

    def __eq__(self, other):
        return type(other) is Flight and self._fields() == other._fields()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._fields())

    def __repr__(self):
        return "Flight(key=%r, pile=%r, delay=%r, duration=%r)" % self._fields()


def deal_plan(reserve_top, reserve_size, base, columns, total_ms=DEAL_MS, flight_ms=FLIGHT_MS):
    """The deal as a dealer does it: the reserve's cards (backs, then its top card), then `base`
    (the foundation cards on the table, (code, pile)), then `columns` ((code, pile), left to right).
    Every flight lasts `flight_ms`; the starts are spread so that the last card lands at `total_ms`."""
    hidden = max(0, reserve_size - (1 if reserve_top else 0))
    order = [(None, "reserve")] * hidden
    if reserve_top:
        order.append((reserve_top, "reserve"))
    order += [tuple(b) for b in base] + [tuple(c) for c in columns]
    if not order:
        return []
    flight_ms = min(flight_ms, total_ms)
    step = (total_ms - flight_ms) / (len(order) - 1) if len(order) > 1 else 0.0
    return [Flight(key, pile, round1(i * step), flight_ms) for i, (key, pile) in enumerate(order)]


def deal_flights(plan, piles, places):
    """`plan`'s flights as [code or None, delay, duration, dx, dy]: (dx, dy) is where the flight
    starts, the stock, relative to where it ends. `piles`: the layout's pile rectangles (board
    coordinates); `places`: card code -> (pile, x, y), its place inside its pile (the view model).
    A back ends on the reserve's place. Offsets are rounded to 0.1 px."""
    sx, sy = piles["stock"][:2]
    out = []
    for f in plan:
        if f.key is None:
            x, y = piles["reserve"][:2]
        else:
            pile, cx, cy = places[f.key]
            px, py = piles[pile][:2]
            x, y = px + cx, py + cy
        out.append([f.key, f.delay, f.duration, round1(sx - x), round1(sy - y)])
    return out
