"""canfield.insight: grades and par (stable, blind to suit names), the lost move and the best a lost
position allows, each checked against a brute force on small positions."""

import os
import random
import subprocess
import sys
from collections import deque

import pytest

from canfield import Game
from canfield import insight
from canfield.insight import (
    GRADES, LOST_AT, LOST_FROM_START, NOT_PROVED, STILL_WINNABLE, WON_GAME, best_possible, canonical, find_graded,
    grade, lost_move, rate, renamed, shorten,
)
from canfield.solver import solve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEALS = [7919, 23757, 39595, 95028, 150461, 63352]


# ---- brute force: every reachable position, by breadth, with the checked `play` -------------------


def reachable(game, limit=100_000):
    """Every position reachable from `game`'s: {key: foundation cards}. Fails past `limit`."""
    def key(g):
        return g.state()[:5]

    seen = {key(game): game}
    todo = deque([game])
    while todo:
        g = todo.popleft()
        for mv in g.legal_moves():
            h = g.copy()
            h.play(mv)
            k = key(h)
            if k not in seen:
                seen[k] = h
                todo.append(h)
                assert len(seen) < limit, "the brute force is for small positions"
    return {k: sum(len(f) for f in g.foundations) for k, g in seen.items()}


def brute_won(game):
    return max(reachable(game).values()) == game.rules.cards


def brute_best(game):
    return max(reachable(game).values())


def small_position(rng, left, prefix="CL1", last_pass=False):
    """A position (of Classic Canfield by default: no take-backs from the foundations, so the positions
    reachable stay few enough for the brute force) with `left` cards off the foundations (the rest of each suit in order on its
    foundation), the cards left shuffled over the four columns (one each), the reserve, the waste and
    the stock."""
    base = rng.randint(1, 13)
    suits = rng.sample("SHDC", 4)
    heights = [13] * 4
    while sum(heights) > 52 - left:
        i = rng.randrange(4)
        if heights[i]:
            heights[i] -= 1
    ranks = "A23456789TJQK"
    found, rest = [], []
    for s, h in zip(suits, heights):
        cards = [ranks[(base - 1 + n) % 13] + s for n in range(13)]
        found.append("".join(cards[:h]) or "-")
        rest += cards[h:]
    rng.shuffle(rest)
    cols = [rest.pop() if rest else "-" for _ in range(4)]
    reserve = [] if "-" in cols else [rest.pop() for _ in range(rng.randint(0, len(rest)))]
    waste = [rest.pop() for _ in range(rng.randint(0, len(rest)))]
    res = "".join(c.lower() if i < len(reserve) - 1 else c for i, c in enumerate(reserve)) or "-"
    draw = 1 if last_pass else rng.choice((1, 3))
    passes = "3" if last_pass else "1"  # Rainfall's last pass: every draw is for good
    return " ".join((f"{prefix}-D{draw}", ranks[base - 1], "".join(suits), "/".join(found), "/".join(cols), res,
                     "".join(waste) or "-", "".join(rest).lower() or "-", passes, "0"))


def small_positions(seed, count, left, want=None, prefix="CL1", last_pass=False):
    """`count` small positions (Games); with `want` ("won"/"lost"), only those the brute force says so."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = Game.from_position(small_position(rng, left, prefix, last_pass))
        # the solver only picks the candidates (lost ones are rare); the brute force decides
        if want is None or (solve(g, 50_000).verdict == want and brute_won(g) == (want == "won")):
            out.append(g)
    return out


# ---- grade and par -----------------------------------------------------------------------------


def test_grade_is_one_of_the_four_with_a_par_or_none_for_a_lost_deal():
    seen = set()
    for n in DEALS:
        g = Game.new(draw=3, number=n)
        name, par = grade(g)
        verdict = solve(canonical(g), insight.GRADE_NODES).verdict
        if verdict == "won":
            assert name in GRADES and isinstance(par, int) and par > 0
            seen.add(name)
        else:
            assert (name, par) == (None, None)
    assert len(seen) >= 3  # the sample spans the grades


def test_the_par_line_wins_and_is_never_longer_than_the_solver_line():
    for n in DEALS[:4]:
        g = canonical(Game.new(draw=3, number=n))
        r = rate(g)
        assert r.par == len(r.moves)
        h = g.copy()
        for m in r.moves:
            h.play(m)
        assert h.won
        assert r.par <= len(solve(g, insight.GRADE_NODES).moves)


def test_shorten_cuts_a_loop_out_of_a_line():
    g = canonical(Game.new(draw=3, number=7919))
    line = solve(g, insight.GRADE_NODES).moves
    # a full turn of the stock and back inserted at the start is a loop: shortening removes it
    h = g.copy()
    detour = []
    while True:
        mv = h.play("S")
        detour.append(str(mv))
        if h.state()[:5] == g.state()[:5]:
            break
    short = shorten(g, line)
    assert len(shorten(g, detour + line)) <= len(short)
    assert len(short) <= len(line)


def test_grade_is_the_same_under_every_suit_renaming():
    for n in DEALS[:5]:
        g = Game.new(draw=3, number=n)
        want = grade(g)
        text = g.position()
        for table in insight._RENAMINGS:
            assert grade(Game.from_position(renamed(text, table))) == want, (n, table)


def test_grade_is_the_same_in_another_process_with_another_hash_seed():
    code = ("from canfield import Game; from canfield.solver import grade; "
            f"print([grade(Game.new(draw=3, number=n)) for n in {DEALS!r}])")
    outs = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        outs.add(subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                                check=True).stdout)
    here = str([grade(Game.new(draw=3, number=n)) for n in DEALS]) + "\n"
    assert outs == {here}


def test_solver_grade_is_the_insight_grade():
    from canfield.solver import grade as solver_grade

    g = Game.new(draw=3, number=39595)
    assert solver_grade(g) == grade(g)
    assert solver_grade(g, max_nodes=10) == (None, None)  # a budget too small proves nothing


def test_find_graded_gives_a_deal_of_each_grade():
    for name in GRADES:
        number, code, r = find_graded(name, 1000)
        assert r.grade == name
        assert grade(Game.from_code(code)) == (name, r.par)


def test_find_graded_refuses_an_unknown_grade():
    with pytest.raises(ValueError, match="grade"):
        find_graded("trivial", 1)


# ---- the lost move -------------------------------------------------------------------------------


def _losing_fixture(seed):
    """A small winnable position (Rainfall in its last pass through the stock: a card drawn past is
    gone), a winning line's first moves, then one move the brute force proves losing, then a few more
    moves: (game with that history, index of the losing move). The solver only proposes the candidates."""
    rng = random.Random(seed)
    while True:
        start = Game.from_position(small_position(rng, 12, "RF1", last_pass=True))
        res = solve(start, 50_000)
        if res.verdict != "won":
            continue
        line = res.moves
        k = rng.randrange(len(line))
        g = start.copy()
        for m in line[:k]:
            g.play(m)
        for mv in g.legal_moves():
            h = g.copy()
            h.play(mv)
            if solve(h, 50_000).verdict == "lost" and not brute_won(h):
                assert brute_won(g)
                for _ in range(4):
                    moves = h.legal_moves()
                    if not moves:
                        break
                    h.play(rng.choice(moves))
                return h, k


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_lost_move_finds_the_move_the_brute_force_proves_losing(seed):
    game, k = _losing_fixture(seed)
    # the brute force agrees: winnable before move k, lost after it
    before = game.copy()
    while len(before.history) > k:
        before.undo()
    assert brute_won(before)
    a = lost_move(game)
    assert a.kind == LOST_AT
    assert a.index == k
    assert a.move == str(game.history[k])
    assert a.undos == len(game.history) - k
    back = game.copy()
    for _ in range(a.undos):
        back.undo()
    assert back.state() == before.state()


def test_lost_from_the_start():
    for g in small_positions(5, 3, 7, want="lost"):
        rng = random.Random(1)
        for _ in range(3):
            moves = g.legal_moves()
            if moves:
                g.play(rng.choice(moves))
        assert lost_move(g).kind == LOST_FROM_START


def test_a_winnable_position_and_a_won_game():
    g = small_positions(6, 1, 7, want="won")[0]
    assert lost_move(g).kind == STILL_WINNABLE
    for m in solve(g).moves:
        g.play(m)
    assert lost_move(g).kind == WON_GAME


def test_a_budget_too_small_says_not_proved():
    g = Game.new(draw=3, number=71271)  # the solver needs more than a few nodes for this deal
    for _ in range(3):
        g.play("S")
    a = lost_move(g, max_nodes=5)
    assert a.kind == NOT_PROVED
    assert a.index is None or a.index >= 0


# ---- the best a lost position allows --------------------------------------------------------------


@pytest.mark.parametrize("seed", [11, 12])
def test_best_possible_matches_the_brute_force(seed):
    for g in small_positions(seed, 4, 8, want="lost"):
        b = best_possible(g)
        assert b.exact
        assert b.cards == brute_best(g)
        h = g.copy()
        for m in b.moves:
            h.play(m)
        assert sum(len(f) for f in h.foundations) == b.cards


def test_best_possible_within_a_small_budget_is_a_lower_bound_said_as_such():
    g = next(g for g in small_positions(13, 6, 10, want="lost") if len(reachable(g)) > 8)
    full = brute_best(g)
    b = best_possible(g, max_nodes=3)
    assert not b.exact
    assert b.start <= b.cards <= full


def test_the_analysis_carries_the_best_of_the_first_lost_position():
    g = small_positions(5, 1, 7, want="lost")[0]
    a = lost_move(g, best_nodes=100_000)
    assert a.kind == LOST_FROM_START
    assert a.best.exact and a.best.cards == brute_best(g)


def test_the_par_line_replays_where_the_same_piles_come_back_in_another_pass():
    """Rush draws 3, 2 then 1 card a pass: a line that reached the same piles in two passes must not be
    cut between them (the pass is part of a position there). CR1-D3-AAAABGK's line did, and the
    shortened line played an illegal move."""
    game = Game.from_code("CR1-D3-AAAABGK")
    r = rate(game)
    assert r.verdict == "won" and r.par == len(r.moves)
    check = canonical(game)
    for m in r.moves:
        check.play(m)
    assert check.won
