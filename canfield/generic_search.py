"""The solver's generic search: proves a position won or lost, or says unknown, for ANY rule set the engine
plays, through the engine's public ``Game`` object only (``GenericSolver``, ``GenericBeamSolver``).

canfield/search.py's ``Solver`` is a compact position specialised to the first sixteen games (one reserve as
a count, columns as bytes, talon tricks, safe-move reductions). The games of issue 34 (several reserves,
face-down column cards, a base the player chooses, foundations down / by rank / four of a kind / in order,
column capacity, whole-column moves, fills from several piles) are searched here instead:
``Solver(game, ...)`` returns a ``GenericSolver`` when ``game.rules.extended`` is True (see
``Solver.__new__``), with the same constructor arguments, ``step(nodes)``, ``run()``, ``cancel()``,
``nodes``, ``result`` and ``SolveResult``.

Pure Python, no dependencies, no browser imports: the same file runs under CPython and in Pyodide.

How it searches
---------------
A depth-first search of the position graph over one copy of the game, moving with the engine's unchecked
fast path: ``legal_moves()``, ``apply(move)`` and ``unapply()`` (which undoes the last applied move exactly:
automatic fills, face turns, the base). A set of visited positions, keyed by ``_key`` (every pile with its
faces, the base, the pass; not the score): a plain reachability search, so when the stack empties every
position reachable from the start has been visited and none is won: "lost" is exact, whatever the cycles
(take-backs, column shuffles). A won position ends the search with the path to it, written as move texts
and replayed with the checked ``Game.play`` on a copy of the position: it must win (``SolverBug`` if not),
so "won" is sure. "unknown": the node budget, ``max_seconds`` or ``should_stop``/``cancel`` ran out first.
A node is a position expanded (its legal moves listed); node budgets give the same answer on every
machine (no clock in any choice; the clock only stops the search).

Sound reductions (each has a test that fails when its guard is removed: tests/test_generic_search.py):

- the key leaves the pass through the stock out when nothing that follows depends on it: unlimited passes
  and the same cards drawn at every pass from this one on (``_steady_pass``: Canfield Rush's 3, 2, 1 keeps
  passes 1, 2 and "3 or later" apart). With limited passes the pass is in the key;
- the key sorts the columns (each with its cards and faces) when the rule set names no column apart from
  the others (``_columns_alike``: every rule of the engine reads a column's cards, never its name), so a
  position and its column permutations are one; the talon, reserves and foundations stay in place
  (reserves and foundations can differ: R1 on a tie, F1 opening first, up and down foundations).

No move is pruned: every legal move of a position is tried (or its child is visited already). The children
are tried in an order (``_order``) that only changes how soon a win is found, never a verdict: foundation
moves first, then reserve tops played, then moves that empty a column or turn a face-down card up, waste
top to a column, draws and recycles, other column moves, take-backs last; ties keep the engine's order.

Restarts (a portfolio), as ``Solver``'s: the main search is interleaved with fresh searches whose ties are
broken by a seeded random order (random.Random(run): the same on every machine); main 1000 positions,
run 1 1000, main 2000 more, run 2 2000, ... up to run 7, then the main search alone to the end of the
budget. Each run is a complete reachability search of its own, so any run that empties its stack proves
"lost"; a run that runs out is dropped. The slices, the restarts' schedule and the budgets are
canfield/sliced.py's, shared with ``Solver``: ``GenericSolver`` is a ``PortfolioSearch`` that writes a run's
start (``_fresh_run``) and its walk (``_walk``), ``GenericBeamSolver`` a ``SlicedSearch``.
"""

from .outcome import DEFAULT_NODES, LOST, UNKNOWN, WON, SolveResult, SolverBug
from .sliced import PortfolioSearch, SlicedSearch

# the order of a move by its kind (smaller first); see the module docstring
_FOUNDATION, _RESERVE, _OPENS, _WASTE, _STOCK, _COLUMN, _BACK = range(7)


def _steady_pass(rules):
    """The first pass from which every pass draws the same cards: with unlimited passes the key holds
    min(pass, this) (None: the draw never changes, the pass is left out); with limited passes None too
    (the key then holds the pass itself, see ``_Keyer``)."""
    draws = rules.draws
    if rules.passes is not None or draws is None:
        return None
    t = len(draws)
    while t > 1 and draws[t - 2] == draws[-1]:
        t -= 1
    return t if t > 1 else None


def _columns_alike(rules):
    """True when no rule tells one column from another: a position's columns may then be sorted in its
    key. Every parameter of today's rule sets reads a column's cards and faces, never its name; the
    question is kept here so that a rule set naming a column apart (none yet) turns the sort off."""
    return not getattr(rules, "column_names_matter", False)


def _engine_key_layout(game):
    """True when ``game.key()`` exists and reads as (stock, waste, reserves, foundations, columns, face-down
    cards, base, recycles), the columns as ``state()`` gives them and the face-down cards a set of the card
    numbers the columns hold: the key is then taken apart (its columns sorted, its pass dropped where
    sound). Checked on the game itself, so that another layout only turns the fast key off."""
    key = getattr(game, "key", None)
    if key is None:
        return False
    try:
        k = key()
        st = game.state()
        if not (isinstance(k, tuple) and len(k) == 8 and k[4] == st[4] and k[7] == game.pass_number - 1
                and k[:2] == st[:2] and isinstance(k[5], frozenset)):
            return False
        down = {c for col, faces in zip(st[4], game.tableau_faces) for c, up in zip(col, faces) if not up}
        return down <= k[5]
    except Exception:  # an engine without the key of this layout: the public key
        return False


class _Keyer:
    """The visited key of a game's position (``key(game)``), see the module docstring; ``columns(game)``:
    the columns as card numbers, with the set of face-down cards (or None when every card is face up)."""

    def __init__(self, game, sort_columns=True, engine_key=True):
        rules = game.rules
        self.sort = sort_columns and _columns_alike(rules)
        self.limited = rules.passes is not None
        self.steady = _steady_pass(rules)
        self.fast = engine_key and _engine_key_layout(game)
        self.faces = getattr(rules, "extended", False)
        if self.fast and not self.sort and self.limited:
            self.key = _whole_key
        else:
            self.key = self._fast_key if self.fast else self._public_key

    def _pass(self, recycles):
        if self.limited:
            return recycles
        if self.steady is not None:
            return min(recycles, self.steady - 1)
        return None

    def _fast_key(self, g):
        k = g.key()
        cols = k[4]
        if self.sort:
            cols = tuple(sorted(cols))
        return k[:4] + (cols, k[5], k[6], self._pass(k[7]))

    def _public_key(self, g):
        state = g.state()
        cols = tuple(zip(state[4], g.tableau_faces))
        if self.sort:
            cols = tuple(sorted(cols))
        return (state[0], state[1], tuple(tuple(c.index for c in r) for r in g.reserves), g.reserve_faces,
                state[3], cols, g.base_rank, self._pass(g.pass_number - 1))

    def columns(self, g):
        if self.fast:
            k = g.key()
            return k[4], (k[5] or None)
        cols = g.state()[4]
        if not self.faces:
            return cols, None
        down = {c for col, faces in zip(cols, g.tableau_faces) for c, up in zip(col, faces) if not up}
        return cols, (down or None)


def _whole_key(g):
    return g.key()


class GenericSolver(PortfolioSearch):
    """A resumable search from `game`'s current position (see the module docstring); the interface of
    canfield.search.Solver, and its shell (canfield/sliced.py). `sort_columns` False: the key keeps the
    columns in place (a test's switch)."""

    def __init__(self, game, max_nodes=DEFAULT_NODES, max_seconds=None, should_stop=None, auto=True,
                 order="reserve", restarts=True, first_run=1000, max_runs=8, clock=None, one_empty=True,
                 dominance=True, sort_columns=True, engine_key=True):
        super().__init__(max_nodes, max_seconds, should_stop, clock, order, restarts and order is not None,
                         first_run, max_runs)
        self.game = game.copy()
        self.rules = game.rules
        self._keyer = _Keyer(game, sort_columns, engine_key)
        if self.game.won:
            self.result = SolveResult(WON, [], 0, 0.0)
            return
        self._new_run()

    # ---- the order of the children ------------------------------------------------------

    def _children(self, g, rnd):
        """The legal moves of `g`'s position in the order they are tried."""
        moves = g.legal_moves()
        if self.order is None or len(moves) < 2:
            return moves
        cols, down = self._keyer.columns(g)
        index = self._col_index
        keyed = []
        for i, m in enumerate(moves):
            s, d, k = m
            if d[0] == "F":
                kind = _FOUNDATION
            elif s == "S" or d == "S":
                kind = _STOCK
            elif s[0] == "R":
                kind = _RESERVE
            elif s == "W":
                kind = _WASTE
            elif s[0] == "F":
                kind = _BACK
            else:
                kind = _COLUMN
            if s[0] == "T" and kind != _FOUNDATION:
                col = cols[index[s]]
                n = len(col)
                # the column emptied, or a face-down card left on top (it turns up)
                if k >= n or down is not None and col[n - k - 1] in down:
                    kind = _OPENS
            keyed.append((kind + (rnd() if rnd is not None else 0), i, m))
        keyed.sort()
        return [e[2] for e in keyed]

    # ---- the search ----------------------------------------------------------------------

    def _fresh_run(self):
        """A run's state at its start: [game copy, stack of frames [moves or None, next index], path, visited]."""
        g = self.game.copy()
        self._col_index = {name: i for i, name in enumerate(g.columns)}
        return [g, [[None, 0]], [], {self._keyer.key(g)}]

    def _walk(self, limit, deadline):
        """The current run's search up to `limit` nodes (see canfield/sliced.py's PortfolioSearch)."""
        key = self._keyer.key
        children = self._children
        nodes = self.nodes
        g, stack, path, visited = self.current
        apply, unapply = g.apply, g.unapply
        rnd = self.run_rnd
        while stack:
            frame = stack[-1]
            moves = frame[0]
            if moves is None:
                if nodes >= limit:
                    break
                if deadline is not None and not nodes & 63 and self.clock() > deadline:
                    self.nodes = nodes
                    return self._finish(UNKNOWN, reason="seconds")
                nodes += 1
                moves = frame[0] = children(g, rnd)
            i = frame[1]
            end = len(moves)
            while i < end:
                mv = moves[i]
                i += 1
                apply(mv)
                k = key(g)
                if k not in visited:
                    break
                unapply()
            else:
                stack.pop()
                if path:
                    unapply()
                    path.pop()
                continue
            frame[1] = i
            visited.add(k)
            path.append(mv)
            if g.won:
                self.nodes = nodes
                return self._finish(WON, self._write_line(path))
            stack.append([None, 0])
        self.nodes = nodes
        return None if stack else self._finish(LOST)

    def _write_line(self, path):
        """The path as move texts, replayed with Game.play on a copy of the position: it must win."""
        texts = [str(m) for m in path]
        return _checked(self.game, texts)


def _checked(game, texts):
    g = game.copy()
    for t in texts:
        g.play(t)
    if not g.won:
        raise SolverBug(f"{game.code}: the line {' '.join(texts)} does not win")
    return texts


def _found(g):
    return sum(map(len, g.state()[3]))


class GenericBeamSolver(SlicedSearch):
    """canfield.search.BeamSolver for any rule set: a beam search that proves wins only (level by level,
    the children not met before ordered by most foundation cards, then the engine's order; the first
    `width` kept). Deterministic; "unknown" when the beam dies out or `max_nodes` positions are expanded."""

    def __init__(self, game, width=2000, max_nodes=200_000):
        super().__init__(max_nodes)
        self.game = game.copy()
        self.width = width
        self.result = SolveResult(WON, [], 0, 0.0) if game.won else None
        self._keyer = _Keyer(game)
        self._seen = {self._keyer.key(self.game)}
        self._level = [()]  # each kept position as its line (moves from the start)
        self._i = 0
        self._next = []

    def _search(self, slice_nodes):
        key, seen = self._keyer.key, self._seen
        end = min(self.max_nodes, self.nodes + slice_nodes)
        while True:
            level = self._level
            while self._i < len(level):
                if self.nodes >= end:
                    return self._finish(UNKNOWN, reason="nodes") if self.nodes >= self.max_nodes else None
                line = level[self._i]
                self._i += 1
                self.nodes += 1
                g = self.game.copy()
                for m in line:
                    g.apply(m)
                for m in g.legal_moves():
                    g.apply(m)
                    k = key(g)
                    if k not in seen:
                        seen.add(k)
                        if g.won:
                            return self._finish(WON, _checked(self.game, [str(x) for x in line + (m,)]))
                        self._next.append((-_found(g), len(self._next), line + (m,)))
                    g.unapply()
            if not self._next:
                return self._finish(UNKNOWN, reason="exhausted")
            self._next.sort()
            self._level = [e[2] for e in self._next[:self.width]]
            self._i = 0
            self._next = []
