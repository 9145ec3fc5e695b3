"""The plans of the table's motion, as plain data: the deal's flights and the win's bouncing cards.

Pure Python (no DOM; tested under CPython by tests/test_motion_plan.py). The renderer
(static/page/render.py) and the celebration (static/page/celebrate.py) turn these plans into Web
Animations that change only `transform` and `opacity`, so the browser's compositor draws them and a
frame never waits for Python.

- `deal_plan`, `deal_flights` (static/shared/flights.py, which MicroPython runs too): the cards of a new deal
  fly from the stock in the order a dealer deals them, staggered, about one second in all, each from
  where the stock is relative to its place, so the page starts the deal without measuring it.
- `bounce`: one card of the win celebration, thrown off its foundation, falling under gravity and
  bouncing on the bottom of the table until it leaves the screen sideways (the classic cascade);
  each fall and each rise is one keyframe segment whose easing is the exact parabola.
- `cascade_order`: which foundation card leaves when (tops first, going round the four piles).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

from shared.flights import DEAL_MS, FLIGHT_MS, Flight, deal_flights, deal_plan  # noqa: F401 - the deal's plans

# The exact parabolas as CSS easings: y = t^2 (falling from rest) and y = 1 - (1 - t)^2 (rising to rest).
FALL = "cubic-bezier(0.3333, 0, 0.6667, 0.3333)"
RISE = "cubic-bezier(0.3333, 0.6667, 0.6667, 1)"
GRAVITY = 0.0022         # px / ms^2 (a card falls about 400 px in 0.6 s)
RESTITUTION = 0.72       # what a bounce keeps of the speed
MAX_BOUNCES = 12
MAX_MS = 2600            # a thrown card's longest flight
LAUNCH_MS = 60           # between two cards leaving the foundations
# The animation speed setting (static/worker/settings.py SPEEDS): every duration is multiplied by its factor.
SPEED_FACTORS = {"slow": 2.0, "normal": 1.0, "fast": 0.5}
REPLAY_STEP_MS = 450     # a replay's or "Show me how"'s pause between two moves, at normal speed


def speed_factor(speed: str) -> float:
    """The factor of a speed setting (an unknown one plays at normal speed)."""
    return SPEED_FACTORS.get(speed, 1.0)


@dataclass(frozen=True)
class Bounce:
    """One thrown card: a horizontal slide `dx` over `duration` (linear) and the vertical keyframes
    `ys`: (offset 0..1, y relative to the start, easing of the segment that starts there)."""

    dx: float
    duration: float
    ys: tuple


def bounce(x: float, y: float, floor: float, width: float, card_w: float, vx: float, vy: float = 0.0,
           gravity: float = GRAVITY, restitution: float = RESTITUTION, max_ms: float = MAX_MS) -> Bounce:
    """A card at (x, y) thrown with speed (vx, vy) in px/ms (vy < 0 is upwards), falling to `floor`
    (the y of the card's top when it rests on the bottom) and bouncing there, until it is out of the
    `width` wide screen (its whole `card_w` past an edge), `max_ms` have passed or it stops bouncing."""
    if vx == 0:
        raise ValueError("bounce: a card thrown straight down never leaves the screen")
    exit_ms = ((width - x) if vx > 0 else (x + card_w)) / abs(vx)
    limit = min(max_ms, exit_ms)
    floor = max(floor, y)
    t = 0.0
    cy = y
    points = []                          # (time, y, easing from here)
    if vy < -0.01:                       # rising first, to the top of the throw (a tiny lift: none)
        rise = -vy / gravity
        points.append((t, cy, RISE))
        t += rise
        cy -= vy * vy / (2 * gravity)
    speed = 0.0
    bounces = 0
    while True:
        # fall from rest at cy to the floor
        fall = sqrt(2 * (floor - cy) / gravity)
        points.append((t, cy, FALL))
        t += fall
        speed = gravity * fall * restitution
        bounces += 1
        if t >= limit or bounces > MAX_BOUNCES or speed < 0.05:
            break
        # rise back up from the floor to rest at the new height
        points.append((t, floor, RISE))
        rise = speed / gravity
        t += rise
        cy = floor - speed * speed / (2 * gravity)
    points.append((t, floor, "linear"))
    duration = t
    ys = tuple((round(pt / duration, 5), round(py - y, 2), easing) for pt, py, easing in points)
    return Bounce(dx=round(vx * duration, 2), duration=round(duration, 1), ys=ys)


def cascade_order(foundations: list[list[str]]) -> list[tuple[int, str]]:
    """(foundation index, card code) in the order they leave: each pile's top first, going round the
    piles (the last card put on a pile leaves first, as in the classic cascade)."""
    piles = [list(p) for p in foundations]
    out = []
    while any(piles):
        for i, pile in enumerate(piles):
            if pile:
                out.append((i, pile.pop()))
    return out


def throw_speed(n: int) -> tuple[float, float]:
    """The n-th card's throw (vx, vy) in px/ms: alternately left and right, a varied speed and lift
    (a fixed pattern, so a celebration looks the same each time and tests can count on it)."""
    speeds = (0.28, 0.38, 0.22, 0.33, 0.45, 0.25, 0.36)
    lifts = (-0.35, -0.1, -0.55, 0.0, -0.25, -0.45, -0.15)
    vx = speeds[n % len(speeds)]
    return (vx if n % 2 == 0 else -vx), lifts[n % len(lifts)]
