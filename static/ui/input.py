"""Pointer (mouse, touch, pen) and keyboard events, turned into actions for the controller.

This module decides nothing about the game: it finds out what was touched and hands the controller
a `Tap`, a `Drop`, a `Key` or a `Focus`. What was touched comes from the layout (where the cards rest,
static/ui/layout.py), not from the element under the pointer: a tap that arrives while a card still
slides goes to the card that will be there, never to the one beneath the sliding card.

A drag moves the picked-up cards with the pointer; at every move their drawn position is checked
against the pointer (so a scroll, a resize or a turn of the phone in mid-drag cannot leave them behind),
and the drop is decided against where the piles are at the moment of the drop. What is dragged, and
where it may go, is UI state (`UIState.drag`, set by `DragStart`): the renderer marks the cards and
their targets, and whatever ends a drag in the controller (a change of position, a dialog) ends it for
this module too. This module keeps only the pointer's own facts (where it went down, the translation).
"""

from __future__ import annotations

from js import document

from .handle_keys import handles
from .vocab import CelebrationEnd, DragStart, Drop, FinishStep, Focus, Key, Pointer, Tap
from .layout import drop_pile, hit_pile
from .table import move_count, visible_cards
from .view import lengths

DRAG_THRESHOLD = 6      # px before a press becomes a drag (a tap may wobble a little)


class Press:
    """One pointer press: where it went down, and once it drags, the elements it draws under it."""
    __slots__ = ("pile", "index", "x", "y", "pointer", "nodes", "dragging", "count", "mouse", "clicks", "grab",
                 "shift")

    def __init__(self, pile, index, x, y, pointer):
        self.pile, self.index, self.x, self.y, self.pointer = pile, index, x, y, pointer
        self.nodes = []
        self.dragging = False
        self.count = 1
        self.mouse = False
        self.clicks = 1
        self.grab = (0.0, 0.0)     # pointer - the first card's corner, at the start of the drag
        self.shift = [0.0, 0.0]    # the translation drawn now


class Input:
    """Given `dispatch(action)`, a read-only view of the page (game, ui state, layout, busy) and the
    renderer (card and pile elements, the deal's flights)."""

    def __init__(self, dispatch, view, renderer):
        self.dispatch = dispatch
        self.view = view
        self.renderer = renderer
        self.press = None
        self.board = document.getElementById("board")

    # ---- where the pointer is -------------------------------------------------------------

    def _board_point(self, x, y):
        r = self.board.getBoundingClientRect()
        return x - r.left, y - r.top

    def hit(self, client_x, client_y):
        """(pile, card index) under a screen point, from where the cards rest."""
        bx, by = self._board_point(client_x, client_y)
        return hit_pile(self.view.layout, lengths(self.view.game), bx, by)

    # ---- pointer --------------------------------------------------------------------------

    def _motion_first(self) -> bool:
        """A press or a key while something moves. The deal: it ends at once (every card where it
        lands) and the press or key goes on as usual. The animated auto-finish: the rest is played at
        once, and that is all the press or key does (True: consumed)."""
        if self.renderer.dealing():
            self.renderer.finish_deal()
        ui = self.view.ui
        if ui.finishing:
            self.dispatch(FinishStep(ui.finish_seq, rest=True))
            return True
        return False

    def on_pointerdown(self, ev):
        if not ev.isPrimary or ev.button != 0 or self.view.busy():
            return
        if self._motion_first():
            return
        pile, index = self.hit(ev.clientX, ev.clientY)
        self.dispatch(Pointer())
        if pile is None:
            return
        # No preventDefault here: it would suppress the compatibility mousedown whose `detail`
        # (the browser's click count) tells a double click apart (CSS stops text selection).
        self.press = Press(pile, index, ev.clientX, ev.clientY, ev.pointerId)
        self.press.mouse = ev.pointerType == "mouse"

    def on_mousedown(self, ev):
        """Comes after pointerdown for a mouse: the click count of this press (2 = a double click)."""
        if self.press is not None and self.press.mouse:
            self.press.clicks = ev.detail

    def _carried(self, p) -> bool:
        """Whether the UI state still has this press's drag (a change of position or a dialog ends it)."""
        drag = self.view.ui.drag
        return drag is not None and drag.pile == p.pile and drag.count == p.count

    def on_pointermove(self, ev):
        p = self.press
        if p is None or ev.pointerId != p.pointer:
            return
        if p.dragging and not self._carried(p):
            self.press = None              # the drag was ended meanwhile: the renderer put the cards back
            return
        if not p.dragging:
            dx, dy = ev.clientX - p.x, ev.clientY - p.y
            if p.index is None or dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            if not self._start_drag(p):
                self.press = None
                return
        self._follow(p, ev.clientX, ev.clientY)
        ev.preventDefault()

    def _follow(self, p, x, y):
        """Draw the dragged cards under the pointer, wherever their pile is now."""
        r = p.nodes[0].getBoundingClientRect()   # includes the translation drawn now
        want_x, want_y = x - p.grab[0], y - p.grab[1]
        p.shift[0] += want_x - r.left
        p.shift[1] += want_y - r.top
        transform = f"translate({p.shift[0]:.1f}px,{p.shift[1]:.1f}px)"
        for el in p.nodes:
            el.style.transform = transform

    def _start_drag(self, p):
        game = self.view.game
        codes = visible_cards(game)[p.pile]
        if p.pile == "stock" or not codes:
            return False
        index = p.index if p.pile.startswith("tableau-") else len(codes) - 1  # the waste: its top only
        count = move_count(game, p.pile, index)
        p.count = count
        p.nodes = [self.renderer.card_element(c) for c in codes[len(codes) - count:]]
        first = p.nodes[0].getBoundingClientRect()
        p.grab = (p.x - first.left, p.y - first.top)
        self.dispatch(DragStart(p.pile, count))   # the renderer marks the cards and the piles that take them
        try:
            self.board.setPointerCapture(p.pointer)
        except Exception:  # capture is a comfort: the drag works without it
            pass
        p.dragging = True
        return True

    def on_pointerup(self, ev):
        p = self.press
        if p is None or ev.pointerId != p.pointer:
            return
        self.press = None
        if p.dragging:
            if self._carried(p):
                self._follow(p, ev.clientX, ev.clientY)
                self._end_drag(p, True)
        elif p.mouse and p.clicks >= 2 and p.index is not None and p.pile != "stock":
            # The second click of a double click on a card: the first click already played it
            # (a tap moves), and this one would play whatever card it uncovered. The stock,
            # and touch taps, count every time.
            return
        else:
            # the pile under the pointer when it went down, read from where the cards rest now
            pile, index = self.hit(p.x, p.y)
            if pile is not None:
                self.dispatch(Tap(pile, index))

    def on_pointercancel(self, ev):
        p = self.press
        if p is None or ev.pointerId != p.pointer:
            return
        self.press = None
        if p.dragging and self._carried(p):
            self._end_drag(p, False)

    def _end_drag(self, p, drop):
        """The drop (or a lost pointer: `drop` False), where the cards are drawn now; the renderer takes
        them off the pointer as the drag leaves the UI state."""
        dest = None
        drawn_at = {}
        if drop:
            r = p.nodes[0].getBoundingClientRect()
            bx, by = self._board_point(r.left, r.top)
            dest = drop_pile(self.view.layout, lengths(self.view.game), self.view.ui.drag.dests,
                             (bx, by, r.width, r.height))
        for el in p.nodes:
            r = el.getBoundingClientRect()
            drawn_at[el.dataset.card] = (r.left, r.top)
        self.dispatch(Drop(p.pile, p.count, dest, drawn_at))

    # ---- keyboard -------------------------------------------------------------------------

    def on_keydown(self, ev):
        if self.view.ui.celebrating:     # any key ends the win celebration, and does nothing else
            ev.preventDefault()
            self.dispatch(CelebrationEnd())
            return
        if self.view.busy() or ev.altKey or ev.metaKey:
            return
        if ev.key not in ("Shift", "Control", "Alt", "Meta", "Tab") and self._motion_first():
            ev.preventDefault()
            return
        active = document.activeElement
        tag = active.tagName if active else ""
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        in_board = bool(active) and hasattr(active, "closest") and bool(active.closest("#board"))
        action = Key(ev.key, bool(ev.ctrlKey), bool(ev.shiftKey), in_board)
        if handles(action, self.view.ui):
            ev.preventDefault()
            self.dispatch(action)

    def on_focusin(self, ev):
        target = ev.target
        pile_el = target.closest("[data-pile]") if target else None
        if pile_el:
            self.dispatch(Focus(pile_el.dataset.pile, keyboard=bool(pile_el.matches(":focus-visible"))))
