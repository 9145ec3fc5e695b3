"""The game: state, legal moves, play, undo/redo, score.

Move notation (`str(move)`, and what `Game.play` / `Game.parse_move` read):

    piles   S stock, W waste, R reserve, F1-F4 foundations, T1-T4 tableau columns (F1-F16 and T1-T12 in
            games of more foundations and columns, R1-R4 in a game of several reserves, where R names none;
            `game.pile_names` lists a game's own)
    R-T2    the reserve top onto column 2         W-F1   the waste top onto foundation 1
    T1-F3   the top of column 1 onto foundation 3 F2-T3  foundation 2's top back onto column 3
    T2-T4   the top card of column 2 onto column 4
    T2:3-T4 the last 3 cards of column 2, as a unit, onto column 4
    T3:4-F1 the last 4 cards of column 3 onto foundation 1 at once (a foundation that takes four of a kind)
    S       turn cards from the stock onto the waste (a draw)
    W-S     the waste back onto the stock, once the stock is empty (a recycle)

`Move.parse(text)` reads these without a position and `move.text()` (= `str(move)`) writes them. A draw's
and a recycle's card count follow from the position and are left out of their text ("S:3-W" and "W:24-S"
are read too).

Short forms are read by `Game.play` / `Game.parse_move` wherever they name one move: "S" for the one stock
move there is (a draw, or a recycle when the stock is empty: what saved games of before "W-S" say),
"W-F" and "T1-F" (the card's own foundation),
"F-T3" (the one foundation whose top fits), "T2-T4" without a count (the one tail that fits; onto an
empty column, where every tail fits, it means the top card). Case and spaces do not matter.

`Game.position()` writes the whole position as one line of text and `Game.from_position` reads it back
(see `Game.position` for its format).

Internally cards are indices 0..51 (0..207 with several decks: card i is copy i // 52 + 1 of card i % 52)
and piles are lists, bottom to top; `apply` is the unchecked
fast path for solvers, `play` the checked entry point for anything a player or a file says.
"""

import random
import re
from typing import NamedTuple

from .cards import DECK_CARDS as CARDS, RANKS, SUITS, Card, parse_card_index
from .deal import MAX_NUMBER, check_deck, make_code, parse_code, shuffled_deck
from .errors import AmbiguousMoveError, CanfieldError, IllegalMoveError, InvalidCard, InvalidMoveError
from .rules import CASINO_COST, check_draw, get_rules, rules_for_prefix

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


class Game:
    """A game of Canfield in progress. Make one with `from_code`, `from_deck` or `new`."""

    def __init__(self, deck, draw=None, rules="canfield", number=None):
        rules = get_rules(rules)
        draw = check_draw(rules, draw, strict=False)
        self.rules = rules
        self.draw = draw
        self.number = number
        self._deck = tuple(deck)
        self._position = None
        self._alternate = rules.alternate
        self._empty_any = rules.empty_any
        self._takeback = rules.takeback
        self._fits = _fits_table(rules)
        self._extended = rules.extended
        self.columns = ALL_COLUMNS[:rules.columns]
        self.foundation_names = ALL_FOUNDATIONS[:rules.foundations]
        self.reserve_names = ("R",) if rules.reserves == 1 else ALL_RESERVES[:rules.reserves]
        self.pile_names = ("S", "W") + self.reserve_names + self.foundation_names + self.columns
        self._setup()

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def from_code(cls, code):
        """The game a deal code names (see canfield.deal). Raises InvalidCode."""
        rules, draw, number, deck = parse_code(code)
        return cls(deck, draw, rules, number)

    @classmethod
    def from_deck(cls, cards, draw=None, rules="canfield"):
        """A game from 52 x decks cards in dealing order (a list of card texts or Cards, or one string;
        with several decks each card `decks` times, its n-th appearance its n-th copy).

        Raises InvalidDeck when the cards are not the rule set's deck (52 distinct cards for one deck)."""
        return cls(check_deck(cards, get_rules(rules).decks), draw, rules, None)

    @classmethod
    def new(cls, draw=None, rules="canfield", number=None):
        """A numbered deal; a random number when `number` is None."""
        if number is None:
            number = random.randrange(MAX_NUMBER + 1)
        return cls(shuffled_deck(number, get_rules(rules).decks), draw, rules, number)

    @classmethod
    def from_piles(cls, *, stock=(), waste=(), reserve=(), foundations=None, tableau=None,
                   base_rank=None, foundation_suits=None, draw=None, rules="canfield"):
        """A game at a position given pile by pile (for tests, puzzles and solvers): each pile a list of
        card texts bottom to top (`stock` bottom to top too: its last card is drawn first); `foundations`
        and `tableau` one pile for each of the rule set's foundations and columns (default: all empty).

        `base_rank` (1..13) defaults to the rule set's, else the rank of the first card of foundation 1;
        `foundation_suits` (one suit letter a foundation) to the suits of the foundations' cards, then the
        rest in S, H, D, C order. The game has no deal code (`code` is None) and `restart` returns to this
        position. Raises InvalidDeck unless the piles hold the rule set's cards in a position it allows."""
        from .errors import InvalidDeck

        r = get_rules(rules)
        foundations = [()] * r.foundations if foundations is None else list(foundations)
        tableau = [()] * r.columns if tableau is None else list(tableau)
        piles = [stock, waste, reserve] + foundations + tableau
        if len(foundations) != r.foundations or len(tableau) != r.columns:
            raise InvalidDeck(f"a position of {r.name} has {r.foundations} foundations and {r.columns} columns")
        sizes = [len(pl) for pl in piles]
        flat = check_deck([c for pl in piles for c in pl], r.decks)
        split, i = [], 0
        for n in sizes:
            split.append(flat[i:i + n])
            i += n
        if foundation_suits is not None:
            foundation_suits = tuple(SUITS.index(s.upper()) for s in foundation_suits)
        return cls._from_split(split, base_rank, foundation_suits, draw, r, InvalidDeck)

    @classmethod
    def _from_split(cls, split, base_rank, fsuits, draw, rules, error, score=None, recycles=0, reserves=None,
                    down=()):
        """A game at the position `split` (card indices: stock, waste, reserve, the foundations, the
        columns); `fsuits` suit numbers or None; raises `error` for a position the rules do not allow.
        `reserves` every reserve (several), `down` the column cards face down (rule sets of the new
        parameters)."""
        g = cls.__new__(cls)
        cards = [c for pl in split for c in pl] + [c for r in (reserves or ())[1:] for c in r]
        g.__init__(cards, draw, rules, None)
        if g._extended:
            return g._check_extended(split, reserves or [split[2]], set(down), base_rank, fsuits, error, score,
                                     recycles)
        rules = g.rules
        nf = rules.foundations
        fpiles = split[3:3 + nf]
        if base_rank is None:
            base_rank = rules.base_rank
        if base_rank is None:
            if not fpiles[0]:
                raise error("give base_rank when foundation 1 is empty")
            base_rank = RANK[fpiles[0][0]] + 1
        g._base = base_rank - 1
        if fsuits is None:
            fs = [SUIT[f[0]] if f else None for f in fpiles]
            for i in range(nf):
                if fs[i] is None:
                    fs[i] = next(s for s in range(4) if fs.count(s) < rules.decks)
            fsuits = fs
        fsuits = tuple(fsuits)
        if sorted(fsuits) != sorted(list(range(4)) * rules.decks):
            raise error(f"the {nf} foundations hold each suit {rules.decks} time{'s' if rules.decks > 1 else ''}")
        for i, f in enumerate(fpiles):
            for n, c in enumerate(f):
                if SUIT[c] != fsuits[i] or RANK[c] != (g._base + n) % 13 or n >= 13:
                    raise error(f"foundation {i + 1} cannot hold {CARDS[c].code} at position {n + 1}")
        auto_fill = rules.refills
        for i, col in enumerate(split[3 + nf:]):
            for a, b in zip(col, col[1:]):
                if not g._fits_on(b, a):
                    raise error(f"column {i + 1}: {CARDS[b].code} cannot lie on {CARDS[a].code}")
            if not col and split[2] and auto_fill:
                raise error(f"column {i + 1} is empty while the reserve has cards")
        g._set_foundation_suits(fsuits)
        g._position = split
        g._deck = None
        g._start_score = score
        g._start_recycles = recycles
        g._setup()
        return g

    def _check_extended(self, split, reserves, down, base_rank, fsuits, error, score, recycles):
        """`_from_split` for a rule set of the new parameters: checks the position and sets it."""
        rules = self.rules
        nf, kind = rules.foundations, rules.foundation
        fpiles, cols = split[3:3 + nf], split[3 + nf:]
        if base_rank is None and rules.base_rank not in ("player", None) and kind != "set":
            base_rank = rules.base_rank
        if base_rank is None and rules.base_rank is None and kind != "set":
            if not fpiles[0]:
                raise error("give base_rank when foundation 1 is empty")
            base_rank = RANK[fpiles[0][0]] + 1
        if kind == "set" or rules.base_rank == "player" and not any(fpiles):
            base_rank = None  # no base, or none chosen yet: no card on a foundation
        elif base_rank is None:
            raise error("give base_rank: a card is on a foundation")
        base = None if base_rank is None else base_rank - 1
        if kind in ("rank", "set"):
            fsuits = (None,) * nf
        elif kind == "up_down":
            fsuits = (0, 1, 2, 3) * 2
        elif fsuits is None:
            fs = [SUIT[f[0]] if f else None for f in fpiles]
            for i in range(nf):
                if fs[i] is None:
                    fs[i] = next(s for s in range(4) if fs.count(s) < rules.decks)
            fsuits = tuple(fs)
        if kind == "suit" and sorted(fsuits) != sorted(list(range(4)) * rules.decks):
            raise error(f"the {nf} foundations hold each suit {rules.decks} time{'s' if rules.decks > 1 else ''}")
        for i, f in enumerate(fpiles):
            for n, c in enumerate(f):
                if kind == "set":
                    ok = RANK[c] == RANK[f[n - n % 4]]
                elif kind == "up_down":
                    other = len(fpiles[i + 4 if i < 4 else i - 4])
                    ok = SUIT[c] == fsuits[i] and RANK[c] == (n if i < 4 else 12 - n) and len(f) + other <= 13
                else:
                    ok = ((fsuits[i] is None or SUIT[c] == fsuits[i]) and RANK[c] == (base + n) % 13 and n < 13
                          and not (i and rules.foundations_in_order and len(fpiles[0]) < 13))
                if not ok:
                    raise error(f"foundation {i + 1} cannot hold {CARDS[c].code} at position {n + 1}")
        if kind == "set" and len(fpiles[0]) % 4:
            raise error("foundation 1 holds whole sets of four")
        for i, col in enumerate(cols):
            if rules.column_max is not None and len(col) > rules.column_max:
                raise error(f"column {i + 1} holds at most {rules.column_max} cards")
            for n, (a, b) in enumerate(zip(col, col[1:])):
                if n + 1 >= len(rules.column_deal) and not self._fits_on(b, a):
                    raise error(f"column {i + 1}: {CARDS[b].code} cannot lie on {CARDS[a].code}")
            if not col and any(reserves) and rules.refills:
                raise error(f"column {i + 1} is empty while the reserve has cards")
        self._set_foundation_suits(fsuits)
        self._position = split
        self._start_reserves = [list(r) for r in reserves]
        self._start_down = frozenset(down)
        self._start_base = base
        self._deck = None
        self._start_score = score
        self._start_recycles = recycles
        self._setup()
        return self

    def _set_foundation_suits(self, fsuits):
        self._fsuits = tuple(fsuits)
        # the foundations of each suit, in order (several with more than one deck; every foundation for
        # foundations of any suit)
        self._fof = tuple(tuple(i for i, x in enumerate(self._fsuits) if x == s or x is None) for s in range(4))
        self._fpos = tuple(f[0] for f in self._fof)

    # ---- the position text ----------------------------------------------------------------

    def position(self):
        """The position as one line of text (a FEN for Canfield); `Game.from_position` reads it back.

        Ten fields, one space apart:

            CF1-D3 7 HSDC 7H8H/-/-/- 6C/QS/QH/ASKHQC jsqs...8H - ...5c4d 1 10
            rules+draw base suits foundations columns reserve waste stock pass score

        rules+draw  the deal code's first two parts: the rule set's prefix and the draw (CF1-D3);
        base        the foundations' start rank (A 2-9 T J Q K); "-" while none is set (a base the player
                    chooses, or a game with no base);
        suits       the suit of each foundation, F1 first (HSDC); "-" for a foundation of any suit;
        foundations, columns  the piles, "/" between them, F1 / T1 first;
        reserve, waste, stock  one pile each (the stock's last card is the next one drawn); several
                    reserves "/" between them, R1 first;
        pass        the pass through the stock (1 before the first recycle);
        score       the points so far.
        Each pile lists its cards bottom to top, run together, two characters each, or "-" when empty.
        A face-up card is written in capitals ("QC"), a face-down one in small letters ("qc"): the stock's
        cards, the reserve's cards under its top, and a column's cards dealt face down and not turned yet.
        """
        def pile(cards, down=0):
            if not cards:
                return "-"
            return "".join(CARDS[c].code.lower() if i < down else CARDS[c].code for i, c in enumerate(cards))

        if self._extended:
            down = self._down
            cols = "/".join("".join(CARDS[c].code.lower() if c in down else CARDS[c].code for c in t) or "-"
                            for t in self._tab)
        else:
            cols = "/".join(pile(t) for t in self._tab)
        return " ".join((
            f"{self.rules.prefix}-D{self.draw}",
            "-" if self.base_rank is None else RANKS[self._base],
            "".join("-" if s is None else SUITS[s] for s in self._fsuits),
            "/".join(pile(f) for f in self._found),
            cols,
            "/".join(pile(r, self.rules.reserve_faces(len(r)).count(False)) for r in self._reserves),
            pile(self._waste),
            pile(self._stock, len(self._stock)),
            str(self._recycles + 1),
            str(self._score),
        ))

    fen = position

    @classmethod
    def from_position(cls, text):
        """The game at the position that `text` (see `position`) describes, with no history and no deal
        code; `restart` comes back to it. Raises InvalidPosition, saying what is wrong."""
        from .errors import InvalidPosition

        if not isinstance(text, str):
            raise InvalidPosition(f"a position is text (see Game.position), not {type(text).__name__}")
        if len(text) > MAX_POSITION_CHARS:
            raise InvalidPosition(f"a position has at most {MAX_POSITION_CHARS} characters, not {len(text)}")
        fields = text.split()
        names = ("rules+draw", "base", "suits", "foundations", "columns", "reserve", "waste", "stock", "pass",
                 "score")
        if len(fields) != len(names):
            raise InvalidPosition(f"a position has {len(names)} fields ({' '.join(names)}), "
                                  f"this one has {len(fields)}: {text!r:.80}")
        head, base, suits, found, cols, reserve, waste, stock, passes, score = fields
        prefix, _, draw = head.upper().partition("-")
        try:
            rules = rules_for_prefix(prefix, head)
        except CanfieldError as exc:
            raise InvalidPosition(f"position {text!r:.40}: {exc}") from None
        if draw not in ("D1", "D3"):
            raise InvalidPosition(f"position: the draw is D1 or D3, not {draw!r:.20}")
        try:
            check_draw(rules, int(draw[1]))
        except ValueError as exc:
            raise InvalidPosition(f"position: {exc}") from None
        no_base = rules.base_rank == "player" or rules.foundation == "set"
        if not (len(base) == 1 and base.upper() in RANKS and rules.foundation != "set" or base == "-" and no_base):
            allowed = "-" if rules.foundation == "set" else f"one of {RANKS}" + (" or -" if no_base else "")
            raise InvalidPosition(f"position: the base rank is {allowed}, not {base!r:.20}")
        nf = rules.foundations
        if rules.foundation in ("rank", "set"):
            if suits != "-" * nf:
                raise InvalidPosition(f"position: the foundations take any suit: write {'-' * nf}, not {suits!r:.20}")
        elif rules.foundation == "up_down":
            if suits.upper() != SUITS * 2:
                raise InvalidPosition(f"position: the foundations' suits are {SUITS * 2}, not {suits!r:.20}")
        elif len(suits) != nf or sorted(suits.upper()) != sorted(SUITS * rules.decks):
            each = "once" if rules.decks == 1 else f"{rules.decks} times"
            raise InvalidPosition(f"position: the foundations' suits are the letters {SUITS}, each {each}, "
                                  f"in some order, not {suits!r:.20}")
        reserve_texts = reserve.split("/") if rules.reserves > 1 else [reserve]
        if len(reserve_texts) != rules.reserves:
            raise InvalidPosition(f"position: {rules.name} has {rules.reserves} reserves, '/' between them, "
                                  f"not {len(reserve_texts)}")
        fpiles, tpiles = found.split("/"), cols.split("/")
        if len(fpiles) != nf or len(tpiles) != rules.columns:
            raise InvalidPosition(f"position: {rules.name} has {nf} foundations and {rules.columns} columns, "
                                  f"not {len(fpiles)} and {len(tpiles)}")
        # a casino game's score is its balance, below 0 until it has won back its stake
        signed = rules.scoring == "casino" and score.startswith("-")
        for name, value in (("pass", passes), ("score", score[1:] if signed else score)):
            if not value.isdigit() or len(value) > 6:
                raise InvalidPosition(f"position: the {name} is a whole number, not {value!r:.20}")
        if int(passes) < 1:
            raise InvalidPosition("position: the pass is 1 or more")
        split, seen, down_cards = [], {}, set()  # seen: card index -> the pile it was read in (copies: in reading order)
        nr = len(reserve_texts)
        labels = (["the stock", "the waste"] + (["the reserve"] if nr == 1 else [f"reserve {j}" for j in range(1, nr + 1)])
                  + [f"foundation {i}" for i in range(1, nf + 1)] + [f"column {i}" for i in range(1, rules.columns + 1)])
        first_col = 2 + nr + nf
        deal = rules.column_deal
        for n, (label, pl) in enumerate(zip(labels, [stock, waste] + reserve_texts + fpiles + tpiles)):
            cards = _read_pile(pl, label)
            down = (len(cards) if n == 0 else rules.reserve_faces(len(cards)).count(False) if 2 <= n < 2 + nr else 0)
            for i, (c, up) in enumerate(cards):
                # a column's card may lie face down where the deal put one, under the column's top
                may_be_down = n >= first_col and i < min(len(deal), len(cards) - 1) and not deal[i]
                if up == (i < down) and not (may_be_down and not up):
                    state = "face up" if i >= down else "face down"
                    raise InvalidPosition(f"position: {CARDS[c].code} in {label} is {state} in {rules.name}: "
                                          f"write it in {'capitals' if i >= down else 'small letters'}")
                copy = next((c + 52 * k for k in range(rules.decks) if c + 52 * k not in seen), None)
                if copy is None:
                    where = " and in ".join(seen[c + 52 * k] for k in range(rules.decks))
                    raise InvalidPosition(f"position: {CARDS[c].code} is in {where} and in {label}")
                seen[copy] = label
                cards[i] = (copy, up)
            split.append([c for c, _ in cards])
            if n >= first_col:
                down_cards.update(c for c, up in cards if not up)
        if len(seen) != rules.cards:
            missing = " ".join(c.code for c in CARDS[:rules.cards] if c.index not in seen)
            raise InvalidPosition(f"position: the {rules.cards} cards are each in one pile; missing: {missing}")
        reserves = split[2:2 + nr]
        split = split[:2] + [reserves[0]] + split[2 + nr:]
        fsuits = tuple(None if x == "-" else SUITS.index(x) for x in suits.upper())
        return cls._from_split(split, None if base == "-" else RANKS.index(base.upper()) + 1, fsuits,
                               int(draw[1]), rules, InvalidPosition, int(score), int(passes) - 1,
                               reserves=reserves, down=down_cards)

    def _setup(self):
        rules = self.rules
        nf = rules.foundations
        if getattr(self, "_position", None) is not None:
            split = self._position
            self._stock = list(split[0])
            self._waste = list(split[1])
            self._reserves = [list(r) for r in getattr(self, "_start_reserves", None) or (split[2],)]
            self._reserve = self._reserves[0]
            self._found = [list(f) for f in split[3:3 + nf]]
            self._tab = [list(t) for t in split[3 + nf:]]
            self._down = set(getattr(self, "_start_down", ()))
            self._base = getattr(self, "_start_base", self._base)
            self._link_piles()
            return
        if self._extended:
            self._deal_extended()
            return
        deck = self._deck
        base = rules.base_rank
        size, ncols = rules.reserve, rules.columns
        self._down = set()
        if base is None:
            reserve, base_card = deck[:size], deck[size]
            tableau, stock = deck[size + 1:size + 1 + ncols], deck[size + 1 + ncols:]
            self._base = RANK[base_card]
            first = SUIT[base_card]
            order = (first,) + tuple(s for s in range(4) if s != first)
            fsuits = tuple(s for s in order for _ in range(rules.decks))
            foundations = [[base_card]] + [[] for _ in range(nf - 1)]
        else:
            self._base = base - 1
            starters = [c for c in deck if RANK[c] == self._base]
            rest = [c for c in deck if RANK[c] != self._base]
            reserve, tableau, stock = rest[:size], rest[size:size + ncols], rest[size + ncols:]
            starters.sort(key=lambda c: (SUIT[c], c))
            fsuits = tuple(SUIT[c] for c in starters)
            foundations = [[c] for c in starters]
        self._set_foundation_suits(fsuits)
        self._stock = list(reversed(stock))  # top of the stock at the end
        self._waste = []
        self._reserve = list(reserve)
        self._reserves = [self._reserve]
        self._found = foundations
        self._tab = [[c] for c in tableau]
        self._link_piles()

    def _deal_extended(self):
        """The deal of a rule set of the new parameters (docs/engine.md, "The deal, ours"): the reserves'
        cards one a reserve in turn (R1 first), the base card where one is dealt, the columns row by row
        (the bottom row first, faces as `column_deal` says), the rest the stock (first dealt, first drawn)."""
        rules = self.rules
        deck = list(self._deck)
        nf, kind, base = rules.foundations, rules.foundation, rules.base_rank
        foundations = [[] for _ in range(nf)]
        if type(base) is int and rules.starters:
            self._base = base - 1
            starters = sorted((c for c in deck if RANK[c] == self._base), key=lambda c: (SUIT[c], c))
            deck = [c for c in deck if RANK[c] != self._base]
            fsuits = tuple(SUIT[c] for c in starters)
            foundations = [[c] for c in starters]
        else:
            self._base = base - 1 if type(base) is int else None
            fsuits = (tuple(s for s in range(4) for _ in range(rules.decks)) if kind == "suit"
                      else (0, 1, 2, 3) * 2 if kind == "up_down" else (None,) * nf)
        nr, size = rules.reserves, rules.reserve
        head = deck[:nr * size]
        self._reserves = [list(head[j::nr]) for j in range(nr)]
        i = nr * size
        if base is None and kind != "set":
            card = deck[i]
            i += 1
            self._base = RANK[card]
            if kind == "suit":
                order = (SUIT[card],) + tuple(s for s in range(4) if s != SUIT[card])
                fsuits = tuple(s for s in order for _ in range(rules.decks))
            foundations[0].append(card)
        self._tab = [[] for _ in range(rules.columns)]
        self._down = set()
        for up in rules.column_deal:
            for col in self._tab:
                col.append(deck[i])
                if not up:
                    self._down.add(deck[i])
                i += 1
        self._set_foundation_suits(fsuits)
        self._stock = list(reversed(deck[i:]))
        self._waste = []
        self._reserve = self._reserves[0]
        self._found = foundations
        self._link_piles()

    def _link_piles(self):
        self._p = {"S": self._stock, "W": self._waste, "R": self._reserve}
        if len(self._reserves) > 1:
            del self._p["R"]
            for name, pile in zip(self.reserve_names, self._reserves):
                self._p[name] = pile
        for name, pile in zip(self.foundation_names, self._found):
            self._p[name] = pile
        for name, pile in zip(self.columns, self._tab):
            self._p[name] = pile
        score = getattr(self, "_start_score", None)
        if score is None:  # a deal: nothing scored yet, or a casino game's stake against its start cards
            score = self._card_count() * 5 - CASINO_COST if self.rules.scoring == "casino" else 0
        self._score = score
        self._recycles = getattr(self, "_start_recycles", 0)
        self._undo = []  # (move, refilled column name or None, points)
        self._redo = []

    def _card_count(self):
        return sum(map(len, self._found))

    def restart(self):
        """Back to the start of the same deal; the history is cleared."""
        self._setup()

    def copy(self):
        """An independent game at the same position and with the same history."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._stock, g._waste = list(self._stock), list(self._waste)
        g._reserves = [list(r) for r in self._reserves]
        g._reserve = g._reserves[0]
        g._down = set(self._down)
        g._found = [list(f) for f in self._found]
        g._tab = [list(t) for t in self._tab]
        g._link_piles()
        g._score = self._score
        g._recycles = self._recycles
        g._undo = list(self._undo)
        g._redo = list(self._redo)
        return g

    # ---- read access -------------------------------------------------------------------

    @property
    def code(self):
        """The deal code that gives this deal back (numbered, or explicit with all 52 x decks cards);
        None for a game made with `from_piles`."""
        if self._deck is None:
            return None
        return make_code(self.rules, self.draw, self.number, self._deck)

    @property
    def deck(self):
        """The 52 x decks cards of the deal in dealing order (None for a game made with `from_piles`)."""
        if self._deck is None:
            return None
        return tuple(CARDS[i] for i in self._deck)

    @staticmethod
    def _cards(pile):
        return tuple(map(CARDS.__getitem__, pile))

    @property
    def stock(self):
        """The stock, bottom to top: the last card is the next one drawn."""
        return self._cards(self._stock)

    @property
    def waste(self):
        return self._cards(self._waste)

    @property
    def reserve(self):
        """The reserve (the first one in a game of several), bottom to top."""
        return self._cards(self._reserve)

    @property
    def reserves(self):
        """Every reserve, R1 first, each a tuple of Card bottom to top (`reserves[0]` is `reserve`). A game of
        one reserve calls it `R` in the notation; R1-R4 name those of a game of several."""
        return tuple(self._cards(r) for r in self._reserves)

    @property
    def reserve_faces(self):
        """For each reserve, a tuple of booleans bottom to top: True where the card is face up. A reserve
        `reserve_face_up` is all face up; `reserve_down` all face down until one card is left, which is up;
        any other is face down but its top."""
        return tuple(self.rules.reserve_faces(len(r)) for r in self._reserves)

    @property
    def foundations(self):
        return tuple(self._cards(f) for f in self._found)

    @property
    def tableau(self):
        """Each column, T1 first, every card of it (face down or up), bottom to top."""
        return tuple(self._cards(t) for t in self._tab)

    @property
    def tableau_faces(self):
        """For each column, a tuple of booleans bottom to top: True where the card is face up (every card
        of today's games is; a column dealt down and up in turns needs each card's face, not a count)."""
        down = self._down
        return tuple(tuple(c not in down for c in t) for t in self._tab)

    @property
    def face_down(self):
        """For each column, how many cards at its bottom are face down (the leading False of its
        `tableau_faces`; 0 in every game of today)."""
        return tuple(next((i for i, up in enumerate(faces) if up), len(faces)) for faces in self.tableau_faces)

    def pile(self, name):
        """The cards of the pile called `name` (S, W, R, F1-F4, T1-T4), bottom to top."""
        try:
            return self._cards(self._p[name])
        except (KeyError, TypeError):
            raise ValueError(f"no pile called {name!r}: expected one of {', '.join(self.pile_names)}") from None

    @property
    def base_rank(self):
        """The start rank of the foundations, 1 (ace) .. 13 (king); None while no base is set: a base the
        player chooses, not chosen yet, or a game with no base (no game of today: the deal or the rule set
        always sets it)."""
        return None if self._base is None or self.rules.foundation == "set" else self._base + 1

    @property
    def foundation_suits(self):
        """The suit letter of each foundation, F1 first (None for a foundation of any suit)."""
        return tuple(None if s is None else SUITS[s] for s in self._fsuits)

    def _fnext(self, i):
        """The rank (0-based) foundation i takes next; -1 when any rank would do (a base not chosen yet);
        None when it takes nothing now (full, or not open yet). Not for a "set" foundation."""
        n = len(self._found[i])
        kind = self.rules.foundation
        if kind == "up_down":
            if n + len(self._found[i ^ 4 if i < 4 else i - 4]) >= 13:
                return None
            return n if i < 4 else 12 - n
        if n >= 13:
            return None
        if self._base is None:
            return -1
        if i and self.rules.foundations_in_order and len(self._found[0]) < 13:
            return None
        return (self._base + n) % 13

    def foundation_next(self, i):
        """What foundation i (0-based) takes next, a `FoundationNext` (rank, suit, direction, card: equal
        to that card), empty or not; None when it takes nothing more (full, or not open yet)."""
        if self.rules.foundation == "set":
            return FoundationNext(None, None, 0, None) if len(self._found[i]) < self.rules.cards else None
        rank = self._fnext(i)
        if rank is None:
            return None
        direction = -1 if self.rules.foundation == "up_down" and i >= 4 else 1
        suit = self._fsuits[i]
        if rank < 0 or suit is None:
            return FoundationNext(None if rank < 0 else rank + 1, None if suit is None else SUITS[suit],
                                  direction, None)
        card = CARDS[suit * 13 + rank]
        return FoundationNext(card.rank, card.suit, direction, card)

    @property
    def draw_count(self):
        """The cards the next draw turns (fewer when the stock has fewer): the rule set's schedule."""
        return self.rules.draw_for(self.draw, self._recycles)

    @property
    def can_recycle(self):
        """True while the rules allow one more pass (whatever the stock holds now)."""
        passes = self.rules.passes
        return passes is None or self._recycles + 1 < passes

    @property
    def score(self):
        return self._score

    @property
    def pass_number(self):
        """The pass through the stock the game is in: 1 before the first recycle, then 2, 3, ..."""
        return self._recycles + 1

    @property
    def won(self):
        return self._card_count() == self.rules.cards

    @property
    def history(self):
        """The moves played from the deal to this position (what undo would take back, in order)."""
        return tuple(u[0] for u in self._undo)

    @property
    def redo_moves(self):
        """The moves that redo would play again, next one first."""
        return tuple(reversed(self._redo))

    @property
    def can_undo(self):
        return bool(self._undo)

    @property
    def can_redo(self):
        return bool(self._redo)

    def state(self):
        """A hashable snapshot of the whole position (piles and score), for comparisons."""
        return (
            tuple(self._stock), tuple(self._waste), tuple(self._reserve),
            tuple(tuple(f) for f in self._found), tuple(tuple(t) for t in self._tab), self._score,
        ) + ((tuple(tuple(r) for r in self._reserves[1:]), frozenset(self._down), self._base)
             if self._extended else ())

    def key(self):
        """A hashable key of the whole position but the score, for searches: every pile, every face, the
        base and the pass (recycles). Two positions of one game with equal keys play alike."""
        return (tuple(self._stock), tuple(self._waste), tuple(map(tuple, self._reserves)),
                tuple(map(tuple, self._found)), tuple(map(tuple, self._tab)), frozenset(self._down), self._base,
                self._recycles)

    # ---- rules -------------------------------------------------------------------------

    def _fits_foundation(self, c):
        """The first foundation that takes card c next, or -1."""
        rank = RANK[c]
        for f in self._fof[SUIT[c]]:
            n = len(self._found[f])
            if n < 13 and (self._base + n) % 13 == rank:
                return f
        return -1

    def _fits_on(self, c, t):
        """Can card c be built on card t in the tableau?"""
        return c in self._fits[t]

    def _takes_empty(self, src):
        """Does an empty column take a card from pile `src` now? (The rule set says.)"""
        return self.rules.empty_takes(src, bool(self._reserve))

    def _counts(self, n):
        """The numbers of cards a move may take from a column of n cards. (The rule set says.)"""
        return self.rules.take_counts(n)

    # ---- the rules of the new parameters (docs/engine.md, "The twelve other games") ----------

    def _run(self, col):
        """How many cards at the top of column `col` are face up, each built on the one below."""
        n, k, down, fits = len(col), 1, self._down, self._fits
        while k < n and col[-k - 1] not in down and col[-k] in fits[col[-k - 1]]:
            k += 1
        return k

    def _empty_ok(self, src, card):
        """Does an empty column take `card` (heading what would go there) from pile `src` now?"""
        base = self._base
        return self.rules.empty_takes(src, any(self._reserves), RANK[card] + 1, None if base is None else base + 1,
                                      len(self._found[0]) >= 13)

    def _foundations_for(self, c):
        """The foundations (indices) that take card c next, from a pile other than a foundation."""
        out = []
        for f in self._fof[SUIT[c]]:
            want = self._fnext(f)
            if want is not None and (want == RANK[c] or want < 0):
                out.append(f)
        return out

    def _reserve_plays(self, pile):
        """Does the top of this reserve play? (Eagle Wing's trunk: only its last card, face up.)"""
        return bool(pile) and (not self.rules.reserve_down or len(pile) == 1)

    def _legal_extended(self):
        rules = self.rules
        moves = []
        add = moves.append
        tab, cols, fnames, fits = self._tab, self.columns, self.foundation_names, self._fits
        cap = rules.column_max
        base_unset = rules.base_rank == "player" and self._base is None
        reserves = [(name, pile) for name, pile in zip(self.reserve_names, self._reserves) if self._reserve_plays(pile)]
        tops = reserves + ([] if base_unset or not self._waste else [("W", self._waste)])
        # Onto foundations.
        if rules.foundation == "set":
            for name, col in zip(cols, tab):
                if len(col) >= 4 and self._run(col) >= 4 and len({RANK[c] for c in col[-4:]}) == 1:
                    add(_mv(name, "F1", 4))
        else:
            sources = tops if base_unset else tops + [(name, col) for name, col in zip(cols, tab) if col]
            for name, pile in sources:
                if base_unset and name[0] != "R":
                    continue
                for f in self._foundations_for(pile[-1]):
                    add(_F_MOVES[name, fnames[f]])
        # Reserve and waste tops onto columns.
        for name, pile in tops:
            if name[0] == "R" and rules.reserve_to == "foundations":
                continue
            c = pile[-1]
            for j, col in enumerate(tab):
                if col:
                    if c in fits[col[-1]] and (cap is None or len(col) < cap):
                        add(_mv(name, cols[j]))
                elif self._empty_ok(name, c):
                    add(_mv(name, cols[j]))
        if base_unset:
            return moves
        # Columns onto columns.
        for i, col in enumerate(tab):
            n = len(col)
            if not n:
                continue
            counts = rules.take_counts(n, self._run(col))
            for j, dst in enumerate(tab):
                if j == i:
                    continue
                for k in counts:
                    c = col[-k]
                    if dst:
                        if c in fits[dst[-1]] and (cap is None or len(dst) + k <= cap):
                            add(_mv(cols[i], cols[j], k))
                    elif self._empty_ok(cols[i], c) and (cap is None or k <= cap):
                        add(_mv(cols[i], cols[j], k))
        # Foundation tops back onto columns (and onto the other foundation of their suit).
        if self._takeback:
            for i, fp in enumerate(self._found):
                if not fp:
                    continue
                c = fp[-1]
                for j, col in enumerate(tab):
                    if col:
                        if c in fits[col[-1]] and (cap is None or len(col) < cap):
                            add(_mv(fnames[i], cols[j]))
                    elif self._empty_ok(fnames[i], c):
                        add(_mv(fnames[i], cols[j]))
                if rules.foundation == "up_down":  # the other foundation of the suit, when it takes c next
                    other = i + 4 if i < 4 else i - 4
                    n = len(self._found[other])
                    if (n if other < 4 else 12 - n) == RANK[c]:
                        add(_mv(fnames[i], fnames[other]))
        # The stock.
        if self._stock:
            add(_mv("S", "W", min(self.draw_count, len(self._stock))))
        elif self._waste and self.can_recycle:
            add(_mv("W", "S", len(self._waste)))
        return moves

    def legal_moves(self):
        """Every legal move, in a fixed order: to foundations, reserve, waste, tableau, take-backs, stock."""
        if self._extended:
            return self._legal_extended()
        moves = []
        add = moves.append
        tab = self._tab
        found = self._found
        base = self._base
        fof = self._fof
        fits = self._fits
        cols = self.columns
        fnames = self.foundation_names
        ncols = len(tab)
        # Onto foundations.
        for name, pile in (("R", self._reserve), ("W", self._waste)) + tuple(zip(cols, tab)):
            if pile:
                c = pile[-1]
                for f in fof[SUIT[c]]:
                    n = len(found[f])
                    if n < 13 and (base + n) % 13 == RANK[c]:
                        add(_F_MOVES[name, fnames[f]])
        # Reserve and waste tops onto columns.
        for name, pile in (("R", self._reserve), ("W", self._waste)):
            if pile:
                ok = fits
                c = pile[-1]
                empty_ok = self._takes_empty(name)
                for j in range(ncols):
                    col = tab[j]
                    if col:
                        if c in ok[col[-1]]:
                            add(_mv(name, cols[j]))
                    elif empty_ok:
                        add(_mv(name, cols[j]))
        # Tails of columns onto other columns.
        take = self.rules.take_counts
        empty_ok = self._takes_empty("T")
        for i in range(ncols):
            col = tab[i]
            n = len(col)
            if not n:
                continue
            rc = RANK[col[-1]]
            for j in range(ncols):
                if j == i:
                    continue
                dst = tab[j]
                if dst:
                    t = dst[-1]
                    ft = fits[t]
                    # column cards descend by one rank, so depth k holds rank rc + k - 1
                    k = (RANK[t] - 1 - rc) % 13 + 1
                    counts = take(n)
                    while k <= n:
                        if k in counts and col[-k] in ft:
                            add(_mv(cols[i], cols[j], k))
                        k += 13
                elif empty_ok:
                    for k in take(n):
                        add(_mv(cols[i], cols[j], k))
        # Foundation tops back onto columns.
        if self._takeback:
            empty_ok = self._takes_empty("F")
            for i in range(len(found)):
                fp = found[i]
                if fp:
                    c = fp[-1]
                    for j in range(ncols):
                        col = tab[j]
                        if col:
                            if c in fits[col[-1]]:
                                add(_mv(fnames[i], cols[j]))
                        elif empty_ok:
                            add(_mv(fnames[i], cols[j]))
        # The stock.
        if self._stock:
            add(_mv("S", "W", min(self.draw_count, len(self._stock))))
        elif self._waste and self.can_recycle:
            add(_mv("W", "S", len(self._waste)))
        return moves

    def is_legal(self, move):
        """Is `move` (a Move) legal here? The same answer as `move in legal_moves()`, faster."""
        try:
            s, d, k = move
        except (TypeError, ValueError):
            return False
        if self._extended:
            if k is None and (s == "S" or d == "S"):
                return any(m.src == s and m.dst == d for m in self._legal_extended())
            return (s, d, k) in self._legal_extended()
        if s == "S":
            n = len(self._stock)
            return d == "W" and n > 0 and (k is None or k == min(self.draw_count, n))
        if d == "S":
            return (s == "W" and not self._stock and len(self._waste) > 0 and self.can_recycle
                    and (k is None or k == len(self._waste)))
        if type(k) is not int or k < 1:
            return False
        p = self._p
        src = p.get(s)
        dst = p.get(d)
        if src is None or dst is None or s == d or d == "R" or d == "W" or k > len(src):
            return False
        kind = s[0]
        if kind == "T":
            if k not in self._counts(len(src)):
                return False
        elif k != 1:
            return False
        c = src[-k]
        if d[0] == "F":
            if k != 1 or kind == "F":
                return False
            f = self._p[d]
            return self._fsuits[self.foundation_names.index(d)] == SUIT[c] and len(f) < 13 and (
                self._base + len(f)) % 13 == RANK[c]
        if kind == "F" and not self._takeback:
            return False
        if dst:
            return self._fits_on(c, dst[-1])
        return self._takes_empty(s)

    # ---- effects -----------------------------------------------------------------------

    def apply(self, move):
        """Play a move WITHOUT checking it (the solver's fast path); redo history is kept.

        Use `play` for anything that did not come from `legal_moves()` of this position."""
        s, d, k = move
        p = self._p
        if s == "S":
            stock, waste = self._stock, self._waste
            for _ in range(k):
                waste.append(stock.pop())
            self._undo.append((move, None, 0))
            return
        if d == "S":
            self._stock.extend(reversed(self._waste))
            self._waste.clear()
            self._recycles += 1
            self._undo.append((move, None, 0))
            return
        src = p[s]
        dst = p[d]
        if self._extended:
            return self._apply_extended(move, src, dst)
        if k == 1:
            dst.append(src.pop())
        else:
            dst.extend(src[-k:])
            del src[-k:]
        gain = 5 if d[0] == "F" else 0
        self._score += gain
        refill = None
        if not src and s[0] == "T" and self._reserve and self.rules.refills:
            src.append(self._reserve.pop())
            refill = s
        self._undo.append((move, refill, gain))

    def _apply_extended(self, move, src, dst):
        """`apply` of a card move in a rule set of the new parameters: the cards, the points, the base a
        player's first foundation card sets, then the column's new top turned up or the emptied column
        filled, each recorded in the undo entry (move, filled column, points, (fill source, turned card,
        base set))."""
        s, d, k = move
        rules = self.rules
        dst.extend(src[-k:])
        del src[-k:]
        gain = 5 * k if d[0] == "F" and s[0] != "F" else 0
        self._score += gain
        base_set = False
        if d[0] == "F" and self._base is None and rules.base_rank == "player":
            self._base = RANK[dst[-1]]
            base_set = True
        refill = fill_src = turned = None
        if s[0] == "T":
            if src:
                if src[-1] in self._down:
                    turned = src[-1]
                    self._down.discard(turned)
            elif rules.refills:
                fill_src = self._fill_source()
                if fill_src is not None:
                    src.append(self._p[fill_src].pop())
                    refill = s
        self._undo.append((move, refill, gain, (fill_src, turned, base_set)))

    def _fill_source(self):
        """The pile that fills a column emptied now (the rule set's `fill`), or None: the reserve with the
        most cards (R1 on a tie), then, for "larger_reserve_then_waste", the waste."""
        best = max(range(len(self._reserves)), key=lambda j: (len(self._reserves[j]), -j))
        if self._reserves[best]:
            return self.reserve_names[best]
        if self.rules.fills_from_waste and self._waste:
            return "W"
        return None

    def play(self, move):
        """Play a move given as a Move or as text; returns the Move played.

        Raises MoveError (InvalidMoveError: no move; AmbiguousMoveError: a short form naming several;
        IllegalMoveError: not allowed here), with the reason; then nothing changes."""
        m = self.parse_move(move) if isinstance(move, str) else move
        if not isinstance(m, Move):
            try:
                m = Move(*m)
            except TypeError:
                raise InvalidMoveError(f"{move!r:.80} is not a move") from None
        if not _well_formed(m):
            raise InvalidMoveError(f"{m!r:.80} is not a move: piles are {', '.join(PILE_NAMES)}, counts whole numbers")
        if m.src not in self._p or m.dst not in self._p:
            raise InvalidMoveError(f"{m.text()!r}: there is no pile {m.src if m.src not in self._p else m.dst} in "
                                   f"{self.rules.title}: piles are {', '.join(self.pile_names)}")
        if not self.is_legal(m):
            raise IllegalMoveError(self._why_illegal(m))
        if m.count is None:  # a draw or a recycle read without a position: the position sets the count
            m = _mv(m.src, m.dst, min(self.draw_count, len(self._stock)) if m.src == "S" else len(self._waste))
        self.apply(m)
        self._redo.clear()
        return m

    def undo(self):
        """Take back the last action and its points; returns that move, or None when there is nothing to
        undo (so it still reads as true or false, as when it returned a bool)."""
        if not self._undo:
            return None
        move = self._pop()
        self._redo.append(move)
        return move

    def redo(self):
        """Play again the last action undone; returns that move, or None when there is nothing to redo."""
        if not self._redo:
            return None
        move = self._redo.pop()
        self.apply(move)
        return move

    def _pop(self):
        entry = self._undo.pop()
        move, refill, gain = entry[:3]
        s, d, k = move
        if len(entry) > 3:
            return self._pop_extended(move, refill, gain, entry[3])
        if s == "S":
            stock, waste = self._stock, self._waste
            for _ in range(k):
                stock.append(waste.pop())
            return move
        if d == "S":
            self._waste.extend(reversed(self._stock))
            self._stock.clear()
            self._recycles -= 1
            return move
        p = self._p
        src = p[s]
        dst = p[d]
        if refill is not None:
            self._reserve.append(src.pop())
        if k == 1:
            src.append(dst.pop())
        else:
            src.extend(dst[-k:])
            del dst[-k:]
        self._score -= gain
        return move

    def _pop_extended(self, move, refill, gain, extra):
        s, d, k = move
        fill_src, turned, base_set = extra  # (a draw and a recycle keep the three-part entry of every game)
        p = self._p
        src, dst = p[s], p[d]
        if refill is not None:
            p[fill_src].append(src.pop())
        if turned is not None:
            self._down.add(turned)
        src.extend(dst[-k:])
        del dst[-k:]
        if base_set:
            self._base = None
        self._score -= gain
        return move

    # Solvers undo without keeping redo history.
    unapply = _pop

    # ---- reading moves -----------------------------------------------------------------

    def parse_move(self, text):
        """The Move that `text` names in this position (full or short notation). Raises MoveError
        (one of its three subclasses)."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is written as text such as 'R-T2', not {text!r:.80}")
        t = "".join(text.split()).upper()
        legal = self.legal_moves()
        if t == "S":
            for m in legal:
                if m.is_stock:
                    return m
            raise IllegalMoveError("'S': the stock and the waste are both empty")
        match = _MOVE_RE.match(t)
        if not match:
            raise InvalidMoveError(
                f"{text!r:.80} is not a move: write source-destination with piles {', '.join(self.pile_names)}, "
                "such as 'R-T2', 'W-F1', 'T2:3-T4', 'S' (draw) or 'W-S' (recycle)"
            )
        src, count, dst = match.group(1), _read_count(text, match.group(2)), match.group(3)
        for name in (src, dst):
            if name not in self._p and name != "F":
                raise InvalidMoveError(f"{text!r:.80}: there is no pile {name} in {self.rules.title}: piles are "
                                       f"{', '.join(self.pile_names)}")
        if src == dst:
            raise IllegalMoveError(f"{text!r}: a card cannot move onto its own pile")
        cands = [
            m for m in legal
            if (m.src == src or (src == "F" and m.src[0] == "F"))
            and (m.dst == dst or (dst == "F" and m.dst[0] == "F"))
            and (count is None or m.count == count)
        ]
        if len(cands) == 1:
            return cands[0]
        if len(cands) > 1 and dst == "F" and len({m.src for m in cands}) == 1:
            return cands[0]  # several foundations of the card's suit take it: the first
        if len(cands) > 1:
            ones = [m for m in cands if m.count == 1]
            if count is None and len(ones) == 1 and len({(m.src, m.dst) for m in cands}) == 1:
                return ones[0]
            raise AmbiguousMoveError(f"{text!r} names several moves: {', '.join(map(str, cands))}; say which")
        # Nothing legal matches: build the move the text means, to say why it is illegal.
        if src == "F" or dst == "F":
            if src == "F":
                raise IllegalMoveError(f"{text!r}: no foundation card can go there")
            pile = self._p[src]
            if not pile:
                raise IllegalMoveError(self._why_illegal(_mv(src, "F1", count or 1)))
            dst = self.foundation_names[self._fpos[SUIT[pile[-count if count and count <= len(pile) else -1]]]]
        return self._why_illegal_raise(Move(src, dst, count or 1))

    def _why_illegal_raise(self, move):
        raise IllegalMoveError(self._why_illegal(move))

    def _why_illegal(self, move):
        """A sentence saying why `move` is not legal in this position."""
        s, d, k = move
        text = str(move)
        if s not in self._p or d not in self._p:
            return f"{move!r} is not a move: piles are {', '.join(self.pile_names)}"
        if self.won:
            return f"{text}: the game is won"
        if d == "S" and s == "W" and not self._stock and self._waste and not self.can_recycle:
            n = self.rules.passes
            return f"{text}: {self.rules.title} allows {n} pass{'es' if n > 1 else ''} through the stock, no more"
        if s == "S" or d == "S":
            return f"{text}: the stock move here is {next((str(m) for m in self.legal_moves() if m.is_stock), 'none')}"
        if d == "R":
            return f"{text}: no card is ever put on the reserve"
        if d == "W":
            return f"{text}: cards reach the waste only from the stock"
        if not isinstance(k, int) or k < 1:
            return f"{text}: the number of cards must be at least 1"
        if self._extended:
            return self._why_illegal_extended(move, text)
        src = self._p[s]
        if not src:
            return f"{text}: {_pile_label(s)} is empty"
        if k > len(src):
            return f"{text}: {_pile_label(s)} has only {len(src)} card{'s' if len(src) > 1 else ''}"
        if k > 1 and s[0] != "T":
            return f"{text}: only the top card of {_pile_label(s)} plays"
        if k not in self._counts(len(src)):
            if self.rules.single_moves:
                return f"{text}: in {self.rules.name} rules cards move one at a time"
            return f"{text}: in {self.rules.name} rules only the top card or the whole column moves"
        card = src[-k]
        name = CARDS[card].code
        if d[0] == "F":
            if k > 1:
                return f"{text}: cards go to a foundation one at a time"
            if s[0] == "F":
                return f"{text}: a foundation card goes back only onto a column"
            f = self.foundation_names.index(d)
            if self._fsuits[f] != SUIT[card]:
                return f"{text}: foundation {f + 1} takes {SUITS[self._fsuits[f]]}, not {name}"
            nxt = self.foundation_next(f)
            if nxt is None:
                return f"{text}: foundation {f + 1} is full"
            return f"{text}: foundation {f + 1} takes {nxt.code} next, not {name}"
        # destination is a column
        if s[0] == "F" and not self._takeback:
            return f"{text}: in {self.rules.name} rules a foundation card never returns to play"
        dst = self._p[d]
        if dst:
            t = dst[-1]
            colours = {"alternate": "in alternating colours", "suit": "in suit", "any": "regardless of colour"}[
                self.rules.build]
            if not self.rules.wrap and RANK[t] == 0 and RANK[card] == 12:
                return f"{text}: {name} cannot go on {CARDS[t].code}: in {self.rules.name} rules no king goes on an ace"
            return f"{text}: {name} cannot go on {CARDS[t].code}: the tableau builds down {colours}"
        if self._reserve:
            return f"{text}: {_pile_label(d)} is empty and waits for the reserve"
        if not self._empty_any and s != "W":
            return f"{text}: in {self.rules.name} rules an empty column takes only the waste top"
        return f"{text} is not legal here"

    def _why_illegal_extended(self, move, text):
        """`_why_illegal` in a rule set of the new parameters (its rules read from the rule set)."""
        s, d, k = move
        rules = self.rules
        src = self._p[s]
        if not src:
            return f"{text}: {_pile_label(s)} is empty"
        if k > len(src):
            return f"{text}: {_pile_label(s)} has only {len(src)} card{'s' if len(src) > 1 else ''}"
        if rules.base_rank == "player" and self._base is None and s[0] != "R":
            return f"{text}: until a reserve's card starts a foundation, only the reserves' top cards move"
        if s[0] == "R" and not self._reserve_plays(src):
            return f"{text}: {_pile_label(s)} is face down until one card is left"
        if s[0] == "F" and not self._takeback:
            return f"{text}: in {rules.name} rules a foundation card never returns to play"
        card = src[-k]
        name = CARDS[card].code
        if card in self._down:
            return f"{text}: {_pile_label(s)} has a face-down card there"
        if d[0] == "F":
            if rules.foundation == "set":
                if s[0] != "T" or k != 4:
                    return f"{text}: the foundation takes four cards of one rank at once, from a column"
                return f"{text}: the last four cards of {_pile_label(s)} are not four of a kind"
            if k > 1:
                return f"{text}: cards go to a foundation one at a time"
            f = self.foundation_names.index(d)
            nxt = self.foundation_next(f)
            if nxt is None:
                return f"{text}: foundation {f + 1} takes no card now"
            return f"{text}: foundation {f + 1} does not take {name} now"
        if s[0] == "R" and rules.reserve_to == "foundations":
            return f"{text}: a reserve's top plays only to the foundations"
        if rules.foundation == "set" and s[0] == "F":
            return f"{text}: a foundation card never returns to play"
        if s[0] == "T" and k not in rules.take_counts(len(src), self._run(src)):
            return f"{text}: in {rules.name} rules {k} card{'s' if k > 1 else ''} of {_pile_label(s)} cannot move together"
        dst = self._p[d]
        if rules.column_max is not None and len(dst) + k > rules.column_max:
            return f"{text}: a column holds at most {rules.column_max} cards"
        if dst:
            words = {"alternate": "down in alternating colours", "suit": "down in suit", "any": "down regardless of colour",
                     "rank": "by rank (a card onto one of its rank)"}[rules.build]
            return f"{text}: {name} cannot go on {CARDS[dst[-1]].code}: the tableau builds {words}"
        return f"{text}: in {rules.name} rules {_pile_label(d)}, empty, does not take {name} from {_pile_label(s)} now"

    # ---- help for the interface ----------------------------------------------------------

    def tap_move(self, src, count=1, double_click=True):
        """The move a tap on a card makes (seed 000), or None.

        The card at `count` from the top of pile `src` (with the cards above it) goes to its foundation
        when it can; otherwise, with `double_click` on, onto the longest column that accepts it, then onto
        an empty column. A tap on the stock draws or recycles. A foundation card only moves by drag."""
        if src not in self._p:  # not a pile of this game (T4 in a three-column game): nothing to play
            return None
        legal = self.legal_moves()
        if src == "S":
            return next((m for m in legal if m.is_stock), None)
        if src == "W" and not self._waste and self._stock:
            return None
        mine = [m for m in legal if m.src == src and m.count == count and not m.is_stock]
        for m in mine:
            if m.dst[0] == "F":
                return m
        if not double_click or src[0] == "F":
            return None
        best = None
        best_len = -1
        empty = None
        whole = src[0] == "T" and count == len(self._p[src])
        for m in mine:
            if m.dst[0] != "T":
                continue
            n = len(self._p[m.dst])
            if n == 0:
                if empty is None and not whole:
                    empty = m
            elif n > best_len:
                best, best_len = m, n
        return best or empty

    def finish_moves(self):
        """A list of moves that certainly wins from here using only foundation moves, draws and
        recycles, or None when none is found (the auto-finish setting plays it)."""
        g = self.copy()
        line = []
        idle = 0
        while not g.won:
            legal = g.legal_moves()
            to_f = next((m for m in legal if m.dst[0] == "F"), None)
            if to_f is not None:
                g.apply(to_f)
                line.append(to_f)
                idle = 0
                continue
            stock_move = next((m for m in legal if m.is_stock), None)
            # two full passes without a foundation move: stuck
            if stock_move is None or idle > 2 * (len(g._stock) + len(g._waste)) + 2:
                return None
            g.apply(stock_move)
            line.append(stock_move)
            idle += 1
        return line

    def describe(self, lang="en"):
        """The whole board in sentences, in French ("fr"), Dutch ("nl") or English ("en")."""
        from .describe import describe_game

        return describe_game(self, lang)

    def describe_move(self, move, lang="en"):
        """One sentence saying what `move`, the last move played, did (for a live region)."""
        from .describe import describe_last_move

        return describe_last_move(self, move, lang)

    def __repr__(self):
        return f"<Game {self.code} score={self._score} moves={len(self._undo)}>"


MAX_POSITION_CHARS = 2000  # a position of four decks is under 1000 characters


def _read_pile(text, label):
    """The (card index, face up) pairs of one pile of a position text; raises InvalidPosition."""
    from .errors import InvalidPosition

    if text == "-":
        return []
    if len(text) % 2:
        raise InvalidPosition(f"position: {label} {text!r:.40} is not cards of two characters each (or '-')")
    out = []
    for i in range(0, len(text), 2):
        t = text[i:i + 2]
        up = t.isupper() or (t[0].isdigit() and t[1].isupper())
        down = t.islower() or (t[0].isdigit() and t[1].islower())
        if up == down:
            raise InvalidPosition(f"position: {t!r} in {label}: write a card all in capitals (face up) or all "
                                  "in small letters (face down)")
        try:
            out.append((parse_card_index(t), up))
        except InvalidCard as exc:
            raise InvalidPosition(f"position: {label}: {exc}") from None
    return out


def _reserve_faces(rules, n):
    """The faces of a reserve of n cards, bottom to top (True: face up): all up when the rule set says
    `reserve_face_up`, else down but the top. The API and the position text read it (the page's
    ui.table.visible_cards draws the same cards face up: tests/test_pile_api.py)."""
    if rules.reserve_face_up:
        return (True,) * n
    return (False,) * (n - 1) + (True,) if n else ()


def _pile_label(name):
    return {
        "S": "the stock", "W": "the waste", "R": "the reserve",
    }.get(name) or {"F": "foundation", "R": "reserve"}.get(name[0], "column") + f" {name[1:]}"
