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
(canfield/position.py, which has the format).

Internally cards are indices 0..51 (0..207 with several decks: card i is copy i // 52 + 1 of card i % 52)
and piles are lists, bottom to top; `apply` is the unchecked fast path for solvers, `play` the checked
entry point for anything a player or a file says.

A rule set with `rules.extended` (the twelve newer games) makes an `ExtendedGame` (chosen once by
`Game.__new__`): `Game` with canfield/game_extended.py's rules. `Move`, `FoundationNext`, the piles' names
and the card tables live in canfield/moves.py (re-exported here).
"""

import random

from . import position as position_text
from .cards import DECK_CARDS as CARDS, SUITS
from .deal import MAX_NUMBER, check_deck, make_code, parse_code, shuffled_deck
from .errors import AmbiguousMoveError, IllegalMoveError, InvalidDeck, InvalidMoveError
from .game_extended import ExtendedRules
from .moves import (
    _F_MOVES, _MOVE_RE, ALL_COLUMNS, ALL_FOUNDATIONS, ALL_RESERVES, PILE_NAMES, RANK, SUIT, FoundationNext, Move,
    _fits_table, _mv, _pile_label, _read_count, _well_formed,
)
from .moves import COLUMNS, FOUNDATIONS, MAX_CARDS, MAX_COUNT_DIGITS, RED  # noqa: F401 (canfield.game's names)
from .position import MAX_POSITION_CHARS  # noqa: F401
from .rules import CASINO_COST, check_draw, get_rules


class Game:
    """A game of Canfield in progress. Make one with `from_code`, `from_deck` or `new`; for a rule set with
    `rules.extended`, `Game(...)` and every constructor make an `ExtendedGame` (below)."""

    def __new__(cls, deck=None, draw=None, rules="canfield", number=None):
        if cls is Game and get_rules(rules).extended:
            cls = ExtendedGame
        return object.__new__(cls)

    def __init__(self, deck, draw=None, rules="canfield", number=None):
        rules = get_rules(rules)
        draw = check_draw(rules, draw, strict=False)
        self.rules = rules
        self.draw = draw
        self.number = number
        self._deck = tuple(deck)
        self._position = None
        self._empty_any = rules.empty_any
        self._takeback = rules.takeback
        self._fits = _fits_table(rules)
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
        cards = [c for pl in split for c in pl] + [c for r in (reserves or ())[1:] for c in r]
        g = cls(cards, draw, rules, None)
        return g._set_position(split, reserves or [split[2]], set(down), base_rank, fsuits, error, score, recycles)

    def _set_position(self, split, reserves, down, base_rank, fsuits, error, score, recycles):
        """Checks the position `split` (see `_from_split`) against the rule set and starts there."""
        rules = self.rules
        nf = rules.foundations
        fpiles = split[3:3 + nf]
        if base_rank is None:
            base_rank = rules.base_rank
        if base_rank is None:
            if not fpiles[0]:
                raise error("give base_rank when foundation 1 is empty")
            base_rank = RANK[fpiles[0][0]] + 1
        self._base = base_rank - 1
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
                if SUIT[c] != fsuits[i] or RANK[c] != (self._base + n) % 13 or n >= 13:
                    raise error(f"foundation {i + 1} cannot hold {CARDS[c].code} at position {n + 1}")
        for i, col in enumerate(split[3 + nf:]):
            for a, b in zip(col, col[1:]):
                if not self._fits_on(b, a):
                    raise error(f"column {i + 1}: {CARDS[b].code} cannot lie on {CARDS[a].code}")
            if not col and split[2] and rules.refills:
                raise error(f"column {i + 1} is empty while the reserve has cards")
        self._set_foundation_suits(fsuits)
        self._position = split
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

            CF1-D3 7 HSDC 7H8H/-/-/- 6C/QS/QH/ASKHQC jsqs...8H - ...5c4d 1 10
            rules+draw base suits foundations columns reserve waste stock pass score

        The fields: canfield/position.py and docs/engine.md ("The position text")."""
        return position_text.write(self)

    fen = position

    @classmethod
    def from_position(cls, text):
        """The game at the position that `text` (see `position`) describes, with no history and no deal
        code; `restart` comes back to it. Raises InvalidPosition, saying what is wrong."""
        return cls._from_split(*position_text.read(text))

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
        self._deal()

    def _deal(self):
        """The deal of the first sixteen games: the reserve, the base card (or the starters of a fixed base),
        a card a column, the rest the stock."""
        rules = self.rules
        nf = rules.foundations
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
        g = object.__new__(type(self))
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
        """The rank (0-based) foundation i takes next; None when it is full."""
        n = len(self._found[i])
        return None if n >= 13 else (self._base + n) % 13

    def foundation_next(self, i):
        """What foundation i (0-based) takes next, a `FoundationNext` (rank, suit, direction, card: equal
        to that card), empty or not; None when it takes nothing more (full, or not open yet)."""
        rank = self._fnext(i)
        if rank is None:
            return None
        suit = self._fsuits[i]
        if rank < 0 or suit is None:
            return FoundationNext(None if rank < 0 else rank + 1, None if suit is None else SUITS[suit], 1, None)
        card = CARDS[suit * 13 + rank]
        return FoundationNext(card.rank, card.suit, 1, card)

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
        )

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

    def legal_moves(self):
        """Every legal move, in a fixed order: to foundations, reserve, waste, tableau, take-backs, stock."""
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
            if k not in self.rules.take_counts(len(src)):
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
        move, refill, gain = self._undo.pop()
        s, d, k = move
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
        raise IllegalMoveError(self._why_illegal(Move(src, dst, count or 1)))

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
        return self._why_rules(move, text)

    def _why_rules(self, move, text):
        """Why a card move is not legal here, after what every game says (`_why_illegal`)."""
        s, d, k = move
        src = self._p[s]
        if not src:
            return f"{text}: {_pile_label(s)} is empty"
        if k > len(src):
            return f"{text}: {_pile_label(s)} has only {len(src)} card{'s' if len(src) > 1 else ''}"
        if k > 1 and s[0] != "T":
            return f"{text}: only the top card of {_pile_label(s)} plays"
        if k not in self.rules.take_counts(len(src)):
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
            to_f = next((m for m in legal if m.dst[0] == "F" and m.src[0] != "F"), None)   # F to F sends up nothing
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


class ExtendedGame(ExtendedRules, Game):
    """A game of a rule set with `rules.extended`: `Game` with canfield/game_extended.py's rules."""
