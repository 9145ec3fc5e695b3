"""The view value: everything the renderer draws, computed from (game, UI state, layout, language) as one
plain value, and its one text codec.

Pure Python (no js, no DOM; tested under CPython). `scene` reads the game, the UI state and the layout
(through static/worker/view.py's view model) and gives a dict of plain data only (dicts, lists, str, int,
float, bool, None), so `encode_view` writes it as JSON text and `decode_view` (static/shared/apply.py, which
MicroPython runs too) reads back an equal value: what the worker of the two-sided page will send.
static/shared/apply.py decides the DOM operations from the view applied last and this one, and the renderer
(static/page/render.py) performs them: it reads nothing else, no game, no UI state, no layout.

The value's parts (`KEYS`):

- ``table``: the layout's CSS sizes (bar_h, cw, ch, fs, gap, board_h, dock_max or None), its arrangement,
  the window it is laid out for ("390x844"), the help line, the face-up reserve's fan (reserve_up), every
  shown pile's slot [x, y, w, h] (board pixels) and the columns' own corner font sizes (col_fs).
- ``cards``: every card drawn, bottom to top pile by pile: {"id", "pile", "x", "y" (pixels inside its
  pile), "z" (its index in the pile), "up", "class", "marks" (sorted: selected, cursor, hint-src,
  hint-dst, dragging)}.
- ``piles``: every pile of the page (static/shared/table.py PILES): its card ids in order, its marks (empty,
  hint-src, hint-dst, target), its accessible name (None for a pile this game has not) and whether it
  holds the board's tab stop.
- ``below``: the reserve and the foundations: the card drawn under the top one, or None.
- ``placeholders``: each foundation of the game: [the card it waits for, in words, the class of its
  placeholder].
- ``texts``: stock count (or ↻), the pass ("2/3") and its words, reserve count, score, balance (None:
  hidden), deal code, the table's description.
- ``buttons``: data-action -> enabled (undo, redo, restart).
- ``assist``: the solver's panel (kind, text, buttons, move, undos and its buttons' labels) or None.
- ``notice``: {"text", "seq"} or None.
- ``motion``: animate, anim_seq, deal_seq, slide_from (card id -> [x, y] on screen), slide_origin,
  version: the renderer compares the sequences with the ones it drew.
- ``deal``: the new deal's flights' inputs (static/worker/motion.py deal_plan): the reserve's top, how many
  reserve cards fly, the base cards and the rest, each [card id, pile], in the dealer's order.
- ``celebration``: whether the win cascade runs, its sequence number, and the foundations' card codes.
"""

from __future__ import annotations

import json

from .a11y import pile_label
from shared.apply import KEYS, MAX_TEXT, decode_view  # noqa: F401 - the page's side decodes (MicroPython too)
from .rules_view import passes_label
from shared.table import PILES, TO_ENGINE
from shared.cardface import SUIT_SYMBOLS, card_class, is_back
from .view import view_model


def _table(layout) -> dict:
    return {
        "bar_h": layout.bar_h, "cw": layout.cw, "ch": layout.ch, "fs": layout.fs, "gap": layout.gap,
        "board_h": layout.board_h,
        # the board needs part of what the dock asks: the dock scrolls within the rest
        "dock_max": layout.dock if layout.dock_cut else None,
        "arrangement": layout.arrangement,
        "viewport": f"{layout.width:g}x{layout.height:g}",
        "help": bool(layout.help),
        "reserve_up": bool(layout.fanned("reserve")),
        "piles": {pile: list(rect) for pile, rect in layout.piles.items()},
        "col_fs": dict(layout.col_fs),
    }


def _texts(game, t, lang, balance) -> dict:
    stock_n = len(game.stock)
    label = passes_label(game, t)
    shown = balance if balance is not None and game.rules.scoring == "casino" else None
    return {
        # ↻ only while the rules allow another pass: after the last one a tap on the stock does nothing
        "stock": str(stock_n) if stock_n else ("↻" if game.waste and game.can_recycle else ""),
        "passes": "" if label is None else f"{game.pass_number}/{game.rules.passes}",
        "passes_label": label,
        "reserve": str(len(game.reserve)),
        "score": str(game.score),
        "balance": None if shown is None else str(shown),
        "code": game.code or "",
        "description": game.describe(lang),
    }


def _placeholders(game, t) -> dict:
    """Each foundation's next card drawn in its empty slot: its rank and suit, or what of them is known
    (a foundation of any suit shows the rank; a base not chosen yet or four of a kind, nothing)."""
    out = {}
    for i in range(1, len(game.foundations) + 1):
        nxt = game.foundation_next(i - 1)
        if nxt is None or (nxt.rank is None and nxt.suit is None):
            out[f"foundation-{i}"] = ["", "placeholder"]
        elif nxt.suit is None:
            out[f"foundation-{i}"] = [t(f"rank.{nxt.rank}"), "placeholder"]
        elif nxt.rank is None:
            out[f"foundation-{i}"] = [SUIT_SYMBOLS[nxt.suit], f"placeholder s{nxt.suit} {'red' if nxt.red else 'black'}"]
        else:
            out[f"foundation-{i}"] = [t.card_label(nxt.rank, nxt.suit),
                                      f"placeholder s{nxt.suit} {'red' if nxt.red else 'black'}"]
    return out


def _assist(panel, t):
    if panel is None:
        return None
    return {"kind": panel.kind, "text": panel.text, "buttons": list(panel.buttons), "move": panel.move,
            "undos": panel.undos,
            "labels": {"undo": t("action.undo"), "new": t("action.new"), "cancel": t("assist.cancel"),
                       "close": "×", "back": panel.back_label, "analyse": t("action.analyse")},
            "close_label": t("action.close")}


def _deal(game, vm, layout) -> dict:
    """What the deal's flights start from (the renderer plans them: static/worker/motion.py deal_plan)."""
    reserve = vm.cards["reserve"]
    tableau = [p for p in layout.piles if p.startswith("tableau-")]
    base = [[p.code, pile] for pile in layout.piles if pile.startswith("foundation-") for p in vm.cards[pile]]
    several = [p for p in layout.piles if p.startswith("reserve-")]
    if several:
        # several face-up reserves: each card flies to its own place in its fan, before the base card
        base = [[p.code, pile] for pile in several for p in vm.cards[pile]] + base
        top, hidden = None, 0
    elif layout.fanned("reserve"):
        # a face-up reserve: each card flies to its own place in the fan, before the base card
        base = [[p.code, "reserve"] for p in reserve] + base
        top, hidden = None, 0
    else:
        top, hidden = (reserve[-1].code if reserve else None), len(game.reserve)
    rest = []
    for row in range(max((len(vm.cards[pile]) for pile in tableau), default=0)):
        for pile in tableau:
            col = vm.cards[pile]
            if row < len(col):
                rest.append([col[row].code, pile])
    rest += [[p.code, "waste"] for p in vm.cards["waste"]]
    return {"top": top, "hidden": hidden, "base": base, "rest": rest}


def scene(game, ui, layout, t, lang, balance=None) -> dict:
    """The view value of `(game, ui)` placed by `layout`, in language `lang` (`t` its translator);
    `balance`: a casino game's running balance as its statistics keep it (None: not shown)."""
    vm = view_model(game, ui, layout)
    names = set(game.pile_names)
    sel = ui.selection
    cards, piles = [], {}
    for pile in PILES:
        places = vm.cards[pile]
        marks = set(vm.pile_marks[pile])
        if pile == "stock":          # the stock draws no card: it is empty when the game's stock is
            marks.discard("empty")
            if not game.stock:
                marks.add("empty")
        label = None
        if TO_ENGINE[pile] in names:     # a column this game has not: no name
            label = pile_label(game, pile, t, lang, cursor=ui.cursor if pile == ui.focus else None,
                               selected=sel is not None and sel.pile == pile)
            passes = passes_label(game, t) if pile == "stock" else None
            if passes:
                label += ", " + passes
        piles[pile] = {"cards": [p.code for p in places], "marks": sorted(marks), "label": label,
                       "focus": pile == ui.focus}
        for p in places:
            cards.append({"id": p.code, "pile": pile, "x": p.x, "y": p.y, "z": p.index, "up": not is_back(p.code),
                          "class": card_class(p.code), "marks": sorted(p.marks)})
    # a fanned face-up reserve shows the card under its top already
    below = {pile: (None if layout.fanned(pile) else code) for pile, code in vm.below_top.items()}
    notice = ui.notice
    return {
        "table": _table(layout),
        "cards": cards,
        "piles": piles,
        "below": below,
        "placeholders": _placeholders(game, t),
        "texts": _texts(game, t, lang, balance),
        "buttons": dict(vm.buttons),
        "assist": _assist(getattr(ui, "panel", None), t),
        "notice": None if notice is None else {"text": notice.text, "seq": notice.seq},
        "motion": {"animate": bool(ui.animate), "anim_seq": ui.anim_seq, "deal_seq": ui.deal_seq,
                   "slide_from": {code: [xy[0], xy[1]] for code, xy in ui.slide_from.items()},
                   "slide_origin": ui.slide_origin, "version": ui.version},
        "deal": _deal(game, vm, layout),
        "celebration": {"on": bool(ui.celebrating), "seq": ui.celebration_seq,
                        "foundations": ([[card.code for card in pile] for pile in game.foundations]
                                        if ui.celebrating else [])},
    }


def encode_view(view: dict) -> str:
    """The view value as JSON text (compact, the keys in the value's order; no NaN or infinity)."""
    if type(view) is not dict or set(view) != set(KEYS):
        raise ValueError("not a view value")
    return json.dumps(view, ensure_ascii=False, allow_nan=False, separators=(",", ":"))

