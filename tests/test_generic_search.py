"""The generic search (canfield/generic_search.py): the solver of issue 34's games, on the engine's public Game.

Checked here: the dispatch (``Solver``/``BeamSolver`` of an ``extended`` rule set are the generic searches,
every other rule set keeps the compact search), its verdicts against a brute force and against the compact
search on small positions of today's games, against the brute force on positions of the new games played
far into seeded deals, its won lines replayed with ``Game.play``, node budgets that give one answer, and
the key's reductions, each against the guard that keeps it sound (see the module docstring)."""

import random

import pytest

from canfield import Game
from canfield.generic_search import GenericBeamSolver, GenericSolver, _Keyer
from canfield.outcome import LOST, UNKNOWN, WON
from canfield.rules import RULESETS
from canfield.search import BeamSolver, Solver, hint, solve
from test_family import small_position
from engine_helpers import brute_force_won

COMPACT = [n for n, r in RULESETS.items() if not getattr(r, "extended", False)]
EXTENDED = [n for n, r in RULESETS.items() if getattr(r, "extended", False)]


def draw_of(name):
    r = RULESETS[name]
    return r.draws[0] if r.draws else 3


def brute_key(g):
    """A position's identity for the brute force, from the public API and apart from the solver's key:
    every pile with its faces (``state()`` without the score, the columns in place), the base, and the
    pass where it can change what follows (limited passes, or a draw that changes from pass to pass)."""
    r = g.rules
    state = g.state()
    changing = r.passes is not None or (r.draws is not None and len(set(r.draws)) > 1)
    return (state[:5] + state[6:] + (g.tableau_faces, g.reserve_faces, g.base_rank)
            + ((g.pass_number,) if changing else ()))


def brute(game, limit=30_000):
    """True/False: is a won position reachable? None past `limit` positions. Every legal move, no order."""
    return brute_force_won(game, limit, key=brute_key)


def replays(game, moves):
    g = game.copy()
    for m in moves:
        g.play(m)
    return g.won


# ---- dispatch --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_solver_of_an_extended_rule_set_is_the_generic_search(name):
    game = Game.new(draw_of(name), name, 1)
    extended = getattr(game.rules, "extended", False)
    s = Solver(game, 100)
    assert isinstance(s, GenericSolver) == extended
    assert isinstance(s, Solver) == (not extended)
    assert isinstance(BeamSolver(game, 10, 100), GenericBeamSolver) == extended
    res = s.run()
    assert res.verdict in (WON, LOST, UNKNOWN) and res.nodes <= 100


@pytest.mark.parametrize("name", EXTENDED)
def test_solve_hint_and_the_tasks_play_the_new_games(name):
    """solve and hint, the page's hint task and a grade work for the new games as for the others: a won
    line replays to a win, the hint is its first move."""
    from canfield.tasks import HintSearch

    game = Game.new(draw_of(name), name, 2)
    res = solve(game, 4_000)
    assert res.verdict in (WON, LOST, UNKNOWN)
    if res.won:
        assert replays(game, res.moves)
        assert hint(game, 4_000) == res.moves[0]
    task = HintSearch(game, 2_000, best_nodes=300)
    task.run()
    assert task.result is not None
    if task.move is not None:
        game.copy().play(task.move)


# ---- verdicts --------------------------------------------------------------------------------------

SMALL_GAMES = ["canfield", "classic", "storehouse", "superior", "rainfall", "chameleon", "rush", "casino", "acme",
               "pysol-canfield"]


@pytest.mark.parametrize("name", SMALL_GAMES)
def test_the_generic_search_agrees_with_the_brute_force_and_the_compact_search(name):
    """Small positions of today's games (a few cards off the foundations, at a random pass): the generic
    search gives the brute force's verdict, lost ones included, the compact search's where it decides, and
    its won lines replay to a win."""
    rules = RULESETS[name]
    rng = random.Random("generic-" + name)
    decided = lost = 0
    for _ in range(30):
        text = small_position(rules, rng, left=rng.randint(10, 18))
        game = Game.from_position(text)
        expected = brute(game)
        res = GenericSolver(game, 100_000).run()
        compact = Solver(game, 100_000).run()
        if compact.verdict != UNKNOWN:
            assert res.verdict == compact.verdict, text
        if expected is None:
            continue
        assert res.verdict == (WON if expected else LOST), text
        if res.won:
            assert replays(game, res.moves), text
        decided += 1
        lost += not expected
    assert decided >= 25, decided


def far_positions(name, deals, seed, cuts=(6, 20), walks=(0, "burn", 8), nodes=10_000):
    """Positions of the new games near the end of seeded deals: a deal's won line (the generic search's)
    played but its last `cut` moves, then a random walk of `walk` moves (drawing more often than not)."""
    rng = random.Random(seed)
    for number in deals:
        game = Game.new(draw_of(name), name, number)
        res = GenericSolver(game, nodes).run()
        # (a deal not won within the budget: its start, the stock then burnt)
        for cut in cuts if res.won else (None,):
            if cut is not None and cut >= len(res.moves):
                continue
            base = game.copy()
            for m in res.moves[:-cut] if cut is not None else ():
                base.play(m)
            for walk in walks:
                g = base.copy()
                if walk == "burn":
                    # the stock drawn and recycled while the rules allow: the passes left spent (lost
                    # positions, where the passes are limited)
                    while True:
                        stock = [m for m in g.legal_moves() if m.is_stock]
                        if not stock or g.pass_number > 50:
                            break
                        g.play(stock[0])
                    walk = 2
                for _ in range(walk):
                    moves = g.legal_moves()
                    if not moves:
                        break
                    stock = [m for m in moves if m.is_stock]
                    g.play(rng.choice(stock) if stock and rng.random() < 0.6 else rng.choice(moves))
                yield number, cut, walk, g


@pytest.mark.parametrize("name", EXTENDED)
def test_the_new_games_agree_with_the_brute_force(name):
    """Positions played far into deals of each new game: the generic search's verdict is the brute
    force's, and its won lines replay to a win."""
    decided = 0
    for number, cut, walk, g in far_positions(name, range(2), name):
        expected = brute(g, 3_000)
        res = GenericSolver(g, 10_000).run()
        where = (name, number, cut, walk)
        if res.won:
            assert replays(g, res.moves), where
        if expected is None or res.verdict == UNKNOWN:
            continue
        assert res.verdict == (WON if expected else LOST), where
        decided += 1
    assert decided >= 2, decided


# ---- budgets, slices, time -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["canfield"] + EXTENDED[:4])
def test_a_node_budget_gives_one_answer_in_any_slices(name):
    game = Game.new(draw_of(name), name, 7)
    a = GenericSolver(game, 3_000).run()
    s = GenericSolver(game, 3_000)
    res = None
    while res is None:
        res = s.step(97)
    assert (a.verdict, a.nodes, a.moves, a.reason) == (res.verdict, res.nodes, res.moves, res.reason)
    assert a.verdict == WON or (a.nodes == 3_000 and a.reason == "nodes") or a.verdict == LOST


def test_time_and_cancel_only_make_the_answer_unknown():
    game = Game.new(3, "canfield", 0)  # not decided in a few thousand positions
    ticks = iter(range(10**9))
    res = GenericSolver(game, 10**9, max_seconds=50, clock=lambda: next(ticks)).run()
    assert (res.verdict, res.reason) == (UNKNOWN, "seconds")
    calls = []
    res = GenericSolver(game, 10**9, should_stop=lambda: calls.append(1) or len(calls) > 2).run()
    assert (res.verdict, res.reason) == (UNKNOWN, "cancelled")
    s = GenericSolver(game, 10**9)
    s.step(100)
    s.cancel()
    assert s.step(100).reason == "cancelled"


def test_a_won_position_is_won_at_once_and_a_lost_one_lost():
    won = Game.from_position("CF1-D1 A SHDC AS2S3S4S5S6S7S8S9STSJSQSKS/AH2H3H4H5H6H7H8H9HTHJHQHKH/"
                             "AD2D3D4D5D6D7D8D9DTDJDQDKD/AC2C3C4C5C6C7C8C9CTCJCQCKC -/-/-/- - - - 1 0")
    assert GenericSolver(won).run().verdict == WON
    rng = random.Random("lost")
    for _ in range(200):
        text = small_position(RULESETS["classic"], rng, left=12)
        g = Game.from_position(text)
        if brute(g) is False:
            res = GenericSolver(g).run()
            assert (res.verdict, res.moves) == (LOST, []), text
            return
    raise AssertionError("no lost position found")


# ---- the key's reductions, against their guards ----------------------------------------------------


class FakeGame:
    """The parts of a Game the key reads, set by hand: key() in the engine's layout (stock, waste,
    reserves, foundations, columns, face-down cards, base, recycles) and state()."""

    def __init__(self, rules, columns, down=(), recycles=0, stock=(1, 2), waste=(3,)):
        self.rules = RULESETS[rules]
        self._k = (tuple(stock), tuple(waste), ((4, 5),), ((), (), (), ()), tuple(map(tuple, columns)),
                   frozenset(down), 0, recycles)

    def key(self):
        return self._k

    def state(self):
        k = self._k
        return (k[0], k[1], k[2][0], k[3], k[4], 0, (), k[5], k[6])

    @property
    def pass_number(self):
        return self._k[7] + 1

    @property
    def tableau_faces(self):
        return tuple(tuple(c not in self._k[5] for c in col) for col in self._k[4])

    @property
    def reserves(self):
        from canfield.cards import CARDS
        return tuple(tuple(CARDS[c] for c in r) for r in self._k[2])

    @property
    def reserve_faces(self):
        return tuple((False,) * (len(r) - 1) + (True,) for r in self._k[2])

    @property
    def base_rank(self):
        return self._k[6] + 1


@pytest.mark.parametrize("engine_key", [True, False])
def test_the_key_keeps_the_pass_of_a_limited_game_and_drops_it_of_an_unlimited_one(engine_key):
    """Guard: the pass is left out of the key only with unlimited passes and a draw that no longer changes
    (``_Keyer._pass``). Leaving it out in a limited game merges a position with recycles left and the same
    piles with none: that fails here (removed once and watched fail)."""
    for name, equal in (("canfield", True), ("rainfall", False), ("storehouse", False), ("rush", False)):
        a, b = FakeGame(name, [(6,), (7,)], recycles=0), FakeGame(name, [(6,), (7,)], recycles=1)
        keyer = _Keyer(a, engine_key=engine_key)
        assert (keyer.key(a) == keyer.key(b)) == equal, name


@pytest.mark.parametrize("engine_key", [True, False])
def test_the_key_keeps_the_faces_and_sorts_each_column_with_its_own(engine_key):
    """Guards: the face-down cards are in the key (a card face down and the same card face up are two
    positions: only a face-up card moves), and the columns are sorted each with its own faces. Without
    the faces, or with the faces sorted apart from their columns, the two positions below, which differ,
    would key alike: that fails here (both removed once and watched fail). Columns swapped whole, faces
    and all, are one position."""
    p = FakeGame("canfield", [(8, 9), (10, 11), (), (), (), (), ()], down={8})
    q = FakeGame("canfield", [(8, 9), (10, 11), (), (), (), (), ()], down={10})
    r = FakeGame("canfield", [(8, 9), (10, 11), (), (), (), (), ()], down=())
    swapped = FakeGame("canfield", [(10, 11), (8, 9), (), (), (), (), ()], down={8})
    keyer = _Keyer(p, engine_key=engine_key)
    assert keyer.fast == engine_key
    assert len({keyer.key(p), keyer.key(q), keyer.key(r)}) == 3
    assert keyer.key(p) == keyer.key(swapped)


def test_the_engine_key_is_read_only_in_the_layout_it_was_checked_for():
    """The fast key takes ``Game.key()`` apart only after checking its layout on the game itself; a key of
    another shape turns the fast key off (the public key then), never a wrong reading."""
    g = FakeGame("canfield", [(8, 9), (10, 11), (), (), (), (), ()], down={8})
    assert _Keyer(g).fast
    g._k = g._k[:7]  # no recycles at the end
    assert not _Keyer(g).fast


def test_column_sorting_and_the_pass_change_no_verdict_on_deals():
    """The search with the columns in place agrees with the sorted key wherever both decide, on deals of
    today's games and the new ones (the sort only merges positions that play alike)."""
    both = 0
    for name in ["canfield", "rush"] + EXTENDED:
        for number in range(2):
            game = Game.new(draw_of(name), name, number)
            a = GenericSolver(game, 1_500).run()
            b = GenericSolver(game, 1_500, sort_columns=False).run()
            if UNKNOWN not in (a.verdict, b.verdict):
                assert a.verdict == b.verdict, game.code
                both += 1
    assert both >= 5, both
