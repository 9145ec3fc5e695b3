"""Cards: 52 shared, immutable `Card` values with a two-character text form.

Internally the engine works on card indices 0..51 (suit-major, suits in the order
S, H, D, C, ranks A..K), which are fast to compare; `Card` is the public face.
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

    __slots__ = ("index", "rank", "suit", "red", "code")

    def __init__(self, index):
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "rank", index % 13 + 1)
        object.__setattr__(self, "suit", SUITS[index // 13])
        object.__setattr__(self, "red", SUITS[index // 13] in RED_SUITS)
        object.__setattr__(self, "code", RANKS[index % 13] + SUITS[index // 13])

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __str__(self):
        return self.code

    def __repr__(self):
        return f"Card.parse({self.code!r})"

    def __eq__(self, other):
        return self is other or (isinstance(other, Card) and other.index == self.index)

    def __hash__(self):
        return hash(("Card", self.index))

    def __reduce__(self):
        return (card_from_index, (self.index,))

    @staticmethod
    def parse(text):
        """Read a card: rank A 2-9 T J Q K (or 10), suit S H D C (or ♠ ♥ ♦ ♣), any case."""
        return CARDS[parse_card_index(text)]


def card_from_index(index):
    return CARDS[index]


CARDS = tuple(Card(i) for i in range(52))


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
