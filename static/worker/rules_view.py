"""The rules and help dialog's content: the rules of one rule set and how to play, as HTML.

Pure Python (CPython-testable): every sentence comes from the message tables (static/worker/i18n.py),
chosen by the rule set's parameters (canfield.RuleSet: base_rank, build, wrap, moves, fill, passes,
draws, takeback; for the other games of issue 34 reserves, reserve_down, reserve_to, column_deal,
column_max, empty_rank, empty_from, starters, foundation, foundations_in_order), never by its name. A
first game's parameters keep their first paragraphs word for word. The small card pictures use the card
faces (static/shared/cardface.py).
"""

from __future__ import annotations

from html import escape

from canfield import Card, card_name

from shared.cardface import card_markup, rank_labels

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
    keys = [_goal_key(rules, decks)]
    if _plain_deal(rules):
        if rules.base_rank is None:
            keys += ["help.deal.base" + decks]
        elif rules.base_rank == 1:   # the aces start: no foundation goes on from the king
            keys += ["help.deal.aces" + decks]
        else:
            # no game of several decks starts on another fixed rank: its line would need its own count
            keys += ["help.deal.fixed"]
    else:
        keys += _deal_keys(rules)
    keys += _foundation_keys(rules)
    if rules.decks > 1 and rules.foundation == "suit":
        keys.append("help.decks")
    if rules.reserve_face_up:
        keys.append("help.reserves.up" if rules.reserves > 1 else "help.reserve.up")
    if rules.build == "rank":    # a card onto one of its own rank: nothing to wrap
        keys.append("help.columns.rank")
    else:
        keys.append(f"help.columns.{rules.build}" + ("" if rules.wrap else ".nowrap"))
    if rules.column_max is not None:
        keys.append("help.columns.max")
    keys.append(_moves_key(rules))
    keys += _reserve_keys(rules)
    if rules.passes is None:
        keys.append("help.stock")
    else:
        keys.append("help.stock.once" if rules.passes == 1 else "help.stock.passes")
    if rules.draws is not None and len(set(rules.draws)) > 1:
        keys.append("help.draws.schedule")
    keys.append("help.takeback" if rules.takeback else "help.takeback.no")
    keys.append("help.score.casino" if rules.scoring == "casino" else "help.score")
    return keys


def _goal_key(rules, decks: str) -> str:
    """The aim: the cards and foundations it names (one foundation of four of a kind, eight up and down)."""
    if decks or rules.foundations == 4:
        return "help.goal" + decks
    return "help.goal.set" if rules.foundation == "set" else "help.goal.count"


def _plain_deal(rules) -> bool:
    """Whether the deal reads as the first games' (one reserve, one face-up card a column, the base card
    dealt or a fixed rank's cards starting the foundations by suit)."""
    return (rules.reserves == 1 and rules.column_deal == (True,) and rules.base_rank != "player"
            and (rules.base_rank is None or rules.starters) and rules.foundation in ("suit", "rank"))


def _deal_keys(rules) -> list[str]:
    """The deal of the other games: the reserves and the columns (their faces), then how the base is set."""
    keys = ["help.deal.parts"]
    if rules.column_deal != (True,):
        keys.append("help.columns.faces")
    if rules.base_rank == "player":
        keys.append("help.base.player")
    elif rules.base_rank is None and rules.foundation != "set":
        keys.append("help.base.dealt")
    return keys


def _foundation_keys(rules) -> list[str]:
    """How the foundations build (and open)."""
    keys = []
    kind = rules.foundation
    if kind == "set":
        keys.append("help.foundations.set")
    elif kind == "up_down":
        keys.append("help.foundations.updown")
    elif kind == "rank":
        keys.append("help.foundations.rank.ace" if rules.base_rank == 1 else "help.foundations.rank")
    elif rules.base_rank == 1:
        keys.append("help.foundations.ace" if rules.starters else "help.foundations.ace.empty")
    elif rules.base_rank is None or rules.base_rank == "player" or rules.starters:
        keys.append("help.foundations")
    else:
        keys.append("help.foundations.empty")
    if rules.foundations_in_order:
        keys.append("help.foundations.order")
    return keys


def _moves_key(rules) -> str:
    if rules.build == "rank" and rules.moves == "tail":
        return "help.tails.rank"
    return {"tail": "help.tails", "top_or_whole": "help.tails.no", "single": "help.moves.single",
            "whole": "help.moves.whole"}[rules.moves]


def _plain_reserve(rules) -> bool:
    """Whether the reserve and the empty columns read as the first games' (one reserve whose top plays
    anywhere, an empty column taking any rank from any pile, one of the first three fills)."""
    return (rules.reserves == 1 and not rules.reserve_down and rules.reserve_to == "any"
            and rules.empty_rank is None and rules.empty_from is None
            and rules.fill in ("reserve_then_any", "reserve_then_waste", "any"))


def _reserve_keys(rules) -> list[str]:
    """Which reserve cards play, how an emptied column is filled and what an empty column takes."""
    card = ".card" if rules.moves == "single" else ""   # one card at a time: no run goes there
    if _plain_reserve(rules):
        if rules.fill == "any":
            return ["help.reserve.nofill"]
        return ["help.reserve", "help.empty.waste" if not rules.empty_any else "help.empty.any" + card]
    keys = []
    if rules.reserve_down:
        keys.append("help.reserve.down")
    elif rules.reserve_to == "foundations":
        keys.append("help.reserve.foundations")
    elif not rules.reserve_face_up:      # face up, the paragraph on the reserves said it
        keys.append("help.reserves.top" if rules.reserves > 1 else "help.reserve.top")
    rank = rules.empty_rank if isinstance(rules.empty_rank, int) else None
    fill = rules.fill
    if fill in ("reserve_then_any", "reserve_then_waste"):
        keys.append("help.fill.reserve")
        if fill == "reserve_then_waste":
            keys.append("help.empty.waste")
        else:
            keys.append(("help.empty.rank.after" if rank else "help.empty.any") + card)
            rank = None          # said
    elif fill == "larger_reserve_then_waste":
        keys += ["help.fill.larger", "help.empty.left" + card]
    elif fill == "waste_after_reserves":
        keys += ["help.fill.none", "help.empty.reserves.first"]
    else:
        keys.append("help.fill.none")
        if not rank and rules.empty_from is None:
            keys.append("help.empty.free" + card)
    if rules.empty_from is not None:
        keys.append("help.empty.from")
    if rank:
        keys.append("help.empty.rank" + card)
    if rules.empty_rank == "base":
        keys.append("help.empty.base" + card)
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
    "help.foundations.ace.empty": ((("AH", "2H", "3H"), False, False),),
    "help.foundations.rank": ((("6H", "7C", "8D"), False, False), (("QS", "KH", "AD"), False, False)),
    "help.foundations.rank.ace": ((("AH", "2C", "3D"), False, False),),
    "help.foundations.updown": ((("AH", "2H", "3H"), False, False), (("KH", "QH", "JH"), False, False)),
    "help.foundations.set": ((("5S", "5H", "5D", "5C"), False, False),),
    "help.columns.rank": ((("9C", "9H"), True, False),),
    "help.tails.rank": ((("9C", "9H", "9S"), True, False),),
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
    rule set's own when it fixes it, else the game's `draw`), the pass limit and the draw schedule; for
    the other games' deal, the reserves' and the columns' parts and faces, a column's capacity and the
    ranks an empty column or an empty foundation starts with ("a king") and the piles an empty column
    takes from."""
    rows = len(rules.column_deal)
    fixed = rules.base_rank if isinstance(rules.base_rank, int) else None
    empty = rules.empty_rank if isinstance(rules.empty_rank, int) else None
    return {"rank": t(f"rank.{fixed}") if fixed else "",
            "reserve": rules.reserve, "columns": rules.columns,
            "nth": ordinal(rules.reserves * rules.reserve + 1, t.lang),
            "draw": draw_text(t, rules.draws[0] if rules.draws is not None else draw),
            "passes": rules.passes or "",
            "decks": rules.decks, "cards": 52 * rules.decks, "foundations": rules.foundations,
            "per": rules.decks, "aces": rules.foundations,
            "schedule": schedule_text(rules, t) if rules.draws is not None else "",
            "reserves": rules.reserves, "rows": rows, "most": rules.column_max or "",
            "reserve_part": t("help.part.reserves" if rules.reserves > 1 else "help.part.reserve",
                              reserve=rules.reserve, reserves=rules.reserves),
            "column_part": t("help.part.columns" if rows > 1 else "help.part.column", rows=rows,
                             columns=rules.columns),
            "faces": ", ".join(t("help.face.up" if up else "help.face.down") for up in rules.column_deal),
            "a_rank": t(f"help.rank.{fixed}") if fixed else "",
            "empty": t(f"help.rank.{empty}") if empty else "",
            "sources": t("help.or").join(t(f"help.src.{kind}") for kind in rules.empty_from or ())}


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
