"""Draw `(game, ui state, layout)` into the DOM, once per animation frame; nothing else.

The renderer owns no model: it turns the view model (static/ui/view.py) into DOM writes, keeping
only what it needs to write just the differences (which pile each card element sits in, its place,
its marks, the last texts). Nobody reads that cache as the game, and it never changes the controller.

Cards are keyed by their id (`Card.id`: the code, "QC", for the first copy, "QC2".."QC4" for the copies
of games of several decks, so `data-card` stays unique) and reused; a pile's cards are appended from the first difference on
(which moves a reused node into its new pile). Every place comes from the layout in pixels, so the
board needs no measuring to be right. Cards that change pile slide from where they were (Web
Animations, transform only) unless the player asked for reduced motion; a sliding card is drawn above
every pile; a card drawn from the stock also turns over (a scaleX flip, the back shown in its first
half). A new deal flies in from the stock (static/ui/motion.py plans it, from the layout): the
reserve's cards, the base card and the columns, staggered, about a second, started by static/motion.js
in one call; `finish_deal` ends it at once. With motion off
(the setting, or prefers-reduced-motion) every change is drawn at once.
"""

from __future__ import annotations

import json

from canfield import CARDS, Card
from js import Object, document, window
from pyodide.ffi import to_js

from .a11y import pile_label
from .faces import rank_labels
from .motion import DEAL_MS, FLIGHT_MS, deal_flights, deal_plan
from .rules_view import passes_label
from .table import MAX_FOUNDATIONS, PILES, TO_ENGINE
from .view import card_class, card_html, face_code, view_model

SLIDE_MS = 160
MARKS = ("selected", "cursor", "hint-src", "hint-dst", "dragging")


def _js(value):
    return to_js(value, dict_converter=Object.fromEntries)


def _px(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + "px"


class Renderer:
    def __init__(self, on_frame, on_slid, on_undeny):
        self.root = document.getElementById("game")
        self.board = document.getElementById("board")
        self.pile_el = {p: document.querySelector(f'[data-pile="{p}"]') for p in PILES}
        self.slot_el = {p: el.parentElement for p, el in self.pile_el.items()}
        self.placeholder = {
            i: self.pile_el[f"foundation-{i}"].querySelector(".placeholder") for i in range(1, MAX_FOUNDATIONS + 1)
        }
        self.score_el = document.getElementById("score")
        # a casino-scored game: the running balance of its statistics' table beside the score
        self.balance_box = document.getElementById("balance-box")
        self.balance_el = document.getElementById("balance")
        self.balance_of = None   # the page sets it: game -> the balance its statistics keep, or None
        self.stock_count = document.getElementById("stock-count")
        self.reserve_count = document.getElementById("reserve-count")
        self.passes_el = None    # the stock's pass count ("2/3"), made for the first game with a pass limit
        self.deal_code = document.getElementById("deal-code")
        self.description = document.getElementById("description")
        self.buttons = {
            name: document.querySelector(f'header [data-action="{name}"]')
            for name in ("undo", "redo", "restart", "new", "settings", "rules")
        }
        self.labels = None       # rank letters of the player's language (relabel); None: English
        self.on_frame_proxy = on_frame
        self.on_slid = on_slid
        self.on_undeny = on_undeny
        self.cards = {}          # card id -> element (the first deck's made now, the copies when first shown)
        self.below_el = {}       # pile -> the face drawn under its top card (not a [data-card]: no hook)
        self.below_code = {}     # pile -> (code, language) drawn there
        self.shown = {p: () for p in PILES}   # DOM diff cache: card ids in each pile element
        self.where = {}          # card id -> pile id, for the cards on screen
        self.placed = {}         # card id -> (x, y) written
        self.marks = {}          # card id -> frozenset of mark classes written
        self.pile_marks = {p: frozenset({"empty"}) for p in PILES}
        self.texts = {}          # element key -> last text written
        self.assist_drawn = None  # (Panel, language) drawn in #assist
        self.notice_drawn = None  # the Notice drawn in #notice
        self.celebration = None   # the win cascade (static/ui/celebrate.py), set by the page
        self.celebration_drawn = 0   # UIState.celebration_seq of the cascade started
        self.layout_key = None
        self.drawn_version = -1
        self.drawn_anim = 0
        self.frame_pending = False
        self.motion = True       # the page sets it from controller.motion_on (the setting and the system's)
        self.speed = 1.0         # the speed setting's factor (static/ui/motion.py speed_factor): the deal's timing
        self.drawn_deal = 0
        # static/motion.js: the deal's flights (started, landed, ended) and the kept card faces;
        # missing (a script that failed to load): a new deal is drawn at once, without flights
        self.motion_js = getattr(window, "canfieldMotion", None)
        for el in self.pile_el.values():
            el.classList.add("empty")
        for card in CARDS:
            self._make_card(card.id)

    def _make_card(self, card_id):
        el = document.createElement("div")
        el.className = card_class(card_id)
        el.dataset.card = card_id
        if card_id != face_code(card_id):
            el.dataset.copy = face_code(card_id)   # a copy wears its card's art (static/faces.css)
        el.setAttribute("aria-hidden", "true")  # the faces are drawn; the pile's name says the card
        if self.labels is not None:
            el.innerHTML = card_html(card_id, self.labels)
        self.cards[card_id] = el
        return el

    def card_element(self, card_id):
        """The element of the card with this id (`Card.id`), made the first time a copy is asked for."""
        el = self.cards.get(card_id)
        return el if el is not None else self._make_card(Card.parse_id(card_id).id)

    def pile_element(self, pile):
        return self.pile_el[pile]

    # ---- card faces ----------------------------------------------------------------------

    def relabel(self, t):
        """Write the card faces in the current language (ranks differ: R/D/V, H/V/B, K/Q/J)."""
        self.labels = rank_labels(t)
        for card_id, el in self.cards.items():
            el.innerHTML = card_html(card_id, self.labels)
        self.texts.clear()
        self.drawn_version = -1
        self.below_code.clear()

    # ---- scheduling ----------------------------------------------------------------------

    def request(self):
        """Draw at the next animation frame (several changes in one frame: one drawing)."""
        if not self.frame_pending:
            self.frame_pending = True
            window.requestAnimationFrame(self.on_frame_proxy)

    # ---- drawing -------------------------------------------------------------------------

    def _text(self, key, el, value):
        if self.texts.get(key) != value:
            self.texts[key] = value
            el.textContent = value

    def _layout(self, layout):
        # col_fs too: a column's second card shrinks its corner font while its fan stays the same
        key = (layout.width, layout.height, layout.arrangement, layout.cw, tuple(sorted(layout.fans.items())),
               tuple(sorted(layout.col_fs.items())), layout.help, tuple(layout.piles.items()))
        if key == self.layout_key:
            return False
        self.layout_key = key
        style = self.root.style
        style.setProperty("--bar-h", _px(layout.bar_h))
        style.setProperty("--cw", _px(layout.cw))
        style.setProperty("--ch", _px(layout.ch))
        style.setProperty("--fs", _px(layout.fs))
        style.setProperty("--gap", _px(layout.gap))
        style.setProperty("--board-h", _px(layout.board_h))
        if layout.dock_cut:    # the board needs part of what the dock asks: the dock scrolls within the rest
            style.setProperty("--dock-max", _px(layout.dock))
        else:
            style.removeProperty("--dock-max")
        self.root.dataset.arrangement = layout.arrangement
        self.root.dataset.viewport = f"{layout.width:g}x{layout.height:g}"   # the window this table is laid out for
        self.root.classList.toggle("with-help", layout.help)
        self.root.classList.toggle("reserve-up", layout.fanned("reserve"))
        for pile, slot in self.slot_el.items():
            slot.hidden = pile not in layout.piles      # a table of fewer columns or foundations
        for pile, (x, y, w, h) in layout.piles.items():
            s = self.slot_el[pile].style
            s.left, s.top, s.width, s.height = _px(x), _px(y), _px(w), _px(h)
            if pile in layout.col_fs:
                self.pile_el[pile].style.setProperty("--fs", _px(layout.col_fs[pile]))
            else:
                self.pile_el[pile].style.removeProperty("--fs")
        return True

    def draw(self, game, ui, layout, t, lang):
        """Bring the DOM up to `(game, ui)` placed by `layout`."""
        self.frame_pending = False
        vm = view_model(game, ui, layout)
        # the first drawing has nothing to slide from (a move played before it: the stock tap the
        # painter answered, static/ui/early.py)
        animate = self.motion and ui.animate and ui.anim_seq != self.drawn_anim and bool(self.where)
        deal = ui.deal_seq != self.drawn_deal
        self.drawn_deal = ui.deal_seq
        if deal and self.dealing():
            self.finish_deal()
        new_anim = ui.anim_seq != self.drawn_anim
        self.drawn_anim = ui.anim_seq
        slide_from = ui.slide_from if new_anim else {}

        # Where the cards that move are drawn now (read before any write: no forced layout).
        slides = {}
        if animate:
            origin_rect = None
            for pile, places in vm.cards.items():
                for place in places:
                    code = place.code
                    if code in slide_from:
                        slides[code] = slide_from[code]
                        continue
                    old = self.where.get(code)
                    if old == pile:
                        continue
                    if old is not None:
                        r = self.card_element(code).getBoundingClientRect()
                        slides[code] = (r.left, r.top)
                    elif ui.slide_origin is not None:
                        if origin_rect is None:
                            r = self.pile_el[ui.slide_origin].getBoundingClientRect()
                            origin_rect = (r.left, r.top)
                        slides[code] = origin_rect

        self._layout(layout)
        visible = set()
        for pile, places in vm.cards.items():
            codes = tuple(p.code for p in places)
            visible.update(codes)
            old = self.shown[pile]
            pile_el = self.pile_el[pile]
            if codes != old:
                k = 0
                limit = min(len(old), len(codes))
                while k < limit and old[k] == codes[k]:
                    k += 1
                for code in codes[k:]:
                    pile_el.appendChild(self.card_element(code))
                    self.where[code] = pile
                self.shown[pile] = codes
            for place in places:
                el = self.card_element(place.code)
                xy = (place.x, place.y)
                if self.placed.get(place.code) != xy:
                    self.placed[place.code] = xy
                    el.style.left = _px(place.x)
                    el.style.top = _px(place.y)
                marks = place.marks
                before = self.marks.get(place.code, frozenset())
                if marks != before:
                    if "dragging" in before and "dragging" not in marks:
                        el.style.transform = ""     # input.py drew it under the pointer
                    for cls in before - marks:
                        el.classList.remove(cls)
                    for cls in marks - before:
                        el.classList.add(cls)
                    self.marks[place.code] = marks
            pm = vm.pile_marks[pile]
            if pm != self.pile_marks[pile]:
                for cls in self.pile_marks[pile] - pm:
                    pile_el.classList.remove(cls)
                for cls in pm - self.pile_marks[pile]:
                    pile_el.classList.add(cls)
                self.pile_marks[pile] = pm

        for code in [c for c in self.where if c not in visible]:
            el = self.cards[code]
            el.remove()
            if "dragging" in self.marks.get(code, ()):
                el.style.transform = ""
            for cls in self.marks.pop(code, ()):
                el.classList.remove(cls)
            del self.where[code]
            self.placed.pop(code, None)

        for pile, code in vm.below_top.items():
            # a fanned face-up reserve shows the card under its top already
            self._below_top(pile, None if layout.fanned(pile) else code, t, lang)

        if ui.version != self.drawn_version:
            self.drawn_version = ui.version
            self._counts(game, vm, t, lang)
        self._labels(game, ui, t, lang)
        self._assist(getattr(ui, "panel", None), t)
        self._notice(ui.notice)
        self._celebration(game, ui)
        for name, enabled in vm.buttons.items():
            btn = self.buttons[name]
            if btn is not None and btn.disabled == enabled:
                btn.disabled = not enabled

        if deal and self.motion:
            self._deal(game, vm, layout)
            slides = {}                     # a deal is its own motion
        flips = ui.slide_origin == "stock"
        for code, (x, y) in slides.items():
            el = self.cards[code]
            r = el.getBoundingClientRect()
            dx, dy = x - r.left, y - r.top
            if abs(dx) < 1 and abs(dy) < 1:
                continue
            el.classList.add("moving")      # above every pile while it slides
            if flips and code not in slide_from:   # drawn from the stock: it turns over on the way
                el.classList.add("flip")
                keys = [{"transform": f"translate({dx:.1f}px,{dy:.1f}px) scaleX(1)"},
                        {"transform": f"translate({dx / 2:.1f}px,{dy / 2:.1f}px) scaleX(0.02)", "offset": 0.5},
                        {"transform": "none"}]
                back = el.animate(_js([{"opacity": 1}, {"opacity": 1, "offset": 0.5}, {"opacity": 0, "offset": 0.5},
                                       {"opacity": 0}]),
                                  _js({"duration": SLIDE_MS * 1.5, "pseudoElement": "::after"}))
                back.onfinish = back.oncancel = self.on_slid
                anim = el.animate(_js(keys), _js({"duration": SLIDE_MS * 1.5, "easing": "ease-out"}))
            else:
                anim = el.animate(
                    _js([{"transform": f"translate({dx:.1f}px,{dy:.1f}px)"}, {"transform": "none"}]),
                    _js({"duration": SLIDE_MS, "easing": "ease-out"}),
                )
            anim.onfinish = self.on_slid
            anim.oncancel = self.on_slid

    # ---- the deal ------------------------------------------------------------------------

    def _deal(self, game, vm, layout):
        """The cards on the table fly in from the stock (static/ui/motion.py: the order, the timing and,
        from the layout, where each flight starts). The reserve's hidden cards fly as backs (elements
        without data-card, removed when they land). static/motion.js starts the whole plan in one call:
        no page measuring, one crossing into JavaScript."""
        if self.motion_js is None:
            return
        reserve = vm.cards["reserve"]
        tableau = [p for p in layout.piles if p.startswith("tableau-")]
        base = [(p.code, pile) for pile in layout.piles if pile.startswith("foundation-") for p in vm.cards[pile]]
        if layout.fanned("reserve"):
            # a face-up reserve: each card flies to its own place in the fan, before the base card
            base = [(p.code, "reserve") for p in reserve] + base
            top, hidden = None, 0
        else:
            top, hidden = (reserve[-1].code if reserve else None), len(game.reserve)
        columns = []
        for row in range(max((len(vm.cards[pile]) for pile in tableau), default=0)):
            for pile in tableau:
                col = vm.cards[pile]
                if row < len(col):
                    columns.append((col[row].code, pile))
        waste = [(p.code, "waste") for p in vm.cards["waste"]]
        plan = deal_plan(top, hidden, base, columns + waste, total_ms=DEAL_MS * self.speed,
                         flight_ms=FLIGHT_MS * self.speed)
        if not plan:
            return
        places = {p.code: (pile, p.x, p.y) for pile, ps in vm.cards.items() for p in ps}
        rx, ry = layout.piles["reserve"][:2]
        self.motion_js.deal(json.dumps({"reserve": [rx, ry], "flights": deal_flights(plan, layout.piles, places)},
                                       separators=(",", ":")))

    def dealing(self) -> bool:
        """A deal is flying in."""
        return self.motion_js is not None and bool(self.motion_js.dealing())

    def finish_deal(self):
        """A tap or a key during the deal: every card where it lands, now."""
        if self.motion_js is not None:
            self.motion_js.finish()

    # the faces of every game's cards: a copy of a card of another deck wears its card's face
    face_codes = [card.code for card in CARDS]

    def keep_faces(self):
        """Build every card face's image once, a few per idle moment, and keep them (static/motion.js):
        a card dealt later does not build its face's image in the deal's first frame. One image per
        face: the copies of games of several decks share their card's."""
        if self.motion_js is not None:
            self.motion_js.keepFaces(json.dumps(self.face_codes))

    def _below_top(self, pile, code, t, lang):
        """The next card of the reserve or a foundation, beneath its top card: a dragged top card
        uncovers it instead of an empty slot."""
        key = (code, lang)
        if self.below_code.get(pile) == key:
            return
        self.below_code[pile] = key
        el = self.below_el.get(pile)
        if el is None:
            el = document.createElement("div")
            el.setAttribute("aria-hidden", "true")
            pile_el = self.pile_el[pile]
            pile_el.insertBefore(el, pile_el.firstChild)
            self.below_el[pile] = el
        if code is None:
            el.hidden = True
            return
        el.className = card_class(code) + " under"
        el.dataset.under = code
        el.dataset.copy = face_code(code)   # its face's art (static/faces.css)
        el.innerHTML = card_html(code, self.labels)
        el.hidden = False

    def _counts(self, game, vm, t, lang):
        stock_n = len(game.stock)
        # ↻ only while the rules allow another pass: after the last one a tap on the stock does nothing
        self._text("stock", self.stock_count,
                   str(stock_n) if stock_n else ("↻" if game.waste and game.can_recycle else ""))
        self.pile_el["stock"].classList.toggle("empty", stock_n == 0)
        self._passes(game, t)
        self._text("reserve", self.reserve_count, str(len(game.reserve)))
        self._text("score", self.score_el, str(game.score))
        self._balance(game)
        self._text("code", self.deal_code, game.code or "")
        for i in range(1, len(game.foundations) + 1):
            nxt = game.foundation_next(i - 1)
            label = t.card_label(nxt.rank, nxt.suit) if nxt is not None else ""
            if self.texts.get(f"f{i}") != label:
                self.texts[f"f{i}"] = label
                ph = self.placeholder[i]
                ph.dataset.f = label  # drawn by CSS, as the card faces
                ph.className = f"placeholder s{nxt.suit} {'red' if nxt.red else 'black'}" if nxt else "placeholder"
        self._text("description", self.description, game.describe(lang))

    def _balance(self, game):
        """A casino game: the balance its statistics keep, shown with the score (hidden otherwise)."""
        if self.balance_box is None:
            return
        balance = self.balance_of(game) if self.balance_of is not None and game.rules.scoring == "casino" else None
        self.balance_box.hidden = balance is None
        self._text("balance", self.balance_el, "" if balance is None else str(balance))

    def _passes(self, game, t):
        """A game with a pass limit: the pass it is in, out of how many ("2/3"), at the stock's top edge
        (the stock's accessible name says it in words, static/ui/a11y.py's name + this label)."""
        label = passes_label(game, t)
        el = self.passes_el
        if el is None:
            if label is None:
                return
            el = document.createElement("span")
            el.className = "count passes"
            el.setAttribute("aria-hidden", "true")
            el.dataset.passes = ""
            # the stock's count sits at its bottom edge (centred when the stock is empty): this one at the
            # top, the same pill in every state
            for prop, value in (("top", "6%"), ("bottom", "auto"), ("transform", "translateX(-50%)"),
                                ("background", "rgba(0,0,0,.65)"), ("fontSize", "max(11px, calc(var(--cw) * 0.2))")):
                setattr(el.style, prop, value)
            self.pile_el["stock"].appendChild(el)
            self.passes_el = el
        text = "" if label is None else f"{game.pass_number}/{game.rules.passes}"
        if self.texts.get("passes") != (text, label):
            self.texts["passes"] = (text, label)
            el.textContent = text
            el.title = label or ""
            el.dataset.passes = text

    def _celebration(self, game, ui):
        """The win cascade as UIState says: started once per celebration_seq, ended when it is over."""
        c = self.celebration
        if c is None:
            return
        if ui.celebrating and ui.celebration_seq != self.celebration_drawn:
            self.celebration_drawn = ui.celebration_seq
            c.start([[card.code for card in pile] for pile in game.foundations])
        elif not ui.celebrating and c.running():
            c.end(by_player=True)          # a tap or a key asked: the layer takes the rest of that press

    def _notice(self, notice):
        """#notice as the UI state's Notice says (hidden when None)."""
        if notice == self.notice_drawn:
            return
        self.notice_drawn = notice
        el = document.getElementById("notice")
        if el is None:
            return
        if notice is not None:
            el.querySelector(".notice-text").textContent = notice.text
        el.hidden = notice is None

    def _assist(self, panel, t):
        """The solver's #assist panel (built by static/ui/hint.py) as the UI state's Panel says."""
        key = (panel, t.lang)
        if key == self.assist_drawn:
            return
        el = document.getElementById("assist")
        if el is None:
            return
        self.assist_drawn = key
        if panel is None:
            el.hidden = True
            el.dataset.kind = ""
            return
        el.dataset.kind = panel.kind
        for name, value in (("move", panel.move), ("undos", panel.undos)):
            if value is not None:
                el.setAttribute(f"data-{name}", str(value))
            else:
                el.removeAttribute(f"data-{name}")
        el.querySelector("#assist-text").textContent = panel.text
        labels = {"undo": t("action.undo"), "new": t("action.new"), "cancel": t("assist.cancel"),
                  "close": "×", "back": panel.back_label, "analyse": t("action.analyse")}
        for btn in el.querySelectorAll("button"):
            name = btn.dataset.assist
            btn.hidden = name not in panel.buttons and name != "close"
            btn.textContent = labels.get(name, "")
            if name == "close":
                btn.setAttribute("aria-label", t("action.close"))
                btn.title = t("action.close")
        el.hidden = False

    def _labels(self, game, ui, t, lang):
        """Each pile's accessible name (its card, its place, its count), written when it changed."""
        sel = ui.selection
        names = set(game.pile_names)
        for pile, el in self.pile_el.items():
            if TO_ENGINE[pile] not in names:    # a column this game has not
                continue
            label = pile_label(game, pile, t, lang, cursor=ui.cursor if pile == ui.focus else None,
                               selected=sel is not None and sel.pile == pile)
            passes = passes_label(game, t) if pile == "stock" else None
            if passes:
                label += ", " + passes
            key = "label-" + pile
            if self.texts.get(key) != label:
                self.texts[key] = label
                el.setAttribute("aria-label", label)
        for pile, el in self.pile_el.items():
            want = 0 if pile == ui.focus else -1
            if el.tabIndex != want:
                el.tabIndex = want

    # ---- feedback ------------------------------------------------------------------------

    def shake(self, pile, codes):
        """A short shake of the touched cards (or pile): nothing legal happened."""
        targets = [self.card_element(c) for c in codes] if codes else [self.pile_el[pile]]
        for el in targets:
            if not self.motion:
                el.animate(_js([{"outlineColor": "#d00"}, {"outlineColor": "transparent"}]),
                           _js({"duration": 300}))
            else:
                el.animate(
                    _js([{"translate": "0"}, {"translate": "-5px"}, {"translate": "5px"},
                         {"translate": "-3px"}, {"translate": "0"}]),
                    _js({"duration": 220, "easing": "ease-in-out"}),
                )
        self.pile_el[pile].classList.add("denied")
        window.setTimeout(self.on_undeny, 300)

    def undeny(self):
        for el in self.pile_el.values():
            el.classList.remove("denied")
