"""The view model: what the renderer draws, as plain data, from (game, UI state, layout).

Pure Python (tested under CPython; no import of the engine). `view_model` gives, pile by pile, every visible card with its
place (pixels inside its pile), its corner font size and its marks (selected, keyboard cursor, hint),
plus the button states of the bar. The scene (static/worker/scene.py) turns it into the view value the
renderer applies, so the same data can rebuild the board's markup without measuring anything.

A card element's classes and content come from static/shared/cardface.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.table import PILES, TO_UI, reserve_piles, visible_cards


@dataclass(frozen=True)
class Place:
    code: str           # the card's id: its data-card ("QC", a copy "QC2")
    pile: str
    index: int
    x: float            # inside the pile
    y: float
    fs: float           # corner index font size
    marks: frozenset    # "selected", "cursor", "hint-src", "hint-dst", "dragging"


@dataclass(frozen=True)
class ViewModel:
    cards: dict         # pile id -> tuple of Place, bottom to top
    pile_marks: dict    # pile id -> frozenset of classes ("hint-src", "hint-dst", "empty", "target")
    buttons: dict       # data-action -> enabled
    keyboard_cursor: str | None
    below_top: dict     # reserve and foundations: the card under the top one (seen while the top is dragged)


def cursor_code(game, ui, shown=None):
    """The card the keyboard cursor is on (focused pile's top, or a card inside a column), or None."""
    if not ui.keyboard:
        return None
    shown = shown if shown is not None else visible_cards(game)
    codes = shown.get(ui.focus, ())
    if not codes:
        return None
    if ui.focus.startswith("tableau-"):
        return codes[max(0, min(ui.cursor, len(codes) - 1))]
    return codes[-1]


def view_model(game, ui, layout) -> ViewModel:
    shown = visible_cards(game)
    selected = set()
    sel = ui.selection
    if sel is not None:
        codes = shown.get(sel.pile, ())
        selected = set(codes[len(codes) - sel.count:]) if codes else set()
    hint_src, hint_dst = set(), set()
    pile_marks = {p: set() for p in PILES}
    if ui.hint is not None:
        move = ui.hint
        src, dst = TO_UI[move.src], TO_UI[move.dst]
        pile_marks[src].add("hint-src")
        pile_marks[dst].add("hint-dst")
        if move.src != "S":
            codes = shown.get(src, ())
            hint_src = set(codes[len(codes) - move.count:]) if codes else set()
        if shown.get(dst):
            hint_dst = {shown[dst][-1]}
    dragged = set()
    drag = getattr(ui, "drag", None)
    if drag is not None:
        codes = shown.get(drag.pile, ())
        dragged = set(codes[len(codes) - drag.count:]) if codes else set()
        for dest in drag.dests:
            pile_marks[dest].add("target")
    cursor = cursor_code(game, ui, shown)
    cards = {}
    for pile in PILES:
        codes = shown.get(pile, ())     # a table of fewer columns has no cards for the others
        if not codes:
            pile_marks[pile].add("empty")
        fs = layout.col_fs.get(pile, layout.fs)
        out = []
        for i, code in enumerate(codes):
            x, y = layout.card_offset(pile, i)
            marks = set()
            if code in selected:
                marks.add("selected")
            if code == cursor:
                marks.add("cursor")
            if code in hint_src:
                marks.add("hint-src")
            if code in hint_dst:
                marks.add("hint-dst")
            if code in dragged:
                marks.add("dragging")
            out.append(Place(code, pile, i, x, y, fs, frozenset(marks)))
        cards[pile] = tuple(out)
    can_undo = game.can_undo or ui.restart_undo is not None
    buttons = {"undo": can_undo, "redo": game.can_redo, "restart": game.can_undo or game.can_redo}
    below_top = {"reserve": None}
    for pile, held in zip(reserve_piles(game), game.reserves):
        # the card a dragged top uncovers, when it will be face up (a trunk face down to its last card
        # shows nothing there: its next card stays a secret)
        up = len(held) > 1 and game.rules.reserve_faces(len(held) - 1)[-1]
        below_top[pile] = held[-2].id if up else None
    for i, pile in enumerate(game.foundations, 1):
        below_top[f"foundation-{i}"] = pile[-2].id if len(pile) > 1 else None
    return ViewModel(cards=cards, pile_marks={p: frozenset(m) for p, m in pile_marks.items()},
                     buttons=buttons, keyboard_cursor=cursor, below_top=below_top)


def lengths(game) -> dict:
    """Cards drawn in each pile (what the hit tests need)."""
    return {pile: len(codes) for pile, codes in visible_cards(game).items()}


def column_lengths(game) -> tuple:
    return tuple(len(pile) for pile in game.tableau)
