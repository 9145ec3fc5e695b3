"""Shared helpers for the engine tests."""

from canfield import CARDS, Game

SEED_TOP = ["JS", "QS", "8H", "QC"]  # reserve cards 10-13 of the seed's example deal
SEED_FIXED = SEED_TOP + ["7H", "6C", "KH", "QH", "AS"]


def seed_example_deck():
    """A deal matching seed 000's example: reserve ending JS QS 8H QC, base 7H, columns 6C KH QH AS."""
    rest = [c.code for c in CARDS if c.code not in SEED_FIXED]
    return rest[:9] + SEED_FIXED + rest[9:]


def seed_example_game(draw=3):
    return Game.from_deck(seed_example_deck(), draw=draw)


def all_cards(game):
    piles = [game.stock, game.waste, game.reserve, *game.foundations, *game.tableau]
    return [c for pile in piles for c in pile]
