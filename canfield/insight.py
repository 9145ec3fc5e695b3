"""What the solver can tell a player about a deal: its difficulty and par, the move that lost a game,
and the most cards a lost position can still send to the foundations.

Pure Python on the engine's public API (``Game`` and ``canfield.solver``'s public functions); every
search is bounded by a node budget, never by time, so each answer is the same on every machine.

``grade(game, max_nodes=GRADE_NODES) -> (grade, par)``
    ``grade`` one of ``GRADES`` ("easy", "medium", "hard", "expert"), or None when the position is not
    proved winnable within the budget; ``par`` the number of moves (draws and recycles included, as
    the page counts them) of the shortest winning line found, or None. ``rate`` gives the details
    (a ``Rating``: the nodes, the line).

``LostMoveSearch(game, ...)`` (a ``canfield.solver.Task``: ``step``/``run``/``cancel``) and
``lost_move(game, ...)``: where the game's history lost the deal. Its ``result`` is an ``Analysis``:
``kind`` one of ``LOST_AT`` (``index``: the move, 0-based in ``game.history``, after which the deal
could no longer be won; ``undos``: the undos that go back to the position just before it), ``LOST_FROM_START``,
``STILL_WINNABLE`` (the current position is proved won), ``WON`` (the game is won), ``NOT_PROVED``
(a proof ran out of budget: no guess). Never a guess: ``LOST_AT`` means the position before the move
was proved won and the one after it proved lost.

``best_possible(game, max_nodes=BEST_NODES) -> Best``: the most foundation cards reachable from the
position (``cards``), a line of moves reaching them (``moves``), and ``exact`` (True when every
reachable position was visited; else ``cards`` is a lower bound). ``BestSearch`` is the same in slices
(defined in canfield/tasks.py, where the page's hint also uses it for a move it cannot prove).
"""

from .deal import MAX_NUMBER, shuffled_deck
from .errors import InvalidPosition
from .game import Game
from .rules import CHAMELEON, check_draw, get_rules
from .search import LOST, WON, BeamSolver, Solver
from .tasks import BEST_NODES, Best, BestSearch, Task

GRADES = ("easy", "medium", "hard", "expert")
# The node budget of a grade: a proof within it is a winnable deal (about 0.2 s of CPython on a
# typical deal; the grade thresholds below all lie inside it).
GRADE_NODES = 30_000
# Solver nodes needed for the win, upper bounds of easy, medium and hard; above: expert.
GRADE_LIMITS = (150, 450, 1_500)
LOST_NODES = 20_000       # each position of a game, for the lost move
# A second search, per rule set, after the depth-first search of GRADE_NODES leaves a deal unknown: a beam
# search (canfield.search.BeamSolver) of this width and this many positions expanded, which proves wins
# only. Only where it was measured to find wins the depth-first search misses (docs/benchmarks.md,
# "Chameleon, Casino and Variegated"): Chameleon, whose one-pass deals the depth-first search did not win
# in 800 tries. A grade stays a pure function of the position (no clock, no randomness), and the other
# rule sets' grades are as before. A win it finds is "expert", its nodes GRADE_NODES + the beam's.
GRADE_BEAMS = {CHAMELEON: (2_000, 200_000)}

LOST_AT, LOST_FROM_START, STILL_WINNABLE, WON_GAME, NOT_PROVED = (
    "lost_at", "lost_from_start", "still_winnable", "won", "not_proved")

_BLACK, _RED = "SC", "HD"
# Suit renamings that keep every rule (colours stay colours, suits stay suits): swap the two blacks,
# the two reds, and the colours.
_RENAMINGS = []
for _swap_colours in (False, True):
    for _b in (_BLACK, _BLACK[::-1]):
        for _r in (_RED, _RED[::-1]):
            src = _BLACK + _RED
            dst = (_r + _b) if _swap_colours else (_b + _r)
            _RENAMINGS.append(str.maketrans(src + src.lower(), dst + dst.lower()))


def renamed(text, table):
    """A position text (``Game.position``) with its suits renamed by `table` (a str.translate table):
    only the suits field and the piles; rank letters (A T J Q K) never clash with suit letters."""
    fields = text.split()
    for i in range(2, 8):
        fields[i] = fields[i].translate(table)
    return " ".join(fields)


def canonical(game):
    """The game at the same position up to a renaming of the suits, the same for every renaming: so a
    grade does not depend on which suit is which."""
    text = game.position()
    texts = sorted({renamed(text, t) for t in _RENAMINGS})
    for t in texts:
        try:
            return Game.from_position(t)
        except InvalidPosition:
            # a game whose foundations have their suits in a fixed order (Lafayette's S H D C up, then
            # down) takes only the renamings that keep it: the least of those (the identity always does)
            if t == text:
                raise


def _key(game):
    # the position without the score (which does not change what can still be played); with a limit on
    # the passes, the pass too: the same piles in another pass may draw otherwise (rush's 3, 2, 1) or have
    # no recycle left, so a line of one pass does not replay from the other
    # (a game of issue 34's holds its other reserves, face-down cards and base after the score: kept)
    state = game.state()
    if game.rules.passes is None:
        return state[:5] + state[6:]
    return state[:5] + state[6:] + (game.pass_number,)


def shorten(game, moves):
    """A winning line no longer than `moves` (texts that ``game.play`` accepts, from game's position):
    loops cut, and any position of the line that one move takes further along it jumps there. Repeated
    until nothing changes. Returns move texts."""
    g = game.copy()
    keys = [_key(g)]
    line = []
    for m in moves:
        line.append(g.play(m))
        keys.append(_key(g))
    while True:
        last = {k: i for i, k in enumerate(keys)}
        g = game.copy()
        i = last[keys[0]]
        new_keys, new_line = [keys[0]], []
        end = len(keys) - 1
        while i < end:
            best, best_move = last[keys[i + 1]], line[i]
            for mv in g.legal_moves():
                g.apply(mv)
                j = last.get(_key(g), -1)
                g.unapply()
                if j > best:
                    best, best_move = j, mv
            g.apply(best_move)
            new_line.append(best_move)
            new_keys.append(keys[best])
            i = best
        if len(new_line) >= len(line):
            break
        line, keys = new_line, new_keys
    check = game.copy()
    texts = [str(check.play(str(m))) for m in line]
    if not check.won:  # not expected: each step is a legal move onto the line
        raise AssertionError(f"{game.position()}: the shortened line does not win")
    return texts


class Rating:
    """A grade's details: ``grade``, ``par``, ``nodes`` (the solver's, for the proof), ``verdict``
    ("won", "lost" or "unknown"), ``moves`` (the par line, texts, from the canonical position: the
    same moves up to the suit renaming)."""

    __slots__ = ("grade", "par", "nodes", "verdict", "moves")

    def __init__(self, grade, par, nodes, verdict, moves):
        self.grade, self.par, self.nodes, self.verdict, self.moves = grade, par, nodes, verdict, moves

    def as_dict(self):
        return {"grade": self.grade, "par": self.par, "nodes": self.nodes, "verdict": self.verdict}

    def __repr__(self):
        return f"<Rating {self.grade} par={self.par} nodes={self.nodes}>"


def grade_for_nodes(nodes):
    """The grade of a win the solver proved with `nodes` positions searched."""
    for name, limit in zip(GRADES, GRADE_LIMITS):
        if nodes <= limit:
            return name
    return GRADES[-1]


class GradeSearch(Task):
    """``rate`` in slices (``result``: a Rating)."""

    def __init__(self, game, max_nodes=GRADE_NODES, should_stop=None, beam=True):
        super().__init__(should_stop, None)
        self.game = canonical(game)
        self.max_nodes = max_nodes
        # beam=False: the depth-first search alone (a search for an easier grade than the beam's "expert")
        self.beam = GRADE_BEAMS.get(self.game.rules) if beam else None

    def _work(self):
        res = yield from self._solve(Solver(self.game, self.max_nodes))
        nodes = res.nodes
        if res.reason == "nodes" and self.beam is not None:
            # the depth-first search ran out of positions: the rule set's beam search may still find a win
            beam = yield from self._solve(BeamSolver(self.game, *self.beam))
            nodes += beam.nodes
            if beam.verdict == WON:
                res = beam
        if res.verdict != WON:
            return Rating(None, None, nodes, res.verdict, [])
        line = shorten(self.game, res.moves)
        return Rating(grade_for_nodes(nodes), len(line), nodes, WON, line)


def rate(game, max_nodes=GRADE_NODES):
    """The grade's details (a Rating) for `game`'s current position."""
    return GradeSearch(game, max_nodes).run()


def grade(game, max_nodes=GRADE_NODES):
    """``(grade, par)`` for `game`'s current position: see the module docstring."""
    r = rate(game, max_nodes)
    return r.grade, r.par


class GradedSearch(Task):
    """A deal of a chosen grade, in slices: the first deal number from `start_number` on (wrapping) whose
    grade is `wanted`; ``result`` ``(number, code, Rating)`` or None after `tries` deals (``tried``)."""

    def __init__(self, wanted, start_number, draw=3, rules="canfield", tries=60, max_nodes=GRADE_NODES,
                 should_stop=None):
        super().__init__(should_stop, None)
        if wanted not in GRADES:
            raise ValueError(f"a grade is one of {', '.join(GRADES)}, not {wanted!r:.20}")
        self.wanted = wanted
        self.start_number = int(start_number) % (MAX_NUMBER + 1)
        self.rules = get_rules(rules)
        self.draw = check_draw(self.rules, draw, strict=False)
        self.tries = tries
        self.max_nodes = max_nodes
        self.tried = 0

    def _work(self):
        for i in range(self.tries):
            number = (self.start_number + i) % (MAX_NUMBER + 1)
            game = Game(shuffled_deck(number, self.rules.decks), self.draw, self.rules, number)
            self.tried = i + 1
            # (the beam's wins are all "expert": for another grade it could only spend time)
            r = yield from self._sub(GradeSearch(game, self.max_nodes, beam=self.wanted == GRADES[-1]))
            if r.grade == self.wanted:
                return number, game.code, r
        return None


def find_graded(wanted, start_number, draw=3, rules="canfield", tries=60, max_nodes=GRADE_NODES):
    """``GradedSearch`` run to its end: ``(number, code, Rating)`` or None."""
    return GradedSearch(wanted, start_number, draw, rules, tries, max_nodes).run()


# ---- where the game was lost -------------------------------------------------------------------


class Analysis:
    """The lost move: see the module docstring. ``checked`` positions were solved, ``total`` is the
    game's positions (moves + 1); ``best`` the ``Best`` of the first lost position, when asked for."""

    __slots__ = ("kind", "index", "move", "undos", "checked", "total", "nodes", "best")

    def __init__(self, kind, index=None, move=None, undos=None, checked=0, total=0, nodes=0, best=None):
        self.kind, self.index, self.move, self.undos = kind, index, move, undos
        self.checked, self.total, self.nodes, self.best = checked, total, nodes, best

    def as_dict(self):
        out = {"kind": self.kind, "index": self.index, "move": self.move, "undos": self.undos,
               "checked": self.checked, "total": self.total, "nodes": self.nodes}
        if self.best is not None:
            out["best"] = self.best.as_dict()
        return out

    def __repr__(self):
        return f"<Analysis {self.kind} index={self.index} move={self.move}>"


class LostMoveSearch(Task):
    """Where `game`'s history lost the deal, in slices. Solves the game's positions from the last one
    back (``checked`` of ``total`` so far: the progress), each with `max_nodes`: the first position
    proved won ends it. Winnable positions come first in any game (what a lost position reaches is
    lost), so the move after that position is the one that lost the deal. With `best_nodes`, the
    result also holds the best the first lost position allows (``BestSearch``)."""

    def __init__(self, game, max_nodes=LOST_NODES, best_nodes=None, should_stop=None):
        super().__init__(should_stop, None)
        self.game = game.copy()
        self.max_nodes = max_nodes
        self.best_nodes = best_nodes
        self.history = [str(m) for m in game.history]
        self.total = len(self.history) + 1
        self.checked = 0

    def _best(self, g):
        if self.best_nodes is None:
            return None
        return (yield from self._sub(BestSearch(g, self.best_nodes)))

    def _work(self):
        g = self.game
        n = len(self.history)
        if g.won:
            return Analysis(WON_GAME, checked=0, total=self.total)
        verdicts = {}
        lost_game = None
        for i in range(n, -1, -1):
            key = _key(g)
            verdict = verdicts.get(key)
            if verdict is None:
                res = yield from self._solve(Solver(g, self.max_nodes))
                verdict = verdicts[key] = res.verdict
            self.checked += 1
            if verdict == WON:
                if i == n:
                    return Analysis(STILL_WINNABLE, checked=self.checked, total=self.total, nodes=self.nodes)
                best = yield from self._best(lost_game)
                return Analysis(LOST_AT, i, self.history[i], n - i, self.checked, self.total, self.nodes, best)
            if verdict != LOST:
                return Analysis(NOT_PROVED, i, checked=self.checked, total=self.total, nodes=self.nodes)
            lost_game = g.copy()
            if i:
                g.undo()
        best = yield from self._best(lost_game)
        return Analysis(LOST_FROM_START, checked=self.checked, total=self.total, nodes=self.nodes, best=best)


def lost_move(game, max_nodes=LOST_NODES, best_nodes=None):
    """The Analysis of `game`'s history (see ``LostMoveSearch``); the game is not changed."""
    return LostMoveSearch(game, max_nodes, best_nodes).run()


# ---- the best a lost position allows ------------------------------------------------------------


def best_possible(game, max_nodes=BEST_NODES):
    """The Best of `game`'s current position; see the module docstring. The game is not changed."""
    return BestSearch(game, max_nodes).run()


__all__ = ["GRADES", "GRADE_NODES", "GRADE_BEAMS", "GRADE_LIMITS", "LOST_NODES", "BEST_NODES", "LOST_AT", "LOST_FROM_START",
           "STILL_WINNABLE", "WON_GAME", "NOT_PROVED", "Rating", "Analysis", "Best", "GradeSearch",
           "LostMoveSearch", "GradedSearch", "find_graded", "BestSearch", "grade", "rate", "lost_move", "best_possible", "canonical",
           "shorten", "grade_for_nodes"]
