# The thin layer's DOM part (issue 33's prototype), shared by its two entry points: thin_main.py (PyScript's
# <script type="mpy">, the engine in a PyScript named worker) and direct_main.py (MicroPython started by
# direct.mjs without PyScript, the engine in a plain module worker). It adopts the cards bench/thin/paint.js
# painted (or builds them), forwards taps to the engine as actions, and applies the view the engine answers,
# keyed by card, once per animation frame. No rule and no layout arithmetic here. MicroPython only (it
# reaches the DOM through the objects it is given).
#
# `engine` answers view(code), tap(action_text) and long_game(code, moves) with a JS promise of the view's
# JSON text. Timings go to window.thinLog(kind, start, end, cards) (bench/thin/paint.js).
import thin_view

SYM = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


class Layer:
    def __init__(self, window, document, create_proxy, code):
        self.window = window
        self.document = document
        self.perf = window.performance
        self.board = document.getElementById("board")
        self.root = document.getElementById("game")
        self.code = code
        self.shown = thin_view.Applied()
        self.elements = {}
        self.counters = {}
        self.pending = None       # the latest view text not applied yet (only the latest counts)
        self.scheduled = False
        self.last_text = None
        self.queued = []          # taps before the engine is ready
        self.engine = None
        self.frame_proxy = create_proxy(self.frame)
        self.on_view_proxy = create_proxy(self.on_view)
        self.board.addEventListener("pointerdown", create_proxy(self.on_pointerdown))
        window.thinLongGame = create_proxy(self.long_game)
        window.thinRebuild = create_proxy(self.rebuild)
        nodes = self.board.querySelectorAll("[data-card]")
        for i in range(nodes.length):
            node = nodes.item(i)
            self.elements[node.getAttribute("data-card")] = node
        self.root.setAttribute("data-live", "true")
        self.perf.mark("thin-live")

    def connect(self, engine):
        self.engine = engine
        self.perf.mark("thin-worker-ready")
        engine.view(self.code).then(self.on_view_proxy)
        for action in self.queued:
            self.send(action)
        self.queued = []

    def build(self, card_id):
        el = self.document.createElement("div")
        el.setAttribute("data-card", card_id)
        el.textContent = card_id[0] + SYM.get(card_id[1], "")
        self.board.appendChild(el)
        self.elements[card_id] = el
        return el

    def apply(self, text):
        t0 = self.perf.now()
        changes, counts = self.shown.diff(text)
        elements = self.elements
        for card_id, style, cls, pile in changes:
            el = elements.get(card_id)
            if el is None:
                el = self.build(card_id)
            el.style.cssText = style
            if cls is not None:
                el.className = cls
            if pile is not None:
                el.setAttribute("data-pile", pile)
        for name, value in counts:
            out = self.counters.get(name)
            if out is None:
                out = self.counters[name] = self.document.getElementById("count-" + name)
            if out is not None:
                out.textContent = value
        t1 = self.perf.now()
        self.window.thinLog("apply", t0, t1, len(changes))
        self.last_text = text
        self.window.localStorage.setItem("thin.view", text)   # the next visit's painted board

    def frame(self, _stamp):
        self.scheduled = False
        text = self.pending
        self.pending = None
        if text is not None:
            self.apply(text)
            if self.root.getAttribute("data-ready") != "true":
                self.root.setAttribute("data-ready", "true")
                self.perf.mark("thin-ready")

    def on_view(self, text):
        self.pending = text
        if not self.scheduled:
            self.scheduled = True
            self.window.requestAnimationFrame(self.frame_proxy)

    def send(self, action):
        self.engine.tap(action).then(self.on_view_proxy)

    def on_pointerdown(self, event):
        target = event.target.closest("[data-pile]")
        if target is None:
            return
        action = thin_view.tap_text(target.getAttribute("data-pile"), target.getAttribute("data-card"))
        if self.engine is None:
            self.queued.append(action)
        else:
            self.send(action)

    def long_game(self, moves):
        self.engine.long_game(self.code, moves).then(self.on_view_proxy)

    def rebuild(self):
        # the benchmark's measure of building all the cards from a view: drop them, apply the last view again
        for card_id in self.elements:
            self.elements[card_id].remove()
        self.elements = {}
        self.shown.forget()
        self.on_view(self.last_text)
