"""Moves and the tables the engine reads them with: the notation's piles, `Move` (a move without a
position, read and written as text: the notation is described in canfield/game.py's docstring),
`FoundationNext`, the card tables (rank, suit, colour of each card index) and what may be built on
what. canfield/game.py (`Game`) and canfield/game_extended.py (the newer games' `Game`) both read them;
`canfield.game` re-exports the public names (`Move`, `FoundationNext`, `PILE_NAMES`, ...)."""

import re
from typing import NamedTuple

from .cards import Card
from .errors import CanfieldError, InvalidMoveError

MAX_CARDS = 4 * 52
RANK = tuple(i % 13 for i in range(MAX_CARDS))  # 0 = ace .. 12 = king (card i is copy i // 52 of card i % 52)
SUIT = tuple(i // 13 % 4 for i in range(MAX_CARDS))  # 0..3 in the order S H D C
RED = tuple(SUIT[i] in (1, 2) for i in range(MAX_CARDS))

# The notation's piles: a game has some of them (`game.pile_names`), never others.
ALL_FOUNDATIONS = tuple(f"F{i}" for i in range(1, 17))
ALL_COLUMNS = tuple(f"T{i}" for i in range(1, 13))
ALL_RESERVES = ("R1", "R2", "R3", "R4")  # a game of several reserves; "R" is the one reserve of the others
# The piles of the four-column, one-deck games (each game's own: `game.pile_names`).
FOUNDATIONS = ALL_FOUNDATIONS[:4]
COLUMNS = ALL_COLUMNS[:4]
PILE_NAMES = ("S", "W", "R") + FOUNDATIONS + COLUMNS
_ALL_PILES = frozenset(("S", "W", "R") + ALL_RESERVES + ALL_FOUNDATIONS + ALL_COLUMNS)


class Move(NamedTuple):
    """A move: `count` cards from pile `src` to pile `dst` (pile names as in the module docstring).

    Drawing is Move("S", "W", n) with n the cards turned; recycling is Move("W", "S", n) with n the waste's
    size. Those two counts follow from the position, so a stock move's text leaves them out and
    `Move.parse` gives them as None ("as many as the position turns"), which `Game.play` and
    `Game.is_legal` accept. `str(move)` is `move.text()`; `Move.parse(move.text()).text() == move.text()`
    for every move, and `Move.parse(move.text()) == move` for every move but draws and recycles.

    >>> Move.parse("t2:3-t4")
    Move.parse('T2:3-T4')
    >>> str(Move("S", "W", 3)), str(Move("W", "S", 24))
    ('S', 'W-S')
    """

    src: str
    dst: str
    count: int = 1

    def text(self):
        """The move's text, position-free: "S" a draw, "W-S" a recycle, "T2:3-T4" three cards, "R-T2" one
        (a count is written for every move of several cards: "T3:4-F1" too)."""
        if self.src == "S":
            return "S"
        if self.dst == "S":
            return "W-S"
        if type(self.count) is int and self.count > 1:
            return f"{self.src}:{self.count}-{self.dst}"
        return f"{self.src}-{self.dst}"

    def __str__(self):
        return self.text()

    def __repr__(self):
        try:
            if Move.parse(self.text()) == self:
                return f"Move.parse({self.text()!r})"
        except CanfieldError:
            pass
        return f"Move({self.src!r}, {self.dst!r}, {self.count!r})"

    @property
    def is_stock(self):
        """True for a draw or a recycle."""
        return self.src == "S" or self.dst == "S"

    @property
    def is_draw(self):
        return self.src == "S"

    @property
    def is_recycle(self):
        return self.dst == "S"

    @classmethod
    def parse(cls, text):
        """The Move that `text` names, without a position: "S", "W-S", "R-T2", "T2:3-T4", "F2-T3", "R3-T12",
        "T3:4-F1" (any case, spaces ignored; "S-W" and "S:3-W" also read as a draw, "W:24-S" as a recycle).
        Whether the piles exist is the game's to say (`Game.play`, `Game.parse_move`). The foundation of a
        short form ("W-F") depends on the position: read those with `Game.parse_move`. Raises
        InvalidMoveError."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is written as text such as 'R-T2', not {text!r:.80}")
        t = "".join(text.split()).upper()
        if t == "S":
            return Move("S", "W", None)
        match = _MOVE_RE.match(t)
        if not match or "F" in (match.group(1), match.group(3)):  # "W-F" needs a position
            raise InvalidMoveError(
                f"{text!r:.80} is not a move: write source-destination with piles S, W, R (R1-R{_MAX_R}), "
                f"F1-F{_MAX_F}, T1-T{_MAX_T}, such as 'R-T2', 'W-F1', 'T2:3-T4', 'S' (draw) or 'W-S' (recycle)"
            )
        src, count, dst = match.group(1), _read_count(text, match.group(2)), match.group(3)
        if (src == "S" and dst != "W") or (dst == "S" and src != "W"):
            raise InvalidMoveError(f"{text!r:.80} is not a move: the stock turns onto the waste ('S'), the waste "
                              "goes back to the stock ('W-S')")
        if src == "S" or dst == "S":
            return Move(src, dst, count)
        return _mv(src, dst, count or 1)


class FoundationNext(NamedTuple):
    """What a foundation takes next (`Game.foundation_next`): a small value that also stands for its card.

    rank       1 (ace) .. 13 (king); None while any rank would do (a base the player has not chosen yet)
    suit       "S", "H", "D" or "C"; None when any suit would do
    direction  1: the foundation builds up (today's games), -1: down, 0: it takes the four cards of a rank at once
    card       the card it takes when rank and suit are both known (a Card, its first copy), else None

    It compares equal to its card (`game.foundation_next(0) == Card.parse("8H")`, hashing as the card does),
    and has the card's `red` and `code` (None when not known), so code that took the Card it returned before
    reads it unchanged. Another tuple is never equal to it.

    >>> FoundationNext(8, "H", 1, Card.parse("8H")) == Card.parse("8H")
    True
    """

    rank: object
    suit: object
    direction: int
    card: object

    @property
    def red(self):
        """True for hearts and diamonds; None when any suit would do."""
        return None if self.suit is None else self.suit in "HD"

    @property
    def code(self):
        """The card's two characters ("8H"), or None when the card is not known."""
        return None if self.card is None else self.card.code

    def __eq__(self, other):
        if isinstance(other, FoundationNext):
            return tuple.__eq__(self, other)
        if isinstance(other, Card):
            return self.card == other
        return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.card) if self.card is not None else tuple.__hash__(self)


# Every move the engine can make exists once: listing moves allocates nothing.
_MOVE_CACHE = {}


def _mv(src, dst, count=1):
    key = (src, dst, count)
    m = _MOVE_CACHE.get(key)
    if m is None:
        m = _MOVE_CACHE[key] = Move(src, dst, count)
    return m


def _well_formed(move):
    """A Move of real pile names and a whole count a pile could hold (anything else names no move)."""
    s, d, k = move
    return (isinstance(s, str) and isinstance(d, str) and s in _ALL_PILES and d in _ALL_PILES
            and (type(k) is int and 1 <= k <= MAX_CARDS or k is None and (s == "S" or d == "S")))


_F_MOVES = {(s, f): _mv(s, f) for s in ("R", "W") + ALL_RESERVES + ALL_COLUMNS for f in ALL_FOUNDATIONS}
_FITS = {}  # (build, wrap, cards) -> for each card t, the cards that may be built on t


def _fits_table(rules):
    key = (rules.build, rules.wrap, rules.cards)
    table = _FITS.get(key)
    if table is None:
        build, wrap, n = key

        def fits(c, t):
            if build == "rank":
                return RANK[c] == RANK[t] and c != t
            if not (RANK[c] == (RANK[t] - 1) % 13 if wrap else RANK[c] == RANK[t] - 1):
                return False
            return build == "any" or (RED[c] != RED[t] if build == "alternate" else SUIT[c] == SUIT[t])

        table = _FITS[key] = tuple(frozenset(c for c in range(n) if fits(c, t)) for t in range(n))
    return table


_MAX_T, _MAX_F, _MAX_R = len(ALL_COLUMNS), len(ALL_FOUNDATIONS), len(ALL_RESERVES)  # a game may have fewer
# "F" alone is a short form (the card's own foundation), read by Game.parse_move only
_PILE_RE = r"(S|W|R[1-4]?|F(?:1[0-6]|[1-9])?|T(?:1[0-2]|[1-9]))"
_MOVE_RE = re.compile(rf"^{_PILE_RE}(?::(\d+))?-{_PILE_RE}$")
MAX_COUNT_DIGITS = 4  # no pile holds more than 208 cards; longer counts are refused before int() sees them


def _read_count(text, digits):
    """The count of a move text (None when it has none); raises InvalidMoveError."""
    if not digits:
        return None
    if len(digits.lstrip("0")) > MAX_COUNT_DIGITS:
        raise InvalidMoveError(f"{text!r:.40}: the number of cards has more than {MAX_COUNT_DIGITS} digits")
    count = int(digits)
    if count < 1:
        raise InvalidMoveError(f"{text!r}: the number of cards must be at least 1")
    return count


def _pile_label(name):
    return {
        "S": "the stock", "W": "the waste", "R": "the reserve",
    }.get(name) or {"F": "foundation", "R": "reserve"}.get(name[0], "column") + f" {name[1:]}"
