"""The "move sure cards to the foundations" rule (canfield.solver.sure_move, issue 20 item 5): on small
random positions of every one-deck game, a sure move never turns a position a plain brute force wins
into one it loses, and the rule does fire often enough for that to mean something."""

from __future__ import annotations

import random

import pytest
from engine_helpers import brute_force_won as _brute
from test_family import brute_force_won, small_position

from canfield import RULESETS, Game
from canfield.sure import sure_move

NAMES = [n for n, r in RULESETS.items() if r.decks == 1 and not r.extended]


@pytest.mark.parametrize("name", [n for n, r in RULESETS.items() if r.extended])
def test_no_sure_move_is_offered_in_a_game_of_the_new_parameters(name):
    # no safe-move rule is proved for several reserves, face-down cards or the other foundations yet
    g = Game.new(rules=name, number=3, draw=1)
    for _ in range(60):
        assert sure_move(g) is None
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[0])


@pytest.mark.parametrize("name", NAMES)
def test_a_sure_move_never_loses_a_won_position(name):
    rules = RULESETS[name]
    rng = random.Random("sure " + name)
    checked = 0
    for _ in range(150):
        g = Game.from_position(small_position(rules, rng, left=rng.randint(8, 16)))
        move = sure_move(g)
        if move is None:
            continue
        assert g.is_legal(move) and move.dst.startswith("F") and move.count == 1
        before = brute_force_won(g, limit=6_000)
        if not before:
            continue
        after = g.copy()
        after.play(move)
        won = brute_force_won(after, limit=6_000)
        assert won is not False, (g.position(), str(move))
        checked += won is True
    assert checked >= 15, checked


def test_no_sure_move_in_a_fresh_deal_before_its_cards_are_free():
    # a card whose hosts are all still in play is never sure: the deal's base-rank cards host the kings
    g = Game.from_code("CF1-D1-AAAAACL")
    move = sure_move(g)
    assert move is None or g.pile(move.src)[-1].rank != g.base_rank


def _needed_host():
    """Classic (no take-backs): the 5 of hearts could go up, but the 4 of clubs on the reserve, over the 2 of
    clubs, has no other host (the 5 of diamonds is up for good), and no column can empty for a refill (the 6
    of clubs under the 5 of hearts waits for the 7 of hearts, at the reserve's bottom)."""
    suit = lambda s, n: [f"{r}{s}" for r in "A23456789TJQK"[:n]]  # noqa: E731
    tableau = [["3C"], ["6C", "5H"], ["KH", "QC", "JH", "TC", "9H", "8C"],
               ["KC", "QH", "JC", "TH", "9C", "8H", "7C", "6H"]]
    return Game.from_piles(stock=["5C"], reserve=["7H", "2C", "4C"], tableau=tableau,
                           foundations=[suit("S", 13), suit("D", 13), suit("H", 4), suit("C", 1)],
                           draw=1, rules="classic")


def _unlimited_key(g):
    """With unlimited passes the pass number changes nothing: leave it out, or the search never ends."""
    return g.position().rsplit(" ", 2)[0]


def test_a_card_the_game_still_needs_as_a_host_stays_down():
    g = _needed_host()
    assert _brute(g, key=_unlimited_key) is True
    lost = g.copy()
    lost.play("T2-F3")
    assert _brute(lost, key=_unlimited_key) is False  # the brute force: 5H is needed on the table
    assert sure_move(g) is None
    g.play("R-T2")  # the 4 of clubs on it: now the 2 and then the 3 of clubs are sure
    assert str(sure_move(g)) == "R-F4"
