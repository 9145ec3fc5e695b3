"""The hint always answers (issue 32, item 2): when the solver proves no winning line, HintSearch still
gives a move whenever one is legal (its ``fallback``, a ``Guess``), chosen by its documented rule: the
first move of the line that sends up the most cards (canfield.tasks.BestSearch), else the stock move,
else the first legal move. Legal, the same for the same budgets whatever the slices, bounded in nodes and
in time, and proved after all when its line wins."""

import json
import random

import pytest

from canfield import Game
from canfield.insight import best_possible
from canfield.save import to_save
from canfield.solver import LOST, UNKNOWN, WON, HintSearch, solve
from canfield.tasks import FIRST, MOST_CARDS, STOCK, Best, BestSearch, Guess

from test_solver_tasks import _call, _import_worker, lost_classic_position, stepped

RANKS = "A23456789TJQK"

# Weak deals at the start, one of each kind the page offers: pass-limited (American Toad: two decks
# too; rush), several decks (Variegated), a face-up reserve (superior, American Toad).
WEAK = ["AT1-D1-AAAAAFD", "VC1-D3-AAAAAFD", "CR1-D3-AAAAAAB", "SU1-D1-AAAAAAA", "CH1-D1-AAAAAAC"]


def suit(s, n):
    return [RANKS[i] + s for i in range(n)]


def texts(game):
    return {str(m) for m in game.legal_moves()}


def hint(game, max_nodes=2000, best_nodes=3000, **kw):
    task = HintSearch(game, max_nodes=max_nodes, back_nodes=2000, best_nodes=best_nodes, **kw)
    task.run()
    return task


def positions(code, count, seed):
    """`count` positions of the deal `code` (its start, then a few random moves further each)."""
    rng = random.Random(seed)
    g = Game.from_code(code)
    out = [g.copy()]
    while len(out) < count:
        for _ in range(rng.randint(2, 6)):
            legal = g.legal_moves()
            if not legal:
                return out
            g.play(rng.choice(legal))
        out.append(g.copy())
    return out


def cards(game):
    return sum(len(f) for f in game.foundations)


@pytest.mark.parametrize("code", WEAK)
def test_an_undecided_position_still_gets_a_legal_move(code):
    for g in positions(code, 3, seed=len(code)):
        task = hint(g)
        assert task.result.verdict in (WON, LOST, UNKNOWN)
        assert g.legal_moves(), "these deals have moves left"
        assert task.move is not None and task.move in texts(g), (g.position(), task.move)
        if task.proved:
            line = g.copy()
            for m in task.line:
                line.play(m)
            assert line.won and task.line[0] == task.move
            continue
        fb = task.fallback
        assert fb is not None and fb.move == task.move and fb.rule in (MOST_CARDS, STOCK, FIRST)
        assert task.verdict == task.result.verdict and task.verdict != WON
        if fb.rule == MOST_CARDS:   # its line is legal and sends up what it says
            end = g.copy()
            for m in fb.line:
                end.play(m)
            assert fb.line[0] == fb.move and cards(end) == fb.cards > fb.start == cards(g)


def test_american_toad_and_variegated_at_the_deal_answer_with_a_move():
    """American Toad AT1-D1-AAAAAFD and Variegated VC1-D3-AAAAAFD at the deal: the page's budgets (a
    solver's search the page's size in nodes) end with a move, never "no hint"."""
    for code in ("AT1-D1-AAAAAFD", "VC1-D3-AAAAAFD"):
        g = Game.from_code(code)
        task = hint(g, max_nodes=20_000, best_nodes=10_000)
        assert task.move in texts(g), code
    # American Toad: the best search's line sends up all 104 cards: proved after all, though the
    # solver alone did not decide it within its budget
    g = Game.from_code("AT1-D1-AAAAAFD")
    task = hint(g, max_nodes=2000, best_nodes=10_000)
    assert task.result.verdict == UNKNOWN and task.fallback.won and task.proved and task.verdict == WON
    end = g.copy()
    for m in task.line:
        end.play(m)
    assert end.won and task.move == task.line[0]


def test_the_fallback_is_the_same_whatever_the_slices():
    g = Game.from_code("VC1-D3-AAAAAFD")
    whole = hint(g)
    for size in (97, 1000):
        task = HintSearch(g, max_nodes=2000, back_nodes=2000, best_nodes=3000)
        stepped(task, size)
        assert task.fallback.as_dict() == whole.fallback.as_dict()
        assert (task.move, task.verdict, task.nodes) == (whole.move, whole.verdict, whole.nodes)
    # and it is what the rule says: the first move of the best search's line, with that budget
    best = BestSearch(g, 3000).run()
    assert whole.fallback.rule == MOST_CARDS and whole.fallback.line == best.moves and whole.move == best.moves[0]


def test_a_lost_position_keeps_its_way_back_and_shows_the_move_for_the_most_cards():
    g = lost_classic_position()
    task = HintSearch(g, max_nodes=5000, back_nodes=5000)   # the default fallback budget
    task.run()
    assert task.result.verdict == LOST and task.verdict == LOST and not task.proved
    assert task.undos is not None and task.undos >= 1       # the offer back stays
    assert task.move in texts(g)
    fb = task.fallback
    best = best_possible(g)
    if fb.exact:
        assert fb.cards == best.cards                        # the most the position allows
    if fb.rule == MOST_CARDS:
        assert fb.move == fb.line[0]


def test_the_rule_when_no_line_sends_up_a_card():
    """Parts 2 and 3 of the rule: the stock move when it is legal, else the first legal move."""
    g = Game.from_code("CF1-D3-AAAAACL")
    nothing = Best(cards(g), [], False, 1, cards(g))
    guess = Guess.of(g, nothing)
    assert (guess.move, guess.rule, guess.line, guess.won) == ("S", STOCK, [], False)
    # no stock left to turn: the first legal move in the engine's order
    g = Game.from_piles(foundations=[suit("S", 8), suit("H", 13), suit("D", 13), suit("C", 13)], base_rank=1,
                        rules="classic", tableau=[["KS"], ["QS"], ["JS"], ["TS"]], reserve=["9S"])
    guess = Guess.of(g, Best(cards(g), [], False, 1, cards(g)))
    assert (guess.move, guess.rule) == (str(g.legal_moves()[0]), FIRST)


def test_no_move_no_fallback():
    g = Game.from_piles(foundations=[suit("S", 8), suit("H", 13), suit("D", 13), suit("C", 8)], base_rank=1,
                        rules="classic", tableau=[["JS"], ["QS"], ["KS"], ["TC"]],
                        reserve=["9S", "9C", "JC", "QC", "KC", "TS"])
    assert g.legal_moves() == []
    task = hint(g)
    assert task.result.verdict == LOST and task.fallback is None and task.move is None and task.line == []
    assert Guess.of(g, Best(cards(g), [], True, 1, cards(g))) is None


def test_the_fallback_search_is_bounded_in_nodes_and_in_time():
    g = Game.from_code("VC1-D3-AAAAAFD")
    task = HintSearch(g, max_nodes=1000, back_nodes=0, best_nodes=500)
    task.run()
    assert task.nodes <= 1000 + 500 and task.fallback.nodes <= 500 and not task.fallback.exact
    slow = BestSearch(g, 10**9, max_seconds=0.05)
    slow.run()
    assert slow.timed_out and not slow.result.exact and slow.seconds < 1.0
    # no fallback asked for: the solver's verdict alone, as before
    assert HintSearch(g, max_nodes=1000, best_nodes=0).run() is not None
    bare = HintSearch(g, max_nodes=1000, best_nodes=0)
    bare.run()
    assert bare.fallback is None and bare.move is None


def test_a_won_position_keeps_the_solvers_line():
    g = Game.from_code("CF1-D3-AAAAACL")
    task = hint(g, max_nodes=20_000)
    want = solve(g, max_nodes=20_000)
    assert task.result.verdict == WON and task.fallback is None
    assert task.line == want.moves and task.move == want.moves[0] and task.proved


def test_best_search_tells_the_passes_apart_where_they_are_limited():
    """Rush (three passes): the same piles with fewer recycles left are another position; the most cards
    found stays a true count (its line replays)."""
    g = Game.from_code("CR1-D3-AAAAAAB")
    b = BestSearch(g, 5000).run()
    end = g.copy()
    for m in b.moves:
        end.play(m)
    assert cards(end) == b.cards


# ---- the worker's answers -----------------------------------------------------------------------


def test_the_worker_hint_and_line_carry_the_move():
    w = _import_worker()
    g = Game.from_code("VC1-D3-AAAAAFD")
    res = _call(w.hint, id=21, save=to_save(g), max_nodes=2000, max_seconds=60, best_nodes=3000, best_seconds=60)
    assert res["verdict"] == UNKNOWN and res["proved"] is False and res["rule"] == MOST_CARDS
    assert res["move"] == hint(g).move and res["move"] in texts(g)
    assert res["cards"] > cards(g)
    line = _call(w.line, id=22, save=to_save(g), max_nodes=2000, max_seconds=60, best_nodes=3000, best_seconds=60)
    assert (line["verdict"], line["moves"], line["move"], line["proved"]) == (UNKNOWN, [], res["move"], False)
    # the fallback's line wins: a proved hint, and "Show me how" plays that line
    at = Game.from_code("AT1-D1-AAAAAFD")
    res = _call(w.hint, id=23, save=to_save(at), max_nodes=2000, max_seconds=60, best_nodes=10_000, best_seconds=60)
    assert (res["verdict"], res["proved"], res["rule"]) == (WON, True, None)
    line = _call(w.line, id=24, save=to_save(at), max_nodes=2000, max_seconds=60, best_nodes=10_000, best_seconds=60)
    end = at.copy()
    for m in line["moves"]:
        end.play(m)
    assert line["verdict"] == WON and end.won and line["moves"][0] == res["move"]
    # a lost position: the offer back and a move
    lost = lost_classic_position()
    res = _call(w.hint, id=25, save=to_save(lost), max_nodes=5000, max_seconds=60, back_nodes=5000, back_seconds=60)
    assert res["verdict"] == LOST and res["undos"] and res["move"] in texts(lost) and res["proved"] is False
    json.dumps(res)


def test_following_the_unproved_hints_never_goes_round_in_a_circle():
    """Canfield CF1-D3-AAAAAAJ from the deal, each move the hint's (not proved): the first version traded a
    card between two columns for ever from the 6th move on; a hint by the rule's first part never leads
    back to a position of the game, and cards go up."""
    from canfield.tasks import earlier_positions, position_key

    g = Game.from_code("CF1-D3-AAAAAAJ")
    for _ in range(14):
        task = HintSearch(g, max_nodes=500, back_nodes=0, best_nodes=6000)
        task.run()
        assert not task.proved
        g.play(task.move)
        if task.fallback.rule == MOST_CARDS:
            assert position_key(g) not in earlier_positions(g), [str(m) for m in g.history]
    assert cards(g) > 1
