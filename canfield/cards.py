"""Cards: shared, immutable `Card` values with a two-character text form, for one to four decks.

Internally the engine works on card indices (suit-major, suits in the order S, H, D, C, ranks A..K),
which are fast to compare; `Card` is the public face. Index i is copy i // 52 + 1 of card i % 52: the
52 cards of one deck are 0..51 (`CARDS`), the copies of games of several decks 52..207 (`DECK_CARDS`).
A copy's `code` is the two-character code of its card ("QC" for every queen of clubs); its `id` tells
the copies apart: the code for the first copy ("QC"), the code and the copy number for the others
("QC2", "QC3", "QC4"), what the page writes in `data-card`.
"""

from .errors import InvalidCard

SUITS = "SHDC"
RANKS = "A23456789TJQK"
RED_SUITS = frozenset("HD")

_SUIT_ALIASES = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}
_RANK_ALIASES = {r: i + 1 for i, r in enumerate(RANKS)}
_RANK_ALIASES["10"] = 10
_RANK_ALIASES["1"] = 1


class Card:
    """A playing card. Use `Card.parse("QC")` or `CARDS[index]`; instances are shared.

    >>> Card.parse("10h")
    Card.parse('TH')
    >>> Card.parse("Q♣").rank, Card.parse("Q♣").suit
    (12, 'C')
    """

    __slots__ = ("index", "rank", "suit", "red", "code", "copy", "id")

    def __init__(self, index):
        suit = SUITS[index // 13 % 4]
        code = RANKS[index % 13] + suit
        copy = index // 52 + 1
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "rank", index % 13 + 1)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "red", suit in RED_SUITS)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "copy", copy)  # 1 .. 4: which deck's copy of the card
        object.__setattr__(self, "id", code if copy == 1 else f"{code}{copy}")

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __str__(self):
        return self.code

    def __repr__(self):
        if self.copy > 1:
            return f"Card.parse_id({self.id!r})"
        return f"Card.parse({self.code!r})"

    def __eq__(self, other):
        if isinstance(other, Card):
            return other.index == self.index
        return NotImplemented  # a value that stands for a card (game.FoundationNext) answers for itself

    def __hash__(self):
        return hash(("Card", self.index))

    def __reduce__(self):
        return (card_from_index, (self.index,))

    @staticmethod
    def parse(text):
        """Read a card: rank A 2-9 T J Q K (or 10), suit S H D C (or ♠ ♥ ♦ ♣), any case."""
        return CARDS[parse_card_index(text)]

    @staticmethod
    def parse_id(text):
        """Read a card's `id`: a card as `parse` reads it, then optionally its copy 1..4 ("QC2")."""
        if isinstance(text, str):
            t = text.strip()
            if len(t) >= 3 and t[-1] in "1234" and t[-2].upper() in _SUIT_ALIASES:
                return DECK_CARDS[parse_card_index(t[:-1]) + 52 * (int(t[-1]) - 1)]
        return Card.parse(text)


def card_from_index(index):
    return DECK_CARDS[index]


MAX_DECKS = 4
DECK_CARDS = tuple(Card(i) for i in range(52 * MAX_DECKS))
CARDS = DECK_CARDS[:52]


def parse_card_index(text):
    """The index 0..51 of the card written `text`; raises InvalidCard."""
    if not isinstance(text, str):
        raise InvalidCard(f"a card is written as text such as 'QC', not {text!r}")
    t = text.strip().upper()
    if len(t) < 2:
        raise InvalidCard(f"{text!r} is not a card: write a rank and a suit, such as 'QC' or '10H'")
    suit = _SUIT_ALIASES.get(t[-1])
    rank = _RANK_ALIASES.get(t[:-1])
    if suit is None:
        raise InvalidCard(f"{text!r} is not a card: the suit must be S, H, D or C (or ♠ ♥ ♦ ♣)")
    if rank is None:
        raise InvalidCard(f"{text!r} is not a card: the rank must be A, 2-9, T (or 10), J, Q or K")
    return SUITS.index(suit) * 13 + rank - 1


def split_cards(text):
    """Split a string of cards, spaced or run together ("QC 8H" or "QC8H" or "10H9S"), into card texts."""
    parts = []
    for chunk in text.replace(",", " ").split():
        i = 0
        while i < len(chunk):
            # a rank is one character, or "10"; then one suit character
            if chunk[i:i + 2] == "10":
                parts.append(chunk[i:i + 3])
                i += 3
            else:
                parts.append(chunk[i:i + 2])
                i += 2
    return parts
