"""Canfield solitaire: a pure-Python rules engine (no third-party imports, no browser imports).

    >>> from canfield import Game
    >>> game = Game.from_code("CF1-D3-AAAAACL")
    >>> game.code
    'CF1-D3-AAAAACL'
    >>> move = game.legal_moves()[-1]
    >>> str(move)
    'S'

See README.md for the API, the move notation and the deal-code format.
"""

from .cards import CARDS, RANKS, SUITS, Card
from .deal import MAX_NUMBER, parse_code
from .describe import LANGS, card_name
from .errors import (
    AmbiguousMove, CanfieldError, ForbiddenMove, IllegalMove, InvalidCard, InvalidCode, InvalidDeck, InvalidJSON,
    InvalidMove,
)
from .game import COLUMNS, FOUNDATIONS, PILE_NAMES, Game, Move
from .rules import RULESETS, RuleSet

__all__ = [
    "CARDS", "RANKS", "SUITS", "Card", "MAX_NUMBER", "parse_code", "LANGS", "card_name",
    "CanfieldError", "IllegalMove", "InvalidMove", "AmbiguousMove", "ForbiddenMove", "InvalidCard", "InvalidCode",
    "InvalidDeck", "InvalidJSON",
    "COLUMNS", "FOUNDATIONS", "PILE_NAMES", "Game", "Move", "RULESETS", "RuleSet",
]
