"""The engine's errors: one family, all ValueError, each message quoting the input; every class is here
and exported from `canfield`.

Moves follow python-chess's split into siblings under one parent, `MoveError`:
`InvalidMoveError` (the text names no move: not notation, a pile that does not exist, a count beyond
reason), `AmbiguousMoveError` (a short form that names several moves) and `IllegalMoveError` (one
well-formed move that the rules do not allow here). Catch `MoveError` to catch all three.

The names before that split still work: `IllegalMove` is `MoveError` (so `except IllegalMove` still catches
all three), `InvalidMove` is `InvalidMoveError`, `AmbiguousMove` is `AmbiguousMoveError` and
`ForbiddenMove` is `IllegalMoveError`.

`InvalidSave`, `InvalidStats` and `InvalidJSON` carry a `reason`: a short, stable code ("not-json",
"too-deep", "too-large", "format", "version", "bad-field", ...) that a user interface can translate
without reading the English message.
"""


class CanfieldError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidCard(CanfieldError):
    """A card's text could not be read."""


class InvalidCode(CanfieldError):
    """A deal code is malformed."""


class InvalidDeck(CanfieldError):
    """A deck is not the cards of the rule set's decks, each once."""


class InvalidPosition(CanfieldError):
    """A position text (`Game.from_position`) that cannot be read, or that describes a position the rules
    do not allow."""


class MoveError(CanfieldError):
    """A move that cannot be played: the parent of the three siblings below."""


class InvalidMoveError(MoveError):
    """Text (or a value) that cannot be read as a move at all."""


class AmbiguousMoveError(MoveError):
    """A short form that names several legal moves."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules do not allow in this position."""


# The names of before the split (see the module docstring).
IllegalMove = MoveError
InvalidMove = InvalidMoveError
AmbiguousMove = AmbiguousMoveError
ForbiddenMove = IllegalMoveError


class ReasonError(CanfieldError):
    """An error with a stable `reason` code beside its English message."""

    default_reason = "invalid"

    def __init__(self, message="", reason=None):
        super().__init__(message)
        self.reason = reason or self.default_reason


class InvalidJSON(ReasonError):
    """Text that the bounded JSON reader (canfield.jsonio) refuses: reason "not-json", "too-deep" or
    "too-large"."""

    default_reason = "not-json"


class InvalidSave(ReasonError):
    """A saved game that cannot be read. `reason`: "not-json", "too-deep", "too-large" (from
    canfield.jsonio), "format" (not a saved game), "version", "bad-field" (a field of the wrong type or
    too many moves), "bad-code" (the deal code), "bad-move" (a move that cannot be played)."""

    default_reason = "invalid"


class InvalidStats(ReasonError):
    """Statistics that cannot be read. `reason`: "not-json", "too-deep", "too-large" (canfield.jsonio),
    "format" (not a statistics file), "version", "bad-field" (a table, a count or a time out of bounds)."""

    default_reason = "invalid"


class InvalidLink(CanfieldError):
    """A game link (canfield.links) that cannot be read: the message says what is wrong."""
