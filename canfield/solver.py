"""A solver for every rule set and draw of the engine: proves a position won or lost, or says unknown.

Pure Python, no dependencies, no browser imports: the same file runs under CPython and in Pyodide.

    >>> from canfield import Game
    >>> from canfield.solver import solve
    >>> game = Game.from_code("CF1-D3-AAAAACL")
    >>> result = solve(game, max_nodes=200_000)
    >>> result.verdict
    'won'

API
---
``solve(game, max_nodes=DEFAULT_NODES, max_seconds=None) -> SolveResult``
    Searches from the game's CURRENT position (the game itself is not changed).
    ``result.verdict`` is ``"won"``, ``"lost"`` or ``"unknown"``;
    ``result.moves`` is, when won, the winning line as move texts that ``game.play`` accepts, one
    after another from the current position (a draw and a recycle both written ``"S"``, the player's short
    form: the line is read against the positions it passes), else ``[]``;
    ``result.nodes`` the positions expanded; ``result.seconds`` the time taken;
    ``result.reason`` for ``"unknown"``: ``"nodes"``, ``"seconds"`` or ``"cancelled"``.
    ``"lost"`` means no won position can be reached by any sequence of legal moves: the search
    visited every position reachable from here (only sound reductions, see below).
    A node budget gives the same verdict on every machine; ``max_seconds`` is for interactive use.

``Solver(game, max_nodes=..., max_seconds=None, should_stop=None)``: the same search in slices, for a
    worker or a loop between frames: ``solver.step(nodes=2000)`` searches at most that many more
    positions and returns the ``SolveResult`` when decided (or the budget is spent), else ``None``;
    ``solver.cancel()`` stops it (the result is then ``"unknown"``, reason ``"cancelled"``);
    ``should_stop`` (a function of no argument) is polled every few hundred positions by ``run()``.

``hint(game, max_nodes=...)``: the first move of a winning line (text), or None.

``last_winnable(game, max_nodes=..., max_undos=None)``: ``(undos, result)``, the fewest undos after
    which the position is proved won (0: the current one), or None. ``result.as_dict()`` is plain
    data for a worker message.

``find_winnable(start_number, draw=3, rules="canfield", max_nodes=..., tries=...)``: the first deal
    number from ``start_number`` on (``start_number``, ``start_number + 1``, ... wrapping past the
    largest number) that the solver proves won within ``max_nodes``: returns a ``Winnable``
    (``.number``, ``.code``, ``.result``, ``.tried``) or None when ``tries`` deals were not enough.
    Node budgets only: the answer is the same on every machine.

``daily_number(date=None, draw=3, rules="canfield")``, ``daily_code``, ``DailySearch``: the deal of the
    day (canfield/daily.py, re-exported here): from the shipped catalogue at once, never a search (a
    game with no entry gets a start number drawn from the date, not proved winnable).

The same searches in slices, for a worker or a loop between frames (``Task``): ``LastWinnable``,
    ``WinnableSearch``, ``DailySearch`` and ``HintSearch`` (the page's hint: the position solved,
    then, when lost, the search back). ``task.step(nodes)`` searches about that many more positions
    and returns True when finished, the answer then in ``task.result``; ``task.cancel()``;
    ``task.run()`` runs to the end, polling ``should_stop``. The one-shot functions above are these
    tasks run to the end: the same answers either way, and the worker holds no copy of the logic.

Command line: ``python -m canfield.solver CF1-D3-AAAAACL [--nodes N] [--seconds S]`` prints the
verdict, the node count, the time and the winning line, one move per line. Exit codes: 0 won,
1 lost, 3 unknown, 2 bad input.
The modules: canfield/search.py (the search), canfield/generic_search.py (the search of issue 34's
games, ``rules.extended``, which ``Solver`` and ``BeamSolver`` hand them to), canfield/outcome.py (the
verdicts and ``SolveResult``), canfield/tasks.py (the tasks), canfield/daily.py (the daily deal),
canfield/insight.py (grades, par, the analysis), canfield/sure.py (the safe-move rule). This module
gathers their public names (each module imports only those below it: outcome, generic_search, search,
then tasks, then daily and insight, then this one) and holds the command line.
"""

import sys

from . import insight as _insight
from .daily import (  # noqa: F401 (re-exported)
    DAILY_NODES, DailySearch, _date_ordinal, daily_code, daily_entry, daily_number, daily_start, utc_today,
)
from .game import Game
from .search import (  # noqa: F401 (re-exported)
    CARDS, DEFAULT_NODES, LOST, UNKNOWN, WINNABLE_NODES, WON, SolveResult, Solver, SolverBug, _tail_depths, hint,
    solve,
)
from .sure import sure_move  # noqa: F401 (re-exported: the page's "move sure cards" setting asks it)
from .tasks import (  # noqa: F401 (re-exported)
    HintSearch, LastWinnable, Task, Winnable, WinnableSearch, find_winnable, last_winnable,
)


def grade(game, max_nodes=None):
    """``(grade, par)`` of `game`'s current position: canfield.insight.grade, by default with its
    ``GRADE_NODES``."""
    return _insight.grade(game, _insight.GRADE_NODES if max_nodes is None else max_nodes)


# ---- command line ------------------------------------------------------------------------


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m canfield.solver",
        description="Prove a Canfield deal won or lost and print the winning line, one move per line.",
    )
    parser.add_argument("code", help="a deal code, such as CF1-D3-AAAAACL, or an explicit deal (CF1-D3- and 104 characters)")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="the most positions to search (default 1000000)")
    parser.add_argument("--seconds", type=float, default=None, help="a time limit in seconds (default none)")
    args = parser.parse_args(argv)
    if args.nodes < 1:
        print("error: --nodes must be at least 1", file=sys.stderr)
        return 2
    if args.seconds is not None and not args.seconds > 0:
        print("error: --seconds must be more than 0", file=sys.stderr)
        return 2
    try:
        game = Game.from_code(args.code)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    res = solve(game, max_nodes=args.nodes, max_seconds=args.seconds)
    print(f"deal: {game.code}")
    verdict = res.verdict + (f" ({res.reason} limit reached)" if res.reason else "")
    print(f"verdict: {verdict}")
    print(f"nodes: {res.nodes}")
    print(f"time: {res.seconds:.3f} s")
    if res.verdict == WON:
        print(f"moves: {len(res.moves)}")
        for m in res.moves:
            print(m)
    return {WON: 0, LOST: 1}.get(res.verdict, 3)


if __name__ == "__main__":
    sys.exit(main())
