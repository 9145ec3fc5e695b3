"""Arrow-key paths over the board's keyboard grid (static/shared/table.key_neighbour), and a solver line
typed as keys, for the tests."""

from __future__ import annotations

from collections import deque

from shared.table import TO_UI, key_neighbour


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


def move_keys(focus: str, text: str, present=None) -> tuple[list[str], str]:
    """The keys that play the move `text` (engine notation; "S" a draw) with the board's focus on pile
    `focus`, and the pile focused after them. The keys are the page's keyboard model
    (static/worker/handle_keys.py): arrows between piles, Up inside a column onto the first card of a tail, Enter
    to pick up and put down, D to draw, Home to the stock."""
    if text == "S":
        return ["d"], focus
    src, count, dst = parse(text)
    keys = []
    if src == focus and src.startswith("tableau-"):
        keys.append("Home")              # re-enter the column so that its cursor starts on top
        focus = "stock"
    keys += arrows(focus, src, present)
    keys += ["ArrowUp"] * (count - 1)    # the cursor onto the first card of the tail
    keys.append("Enter")
    keys += arrows(src, dst, present)
    keys.append("Enter")
    return keys, dst


def play_by_keyboard(page, game, moves, after=None, present=None) -> None:
    """Type each move of `moves` (engine notation) on the page's focused board, starting on the stock,
    and play it on `game` too; `after(i, text, move)` runs after each one (the checks).
    `present`: the table's pile ids (a game of more or fewer piles than four columns and foundations)."""
    focus = "stock"
    for i, text in enumerate(moves):
        keys, focus = move_keys(focus, text, present)
        for key in keys:
            page.keyboard.press(key)
        move = game.play(text)
        if after is not None:
            after(i, text, move)


# The keys of several moves sent to the page's own keydown handling in one task: each as a keydown event
# on the focused element (it bubbles to the document, where the page listens), as a press would send.
_SEND_KEYS = """keys => { for (const key of keys) {
  const el = document.activeElement || document.body;
  el.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
} }"""


def send_moves_as_keys(page, game, moves, present=None, chunk=50, caught_up=None) -> None:
    """As `play_by_keyboard`, with the keys of `chunk` moves sent as keydown events in one round trip
    to the page: for long lines where what is tested is the game they play, not the key presses (the
    browser's own key presses are play_by_keyboard's). The page queues them while the worker answers the
    first (keys faster than the answers). `caught_up(page, game)`, after each chunk with `game` played
    to its end: the wait for the page to show it, so that no wait is for more than one chunk's answers
    (the worker answered the second half of a Quadruple's line 20 s after its last key on a loaded
    machine, where the test had waited 10 s: issue 45, item 7)."""
    focus = "stock"
    for at in range(0, len(moves), chunk):
        keys = []
        for text in moves[at:at + chunk]:
            more, focus = move_keys(focus, text, present)
            keys += more
            game.play(text)
        page.evaluate(_SEND_KEYS, keys)
        if caught_up is not None:
            caught_up(page, game)
