"""Rule sets: each variant is one value object of parameters, never a copy of the rules code."""

from dataclasses import dataclass

from .errors import InvalidCode


@dataclass(frozen=True)
class RuleSet:
    """The parameters that tell one Canfield variant from another.

    name          the rule set's name, as given to `Game.from_deck(..., rules=name)`
    prefix        its deal-code prefix ("CF1": rules and code version 1)
    base_rank     None: the 14th card of the deal sets the start rank; an int 1..13: that rank,
                  and the four cards of that rank start on the foundations
    alternate     True: the tableau builds down in alternating colours; False: regardless of colour
    tail_moves    True: any tail of a column moves as a unit; False: only the top card or the whole column
    empty_any     once the reserve is empty, True: an empty column takes any card or sequence;
                  False: it takes only the waste top
    takeback      True: the top card of a foundation may go back onto a column
    """

    name: str
    prefix: str
    base_rank: object
    alternate: bool
    tail_moves: bool
    empty_any: bool
    takeback: bool
    title: str

    def __str__(self):
        return self.name


CANFIELD = RuleSet("canfield", "CF1", None, True, True, True, True, "Canfield")
CLASSIC = RuleSet("classic", "CL1", None, True, False, False, False, "Canfield classique")
STOREHOUSE = RuleSet("storehouse", "SH1", 2, True, True, True, True, "Storehouse")
RAINBOW = RuleSet("rainbow", "RB1", None, False, True, True, True, "Rainbow")

RULESETS = {r.name: r for r in (CANFIELD, CLASSIC, STOREHOUSE, RAINBOW)}
_BY_PREFIX = {r.prefix: r for r in RULESETS.values()}


def get_rules(rules):
    """A RuleSet from a RuleSet or its name; raises ValueError for an unknown name."""
    if isinstance(rules, RuleSet):
        return rules
    found = RULESETS.get(str(rules).strip().lower()) if isinstance(rules, str) else None
    if found is None:
        raise ValueError(f"unknown rule set {rules!r}: expected one of {', '.join(RULESETS)}")
    return found


def rules_for_prefix(prefix, code):
    found = _BY_PREFIX.get(prefix)
    if found is None:
        known = ", ".join(_BY_PREFIX)
        raise InvalidCode(f"deal code {code!r}: unknown rules prefix {prefix!r} (expected {known})")
    return found
