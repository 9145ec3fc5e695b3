"""Rule sets: each game of the Canfield family is one value object of parameters, never a copy of the
rules code. The engine (game.py, solver.py, describe.py) reads these parameters and never a game's name."""

from dataclasses import dataclass

from .errors import InvalidCode

BUILDS = ("alternate", "suit", "any")
MOVES = ("tail", "top_or_whole", "single")
FILLS = ("reserve_then_any", "reserve_then_waste", "any")
SCORINGS = ("card", "casino")
CASINO_COST = 52  # a casino game costs 52; each card on a foundation pays 5


@dataclass(frozen=True)
class RuleSet:
    """The parameters that tell one game of the family from another.

    name, prefix, title  the name (`Game.new(rules=name)`), the deal-code prefix ("CF1": rules and code
                  version 1) and the name shown to a player
    decks         1..4: 52 x decks cards, 4 x decks foundations (each suit `decks` times)
    columns       3..8 tableau columns, dealt one card each
    reserve       0..40 cards dealt to the reserve; `reserve_face_up`: all of them face up (only the top
                  plays), else face down but the top
    passes        None: unlimited passes through the stock; n: n passes (1 = no recycle)
    draws         None: the player's choice of 1 or 3 (the code's D1/D3); else the cards drawn at each pass,
                  (3, 2, 1) for Canfield Rush, (1,) for a fixed draw of 1 (the last entry holds on)
    base_rank     None: the card dealt after the reserve sets the foundations' start rank; 1..13: that
                  rank, whose cards all start on the foundations
    build         the tableau builds down "alternate" (in alternating colours), "suit" or "any" (any suit)
    wrap          True: a king may go on an ace in the tableau
    moves         what moves between columns: "tail" (any tail as a unit), "top_or_whole" (the top card or
                  the whole column), "single" (one card)
    fill          an emptied column: "reserve_then_any" (filled at once from the reserve; once it is empty,
                  takes any card), "reserve_then_waste" (the same, but then only the waste top), "any"
                  (never filled automatically: takes any card, the reserve top included)
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

    def __post_init__(self):
        checks = (
            (self.decks in (1, 2, 3, 4), "decks is 1 to 4"),
            (type(self.columns) is int and 3 <= self.columns <= 8, "columns is 3 to 8"),
            (type(self.reserve) is int and 0 <= self.reserve <= 40, "reserve is 0 to 40 cards"),
            (self.passes is None or type(self.passes) is int and self.passes >= 1, "passes is None or 1 or more"),
            (self.draws is None or isinstance(self.draws, tuple) and self.draws
             and all(d in (1, 2, 3) for d in self.draws), "draws is None or a tuple of 1, 2 or 3"),
            (self.base_rank is None or type(self.base_rank) is int and 1 <= self.base_rank <= 13,
             "base_rank is None or 1 to 13"),
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
        return 4 * self.decks

    @property
    def refills(self):
        """True: an emptied column is filled at once from the reserve while the reserve has cards."""
        return self.fill != "any"

    def empty_takes(self, src, reserve_left):
        """Does an empty column take a card from pile `src` ("W", "R", a column "T...", a foundation
        "F...") now, the reserve holding cards when `reserve_left`? Every player of the rules (Game, the
        solver, canfield.sure) asks this, never `fill` itself."""
        fill = self.fill
        if fill == "any":
            return True
        return not reserve_left and (fill == "reserve_then_any" or src == "W")

    def take_counts(self, n):
        """The numbers of cards a move may take from a column of `n` cards (`moves`: any tail, the top
        card or the whole column, the top card only)."""
        if self.moves == "tail":
            return range(1, n + 1)
        if self.moves == "single" or n == 1:
            return (1,)
        return (1, n)

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

_OFFERED = (CANFIELD, CLASSIC, STOREHOUSE, RAINBOW, SUPERIOR, RAINFALL, CHAMELEON, RUSH, CASINO, ACME, DOUBLE, TRIPLE,
            QUADRUPLE, AMERICAN_TOAD, VARIEGATED, DEMON, PYSOL_CANFIELD, PYSOL_RAINBOW)
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
