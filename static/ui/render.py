"""Draw the game into the DOM: one element per card, keyed by its code and reused.

A render compares what each pile shows with what it showed last time and only
touches the piles that changed (appending the cards from the first difference
on, which moves a reused node to its new pile). Moved cards slide from where
they were (FLIP with the Web Animations API) unless the player asked for
reduced motion.
"""

from __future__ import annotations

from canfield import CARDS
from js import Object, document, window
from pyodide.ffi import to_js

from .a11y import pile_label
from .faces import card_markup, rank_labels
from .state import PILES, visible_cards

SLIDE_MS = 160


def _js(value):
    return to_js(value, dict_converter=Object.fromEntries)


class Renderer:
    def __init__(self, app):
        self.app = app
        self.pile_el = {p: document.querySelector(f'[data-pile="{p}"]') for p in PILES}
        self.placeholder = {
            i: self.pile_el[f"foundation-{i}"].querySelector(".placeholder") for i in range(1, 5)
        }
        self.score_el = document.getElementById("score")
        self.stock_count = document.getElementById("stock-count")
        self.reserve_count = document.getElementById("reserve-count")
        self.deal_code = document.getElementById("deal-code")
        self.description = document.getElementById("description")
        self.buttons = {
            name: document.querySelector(f'header [data-action="{name}"]')
            for name in ("undo", "redo", "restart", "new", "settings")
        }
        self.cards = {}       # code -> element
        self.shown = {p: () for p in PILES}
        self.where = {}       # code -> pile id, for the cards on screen
        self.index = {}       # code -> position in its pile (the --i already set)
        self.texts = {}       # cache of the last text written per element key
        self.pile_n = {p: 0 for p in PILES}   # every pile starts empty (the skeleton)
        for el in self.pile_el.values():
            el.classList.add("empty")
        self.marked = set()   # codes carrying the "selected" class
        self.cursor_code = None
        self.drawn_version = -1
        self.frame_pending = False
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self._make_cards()

    # ---- card elements ---------------------------------------------------------------

    def _make_cards(self):
        for card in CARDS:
            el = document.createElement("div")
            el.className = f"card s{card.suit} {'red' if card.red else 'black'}"
            el.dataset.card = card.code
            el.setAttribute("aria-hidden", "true")  # the faces are drawn; the pile's name says the card
            self.cards[card.code] = el
        self.relabel()

    def relabel(self):
        """Write the card faces in the current language (ranks differ: R/D/V, H/V/B, K/Q/J)."""
        # The face (static/ui/faces.py) is drawn by CSS from data-f and static/faces.css (like a picture
        # of the card): the pile's accessible name says the card in words.
        labels = rank_labels(self.app.t)
        for card in CARDS:
            self.cards[card.code].innerHTML = card_markup(card.code, labels)
        self.texts.clear()

    # ---- scheduling ------------------------------------------------------------------

    def request(self):
        """Render at the next animation frame (several changes in one frame: one render)."""
        if not self.frame_pending:
            self.frame_pending = True
            window.requestAnimationFrame(self.app.proxies["frame"])

    def on_frame(self, _ts=None):
        if self.frame_pending:
            self.frame_pending = False
            self.render()

    # ---- render ----------------------------------------------------------------------

    def _text(self, key, el, value):
        if self.texts.get(key) != value:
            self.texts[key] = value
            el.textContent = value

    def render(self, firsts=None, origin=None):
        """Bring the DOM up to the game. `firsts`: code -> (x, y) screen positions the moved cards
        start their slide from (a drop passes the dragged positions); `origin`: pile id new cards
        come from (the stock for a draw)."""
        self.frame_pending = False
        app = self.app
        game = app.game
        view = visible_cards(game)
        animate = not self.reduced_motion and app.animate_next
        app.animate_next = True

        # Where the cards that change pile are now (read before any write: no forced layout).
        slides = {}
        if animate:
            origin_rect = None
            for pile, codes in view.items():
                if codes == self.shown[pile]:
                    continue
                for code in codes:
                    old = self.where.get(code)
                    if old == pile:
                        continue
                    if firsts and code in firsts:
                        slides[code] = firsts[code]
                    elif old is not None:
                        r = self.cards[code].getBoundingClientRect()
                        slides[code] = (r.left, r.top)
                    elif origin is not None:
                        if origin_rect is None:
                            r = self.pile_el[origin].getBoundingClientRect()
                            origin_rect = (r.left, r.top)
                        slides[code] = origin_rect

        visible = set()
        for pile, codes in view.items():
            visible.update(codes)
            old = self.shown[pile]
            if codes == old:
                continue
            k = 0
            limit = min(len(old), len(codes))
            while k < limit and old[k] == codes[k]:
                k += 1
            pile_el = self.pile_el[pile]
            for i in range(k, len(codes)):
                code = codes[i]
                el = self.cards[code]
                if self.index.get(code) != i:
                    el.style.setProperty("--i", str(i))
                    self.index[code] = i
                pile_el.appendChild(el)
                self.where[code] = pile
            n = len(codes)
            if self.pile_n.get(pile) != n:
                self.pile_n[pile] = n
                pile_el.style.setProperty("--n", str(n))
                pile_el.classList.toggle("empty", n == 0)
            self.shown[pile] = codes

        for code in [c for c in self.where if c not in visible]:
            self.cards[code].remove()
            del self.where[code]
            self.index.pop(code, None)

        if app.version != self.drawn_version:
            self.drawn_version = app.version
            self._counts(game)

        self._marks(app)
        self._labels(app, game)

        if slides:
            for code, (x, y) in slides.items():
                el = self.cards[code]
                r = el.getBoundingClientRect()
                dx, dy = x - r.left, y - r.top
                if abs(dx) < 1 and abs(dy) < 1:
                    continue
                # A sliding card lets taps through to what is under it (a quick second tap on the
                # stock must draw again, not hit the card flying out of it).
                el.style.pointerEvents = "none"
                anim = el.animate(
                    _js([{"transform": f"translate({dx:.1f}px,{dy:.1f}px)"}, {"transform": "none"}]),
                    _js({"duration": SLIDE_MS, "easing": "ease-out"}),
                )
                anim.onfinish = self.app.proxies["slid"]
                anim.oncancel = self.app.proxies["slid"]

    def _counts(self, game):
        t = self.app.t
        stock_n = len(game.stock)
        self._text("stock", self.stock_count, str(stock_n) if stock_n else ("↻" if game.waste else ""))
        self.pile_el["stock"].classList.toggle("empty", stock_n == 0)
        self._text("reserve", self.reserve_count, str(len(game.reserve)))
        self._text("score", self.score_el, str(game.score))
        self._text("code", self.deal_code, game.code or "")
        for i in range(1, 5):
            nxt = game.foundation_next(i - 1)
            label = t.card_label(nxt.rank, nxt.suit) if nxt is not None else ""
            if self.texts.get(f"f{i}") != label:
                self.texts[f"f{i}"] = label
                ph = self.placeholder[i]
                ph.dataset.f = label  # drawn by CSS, as the card faces
                ph.className = f"placeholder s{nxt.suit} {'red' if nxt.red else 'black'}" if nxt else "placeholder"
        for name, enabled in (("undo", game.can_undo), ("redo", game.can_redo), ("restart", game.can_undo)):
            btn = self.buttons[name]
            if btn.disabled == enabled:
                btn.disabled = not enabled
        self._text("description", self.description, game.describe(self.app.lang))

    def _marks(self, app):
        """The selected cards and the keyboard cursor."""
        want = set()
        sel = app.selection
        if sel is not None:
            codes = self.shown[sel.pile]
            want = set(codes[len(codes) - sel.count:]) if codes else set()
        for code in self.marked - want:
            self.cards[code].classList.remove("selected")
        for code in want - self.marked:
            self.cards[code].classList.add("selected")
        self.marked = want
        cursor = app.cursor_card()
        if cursor != self.cursor_code:
            if self.cursor_code is not None:
                self.cards[self.cursor_code].classList.remove("cursor")
            if cursor is not None:
                self.cards[cursor].classList.add("cursor")
            self.cursor_code = cursor

    def _labels(self, app, game):
        """Each pile's accessible name (its card, its place, its count), written when it changed."""
        sel = app.selection
        for pile, el in self.pile_el.items():
            label = pile_label(game, pile, app.t, app.lang, cursor=app.cursor if pile == app.focus else None,
                               selected=sel is not None and sel.pile == pile)
            key = "label-" + pile
            if self.texts.get(key) != label:
                self.texts[key] = label
                el.setAttribute("aria-label", label)

    def refresh_texts(self):
        """After a language change: every cached text is written again."""
        self.texts.clear()
        self.drawn_version = -1

    # ---- feedback ----------------------------------------------------------------------

    def shake(self, pile, count=1):
        """A short shake of the touched cards (or pile): nothing legal happened."""
        codes = self.shown.get(pile, ())
        targets = [self.cards[c] for c in codes[len(codes) - count:]] if codes else [self.pile_el[pile]]
        for el in targets:
            if self.reduced_motion:
                el.animate(_js([{"outlineColor": "#d00"}, {"outlineColor": "transparent"}]),
                           _js({"duration": 300}))
            else:
                el.animate(
                    _js([{"translate": "0"}, {"translate": "-5px"}, {"translate": "5px"},
                         {"translate": "-3px"}, {"translate": "0"}]),
                    _js({"duration": 220, "easing": "ease-in-out"}),
                )
        self.pile_el[pile].classList.add("denied")
        window.setTimeout(self.app.proxies["undeny"], 300)
        self.app.say(self.app.t("a11y.illegal"))

    def undeny(self):
        for el in self.pile_el.values():
            el.classList.remove("denied")
