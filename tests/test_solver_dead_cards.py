"""Dead cards (canfield/search.py, Solver._dead): a position where some card can never move (a reserve or
last-pass waste card, or a column's bottom) is lost, and the search does not expand it. Checked against
the brute force (tests/engine_helpers.py): on random small positions and the positions of random walks
from them, every position the check calls dead is lost, and the search with the check gives the brute
force's verdicts; the check fires often enough on those positions for an unsound version to show."""

import random

import pytest

from canfield import CARDS, Game
from canfield.rules import RULESETS
from canfield.search import DEAD_TRIAL
from canfield.solver import LOST, UNKNOWN, WON, Solver
from engine_helpers import brute_force_won

INDEX = {c.code: i for i, c in enumerate(CARDS)}
# every rule set where the check runs: no take-backs, an empty column takes any card some day
CHECKED = [name for name in RULESETS if Solver(Game.new(None, name, 0), 10).dead_check]


def test_the_check_runs_where_its_argument_holds_and_only_there():
    for name, rules in RULESETS.items():
        solver = Solver(Game.new(None, name, 0), 10)
        want = not rules.takeback and rules.fill in ("reserve_then_any", "any")
        assert solver.dead_check == want, name
        assert not Solver(Game.new(None, name, 0), 10, dead=False).dead_check
    assert {"chameleon", "american-toad", "variegated", "rush", "rainfall", "casino"} <= set(CHECKED)


def stuck_position(rules, rng, left, fits):
    """A random position of `rules` with `left` cards off the foundations (the rest of each suit in order on
    its foundation), as tests/test_family.py's small_position, but with columns that are runs of one to
    a few cards (each card built on the one under it), now and then an empty column (the reserve then
    empty), and mostly in the last pass: where cards get stuck, and where an empty column is the way out."""
    base = rules.base_rank or rng.randint(1, 13)
    nf, total = 4 * rules.decks, 52 * rules.decks
    suits = rng.sample("SHDC" * rules.decks, nf)
    low = 1 if rules.base_rank else 0
    heights = [13] * nf
    while sum(heights) > total - left:
        i = rng.randrange(nf)
        if heights[i] > low:
            heights[i] -= 1
    ranks = "A23456789TJQK"
    found, rest = [], []
    for s, h in zip(suits, heights):
        cards = [ranks[(base - 1 + n) % 13] + s for n in range(13)]
        found.append("".join(cards[:h]) or "-")
        rest += cards[h:]
    rng.shuffle(rest)
    cols = []
    for _ in range(rules.columns):
        col = [rest.pop()] if rest and rng.random() > 0.15 else []
        while col and rest and rng.random() < 0.4:
            fit = [c for c in rest if INDEX[c] in fits[INDEX[col[-1]]]]
            if not fit:
                break
            c = rng.choice(fit)
            rest.remove(c)
            col.append(c)
        cols.append("".join(col) or "-")
    if "-" in cols and rules.fill != "any":
        reserve = []
    else:
        reserve = [rest.pop() for _ in range(rng.randint(0, len(rest)))]
    waste = [rest.pop() for _ in range(rng.randint(0, len(rest)))]
    stock = rest
    down = 0 if rules.reserve_face_up else len(reserve) - 1
    res = "".join(c.lower() if i < down else c for i, c in enumerate(reserve)) or "-"
    draw = rules.draws[0] if rules.draws else rng.choice((1, 3))
    if rules.passes:
        passes = rules.passes if rng.random() < 0.7 else rng.randint(1, rules.passes)
    else:
        passes = rng.randint(1, 3)
    score = 5 * (total - left) - 52 if rules.scoring == "casino" else 0
    return " ".join((f"{rules.prefix}-D{draw}", ranks[base - 1], "".join(suits), "/".join(found), "/".join(cols),
                     res, "".join(waste) or "-", "".join(stock).lower() or "-", str(passes), str(score)))


def _positions(name, rng, count, steps):
    """Random stuck_positions of `name` and the positions of a random walk from each (Game.play), as games."""
    rules = RULESETS[name]
    fits = Solver(Game.new(None, name, 0), 10).fits
    for _ in range(count):
        g = Game.from_position(stuck_position(rules, rng, rng.randint(12, 20), fits))
        yield g.copy()
        for _ in range(steps):
            moves = g.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
            yield g.copy()


def _dead(game):
    solver = Solver(game, 10)
    cols, r, fnd, tal, p = solver.start
    return solver._dead(cols, r, fnd, tal, p)


def _check_dead_positions(name, count, steps, seed):
    """(positions called dead, those the brute force decided): each one called dead is lost."""
    rng = random.Random(seed)
    dead = decided = 0
    for g in _positions(name, rng, count, steps):
        if g.won or not _dead(g):
            continue
        dead += 1
        won = brute_force_won(g, limit=30_000)
        if won is None:
            continue
        decided += 1
        assert not won, g.position()
    return dead, decided


# (game, the fewest positions called dead that the brute force decides): where columns are few the check
# fires on these small positions; with five or eight columns (every bottom must stay put) it seldom does,
# and superior's positions called dead are too wide for the brute force: there only "never a won one"
@pytest.mark.parametrize("name, least", [("chameleon", 5), ("rush", 5), ("rainfall", 5), ("casino", 5),
                                         ("acme", 5), ("storehouse", 5), ("superior", 0), ("double", 0),
                                         ("american-toad", 0), ("variegated", 0)])
def test_a_position_called_dead_is_lost(name, least):
    """Every position the check calls dead is lost by the brute force, over random stuck positions of the
    game and random walks from them. Without the empty-column escape (_dead called with the empty columns
    left out, as if a column emptied never took a card), 10 to 19 won positions in 800 of chameleon, rush,
    rainfall and casino are called dead."""
    count = 250 if RULESETS[name].decks == 1 else 60
    dead, decided = _check_dead_positions(name, count, 10, name + "-dead")
    assert decided >= least, (dead, decided)


def _verdicts(name, count, seed, limit=8_000):
    rules = RULESETS[name]
    fits = Solver(Game.new(None, name, 0), 10).fits
    rng = random.Random(seed)
    for _ in range(count):
        text = stuck_position(rules, rng, rng.randint(10, 16), fits)
        g = Game.from_position(text)
        expected = brute_force_won(g, limit=limit)
        if expected is None:
            continue
        yield text, expected, Solver(g, 100_000).run()


@pytest.mark.parametrize("name", ["chameleon", "rush", "rainfall", "casino", "acme", "storehouse", "american-toad",
                                  "variegated"])
def test_the_search_with_dead_cards_agrees_with_the_brute_force(name):
    """Stuck positions: the search (dead cards on, as by default) gives the brute force's verdict, lost ones
    included, and its lines win."""
    decided = lost = 0
    count = 80 if RULESETS[name].decks == 1 else 30
    for text, expected, res in _verdicts(name, count, name + "-dead-verdicts"):
        assert res.verdict != UNKNOWN, text
        assert res.verdict == (WON if expected else LOST), text
        if res.won:
            g = Game.from_position(text)
            for m in res.moves:
                g.play(m)
            assert g.won, text
        decided += 1
        lost += not expected
    assert decided >= count // 2 and lost >= (1 if RULESETS[name].decks == 1 else 0), (decided, lost)


def test_dead_cards_change_no_verdict_on_deals_and_cut_lost_proofs():
    """The first deals of several games: with and without the check the verdicts agree wherever both
    decide; Canfield Rush's CR1-D3-AAAAAAE is proved lost in 3,104 positions with it, 6,649 without."""
    both = 0
    for name in ["rush", "rainfall", "chameleon", "casino", "acme", "storehouse", "superior"]:
        rules = RULESETS[name]
        draw = rules.draws[0] if rules.draws else 3
        for number in range(5):
            game = Game.new(draw, name, number)
            a = Solver(game, 20_000).run()
            b = Solver(game, 20_000, dead=False).run()
            if UNKNOWN not in (a.verdict, b.verdict):
                assert a.verdict == b.verdict, game.code
                both += 1
    assert both >= 15, both
    game = Game.new(3, "rush", 4)
    with_check, without = Solver(game, 20_000).run(), Solver(game, 20_000, dead=False).run()
    assert (with_check.verdict, with_check.nodes) == (LOST, 3104)
    assert (without.verdict, without.nodes) == (LOST, 6649)


def test_a_search_that_meets_no_dead_position_stops_checking():
    """After DEAD_TRIAL checks without a dead position the check is off for the rest of the search (its
    cost only): Variegated's first deal meets none; Canfield Rush's CR1-D3-AAAAAAE meets them at once and
    keeps checking."""
    s = Solver(Game.new(3, "variegated", 0), 5 * DEAD_TRIAL)
    assert s.dead_check
    s.run()
    assert not s.dead_check and s.dead_found == 0
    s = Solver(Game.new(3, "rush", 4), 20_000)
    s.run()
    assert s.dead_check and s.dead_found > 1000
