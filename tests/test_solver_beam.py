"""The beam search (canfield.search.BeamSolver) and the grade's second search where a rule set has one
(canfield.insight.GRADE_BEAMS): it proves wins only, each line replays to a win, it never says "lost",
and it is a pure function of the position (slices, renamed suits)."""

import random

import pytest

from canfield import Game
from canfield import insight
from canfield.insight import GRADE_BEAMS, GRADE_NODES, grade, rate, renamed
from canfield.rules import RULESETS
from canfield.search import LOST, UNKNOWN, WON, BeamSolver
from engine_helpers import brute_force_won
from test_family import small_position


def replays_to_win(text, moves):
    g = Game.from_position(text)
    for m in moves:
        g.play(m)
    return g.won


@pytest.mark.parametrize("name", ["chameleon", "casino", "rainfall", "rush", "canfield", "variegated"])
def test_the_beams_wins_are_wins_and_it_never_says_lost(name):
    """Small positions (10-18 cards off the foundations) against the brute force: every win the beam
    finds is a position the brute force wins, and its line wins when played with Game.play; a lost
    position is never "won" and nothing is ever "lost". (The beam prunes no proof: its key only says
    which children it has met, and a coarser key would drop positions, never make a false win, since
    each line is the one of the position expanded and is replayed with Game.play before it is given.)"""
    rules = RULESETS[name]
    rng = random.Random(name + "-beam")
    won = found = lost = 0
    count = 60 if rules.decks == 1 else 25
    for _ in range(count):
        text = small_position(rules, rng, left=rng.randint(10, 18))
        g = Game.from_position(text)
        expected = brute_force_won(g, limit=8_000)
        if expected is None:
            continue
        res = BeamSolver(g, width=40, max_nodes=20_000).run()
        assert res.verdict in (WON, UNKNOWN), text
        if res.verdict == WON:
            assert expected, text
            assert replays_to_win(text, res.moves), text
            found += 1
        won += bool(expected)
        lost += not expected
    # the beam is useful: it finds most of the wins there are in positions this small
    assert won >= 10 and found >= won // 2, (won, found, lost)


def test_the_beam_in_slices_is_the_beam_in_one_go():
    game = Game.new(1, "chameleon", 9)
    whole = BeamSolver(game, 300, 5_000).run()
    sliced = BeamSolver(game, 300, 5_000)
    while (res := sliced.step(37)) is None:
        pass
    assert (res.verdict, res.nodes, res.moves) == (whole.verdict, whole.nodes, whole.moves)
    assert res.nodes <= 5_000


def test_a_beam_that_runs_out_says_unknown():
    res = BeamSolver(Game.new(1, "chameleon", 9), 2_000, 500).run()
    assert (res.verdict, res.nodes, res.reason) == (UNKNOWN, 500, "nodes")
    assert res.verdict != LOST


def test_chameleon_grades_with_the_beam_and_the_others_without():
    """Chameleon deal 9: unknown to the depth-first search within GRADE_NODES, won by the beam; the grade
    is "expert" and counts both searches' positions. The rule sets without a beam are graded as before."""
    assert set(GRADE_BEAMS) == {RULESETS["chameleon"]}
    game = Game.new(1, "chameleon", 9)
    r = rate(game)
    assert r.verdict == WON and r.grade == "expert" and r.nodes > GRADE_NODES
    assert replays_to_win(insight.canonical(game).position(), r.moves)
    assert r.par == len(r.moves)
    # without the beam the same deal is not proved within the budget
    saved = dict(GRADE_BEAMS)
    try:
        GRADE_BEAMS.clear()
        assert rate(game).verdict == UNKNOWN
    finally:
        GRADE_BEAMS.update(saved)


def test_a_beam_grade_is_the_same_under_every_suit_renaming():
    game = Game.new(1, "chameleon", 9)
    want = grade(game)
    assert want[0] == "expert"
    text = game.position()
    for table in insight._RENAMINGS:
        assert grade(Game.from_position(renamed(text, table))) == want, table


def test_a_search_for_an_easier_grade_skips_the_beam():
    """The beam's wins are all "expert": a graded search for another grade does not run it (it could only
    spend time), and finds the same deal as with it; for "expert" it runs."""
    easy = insight.GradedSearch("hard", 9, 1, "chameleon", tries=1)
    assert easy.run() is None and easy.nodes <= GRADE_NODES
    expert = insight.GradedSearch("expert", 9, 1, "chameleon", tries=1)
    number, _code, r = expert.run()
    assert number == 9 and r.grade == "expert" and expert.nodes > GRADE_NODES
