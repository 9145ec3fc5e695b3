"""Apply the view value (static/worker/scene.py) to the DOM, once per animation frame; nothing else.

The renderer owns no model and reads no game, UI state or layout: `draw(view)` takes the one plain value
`scene(game, ui, layout, t, lang)` computed (what the worker of the two-sided page sends as JSON),
asks static/shared/apply.py for the DOM operations from the view it applied last to this one (pure) and
performs them: this module decides nothing but how each operation is written with `js`. It runs on the
page's main thread, under MicroPython (the thin layer, static/page/): its bridge is static/page/ffi.py, and
it has no annotations MicroPython could not read. Nobody reads the last view as the game, and it never
changes the controller. It imports no engine (a structure test says so).

Cards are keyed by their id (`Card.id`: the code, "QC", for the first copy, "QC2".."QC4" for the copies
of games of several decks, so `data-card` stays unique) and reused; a pile's cards are appended from the first difference on
(which moves a reused node into its new pile). Every place comes from the view, in the layout's pixels, so the
board needs no measuring to be right. Cards that change pile slide from where they were (Web
Animations, transform only) unless the player asked for reduced motion; a sliding card is drawn above
every pile; a card drawn from the stock also turns over (a scaleX flip, the back shown in its first
half). A new deal flies in from the stock (static/shared/flights.py plans it, from the view's slots): the
reserve's cards, the base card and the columns, staggered, about a second, started by static/motion.js
in one call; `finish_deal` ends it at once. With motion off
(the setting, or prefers-reduced-motion) every change is drawn at once.
"""

import json

from js import document, window

from shared.apply import operations
from shared.cardface import RANKS, SUITS, card_class, card_html, face_code, is_back
from .ffi import to_js
from shared.table import PILES

SLIDE_MS = 160
MARKS = ("selected", "cursor", "hint-src", "hint-dst", "dragging")
# the operations static/paint.js `perform` writes (cards' piles, places and classes, piles' classes and
# names, the foundations' placeholders: drawn by CSS from data-f, as the card faces)
BULK = ("append", "place", "marks", "pile_marks", "remove", "label", "placeholder", "table", "text", "tab_stops",
        "buttons")
# the elements of the view's texts, by id
TEXT_IDS = {"stock": "stock-count", "reserve": "reserve-count", "score": "score", "code": "deal-code",
            "description": "description"}
# the first deck's cards, in the engine's order (canfield.CARDS): made when the renderer starts
CARD_CODES = tuple(rank + suit for suit in SUITS for rank in RANKS)


def _js(value):
    return to_js(value)


def _px(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + "px"


def _table(table):
    """The "table" operation as static/paint.js writes it: the table's sizes as CSS lengths, and every pile's
    slot (hidden when the table has none: fewer columns or foundations)."""
    slots = table["piles"]
    col_fs = table["col_fs"]
    return {
        "vars": [[var, _px(table[key])] for var, key in (("--bar-h", "bar_h"), ("--cw", "cw"), ("--ch", "ch"),
                                                          ("--fs", "fs"), ("--gap", "gap"), ("--board-h", "board_h"))],
        # the board needs part of what the dock asks: the dock scrolls
        "dock_max": _px(table["dock_max"]) if table["dock_max"] is not None else None,
        "arrangement": table["arrangement"], "viewport": table["viewport"], "help": bool(table["help"]),
        "reserve_up": bool(table["reserve_up"]),
        "slots": [[pile, [_px(v) for v in slots[pile]] if pile in slots else None,
                   _px(col_fs[pile]) if pile in col_fs else None] for pile in PILES],
    }


class Renderer:
    def __init__(self, on_frame, on_slid, on_undeny):
        self.root = document.getElementById("game")
        self.board = document.getElementById("board")
        self.pile_el = {p: document.querySelector(f'[data-pile="{p}"]') for p in PILES}
        # a casino-scored game: the running balance of its statistics' table beside the score
        self.balance_box = document.getElementById("balance-box")
        self.balance_el = document.getElementById("balance")
        self.passes_el = None    # the stock's pass count ("2/3"), made for the first game with a pass limit
        self.buttons = {
            name: document.querySelector(f'header [data-action="{name}"]')
            for name in ("undo", "redo", "restart", "new", "settings", "rules")
        }
        self.labels = None       # rank letters of the player's language (set_labels); None: English
        self.on_frame_proxy = on_frame
        self.on_slid = on_slid
        self.on_undeny = on_undeny
        self.cards = {}          # card id -> element (the first deck's made now, the copies when first shown)
        self.below_el = {}       # pile -> the face drawn under its top card (not a [data-card]: no hook)
        self.last = None         # the view value applied last (static/shared/apply.py compares the next with it)
        self.fresh = False       # the faces were written anew (set_labels): every text is due again
        self.celebration = None   # the win cascade (static/page/celebrate.py), set by the page
        self.frame_pending = False
        self.motion = True       # the page sets it from controller.motion_on (the setting and the system's)
        self.speed = 1.0         # the speed setting's factor (static/worker/motion.py speed_factor): the deal's timing
        # static/motion.js: the deal's flights (started, landed, ended);
        # missing (a script that failed to load): a new deal is drawn at once, without flights
        self.motion_js = getattr(window, "canfieldMotion", None)
        # static/paint.js writes a drawing's many small operations in one call (`perform`)
        self.bulk = window.canfieldPaint
        # every pile starts empty (static/shared/apply.py's first view draws from there); a painted board's
        # piles (static/paint.js) keep their marks until the first drawing, in the same frame: an empty
        # mark meanwhile showed a covered foundation's placeholder and moved the stock's count
        root = document.getElementById("game")
        self.unmarked = root is not None and root.classList.contains("painted")
        if not self.unmarked:
            for el in self.pile_el.values():
                el.classList.add("empty")
        for code in CARD_CODES:
            self._make_card(code)

    def _make_card(self, card_id):
        el = document.createElement("div")
        el.className = card_class(card_id)
        if is_back(card_id):
            # a face-down card: a back, named by its place ("~T3.0"), never data-card: nothing in the DOM
            # says which card it is
            el.dataset.back = card_id
            el.setAttribute("aria-hidden", "true")
            self.cards[card_id] = el
            self.bulk.card(card_id, el)
            return el
        el.dataset.card = card_id
        if card_id != face_code(card_id):
            el.dataset.copy = face_code(card_id)   # a copy: the card whose face it wears
        el.setAttribute("aria-hidden", "true")  # the faces are drawn; the pile's name says the card
        if self.labels is not None:
            el.innerHTML = card_html(card_id, self.labels)
        self.cards[card_id] = el
        self.bulk.card(card_id, el)
        return el

    def card_element(self, card_id):
        """The element of the card with this id (`Card.id`), made the first time a copy is asked for."""
        el = self.cards.get(card_id)
        return el if el is not None else self._make_card(card_id)

    def pile_element(self, pile):
        return self.pile_el[pile]

    # ---- card faces ----------------------------------------------------------------------

    def set_labels(self, labels):
        """Write the card faces with these rank letters (static/shared/cardface.py rank_labels: ranks differ by
        language, R/D/V, H/V/B, K/Q/J); the faces drawn with these already stay."""
        if labels == self.labels:
            return
        self.labels = labels
        for card_id, el in self.cards.items():
            if not is_back(card_id):
                el.innerHTML = card_html(card_id, labels)
        self.fresh = True

    # ---- scheduling ----------------------------------------------------------------------

    def request(self):
        """Draw at the next animation frame (several changes in one frame: one drawing)."""
        if not self.frame_pending:
            self.frame_pending = True
            window.requestAnimationFrame(self.on_frame_proxy)

    # ---- drawing -------------------------------------------------------------------------

    def stop_slides(self):
        """Every slide and flip on the board stopped, each card where it rests (the page's restart: a slide of
        the game before would go on over the next one's board)."""
        anims = document.getAnimations()
        for k in range(anims.length):
            anim = anims.at(k)
            target = anim.effect.target if anim.effect is not None else None
            if target is None or target.closest is None or target.closest("#board") is None:
                continue
            anim.cancel()
            target.classList.remove("moving")
            target.classList.remove("flip")

    def forget_counts(self):
        """The page's restart (static/page/layer.py `restart`): the new session counts its slides, deals and
        cascades from nothing. The view drawn last keeps its cards and marks (the next drawing changes what
        differs) but not its counts, so the next view is drawn as a visit's first is: nothing slides, no deal
        flies in, no cascade starts or ends."""
        last = self.last
        if last is None:
            return
        last = dict(last)
        motion = dict(last["motion"])
        motion["anim_seq"] = 0
        motion["deal_seq"] = 0
        celebration = dict(last["celebration"])
        celebration["seq"] = 0
        celebration["on"] = False
        last["motion"] = motion
        last["celebration"] = celebration
        self.last = last

    def draw(self, view):
        """Bring the DOM up to the view value `view` (static/worker/scene.py): static/shared/apply.py says what
        to do, from the view applied last; this performs it."""
        self.frame_pending = False
        ops = operations(self.last, view, motion=self.motion, speed=self.speed, fresh=self.fresh)
        if self.last is None and self.unmarked:    # the painted board's marks go with its cards
            self.unmarked = False
            ops = [["pile_marks", pile, ["empty"], []] for pile in sorted(self.pile_el)] + ops
        self.last = view
        self.fresh = False
        self.perform(ops)

    def perform(self, ops):
        """Do the DOM operations `ops` (static/shared/apply.py), in order: the small writes of cards and piles
        (BULK) gathered and written by static/paint.js in one call, the others here."""
        measured = {}
        bulk = []
        for op in ops:
            name = op[0]
            if name in BULK:
                if name == "place":
                    op = [name, op[1], _px(op[2]), _px(op[3])]
                elif name == "append":
                    for code in op[2]:
                        self.card_element(code)     # made the first time it is shown
                elif name == "table":
                    op = [name, _table(op[1])]
                elif name == "text":
                    op = [name, TEXT_IDS[op[1]], op[2]]
                elif name == "tab_stops":
                    op = [name, [[pile, 0 if pile in op[1] else -1] for pile in PILES]]
                elif name == "buttons":
                    op = [name, [b for b in op[1] if b[0] in self.buttons]]
                bulk.append(op)
                continue
            if bulk and name != "create":       # what comes next may read or need what they write
                self.bulk.perform(json.dumps(bulk))
                bulk = []
            if name == "measure":           # read before any write: no forced layout
                origins = {}
                for item in op[1]:
                    code, how = item[0], item[1]
                    if how == "at":
                        measured[code] = (item[2], item[3])
                    elif how == "card":
                        r = self.card_element(code).getBoundingClientRect()
                        measured[code] = (r.left, r.top)
                    else:
                        if item[2] not in origins:
                            r = self.pile_el[item[2]].getBoundingClientRect()
                            origins[item[2]] = (r.left, r.top)
                        measured[code] = origins[item[2]]
            elif name == "create":
                self.card_element(op[1])
            elif name == "below":
                self._below_top(op[1], op[2])
            elif name == "passes":
                self._passes(op[1], op[2])
            elif name == "balance":
                self._balance(op[1])
            elif name == "assist":
                self._assist(op[1])
            elif name == "notice":
                self._notice(op[1])
            elif name == "celebrate":
                if self.celebration is not None:
                    self.celebration.start(op[1])
            elif name == "celebration_end":
                if self.celebration is not None and self.celebration.running():
                    self.celebration.end(by_player=True)   # a tap or a key asked: the layer takes the rest
            elif name == "finish_deal":
                if self.dealing():
                    self.finish_deal()
            elif name == "deal":
                if self.motion_js is not None:
                    self.motion_js.deal(json.dumps(op[1], separators=(",", ":")))
            elif name == "slide":
                for code, flip in op[1]:
                    self._slide(code, measured[code], flip)
        if bulk:
            self.bulk.perform(json.dumps(bulk))

    def _slide(self, code, xy, flip):
        """The card slides from `xy` (screen pixels) to where it is drawn now; `flip`: drawn from the
        stock, it turns over on the way (its back shown in the first half)."""
        el = self.cards[code]
        r = el.getBoundingClientRect()
        dx, dy = xy[0] - r.left, xy[1] - r.top
        if abs(dx) < 1 and abs(dy) < 1:
            return
        el.classList.add("moving")      # above every pile while it slides
        if flip:
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

    def dealing(self) -> bool:
        """A deal is flying in."""
        return self.motion_js is not None and bool(self.motion_js.dealing())

    def finish_deal(self):
        """A tap or a key during the deal: every card where it lands, now."""
        if self.motion_js is not None:
            self.motion_js.finish()

    def _below_top(self, pile, code):
        """The next card of the reserve or a foundation, beneath its top card: a dragged top card
        uncovers it instead of an empty slot."""
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
        el.dataset.copy = face_code(code)   # the card whose face it wears
        el.innerHTML = card_html(code, self.labels)
        el.hidden = False

    def _balance(self, balance):
        """A casino game: the balance its statistics keep, shown with the score (hidden otherwise)."""
        if self.balance_box is None:
            return
        self.balance_box.hidden = balance is None
        self.balance_el.textContent = "" if balance is None else balance

    def _passes(self, text, label):
        """A game with a pass limit: the pass it is in, out of how many ("2/3"), at the stock's top edge
        (the stock's accessible name says it in words, static/worker/a11y.py's name + this label)."""
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
        el.textContent = text
        el.title = label or ""
        el.dataset.passes = text

    def _notice(self, notice):
        """#notice as the view's notice says (hidden when None)."""
        el = document.getElementById("notice")
        if el is None:
            return
        if notice is not None:
            el.querySelector(".notice-text").textContent = notice["text"]
        el.hidden = notice is None

    def _assist(self, panel):
        """The solver's #assist panel (built by static/page/assist_panel.py) as the view's assist says."""
        el = document.getElementById("assist")
        if el is None:
            return
        if panel is None:
            el.hidden = True
            el.dataset.kind = ""
            return
        el.dataset.kind = panel["kind"]
        for name in ("move", "undos"):
            value = panel[name]
            if value is not None:
                el.setAttribute(f"data-{name}", str(value))
            else:
                el.removeAttribute(f"data-{name}")
        el.querySelector("#assist-text").textContent = panel["text"]
        labels = panel["labels"]
        for btn in el.querySelectorAll("button"):
            name = btn.dataset.assist
            btn.hidden = name not in panel["buttons"] and name != "close"
            btn.textContent = labels.get(name, "")
            if name == "close":
                btn.setAttribute("aria-label", panel["close_label"])
                btn.title = panel["close_label"]
        el.hidden = False

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
