"""'No more moves' (static/worker/stuck.py): asked of the engine only, checked against the solver."""

from __future__ import annotations

import sys
from pathlib import Path

from canfield import Game
from canfield.solver import solve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static"))
from worker.stuck import no_more_moves

BLOCKED = "CF1-D3-AAAAAFO"   # deal 144: blocked from the deal


def test_a_blocked_deal_is_blocked_through_the_whole_stock_cycle():
    game = Game.from_code(BLOCKED)
    assert no_more_moves(game)
    for _ in range(30):          # drawing and recycling never changes that
        game.play("S")
        assert no_more_moves(game)
    assert not game.won


def test_a_deal_with_moves_is_not_blocked():
    game = Game.from_code("CF1-D3-AAAAACL")
    assert not no_more_moves(game)


def test_the_game_is_not_changed():
    game = Game.from_code(BLOCKED)
    before = (game.state(), game.history)
    no_more_moves(game)
    assert (game.state(), game.history) == before


def test_a_won_game_is_not_blocked():
    game = Game.from_code("CF1-D3-AAAAACL")
    for move in solve(game).moves:
        game.play(move)
    assert game.won and not no_more_moves(game)


def test_blocked_positions_are_lost_and_winnable_ones_are_never_blocked():
    blocked = 0
    for number in range(1, 400):
        for draw in (1, 3):
            game = Game.new(draw=draw, number=number)
            if no_more_moves(game):
                blocked += 1
                assert solve(game, max_nodes=20_000).lost, game.code
    assert blocked >= 2   # deal 144 and 215 in draw 3 at least
