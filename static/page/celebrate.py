"""The win celebration: the cards leave the foundations one by one and bounce down the table, as in
the classic solitaire cascade. Any tap or key ends it; then the win dialog opens.

Drawn in a layer of its own over the whole page (`#celebration`, aria-hidden: the win is said by the
live region and the dialog), with copies of the cards that are not [data-card] (the board's hooks stay
unique). The foundations' own cards are hidden meanwhile and the layer shows, on each foundation, the
card that leaves next. Each thrown card is two elements (one slides sideways, the other falls and
bounces: static/worker/motion.py plans the parabolas) animated by Web Animations on `transform` only,
and removed when it lands off screen, so at most about MAX_MS / LAUNCH_MS cards are in the air.

The tap that ends it does nothing else: the layer takes it (it covers the board and the bar), and
stays a moment after, so that the release of that tap falls on nothing.

It runs on the page's main thread under MicroPython (static/page/). static/worker/motion.py is not
MicroPython's, so the worker plans the throws (static/worker/cascade.py cascade_plan) and the page hands
them over as `plan` before the cascade starts. The browser is reached through `js` and
static/page/ffi.py only; no annotations.
"""

from js import document, window

from shared.cardface import card_class, card_html
from .ffi import to_js

AFTER_MS = 350           # after a tap or key ended it: the dialog opens when the press is over


def _js(value):
    return to_js(value)


def _px(v):
    return "%.1fpx" % v


class Celebration:
    """Given the renderer (pile elements, faces' labels), `proxy(name, fn)` (guarded JS callbacks),
    `on_tap()` (a tap on the layer asks to end it: the UI state's CelebrationEnd) and `on_end()` (it is
    over: the win dialog). The renderer starts and ends it as UIState.celebrating says."""

    def __init__(self, renderer, proxy, on_tap, on_end):
        self.renderer = renderer
        self.proxy = proxy
        self.on_tap = on_tap
        self.ended = on_end
        self.layer = None
        self.queue = []          # (foundation index, code) still to throw
        self.covers = {}         # foundation index -> the element showing its next card
        self.rects = {}          # foundation index -> (x, y) in the layer
        self.flying = 0
        self.thrown = 0
        self.timer = None
        self.on_end = None
        self.after = None        # after a tap or key: what to call once the press is over
        self.plan = None         # the worker's plan of the next cascade, used once
        self.paths = None        # the throws' (dx, duration, ys) of the cascade under way
        self.launch_ms = 0       # between two throws (the plan's)

    def running(self):
        return self.layer is not None and self.on_end is not None

    def start(self, foundations):
        """Throw the foundations' cards (`foundations`: a list of codes a foundation, bottom first); `on_end()`
        is called when the last has gone or a tap or key ended it."""
        if self.layer is not None:
            self._remove()
        root = document.getElementById("game")
        box = root.getBoundingClientRect()
        layer = document.createElement("div")
        layer.id = "celebration"
        layer.className = "celebration"
        layer.setAttribute("aria-hidden", "true")
        layer.addEventListener("pointerdown", self.proxy("celebration-down", self._on_pointerdown))
        for i in range(len(foundations)):   # 4 to 16 foundations (games of several decks)
            r = self.renderer.pile_element("foundation-%d" % (i + 1)).getBoundingClientRect()
            self.rects[i] = (r.left - box.left, r.top - box.top)
        plan, self.plan = self.plan, None
        # planned by the worker: [foundation index, code, dx, duration, ys] in order
        easings = plan.easings
        self.queue = [(t[0], t[1]) for t in plan.throws]
        self.paths = [(t[2], t[3], [(y[0], y[1], easings[y[2]]) for y in t[4]]) for t in plan.throws]
        self.launch_ms = plan.launch_ms
        self.covers = {}
        for i, pile in enumerate(foundations):
            if pile:
                el = document.createElement("div")
                el.style.left, el.style.top = _px(self.rects[i][0]), _px(self.rects[i][1])
                layer.appendChild(el)
                self.covers[i] = el
                self._cover(i, pile[-1])
        root.appendChild(layer)
        root.classList.add("celebrating")
        self.layer = layer
        self.on_end = self.ended
        self.flying = 0
        self.thrown = 0
        self._tick()

    def _cover(self, i, code):
        el = self.covers[i]
        if code is None:
            el.hidden = True
            return
        el.className = card_class(code) + " cel-cover"
        el.dataset.copy = code           # the card whose face it wears, without the board's hook
        el.innerHTML = card_html(code, self.renderer.labels)

    def _tick(self, *_):
        self.timer = None
        if not self.running() or not self.queue:
            return
        i, code = self.queue.pop(0)
        nxt = next((c for j, c in self.queue if j == i), None)
        self._cover(i, nxt)
        self._throw(i, code)
        if self.queue:
            self.timer = window.setTimeout(self.proxy("celebration-tick", self._tick), self.launch_ms)

    def _throw(self, i, code):
        x, y = self.rects[i]
        dx, duration, ys = self.paths[self.thrown]
        self.thrown += 1
        outer = document.createElement("div")
        outer.className = "cel-x"
        outer.style.left, outer.style.top = _px(x), _px(y)
        inner = document.createElement("div")
        inner.className = card_class(code) + " cel-card"
        inner.dataset.copy = code
        inner.innerHTML = card_html(code, self.renderer.labels)
        outer.appendChild(inner)
        self.layer.appendChild(outer)
        timing = _js({"duration": duration, "fill": "forwards"})
        frames = [{"transform": "translateY(%spx)" % (dy,), "offset": off, "easing": easing} for off, dy, easing in ys]
        inner.animate(_js(frames), timing)
        slide = outer.animate(_js([{"transform": "translateX(0)"}, {"transform": "translateX(%spx)" % (dx,)}]),
                              _js({"duration": duration, "fill": "forwards", "easing": "linear"}))
        slide.onfinish = self.proxy("celebration-landed", self._landed)
        self.flying += 1

    def _landed(self, ev):
        el = ev.target.effect.target
        el.remove()
        self.flying -= 1
        if self.running() and not self.queue and self.flying <= 0:
            self.end(by_player=False)

    def _on_pointerdown(self, ev):
        ev.preventDefault()
        ev.stopPropagation()
        self.on_tap()

    def end(self, by_player=True):
        """The celebration ends (a tap, a key, or its last card gone): the win dialog opens."""
        if not self.running():
            return
        on_end, self.on_end = self.on_end, None
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        self.queue = []
        anims = self.layer.getAnimations(_js({"subtree": True}))
        for k in range(anims.length):
            anims.at(k).cancel()
        els = self.layer.querySelectorAll(".cel-x, .cel-cover")
        for k in range(els.length):
            els.item(k).remove()
        self.flying = 0
        document.getElementById("game").classList.remove("celebrating")
        if by_player:      # the layer takes the rest of this press; then it goes and the dialog opens
            self.after = on_end
            window.setTimeout(self.proxy("celebration-after", self._after), AFTER_MS)
        else:
            self._remove()
            on_end()

    def stop(self):
        """Gone at once, its end not called (the page's restart, static/page/layer.py `restart`)."""
        self.on_end, self.after, self.plan = None, None, None
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        self.queue = []
        self.flying = 0
        document.getElementById("game").classList.remove("celebrating")
        self._remove()

    def _after(self, *_):
        on_end, self.after = self.after, None
        if self.on_end is None:      # no new celebration began meanwhile
            self._remove()
        if on_end is not None:
            on_end()

    def _remove(self):
        if self.layer is not None:
            self.layer.remove()
            self.layer = None
