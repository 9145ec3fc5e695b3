"""A slow, independent reference of PySolFC's twelve other Canfield-family games (issue 34).

Written from PySolFC's code (shlomif/PySolFC at 7a3d146: pysollib/games/canfield.py, pysollib/games/glenwood.py,
pysollib/stack.py, pysollib/game/__init__.py) and from the deal order, piles, names and scoring that
docs/engine.md ("The twelve other games (plan)") gives our engine; never from canfield/game.py. It models
PySolFC's stacks as PySolFC does: a move is legal when the source stack's `canMoveCards(cards)` and the target
stack's `acceptsCards(from_stack, cards)` both say yes, for every source, every count and every target, one
pair at a time; after a move the source stack's `fillStack` runs (only there: PySolFC calls it from
`Stack.moveMove`), then the auto face-up of `Game._autoPlay` turns up every top of the drop stacks
(rows, reserves, waste) whose `canFlipCard()` says so, until none does.

Cards are plain tuples (rank 1-13, suit letter, id), the id the engine's card id ("QC", "QC2" for a second
copy); piles are plain lists, faces plain lists of booleans. Nothing here imports the engine.

Our deliberate differences from PySolFC (docs/engine.md): the waste starts empty; 5 points a card sent to a
foundation from a pile that is not a foundation (Beehive's set of four: 20); the deal order is ours (the
reserves round robin, the base card, the columns row by row, the stock); the unlimited-pass games that PySolFC
draws 3 by (Candike, Lafayette, Beehive) take the player's draw of 1 or 3.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED = frozenset("HD")
MANY = 10 ** 9  # PySolFC's 999999: no limit


def card(text):
    """A card tuple from an id: "QC" -> (12, "C", "QC"); "QC2" -> (12, "C", "QC2")."""
    return (RANKS.index(text[0].upper()) + 1, text[1].upper(), text)


def ids_to_cards(codes):
    """Codes in order ("QC", "QC", ...) -> card tuples, a code's n-th appearance its n-th copy ("QC2")."""
    seen = {}
    out = []
    for c in codes:
        c = c.upper()
        seen[c] = seen.get(c, 0) + 1
        out.append(card(c if seen[c] == 1 else f"{c}{seen[c]}"))
    return out


# ---- the stacks' capabilities, as each game's class builds them in PySolFC ----------------------------------


@dataclass(frozen=True)
class Rows:
    """A row stack class with its caps: `kind` AC_RowStack / SS_RowStack / RK_RowStack (`_isSequence`), `dir`
    (-1; 0 for Beehive's `dir=0`), `mod` (13 where the class is wrapped with mod=13, else None: PySolFC's 8192),
    `max_move` (SequenceRowStack's 999999 unless set), `max_cards` (Eagle Wing 3), `base_rank` (the rank an
    empty row takes first: None = ANY_RANK, 13 KingAC_RowStack, 7 Lafayette's base_rank=6), `hook` (a game's own
    acceptsCards/canMoveCards: "glenwood" Glenwood_RowStack, "plot" ThePlot_RowStack)."""

    kind: str
    dir: int = -1
    mod: int | None = None
    max_move: int = MANY
    max_cards: int = MANY
    base_rank: int | None = None
    hook: str | None = None


@dataclass(frozen=True)
class Spec:
    """One game as PySolFC's code builds it (class named in `source`)."""

    name: str
    source: str
    decks: int
    rows: Rows
    columns: int
    column_deal: tuple  # faces dealt to each column, bottom first (True face up)
    reserves: int
    reserve_size: int
    reserve_faces: str  # "down_top" (face down but the top), "up" (all face up), "eagle" (EagleWing_ReserveStack)
    base_card: bool  # a base card dealt onto the foundations (Canfield.startGame with SEPARATE_FOUNDATIONS)
    foundation: str  # "canfield", "ace", "up_down", "glenwood", "plot", "beehive"
    fill: str | None  # "reserve" (Canfield.fillStack / Lafayette.fillStack), "gate" (Gate.fillStack), None
    max_rounds: int | None  # None = UNLIMITED_REDEALS
    num_deal: int | None  # None: the player's draw (our D1/D3 where PySolFC draws 3 with unlimited passes)
    talon: str = "waste"  # "glenwood": Glenwood_Talon (no deal before the base is set)


SPECS = {
    s.name: s
    for s in (
        # EagleWing(Canfield): RowStack_Class = StackWrapper(SS_RowStack, mod=13, max_move=1, max_cards=3);
        # ReserveStack_Class = EagleWing_ReserveStack (flips only its last card); Canfield's foundations
        # (mod=13, max_move=0) from the base card; FILL_EMPTY_ROWS=1; WasteTalonStack(max_rounds=3, num_deal=1).
        Spec("eagle-wing", "EagleWing", 1, Rows("SS", mod=13, max_move=1, max_cards=3), 8, (True,), 1, 13,
             "eagle", True, "canfield", "reserve", 3, 1),
        # Gate(Game): OpenStack(max_accept=0) x2 dealt face up 5 rounds; SS_FoundationStack(suit=i) (ace, max_move
        # 1 from OpenStack); AC_RowStack (no mod); Gate.fillStack; WasteTalonStack(max_rounds=1).
        Spec("gate", "Gate", 1, Rows("AC"), 8, (True,), 2, 5, "up", False, "ace", "gate", 1, 1),
        Spec("little-gate", "LittleGate", 1, Rows("AC"), 4, (True,), 2, 5, "up", False, "ace", "gate", 1, 1),
        # Duke(Game): OpenStack(max_accept=0) x4 face up, 3 rounds; SS_FoundationStack(suit=i); AC_RowStack;
        # no fillStack; WasteTalonStack(max_rounds=3).
        Spec("duke", "Duke", 1, Rows("AC"), 4, (True,), 4, 3, "up", False, "ace", None, 3, 1),
        # Glenwood(Game) "Dutchess": Glenwood_RowStack(mod=13), Glenwood_Foundation(suit i, mod=13,
        # base_rank=ANY_RANK, max_move=0), Glenwood_ReserveStack x4 face up, Glenwood_Talon(max_rounds=2, num_deal=1).
        Spec("dutchess", "Glenwood", 1, Rows("AC", mod=13, hook="glenwood"), 4, (True,), 4, 3, "up", False,
             "glenwood", None, 2, 1, talon="glenwood"),
        # Minerva(Canfield): KingAC_RowStack; FILL_EMPTY_ROWS=0; 11 reserve cards face down, the top flipped;
        # rows dealt flip=0, flip=1, flip=0, flip=1; Canfield's foundations (ace: no base card dealt, max_move=0);
        # max_rounds=2, num_deal=1.
        Spec("minerva", "Minerva", 1, Rows("AC", base_rank=13), 7, (False, True, False, True), 1, 11,
             "down_top", False, "canfield", None, 2, 1),
        Spec("munger", "Munger", 1, Rows("AC", base_rank=13), 7, (False, True, False, True), 1, 7,
             "down_top", False, "canfield", None, 1, 1),
        # Mystique(Munger): RowStack_Class = AC_RowStack (an empty row takes any card), 9 reserve cards.
        Spec("mystique", "Mystique", 1, Rows("AC"), 7, (False, True, False, True), 1, 9,
             "down_top", False, "canfield", None, 1, 1),
        # Candike(Canfield): AC_RowStack (no mod), startGame(num_rows=2): a row flip=0 then a row face up.
        Spec("candike", "Candike", 1, Rows("AC"), 7, (False, True), 1, 13, "down_top", True, "canfield",
             "reserve", None, None),
        # Lafayette(Game): SS_FoundationStack(suit=i) up and (base_rank=KING, dir=-1) down, max_move 1;
        # AC_RowStack(base_rank=6: a seven); OpenStack reserve dealt face up 13 rounds; Lafayette.fillStack;
        # WasteTalonStack(max_rounds=UNLIMITED_REDEALS, num_deal=3).
        Spec("lafayette", "Lafayette", 1, Rows("AC", base_rank=7), 4, (True,), 1, 13, "up", False, "up_down",
             "reserve", None, None),
        # Beehive(Canfield): Beehive_RowStack (RK_RowStack, createGame(dir=0): same rank, no mod);
        # SEPARATE_FOUNDATIONS=False: one Beehive_Foundation (four of a rank); no base card; FILL_EMPTY_ROWS=1.
        Spec("beehive", "Beehive", 1, Rows("RK", dir=0), 6, (True,), 1, 13, "down_top", False, "beehive",
             "reserve", None, None),
        # ThePlot(Canfield): StackWrapper(ThePlot_RowStack, mod=13, max_move=1); ThePlot_Foundation
        # (RK_FoundationStack: any suit, mod=13, max_move=0); ALIGN_FOUNDATIONS=False (the base card onto F1);
        # FILL_EMPTY_ROWS=0; max_rounds=1, num_deal=1; 2 decks.
        Spec("the-plot", "ThePlot", 2, Rows("RK", mod=13, max_move=1, hook="plot"), 12, (True,), 1, 13,
             "down_top", True, "plot", None, 1, 1),
    )
}

STOCK_SIZE = {  # docs/engine.md's plan, per game
    "eagle-wing": 30, "gate": 34, "little-gate": 38, "duke": 36, "dutchess": 36, "minerva": 13, "munger": 17,
    "mystique": 15, "candike": 24, "lafayette": 35, "beehive": 33, "the-plot": 78,
}


def foundation_count(spec):
    return {"up_down": 8, "beehive": 1}.get(spec.foundation, 4 * spec.decks)


# ---- the state ------------------------------------------------------------------------------------------------


@dataclass
class State:
    spec: Spec
    draw: int
    stock: list = field(default_factory=list)  # bottom to top; the last is drawn next (all face down)
    waste: list = field(default_factory=list)  # face up
    reserves: list = field(default_factory=list)  # lists of cards, bottom to top
    reserve_up: list = field(default_factory=list)  # per reserve, per card: True face up
    foundations: list = field(default_factory=list)
    found_suits: list = field(default_factory=list)  # per foundation its suit letter, None for any
    found_dir: list = field(default_factory=list)  # +1 up, -1 down (Lafayette's F5-F8), 0 Beehive
    rows: list = field(default_factory=list)
    row_up: list = field(default_factory=list)
    base: int | None = None
    pass_number: int = 1
    score: int = 0

    # -- names --
    def reserve_names(self):
        n = len(self.reserves)
        return ["R"] if n == 1 else [f"R{i + 1}" for i in range(n)]

    def row_names(self):
        return [f"T{i + 1}" for i in range(len(self.rows))]

    def found_names(self):
        return [f"F{i + 1}" for i in range(len(self.foundations))]

    def pile(self, name):
        """(cards, faces) of a pile, the lists themselves."""
        if name == "S":
            return self.stock, [False] * len(self.stock)
        if name == "W":
            return self.waste, [True] * len(self.waste)
        if name[0] == "R":
            i = 0 if name == "R" else int(name[1:]) - 1
            return self.reserves[i], self.reserve_up[i]
        if name[0] == "F":
            f = self.foundations[int(name[1:]) - 1]
            return f, [True] * len(f)
        i = int(name[1:]) - 1
        return self.rows[i], self.row_up[i]

    def copy(self):
        """A copy whose piles can change without touching this state's (the cards themselves are tuples)."""
        new = copy.copy(self)
        for attr in ("stock", "waste", "foundations", "found_suits", "found_dir"):
            setattr(new, attr, [list(x) if isinstance(x, list) else x for x in getattr(self, attr)]
                    if attr == "foundations" else list(getattr(self, attr)))
        for attr in ("reserves", "reserve_up", "rows", "row_up"):
            setattr(new, attr, [list(x) for x in getattr(self, attr)])
        return new

    def snapshot(self):
        """Everything the engine's API shows, as plain values (card ids)."""
        return {
            "stock": [c[2] for c in self.stock],
            "waste": [c[2] for c in self.waste],
            "reserves": [[c[2] for c in r] for r in self.reserves],
            "reserve_faces": [list(f) for f in self.reserve_up],
            "foundations": [[c[2] for c in f] for f in self.foundations],
            "foundation_suits": list(self.found_suits),
            "tableau": [[c[2] for c in r] for r in self.rows],
            "tableau_faces": [list(f) for f in self.row_up],
            "base_rank": self.base,
            "pass_number": self.pass_number,
            "score": self.score,
            "won": sum(map(len, self.foundations)) == 52 * self.spec.decks,
        }


def deal(name, cards, draw=1):
    """The state at the deal of `cards` (card tuples or ids, in dealing order) in game `name`, with the player's
    `draw` (it gives way to the game's fixed draw). Our deal order (docs/engine.md): the reserves round robin
    (card j onto reserve j % reserves, bottom first), the base card onto F1 where one is dealt, the columns row by
    row (bottom row first, T1..Tn), the rest the stock, its first card the first drawn."""
    spec = SPECS[name]
    cards = [card(c) if isinstance(c, str) else c for c in cards]
    assert len(cards) == 52 * spec.decks
    st = State(spec, spec.num_deal or draw)
    k = 0
    st.reserves = [[] for _ in range(spec.reserves)]
    for j in range(spec.reserves * spec.reserve_size):
        st.reserves[j % spec.reserves].append(cards[k])
        k += 1
    for r in st.reserves:
        if spec.reserve_faces == "up":
            faces = [True] * len(r)
        elif spec.reserve_faces == "eagle":  # every trunk card face down; canFlipCard only for a lone card
            faces = [len(r) == 1] * len(r)
        else:  # Canfield: face down, `canFlipCard` turns up the top
            faces = [i == len(r) - 1 for i in range(len(r))]
        st.reserve_up.append(faces)
    nf = foundation_count(spec)
    st.foundations = [[] for _ in range(nf)]
    st.found_dir = [1] * nf
    if spec.base_card:
        base = cards[k]
        k += 1
        st.foundations[0].append(base)
        st.base = base[0]
    if spec.foundation == "canfield" and spec.base_card:  # F1 the base card's suit, the others in S, H, D, C
        first = st.foundations[0][0][1]
        st.found_suits = [first] + [s for s in SUITS if s != first]
    elif spec.foundation in ("canfield", "ace", "glenwood"):
        st.found_suits = list(SUITS)
        if spec.foundation != "glenwood":
            st.base = 1  # the foundations start at the ace (SS_FoundationStack's base_rank=ACE)
    elif spec.foundation == "up_down":
        st.found_suits = list(SUITS) * 2
        st.found_dir = [1] * 4 + [-1] * 4
        st.base = 1
    elif spec.foundation == "plot":
        st.found_suits = [None] * nf
    elif spec.foundation == "beehive":
        st.found_suits = [None]
        st.found_dir = [0]
    st.rows = [[] for _ in range(spec.columns)]
    st.row_up = [[] for _ in range(spec.columns)]
    for face in spec.column_deal:
        for i in range(spec.columns):
            st.rows[i].append(cards[k])
            st.row_up[i].append(face)
            k += 1
    st.stock = list(reversed(cards[k:]))
    return st


# ---- PySolFC's stack methods ---------------------------------------------------------------------------------


def _next_down(rows, a, b):
    """b may lie on a in a row sequence (the rank step of `_isSequence` with the row's mod and dir)."""
    if rows.dir == 0:
        return b[0] == a[0]
    if rows.mod:
        return b[0] == (a[0] - 2) % 13 + 1
    return b[0] == a[0] - 1


def _step(rows, a, b):
    """isAlternateColorSequence / isSameSuitSequence / isRankSequence for the pair (a, b), b on a."""
    if not _next_down(rows, a, b):
        return False
    if rows.kind == "AC":
        return (a[1] in RED) != (b[1] in RED)
    if rows.kind == "SS":
        return a[1] == b[1]
    return True


def _is_sequence(rows, cards):
    return all(_step(rows, a, b) for a, b in zip(cards, cards[1:]))


def can_move(st, src, n):
    """`canMoveCards(cards)` of the source stack for its top n cards."""
    spec = st.spec
    pile, up = st.pile(src)
    if n < 1 or n > len(pile) or not all(up[-n:]):  # basicCanMoveCards: cardsFaceUp
        return False
    cards = pile[-n:]
    if src == "W" or src[0] == "R":  # OpenStack: max_move=1
        return n == 1
    if src[0] == "F":  # AbstractFoundationStack: OpenStack's max_move=1 unless the game passes max_move=0
        return n <= (1 if spec.foundation in ("ace", "up_down") else 0)
    rows = spec.rows
    if n > rows.max_move or not _is_sequence(rows, cards):
        return False
    if rows.hook == "glenwood":  # Glenwood_RowStack.canMoveCards
        if st.base is None:
            return False
        return n == 1 or n == len(pile)
    return True


def _row_accepts(st, dst, src, n):
    spec = st.spec
    rows = spec.rows
    pile, up = st.pile(dst)
    cards = st.pile(src)[0][-n:]
    if rows.hook == "plot":  # ThePlot_RowStack.acceptsCards, before RK_RowStack's
        if not pile:
            if len(st.foundations[0]) < 13 and cards[0][0] != st.base:
                return False
            if src != "W":
                return False
        if src[0] == "R":
            return False
    # basicAcceptsCards (max_accept 999999)
    if len(pile) + n > rows.max_cards:
        return False
    if pile:
        if not up[-1]:
            return False
    elif rows.base_rank is not None and cards[0][0] != rows.base_rank:
        return False
    # SequenceStack_StackMethods.acceptsCards
    if not _is_sequence(rows, cards) or (pile and not _step(rows, pile[-1], cards[0])):
        return False
    if rows.hook == "glenwood":  # Glenwood_RowStack.acceptsCards, after AC_RowStack's
        if not pile and src == "W":
            return all(not r for r in st.reserves)
        if src[0] == "T" and n != len(st.pile(src)[0]):
            return False
    return True


def _foundation_accepts(st, dst, src, n):
    spec = st.spec
    i = int(dst[1:]) - 1
    pile = st.foundations[i]
    cards = st.pile(src)[0][-n:]
    c = cards[0]
    if spec.foundation == "beehive":  # Beehive_Foundation.acceptsCards: 4 or more, isRankSequence(dir=0)
        return n >= 4 and all(x[0] == c[0] for x in cards)
    if spec.foundation == "plot" and not pile and len(st.foundations[0]) < 13:  # ThePlot_Foundation
        return False
    # basicAcceptsCards: max_accept=1, max_cards=13, the suit, the base rank of an empty stack
    if n != 1 or len(pile) + 1 > 13:
        return False
    suit = st.found_suits[i]
    if suit is not None and c[1] != suit:
        return False
    if spec.foundation == "glenwood":  # Glenwood_Foundation.acceptsCards (mod=13, dir=1)
        if st.base is None:
            return True
        if not pile:
            return c[0] == st.base
        return c[0] == pile[-1][0] % 13 + 1
    if spec.foundation == "up_down" and st.found_dir[i] < 0:  # SS_FoundationStack(base_rank=KING, dir=-1)
        return c[0] == (pile[-1][0] - 1 if pile else 13)
    if spec.foundation == "ace" or spec.foundation == "up_down":  # SS_FoundationStack (ace, mod 8192)
        return c[0] == (pile[-1][0] + 1 if pile else 1)
    # Canfield's SS_FoundationStack(mod=13) and RK_FoundationStack(mod=13): base rank st.base
    if not pile:
        return c[0] == st.base
    return c[0] == pile[-1][0] % 13 + 1


def accepts(st, dst, src, n):
    """`acceptsCards(from_stack, cards)` of the target stack for the source's top n cards."""
    if dst == src:
        return False
    if dst[0] == "T":
        return _row_accepts(st, dst, src, n)
    if dst[0] == "F":
        return _foundation_accepts(st, dst, src, n)
    return False  # reserves (max_accept=0), waste, talon take nothing


def move_text(src, n, dst):
    return f"{src}:{n}-{dst}" if n > 1 else f"{src}-{dst}"


def can_deal(st):
    """WasteTalonStack.canDealCards (and Glenwood_Talon's: nothing before the base is set)."""
    if st.spec.talon == "glenwood" and st.base is None:
        return False
    if st.stock:
        return True
    rounds = st.spec.max_rounds
    return bool(st.waste) and (rounds is None or st.pass_number < rounds)


def legal_moves(st):
    """Every legal move's text: each source (rows, reserves, waste: the drop stacks; and the foundations), each
    count, each target (rows, foundations), one at a time; then the talon."""
    out = set()
    sources = st.row_names() + st.reserve_names() + ["W"] + st.found_names()
    targets = st.row_names() + st.found_names()
    for src in sources:
        for n in range(1, len(st.pile(src)[0]) + 1):
            if not can_move(st, src, n):
                continue
            for dst in targets:
                if accepts(st, dst, src, n):
                    out.add(move_text(src, n, dst))
    if can_deal(st):
        out.add("S" if st.stock else "W-S")
    return out


def _move_cards(st, src, n, dst):
    pile, up = st.pile(src)
    cards = pile[-n:]
    del pile[-n:]
    del up[-n:]
    tpile, tup = st.pile(dst)
    tpile.extend(cards)
    if dst[0] in "TR":
        tup.extend([True] * n)


def _fill_stack(st, src):
    """The game's fillStack(stack) for the move's source stack."""
    spec = st.spec
    if src[0] != "T" or st.pile(src)[0]:
        return
    if spec.fill == "reserve":  # Canfield.fillStack (FILL_EMPTY_ROWS=1), Lafayette.fillStack
        r, up = st.reserves[0], st.reserve_up[0]
        if r:
            up[-1] = True  # "if not ...cards[-1].face_up: flipMove()"
            _move_cards(st, st.reserve_names()[0], 1, src)
    elif spec.fill == "gate":  # Gate.fillStack
        r1, r2 = st.reserves
        frm = None
        if r1 or r2:
            frm = "R1"
            if len(r1) < len(r2):
                frm = "R2"
        elif st.waste:
            frm = "W"
        if frm:
            _move_cards(st, frm, 1, src)


def _can_flip(st, name):
    pile, up = st.pile(name)
    if not pile or up[-1]:
        return False
    if name[0] == "R" and st.spec.reserve_faces == "eagle":  # EagleWing_ReserveStack.canFlipCard
        return len(pile) == 1
    return True


def _auto_flip(st):
    """Game._autoPlay's auto face-up over sg.dropstacks (rows + reserves + waste), until nothing flips."""
    names = st.row_names() + st.reserve_names()
    done = True
    while done:
        done = False
        for name in names:
            if _can_flip(st, name):
                st.pile(name)[1][-1] = True
                done = True


def parse(text):
    """(src, n, dst) of a move text."""
    if text == "S":
        return ("S", None, "W")
    a, dst = text.split("-")
    src, _, n = a.partition(":")
    return (src, int(n) if n else 1, dst)


def play(st, text, check=True):
    """The state after the legal move `text` (a new State); `check=False` when the caller has just checked that the
    move is legal."""
    if check:
        assert text in legal_moves(st), (text, sorted(legal_moves(st)))
    st = st.copy()
    src, n, dst = parse(text)
    if src == "S":
        for _ in range(min(st.draw, len(st.stock))):
            st.waste.append(st.stock.pop())
        return st
    if dst == "S":
        st.stock = list(reversed(st.waste))
        st.waste = []
        st.pass_number += 1
        return st
    _move_cards(st, src, n, dst)
    if dst[0] == "F" and src[0] != "F":
        st.score += 5 * n
    if st.spec.foundation == "glenwood" and st.base is None and src[0] == "R" and dst[0] == "F":
        st.base = st.pile(dst)[0][-1][0]  # Glenwood_ReserveStack.moveMove sets game.base_rank
    _fill_stack(st, src)
    _auto_flip(st)
    return st
