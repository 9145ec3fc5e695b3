"""What the page offers the player to choose from: the rule sets it can draw, and the languages.

`offered_rulesets` is the one answer to "which rule sets does this page offer": the New game dialog,
the statistics filter, the settings loader and the deal code read from the address all ask it. The
engine may know more games (more columns, several decks, face-up reserves, pass limits, draw
schedules, casino scoring) than this page can draw; a rule set is offered by its parameters, never by
its name, so a new game of the engine appears here once the page can draw what it asks for.
"""

from __future__ import annotations

from canfield import RULESETS

from .i18n import LANGUAGE_NAMES, LANGUAGES


def drawable(rules) -> bool:
    """Whether this page can draw and play `rules` (a canfield.RuleSet): one deck, four columns, a
    reserve of thirteen face down, unlimited passes, one draw count for the whole game, card scoring.
    getattr: the engine's rule sets gain those attributes one by one."""
    return (getattr(rules, "decks", 1) == 1 and getattr(rules, "columns", 4) == 4
            and getattr(rules, "reserve", 13) == 13 and not getattr(rules, "reserve_face_up", False)
            and getattr(rules, "passes", None) is None and getattr(rules, "draws", None) is None
            and getattr(rules, "scoring", "card") == "card")


def offered_rulesets(rulesets=None) -> dict:
    """name -> RuleSet of the rule sets the page offers, in the engine's order (`rulesets`: the engine's
    RULESETS unless given)."""
    rulesets = RULESETS if rulesets is None else rulesets
    return {name: r for name, r in rulesets.items() if drawable(r)}


def offered_names(rulesets=None) -> tuple[str, ...]:
    return tuple(offered_rulesets(rulesets))


def rules_options(t, rulesets=None) -> list[tuple[str, str]]:
    """(value, text) of each rule set offered, named in the player's language (`t`: a Translator)."""
    return [(name, t.rules_name(name)) for name in offered_rulesets(rulesets)]


def language_options() -> list[tuple[str, str]]:
    """(value, text) of each language, named in itself."""
    return [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]


def fill_select(select, options) -> None:
    """Replace the <option>s of `select` (a DOM element) with `options`, (value, text) pairs."""
    select.innerHTML = ""
    document = select.ownerDocument
    for value, text in options:
        opt = document.createElement("option")
        opt.value = value
        opt.textContent = text
        select.appendChild(opt)
