"""The search's choices depend on the position, never on what its piles are called (issue 32 item 4): the
same position with its columns in another order is searched position for position alike (the same
verdict, the same count of positions, a line of the same length), in every game. Suit names are
canonicalised elsewhere (canfield/insight.py); test_solver.py renames suits."""

import random

import pytest

from canfield import Game
from canfield.rules import RULESETS
from canfield.solver import Solver


def permuted(game, rng):
    """The position of `game` with its columns in a random other order (a position text: the fifth field)."""
    fields = game.position().split(" ")
    cols = fields[4].split("/")
    order = list(range(len(cols)))
    while order == sorted(order):
        rng.shuffle(order)
    fields[4] = "/".join(cols[i] for i in order)
    return Game.from_position(" ".join(fields))


def walked(game, rng, steps):
    g = game.copy()
    for _ in range(steps):
        legal = g.legal_moves()
        if not legal or g.won:
            break
        g.play(rng.choice(legal))
    return g


# the compact search's games (issue 34's, `extended`, are searched by canfield/generic_search.py)
@pytest.mark.parametrize("name", [n for n, r in RULESETS.items() if not getattr(r, "extended", False)])
def test_permuted_columns_give_the_same_search(name):
    """Deals and positions a few random moves in, each against itself with its columns permuted: the
    same verdict, the same positions searched (restarts and their random tie-breaks included) and a
    winning line as long. The children used to be tried in column order, which made the count (and
    so the grade) depend on which column a card was dealt to."""
    rules = RULESETS[name]
    rng = random.Random(name)
    compared = differ = 0
    for number in range(4):
        for steps in (0, 6):
            draw = rules.draws[0] if rules.draws else rng.choice((1, 3))
            g = walked(Game.new(draw, name, number), rng, steps)
            h = permuted(g, rng)
            assert sorted(c.code for col in h.tableau for c in col) == sorted(c.code for col in g.tableau for c in col)
            a = Solver(g, 4000).run()
            b = Solver(h, 4000).run()
            assert (a.verdict, a.nodes, len(a.moves)) == (b.verdict, b.nodes, len(b.moves)), (g.position(), h.position())
            compared += 1
            differ += [len(c) for c in g.tableau] != [len(c) for c in h.tableau] or g.position() != h.position()
    assert compared == 8 and differ >= 4
