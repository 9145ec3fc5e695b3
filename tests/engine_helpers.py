"""Shared helpers for the engine tests."""

from canfield import CARDS, Game

SEED_TOP = ["JS", "QS", "8H", "QC"]  # reserve cards 10-13 of the seed's example deal
SEED_FIXED = SEED_TOP + ["7H", "6C", "KH", "QH", "AS"]


# Seed 000's sentences (the lines starting "Pioche :"), before and after the example's three moves.
FR_BEFORE = (
    "Pioche : 34 cartes ; défausse vide ; réserve : 13 cartes, dessus : dame de trèfle. Fondations, rang de "
    "départ 7 : cœur jusqu’au 7 de cœur (1), pique vide, carreau vide, trèfle vide. colonne 1 : 6 de trèfle ; "
    "colonne 2 : roi de cœur ; colonne 3 : dame de cœur ; colonne 4 : as de pique."
)
FR_AFTER = (
    "Pioche : 34 cartes ; défausse vide ; réserve : 10 cartes, dessus : valet de pique. Fondations, rang de "
    "départ 7 : cœur jusqu’au 8 de cœur (2), pique vide, carreau vide, trèfle vide. colonne 1 : 6 de trèfle ; "
    "colonne 2 : dame de pique ; colonne 3 : dame de cœur ; colonne 4 : as de pique, roi de cœur, dame de trèfle."
)

def seed_example_deck():
    """A deal matching seed 000's example: reserve ending JS QS 8H QC, base 7H, columns 6C KH QH AS."""
    rest = [c.code for c in CARDS if c.code not in SEED_FIXED]
    return rest[:9] + SEED_FIXED + rest[9:]


def seed_example_game(draw=3):
    return Game.from_deck(seed_example_deck(), draw=draw)


def all_cards(game):
    piles = [game.stock, game.waste, game.reserve, *game.foundations, *game.tableau]
    return [c for pile in piles for c in pile]


def foundation_only_deal() -> str:
    """A draw-1 deal that finishes with foundation moves and draws only: the columns and the reserve
    hold each suit's cards from 8 up in order, so `finish_moves()` wins it (UI tests of the finish and the win)."""
    order = [r + s for s in "HSDC" for r in "789TJQKA23456"]
    need = order[1:]
    deck = list(reversed(need[:13])) + [order[0]] + need[13:17] + list(reversed(need[17:]))
    return "CF1-D1-" + "".join(deck)
