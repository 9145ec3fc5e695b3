"""The win cascade's plan, computed in the worker (static/worker/motion.py's throws, which MicroPython cannot
run) and thrown on the page by static/page/celebrate.py: a `Cascade` of the protocol
(static/shared/reply.py). Runs in the worker (Pyodide)."""

from __future__ import annotations

from .motion import FALL, LAUNCH_MS, RISE, bounce, cascade_order, throw_speed
from shared.vocab import Cascade

EASINGS = {"F": FALL, "R": RISE, "L": "linear"}   # a throw's easings, by the letter the plan writes




def cascade_plan(layout, foundations) -> Cascade:
    """The win cascade's throws, planned here from the layout with static/worker/motion.py (which MicroPython
    cannot run) and thrown on the page by static/page/celebrate.py: each foundation's card in cascade order,
    [foundation index, code, dx, duration, ys], ys the vertical keyframes [offset, dy, easing's letter]
    (EASINGS); in #game's pixels (the board starts under the bar: layout.bar_h)."""
    letters = {v: k for k, v in EASINGS.items()}
    throws = []
    for n, (i, code) in enumerate(cascade_order(foundations)):
        x, y = layout.piles["foundation-%d" % (i + 1)][:2]
        y += layout.bar_h
        vx, vy = throw_speed(n)
        path = bounce(x, y, max(y, layout.height - layout.ch), layout.width, layout.cw, vx, vy)
        throws.append([i, code, path.dx, path.duration, [[off, dy, letters[easing]] for off, dy, easing in path.ys]])
    return Cascade(LAUNCH_MS, dict(EASINGS), throws)
