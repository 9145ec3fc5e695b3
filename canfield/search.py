"""The solver's search: proves a position won or lost, or says unknown, for every rule set and draw of
the engine (``Solver``, ``solve``, ``hint``, ``SolveResult``). The tasks that run it in slices are in
canfield/tasks.py, the daily deal in canfield/daily.py, the grades in canfield/insight.py;
canfield/solver.py gathers them all for the player of the API and holds the command line.

Pure Python, no dependencies, no browser imports: the same file runs under CPython and in Pyodide.

How it searches
---------------
A depth-first search over positions with a set of visited positions: a plain reachability search of
the (finite) position graph, so "lost" is exact whatever the cycles (foundation take-backs, column
shuffles): every visited position either was fully explored or is on the current path, whose
successors the search still covers. The internal position is compact: four columns as bytes, the
reserve as a count, foundation counts per suit, and the stock and waste as ONE sequence (the talon,
waste bottom .. waste top, then the stock in drawing order) with the waste size. Sound reductions:

- talon moves are "k+" moves: one move plays any talon card that repeated draws/recycles reach,
  straight to its destination (the draws are put back when the line is written out);
- the waste size is canonical: every waste size in the recycling cycle (a multiple of the draw, or
  the whole talon) is one position, since each reaches the others by drawing;
- the visited key leaves out the foundations (they are what the other piles miss) and sorts the
  columns (columns are interchangeable under every rule);
- moving a whole column onto an empty column is skipped (the same position under that key);
- safe foundation moves, for rules without take-backs: see ``Solver._auto``.

The rule set's parameters (columns, build and wrap, what moves, how empty columns fill, take-backs) are
read as the engine reads them. With a limit on the passes through the stock the position also holds its
stock state exactly, p = waste size + 256 x recycles so far; the talon moves are then "draw (and recycle,
while passes are left) up to that card, then play it": a card of this pass or of a later one, the move
naming the pass. Draws and recycles commute with every move but a talon card's, so making them just
before the card is played loses no line, and a bare recycle is no move.

Stock dominance (limited passes): a stock state px covers py (``Solver._covers``) when draws and recycles
alone lead from px to py (the same pass, py a number of draws further; or an earlier pass, py then
reached by drawing from an empty waste; or py at the end of the stock). Two positions with the same piles
whose stock states are so related: every talon move of the covered one is a talon move of the other,
with the same position after it, and every other move keeps the relation. The visited key leaves the
stock state out; its value is the states searched with those piles (where every pass draws one card,
covering is p <= p' and the value is the least p), and a child covered by one of them is not searched.
"Lost" stays exact: if a searched position could win, take one with the shortest win; the first move of
that win leads to a child, covered by a searched position that wins in as few moves (the relation is a
simulation, move for move), shorter still. (A bare recycle move would break that: the position before it
covers the one after it, and neither would be searched further.)

Children are tried fewest reserve cards first, then most foundation cards, then in the order
foundation moves, reserve to column, moves that empty a column, talon to column, other column
moves, take-backs; within a kind, the columns in an order of their cards (descending bytes, the empty
ones last), never of their names, so a position's search does not depend on which column holds what
(tests/test_solver_symmetry.py). The order changes only how soon a win is found, never a verdict.

What keeps it fast (the same search, position for position, as before these): an expansion lists its
children as recipes (the move, the parts of the child, its key's head made once from the parent's
reserve, waste and talon), and the search builds a child only when it comes to it and the key misses
the visited set (most children are visited already, or never reached before a win); what a foundation
state decides (the cards it waits for, the foundations after each, the safe cards, the take-backs) is
worked out once per state; the top-card and whole-column moves are found from what each column's top
takes, not by trying every pair of columns; where any tail moves, a table gives the first depth of a
column at which a tail may fit each top (depths no card of the right kind can reach are not looked at);
children are sorted by a number they carry; the move that undoes the parent's column-to-column move is
not listed (it leads back to the grandparent, visited).

Restarts (a portfolio): a DFS that chose badly near the root must exhaust everything below before it
backtracks, and search times are heavy-tailed. So the main DFS (the order above) is interleaved with
fresh DFS runs whose ties are broken by a seeded random order (random.Random(run), the same on every
machine): main 1000 positions, run 1 1000, main 2000 more, run 2 2000, ... doubling up to run 7;
then the main DFS alone to the end of the budget. Each run is a complete reachability search of its
own, so any run that empties its stack proves "lost"; a run that runs out is dropped. The main DFS
keeps its work between its turns. Node budgets still give the same result everywhere.

The shell around the search (slices: ``step(nodes)``, ``run()``, ``cancel()``; the restarts' schedule; the
node and time budgets) is canfield/sliced.py's, shared with canfield/generic_search.py: ``Solver`` is a
``PortfolioSearch`` that writes a run's start (``_fresh_run``) and its walk (``_walk``), ``BeamSolver`` a
``SlicedSearch``.

The beam search (``BeamSolver``): a second search that proves wins only, for where the depth-first search
spends its budget under its first choices (canfield.insight grades with it per rule set: GRADE_BEAMS).

The games of issue 34 (``rules.extended``: several reserves, face-down column cards, a player's base,
foundations down / by rank / by sets / in order, column capacity, whole-column moves, fills from several
piles) do not fit the compact position: ``Solver(game, ...)`` and ``BeamSolver(game, ...)`` return the
generic searches of canfield/generic_search.py for them (``GenericSolver``, ``GenericBeamSolver``: the
same arguments and interface, a depth-first search over the engine's own Game). Every other rule set is
searched here exactly as before.
"""

from operator import itemgetter

from .cards import CARDS, SUITS
from .game import Move
from .generic_search import GenericBeamSolver, GenericSolver
from .outcome import DEFAULT_NODES, LOST, UNKNOWN, WON, SolveResult, SolverBug
from .sliced import PortfolioSearch, SlicedSearch

WINNABLE_NODES = 100_000

RANK = tuple(i % 13 for i in range(52))
SUIT = tuple(i // 13 for i in range(52))
ONES = (1,) * 52  # an empty column takes a tail from depth 1 on, whatever the top of the tail's column
ANY_CARD = frozenset(range(52))
CARD_BYTES = tuple(bytes((c,)) for c in range(52))
RED = tuple(SUIT[i] in (1, 2) for i in range(52))

# the verdicts, the result and the line check's error live in canfield/outcome.py, below this module and
# canfield/generic_search.py (the search of issue 34's games), which both return them
# the order value added to a talon move of a later pass (limited passes): after every child of the same
# reserve size, as a recycle was tried last; without it a search jumps passes early and finds wins later
LATE = 200

_TABLES = {}  # (rule set, start rank) -> the solver's tables for them (see Solver._setup)


_first = itemgetter(0)  # a child entry's order value


def _tail_depths(fits, longest):
    """For the rules where any tail moves: row t, column s, the first depth k of a column whose top is s at
    which a card built on t may lie (so that the tail from depth k may go onto t), else a number above
    any column's length; then, 13 deeper, the same rank again (wrapping columns), which the expansion checks
    card by card.

    A column holds cards each built on the one under it, so the card at depth k + 1 is one that the card
    at depth k may go on: from the top's {s} down, the cards a depth may hold follow from `fits`. A column
    descends by one rank, so depth k holds rank (rank of s) + k - 1, and only the depths k, k + 13, ...
    hold the rank t takes; the first of those whose possible cards include one that t takes is kept (with
    alternating colours, 13 deeper is the other colour: a king on an ace). Depths that no such card can
    reach are never looked at; the cards at the kept ones still are."""
    under = [[] for _ in range(52)]  # under[y]: the cards y may be built on
    for x in range(52):
        for y in fits[x]:
            under[y].append(x)
    by_rank = [[t for t in range(52) if RANK[t] == a] for a in range(13)]
    never = 1 << 16
    rows = [[never] * 52 for _ in range(52)]
    for s in range(52):
        held = {s}  # the cards depth k may hold: rank RANK[s] + k - 1, taken by the tops of the next rank
        for k in range(1, longest + 1):
            if not held:
                break
            for t in by_rank[(RANK[s] + k) % 13]:
                if rows[t][s] == never and not held.isdisjoint(fits[t]):
                    rows[t][s] = k
            held = {x for y in held for x in under[y]}
    return tuple(tuple(row) for row in rows)


def _order_reserve(move_child):
    child = move_child[1]
    return child[1] * 256 - sum(child[2])


def _extended(game):
    """True when `game`'s rule set uses a parameter the compact position cannot hold (issue 34's games):
    canfield/generic_search.py searches it instead."""
    return getattr(game.rules, "extended", False)


class Solver(PortfolioSearch):
    """A resumable search from `game`'s current position (see the module docstring).

    For a rule set with ``rules.extended`` (several reserves, face-down column cards, a player's base, other
    foundations, ...), ``Solver(game, ...)`` is a ``canfield.generic_search.GenericSolver`` with the same
    arguments and interface; every other rule set is searched here, as before."""

    def __new__(cls, game, *args, **kwargs):
        if cls is Solver and _extended(game):
            return GenericSolver(game, *args, **kwargs)
        return super().__new__(cls)

    def __init__(self, game, max_nodes=DEFAULT_NODES, max_seconds=None, should_stop=None, auto=True, order="reserve",
                 restarts=True, first_run=1000, max_runs=8, clock=None, one_empty=True, dominance=True):
        # children tried first: fewest reserve cards, then most foundation cards; ties keep the
        # move-kind order of _expand (foundation, reserve, column-emptying, talon, other tails, take-backs)
        super().__init__(max_nodes, max_seconds, should_stop, clock, _order_reserve if order == "reserve" else order,
                         restarts, first_run, max_runs)
        self.game = game.copy()
        self.one_empty = one_empty
        self.dominance = dominance
        self.auto = auto
        self._setup(game)

    # ---- the compact position ------------------------------------------------------------

    def _setup(self, game):
        rules = game.rules
        self.rules = rules
        self.draw = game.draw
        self.ncols = rules.columns
        self.tname = game.columns
        # what an empty column takes, as the rule set says, by whether the reserve has cards: (from a
        # column or the reserve, from the talon), asked once here for the inner loop
        self.empty = ((rules.empty_takes("T", False), rules.empty_takes("W", False)),
                     (rules.empty_takes("T", True), rules.empty_takes("W", True)))
        self.refills = rules.refills
        self.takeback = rules.takeback
        # limited passes: the talon moves name the pass (draws and recycles, then the card), the stock state
        # in the position; unlimited: the "k+" talon moves of the module docstring
        self.limited = rules.passes is not None
        if self.limited and rules.passes > 255:
            raise ValueError(f"the solver counts at most 255 passes through the stock, not {rules.passes}")
        base = game.base_rank - 1
        self.base = base
        fsuits = game.foundation_suits
        # The copies of a card are interchangeable, and so are the foundations of one suit: the search
        # writes every card as its index in one deck (0..51) and the foundations as counts in slots,
        # slot s * decks + k for suit s, each suit's counts in descending order. A card goes onto the
        # first slot whose count it continues, which keeps that order (see _expand).
        decks = rules.decks
        self.decks = decks
        self.nf = nf = 4 * decks
        self.total = 52 * decks
        self.slot_suit = tuple(i // decks for i in range(nf))
        # the slot of each suit holding the fewest cards: every copy of a card of relative rank r is on
        # a foundation for good when that slot holds more than r cards
        self.last = tuple(s * decks + decks - 1 for s in range(4))
        tables = _TABLES.get((rules, base))
        if tables is None:
            # made once per rule set and start rank: a search of a few hundred positions (the winnable
            # deal's tries) would otherwise spend most of its time here
            # fnext: the card index a foundation slot waits for when it holds n cards
            fnext = tuple(tuple(s * 13 + (base + n) % 13 for n in range(13)) + (-1,) for s in self.slot_suit)
            # fits[t] : the cards that may be built on card t in a column (the game's own table, one deck)
            fits = tuple(frozenset(c % 52 for c in game._fits[t]) for t in range(52))
            # deps[c]: (the suit's last slot, relative rank) of the cards that may be built on c
            deps = tuple(tuple((self.last[SUIT[x]], (RANK[x] - base) % 13) for x in fits[c]) for c in range(52))
            tails = _tail_depths(fits, 52 * decks) if rules.tail_moves else None
            tables = _TABLES[rules, base] = (fnext, fits, deps, {}, tails)
        self.fnext, self.fits, self.deps, reach, self.tails = tables
        # with take-backs a foundation card can come back to host others: no reduction there
        self.auto_mode = self.auto and not self.takeback
        # the talon cards reachable for (waste size, talon size): the same for every search of the rules
        self._reach_cache = reach.setdefault(self.draw, {})
        self._infos = {}
        self._backs_cache = {}
        # with limited passes, the visited positions are keyed without the pass number and the waste size
        # (see "Stock dominance" in the module docstring): `dom` says so, `dom1` that every pass draws one
        # card (then the key keeps the least of p = waste size + 256 x recycles, a total order)
        # (one pass: a stock state follows from the talon left, since a card under the waste top never
        # comes back; nothing to cover, and the exact key is the cheaper)
        self.dom = bool(self.limited and self.dominance and rules.passes > 1)
        self.pass_draws = (tuple(rules.draw_for(self.draw, k) for k in range(rules.passes)) if self.limited
                           else (self.draw,))
        self.dom1 = self.dom and all(d == 1 for d in self.pass_draws)
        self.res = bytes(c.index % 52 for c in game.reserve)
        # what every expansion reads, in one tuple (one attribute read instead of fourteen)
        self._conf = (self._infos, self.res, self.fits, self.tails, self.tname, self.ncols, self.refills, self.limited,
                      self._reach_cache, self.empty, self.one_empty, self.draw == 1, rules.tail_moves,
                      rules.single_moves, self.takeback, self._backs_cache, self.dom)
        counts = [[] for _ in range(4)]
        for i, pile in enumerate(game.foundations):
            counts[SUITS.index(fsuits[i])].append(len(pile))
        fnd = [n for s in range(4) for n in sorted(counts[s], reverse=True)]
        waste = [c.index % 52 for c in game.waste]
        talon = bytes(waste + [c.index % 52 for c in reversed(game.stock)])
        cols = tuple(bytes(c.index % 52 for c in col) for col in game.tableau)
        if self.limited:
            p = len(waste) + 256 * (game.pass_number - 1)  # the waste size and the recycles so far
        else:
            p = self._canon(len(waste), len(talon))
        self.start = (cols, len(self.res), tuple(fnd), talon, p)
        self._new_run()
        if sum(fnd) == self.total:
            self.result = SolveResult(WON, [], 0, 0.0)

    def _canon(self, p, n):
        """The waste size as stored: 0 for every size in the recycling cycle (they reach each other)."""
        if self.draw == 1 or p % self.draw == 0 or p == n:
            return 0
        return p

    def _key(self, st):
        """The visited key of `st`: reserve size, waste size and recycles, talon, the columns sorted; with
        stock dominance (`dom`) the waste size and recycles are left out (they are the key's value)."""
        cols, r, fnd, tal, p = st
        head = bytes((r,)) if self.dom else bytes((r, p & 255, p >> 8))
        return head + tal + b"\xff" + b"\xfe".join(sorted(cols))

    def _covers(self, px, py, n):
        """With limited passes: does the stock state px (waste size + 256 x recycles) reach py by draws and
        recycles alone, the talon holding n cards? Then a position with px has every line of the same
        position with py (see "Stock dominance" in the module docstring)."""
        rx, ry = px >> 8, py >> 8
        wx, wy = px & 255, py & 255
        if wy == n:
            # the end of the stock: drawn to from any waste size of this pass or of an earlier one
            return rx <= ry
        d = self.pass_draws[ry]
        if rx == ry:
            return wy >= wx and (wy - wx) % d == 0
        # an earlier pass: drawn to its end, recycled (a pass is left, since ry is one), then drawn from 0
        return rx < ry and wy % d == 0

    def _visit(self, visited, k, p, n):
        """With stock dominance where a pass draws more than one card: False when a stock state kept for
        the key `k` covers p (the child is not searched), else True, p kept for `k` in place of the states
        it covers (the talon holds n cards)."""
        old = visited.get(k)
        if old is None:
            visited[k] = (p,)
            return True
        covers = self._covers
        for q in old:
            if covers(q, p, n):
                return False
        visited[k] = tuple([q for q in old if not covers(p, q, n)] + [p])
        return True

    def _reach(self, p, n):
        """Waste sizes (1..n) reachable by drawing and recycling from waste size p: the card at
        index q-1 of the talon can then be played."""
        if self.draw == 1:
            return range(1, n + 1)
        qs = set(range(3, n + 1, 3))
        if n:
            qs.add(n)
        if p:
            qs.update(range(p, n, 3))
        return sorted(qs)

    # ---- successors ----------------------------------------------------------------------

    def _info(self, fnd):
        """What a foundation state decides, computed once per state: ``(need, up, safe, fs, wants)``. `need`
        maps each card a slot waits for to the first slot waiting for it, `up` the same card to the
        foundations once it is on, `safe` holds the cards _auto may send up, `fs` counts the cards on."""
        infos = self._infos
        if len(infos) > 200_000:
            infos.clear()  # a bound on memory for the longest searches; the entries are cheap to redo
        need = {}
        up = {}
        fnext = self.fnext
        for s in range(self.nf):
            h = fnd[s]
            if h < 13:
                c = fnext[s][h]
                if c not in need:
                    need[c] = s
                    f = list(fnd)
                    f[s] += 1
                    up[c] = tuple(f)
        safe = frozenset()
        if self.auto_mode:
            last = self.last
            deps = self.deps
            safe = frozenset(c for c, s in need.items()
                             if s == last[SUIT[c]] and all(fnd[ds] > dr for ds, dr in deps[c]))
        # wants: every card a slot waits for, as an empty list of columns (the start of each expansion's
        # `accept`, so that one look-up tells whether a talon card goes anywhere)
        info = infos[fnd] = (need, up, safe, sum(fnd), dict.fromkeys(need, ()))
        return info

    def _backs(self, fnd):
        """The foundation tops that may come back, as (card, the foundations after), cached per state."""
        backs = self._backs_cache.get(fnd)
        if backs is None:
            if len(self._backs_cache) > 200_000:
                self._backs_cache.clear()
            slot_suit = self.slot_suit
            fnext = self.fnext
            nf = self.nf
            backs = []
            for s in range(nf):
                h = fnd[s]
                # from the last slot of its suit holding h cards, which keeps the slots' order
                if not h or s + 1 < nf and slot_suit[s + 1] == slot_suit[s] and fnd[s + 1] == h:
                    continue
                f = list(fnd)
                f[s] -= 1
                backs.append((fnext[s][h - 1], tuple(f)))
            backs = self._backs_cache[fnd] = tuple(backs)
        return backs

    def _expand(self, st, rnd=None, last=None, pre=None):
        """The children of `st` as entries ``(order, move, key head, columns, reserve, foundations,
        talon, waste, cards on the foundations)``, in the move-kind order (see the module docstring);
        `order` is the reserve order's value, plus one draw of `rnd` (a random run's tie-break) a child.

        An entry is the recipe of a child, not the child: the search computes its key (the key head, from
        the parent's parts, and the columns sorted) when it comes to it, and builds the position only
        when the key misses the visited set; most children are visited already, or never reached.

        Moves are (src, dst, count) with src "T*" meaning a talon card (count = q: the card at talon
        index q - 1, so copies of a card are told apart) reached by drawing (within the pass, with limited
        passes), "F" as dst meaning a foundation (the first that takes the card), "F" as src a take-back
        (count = the card), and, with limited passes, ("W", "S", 0) the stock drawn to its end and
        recycled. Draws commute with every move but the waste top's, so drawing only just before playing
        the card drawn loses no line: "lost" stays exact.

        `last` is the move that made `st` (None at the start). A move from column to column that refills
        no column is written with its columns' indices, ``(src, dst, count, i, j)``; the move that undoes
        it (the same cards from j back to i) gives the position before it, on the search's path and so
        visited: it is not listed (its tie-break is drawn all the same, so the search is the one it was).
        `pre` is the head of `st`'s own key when the search has it (made when `st` was a child)."""
        cols, r, fnd, tal, p = st
        if last is not None and len(last) == 5:
            bk, bj, bi = last[2:]
        else:
            bk = bi = bj = -1
        (infos, res, fits, tail_depths, tname, ncols, refills, limited, reach, empty, one_empty, draw1, tails, single,
         takeback, backs_cache, dom) = self._conf
        info = infos.get(fnd)
        if info is None:
            info = self._info(fnd)
        # the columns in the order of their cards (the empty ones first), not of their names: the children
        # of a position come in one order whatever its columns are called
        idx = sorted(range(ncols), key=cols.__getitem__, reverse=True)
        need, up, safe, fs, wants = info
        n = len(tal)
        qs = reach.get(p << 8 | n)
        if qs is None:
            if limited:
                qs = self._talon_reach(p, n)
            else:
                qs = tuple(self._reach(p, n)) if n else ()
            reach[p << 8 | n] = qs
        # a quick look first: _auto only when the reserve top, a column top or a talon card is safe
        look = False
        if safe:
            if r and res[r - 1] in safe:
                look = True
            else:
                for col in cols:
                    if col and col[-1] in safe:
                        look = True
                        break
                else:
                    look = draw1 and not limited and not safe.isdisjoint(tal)
        if look:
            forced = self._auto(st, qs, up, safe, idx)
            if forced is not None:
                mv, (nc, r2, f2, tal2, p2) = forced
                if rnd is not None:
                    rnd()  # the one child's tie-break, drawn as for any child
                head = bytes((r2,)) if dom else bytes((r2, p2 & 255, p2 >> 8))
                return [(r2 * 256 - fs - 1, mv, head + tal2 + b"\xff", nc, r2, f2, tal2, p2, fs + 1)]
        out = []
        add = out.append
        # the key of a child is its header (reserve, waste size), its talon, then its sorted columns:
        # `pre` for a child with the parent's reserve and talon (the head of the parent's own key),
        # `pre1` with one reserve card less
        if pre is None:
            pre = (bytes((r,)) if dom else bytes((r, p & 255, p >> 8))) + tal + b"\xff"
        pre1 = bytes((r - 1,)) + pre[1:] if r else None
        rtopb = res[r - 1:r]
        # -- to the foundations: the reserve top, then the column tops (in the same pass over the columns,
        # card -> the columns (in order) whose top accepts it; empty columns apart)
        rtop = res[r - 1] if r else -1
        if rtop in need:
            x = rnd() if rnd is not None else 0
            add(((r - 1) * 256 - fs - 1 + x, ("R", "F", 1), pre1, cols, r - 1, up[rtop], tal, p, fs + 1))
        accept = wants.copy()  # card -> the columns whose top takes it; () for a card only a slot takes
        empties = []
        for i in idx:
            col = cols[i]
            if col:
                top = col[-1]
                for c in fits[top]:
                    js = accept.get(c)
                    if js:
                        js.append(i)
                    else:
                        accept[c] = [i]
                if top in need:
                    x = rnd() if rnd is not None else 0
                    nc = list(cols)
                    rest = col[:-1]
                    if not rest and r and refills:
                        nc[i] = rtopb
                        add(((r - 1) * 256 - fs - 1 + x, (tname[i], "F", 1), pre1, nc, r - 1, up[top], tal, p, fs + 1))
                    else:
                        nc[i] = rest
                        add((r * 256 - fs - 1 + x, (tname[i], "F", 1), pre, nc, r, up[top], tal, p, fs + 1))
            else:
                empties.append(i)
        if one_empty and len(empties) > 1:
            # the key sorts the columns, so a card put in any of several empty columns gives one position:
            # only the first is built
            empties = empties[:1]
        # what an empty column takes now: from a column or the reserve, and from the talon
        empty_any, empty_waste = empty[r > 0]
        talon_moves = []
        every = bool(empties and empty_waste)  # an empty column takes any talon card
        if limited:
            # (q, the stock state after, the move's tail): the card at talon index q - 1 played in this pass
            # or a later one (see _talon_reach)
            for q, p2, mt, late in qs:
                c = tal[q - 1]
                if c in accept or every:
                    rest = tal[:q - 1] + tal[q:]
                    tpre = (bytes((r,)) if dom else bytes((r, p2 & 255, p2 >> 8))) + rest + b"\xff"
                    if c in need:
                        x = rnd() if rnd is not None else 0
                        add((r * 256 - fs - 1 + x + late, ("T*", "F") + mt, tpre, cols, r, up[c], rest, p2, fs + 1))
                    talon_moves.append((c, mt, rest, p2, tpre, late))
        else:
            for q in qs:
                c = tal[q - 1]
                if c in accept or every:
                    rest = tal[:q - 1] + tal[q:]
                    p2 = 0 if draw1 or not (q - 1) % 3 or q == n else q - 1
                    tpre = bytes((r, p2 & 255, p2 >> 8)) + rest + b"\xff"
                    if c in need:
                        x = rnd() if rnd is not None else 0
                        add((r * 256 - fs - 1 + x, ("T*", "F", q), tpre, cols, r, up[c], rest, p2, fs + 1))
                    talon_moves.append((c, (q,), rest, p2, tpre, 0))
        # -- the reserve top onto a column (onto an empty one only when columns are not refilled)
        if r and (rtop in accept or (empties and not refills)):
            js = accept.get(rtop, ())
            if empties and not refills:
                js = list(js) + empties
            ov = (r - 1) * 256 - fs
            for j in js:
                x = rnd() if rnd is not None else 0
                nc = list(cols)
                nc[j] = cols[j] + rtopb
                add((ov + x, ("R", tname[j], 1), pre1, nc, r - 1, fnd, tal, p, fs))
        # -- column tails onto other columns: first the whole column (it empties one: a reserve refill,
        # or a free column), then the talon cards onto columns, then the other tails
        if r and refills:
            r_e, pre_e, rest_e = r - 1, pre1, rtopb
        else:
            r_e, pre_e, rest_e = r, pre, b""
        ov = r_e * 256 - fs
        for i in idx:
            col = cols[i]
            m = len(col)
            if not m or not (tails or m == 1 or not single):
                continue
            bottom = col[0]
            js = accept.get(bottom)
            # a column descends by one rank (the rank test only guards a position given otherwise)
            if js is None or m > 1 and RANK[bottom] != (RANK[col[-1]] + m - 1) % 13:
                continue
            for j in js:
                if j != i:
                    x = rnd() if rnd is not None else 0
                    if m == bk and i == bi and j == bj and not rest_e:
                        continue  # the parent's move undone: the grandparent, visited
                    nc = list(cols)
                    nc[i] = rest_e
                    nc[j] = cols[j] + col
                    if rest_e:
                        add((ov + x, (tname[i], tname[j], m), pre_e, nc, r_e, fnd, tal, p, fs))
                    else:
                        add((ov + x, (tname[i], tname[j], m, i, j), pre_e, nc, r_e, fnd, tal, p, fs))
        # -- talon cards onto columns
        ov = r * 256 - fs
        for c, mt, rest, p2, tpre, late in talon_moves:
            js = accept.get(c, ())
            if every:
                js = list(js) + empties
            card = CARD_BYTES[c]
            for j in js:
                x = rnd() if rnd is not None else 0
                nc = list(cols)
                nc[j] = cols[j] + card
                add((ov + x + late, ("T*", tname[j]) + mt, tpre, nc, r, fnd, rest, p2, fs))
        # -- the other tails (the column keeps cards), and tails onto an empty column (the whole column
        # onto an empty one is the same position: skipped), by destination column, then count
        free = empties if empties and empty_any else ()
        if tails:
            # every column a tail may go to, in order: (column, the first depth that may fit its top by the
            # top of the tail's column, what its top takes, 13: the depths that hold that rank), or for an
            # empty column that takes any tail (column, every depth from 1, every card, 1)
            dsts = []
            for j in idx:
                col = cols[j]
                if col:
                    t = col[-1]
                    dsts.append((j, tail_depths[t], fits[t], 13))
                elif j in free:
                    dsts.append((j, ONES, ANY_CARD, 1))
        for i in idx:
            col = cols[i]
            m = len(col)
            if m < 2:
                continue
            if tails:
                top = col[-1]
                for j, depth, ft, step in dsts:
                    k = depth[top]
                    if k >= m or j == i:
                        continue
                    while True:
                        if col[-k] in ft:
                            x = rnd() if rnd is not None else 0
                            if k != bk or i != bi or j != bj:  # else the parent's move undone
                                nc = list(cols)
                                nc[i] = col[:-k]
                                nc[j] = cols[j] + col[-k:]
                                add((ov + x, (tname[i], tname[j], k, i, j), pre, nc, r, fnd, tal, p, fs))
                        k += step
                        if k >= m:
                            break
            else:
                # the top card alone
                js = accept.get(col[-1], ())
                if free:
                    js = list(js) + list(free)
                if js:
                    rest = col[:-1]
                    top = col[-1:]
                    for j in js:
                        x = rnd() if rnd is not None else 0
                        if bk == 1 and i == bi and j == bj:
                            continue  # the parent's move undone
                        nc = list(cols)
                        nc[i] = rest
                        nc[j] = cols[j] + top
                        add((ov + x, (tname[i], tname[j], 1, i, j), pre, nc, r, fnd, tal, p, fs))
        # -- foundation tops back onto columns
        if takeback:
            ov = r * 256 - fs + 1
            backs = backs_cache.get(fnd)
            if backs is None:
                backs = self._backs(fnd)
            for c, f in backs:
                js = accept.get(c)
                if free:
                    js = list(js or ()) + list(free)
                elif js is None:
                    continue
                card = CARD_BYTES[c]
                for j in js:
                    x = rnd() if rnd is not None else 0
                    nc = list(cols)
                    nc[j] = cols[j] + card
                    add((ov + x, ("F", tname[j], c), pre, nc, r, f, tal, p, fs - 1))
        return out

    def _talon_reach(self, p, n):
        """With limited passes, from stock state p (waste size + 256 x recycles) and n talon cards: the talon
        cards a move may play, as (q, the stock state after, the move's tail (q, recycles), LATE for a later
        pass, else 0: added to the order value, a later pass's card is tried after the other children of
        the same reserve size, as the recycle move of before was): the card at
        index q - 1 is on the waste top after drawing in this pass, or after drawing the stock to its end,
        recycling and drawing in a later pass (while passes are left). A state that another listed for
        the same card covers (_covers) is left out: it has no line that one lacks. A bare recycle is no
        move: it commutes with every move but a talon card's, so it is made just before one."""
        rec, w = p >> 8, p & 255
        out = []
        kept = {}
        for k in range(rec, len(self.pass_draws)):
            for q in self._reach_in_pass(w if k == rec else 0, n, self.pass_draws[k]):
                p2 = 256 * k + q - 1
                before = kept.setdefault(q, [])
                if any(self._covers(o, p2, n - 1) for o in before):
                    continue
                before.append(p2)
                out.append((q, p2, (q, k), LATE if k > rec else 0))
        return tuple(out)

    @staticmethod
    def _reach_in_pass(w, n, d):
        """With limited passes: the waste sizes q (the card at talon index q-1 then on top) reached by
        drawing `d` at a time from waste size w within this pass: w itself, w + d, w + 2d, ..., and n."""
        qs = list(range(w + d, n, d))
        if w:
            qs.insert(0, w)
        if n > w:
            qs.append(n)
        return tuple(qs)

    def _auto(self, st, qs, up, safe, idx):
        """A foundation move that loses nothing, played as the only successor, or None.

        Only for rules without take-backs (foundation cards never come back). A card c goes up when
        every card that could be built on it is already on a foundation (for good), and c is the
        reserve top, a column top (not alone in its column while the reserve has cards to refill it), or
        a talon card in draw 1 with unlimited passes. A winning line from the position maps onto one from
        the position after the foundation move, move for move, skipping c's own moves (a reserve refill of
        c is matched by a refill of the next reserve card, up to column order), so the line is shorter and
        the reduction keeps "lost" exact. Not for draw-3 talon cards: taking one out regroups the draws;
        nor with limited passes, where the talon's order counts. Not with take-backs: a card taken back
        from a foundation may need c as its host.

        With several decks, c must also be the last copy of its card off the foundations (it goes onto
        its suit's last slot): then no other copy can need the foundation c takes, and the argument
        above holds as for one deck. `safe` holds the cards that pass these tests on the position's
        foundations (see _info), `up` the foundations after each goes up."""
        cols, r, fnd, tal, p = st
        if r:
            c = self.res[r - 1]
            if c in safe:
                return ("R", "F", 1), (cols, r - 1, up[c], tal, p)
        for i in idx:
            col = cols[i]
            if col:
                c = col[-1]
                if c in safe:
                    rest = col[:-1]
                    if not rest and r and self.refills:
                        continue
                    nc = list(cols)
                    nc[i] = rest
                    return (self.tname[i], "F", 1), (tuple(nc), r, up[c], tal, p)
        if self.draw == 1 and not self.limited and not safe.isdisjoint(tal):
            # (every talon card is reached in draw 1; the scan in C above skips the loop when none is safe)
            n = len(tal)
            for q in qs:
                c = tal[q - 1]
                if c in safe:
                    return ("T*", "F", q), (cols, r, up[c], tal[:q - 1] + tal[q:], self._canon(q - 1, n - 1))
        return None

    # ---- the search ----------------------------------------------------------------------

    def _fresh_run(self):
        """A run's state at its start: (stack of frames [position, children or None, next index, the move
        that made it, its key's head], visited)."""
        return [[self.start, None, 0, None, None]], self._first_visited()

    def _first_visited(self):
        """A run's visited positions at its start: a set of keys, or with stock dominance a dict from key to
        the stock state kept (dom1: the least p) or states (a tuple of those no other covers)."""
        k = self._key(self.start)
        if not self.dom:
            return {k}
        p = self.start[4]
        return {k: p if self.dom1 else (p,)}

    def _walk(self, limit, deadline):
        """The current run's search up to `limit` nodes (see canfield/sliced.py's PortfolioSearch)."""
        expand = self._expand
        total = self.total
        dom, dom1, visit = self.dom, self.dom1, self._visit
        join = b"\xfe".join
        order = self.order
        # the reserve order's values come with the children; another order is computed here
        custom = order if order is not None and order is not _order_reserve else None
        nodes = self.nodes
        stack, visited = self.current
        rnd = self.run_rnd
        while stack:
            frame = stack[-1]
            children = frame[1]
            if children is None:
                if nodes >= limit:
                    break
                if deadline is not None and not nodes & 255 and self.clock() > deadline:
                    self.nodes = nodes
                    return self._finish(UNKNOWN, reason="seconds")
                nodes += 1
                if custom is None:
                    children = frame[1] = expand(frame[0], rnd, frame[3], frame[4])
                    if order is not None and len(children) > 1:
                        children.sort(key=_first)  # stable: ties keep the move-kind order
                else:
                    # a caller's order, given (move, position) as before the entries
                    children = frame[1] = [
                        (custom((e[1], (tuple(e[3]),) + e[4:8])) + (rnd() if rnd is not None else 0),) + e[1:]
                        for e in expand(frame[0])]
                    children.sort(key=_first)
            # the next child not visited yet (its key as _key(child), from the parts), else back up
            i = frame[2]
            end = len(children)
            if not dom:
                while i < end:
                    child = children[i]
                    i += 1
                    k = child[2] + join(sorted(child[3]))
                    if k not in visited:
                        break
                else:
                    stack.pop()
                    continue
                visited.add(k)
            elif dom1:
                # a child whose key holds a stock state at most its own is covered (module docstring)
                while i < end:
                    child = children[i]
                    i += 1
                    k = child[2] + join(sorted(child[3]))
                    old = visited.get(k)
                    if old is None or old > child[7]:
                        break
                else:
                    stack.pop()
                    continue
                visited[k] = child[7]
            else:
                while i < end:
                    child = children[i]
                    i += 1
                    if visit(visited, child[2] + join(sorted(child[3])), child[7], len(child[6])):
                        break
                else:
                    stack.pop()
                    continue
            _, mv, head, nc, r2, f2, tal2, p2, fs = child
            frame[2] = i
            if fs == total:
                self.nodes = nodes
                line = [f[3] for f in stack[1:]] + [mv]
                return self._finish(WON, self._write_line(line))
            stack.append([(tuple(nc), r2, f2, tal2, p2), None, 0, mv, head])
        self.nodes = nodes
        # any run is a complete reachability search: an empty stack proves "lost"
        return None if stack else self._finish(LOST)

    def _write_line(self, line):
        """The internal line as move texts, replayed with Game.play on a copy: it must win."""
        texts, g = self._replay(line)
        if not g.won:
            raise SolverBug(f"{self.game.code}: the line {' '.join(texts)} does not win")
        return texts

    def _replay(self, line):
        """The internal moves `line` played on a copy of the game: (the move texts, the game after).

        Every move goes through Game.play, which checks it; the piles are read from the copy's own lists
        (not copied per move) and a foundation move names its foundation from the engine's own choice
        (the first that takes the card, as the short form "T1-F" reads), which keeps a long line's replay
        short next to the search that found it."""
        g = self.game.copy()
        p = g._p  # the copy's piles, read only
        stock, waste = p["S"], p["W"]
        fnames = g.foundation_names
        draw, recycle = Move("S", "W", None), Move("W", "S", None)
        texts = []
        append = texts.append
        for mv in line:
            src, dst, count = mv[:3]
            if src == "T*":
                # the talon card at index count - 1 (waste bottom .. top, then the stock as drawn): on the
                # waste top when the waste holds `count` cards (the copies of a card told apart by place)
                guard = 0
                # with limited passes the move names the pass too: (q, recycles before it)
                want_pass = mv[3] + 1 if len(mv) == 4 else None
                while len(waste) != count or want_pass is not None and g.pass_number != want_pass:
                    g.play(draw if stock else recycle)
                    append("S")
                    guard += 1
                    if guard > 3 * self.total:
                        card = (waste + stock[::-1])[count - 1]
                        raise SolverBug(f"{g.code}: {CARDS[card % 52]} (copy {card // 52 + 1}) never reaches "
                                        "the waste top")
                src, count = "W", 1
            if src == "F":  # a take-back: from any foundation whose top is a copy of the card
                src = next(name for name, f in zip(fnames, g._found) if f and f[-1] % 52 == count)
                count = 1
            if dst == "F":
                # onto a foundation: the first that takes the card (those of one suit are interchangeable)
                pile = p[src]
                f = g._fits_foundation(pile[-1]) if pile else -1
                if f < 0:
                    raise SolverBug(f"{g.code}: no foundation takes the top of {src}")
                m = Move(src, fnames[f], 1)
            else:
                m = Move(src, dst, count)
            append(str(g.play(m)))
        return texts, g


def _beam_value(st, fs):
    """The beam search's order (smaller first): foundation cards first, then fewer reserve cards, then
    more stock cards not drawn yet in this pass (every card drawn past goes under the waste top)."""
    cols, r, fnd, tal, p = st
    return r * 5 - fs * 10 - len(tal) + (p & 255)


class BeamSolver(SlicedSearch):
    """A search that can prove a win but never a loss: a beam search from `game`'s position.

    Level by level, every kept position is expanded (the children of ``Solver._expand``, with its
    safe-move reduction), the children not met before are ordered by ``_beam_value`` (ties keep the
    order they were listed in: the parents' order, then the move-kind order of ``Solver._expand``), and
    the first `width` are kept for the next level. Where the depth-first search spends its budget under
    one early choice, the beam keeps `width` lines abreast, so in a one-pass game it meets wins the
    depth-first search does not reach (``canfield.insight`` grades with it where so measured). A won
    line is written out and replayed as ``Solver`` does (``SolverBug`` if it does not win), so "won" is
    sure; a beam that dies out or spends `max_nodes` (positions expanded) says "unknown", never "lost".
    Deterministic: no randomness, no clock; the same answer for the same position everywhere. The
    interface of ``Solver``: ``step(nodes)`` returns the ``SolveResult`` when finished, else None;
    ``nodes``, ``result``, ``run()``, ``cancel()``."""

    def __new__(cls, game, *args, **kwargs):
        if cls is BeamSolver and _extended(game):
            return GenericBeamSolver(game, *args, **kwargs)
        return super().__new__(cls)

    def __init__(self, game, width=2000, max_nodes=200_000):
        super().__init__(max_nodes)
        self.solver = Solver(game, 1, restarts=False)  # its tables, expansion and line writing
        self.width = width
        self.result = self.solver.result  # won already at the start
        s = self.solver
        self._seen = {self._key(s.start)}
        self._level = [(s.start, None)]  # (position, its line as a chain (move, chain before))
        self._i = 0
        self._next = {}

    def _key(self, st):
        cols, r, fnd, tal, p = st
        return bytes((r, p & 255, p >> 8)) + tal + b"\xff" + b"\xfe".join(sorted(cols))

    def _search(self, slice_nodes):
        s = self.solver
        expand, total, seen, nxt = s._expand, s.total, self._seen, self._next
        join = b"\xfe".join
        end = min(self.max_nodes, self.nodes + slice_nodes)
        while True:
            level, i = self._level, self._i
            while i < len(level):
                if self.nodes >= end:
                    self._i = i
                    return self._finish(UNKNOWN, reason="nodes") if self.nodes >= self.max_nodes else None
                st, chain = level[i]
                i += 1
                self.nodes += 1
                for e in expand(st):
                    _, mv, head, nc, r2, f2, tal2, p2, fs = e
                    k = bytes((r2, p2 & 255, p2 >> 8)) + tal2 + b"\xff" + join(sorted(nc))
                    if k in seen or k in nxt:
                        continue
                    if fs == total:
                        line = [mv]
                        while chain is not None:
                            line.append(chain[0])
                            chain = chain[1]
                        return self._finish(WON, s._write_line(line[::-1]))
                    child = (tuple(nc), r2, f2, tal2, p2)
                    nxt[k] = (_beam_value(child, fs), child, (mv, chain))
            # the level is done: the best `width` children are the next one
            if not nxt:
                return self._finish(UNKNOWN, reason="exhausted")
            seen.update(nxt)
            kept = sorted(nxt.values(), key=_first)[:self.width]
            self._level = [(child, chain) for _, child, chain in kept]
            self._i = 0
            self._next = nxt = {}


def solve(game, max_nodes=DEFAULT_NODES, max_seconds=None, should_stop=None):
    """Search from `game`'s current position; see canfield/solver.py's docstring (the API). The game is not changed."""
    return Solver(game, max_nodes, max_seconds, should_stop).run()


def hint(game, max_nodes=DEFAULT_NODES, max_seconds=None):
    """The first move (text) of a winning line from the current position, or None."""
    res = solve(game, max_nodes, max_seconds)
    return res.moves[0] if res.verdict == WON and res.moves else None


# ---- searches in slices: the lost-position offer, winnable deals, the daily deal --------------
