"""Searches in slices, for a worker or a loop between frames: the lost position's way back
(``LastWinnable``, ``last_winnable``), the page's hint (``HintSearch``, with its move when no winning
line is proved: ``Guess``), the most cards a position can still send up (``BestSearch``, ``Best``; the
hint's fallback and canfield.insight's ``best_possible``) and winnable deals (``WinnableSearch``,
``find_winnable``, ``Winnable``), on the base class ``Task``; see canfield/solver.py's docstring for the
API. Built on canfield/search.py's ``Solver``; canfield/daily.py and canfield/insight.py build their
tasks on these.

Pure Python, no dependencies, no browser imports.
"""

import time

from .deal import MAX_NUMBER, shuffled_deck
from .game import Game
from .rules import check_draw, get_rules
from .search import DEFAULT_NODES, LOST, WINNABLE_NODES, WON, Solver

BEST_NODES = 200_000      # positions visited, for the best a position allows (canfield.insight.best_possible)
HINT_BEST_NODES = 6_000   # positions the hint's best search visits, for a move it cannot prove

# Which part of the hint's rule chose an unproved move (``Guess.rule``): see ``HintSearch``.
MOST_CARDS, STOCK, FIRST = "most_cards", "stock", "first"


class Task:
    """A search that runs in slices (in a worker, or between frames) and can be cancelled.

    ``task.step(nodes=2000)`` searches at most about ``nodes`` more positions and returns True once
    the task is finished (its answer is then in ``task.result``), else False. ``task.cancel()``
    stops it: the next step finishes it with ``task.cancelled`` True. ``task.run()`` steps to the
    end, polling ``should_stop`` (a function of no argument) between slices, and returns
    ``task.result``. ``task.nodes`` counts the positions searched so far, ``task.seconds`` the time
    spent inside ``step``. The one-shot functions (``last_winnable``, ``find_winnable``,
    ``daily_number``) are these tasks run to the end, so both give the same answers.

    A subclass writes its work as the generator ``_work``, which drives its solvers with
    ``yield from self._solve(solver)`` and returns the answer."""

    def __init__(self, should_stop=None, max_seconds=None):
        self.should_stop = should_stop
        self.max_seconds = max_seconds
        self.result = None
        self.done = False
        self.cancelled = False
        self.timed_out = False
        self.nodes = 0
        self.seconds = 0.0
        self._left = 0
        self._cancel = False
        self._work_gen = None

    def cancel(self):
        self._cancel = True

    def step(self, nodes=2000):
        if self.done:
            return True
        if self._work_gen is None:
            self._work_gen = self._work()
        t0 = time.perf_counter()
        self._left = max(1, nodes)
        try:
            if self._cancel:
                # cancelled between slices: the work stops where it stands, with no answer
                self._work_gen.close()
                self.cancelled = self.done = True
            else:
                next(self._work_gen)
        except StopIteration as stop:
            self.result = stop.value
            self.done = True
        finally:
            self.seconds += time.perf_counter() - t0
        return self.done

    def run(self):
        while not self.step(512):
            if self.should_stop is not None and self.should_stop():
                self.cancel()
        return self.result

    def _time_left(self):
        if self.max_seconds is None:
            return None
        return max(0.0, self.max_seconds - self.seconds)

    def _solve(self, solver):
        """Step `solver` to its end within this task's slices; its SolveResult. Its time counts
        towards the task's `max_seconds` (give it ``self._time_left()``)."""
        before = 0
        while True:
            if self._left <= 0:
                yield  # this slice's positions are spent: the next solver starts in the next one
            res = solver.step(self._left)
            self.nodes += solver.nodes - before
            self._left -= solver.nodes - before
            before = solver.nodes
            if res is not None:
                self.timed_out |= res.reason == "seconds"
                return res
            yield  # the slice's positions are spent (a solver's step returns only then)

    def _sub(self, task):
        """Run another task to its end within this task's slices; its result."""
        gen = task._work()
        while True:
            task._left = self._left
            before = task.nodes
            t0 = time.perf_counter()
            try:
                next(gen)
            except StopIteration as stop:
                return stop.value
            finally:
                task.seconds += time.perf_counter() - t0
                self.nodes += task.nodes - before
                self._left = task._left
                self.timed_out |= task.timed_out
            yield


class LastWinnable(Task):
    """``last_winnable`` in slices: ``result`` is ``(undos, SolveResult)`` or None.

    `first_undo`: the first number of undos tried (1 when the current position is already known
    lost). `max_seconds`: the time for the whole search back (None: no limit); when it runs out the
    answer is None and ``timed_out`` is True."""

    def __init__(self, game, max_nodes=DEFAULT_NODES // 10, max_undos=None, first_undo=0, max_seconds=None,
                 should_stop=None):
        super().__init__(should_stop, max_seconds)
        self.game = game.copy()
        self.max_nodes = max_nodes
        self.max_undos = max_undos
        self.first_undo = first_undo

    def _work(self):
        g = self.game
        undos = 0
        while undos < self.first_undo:
            if not g.undo():
                return None
            undos += 1
        while True:
            if self.max_undos is not None and undos > self.max_undos:
                return None
            res = yield from self._solve(Solver(g, self.max_nodes, self._time_left()))
            if res.verdict == WON:
                return undos, res
            if self.timed_out or not g.undo():
                return None
            undos += 1


class HintSearch(Task):
    """What the page's hint asks: the current position solved (``result``, the solver's SolveResult,
    within `max_nodes` and `max_seconds`) and, when it is lost, the search back for the last position
    proved won (``undos``: how many undos, or None; `back_nodes` a position, `back_seconds` in all).
    ``result`` is None when cancelled.

    When the solver proves no winning line (the verdict is "lost" or "unknown") and a legal move
    exists, the hint still has a move, ``fallback`` (a ``Guess``), chosen by this rule:

    1. the first move of the line that sends up the most cards among the positions the best search
       visited (``BestSearch``: depth first, the legal moves in the engine's order, foundation moves
       first; at most `best_nodes` positions and `best_seconds`; never into a position the game has
       been in before, so that a player who follows these moves never goes round in a circle): of the
       lines found to reach that many, the shortest, then the first. A line that sends up every card
       wins the game: the move is then proved after all (``proved``, ``line``);
    2. when no line found sends up a card: the stock move (a draw, or the recycle), which brings out
       cards the table has not seen;
    3. when the stock cannot move either: the first legal move in the engine's order.

    Why: a win is every card sent up, so in a position the solver could not decide the line that
    gets closest is the best bet a bounded search can name; in a position proved lost it is the score
    the player can still make (the search of canfield.insight's ``best_possible``, without the way
    back). Within the node budgets the answer is the same on every machine; the time limits only cut a
    search short on a slow one. `best_nodes` 0: no fallback.

    ``verdict``, ``move``, ``proved`` and ``line`` sum it up for the page: the move to show, and
    whether it is the first move of a proved winning line (the solver's, or the fallback's)."""

    def __init__(self, game, max_nodes=DEFAULT_NODES, max_seconds=None, back_nodes=DEFAULT_NODES // 10,
                 back_seconds=None, should_stop=None, best_nodes=HINT_BEST_NODES, best_seconds=None):
        super().__init__(should_stop, None)
        self.game = game.copy()
        self.max_nodes = max_nodes
        self.solve_seconds = max_seconds
        self.back_nodes = back_nodes
        self.back_seconds = back_seconds
        self.best_nodes = best_nodes
        self.best_seconds = best_seconds
        self.undos = None
        self.back = None
        self.fallback = None

    def _work(self):
        res = yield from self._solve(Solver(self.game, self.max_nodes, self.solve_seconds))
        if res.verdict == WON:
            return res
        if res.verdict == LOST:
            back = LastWinnable(self.game, self.back_nodes, first_undo=1, max_seconds=self.back_seconds)
            found = yield from self._sub(back)
            if found is not None:
                self.undos, self.back = found
        if self.best_nodes > 0 and self.game.legal_moves():
            best = yield from self._sub(BestSearch(self.game, self.best_nodes, max_seconds=self.best_seconds,
                                                   avoid=earlier_positions(self.game)))
            self.fallback = Guess.of(self.game, best)
        return res

    @property
    def proved(self):
        """The move is the first of a proved winning line."""
        res = self.result
        return res is not None and (res.verdict == WON or (self.fallback is not None and self.fallback.won))

    @property
    def verdict(self):
        """"won" when a winning line is proved (by the solver or the fallback's line), else the solver's
        verdict; None when cancelled."""
        if self.result is None:
            return None
        return WON if self.proved else self.result.verdict

    @property
    def line(self):
        """The proved winning line (move texts from the position), else []."""
        if self.result is not None and self.result.verdict == WON:
            return list(self.result.moves)
        if self.proved:
            return list(self.fallback.line)
        return []

    @property
    def move(self):
        """The move to show (a text): the first of the proved winning line, else the fallback's; None
        when there is none (no legal move, cancelled, or no fallback asked for)."""
        line = self.line
        if line:
            return line[0]
        return self.fallback.move if self.fallback is not None else None


class Guess:
    """The hint's move when no winning line is proved (see ``HintSearch``): ``move`` (a text), ``rule``
    (``MOST_CARDS``, ``STOCK`` or ``FIRST``: which part of the rule chose it), ``line`` (the line found
    that sends up the most cards, texts, the move its first; empty unless ``MOST_CARDS``), ``cards``
    (the foundation cards at its end), ``start`` (those of the position), ``exact`` (the best search
    visited every reachable position, none of the game's earlier ones in the way: ``cards`` is the most
    the position allows), ``won`` (the line
    wins the game) and ``nodes`` (the positions visited)."""

    __slots__ = ("move", "rule", "line", "cards", "start", "exact", "won", "nodes")

    def __init__(self, move, rule, line, cards, start, exact, won, nodes):
        self.move, self.rule, self.line, self.cards, self.start = move, rule, line, cards, start
        self.exact, self.won, self.nodes = exact, won, nodes

    @classmethod
    def of(cls, game, best):
        """The Guess for `game`'s position from its ``Best``; None when no move is legal."""
        legal = game.legal_moves()
        if not legal:
            return None
        if best.moves:
            check = game.copy()
            for text in best.moves:
                check.play(text)
            return cls(best.moves[0], MOST_CARDS, list(best.moves), best.cards, best.start, best.exact,
                       check.won, best.nodes)
        stock = next((m for m in legal if m.is_stock), None)
        move, rule = (stock, STOCK) if stock is not None else (legal[0], FIRST)
        return cls(str(move), rule, [], best.cards, best.start, best.exact, False, best.nodes)

    def as_dict(self):
        return {"move": self.move, "rule": self.rule, "line": list(self.line), "cards": self.cards,
                "start": self.start, "exact": self.exact, "won": self.won, "nodes": self.nodes}

    def __repr__(self):
        return f"<Guess {self.move} {self.rule} cards={self.cards}{'' if self.exact else '+'}>"


class Best:
    """``cards``: the most foundation cards reached; ``moves``: a line reaching them (texts, from the
    position searched); ``exact``: every reachable position was visited (else a lower bound);
    ``nodes``: the positions visited; ``start``: the foundation cards of the position searched."""

    __slots__ = ("cards", "moves", "exact", "nodes", "start")

    def __init__(self, cards, moves, exact, nodes, start):
        self.cards, self.moves, self.exact, self.nodes, self.start = cards, moves, exact, nodes, start

    def as_dict(self):
        return {"cards": self.cards, "moves": list(self.moves), "exact": self.exact, "nodes": self.nodes,
                "start": self.start}

    def __repr__(self):
        return f"<Best {self.cards}{'' if self.exact else '+'} nodes={self.nodes}>"


def _found(state):
    return sum(map(len, state[3]))


def _piles(state):
    """A ``Game.state()`` without the score: the piles (and, in a game of issue 34's, the other reserves,
    the face-down cards and the base, which its state holds after the score)."""
    return state[:5] + state[6:]


def position_key(game):
    """A position as BestSearch tells positions apart: the piles, and the pass through the stock when
    the rules limit the passes (the score left out)."""
    key = _piles(game.state())
    return key + (game.pass_number,) if game.rules.passes is not None else key


def earlier_positions(game):
    """The keys (``position_key``) of the positions `game` has been in before its current one, back to
    its start; the game is not changed."""
    g = game.copy()
    keys = set()
    while g.undo():
        keys.add(position_key(g))
    keys.discard(position_key(game))
    return keys


class BestSearch(Task):
    """``best_possible`` in slices: a depth-first search of every position reachable from `game`'s
    (a set of visited positions, told apart by their pass through the stock when the rules limit the
    passes; the legal moves in the engine's order, foundation moves first), at most `max_nodes`
    positions (and `max_seconds` of its slices, when given: ``timed_out`` then), keeping the line to
    the position with the most foundation cards: of those found, the one its line reaches in the
    fewest moves, then the first found.

    `avoid`: positions (``position_key``) the lines never enter, as if visited already: the hint gives
    the game's earlier positions, so that a player who follows its moves never goes round in a circle
    (a line back through one of them would be an undo's business). ``exact`` is then False when one
    of them was in the way."""

    def __init__(self, game, max_nodes=BEST_NODES, should_stop=None, max_seconds=None, avoid=()):
        super().__init__(should_stop, max_seconds)
        self.game = game.copy()      # searched in place (apply/unapply)
        self.origin = game.copy()    # the position searched, untouched
        self.max_nodes = max_nodes
        self.avoid = frozenset(avoid)

    def _work(self):
        g = self.game
        state = g.state()
        start = best = _found(state)
        best_line = []
        passes = g.rules.passes is not None   # the pass then matters: the same piles, fewer recycles left
        avoid = self.avoid
        seen = {_piles(state) + (g.pass_number,) if passes else _piles(state)}
        barred = False                         # an avoided position was in the way
        path = []
        stack = [iter(g.legal_moves())]
        nodes = 1
        total = g.rules.cards
        limit = self.max_seconds
        spent, mark = 0.0, time.perf_counter()   # this search's own time, the pauses between slices left out
        while stack and best < total:
            mv = next(stack[-1], None)
            if mv is None:
                stack.pop()
                if path:
                    g.unapply()
                    path.pop()
                continue
            g.apply(mv)
            state = g.state()
            key = _piles(state) + (g.pass_number,) if passes else _piles(state)
            if key in seen or key in avoid:
                barred |= key in avoid
                g.unapply()
                continue
            seen.add(key)
            path.append(mv)
            f = _found(state)
            if f > best or (f == best > start and len(path) < len(best_line)):
                best, best_line = f, list(path)
            if nodes >= self.max_nodes:
                break
            nodes += 1
            self.nodes += 1
            self._left -= 1
            if limit is not None and not nodes & 255 and spent + time.perf_counter() - mark >= limit:
                self.timed_out = True
                break
            if self._left <= 0:
                spent += time.perf_counter() - mark
                yield
                mark = time.perf_counter()
            stack.append(iter(g.legal_moves()))
        exact = (not stack and not barred) or best == total
        check = self.origin.copy()  # the line replayed with the checked `play`, move by move
        texts = [str(check.play(str(m))) for m in best_line]
        return Best(best, texts, exact, nodes, start)


def _check_draw(draw):
    if draw not in (1, 3):
        raise ValueError(f"draw must be 1 or 3, not {draw!r}")
    return draw


class Winnable:
    """A deal proved winnable: `.number`, `.code`, `.result` (its SolveResult), `.tried` (deals searched)."""

    __slots__ = ("number", "code", "result", "tried")

    def __init__(self, number, code, result, tried):
        self.number = number
        self.code = code
        self.result = result
        self.tried = tried

    def __repr__(self):
        return f"<Winnable {self.code} tried={self.tried}>"


class WinnableSearch(Task):
    """``find_winnable`` in slices: ``result`` is a ``Winnable`` or None (``tries`` deals without
    one, cancelled, or `max_seconds` spent: see ``cancelled`` and ``timed_out``). ``tried`` counts
    the deals searched so far."""

    def __init__(self, start_number, draw=3, rules="canfield", max_nodes=WINNABLE_NODES, tries=20,
                 should_stop=None, max_seconds=None):
        super().__init__(should_stop, max_seconds)
        self.start_number = int(start_number) % (MAX_NUMBER + 1)
        self.rules = get_rules(rules)
        self.draw = check_draw(self.rules, _check_draw(draw), strict=False)  # a game's fixed draw wins
        self.max_nodes = max_nodes
        self.tries = tries
        self.tried = 0

    def _work(self):
        for i in range(self.tries):
            number = (self.start_number + i) % (MAX_NUMBER + 1)
            game = Game(shuffled_deck(number, self.rules.decks), self.draw, self.rules, number)
            self.tried = i + 1
            res = yield from self._solve(Solver(game, self.max_nodes, self._time_left()))
            if res.verdict == WON:
                return Winnable(number, game.code, res, i + 1)
            if self.timed_out:
                return None
        return None


def last_winnable(game, max_nodes=DEFAULT_NODES // 10, max_undos=None, should_stop=None):
    """How far to go back: the number of undos after which the position is proved won, with that
    position's SolveResult, as (undos, result); None when no earlier position (within `max_undos`)
    is proved won with `max_nodes` each. Searches back from the current position; the game is not
    changed. For the offer "this position is lost: go back to the last position the solver proved
    winnable". In slices: ``LastWinnable``."""
    return LastWinnable(game, max_nodes, max_undos, should_stop=should_stop).run()


def find_winnable(start_number, draw=3, rules="canfield", max_nodes=WINNABLE_NODES, tries=20, should_stop=None):
    """The first deal from `start_number` on that the solver proves won within `max_nodes`
    (see canfield/solver.py's docstring); None after `tries` deals without one. In slices: ``WinnableSearch``."""
    return WinnableSearch(start_number, draw, rules, max_nodes, tries, should_stop).run()
