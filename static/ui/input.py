"""Pointer (mouse, touch, pen) and keyboard input, turned into calls on the app.

Every gesture ends in one of: a tap on a card or pile, a drop of a card or
tail on a pile, or a key command. What is legal is always asked of the engine
through the app; this module only finds out what was touched.
"""

from __future__ import annotations

from js import document

from .state import TO_ENGINE, key_neighbour

DRAG_THRESHOLD = 6      # px before a press becomes a drag (a tap may wobble a little)
DROP_MARGIN = 0.35      # drop areas grow by this share of a card width on every side


class Press:
    __slots__ = ("pile", "code", "x", "y", "pointer", "nodes", "starts", "dragging", "dests", "areas", "count",
                 "mouse", "clicks")

    def __init__(self, pile, code, x, y, pointer):
        self.pile, self.code, self.x, self.y, self.pointer = pile, code, x, y, pointer
        self.nodes = []
        self.starts = {}
        self.dragging = False
        self.dests = {}
        self.areas = {}
        self.count = 1
        self.mouse = False
        self.clicks = 1


class Input:
    def __init__(self, app):
        self.app = app
        self.press = None
        self.board = document.getElementById("board")

    # ---- pointer ----------------------------------------------------------------------

    def _hit(self, ev):
        target = ev.target
        if not target or not hasattr(target, "closest"):
            return None, None
        pile_el = target.closest("[data-pile]")
        if not pile_el:  # JS null arrives as a falsy JsNull, not None
            return None, None
        card_el = target.closest("[data-card]")
        return pile_el.dataset.pile, (card_el.dataset.card if card_el else None)

    def on_pointerdown(self, ev):
        if not ev.isPrimary or ev.button != 0 or self.app.busy():
            return
        pile, code = self._hit(ev)
        if pile is None:
            return
        # No preventDefault here: it would suppress the compatibility mousedown whose `detail`
        # (the browser's click count) tells a double click apart (CSS stops text selection).
        self.press = Press(pile, code, ev.clientX, ev.clientY, ev.pointerId)
        self.press.mouse = ev.pointerType == "mouse"

    def on_mousedown(self, ev):
        """Comes after pointerdown for a mouse: the click count of this press (2 = a double click)."""
        if self.press is not None and self.press.mouse:
            self.press.clicks = ev.detail

    def on_pointermove(self, ev):
        p = self.press
        if p is None or ev.pointerId != p.pointer:
            return
        dx, dy = ev.clientX - p.x, ev.clientY - p.y
        if not p.dragging:
            if p.code is None or dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            if not self._start_drag(p, ev):
                self.press = None
                return
        transform = f"translate({dx:.1f}px,{dy:.1f}px)"
        for el in p.nodes:
            el.style.transform = transform
        ev.preventDefault()

    def _start_drag(self, p, ev):
        app = self.app
        codes = app.renderer.shown[p.pile]
        if p.code not in codes or p.pile == "stock":
            return False
        count = app.count_for(p.pile, codes.index(p.code))
        if not p.pile.startswith("tableau-"):
            p.code = codes[-1]  # the fanned waste: only its top card moves
        p.count = count
        p.dests = app.drop_targets(p.pile, count)
        p.nodes = [app.renderer.cards[c] for c in codes[len(codes) - count:]]
        app.clear_selection()
        for el in p.nodes:
            r = el.getBoundingClientRect()
            p.starts[el.dataset.card] = (r.left, r.top)
            el.classList.add("dragging")
        first = p.nodes[0].getBoundingClientRect()
        p.starts["_size"] = (first.width, first.height)
        margin = first.width * DROP_MARGIN
        for dest in p.dests:
            el = app.renderer.pile_el[dest]
            el.classList.add("target")
            r = el.getBoundingClientRect()
            bottom = max(r.bottom, r.top + first.height)
            p.areas[dest] = (r.left - margin, r.top - margin, r.right + margin, bottom + margin)
        try:
            ev.target.setPointerCapture(ev.pointerId)
        except Exception:  # the element may be gone (re-render under the finger): the drag still works
            pass
        app.renderer.pile_el[p.pile].classList.add("lifted")  # above the piles drawn after it
        p.dragging = True
        return True

    def _drop_target(self, p, ev):
        """The legal pile the dragged card overlaps most (generous areas), or None."""
        dx, dy = ev.clientX - p.x, ev.clientY - p.y
        x0, y0 = p.starts[p.code] if p.code in p.starts else p.starts[p.nodes[0].dataset.card]
        w, h = p.starts["_size"]
        left, top = x0 + dx, y0 + dy
        right, bottom = left + w, top + h
        best, best_area = None, 0.0
        for dest, (l, t, r, b) in p.areas.items():
            ow = min(right, r) - max(left, l)
            oh = min(bottom, b) - max(top, t)
            if ow > 0 and oh > 0 and ow * oh > best_area:
                best, best_area = dest, ow * oh
        return best

    def on_pointerup(self, ev):
        p = self.press
        if p is None or ev.pointerId != p.pointer:
            return
        self.press = None
        if p.dragging:
            self._end_drag(p, self._drop_target(p, ev))
        elif p.mouse and p.clicks >= 2 and p.code is not None:
            # The second click of a double click on a card: the first click already played it
            # (a tap moves), and this one would play whatever card it uncovered. The stock,
            # and touch taps, count every time.
            return
        else:
            self.app.on_tap(p.pile, p.code)

    def on_pointercancel(self, ev):
        p = self.press
        if p is None or ev.pointerId != p.pointer:
            return
        self.press = None
        if p.dragging:
            self._end_drag(p, None)

    def _end_drag(self, p, dest):
        app = self.app
        firsts = {}
        for el in p.nodes:
            r = el.getBoundingClientRect()
            firsts[el.dataset.card] = (r.left, r.top)
            el.style.transform = ""
            el.classList.remove("dragging")
        for d in p.dests:
            app.renderer.pile_el[d].classList.remove("target")
        app.renderer.pile_el[p.pile].classList.remove("lifted")
        app.on_drop(p.pile, p.count, dest, firsts)

    def cancel_drag(self):
        p = self.press
        self.press = None
        if p is not None and p.dragging:
            for el in p.nodes:
                el.style.transform = ""
                el.classList.remove("dragging")
            for d in p.dests:
                self.app.renderer.pile_el[d].classList.remove("target")
            self.app.renderer.pile_el[p.pile].classList.remove("lifted")

    # ---- keyboard ---------------------------------------------------------------------

    def on_keydown(self, ev):
        app = self.app
        if app.busy() or ev.altKey or ev.metaKey:
            return
        active = document.activeElement
        tag = active.tagName if active else ""
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = ev.key
        ctrl = ev.ctrlKey
        lower = key.lower() if len(key) == 1 else key
        handled = True
        if ctrl and lower == "z":
            app.cmd_redo() if ev.shiftKey else app.cmd_undo()
        elif ctrl and lower == "y":
            app.cmd_redo()
        elif ctrl:
            handled = False
        elif lower == "u":
            app.cmd_undo()
        elif lower == "r":
            app.cmd_redo()
        elif lower == "d":
            app.cmd_draw()
        elif lower == "n":
            app.open_new_dialog()
        elif lower == "h":
            app.assist.request_hint()
        elif key in ("?", "F1"):
            app.open_rules()  # look: the rules and help dialog
        elif key == "Escape":
            handled = app.clear_selection(render=True)
            if handled:
                app.say(app.t("a11y.unselected"))
        elif lower == "b" and not ev.shiftKey:
            app.read_board()  # the whole table, in the engine's sentences
        elif not self._in_board(active):
            handled = False
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            self._arrow(key[5:].lower())
        elif key in ("Enter", " "):
            app.on_key_select()
        elif key == "Home":
            app.focus_pile("stock")
        else:
            handled = False
        if handled:
            ev.preventDefault()

    def _in_board(self, el):
        return bool(el) and hasattr(el, "closest") and bool(el.closest("#board"))

    def _arrow(self, direction):
        app = self.app
        pile = app.focus
        if pile.startswith("tableau-") and direction in ("up", "down"):
            n = len(app.game.pile(TO_ENGINE[pile]))
            if direction == "up" and app.cursor > 0 and n:
                app.set_cursor(app.cursor - 1)
                app.say_cursor()  # the focus stays on the column: the card under the cursor is spoken
                return
            if direction == "down" and app.cursor < n - 1:
                app.set_cursor(app.cursor + 1)
                app.say_cursor()
                return
        app.focus_pile(key_neighbour(pile, direction))
