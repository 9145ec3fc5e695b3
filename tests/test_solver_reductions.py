"""The solver's shortcuts against the plain versions: each one changes the work, never a verdict.

The search keys a child from its parent's parts before it builds it (Solver._expand's entries); the
safe foundation moves (Solver._auto) and the first of several empty columns (``one_empty``) prune it.
Each is compared with the search without it, over deals of several games and both draws where the
game lets the player choose."""

import random

import pytest

from canfield import Game
from canfield.rules import RULESETS
from canfield.search import LATE
from canfield.solver import UNKNOWN, Solver, _tail_depths

# the compact search's games (issue 34's, `extended`, are searched by canfield/generic_search.py)
COMPACT = [name for name, r in RULESETS.items() if not getattr(r, "extended", False)]
ONE_DECK = [name for name in COMPACT if RULESETS[name].decks == 1 and name != "storehouse-sh1"]


def draws(name):
    r = RULESETS[name]
    return (3, 1) if r.draws is None else r.draws[:1]


def walk(solver, rng, steps):
    """The positions of a random walk from the solver's start, each with its entries."""
    st = solver.start
    for _ in range(steps):
        entries = solver._expand(st)
        yield st, entries
        if not entries:
            return
        e = rng.choice(entries)
        st = (tuple(e[3]),) + e[4:8]


@pytest.mark.parametrize("name", COMPACT)
def test_a_childs_key_from_its_parents_parts_is_its_key(name):
    """An entry's key (head + sorted columns) is the key of the position it builds, its order value and
    its foundation count are that position's: a wrong head (a reserve or waste size off by one, a
    talon not updated) would merge positions that differ, and "lost" would stop being a proof."""
    rng = random.Random(7)
    checked = 0
    for d in draws(name):
        for number in range(6):
            solver = Solver(Game.new(d, name, number), 1000)
            for st, entries in walk(solver, rng, 60):
                for order, _mv, head, cols, r2, f2, tal2, p2, fs in entries:
                    child = (tuple(cols), r2, f2, tal2, p2)
                    assert head + b"\xfe".join(sorted(cols)) == solver._key(child)
                    assert fs == sum(f2)
                    # (+ LATE for a talon card of a later pass: tried after the others)
                    assert order - r2 * 256 + fs in (0, LATE)
                    checked += 1
    assert checked >= 100


def test_the_children_are_those_of_the_plain_generator():
    """Every entry's position is the one the engine's own rules reach with its move (the solver's
    talon moves are draws, then the card): each entry of a random walk is played with Game.play, and
    the solver's position of the game after it keys as the entry."""
    rng = random.Random(3)
    played = 0
    for name in ONE_DECK:
        for d in draws(name):
            for number in range(3):
                game = Game.new(d, name, number)
                solver = Solver(game, 1000)
                for _ in range(12):
                    entries = solver._expand(solver.start)
                    if not entries:
                        break
                    e = rng.choice(entries)
                    line, game = solver._replay([e[1]])
                    solver = Solver(game, 1000)
                    want = (tuple(e[3]), e[4], e[5], e[6], e[7])
                    assert solver._key(solver.start) == solver._key(want), (game.code, line)
                    played += 1
    assert played >= 150


@pytest.mark.parametrize("name", [n for n in COMPACT if RULESETS[n].moves == "tail"])
def test_the_tail_depth_table_skips_no_depth_a_card_fits_at(name):
    """_tail_depths lets the expansion start at the first depth where a tail may fit a column's top, and
    step 13 from there: every depth at which a valid column's card does fit must be one of those. Checked
    on random valid columns (each card built on the one under it, by the game's own table) of up to 40
    cards, so wrapped columns of more than 13 and 26 cards are met, against every top they could go on."""
    solver = Solver(Game.new(RULESETS[name].draws[0] if RULESETS[name].draws else 3, name, 0), 10)
    fits = solver.fits
    rows = _tail_depths(fits, 52 * RULESETS[name].decks)
    under = [[x for x in range(52) if y in fits[x]] for y in range(52)]
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        col = [rng.randrange(52)]  # top first, then downwards
        while len(col) < 40 and under[col[-1]]:
            col.append(rng.choice(under[col[-1]]))
        top = col[0]
        for t in range(52):
            k0 = rows[t][top]
            for k in range(1, len(col) + 1):
                if col[k - 1] in fits[t]:
                    assert k >= k0 and (k - k0) % 13 == 0, (name, t, col, k, k0)
                    checked += 1
    assert checked > 1000


def compare(kwargs, games, budget, deals=range(10), exact=False):
    compared = lost = 0
    for name in games:
        for d in draws(name):
            for number in deals:
                game = Game.new(d, name, number)
                a = Solver(game, budget, **kwargs[0]).run()
                b = Solver(game, budget, **kwargs[1]).run()
                if exact:
                    assert (a.verdict, a.nodes, a.moves) == (b.verdict, b.nodes, b.moves), game.code
                if UNKNOWN not in (a.verdict, b.verdict):
                    assert a.verdict == b.verdict, game.code
                    compared += 1
                    lost += a.lost
    return compared, lost


def test_safe_foundation_moves_change_no_verdict_in_the_family():
    """With and without Solver._auto, on the one-deck games without take-backs (the rule is off with
    them), both draws: the same verdict wherever both decide, lost ones included."""
    games = [n for n in ONE_DECK if not RULESETS[n].takeback]
    compared, lost = compare(({}, {"auto": False}), games, 4000)
    assert compared >= 30 and lost >= 5


def test_one_of_several_empty_columns_changes_nothing_in_the_family():
    """A card or tail put in the first of several empty columns only: the same verdict, positions and
    line as building it for each (without restarts, whose random tie-breaks draw one number a child)."""
    compared, _ = compare(({"restarts": False}, {"restarts": False, "one_empty": False}), ONE_DECK, 3000,
                          range(5), exact=True)
    assert compared >= 40


class _UndoListed(Solver):
    """The search without the parent's move undone left out: every expansion told nothing of its move."""

    def _expand(self, st, rnd=None, last=None, pre=None):
        return super()._expand(st, rnd, None, pre)


def test_leaving_out_the_parents_move_undone_changes_nothing():
    """The move that undoes a column-to-column move leads back to the position before it (on the path,
    visited), so leaving it out changes no verdict, no position count and no line, restarts included
    (its tie-break is still drawn). A move back after a column was refilled from the reserve leads
    elsewhere and must stay: leaving it out too changes searches here."""
    searches = 0
    for name in COMPACT:
        for d in draws(name):
            for number in range(3):
                game = Game.new(d, name, number)
                a = Solver(game, 3000).run()
                b = _UndoListed(game, 3000).run()
                assert (a.verdict, a.nodes, a.moves) == (b.verdict, b.nodes, b.moves), game.code
                searches += 1
    assert searches >= 60


def test_the_parents_move_undone_is_left_out_and_only_that():
    """After a column-to-column move, the child's entries are those listed without knowing the move,
    less the moves that put the same cards back, and each of those leads to the position before the
    move (its key is the parent's): leaving it out loses nothing. A move that refilled a column from the
    reserve is written without its columns' indices, and the move back onto the reserve card, which
    leads elsewhere, stays listed."""
    rng = random.Random(11)
    left_out = kept = 0
    for name in ("canfield", "classic", "superior", "demon", "double"):
        for d in draws(name):
            for number in range(30 if name in ("canfield", "demon") else 8):
                solver = Solver(Game.new(d, name, number), 1000)
                for st, entries in walk(solver, rng, 40):
                    for e in entries:
                        mv = e[1]
                        if mv[0][0] != "T" or mv[0] == "T*" or mv[1][0] != "T":
                            continue
                        child = (tuple(e[3]),) + e[4:8]
                        plain = solver._expand(child)
                        told = [x[1] for x in solver._expand(child, None, mv)]
                        back = [x for x in plain if x[1][:3] == (mv[1], mv[0], mv[2])]
                        if len(mv) == 5:
                            assert told == [x[1] for x in plain if x not in back], (name, mv)
                            for x in back:
                                assert x[2] + b"\xfe".join(sorted(x[3])) == solver._key(st), (name, mv)
                                left_out += 1
                        else:
                            assert e[4] == st[1] - 1, mv       # written short: a refill happened
                            assert told == [x[1] for x in plain], (name, mv)
                            kept += len(back)
    assert left_out >= 50 and kept >= 10
