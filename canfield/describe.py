"""The board and the moves in sentences: French (seed 000), Dutch (seed 002) and English.

One table per language. The board sentences follow the seeds character for character; the Dutch
card names use one form throughout (klaverenvrouw, as in seed 002's opening line).
"""

from .cards import DECK_CARDS

LANGS = ("fr", "nl", "en")

FR = {
    "reserve_n": "réserve {i}",
    "reserve_hidden": "réserve : {count}, face cachée",
    "foundations_nobase": "Fondations : {list}.",
    "foundation_i": "fondation {i}",
    "down": "{suit} en descendant",
    "hidden": "carte cachée",
    "ranks": ("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi"),
    "suits": ("pique", "cœur", "carreau", "trèfle"),
    "count": ("{n} carte", "{n} cartes"),
    "stock": "Pioche : {count}",
    "stock_empty": "Pioche vide",
    "waste": "défausse : {count}, dessus : {top}",
    "waste_empty": "défausse vide",
    "reserve": "réserve : {count}, dessus : {top}",
    "reserve_empty": "réserve vide",
    "sep": " ; ",
    "foundations": "Fondations, rang de départ {rank} : {list}.",
    "foundation": "{suit} jusqu’{upto} ({n})",
    "foundation_empty": "{suit} vide",
    "column": "colonne {i} : {cards}",
    "column_empty": "colonne {i} : vide",
    "won": "Partie gagnée, score {score}.",
    # moves
    "to_card": "{Card} va sur {card}.",
    "to_card_n": "{Card} et {more} vont sur {card}.",
    "more": ("la carte posée dessus", "les {n} cartes posées dessus"),
    # a foundation is named by the card it takes the move onto, as the player sees it (never a number)
    "to_foundation": "{Card} monte en fondation sur {card}.",
    "to_foundation_new": "{Card} ouvre une fondation.",
    "to_foundation_n": "{Card} et {more} montent en fondation.",
    "to_empty": "{Card} va sur la colonne {i} vide.",
    "to_empty_n": "{Card} et {more} vont sur la colonne {i} vide.",
    "draw": "Pioche : {count} retournées, dessus : {top}.",
    "draw1": "Pioche : {top} retourné.",
    "recycle": "La défausse retourne dans la pioche : {count}.",
    "refill": "Colonne {i} : {card} sort de la réserve.",
}

NL = {
    "reserve_n": "reserve {i}",
    "reserve_hidden": "reserve: {count}, gesloten",
    "foundations_nobase": "Fundamenten: {list}.",
    "foundation_i": "fundament {i}",
    "down": "{suit} aflopend",
    "hidden": "dichte kaart",
    "ranks": ("aas", "2", "3", "4", "5", "6", "7", "8", "9", "10", "boer", "vrouw", "heer"),
    "suits": ("schoppen", "harten", "ruiten", "klaveren"),
    "count": ("{n} kaart", "{n} kaarten"),
    "stock": "Trekstapel: {count}",
    "stock_empty": "Trekstapel leeg",
    "waste": "aflegstapel: {count}, bovenste: {top}",
    "waste_empty": "aflegstapel leeg",
    "reserve": "reserve: {count}, bovenste: {top}",
    "reserve_empty": "reserve leeg",
    "sep": "; ",
    "foundations": "Fundamenten, startrang {rank}: {list}.",
    "foundation": "{suit} tot en met {card} ({n})",
    "foundation_empty": "{suit} leeg",
    "column": "kolom {i}: {cards}",
    "column_empty": "kolom {i}: leeg",
    "won": "Spel gewonnen, score {score}.",
    "to_card": "{Card} gaat op {card}.",
    "to_card_n": "{Card} en {more} gaan op {card}.",
    "more": ("de kaart erop", "de {n} kaarten erop"),
    "to_foundation": "{Card} gaat naar het fundament, op {card}.",
    "to_foundation_new": "{Card} begint een fundament.",
    "to_foundation_n": "{Card} en {more} gaan naar het fundament.",
    "to_empty": "{Card} gaat naar de lege kolom {i}.",
    "to_empty_n": "{Card} en {more} gaan naar de lege kolom {i}.",
    "draw": "Trekstapel: {count} omgedraaid, bovenste: {top}.",
    "draw1": "Trekstapel: {top} omgedraaid.",
    "recycle": "De aflegstapel gaat terug naar de trekstapel: {count}.",
    "refill": "Kolom {i}: {card} komt uit de reserve.",
}

EN = {
    "reserve_n": "reserve {i}",
    "reserve_hidden": "reserve: {count}, face down",
    "foundations_nobase": "Foundations: {list}.",
    "foundation_i": "foundation {i}",
    "down": "{suit} down",
    "hidden": "face-down card",
    "ranks": ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"),
    "suits": ("spades", "hearts", "diamonds", "clubs"),
    "count": ("{n} card", "{n} cards"),
    "stock": "Stock: {count}",
    "stock_empty": "Stock empty",
    "waste": "waste: {count}, top: {top}",
    "waste_empty": "waste empty",
    "reserve": "reserve: {count}, top: {top}",
    "reserve_empty": "reserve empty",
    "sep": "; ",
    "foundations": "Foundations, start rank {rank}: {list}.",
    "foundation": "{suit} up to {card} ({n})",
    "foundation_empty": "{suit} empty",
    "column": "column {i}: {cards}",
    "column_empty": "column {i}: empty",
    "won": "Game won, score {score}.",
    "to_card": "{Card} goes on {card}.",
    "to_card_n": "{Card} and {more} go on {card}.",
    "more": ("the card on it", "the {n} cards on it"),
    "to_foundation": "{Card} goes to the foundation, on {card}.",
    "to_foundation_new": "{Card} starts a foundation.",
    "to_foundation_n": "{Card} and {more} go to the foundation.",
    "to_empty": "{Card} goes to empty column {i}.",
    "to_empty_n": "{Card} and {more} go to empty column {i}.",
    "draw": "Stock: {count} turned, top: {top}.",
    "draw1": "Stock: {top} turned.",
    "recycle": "The waste goes back to the stock: {count}.",
    "refill": "Column {i}: {card} comes from the reserve.",
}

TABLES = {"fr": FR, "nl": NL, "en": EN}


def _table(lang):
    try:
        return TABLES[lang]
    except (KeyError, TypeError):
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}") from None


def card_name(card, lang="en"):
    """The spoken name of a card: "dame de trèfle", "klaverenvrouw", "queen of clubs"."""
    t = _table(lang)
    c = DECK_CARDS[card] if isinstance(card, int) else card
    rank = t["ranks"][c.rank - 1]
    suit = t["suits"]["SHDC".index(c.suit)]
    if lang == "nl":
        return f"{suit} {rank}" if 2 <= c.rank <= 10 else f"{suit}{rank}"
    if lang == "fr":
        return f"{rank} de {suit}"
    return f"{rank} of {suit}"


def _fr_article(card, capital=False):
    """French article + name: "le roi de cœur", "la dame de trèfle", "l’as de pique"."""
    name = card_name(card, "fr")
    if card.rank == 1:
        art = "l’"
    elif card.rank == 12:
        art = "la "
    else:
        art = "le "
    s = art + name
    return s[0].upper() + s[1:] if capital else s


def _fr_upto(card):
    """What follows "jusqu’": "au 7 de cœur", "à la dame de cœur", "à l’as de cœur"."""
    name = card_name(card, "fr")
    if card.rank == 1:
        return "à l’" + name
    if card.rank == 12:
        return "à la " + name
    return "au " + name


def _named(card, lang, capital=False):
    if lang == "fr":
        return _fr_article(card, capital)
    if lang == "en":
        s = "the " + card_name(card, "en")
        return s[0].upper() + s[1:] if capital else s
    s = "de " + card_name(card, "nl")
    return s[0].upper() + s[1:] if capital else s


def _count(t, n):
    return t["count"][0 if n == 1 else 1].format(n=n)


def describe_game(game, lang="en"):
    t = _table(lang)
    stock, waste = game.stock, game.waste
    parts = [
        t["stock"].format(count=_count(t, len(stock))) if stock else t["stock_empty"],
        t["waste"].format(count=_count(t, len(waste)), top=card_name(waste[-1], lang)) if waste else t["waste_empty"],
    ]
    several = len(game.reserves) > 1
    for i, (reserve, faces) in enumerate(zip(game.reserves, game.reserve_faces), 1):
        if not reserve:
            text = t["reserve_empty"]
        elif faces[-1]:
            text = t["reserve"].format(count=_count(t, len(reserve)), top=card_name(reserve[-1], lang))
        else:  # a trunk face down to its top (Eagle Wing)
            text = t["reserve_hidden"].format(count=_count(t, len(reserve)))
        if several:  # "reserve 2: ..." for the plain word (the same word in each language's sentences)
            text = text.replace(t["reserve_n"].split()[0], t["reserve_n"].format(i=i), 1)
        parts.append(text)
    first = t["sep"].join(parts) + "."
    flist = []
    for i, (suit_letter, pile) in enumerate(zip(game.foundation_suits, game.foundations)):
        if suit_letter is None:
            suit = t["foundation_i"].format(i=i + 1)
        else:
            suit = t["suits"]["SHDC".index(suit_letter)]
            if game.rules.foundation == "up_down" and i >= 4:
                suit = t["down"].format(suit=suit)
        if pile:
            top = pile[-1]
            upto = _fr_upto(top) if lang == "fr" else None
            flist.append(t["foundation"].format(suit=suit, upto=upto, card=card_name(top, lang), n=len(pile)))
        else:
            flist.append(t["foundation_empty"].format(suit=suit))
    if game.base_rank is None:
        second = t["foundations_nobase"].format(list=", ".join(flist))
    else:
        second = t["foundations"].format(rank=t["ranks"][game.base_rank - 1], list=", ".join(flist))
    cols = []
    for i, (col, faces) in enumerate(zip(game.tableau, game.tableau_faces), 1):
        if col:
            names = (card_name(c, lang) if up else t["hidden"] for c, up in zip(col, faces))
            cols.append(t["column"].format(i=i, cards=", ".join(names)))
        else:
            cols.append(t["column_empty"].format(i=i))
    third = t["sep"].join(cols) + "."
    text = f"{first} {second} {third}"
    if game.won:
        text += " " + t["won"].format(score=game.score)
    return text


def describe_last_move(game, move, lang="en"):
    """A sentence for `move`, which must be the last move played in `game` (before any undo)."""
    t = _table(lang)
    s, d, k = move
    if s == "S":
        waste = game.waste
        if k == 1:
            return t["draw1"].format(top=card_name(waste[-1], lang))
        return t["draw"].format(count=_count(t, k), top=card_name(waste[-1], lang))
    if d == "S":
        return t["recycle"].format(count=_count(t, k))
    dst = game.pile(d)
    moved = dst[-k]
    under = dst[-k - 1] if len(dst) > k else None
    Card = _named(moved, lang, capital=True)
    if d[0] == "F":
        if k > 1:        # a set of four at once (Beehive)
            more = t["more"][0 if k == 2 else 1].format(n=k - 1)
            text = t["to_foundation_n"].format(Card=Card, more=more)
        elif under is not None:
            text = t["to_foundation"].format(Card=Card, card=_named(under, lang))
        else:
            text = t["to_foundation_new"].format(Card=Card)
    elif under is not None:
        if k == 1:
            text = t["to_card"].format(Card=Card, card=_named(under, lang))
        else:
            more = t["more"][0 if k == 2 else 1].format(n=k - 1)
            text = t["to_card_n"].format(Card=Card, more=more, card=_named(under, lang))
    elif k == 1:
        text = t["to_empty"].format(Card=Card, i=d[1:])
    else:
        more = t["more"][0 if k == 2 else 1].format(n=k - 1)
        text = t["to_empty_n"].format(Card=Card, more=more, i=d[1:])
    last = game._undo[-1] if game._undo else None
    if last is not None and last[0] == move and last[1] is not None:
        col = game.pile(last[1])
        text += " " + t["refill"].format(i=last[1][1:], card=_named(col[-1], lang))
    if game.won:
        text += " " + t["won"].format(score=game.score)
    return text
