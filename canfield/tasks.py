"""Searches in slices, for a worker or a loop between frames: the lost position's way back
(``LastWinnable``, ``last_winnable``), the page's hint (``HintSearch``) and winnable deals
(``WinnableSearch``, ``find_winnable``, ``Winnable``), on the base class ``Task``; see canfield/solver.py's
docstring for the API. Built on canfield/search.py's ``Solver``; canfield/daily.py and canfield/insight.py
build their tasks on these.

Pure Python, no dependencies, no browser imports.
"""

import time

from .deal import MAX_NUMBER, shuffled_deck
from .game import Game
from .rules import check_draw, get_rules
from .search import DEFAULT_NODES, LOST, WINNABLE_NODES, WON, Solver


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
    """What the page's hint asks: the current position solved (``result``, a SolveResult, within
    `max_nodes` and `max_seconds`) and, when it is lost, the search back for the last position
    proved won (``undos``: how many undos, or None; `back_nodes` a position, `back_seconds` in
    all). ``result`` is None when cancelled."""

    def __init__(self, game, max_nodes=DEFAULT_NODES, max_seconds=None, back_nodes=DEFAULT_NODES // 10,
                 back_seconds=None, should_stop=None):
        super().__init__(should_stop, None)
        self.game = game.copy()
        self.max_nodes = max_nodes
        self.solve_seconds = max_seconds
        self.back_nodes = back_nodes
        self.back_seconds = back_seconds
        self.undos = None
        self.back = None

    def _work(self):
        res = yield from self._solve(Solver(self.game, self.max_nodes, self.solve_seconds))
        if res.verdict != LOST:
            return res
        back = LastWinnable(self.game, self.back_nodes, first_undo=1, max_seconds=self.back_seconds)
        found = yield from self._sub(back)
        if found is not None:
            self.undos, self.back = found
        return res


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
