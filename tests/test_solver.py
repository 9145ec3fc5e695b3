"""The solver keeps honest: won lines replay, "lost" agrees with a brute force, renaming suits changes
nothing, budgets hold. A separate brute force (plain DFS over Game.legal_moves/play/undo with a
visited set, no pruning at all) is the reference for "lost"."""

import datetime
import random

import pytest

from canfield import Game
from canfield.cards import CARDS
from canfield.deal import shuffled_deck
from engine_helpers import brute_force_won as _brute_force_won
from canfield.solver import (
    LOST, UNKNOWN, WON, Solver, daily_code, daily_number, daily_start, find_winnable, hint, last_winnable, main,
    solve,
)


# The four games of before the family (Storehouse as SH1), held to these tests' figures; the family's
# games have theirs in test_family.py.
FOUR = ["canfield", "classic", "storehouse-sh1", "rainbow"]


def deal(number, draw=3, rules="canfield"):
    return Game(shuffled_deck(number), draw, rules, number)


def brute_force_won(game, limit=300_000):
    """The plain DFS, keyed on the four games' compact state (faster than the position text)."""
    return _brute_force_won(game, limit, key=lambda g: g.state()[:5])


def replays_to_win(game, moves):
    g = game.copy()
    for text in moves:
        g.play(text)
    return g.won


def renamed(game):
    """The same deal with hearts<->diamonds and spades<->clubs (colours kept), same draw and rules."""
    swap = {"H": "D", "D": "H", "S": "C", "C": "S"}
    cards = [c.code[0] + swap[c.code[1]] for c in game.deck]
    return Game.from_deck(cards, game.draw, game.rules)


# ---- won lines -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", FOUR)
@pytest.mark.parametrize("draw", [3, 1])
def test_won_lines_replay_to_a_won_game(rules, draw):
    won = 0
    for number in range(12):
        game = deal(number, draw, rules)
        res = solve(game, max_nodes=3000)
        assert res.nodes <= 3000
        # "unknown" only when the budget is spent; a decided search may end early
        assert (res.verdict == UNKNOWN) == (res.reason == "nodes")
        if res.verdict == WON:
            won += 1
            assert res.moves and all(isinstance(m, str) for m in res.moves)
            assert replays_to_win(game, res.moves)
        else:
            assert res.moves == []
    assert won >= 3, f"{rules} draw {draw}: only {won} of 12 deals won within 3000 nodes"


def test_solve_from_a_game_in_progress_and_game_unchanged():
    game = deal(2)
    first = solve(game, max_nodes=20_000)
    assert first.verdict == WON
    for text in first.moves[:25]:
        game.play(text)
    before = (game.state(), game.history)
    res = solve(game, max_nodes=20_000)
    assert (game.state(), game.history) == before
    assert res.verdict == WON
    assert replays_to_win(game, res.moves)
    assert hint(game, max_nodes=20_000) == res.moves[0]


def test_won_game_is_won_with_no_moves():
    suits = ["".join(r + s for r in "789TJQKA23456") for s in "HSDC"]
    game = Game.from_position(f"CF1-D3 7 HSDC {'/'.join(suits)} -/-/-/- - - - 4 255")
    assert game.won
    res = solve(game)
    assert res.verdict == WON and res.moves == [] and res.nodes == 0


# A late classic draw-3 position (no take-backs, a column top or the whole column moves): the waste's
# 8H and 9C lie under the waste top. Written as a position, not replayed from a solver line.
LATE_CLASSIC = ("CL1-D3 7 HSDC 7H/7S8S9STSJSQSKSAS2S3S4S5S6S/7D8D9DTDJDQDKDAD2D3D4D5D6D/7C8C "
                "KHQCJH/TC9H/KCQH/JC - 9C8HTH2H5H6H 3h4hah6c5c4c3c2cac 2 80")


def test_positions_written_as_text_agree_with_the_brute_force():
    game = Game.from_position(LATE_CLASSIC)
    expected = brute_force_won(game)
    assert expected is not None
    res = solve(game, max_nodes=50_000)
    assert res.verdict == (WON if expected else LOST)
    if res.won:
        assert replays_to_win(game, res.moves)


# ---- "lost" against the brute force ----------------------------------------------------------

LOST_DEALS = [
    ("canfield", 3, 4), ("canfield", 3, 126), ("canfield", 3, 134), ("canfield", 3, 102), ("canfield", 3, 96),
    ("classic", 3, 100), ("classic", 3, 109), ("classic", 3, 58),
    ("storehouse-sh1", 3, 17), ("storehouse-sh1", 3, 100), ("storehouse-sh1", 3, 54),
    ("rainbow", 3, 445),
]


@pytest.mark.parametrize("rules,draw,number", LOST_DEALS)
def test_lost_deals_agree_with_brute_force(rules, draw, number):
    game = deal(number, draw, rules)
    res = solve(game, max_nodes=50_000)
    assert res.verdict == LOST
    assert brute_force_won(game) is False


def late_positions(rules, draw, numbers, cards_left, walk, seed):
    """Positions near the end of won deals: play the solver's line until `cards_left` cards remain
    off the foundations, then `walk` random legal moves (take-backs included)."""
    rng = random.Random(seed)
    out = []
    for number in numbers:
        game = deal(number, draw, rules)
        res = solve(game, max_nodes=20_000)
        if res.verdict != WON:
            continue
        g = game.copy()
        for text in res.moves:
            if 52 - sum(len(f) for f in g.foundations) <= cards_left:
                break
            g.play(text)
        for _ in range(walk):
            legal = g.legal_moves()
            if not legal or g.won:
                break
            g.play(rng.choice(legal))
        out.append(g)
    return out


# how many late positions (of the first 10 deals) the brute force must finish, by rules and draw:
# a position it cannot finish is left out, but never so many that the test checks next to nothing
LATE_FLOOR = {("canfield", 3): 7, ("canfield", 1): 8, ("classic", 3): 3, ("classic", 1): 8,
              ("storehouse-sh1", 3): 7, ("storehouse-sh1", 1): 9, ("rainbow", 3): 7, ("rainbow", 1): 6}


@pytest.mark.parametrize("rules", FOUR)
@pytest.mark.parametrize("draw", [3, 1])
def test_late_positions_agree_with_brute_force(rules, draw):
    verdicts = []
    for g in late_positions(rules, draw, range(10), cards_left=8, walk=40, seed=draw * 100 + len(rules)):
        expected = brute_force_won(g, limit=8_000)
        if expected is None:
            continue
        res = solve(g, max_nodes=200_000)
        assert res.verdict == (WON if expected else LOST), g.position()
        if res.verdict == WON:
            assert replays_to_win(g, res.moves)
        verdicts.append(res.verdict)
    assert len(verdicts) >= LATE_FLOOR[rules, draw], f"only {len(verdicts)} positions small enough for the brute force"


def test_positions_after_lost_deals_agree_with_brute_force():
    """Positions reached by random walks from lost deals: lost for both searches, whatever the walk."""
    rng = random.Random(4)
    checked = 0
    for rules, draw, number in LOST_DEALS:
        for _ in range(3):
            g = deal(number, draw, rules)
            for _ in range(rng.randrange(1, 30)):
                legal = g.legal_moves()
                if not legal:
                    break
                g.play(rng.choice(legal))
            expected = brute_force_won(g, limit=60_000)
            if expected is None:
                continue
            assert expected is False
            assert solve(g, max_nodes=50_000).verdict == LOST, g.position()
            checked += 1
    assert checked >= 20


def test_safe_foundation_moves_change_no_verdict():
    """Rules without take-backs use safe foundation moves (Solver._auto): the search without them
    agrees on every deal both decide. Classic draw 1, deals 0-150: a draw-1 talon card sent up
    without its safety condition turns CL1-D1-AAAAAAW, -AAAAAEG and -AAAAAEY from won to lost."""
    compared = 0
    for number in range(151):
        game = deal(number, 1, "classic")
        a = Solver(game, 20_000).run()
        b = Solver(game, 20_000, auto=False).run()
        if UNKNOWN not in (a.verdict, b.verdict):
            assert a.verdict == b.verdict, game.code
            compared += 1
    assert compared >= 120


def test_safe_foundation_moves_change_no_verdict_draw_3():
    compared = lost = 0
    for number in list(range(12)) + [100, 102, 109, 124, 58]:
        game = deal(number, 3, "classic")
        a = Solver(game, 6000).run()
        b = Solver(game, 6000, auto=False).run()
        if UNKNOWN not in (a.verdict, b.verdict):
            assert a.verdict == b.verdict, game.code
            compared += 1
            lost += a.verdict == LOST
    assert compared >= 5 and lost >= 3


# ---- invariance and consistency ----------------------------------------------------------


@pytest.mark.parametrize("rules", FOUR)
def test_verdicts_unchanged_by_colour_preserving_suit_renaming(rules):
    compared = 0
    for number in range(8):
        game = deal(number, 3, rules)
        a = solve(game, max_nodes=8_000)
        b = solve(renamed(game), max_nodes=8_000)
        if a.verdict != UNKNOWN and b.verdict != UNKNOWN:
            assert a.verdict == b.verdict, game.code
            compared += 1
        if b.verdict == WON:
            assert replays_to_win(renamed(game), b.moves)
    assert compared >= {"classic": 4}.get(rules, 7)


def test_renaming_keeps_lost_deals_lost():
    for rules, draw, number in LOST_DEALS:
        game = renamed(deal(number, draw, rules))
        assert solve(game, max_nodes=50_000).verdict == LOST, (rules, number)


def test_never_lost_where_a_winning_line_is_known():
    checked = 0
    for rules in FOUR:
        for number in range(5):
            game = deal(number, 3, rules)
            res = solve(game, max_nodes=5_000)
            if res.verdict != WON:
                continue
            g = game.copy()
            for i, text in enumerate(res.moves):
                if i % 30 == 0:
                    assert solve(g, max_nodes=2_000).verdict != LOST, (game.code, i)
                    checked += 1
                g.play(text)
    assert checked >= 40


# ---- budgets, slices, cancellation -----------------------------------------------------------


@pytest.mark.parametrize("budget", [1, 10, 257, 1000])
def test_node_budget_is_respected(budget):
    game = deal(9)  # needs far more positions than these budgets
    res = solve(game, max_nodes=budget)
    assert res.verdict == UNKNOWN and res.reason == "nodes"
    assert res.nodes <= budget


def test_node_budget_gives_the_same_answer_every_time():
    game = deal(7)
    a = solve(game, max_nodes=5000)
    b = solve(game, max_nodes=5000)
    assert (a.verdict, a.nodes, a.moves) == (b.verdict, b.nodes, b.moves)


def test_slices_give_the_same_result_as_one_run():
    game = deal(23)  # won after several phases of the search (restarts)
    whole = solve(game, max_nodes=40_000)
    assert whole.verdict == WON and whole.nodes > 8000
    solver = Solver(game, max_nodes=40_000)
    res = None
    slices = 0
    while res is None:
        res = solver.step(777)
        slices += 1
    assert slices > 10
    assert (res.verdict, res.nodes, res.moves) == (whole.verdict, whole.nodes, whole.moves)


def test_cancel_and_should_stop():
    game = deal(9)
    solver = Solver(game, max_nodes=10**9)
    assert solver.step(50) is None
    solver.cancel()
    res = solver.step(50)
    assert res.verdict == UNKNOWN and res.reason == "cancelled"
    calls = []
    res = solve(game, max_nodes=10**9, should_stop=lambda: calls.append(1) or len(calls) > 3)
    assert res.verdict == UNKNOWN and res.reason == "cancelled"


def test_time_limit():
    res = solve(deal(9), max_nodes=10**9, max_seconds=0.2)
    assert res.verdict == UNKNOWN and res.reason == "seconds"
    assert res.seconds < 2


def test_last_winnable_goes_back_to_a_won_position():
    game = deal(2)
    line = solve(game, max_nodes=20_000).moves
    for text in line[:10]:
        game.play(text)
    before = game.history
    undos, res = last_winnable(game, max_nodes=20_000)
    assert undos == 0 and res.verdict == WON and game.history == before
    d = res.as_dict()
    assert d["verdict"] == "won" and d["moves"] == res.moves and isinstance(d["nodes"], int)
    # a won classic deal played at random into a lost position
    g = deal(5, 3, "classic")
    assert solve(g, max_nodes=5000).verdict == WON
    rng = random.Random(5)
    while solve(g, max_nodes=5000).verdict != LOST:
        g.play(rng.choice(g.legal_moves()))
    before = g.history
    undos, res = last_winnable(g, max_nodes=5000)
    assert g.history == before and undos >= 1 and res.verdict == WON
    back = g.copy()
    for _ in range(undos - 1):
        back.undo()
    assert solve(back, max_nodes=5000).verdict == LOST
    back.undo()
    assert replays_to_win(back, res.moves)
    assert last_winnable(deal(102), max_nodes=5000) is None  # lost from the deal on


# ---- winnable deals and the daily deal ------------------------------------------------------


def test_find_winnable_gives_a_won_deal_from_the_start_on():
    found = find_winnable(120, draw=3, rules="canfield", max_nodes=5000, tries=30)
    assert found is not None and found.number >= 120
    game = Game.from_code(found.code)
    assert game.number == found.number
    assert replays_to_win(game, found.result.moves)
    # every deal before it in the sequence was not proved won
    for number in range(120, found.number):
        assert solve(deal(number), max_nodes=5000).verdict != WON


def test_find_winnable_gives_none_when_tries_run_out():
    assert find_winnable(4, max_nodes=5, tries=2) is None


def test_daily_number_is_deterministic_and_winnable():
    day = datetime.date(2026, 11, 29)
    n = daily_number(day)
    assert n == daily_number("2026-11-29") == daily_number(datetime.datetime(2026, 11, 29, 23, 59, tzinfo=datetime.timezone.utc))
    assert daily_start(day) != daily_start(datetime.date(2026, 11, 30))
    assert solve(deal(n), max_nodes=100_000).verdict == WON
    assert daily_code(day).startswith("CF1-D3-")
    assert Game.from_code(daily_code(day)).number == n
    with pytest.raises(ValueError):
        daily_number("the 29th")


# ---- command line ---------------------------------------------------------------------------


def test_cli_prints_verdict_nodes_time_and_line(capsys):
    assert main(["CF1-D3-AAAAAAC", "--nodes", "20000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "verdict: won"
    assert out[2].startswith("nodes: ") and out[3].startswith("time: ")
    n = int(out[4].split(": ")[1])
    line = out[5:]
    assert len(line) == n
    assert replays_to_win(Game.from_code("CF1-D3-AAAAAAC"), line)


def test_cli_lost_and_unknown(capsys):
    assert main(["cf1-d3-aaaaaae"]) == 1
    assert "verdict: lost" in capsys.readouterr().out
    assert main(["CF1-D3-AAAAAAJ", "--nodes", "50"]) == 3
    assert "unknown" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["CF1-D3-NOPE"], ["XX1-D3-AAAAAAA"], ["CF1-D2-AAAAAAA"], ["CF1-D3-AAAAAAA", "--nodes", "0"],
                                  ["CF1-D3-" + "AS" * 52]])
def test_cli_bad_input_is_a_clear_error(args, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err


def test_cli_explicit_deck(capsys):
    game = deal(2)
    code = "CF1-D3-" + "".join(c.code for c in game.deck)
    assert main([code, "--nodes", "50000"]) == 0
    assert "verdict: won" in capsys.readouterr().out


def test_module_is_pure():
    import canfield.search as search
    import canfield.solver as mod
    import canfield.tasks as tasks

    for m in (mod, search, tasks):
        src = open(m.__file__, encoding="utf-8").read()
        for word in ("import js", "from js", "pyodide", "pyscript"):
            assert word not in src.replace("Pyodide", "")
    assert search.CARDS is CARDS  # the card table the solver reads is the engine's


def test_one_of_several_empty_columns_changes_nothing_but_the_work():
    """A card or tail put into one of several empty columns gives the same position under the visited key
    (it sorts the columns), so building it for the first empty column only changes no verdict, no line
    and no count of positions expanded: the search is the same, with fewer children built. (Without the
    restarts: their random tie-breaks draw one number a child, so fewer children reorder them.)"""
    from canfield.rules import get_rules

    compared = 0
    for name in ("canfield", "superior", "rainbow", "acme", "storehouse"):
        draw = (get_rules(name).draws or (3,))[0]
        for number in range(8):
            game = Game.new(draw, name, number)
            a = Solver(game, 6000, restarts=False).run()
            b = Solver(game, 6000, restarts=False, one_empty=False).run()
            assert (a.verdict, a.nodes, a.moves) == (b.verdict, b.nodes, b.moves), game.code
            compared += a.verdict != UNKNOWN
    assert compared >= 15


def _engine_imports():
    """Each canfield module -> the canfield modules it imports (at the top or inside a function)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "canfield"
    names = {p.stem for p in root.glob("*.py")}
    graph = {}
    for path in root.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("canfield."):
                deps.add(node.module.split(".")[1])
            elif isinstance(node, ast.Import):
                deps.update(a.name.split(".")[1] for a in node.names if a.name.startswith("canfield."))
        graph[path.stem] = deps & names - {path.stem}
    return graph


def test_the_engine_modules_import_in_one_direction():
    """No import circle among canfield's modules (the search, the tasks, the daily deal, the grades and the
    facade each import only what lies below them), counting imports made inside functions."""
    graph = _engine_imports()
    assert "solver" not in graph["insight"] | graph["daily"] | graph["tasks"] | graph["search"]
    state = {}

    def visit(name, path):
        state[name] = "open"
        for dep in sorted(graph[name]):
            assert state.get(dep) != "open", " -> ".join(path + [dep])
            if dep not in state:
                visit(dep, path + [dep])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
