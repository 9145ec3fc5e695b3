"""The engine's errors: one family, all ValueError, each message quoting the input.

Moves follow python-chess's split: `IllegalMove` is the family for any move that cannot be played, with
three subclasses saying why: `InvalidMove` (the text names no move: not notation, a pile that does not
exist, a count beyond reason), `AmbiguousMove` (a short form that names several moves) and `ForbiddenMove`
(one well-formed move that the rules do not allow here). Catch `IllegalMove` to catch all three.

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
    """A deck is not 52 distinct cards."""


class IllegalMove(CanfieldError):
    """A move that the rules do not allow, or text that names no move (the family of the three below)."""


class InvalidMove(IllegalMove):
    """Text (or a value) that cannot be read as a move at all."""


class AmbiguousMove(IllegalMove):
    """A short form that names several legal moves."""


class ForbiddenMove(IllegalMove):
    """A well-formed move that the rules do not allow in this position."""


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
