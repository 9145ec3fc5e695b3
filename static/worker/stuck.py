""""No more moves" (seed 004: the game is blocked when no card can move and turning the stock
brings out none that can), asked of the engine only: no rule is decided here.

Pure Python (tested under CPython). ``no_more_moves(game)`` walks the stock cycle from the current
position with the engine's own stock moves (draws and recycles) until the position comes back, and
at every step plays each other legal move on a copy: if one changes the position (other than by
moving a whole column to an empty column, which only swaps two columns), the game is not blocked.
It says nothing about winning: a game with moves left may still be lost (that is the solver's job),
and "blocked" is not a defeat either: the player may still undo.
"""

from __future__ import annotations

MAX_STEPS = 400  # far more than one cycle of the stock (52 cards, draw 1: 53 positions)


def _key(game):
    """The position, with the columns as a set (two columns swapped are the same position)."""
    stock, waste, reserve, foundations, tableau = (game.stock, game.waste, game.reserve, game.foundations,
                                                    game.tableau)
    cols = tuple(sorted(tuple(c.index for c in col) for col in tableau))
    return (tuple(c.index for c in stock), tuple(c.index for c in waste), tuple(c.index for c in reserve),
            tuple(len(f) for f in foundations), cols)


def no_more_moves(game) -> bool:
    """True when no move can change anything, through a whole pass of the stock (see above)."""
    if game.won:
        return False
    g = game.copy()
    seen = set()
    for _ in range(MAX_STEPS):
        key = _key(g)
        if key in seen:
            return True  # a whole cycle of the stock without a move that changes anything
        seen.add(key)
        stock_move = None
        for move in g.legal_moves():
            if move.is_stock:
                stock_move = move
                continue
            g.play(move)
            changed = _key(g) != key
            g.undo()
            if changed:
                return False
        if stock_move is None:
            return True  # nothing at all to do, not even the stock
        g.play(stock_move)
    return False  # never expected: the cycle is far shorter
