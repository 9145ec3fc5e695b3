"""What the page offers the player to choose from: the rule sets it can draw, and the languages.

`offered_rulesets` is the one answer to "which rule sets does this page offer": the New game dialog
and the statistics filter list them. `offered_names` adds the engine's legacy rule sets the page can
draw (canfield.rules.LEGACY: Storehouse SH1), which no dialog lists but which a saved game, a bookmarked
code or the settings still name: the settings loader, the address's deal code and the dialogs accept
them. The engine may know more games (more columns, several decks)
than this page can draw; a rule set is offered by its parameters, never by its name, so a new game of
the engine appears here once the page can draw what it asks for.
"""

from __future__ import annotations

from canfield import RULESETS, Game
from canfield.errors import CanfieldError
from canfield.rules import LEGACY

from .i18n import LANGUAGE_NAMES, LANGUAGES
from shared.table import MAX_COLUMNS, MAX_FOUNDATIONS, MAX_RESERVES


# The piles index.html has elements for (static/shared/table.py's PILES): a rule set asking for more is not
# offered until the page has them.
PAGE_COLUMNS = MAX_COLUMNS
PAGE_FOUNDATIONS = MAX_FOUNDATIONS
PAGE_RESERVES = MAX_RESERVES


def drawable(rules) -> bool:
    """Whether this page can draw and play `rules` (a canfield.RuleSet): as many columns and foundations
    as it has pile elements (fewer columns leave the others hidden), a reserve face down showing its top
    or all face up and fanned (static/worker/layout.py lays out both at any count), card or casino scoring
    (the casino balance beside the score). Any pass limit and draw schedule: the engine refuses the extra
    recycle and picks each pass's draw, the page only asks it. The games of the new parameters (issue
    34): several reserves (up to PAGE_RESERVES, each fanned face up), face-down column cards and a
    reserve face down to its top (drawn as backs), foundations of any kind (the engine says what each
    takes next)."""
    return (rules.columns <= PAGE_COLUMNS and rules.foundations <= PAGE_FOUNDATIONS
            and rules.reserves <= PAGE_RESERVES and (rules.reserves == 1 or rules.reserve_face_up)
            and rules.scoring in ("card", "casino"))


def offered_rulesets(rulesets=None) -> dict:
    """name -> RuleSet of the rule sets the page offers, in the one order every list of games shows (the
    New game dialog's groups, Statistics, the address's): by deck count, fewest first, then in the engine's
    order (`rulesets`: the engine's RULESETS unless given)."""
    rulesets = RULESETS if rulesets is None else rulesets
    offered = [(name, r) for name, r in rulesets.items() if drawable(r)]
    return dict(sorted(offered, key=lambda item: item[1].decks))


def offered_names(rulesets=None, legacy=None) -> tuple[str, ...]:
    """The names of the rule sets the page accepts from storage and the address: the offered ones, then
    the drawable legacy ones (`legacy`: the engine's LEGACY unless given)."""
    legacy = LEGACY if legacy is None else legacy
    return (*offered_rulesets(rulesets), *(name for name, r in legacy.items() if drawable(r)))


def successor(name: str, rulesets=None) -> str:
    """The offered rule set the New game dialog shows for a game of rule set `name`: itself when offered,
    else (a legacy rule set) the offered one whose deal codes share its letters ("SH1" -> "SH2"), else
    the first offered."""
    offered = offered_rulesets(rulesets)
    if name in offered:
        return name
    old = LEGACY.get(name)
    for new, r in offered.items():
        if old is not None and r.prefix[:2] == old.prefix[:2]:
            return new
    return next(iter(offered))


def rules_options(t, rulesets=None) -> list[tuple[str, str]]:
    """(value, text) of each rule set offered, named in the player's language (`t`: a Translator)."""
    return [(name, t.rules_name(name)) for name in offered_rulesets(rulesets)]


def rules_groups(t, rulesets=None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The rule sets offered grouped by their deck count, fewest first: (the group's label, its (value,
    text) pairs in the engine's order), for the New game dialog's <optgroup>s."""
    groups = {}
    for name, r in offered_rulesets(rulesets).items():
        groups.setdefault(r.decks, []).append((name, t.rules_name(name)))
    return [(t(f"newgame.decks.{decks}"), groups[decks]) for decks in sorted(groups)]


def rules_note(name: str, t) -> str:
    """The New game dialog's line saying what is special about the rule set `name` ("" if it has none)."""
    key = f"rules.{name}.note"
    text = t(key)
    return "" if text == key else text


def language_options() -> list[tuple[str, str]]:
    """(value, text) of each language, named in itself."""
    return [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]


def route_hash(code: str, current_code: str | None, offered=None):
    """What a deal code in the address asks for, given the code of the deal on the table (None at boot).

    ("stay", None): no code, or the deal already on the table; ("deal", game): a valid code of another
    deal, the Game it names; ("refuse", None): an invalid code, or the code of a game this page does
    not offer (`offered`: rule set names, offered_names() unless given). The page keeps the
    game in progress on a refusal (and names the bad code), so a mistyped address never costs a game.
    Parsing is the engine's."""
    if not code or (current_code is not None and code == current_code):
        return "stay", None
    try:
        game = Game.from_code(code)
    except CanfieldError:  # InvalidCode, InvalidDeck: ValueErrors with a reason
        return "refuse", None
    if game.rules.name not in (offered_names() if offered is None else offered):
        return "refuse", None   # a game of the engine this page cannot draw: as a bad code
    if current_code is not None and game.code == current_code:
        return "stay", None  # the same deal written differently (case, spaces)
    return "deal", game
