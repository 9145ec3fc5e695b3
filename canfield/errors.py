"""The engine's errors: one family, all ValueError, each message quoting the input."""


class CanfieldError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidCard(CanfieldError):
    """A card's text could not be read."""


class InvalidCode(CanfieldError):
    """A deal code is malformed."""


class InvalidDeck(CanfieldError):
    """A deck is not 52 distinct cards."""


class IllegalMove(CanfieldError):
    """A move that the rules do not allow, or text that names no move."""
