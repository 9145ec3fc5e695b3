"""Sure cards: the foundation moves that can never lose anything, for the page's "move sure cards to the
foundations" setting (issue 20). The rule is the solver's safe-move reduction (`Solver._auto` in
canfield.solver), written against the public Game so that the page can ask it without loading the solver.
"""

from .cards import CARDS
from .game import Move


def sure_move(game):
    """A foundation move of a card that can never be needed on the tableau again, or None: what the page's
    "move sure cards to the foundations" setting plays, one undoable move at a time.

    The rule of `Solver._auto`: the card is the next of its foundation and every card that could be built on
    it is already on a foundation; it is the reserve top, a column top (not alone in its column while the
    reserve would refill it), or the waste top in draw 1 with unlimited passes. With take-backs a foundation
    card may come back to host others, so there every foundation must also hold all the cards below its
    rank: nothing that could come back then needs a host (tests/test_sure_moves.py checks both against a
    brute force)."""
    if game.rules.decks != 1 or game.rules.extended or game.won:
        return None  # (the games of the new parameters, issue 34: no sure-card rule proved for them yet)
    base = game.base_rank - 1
    fsuits = game.foundation_suits
    found = {fsuits[i]: len(pile) for i, pile in enumerate(game.foundations)}
    fits = game._fits

    def up(index):
        """Foundation i (0-based) when card `index` is safe to send there, else None."""
        card = CARDS[index]
        i = fsuits.index(card.suit)
        if game.foundation_next(i) != card:
            return None
        rel = (card.rank - 1 - base) % 13
        for dep in fits[index]:
            d = CARDS[dep]
            if found[d.suit] <= (d.rank - 1 - base) % 13:
                return None
        if game.rules.takeback and min(found.values()) < rel:
            return None
        return i

    candidates = []
    if game.reserve:
        candidates.append(("R", game.reserve[-1]))
    refills = game.rules.refills and bool(game.reserve)
    for name, col in zip(game.columns, game.tableau):
        if col and not (len(col) == 1 and refills):
            candidates.append((name, col[-1]))
    if game.waste and game.draw == 1 and game.rules.passes is None:
        candidates.append(("W", game.waste[-1]))
    for src, card in candidates:
        i = up(card.index)
        if i is not None:
            move = Move(src, game.foundation_names[i], 1)
            if game.is_legal(move):
                return move
    return None

