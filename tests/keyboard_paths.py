"""Arrow-key paths over the board's keyboard grid (static/ui/state.key_neighbour), for the tests."""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static"))
from ui.state import key_neighbour


def arrows(start: str, goal: str) -> list[str]:
    """The arrow keys from pile `start` to pile `goal` (breadth first). Up and Down inside a column
    move its cursor, so the path leaves a column sideways only."""
    seen = {start: []}
    todo = deque([start])
    while todo:
        pile = todo.popleft()
        if pile == goal:
            return seen[pile]
        dirs = ("left", "right") if pile.startswith("tableau-") else ("left", "right", "up", "down")
        for d in dirs:
            nxt = key_neighbour(pile, d)
            if nxt not in seen:
                seen[nxt] = seen[pile] + ["Arrow" + d.capitalize()]
                todo.append(nxt)
    raise AssertionError(f"no arrow path from {start} to {goal}")
