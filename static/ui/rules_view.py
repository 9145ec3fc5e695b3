"""The rules and help dialog's content: the rules of one rule set and how to play, as HTML.

Pure Python (CPython-testable): every sentence comes from the message tables (static/ui/i18n.py),
chosen by the rule set's parameters (canfield.RuleSet: base_rank, build, wrap, moves, fill, passes,
draws, takeback), never by its name; the small card pictures use the card faces (static/ui/cardface.py).
"""

from __future__ import annotations

from html import escape

from canfield import Card, card_name

from .cardface import card_markup, rank_labels

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
    decks = ".decks" if rules.decks > 1 else ""    # several decks: the counts are said, not "52" and "four"
    keys = ["help.goal" + decks]
    if rules.base_rank is None:
        keys += ["help.deal.base" + decks, "help.foundations"]
    elif rules.base_rank == 1:   # the aces start: no foundation goes on from the king
        keys += ["help.deal.aces" + decks, "help.foundations.ace"]
    else:
        # no game of several decks starts on another fixed rank: its line would need its own count
        keys += ["help.deal.fixed", "help.foundations"]
    if rules.decks > 1:
        keys.append("help.decks")
    if rules.reserve_face_up:
        keys.append("help.reserve.up")
    keys.append(f"help.columns.{rules.build}" + ("" if rules.wrap else ".nowrap"))
    keys.append({"tail": "help.tails", "top_or_whole": "help.tails.no", "single": "help.moves.single"}[rules.moves])
    if rules.fill == "any":
        keys.append("help.reserve.nofill")
    else:
        empty = "help.empty.waste" if not rules.empty_any else (
            "help.empty.any.card" if rules.moves == "single" else "help.empty.any")
        keys += ["help.reserve", empty]
    if rules.passes is None:
        keys.append("help.stock")
    else:
        keys.append("help.stock.once" if rules.passes == 1 else "help.stock.passes")
    if rules.draws is not None and len(set(rules.draws)) > 1:
        keys.append("help.draws.schedule")
    keys.append("help.takeback" if rules.takeback else "help.takeback.no")
    keys.append("help.score.casino" if rules.scoring == "casino" else "help.score")
    return keys


def draw_text(t, n: int) -> str:
    """ "3 cards", "1 card" in the player's language."""
    return t(f"help.draw{n}")


def schedule_text(rules, t) -> str:
    """The draws of a schedule, pass by pass: "3 cards, then 2 cards, then 1 card"."""
    return t("help.then").join(draw_text(t, n) for n in rules.draws)


def draw_note(rules, t) -> str | None:
    """The New game dialog's line for a rule set that fixes its draw ("Rainfall always draws 1 card."),
    or None when the player chooses 1 or 3."""
    if rules.draws is None:
        return None
    name = t.rules_name(rules.name)
    if len(set(rules.draws)) > 1:
        return t("newgame.draw.schedule", name=name, schedule=schedule_text(rules, t))
    return t("newgame.draw.fixed", name=name, draw=draw_text(t, rules.draws[0]))


def passes_label(game, t) -> str | None:
    """The pass the game is in, out of its limit ("pass 2 of 3"), or None with unlimited passes
    (the pass number is the engine's: Game.pass_number)."""
    if game.rules.passes is None:
        return None
    return t("stock.pass", n=game.pass_number, passes=game.rules.passes)


PLAY_KEYS = ("help.tap", "help.drag", "help.keys")

# The card pictures that follow some paragraphs: (cards, fanned, arrow).
PICTURES = {
    "help.foundations": ((("6H", "7H", "8H"), False, False), (("QS", "KS", "AS"), False, False)),
    "help.foundations.ace": ((("AH", "2H", "3H"), False, False),),
    "help.columns.alternate": ((("9C", "8H"), True, False), (("AD", "KS"), True, False)),
    "help.columns.suit": ((("9C", "8C"), True, False), (("AD", "KD"), True, False)),
    "help.columns.any": ((("9C", "8S"), True, False), (("AD", "KH"), True, False)),
    "help.columns.alternate.nowrap": ((("9C", "8H"), True, False),),
    "help.columns.suit.nowrap": ((("9C", "8C"), True, False),),
    "help.columns.any.nowrap": ((("9C", "8S"), True, False),),
    "help.tails": ((("9C", "8D", "7S"), True, False),),
    "help.stock": ((("4D", "JC", "2S"), False, False),),
}


def ordinal(n: int, lang: str) -> str:
    """`n` as an ordinal number in `lang` ("14e", "14th"; "1er", "1st")."""
    if lang == "en":
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    if lang == "fr" and n == 1:
        return "1re"     # la 1re carte
    return f"{n}e"


def rule_values(rules, t, draw: int = 3) -> dict:
    """The values the rule paragraphs are formatted with: the fixed start rank, the first pass's draw (the
    rule set's own when it fixes it, else the game's `draw`), the pass limit and the draw schedule."""
    return {"rank": t(f"rank.{rules.base_rank}") if rules.base_rank else "",
            "reserve": rules.reserve, "columns": rules.columns, "nth": ordinal(rules.reserve + 1, t.lang),
            "draw": draw_text(t, rules.draws[0] if rules.draws is not None else draw),
            "passes": rules.passes or "",
            "decks": rules.decks, "cards": 52 * rules.decks, "foundations": rules.foundations,
            "per": rules.decks, "aces": rules.foundations,
            "schedule": schedule_text(rules, t) if rules.draws is not None else ""}


def rules_html(rules, t, lang: str, draw: int = 3) -> str:
    """The dialog's body for the rule set `rules` (a canfield.RuleSet), translator `t`, draw 1 or 3."""
    labels = rank_labels(t)
    out = [f"<h3>{escape(t('help.rules_of', name=t.rules_name(rules.name)))}</h3>"]
    values = rule_values(rules, t, draw)
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
