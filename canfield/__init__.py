"""Canfield solitaire: a pure-Python rules engine (no third-party imports, no browser imports).

    >>> from canfield import Game, Move
    >>> game = Game.from_code("CF1-D3-AAAAACL")
    >>> game.code
    'CF1-D3-AAAAACL'
    >>> move = game.legal_moves()[-1]
    >>> str(move), Move.parse("W-S").is_recycle
    ('S', True)

See README.md for the API, the move notation and the deal-code format.
"""

from .cards import CARDS, DECK_CARDS, RANKS, SUITS, Card
from .deal import MAX_NUMBER, parse_code
from .describe import LANGS, card_name
from .errors import (
    AmbiguousMove, AmbiguousMoveError, CanfieldError, ForbiddenMove, IllegalMove, IllegalMoveError, InvalidCard,
    InvalidCode, InvalidDeck, InvalidJSON, InvalidLink, InvalidMove, InvalidMoveError, InvalidPosition, InvalidSave, InvalidStats,
    MoveError, ReasonError,
)
from .game import COLUMNS, FOUNDATIONS, PILE_NAMES, FoundationNext, Game, Move
from .rules import RULESETS, RuleSet

__all__ = [
    "CARDS", "DECK_CARDS", "RANKS", "SUITS", "Card", "MAX_NUMBER", "parse_code", "LANGS", "card_name",
    "CanfieldError", "MoveError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError",
    "IllegalMove", "InvalidMove", "AmbiguousMove", "ForbiddenMove", "InvalidCard", "InvalidCode",
    "InvalidDeck", "InvalidJSON", "InvalidLink", "InvalidPosition", "InvalidSave", "InvalidStats", "ReasonError",
    "COLUMNS", "FOUNDATIONS", "PILE_NAMES", "FoundationNext", "Game", "Move", "RULESETS", "RuleSet",
]
