"""The session's pointer part (a mixin of static/worker/session.py's `Session`): the page sends points on the
board (`PressAt`, `TapAt`, `DragAt`, `DropAt`, static/shared/messages.py) and the worker finds the piles
they fall on in the layout (static/worker/layout.py `hit_pile`, `drop_pile`), then dispatches the
controller's `Pointer`, `Tap`, `DragStart` or `Drop`. Runs in the worker (Pyodide)."""

from __future__ import annotations

from .layout import drop_pile, hit_pile
from .view import lengths
from shared.table import move_count, visible_cards
from shared.vocab import DragAt, DragStart, Drop, FinishStep, Pointer, PressAt, Tap, TapAt


class PointerPart:
    """`Session._pointer`: a point of the page's pointer, as the controller's action (uses the session's
    `controller`, `layout`, `_dispatch` and `_spent`)."""

    def _pointer(self, m) -> list:
        c = self.controller
        ui = c.ui
        if isinstance(m, PressAt):
            self._spent = bool(ui.finishing)
            if self._spent:        # the animated auto-finish: the rest at once, and nothing else
                return self._dispatch(FinishStep(ui.finish_seq, rest=True))
            return self._dispatch(Pointer())
        if isinstance(m, TapAt):
            if self._spent:
                self._spent = False
                return []
            pile, index = hit_pile(self.layout, lengths(c.game), m.x, m.y)
            shown = visible_cards(c.game)
            # the board drawn is not the one laid out yet (a panel docked meanwhile): a press on the stock
            # as drawn is a tap on the stock (no card is ever drawn on top of it at rest). Elsewhere the
            # resting layout decides: a card sliding past is drawn where it does not rest
            if m.pile == "stock" and pile != "stock" and "stock" in shown:
                pile, index = "stock", None
            return self._dispatch(Tap(pile, index)) if pile is not None else []
        if isinstance(m, DragAt):
            pile, index = hit_pile(self.layout, lengths(c.game), m.x, m.y)
            codes = visible_cards(c.game).get(pile) if pile is not None else None
            if self._spent or pile == "stock" or not codes or index is None:
                return []
            index = index if pile.startswith("tableau-") else len(codes) - 1   # the waste: its top only
            return self._dispatch(DragStart(pile, move_count(c.game, pile, index)))
        drag = ui.drag                # DropAt
        if drag is None:              # the drag was ended meanwhile (a change of position, a dialog)
            return []
        dest = None if m.cancel else drop_pile(self.layout, lengths(c.game), drag.dests, (m.x, m.y, m.w, m.h))
        return self._dispatch(Drop(drag.pile, drag.count, dest, m.drawn_at))
