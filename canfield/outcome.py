"""What a search answers: the verdicts, ``SolveResult`` and ``SolverBug``, shared by the compact search
(canfield/search.py, which re-exports them) and the generic one (canfield/generic_search.py).

Pure Python, no dependencies, no browser imports.
"""

DEFAULT_NODES = 200_000

WON, LOST, UNKNOWN = "won", "lost", "unknown"


class SolverBug(RuntimeError):
    """A winning line that does not replay with Game.play: never expected, reported loudly."""


class SolveResult:
    """The outcome of a search. See canfield/solver.py's docstring (the API)."""

    __slots__ = ("verdict", "moves", "nodes", "seconds", "reason")

    def __init__(self, verdict, moves, nodes, seconds, reason=None):
        self.verdict = verdict
        self.moves = moves
        self.nodes = nodes
        self.seconds = seconds
        self.reason = reason

    @property
    def won(self):
        return self.verdict == WON

    @property
    def lost(self):
        return self.verdict == LOST

    def as_dict(self):
        """Plain data (for a message from a worker to the page)."""
        return {"verdict": self.verdict, "moves": list(self.moves), "nodes": self.nodes,
                "seconds": self.seconds, "reason": self.reason}

    def __repr__(self):
        extra = f" reason={self.reason}" if self.reason else ""
        return f"<SolveResult {self.verdict} nodes={self.nodes} moves={len(self.moves)}{extra}>"
