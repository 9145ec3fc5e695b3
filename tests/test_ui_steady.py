"""A steady table through a game (static/worker/steady.py) under CPython: long games played position after
position at a phone's and a desktop's sizes change the cards' size or the arrangement a few times at most,
never back within 20 moves, the foundations in the same row all game; every position still fits and keeps
its cards readable (tests/test_ui_layout.py's check)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))

from canfield import Game  # noqa: E402
from canfield.solver import solve  # noqa: E402
from worker.layout import Counts, compute, counts_for  # noqa: E402
from worker.steady import GROW_AFTER, Steady  # noqa: E402
from worker.view import column_lengths  # noqa: E402
from test_ui_layout import check  # noqa: E402

# (width, height, coarse): a phone in portrait and in landscape (touch), a desktop; and a small phone
SIZES = [(390, 844, True), (844, 390, True), (1280, 800, False)]
PHONES = [(360, 640, True), (390, 844, True)]
MOST_CHANGES = 6
NOT_BACK_WITHIN = 20


def long_line(code: str, n: int = 400, seed: int = 1) -> list:
    """A long game: the legal move that makes the longest column longest, or one at random (columns
    built long and taken apart, back and forth)."""
    rnd = random.Random(seed)
    game = Game.from_code(code)
    line = []

    def longest_after(move):
        after = game.copy()
        after.play(move)
        return max(len(p) for p in after.tableau)

    for _ in range(n):
        moves = list(game.legal_moves())
        if not moves:
            break
        move = max(moves, key=longest_after) if rnd.random() < 0.6 else rnd.choice(moves)
        game.play(move)
        line.append(move)
    return line


def play(code: str, line, size):
    """[(move number, longest column, layout)] of each position of `line`, laid out steadily."""
    width, height, coarse = size
    game = Game.from_code(code)
    steady = Steady()
    out = []
    for i in range(len(line) + 1):
        cols = column_lengths(game)
        lay = steady.layout(game.code, len(game.history), width, height, cols, draw=game.draw, coarse=coarse,
                            counts=counts_for(game))
        check(lay, cols, game.draw, max((len(r) for r in game.reserves), default=0))
        out.append((i, max(cols), lay))
        if i < len(line):
            game.play(line[i])
    return out


def changes(positions):
    """[(move number, before, after)] for each change of the cards' width or the arrangement."""
    out = []
    for (_, _, a), (i, _, b) in zip(positions, positions[1:]):
        if (a.cw, a.arrangement) != (b.cw, b.arrangement):
            out.append((i, a, b))
    return out


def assert_steady(positions, what):
    found = changes(positions)
    assert len(found) <= MOST_CHANGES, (what, [(i, a.cw, b.cw, b.arrangement) for i, a, b in found])
    for (i, a, b), (j, c, d) in zip(found, found[1:]):
        # none undone within 20 moves: the next change within 20 moves goes the same way
        if j - i < NOT_BACK_WITHIN:
            assert (b.cw < a.cw) == (d.cw < c.cw), (what, i, a.cw, b.cw, j, d.cw)
    rows = {(lay.arrangement, lay.frows) for _, _, lay in positions}
    assert len(rows) == 1, (what, rows)          # the foundations keep their row all game


@pytest.fixture(scope="module")
def winning_line():
    game = Game.from_code("CF1-D3-AAAAACL")
    line = solve(game).moves
    assert len(line) >= 250
    return line


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_solver_s_winning_line_keeps_the_table_steady(winning_line, size):
    positions = play("CF1-D3-AAAAACL", winning_line, size)
    assert max(n for _, n, _ in positions) >= 36        # long columns, moved back and forth
    assert_steady(positions, size)
    # without it, the layout of each position on its own changed 11 to 25 times over the same line
    plain = [(i, n, compute(size[0], size[1], column_lengths_at(winning_line, i), coarse=size[2]))
             for i, n, _ in positions[150:250]]
    assert len(changes(plain)) > MOST_CHANGES


def column_lengths_at(line, i, code="CF1-D3-AAAAACL"):
    game = Game.from_code(code)
    for move in line[:i]:
        game.play(move)
    return column_lengths(game)


@pytest.mark.parametrize("code", ["TP1-D1-AAAAAAH", "DK1-D1-AAAAAAH", "QC1-D3-AAAAAAH", "GT1-D1-AAAAAAH"])
@pytest.mark.parametrize("size", SIZES + PHONES[:1], ids=lambda s: f"{s[0]}x{s[1]}")
def test_long_games_of_wide_tables_keep_the_table_steady(code, size):
    positions = play(code, long_line(code), size)
    assert_steady(positions, (code, size))




@settings(max_examples=80, deadline=None)
@given(size=st.sampled_from(SIZES + PHONES), start=st.lists(st.integers(1, 8), min_size=4, max_size=4),
       walk=st.lists(st.tuples(st.integers(0, 3), st.integers(-13, 13)), min_size=1, max_size=120))
def test_cards_shrink_only_while_columns_grow_and_grow_only_after_a_while(size, start, walk):
    """Any walk of the columns' lengths: every position fits; while the longest column grows the cards
    never grow; they grow only after GROW_AFTER moves with every column shorter than the last shrink."""
    width, height, coarse = size
    steady = Steady()
    cols = list(start)
    last, last_longest, since_shrink = None, 0, GROW_AFTER
    for moves, (col, delta) in enumerate(walk, 1):
        cols[col] = max(0, min(38, cols[col] + delta))   # the longest the winning line builds
        lay = steady.layout("CF1-D3-AAAAACL", moves, width, height, tuple(cols), coarse=coarse, counts=Counts())
        check(lay, cols)
        longest = max(cols)
        if last is not None:
            if lay.cw < last.cw:
                since_shrink = 0
            elif lay.cw > last.cw:
                assert longest <= last_longest, (cols, last.cw, lay.cw)
                assert since_shrink >= GROW_AFTER, (since_shrink, last.cw, lay.cw)
            else:
                since_shrink += 1
        last, last_longest = lay, longest


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_game_resumed_mid_way_is_laid_out_as_it_was_before_the_reload(winning_line, size):
    """A reload (or a window new to the game) starts a `Steady` afresh: `warm` follows the game's positions
    since the deal, so the resumed table is the one the player left, not one sized for its columns now."""
    width, height, coarse = size
    played = play("CF1-D3-AAAAACL", winning_line, size)
    differs = 0
    for k in range(20, len(winning_line), 10):
        game = Game.from_code("CF1-D3-AAAAACL")
        positions = []
        for move in winning_line[:k]:
            positions.append((column_lengths(game), counts_for(game)))
            game.play(move)
        args = dict(draw=game.draw, coarse=coarse)
        steady = Steady()
        assert steady.fresh(game.code, k, width, height, counts=counts_for(game), **args)
        steady.warm(game.code, positions, width, height, **args)
        assert not steady.fresh(game.code, k, width, height, counts=counts_for(game), **args)
        lay = steady.layout(game.code, k, width, height, column_lengths(game), counts=counts_for(game), **args)
        assert lay == played[k][2], (k, lay.cw, played[k][2].cw)
        alone = Steady().layout(game.code, k, width, height, column_lengths(game), counts=counts_for(game), **args)
        differs += (alone.cw, alone.arrangement) != (lay.cw, lay.arrangement)
    assert differs, "every position laid out alone as after the whole game: the test shows nothing"
