"""Pointer and keys on the page (a part of static/page/layer.py's `Layer`): pointer events become points on the
board (`PressAt`, `TapAt`, `DragAt`, `DropAt`: the worker finds the piles and the cards), the dragged
cards follow the pointer here; keys become `Key` (static/shared/keymap.py says which keys the game takes,
so the browser's default stops at once). No layout arithmetic: the worker's layout judges every point.
Runs under MicroPython, imports under CPython."""

from shared import vocab
from shared.keymap import key_command

DRAG_THRESHOLD = 6        # px before a press becomes a drag (a tap may wobble a little)


class Press:
    """One pointer press: where it went down (screen pixels), and once it drags, the cards it carries."""

    def __init__(self, x, y, pointer, mouse):
        self.x, self.y, self.pointer, self.mouse = x, y, pointer, mouse
        self.clicks = 1
        self.on_card = False
        self.on_stock = False
        self.pile = ""            # the pile and card drawn under the press (their data-pile, data-card)
        self.card = ""
        self.asked = False        # DragAt sent: the worker lifts the cards (the view marks them "dragging")
        self.nodes = None         # the lifted cards' elements, once the view marks them
        self.grab = (0.0, 0.0)    # pointer - the first card's corner, when lifted
        self.shift = [0.0, 0.0]   # the translation drawn now
        self.at = (x, y)          # the pointer now
        self.released = None      # let go before the cards were lifted: "drop" or "cancel"
        self.told = False         # its PressAt sent (with what it became: a tap, a drag, a cancel)
        self.board = (0.0, 0.0)   # where it went down, board pixels (what the worker's messages say)

class Pointer:
    """The layer's pointer and keys (a mixin of `Layer`)."""

    def _board_point(self, x, y):
        r = self.board.getBoundingClientRect()
        return float(x - r.left), float(y - r.top)

    def _painter_keeps(self, pointer):
        """Before the worker is connected, static/paint.js keeps the painted board's taps (`pointer`) and
        every key, and hands them over in the `Start` (`kept`): the layer takes none of them then, or each
        would be played twice. From the hand-over on (`take`), paint.js keeps nothing and the layer queues."""
        if self.worker is not None:
            return False
        paint = getattr(self.window, "canfieldPaint", None)
        return paint is not None and (not pointer or bool(paint.painted))

    def on_pointerdown(self, ev):
        if not ev.isPrimary or ev.button != 0 or self._dialog_open() or self._painter_keeps(True):
            return
        last = self.press
        if last is not None and last.released is not None and last.nodes is None:
            self._drop_unlifted(last)
        dealing = self.renderer.dealing()
        if dealing:                      # the deal lands at once; the press goes on as usual
            self.renderer.finish_deal()
        press = Press(ev.clientX, ev.clientY, ev.pointerId, ev.pointerType == "mouse")
        target = ev.target
        pile_el = target.closest("[data-pile]") if target is not None else None
        card_el = target.closest("[data-card]") if target is not None else None
        # a press inside the stock's slot is on the stock, whatever is drawn there now: the card a draw
        # slides to the waste starts from it once the worker answers, under the next press
        stock = self.document.querySelector('[data-pile="stock"]')
        box = stock.getBoundingClientRect() if stock is not None else None
        if box is not None and box.left <= ev.clientX <= box.right and box.top <= ev.clientY <= box.bottom:
            pile_el, card_el = stock, None
        press.on_card = card_el is not None
        press.on_stock = pile_el is not None and pile_el.dataset.pile == "stock"
        # what is drawn under the press, unless a card was flying there (a deal's flight: the board's
        # resting layout, the worker's hit test, decides then)
        flying = dealing or (target is not None and target.closest(".flyer") is not None)
        press.pile = str(pile_el.dataset.pile) if pile_el is not None and not flying else ""
        press.card = str(card_el.dataset.card) if card_el is not None and not flying else ""
        self.press = press
        press.board = self._board_point(ev.clientX, ev.clientY)

    def _tell(self, p, *then):
        """The press `p` to the worker (`PressAt`), once, with what it became (`then`), in one round trip: a
        tap is not two (the press's answer, then the tap's), and a press's effects (the keyboard cursor
        hidden, the auto-finish played at once) come with the first answer after it."""
        if p.told:
            self.send(*then)
        else:
            p.told = True
            self.send(vocab.PressAt(p.board[0], p.board[1]), *then)

    def on_mousedown(self, ev):
        """After pointerdown for a mouse: the click count of this press (2 = a double click)."""
        if self.press is not None and self.press.mouse:
            self.press.clicks = ev.detail

    def _press_of(self, ev):
        """This pointer's press, with where the pointer is now; None for another pointer or no press."""
        p = self.press
        if p is None or ev.pointerId != p.pointer:
            return None
        if p.released is None:           # let go: the drop is where it was let go, whatever moves after
            p.at = (ev.clientX, ev.clientY)
        return p

    def on_pointermove(self, ev):
        p = self._press_of(ev)
        if p is None:
            return
        if p.nodes is not None:
            self._follow(p)
            ev.preventDefault()
            return
        if p.asked:
            ev.preventDefault()
            return
        dx, dy = ev.clientX - p.x, ev.clientY - p.y
        if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
            return
        p.asked = True
        self._tell(p, vocab.DragAt(p.board[0], p.board[1]))
        try:
            self.board.setPointerCapture(p.pointer)
        except Exception:   # capture is a comfort: the drag works without it
            pass
        ev.preventDefault()

    def _lift(self):
        """After a drawing: the cards the view marks "dragging" are this press's (or the drag ended)."""
        p = self.press
        if not p.asked:
            return
        last = self.renderer.last
        ids = [c["id"] for c in last["cards"] if "dragging" in c["marks"]] if last is not None else []
        if p.nodes is None:
            if not ids:
                return        # not lifted yet (or nothing to lift: the answer said so, the press stays a press)
            p.nodes = [self.renderer.card_element(i) for i in ids]
            first = p.nodes[0].getBoundingClientRect()
            p.grab = (p.x - first.left, p.y - first.top)
            self._follow(p)
            if p.released is not None:
                self._end_drag(p, p.released == "drop")
        elif not ids:
            self.press = None   # the drag was ended meanwhile: the renderer put the cards back

    def _drop_unlifted(self, p):
        """A new press came before the drawing that lifts the last drag's cards (the worker's answer to the
        drag was slow): the drop goes now, ahead of the new press's messages, where the pressed card would
        have been drawn (moved as the pointer moved); a drag that pressed no card, or was cancelled, ends
        with its cards put back. Taking the new press for the old one's lost the drop."""
        self.press = None
        el = self.renderer.cards.get(p.card) if p.card else None
        if el is None or p.released != "drop":
            self.send(vocab.DropAt(0.0, 0.0, 0.0, 0.0, cancel=True))
            return
        r = el.getBoundingClientRect()
        left, top = float(r.left) + p.at[0] - p.x, float(r.top) + p.at[1] - p.y
        x, y = self._board_point(left, top)
        self.send(vocab.DropAt(x, y, float(r.width), float(r.height), drawn_at={p.card: (left, top)}))

    def _follow(self, p):
        """Draw the dragged cards under the pointer, wherever their pile is now."""
        r = p.nodes[0].getBoundingClientRect()   # includes the translation drawn now
        p.shift[0] += p.at[0] - p.grab[0] - r.left
        p.shift[1] += p.at[1] - p.grab[1] - r.top
        transform = "translate(%.1fpx,%.1fpx)" % (p.shift[0], p.shift[1])
        for el in p.nodes:
            el.style.transform = transform

    def _end_drag(self, p, drop):
        self.press = None
        r = p.nodes[0].getBoundingClientRect()
        x, y = self._board_point(r.left, r.top)
        drawn_at = {}
        for el in p.nodes:
            q = el.getBoundingClientRect()
            drawn_at[str(el.dataset.card)] = (float(q.left), float(q.top))
        self.send(vocab.DropAt(x, y, float(r.width), float(r.height), cancel=not drop, drawn_at=drawn_at))

    def on_pointerup(self, ev):
        p = self._press_of(ev)
        if p is None:
            return
        if p.nodes is not None:
            self._follow(p)
            self._end_drag(p, True)
        elif p.asked:
            p.released = "drop"      # lifted by the next drawing, then dropped where the pointer let go
            if self.view is None and not self.busy and not self.queue:
                self.press = None    # nothing was lifted: the press is over
        elif p.mouse and p.clicks >= 2 and p.on_card and not p.on_stock:
            # the second click of a double click on a card: the first click already played it (a tap
            # moves), and this one would play whatever card it uncovered. The stock and touch taps count.
            self.press = None
            self._tell(p)
        else:
            self.press = None
            self._tell(p, vocab.TapAt(p.board[0], p.board[1], pile=p.pile, card=p.card))

    def on_pointercancel(self, ev):
        p = self._press_of(ev)
        if p is None:
            return
        if p.nodes is not None:
            self._end_drag(p, False)
        elif p.asked:
            p.released = "cancel"
        else:
            self.press = None
            self._tell(p)

    def on_keydown(self, ev):
        if self.celebrating():        # any key ends the win cascade, and does nothing else
            ev.preventDefault()
            self.send(vocab.CelebrationEnd())
            return
        if self._dialog_open() or ev.altKey or ev.metaKey or self._painter_keeps(False):
            return
        if str(ev.key) not in ("Shift", "Control", "Alt", "Meta", "Tab") and self.renderer.dealing():
            self.renderer.finish_deal()
        active = self.document.activeElement
        tag = str(active.tagName) if active is not None else ""
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        in_board = active is not None and active.closest is not None and active.closest("#board") is not None
        key = vocab.Key(str(ev.key), bool(ev.ctrlKey), bool(ev.shiftKey), bool(in_board))
        if key_command(key) is not None:
            ev.preventDefault()
            self.send(key)

    def on_focusin(self, ev):
        target = ev.target
        pile_el = target.closest("[data-pile]") if target is not None else None
        # a focus the page gave as the worker said (an arrow key's answer) would arrive after the keys
        # pressed since, and take the cursor back: only the player's own focus moves go
        if pile_el is not None and str(pile_el.dataset.pile) != self.focusing:
            self.send(vocab.Focus(str(pile_el.dataset.pile), keyboard=bool(pile_el.matches(":focus-visible"))))
