"""Rule sets: each game of the Canfield family is one value object of parameters, never a copy of the
rules code. The engine (game.py, solver.py, describe.py) reads these parameters and never a game's name."""

from dataclasses import dataclass

from .errors import InvalidCode

BUILDS = ("alternate", "suit", "any", "rank")
MOVES = ("tail", "top_or_whole", "single", "whole")
FILLS = ("reserve_then_any", "reserve_then_waste", "any", "larger_reserve_then_waste", "waste_after_reserves")
SCORINGS = ("card", "casino")
FOUNDATION_KINDS = ("suit", "rank", "up_down", "set")
RESERVE_TO = ("any", "foundations")
CASINO_COST = 52  # a casino game costs 52; each card on a foundation pays 5


@dataclass(frozen=True)
class RuleSet:
    """The parameters that tell one game of the family from another.

    name, prefix, title  the name (`Game.new(rules=name)`), the deal-code prefix ("CF1": rules and code
                  version 1) and the name shown to a player
    decks         1..4: 52 x decks cards, 4 x decks foundations (each suit `decks` times)
    columns       3..12 tableau columns
    column_deal   the cards dealt to each column, bottom first, True face up: (True,) one card face up;
                  (False, True, False, True) Minerva's down, up, down, up. A face-down card turns up as
                  soon as it is the top of its column
    column_max    None, or the most cards a column holds
    reserves      1..4 reserves of `reserve` cards each (R in moves when there is one, else R1-R4)
    reserve       0..40 cards dealt to each reserve; `reserve_face_up`: all of them face up (only the top
                  plays), `reserve_down`: all face down, the top too, until one card is left, which turns up
                  and plays (Eagle Wing's trunk), else face down but the top
    reserve_to    "any": a reserve top plays to the columns and the foundations; "foundations": only there
    passes        None: unlimited passes through the stock; n: n passes (1 = no recycle)
    draws         None: the player's choice of 1 or 3 (the code's D1/D3); else the cards drawn at each pass,
                  (3, 2, 1) for Canfield Rush, (1,) for a fixed draw of 1 (the last entry holds on)
    base_rank     None: the card dealt after the reserve sets the foundations' start rank; 1..13: that
                  rank; "player": the first card the player sends to a foundation sets it (until then only
                  the reserves' tops move)
    starters      with a rank in base_rank, True: that rank's cards start on the foundations; False: the
                  foundations start empty
    foundation    "suit": 4 x decks foundations, each of a suit, building up; "rank": the same regardless of
                  suit; "up_down": 8, each suit up from the ace (F1-F4) and down from the king (F5-F8),
                  meeting anywhere; "set": one foundation taking a column's four cards of a rank at once
    foundations_in_order  True: F2 and on take nothing until F1 holds 13 cards
    build         the tableau builds down "alternate" (in alternating colours), "suit", "any" (any suit) or
                  "rank" (a card onto one of its own rank)
    wrap          True: a king may go on an ace in the tableau
    moves         what moves between columns: "tail" (any tail as a unit), "top_or_whole" (the top card or
                  the whole column), "single" (one card), "whole" (the whole column only; its top card to a
                  foundation)
    fill          an emptied column: "reserve_then_any" (filled at once from the reserve; once it is empty,
                  takes any card), "reserve_then_waste" (the same, but then only the waste top), "any"
                  (never filled automatically: takes any card, the reserve top included),
                  "larger_reserve_then_waste" (filled at once from the reserve with more cards, R1 on a tie,
                  else from the waste top; left empty, takes any card), "waste_after_reserves" (never
                  filled; takes a reserve top or a column, the waste top only once every reserve is empty)
    empty_rank    None: an empty column takes a card of any rank; 1..13: only that rank heads what it takes;
                  "base": only the base rank while F1 is not complete
    empty_from    None: an empty column takes from any pile; else the pile kinds it takes from ("W",)
    takeback      True: a foundation's top card may go back onto a column
    scoring       "card": 5 points a card sent to a foundation (seed 000); "casino": the game costs 52 and each
                  card on a foundation pays 5 (the score is that balance)
    note          one line saying what is special about the game (English; the page translates by name)
    """

    name: str
    prefix: str
    title: str
    decks: int = 1
    columns: int = 4
    reserve: int = 13
    reserve_face_up: bool = False
    passes: object = None
    draws: object = None
    base_rank: object = None
    build: str = "alternate"
    wrap: bool = True
    moves: str = "tail"
    fill: str = "reserve_then_any"
    takeback: bool = True
    scoring: str = "card"
    note: str = ""
    reserves: int = 1
    reserve_down: bool = False
    reserve_to: str = "any"
    column_deal: tuple = (True,)
    column_max: object = None
    empty_rank: object = None
    empty_from: object = None
    starters: bool = True
    foundation: str = "suit"
    foundations_in_order: bool = False

    def __post_init__(self):
        checks = (
            (self.decks in (1, 2, 3, 4), "decks is 1 to 4"),
            (type(self.columns) is int and 3 <= self.columns <= 12, "columns is 3 to 12"),
            (type(self.reserves) is int and 1 <= self.reserves <= 4, "reserves is 1 to 4"),
            (not (self.reserve_down and self.reserve_face_up), "a reserve is face down or face up, not both"),
            (self.reserve_to in RESERVE_TO, f"reserve_to is one of {RESERVE_TO}"),
            (isinstance(self.column_deal, tuple) and 1 <= len(self.column_deal) <= 13
             and all(type(x) is bool for x in self.column_deal) and self.column_deal[-1],
             "column_deal is a tuple of booleans ending face up"),
            (self.column_max is None or type(self.column_max) is int and self.column_max >= 1,
             "column_max is None or 1 or more"),
            (self.empty_rank in (None, "base") or type(self.empty_rank) is int and 1 <= self.empty_rank <= 13,
             "empty_rank is None, 'base' or 1 to 13"),
            (self.empty_from is None or isinstance(self.empty_from, tuple)
             and all(x in ("W", "R", "T", "F") for x in self.empty_from), "empty_from is None or pile kinds"),
            (self.foundation in FOUNDATION_KINDS, f"foundation is one of {FOUNDATION_KINDS}"),
            (self.foundation == "suit" or self.base_rank != "player", "a player's base is for suit foundations"),
            (self.foundation not in ("up_down", "set") or self.decks == 1, "up_down and set foundations: one deck"),
            (self.reserves * self.reserve + (self.base_rank is None and self.foundation != "set")
             + self.columns * len(self.column_deal) <= self.cards, "the deal fits the deck"),
            (type(self.reserve) is int and 0 <= self.reserve <= 40, "reserve is 0 to 40 cards"),
            (self.passes is None or type(self.passes) is int and self.passes >= 1, "passes is None or 1 or more"),
            (self.draws is None or isinstance(self.draws, tuple) and self.draws
             and all(d in (1, 2, 3) for d in self.draws), "draws is None or a tuple of 1, 2 or 3"),
            (self.base_rank in (None, "player") or type(self.base_rank) is int and 1 <= self.base_rank <= 13,
             "base_rank is None, 'player' or 1 to 13"),
            (self.build in BUILDS, f"build is one of {BUILDS}"),
            (self.moves in MOVES, f"moves is one of {MOVES}"),
            (self.fill in FILLS, f"fill is one of {FILLS}"),
            (self.scoring in SCORINGS, f"scoring is one of {SCORINGS}"),
        )
        for ok, why in checks:
            if not ok:
                raise ValueError(f"rule set {self.name!r}: {why}")

    # The names of before the family (the page reads them).
    @property
    def alternate(self):
        """True: the tableau builds down in alternating colours."""
        return self.build == "alternate"

    @property
    def tail_moves(self):
        """True: any tail of a column moves as a unit."""
        return self.moves == "tail"

    @property
    def single_moves(self):
        """True: cards move one at a time (never a tail or a whole column)."""
        return self.moves == "single"

    @property
    def empty_any(self):
        """Once the reserve is empty, True: an empty column takes any card; False: only the waste top."""
        return self.fill != "reserve_then_waste"

    @property
    def cards(self):
        return 52 * self.decks

    @property
    def foundations(self):
        """How many foundations: 4 x decks, 8 for "up_down", 1 for "set"."""
        return {"up_down": 8, "set": 1}.get(self.foundation, 4 * self.decks)

    @property
    def refills(self):
        """True: an emptied column is filled at once (from the reserve, or the waste) while it can be."""
        return self.fill not in ("any", "waste_after_reserves")

    @property
    def fills_from_waste(self):
        """True: an emptied column no reserve can fill is filled from the waste top (Gate)."""
        return self.fill == "larger_reserve_then_waste"

    @property
    def extended(self):
        """True when the rule set asks for anything the first sixteen games never did (several reserves,
        face-down column cards, a column's capacity, an empty column's rank or source, a player's base,
        foundations of another kind or opening in order, whole-column moves, building by rank, fills from
        the waste, a reserve that plays only to the foundations). The solver's compact search, the sure-card
        rule and the page read it to know whether they cover the game."""
        return (self.reserves != 1 or self.reserve_down or self.reserve_to != "any" or self.column_deal != (True,)
                or self.column_max is not None or self.empty_rank is not None or self.empty_from is not None
                or self.base_rank == "player" or not self.starters or self.foundation != "suit"
                or self.foundations_in_order or self.moves == "whole" or self.build == "rank"
                or self.fill in ("larger_reserve_then_waste", "waste_after_reserves") or self.columns > 8)

    def empty_takes(self, src, reserve_left, rank=None, base=None, first_full=False):
        """Does an empty column take a card from pile `src` ("W", "R", "R1", a column "T...", a foundation
        "F...") now, a reserve holding cards when `reserve_left`? `rank` (1..13) is the rank of the card
        heading what would go there, `base` the foundations' base rank (1..13 or None) and `first_full`
        whether F1 holds 13 cards: they matter only to a rule set with `empty_rank` (give them there).
        Every player of the rules (Game, the solver, canfield.sure) asks this, never `fill` itself."""
        fill = self.fill
        kind = src[0]
        if self.empty_from is not None and kind not in self.empty_from:
            return False
        want = self.empty_rank
        if want is not None:
            if want == "base":
                want = None if first_full else base
            if want is not None and rank != want:
                return False
        if fill == "any":
            return True
        if fill == "waste_after_reserves":
            return kind in ("R", "T") or kind == "W" and not reserve_left
        return not reserve_left and (fill in ("reserve_then_any", "larger_reserve_then_waste") or src == "W")

    def take_counts(self, n, run=None):
        """The numbers of cards a move may take from a column of `n` cards to another column, `run` of them
        at its top face up and each built on the one below (all `n` when None: every column of a game
        dealt face up and one card a column is such a run). `moves`: any tail of the run, the top card or
        the whole column, the top card only, the whole column only."""
        if run is None:
            run = n
        moves = self.moves
        if moves == "tail":
            return range(1, run + 1)
        if moves == "whole":
            return (n,) if run == n else ()
        if moves == "single" or n == 1 or run != n:
            return (1,)
        return (1, n)

    def reserve_faces(self, n):
        """The faces of a reserve of n cards, bottom to top (True: face up)."""
        if self.reserve_face_up:
            return (True,) * n
        if self.reserve_down:
            return (n == 1,) * n
        return (False,) * (n - 1) + (True,) if n else ()

    def draw_for(self, draw, recycles):
        """The cards turned by a draw in the pass after `recycles` recycles, for a game dealt with `draw`."""
        if self.draws is None:
            return draw
        return self.draws[min(recycles, len(self.draws) - 1)]

    def __str__(self):
        return self.name


CANFIELD = RuleSet("canfield", "CF1", "Canfield", note="the game of seed 000: any tail moves, take-backs")
CLASSIC = RuleSet("classic", "CL1", "Canfield classique", moves="top_or_whole", fill="reserve_then_waste",
                  takeback=False, note="the rule book's Canfield: top card or whole column; empty column: waste top")
STOREHOUSE_SH1 = RuleSet("storehouse-sh1", "SH1", "Storehouse (SH1)", base_rank=2,
                         note="the twos start on the foundations (the first version of our Storehouse)")
RAINBOW = RuleSet("rainbow", "RB1", "Rainbow", build="any", note="builds down regardless of colour")
STOREHOUSE = RuleSet("storehouse", "SH2", "Storehouse", base_rank=2, build="suit", passes=3, draws=(1,),
                     takeback=False, moves="top_or_whole",
                     note="the twos start on the foundations; builds in suit; three passes of one card")
SUPERIOR = RuleSet("superior", "SU1", "Superior Canfield", reserve_face_up=True, moves="top_or_whole",
                   fill="any", takeback=False, note="the whole reserve face up; empty columns are not filled")
RAINFALL = RuleSet("rainfall", "RF1", "Rainfall", passes=3, draws=(1,), moves="top_or_whole", takeback=False,
                   note="three passes of one card")
CHAMELEON = RuleSet("chameleon", "CH1", "Chameleon", columns=3, reserve=12, passes=1, draws=(1,), build="any",
                    moves="top_or_whole", takeback=False, note="three columns, any suit, one pass")
RUSH = RuleSet("rush", "CR1", "Canfield Rush", passes=3, draws=(3, 2, 1), moves="top_or_whole", takeback=False,
               note="three passes, drawing three, then two, then one")
CASINO = RuleSet("casino", "CC1", "Casino Canfield", passes=1, draws=(1,), moves="top_or_whole", takeback=False,
                 scoring="casino", note="one pass; a game costs 52, each card on a foundation pays 5")
ACME = RuleSet("acme", "AC1", "Acme", base_rank=1, build="suit", wrap=False, moves="single", passes=2, draws=(1,),
               takeback=False, note="the aces start on the foundations; in suit, one card at a time; two passes")
# The games of several decks (PySolFC's rules; no foundation take-back in any of them).
DOUBLE = RuleSet("double", "DC1", "Double Canfield", decks=2, columns=5, moves="top_or_whole", takeback=False,
                 note="two decks, five columns")
TRIPLE = RuleSet("triple", "TC1", "Triple Canfield", decks=3, columns=7, reserve=26, moves="top_or_whole",
                 takeback=False, note="three decks, seven columns, a reserve of 26")
QUADRUPLE = RuleSet("quadruple", "QC1", "Quadruple Canfield", decks=4, columns=8, reserve=39, moves="top_or_whole",
                    takeback=False, note="four decks, eight columns, a reserve of 39")
AMERICAN_TOAD = RuleSet("american-toad", "AT1", "American Toad", decks=2, columns=8, reserve=20,
                        reserve_face_up=True, build="suit", passes=2, draws=(1,), moves="top_or_whole",
                        takeback=False, note="two decks, in suit, the reserve of 20 face up; two passes of one card")
VARIEGATED = RuleSet("variegated", "VC1", "Variegated Canfield", decks=2, columns=5, reserve_face_up=True,
                     base_rank=1, wrap=False, passes=3, draws=(3,), moves="top_or_whole", takeback=False,
                     note="two decks, the eight aces start on the foundations, the reserve face up; three passes")
DEMON = RuleSet("demon", "DM1", "Demon", decks=2, columns=8, reserve=40, takeback=False,
                note="two decks, eight columns, a reserve of 40; any tail moves")

# Canfield and Rainbow as PySolFC plays them (its games 105 and 108), beside our `canfield` (seed 000),
# `classic` (seed 004) and `rainbow` (seed 003): no take-back in either; PySolFC's Canfield turns three
# cards only, and its Rainbow is one pass of one card.
PYSOL_CANFIELD = RuleSet("pysol-canfield", "PC1", "Canfield (PySolFC)", draws=(3,), moves="top_or_whole",
                         takeback=False, note="PySolFC's Canfield: top card or whole column; draws three")
PYSOL_RAINBOW = RuleSet("pysol-rainbow", "PR1", "Rainbow (PySolFC)", build="any", passes=1, draws=(1,),
                        moves="top_or_whole", takeback=False,
                        note="PySolFC's Rainbow: any suit, top card or whole column; one pass")

# PySolFC's twelve other games of the family (issue 34; docs/engine.md, "The twelve other games"), as its
# code plays them (pysollib/games/canfield.py; Dutchess in glenwood.py), its game id in each note's source.
_ACE_UP = dict(base_rank=1, starters=False, wrap=False)
_MINERVA = dict(columns=7, reserve=11, column_deal=(False, True, False, True), fill="any", empty_rank=13, passes=2,
                draws=(1,), takeback=False, **_ACE_UP)
EAGLE_WING = RuleSet("eagle-wing", "EW1", "Eagle Wing", columns=8, reserve_down=True, build="suit", moves="single",
                     column_max=3, passes=3, draws=(1,), takeback=False,
                     note="the trunk fills the eight wings of three cards, in suit; three passes of one card")
GATE = RuleSet("gate", "GT1", "Gate", columns=8, reserves=2, reserve=5, reserve_face_up=True,
               fill="larger_reserve_then_waste", passes=1, draws=(1,), **_ACE_UP,
               note="two gate-posts of five face up fill the columns, then the waste; one pass")
LITTLE_GATE = RuleSet("little-gate", "LG1", "Little Gate", columns=4, reserves=2, reserve=5, reserve_face_up=True,
                      fill="larger_reserve_then_waste", passes=1, draws=(1,), **_ACE_UP,
                      note="Gate with four columns")
DUKE = RuleSet("duke", "DK1", "Duke", reserves=4, reserve=3, reserve_face_up=True, fill="any", passes=3, draws=(1,),
               **_ACE_UP, note="four reserves of three face up, empty columns never filled; three passes")
DUTCHESS = RuleSet("dutchess", "DU1", "Dutchess", reserves=4, reserve=3, reserve_face_up=True, base_rank="player",
                   moves="whole", fill="waste_after_reserves", passes=2, draws=(1,), takeback=False,
                   note="the first card from a reserve to a foundation sets the base; whole columns move")
MINERVA = RuleSet("minerva", "MI1", "Minerva", **_MINERVA,
                  note="seven columns dealt down and up; an empty column takes a king; two passes")
MUNGER = RuleSet("munger", "MU1", "Munger", **{**_MINERVA, "reserve": 7, "passes": 1},
                 note="Minerva with a reserve of seven and one pass")
MYSTIQUE = RuleSet("mystique", "MY1", "Mystique", **{**_MINERVA, "reserve": 9, "passes": 1, "empty_rank": None},
                   note="Munger with a reserve of nine; an empty column takes any card")
CANDIKE = RuleSet("candike", "CD1", "Candike", columns=7, column_deal=(False, True), wrap=False, takeback=False,
                  note="seven columns of a face-down and a face-up card, no wrap")
LAFAYETTE = RuleSet("lafayette", "LF1", "Lafayette", reserve_face_up=True, foundation="up_down", empty_rank=7,
                    **{**_ACE_UP, "wrap": False},
                    note="each suit up from the ace and down from the king; an empty column takes a seven")
BEEHIVE = RuleSet("beehive", "BH1", "Beehive", columns=6, foundation="set", build="rank", takeback=False,
                  note="build by rank; four of a kind go up together")
THE_PLOT = RuleSet("the-plot", "TP1", "The Plot", decks=2, columns=12, reserve_to="foundations", foundation="rank",
                   foundations_in_order=True, build="any", moves="single", fill="any", empty_rank="base",
                   empty_from=("W",), passes=1, draws=(1,), takeback=False,
                   note="two decks, twelve columns; the foundations fill one after another, regardless of suit")
PYSOL_FAMILY = (EAGLE_WING, GATE, LITTLE_GATE, DUKE, DUTCHESS, MINERVA, MUNGER, MYSTIQUE, CANDIKE, LAFAYETTE, BEEHIVE,
                THE_PLOT)

_OFFERED = (CANFIELD, CLASSIC, STOREHOUSE, RAINBOW, SUPERIOR, RAINFALL, CHAMELEON, RUSH, CASINO, ACME, DOUBLE, TRIPLE,
            QUADRUPLE, AMERICAN_TOAD, VARIEGATED, DEMON, PYSOL_CANFIELD, PYSOL_RAINBOW, *PYSOL_FAMILY)
RULESETS = {r.name: r for r in _OFFERED}
# Rule sets that deal codes and saved games still name, but that the list of games no longer offers.
LEGACY = {r.name: r for r in (STOREHOUSE_SH1,)}


def index_prefixes(rule_sets):
    """prefix -> RuleSet of `rule_sets`; raises ValueError when two share a prefix or a name (a deal code or
    a saved game would then load under the wrong rules)."""
    by_prefix, names = {}, set()
    for r in rule_sets:
        if r.prefix in by_prefix or r.name in names:
            raise ValueError(f"rule set {r.name!r} ({r.prefix}): its name or deal-code prefix is taken")
        by_prefix[r.prefix] = r
        names.add(r.name)
    return by_prefix


_BY_PREFIX = index_prefixes((*_OFFERED, *LEGACY.values()))


def get_rules(rules):
    """A RuleSet from a RuleSet or its name; raises ValueError for an unknown name."""
    if isinstance(rules, RuleSet):
        return rules
    name = str(rules).strip().lower() if isinstance(rules, str) else None
    found = RULESETS.get(name) or LEGACY.get(name) if name is not None else None
    if found is None:
        raise ValueError(f"unknown rule set {rules!r}: expected one of {', '.join(RULESETS)}")
    return found


def rules_for_prefix(prefix, code):
    found = _BY_PREFIX.get(prefix)
    if found is None:
        known = ", ".join(_BY_PREFIX)
        raise InvalidCode(f"deal code {code!r}: unknown rules prefix {prefix!r} (expected {known})")
    return found


def check_draw(rules, draw, strict=True):
    """The draw a game of `rules` is dealt with: the player's 1 or 3 (3 when None), or the rule set's fixed
    first draw; raises ValueError for a draw that is not 1 or 3, and, when `strict` (deal codes and
    positions), for another draw than the fixed one. Not strict (`Game(...)`, `Game.new`), the player's
    draw setting gives way to the rule set's."""
    if rules.draws is None:
        if draw is None:
            return 3
        if draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {draw!r}")
        return draw
    fixed = rules.draws[0]
    if draw is not None and draw not in (1, 3):
        raise ValueError(f"draw must be 1 or 3, not {draw!r}")
    if strict and draw is not None and draw != fixed:
        raise ValueError(f"{rules.title} draws {_draws_text(rules)}: a draw of {draw!r} is not one of its rules")
    return fixed


def _draws_text(rules):
    if len(rules.draws) == 1:
        return f"{rules.draws[0]} card{'s' if rules.draws[0] > 1 else ''} at a time"
    return ", then ".join(str(d) for d in rules.draws) + " cards at a time, one pass each"
