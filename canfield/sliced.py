"""The shell of the solver's resumable searches, written once for both searches: canfield/search.py's
(``Solver``, ``BeamSolver``: the compact position of the first sixteen games) and canfield/generic_search.py's
(``GenericSolver``, ``GenericBeamSolver``: the engine's own Game, for the newer games).

``SlicedSearch`` is a search run slice by slice, so that a worker can answer between slices:
``step(nodes)`` searches at most `nodes` more positions and returns the ``SolveResult`` once the search
is over (else None), with the clock and the cyclic garbage collector off meanwhile (the searches make many
small containers and no cycles); ``run()`` steps to the end, asking ``should_stop`` between slices;
``cancel()`` ends it at the next step ("unknown", reason "cancelled"); ``nodes``, ``elapsed``, ``result``.
A subclass writes ``_search(slice_nodes)``.

``PortfolioSearch`` is the depth-first search with restarts both solvers run (the "Restarts" of
canfield/search.py's docstring): the main run interleaved with fresh runs whose ties are broken by a
seeded random order (random.Random(run), the same on every machine): main ``first_run`` positions, run 1
as many, main twice as many more, run 2 as many, ... up to run ``max_runs - 1``, then the main run alone to
the end of the budget. Each run is a complete reachability search of its own, so any run whose stack
empties proves "lost"; a run that runs out is dropped, the main run keeps its work between its turns.
Node budgets give the same answer on every machine; ``max_seconds`` only stops the search. A subclass
writes ``_fresh_run()`` (a run's state at its start, which becomes ``current``) and ``_walk(limit,
deadline)``: expand positions of ``current`` (ties broken by ``run_rnd`` when not None) until ``nodes``
reaches `limit`, then return None; or return ``_finish(...)``: won, "lost" when the run's stack empties,
"unknown" (reason "seconds") past `deadline` (a ``clock()`` value, or None).

Pure Python, no dependencies, no browser imports.
"""

import gc
import random
import time

from .outcome import UNKNOWN, SolveResult


class SlicedSearch:
    """A resumable search (see the module docstring); a subclass writes ``_search(slice_nodes)``."""

    def __init__(self, max_nodes, max_seconds=None, should_stop=None, clock=None):
        # what max_seconds measures: wall time by default; a benchmark on a shared machine passes
        # time.process_time (the CPU time of this process)
        self.clock = clock or time.perf_counter
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.should_stop = should_stop
        self.nodes = 0
        self.elapsed = 0.0
        self.result = None
        self._cancelled = False

    def cancel(self):
        self._cancelled = True

    def step(self, nodes=2000):
        """Search at most `nodes` more positions; the SolveResult when finished, else None."""
        if self.result is not None:
            return self.result
        clock = self.clock
        t0 = clock()
        gc_was_on = gc.isenabled()
        gc.disable()
        try:
            if self._cancelled:
                return self._finish(UNKNOWN, reason="cancelled")
            return self._search(nodes)
        finally:
            if gc_was_on:
                gc.enable()
            self.elapsed += clock() - t0
            if self.result is not None:
                self.result.seconds = self.elapsed

    def run(self):
        """Search until decided or out of budget; returns the SolveResult."""
        while True:
            res = self.step(512)
            if res is not None:
                return res
            if self.should_stop is not None and self.should_stop():
                self.cancel()

    def _finish(self, verdict, moves=(), reason=None):
        self.result = SolveResult(verdict, list(moves), self.nodes, self.elapsed, reason)
        return self.result

    def _search(self, slice_nodes):
        raise NotImplementedError


class PortfolioSearch(SlicedSearch):
    """A depth-first search with restarts (see the module docstring); a subclass writes ``_fresh_run()`` and
    ``_walk(limit, deadline)``, and calls ``_new_run()`` once it can make a run."""

    def __init__(self, max_nodes, max_seconds=None, should_stop=None, clock=None, order=None, restarts=True,
                 first_run=1000, max_runs=8):
        super().__init__(max_nodes, max_seconds, should_stop, clock)
        self.order = order
        self.restarts = restarts
        self.first_run = first_run
        self.max_runs = max_runs
        self.runs = 0
        self.main_run = self.current = self.run_rnd = self.run_end = None

    def _fresh_run(self):
        raise NotImplementedError

    def _walk(self, limit, deadline):
        raise NotImplementedError

    def _new_run(self):
        """Go to the next phase of the search: the main run, or a fresh random one, and where it stops."""
        i = self.runs
        self.runs += 1
        self.run_rnd = None
        if i == 0:
            self.main_run = self._fresh_run()
        if not self.restarts or self.order is None or i >= 2 * self.max_runs - 1:
            # the main run alone, to the end of the budget
            self.current = self.main_run
            self.run_end = None
        elif i % 2 == 0:
            self.current = self.main_run
            self.run_end = self.nodes + (self.first_run << (i // 2))
        else:
            self.current = self._fresh_run()
            # ties of the order broken at random, the same way on every machine (seeded by the run)
            self.run_rnd = random.Random(i // 2 + 1).random
            self.run_end = self.nodes + (self.first_run << (i // 2))

    def _search(self, slice_nodes):
        deadline = None
        if self.max_seconds is not None:
            deadline = self.max_seconds - self.elapsed + self.clock()
        slice_end = min(self.max_nodes, self.nodes + slice_nodes)
        while True:
            if self.run_end is not None and self.max_nodes > self.nodes >= self.run_end:
                self._new_run()
            done = self._walk(slice_end if self.run_end is None else min(slice_end, self.run_end), deadline)
            if done is not None:
                return done
            if self.nodes >= self.max_nodes:
                return self._finish(UNKNOWN, reason="nodes")
            if self.nodes >= slice_end:
                return None
