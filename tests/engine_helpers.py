"""Shared helpers for the engine tests."""

import random

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


def random_game(rules, number, seed, length, draw=None, undos=False):
    """A game of rule set `rules` (deal `number`, `draw` or the rule set's default) after up to `length`
    legal moves picked by random.Random(seed), stopping early where none is legal; with `undos`, then 0-2
    undos drawn from the same generator (tests/test_links.py, tests/test_pile_api.py)."""
    game = Game.new(rules=rules, number=number, draw=draw)
    rnd = random.Random(seed)
    for _ in range(length):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rnd.choice(moves))
    if undos:
        for _ in range(rnd.randrange(3)):
            game.undo()
    return game


def all_cards(game):
    piles = [game.stock, game.waste, *game.reserves, *game.foundations, *game.tableau]
    return [c for pile in piles for c in pile]


def foundation_only_deal() -> str:
    """A draw-1 deal that finishes with foundation moves and draws only: the columns and the reserve
    hold each suit's cards from 8 up in order, so `finish_moves()` wins it (UI tests of the finish and the win)."""
    order = [r + s for s in "HSDC" for r in "789TJQKA23456"]
    need = order[1:]
    deck = list(reversed(need[:13])) + [order[0]] + need[13:17] + list(reversed(need[17:]))
    return "CF1-D1-" + "".join(deck)


def position_key(g):
    """A position's identity for a search: its text (pass number included) without the score."""
    return g.position().rsplit(" ", 1)[0]


def brute_force_won(game, limit=300_000, key=position_key):
    """True/False: can a won position be reached? None past `limit` positions. A plain DFS over
    Game.legal_moves, `key(game)` naming the positions already visited."""
    g = game.copy()
    seen = {key(g)}
    if g.won:
        return True
    stack = [iter(g.legal_moves())]
    while stack:
        m = next(stack[-1], None)
        if m is None:
            stack.pop()
            if stack:
                g.unapply()
            continue
        g.apply(m)  # a move legal_moves listed: the unchecked path
        k = key(g)
        if k in seen:
            g.unapply()
            continue
        seen.add(k)
        if g.won:
            return True
        if len(seen) > limit:
            return None
        stack.append(iter(g.legal_moves()))
    return False


def variegated_won_code() -> str:
    """A Variegated Canfield deal (VC1) the solver proves won from its start: both decks from the kings
    down to the aces, in dealing order. No numbered deal has been proved won yet (their searches stay
    unknown at 400,000 positions), so this explicit deal stands for the game where a whole won game is
    needed (tests/test_family.py, tests/browser/test_family_page.py)."""
    deck = [rank + suit for rank in "KQJT98765432A" for suit in "SHDC" for _ in range(2)]
    return "VC1-D3-" + "".join(deck)
