"""Arrow-key paths over the board's keyboard grid (static/ui/state.key_neighbour), and a solver line
typed as keys, for the tests."""

from __future__ import annotations

from collections import deque

from ui.state import TO_UI, key_neighbour


def arrows(start: str, goal: str, present=None) -> list[str]:
    """The arrow keys from pile `start` to pile `goal` (breadth first). Up and Down inside a column
    move its cursor, so the path leaves a column sideways only. `present`: the pile ids the table has
    (as the page's grid skips the others), all of them unless given."""
    seen = {start: []}
    todo = deque([start])
    while todo:
        pile = todo.popleft()
        if pile == goal:
            return seen[pile]
        dirs = ("left", "right") if pile.startswith("tableau-") else ("left", "right", "up", "down")
        for d in dirs:
            nxt = key_neighbour(pile, d, present)
            if nxt not in seen:
                seen[nxt] = seen[pile] + ["Arrow" + d.capitalize()]
                todo.append(nxt)
    raise AssertionError(f"no arrow path from {start} to {goal}")


def parse(text: str):
    """"T2:2-T4" -> ("tableau-2", 2, "tableau-4")."""
    src, dst = text.split("-")
    count = 1
    if ":" in src:
        src, n = src.split(":")
        count = int(n)
    return TO_UI[src], count, TO_UI[dst]


def play_by_keyboard(page, game, moves, after=None, present=None) -> None:
    """Type each move of `moves` (engine notation; "S" a draw) on the page's focused board, starting on
    the stock, and play it on `game` too; `after(i, text, move)` runs after each one (the checks).
    The keys are the page's keyboard model (static/ui/input.py): arrows between piles, Up inside a
    column onto the first card of a tail, Enter to pick up and put down, D to draw, Home to the stock.
    `present`: the table's pile ids (a game of more or fewer piles than four columns and foundations)."""
    kb = page.keyboard
    focus = "stock"
    for i, text in enumerate(moves):
        if text == "S":
            kb.press("d")
        else:
            src, count, dst = parse(text)
            if src == focus and src.startswith("tableau-"):
                kb.press("Home")              # re-enter the column so that its cursor starts on top
                focus = "stock"
            for key in arrows(focus, src, present):
                kb.press(key)
            for _ in range(count - 1):
                kb.press("ArrowUp")           # the cursor onto the first card of the tail
            kb.press("Enter")
            for key in arrows(src, dst, present):
                kb.press(key)
            kb.press("Enter")
            focus = dst
        move = game.play(text)
        if after is not None:
            after(i, text, move)
