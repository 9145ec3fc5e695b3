"""The rules and help dialog's content: the rules of one rule set and how to play, as HTML.

Pure Python (CPython-testable): every sentence comes from the message tables (static/ui/i18n.py),
chosen by the rule set's parameters (canfield.RuleSet: base_rank, alternate, tail_moves, empty_any,
takeback), never by its name; the small card pictures use the card faces (static/ui/faces.py).
"""

from __future__ import annotations

from html import escape

from canfield import Card, card_name

from .faces import card_markup, rank_labels

RED = {"H", "D"}


def mini_card(code: str, labels: dict[str, str]) -> str:
    """One small card for a picture (no data-card: the board's cards are the only ones with it)."""
    colour = "red" if code[1] in RED else "black"
    return f'<span class="mini s{code[1]} {colour}" data-mini="{code}">{card_markup(code, labels)}</span>'


def picture(codes, labels, name: str, fan: bool = False, arrow: bool = False) -> str:
    """Cards side by side (a foundation or a move: `arrow` between the two), or fanned as in a column."""
    parts = [mini_card(c, labels) for c in codes]
    if arrow and len(parts) == 2:
        parts.insert(1, '<span class="arrow" aria-hidden="true">→</span>')
    cls = "pic fan" if fan else "pic"
    return f'<span class="{cls}" role="img" aria-label="{escape(name)}">{"".join(parts)}</span>'


def _names(codes, lang: str) -> str:
    return ", ".join(card_name(Card.parse(c), lang) for c in codes)


def rule_keys(rules) -> list[str]:
    """The message keys of the rule paragraphs for one rule set, in reading order."""
    keys = ["help.goal"]
    keys.append("help.deal.fixed" if rules.base_rank else "help.deal.base")
    keys.append("help.foundations")
    keys.append("help.columns.alternate" if rules.alternate else "help.columns.any")
    keys.append("help.tails" if rules.tail_moves else "help.tails.no")
    keys.append("help.reserve")
    keys.append("help.empty.any" if rules.empty_any else "help.empty.waste")
    keys.append("help.stock")
    keys.append("help.takeback" if rules.takeback else "help.takeback.no")
    keys.append("help.score")
    return keys


PLAY_KEYS = ("help.tap", "help.drag", "help.keys")

# The card pictures that follow some paragraphs: (cards, fanned, arrow).
PICTURES = {
    "help.foundations": ((("6H", "7H", "8H"), False, False), (("QS", "KS", "AS"), False, False)),
    "help.columns.alternate": ((("9C", "8H"), True, False), (("AD", "KS"), True, False)),
    "help.columns.any": ((("9C", "8S"), True, False), (("AD", "KH"), True, False)),
    "help.tails": ((("9C", "8D", "7S"), True, False),),
    "help.stock": ((("4D", "JC", "2S"), False, False),),
}


def rules_html(rules, t, lang: str, draw: int = 3) -> str:
    """The dialog's body for the rule set `rules` (a canfield.RuleSet), translator `t`, draw 1 or 3."""
    labels = rank_labels(t)
    out = [f"<h3>{escape(t('help.rules_of', name=t.rules_name(rules.name)))}</h3>"]
    values = {"rank": t(f"rank.{rules.base_rank}") if rules.base_rank else "",
              "draw": t("help.draw3") if draw == 3 else t("help.draw1")}
    for key in rule_keys(rules):
        out.append(f"<p>{escape(t(key, **values))}</p>")
        pics = PICTURES.get(key)
        if pics:
            out.append('<div class="pics">' + "".join(
                picture(codes, labels, _names(codes, lang), fan=fan, arrow=arrow) for codes, fan, arrow in pics
            ) + "</div>")
    out.append(f"<h3>{escape(t('help.how'))}</h3>")
    for key in PLAY_KEYS:
        out.append(f"<p>{escape(t(key))}</p>")
    return "".join(out)
