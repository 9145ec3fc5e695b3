"""The page's thin layer: MicroPython on the main thread (static/page/main.py starts it through PyScript's
<script type="mpy">), the engine, the controller, the layout and the records in the worker
(static/worker/main.py, Pyodide: static/worker/session.py's `Session`).

What it does, and nothing else:

- sends the worker a `Start` with what only the page knows (the window, the address, the browser's
  languages, the painted deal; localStorage's texts go in on the JavaScript side, static/paint.js
  `startText`, never through MicroPython's heap), then every action the player makes, one message
  at a time and in order (static/shared/vocab.py, one text codec for both sides);
- applies each answer: the view (static/page/render.py performs static/shared/apply.py's operations, once per
  animation frame), the effects only the page can do (the live region, a notice's timer, the address,
  focus, a shake, the next step of an auto-finish or a replay, the clipboard), the storage writes, and
  the page's facts (the language's texts, the look classes, motion);
- shows the worker's counters (#moves, #clock) and ticks the clock from them while the page is visible;
  tells the worker when the page is hidden, shown or left (`Visibility`, `Leave`: the clock's time into
  the saved game), and writes that time into the saved game itself when the page goes, since the
  worker's answer may come too late (`with_seconds`);
- runs the win cascade (static/page/celebrate.py) from the worker's plan, ended by a tap or a key, then
  the win dialog the worker's answer holds;
- turns pointer events into points on the board (`PressAt`, `TapAt`, `DragAt`, `DropAt`: the worker
  finds the piles) and keys into `Key` (static/shared/keymap.py says which keys the game takes, so the
  browser's default stops at once); dragged cards follow the pointer here, the drop goes to the worker.

Its parts by concern are mixins in files of their own: the counters and the clock (static/page/clock.py),
storage (static/page/storage.py), the effects and the win cascade (static/page/effects.py), the pointer and
the keys (static/page/pointer.py), the restart (static/page/restart.py); this file keeps the worker's transport, the reply's application, the
frames and the page's facts.

It holds no rule and no layout arithmetic. Runs under MicroPython, and imports under CPython too
(tests/test_page_layer.py and tests/test_page_micropython.py call the pure functions, `start_message`,
`read_reply`, `translate`, clock.py's `with_seconds` and storage.py's `stored_message`; the `Layer` itself is
driven only by the browser tests): it reaches the browser only through
the `window`, `document` and `create_proxy` it is given, and writes no annotations or dataclasses.
"""

import json

from page.analysis import AnalysisPanel
from page.dialogs import Dialogs
from page import assist_panel
from shared import vocab
from page.replay import ReplayBar
from page.sound import Sound
from page.announce import Announcer
from shared.apply import decode_view
from shared.storage_keys import SAVE_KEY
from shared.table import code_from_hash
from page.clock import Clock
from page.effects import PageEffects
from page.pointer import Pointer
from page.restart import Restart
from page.storage import Storage

FRAME_MS = 16             # a frame's time at 60 Hz: a view that comes this long after the last drawing is drawn at once
MAX_BATCH = 64            # the most queued messages sent in one round trip (static/worker/session.py's)


def start_message(width, height, hash_text, query_lang, languages, painted, coarse, reduced, dock, kept=""):
    """The `Start` text from the page's facts, without the stored records: static/boot.js's `begin` puts
    them in (static/paint.js `startText`), so that no record passes through MicroPython's heap;
    `kept`: the painted board's taps and keys (JSON text), played before the first answer."""
    return vocab.encode(vocab.Start(
        float(width), float(height), code=code_from_hash(hash_text), lang=query_lang or "",
        languages=tuple(x for x in languages if x), painted=painted or "", coarse=bool(coarse),
        reduced=bool(reduced), dock=float(dock), kept=kept or ""))


def read_reply(text):
    """The worker's `Reply` in `text` (static/shared/vocab.py's codec: every field checked); ValueError for
    any other text."""
    reply = vocab.decode(text)
    if not isinstance(reply, vocab.Reply):
        raise ValueError("not a reply: " + reply.kind)
    return reply


def translate(messages, key, **values):
    """A message of the worker's table, its {placeholders} filled (the key itself when the table has none)."""
    text = messages.get(key, key)
    for name in values:
        text = text.replace("{" + name + "}", str(values[name]))
    return text


class Layer(Clock, Storage, PageEffects, Pointer, Restart):
    """The page's thin layer: the worker's transport, its replies applied, the frames, the page's facts;
    the clock, storage, effects and pointer parts are its mixins (static/page/clock.py, storage.py, effects.py,
    pointer.py)."""

    def __init__(self, window, document, create_proxy, renderer, render_module=None):
        self.window = window
        self.document = document
        self.proxy = create_proxy
        self.renderer = renderer
        self.render_module = render_module
        self.root = document.getElementById("game")
        self.board = document.getElementById("board")
        self.announcer = Announcer(document.getElementById("announce"))
        self.dialogs = Dialogs(document, create_proxy, self.send, window)
        self.analysis = AnalysisPanel(document, self.send)
        self.dialog_data = None   # what the dialog the answer being applied opens shows
        self.worker = None
        self.busy = False         # a message is with the worker
        self.queue = []           # texts waiting for the worker's answer to the one before
        self.view = None          # the view to draw at the next frame
        self.messages_text = "{}"  # the language's message table as JSON text (the worker's page facts)
        self.messages = None      # ...read only when the layer says a text of its own (`t`)
        self.lang = ""
        self.ready = False
        self.press = None
        self.notice_timer = None
        self.after_frame = []     # timers to start once the next view is drawn
        self._answer = create_proxy(self.on_answer)
        self._pushed = create_proxy(self.on_push)
        self._push_failed = create_proxy(self.on_push_failed)
        self.assist = assist_panel.build(document)   # the solver's panel, drawn from the view
        self.replay_bar = ReplayBar(self.send)        # a game link's or the solver's line, step by step
        self.sound = Sound(False)                     # the setting, from the worker's page facts
        self._failed = create_proxy(self.on_failure)
        self._frame = create_proxy(self.on_frame)
        self.frame_pending = False
        self.drawn_at = -1000000.0  # performance.now() of the last drawing
        self.counters = None      # the worker's counters (moves, the clock's seconds, whether it runs, shown)
        self.clock_at = 0.0       # performance.now() when they came: the clock ticks on from there
        self.seconds = 0.0        # the clock's seconds at clock_at (the counters', or frozen as the page hid)
        self.clock_shown = None   # the clock's text drawn
        self.clock_timer = None
        self.hidden = False       # the page is hidden: the clock stands still
        self.saved = None         # the saved game's text as last written (the leaving write patches its time)
        self._tick = create_proxy(self.tick)
        self.proxies = {}         # named_proxy's
        self.win_wanted = False   # the cascade ended: the answer's win dialog opens
        self.focusing = None      # the pile the page is focusing as the worker said (no Focus sent back)
        self.start_text = None    # the Start, until it is sent (through boot.js `begin`)
        self.restarting = False   # `restart`: the new session's first answer is not drawn yet
        self.generation = 0       # how many restarts: a timer of the game before sends nothing

    # ---- the worker ---------------------------------------------------------------------------

    def connect(self, worker):
        """The worker is ready: the `Start`, then whatever the player did meanwhile."""
        self.worker = worker
        paint = self.window.canfieldPaint
        kept = paint.take() if getattr(paint, "take", None) is not None else None
        kept = str(kept) if kept is not None and str(kept) not in ("", "[]") else ""   # played with the Start
        text = self._start_message(str(paint.firstDeal) if paint.firstDeal else "", kept)
        self.start_text = text
        self.queue.insert(0, text)
        self._wait_push()
        self.saved = self.storage_get(SAVE_KEY)
        if str(self.document.visibilityState) == "hidden":   # opened in a tab behind: no clock yet
            self.hidden = True
            self.queue.insert(1, vocab.encode(vocab.Visibility(True)))
        self._next()

    def _start_message(self, painted, kept):
        """The `Start` text from what the page knows now (`start_message`)."""
        w = self.window
        el = self.document.documentElement
        langs = w.navigator.languages
        languages = [str(langs[i]) for i in range(langs.length)] if langs else []
        languages.append(str(w.navigator.language or ""))
        query = w.canfieldPaint.queryLang()
        dock = self.document.getElementById("dock")
        return start_message(el.clientWidth or w.innerWidth, el.clientHeight or w.innerHeight, self.address_hash(),
                             str(query) if query else "", languages, painted,
                             w.matchMedia("(pointer: coarse)").matches,
                             w.matchMedia("(prefers-reduced-motion: reduce)").matches,
                             (dock.scrollHeight or 0) if dock is not None else 0, kept)

    def _wait_push(self):
        """Keep one call open for what the worker answers on its own (a hint found by its solver)."""
        self.worker.next_push().then(self._pushed, self._push_failed)

    def on_push(self, text):
        if self.restarting:        # the session before the restart's, sent before its answer: dropped
            self._wait_push()
            return
        try:
            self.apply_answer(read_reply(str(text)))
        except Exception as exc:   # never a traceback for the player
            self.window.console.error("Canfield: a solver's answer could not be applied: " + repr(exc))
        self._wait_push()

    def on_push_failed(self, err):
        self.window.console.error("Canfield: the worker's solver answers stopped: " + str(err))

    def send(self, *values):
        """Actions or pointer messages for the worker, after the ones before them (several given at once go
        in one round trip once the game is live)."""
        for value in values:
            self.queue.append(vocab.encode(value))
        if self.worker is not None:
            self._next()

    def _next(self):
        """The next message for the worker; once the game is live, everything queued meanwhile goes in one
        round trip (a JSON array of the texts, answered as one: static/worker/session.py `merged`)."""
        if self.busy or not self.queue:
            return
        self.busy = True
        if self.ready and len(self.queue) > 1:
            batch, self.queue = self.queue[:MAX_BATCH], self.queue[MAX_BATCH:]
            text = "[" + ",".join([json.dumps(t) for t in batch]) + "]"
        else:
            text = self.queue.pop(0)
        if text is self.start_text:          # the records go in on the JavaScript side (boot.js `begin`)
            self.start_text = None
            self.worker.begin(text).then(self._answer, self._failed)
            return
        self.worker.handle(text).then(self._answer, self._failed)

    def on_failure(self, err):
        self.busy = False
        self.window.console.error("Canfield: the worker failed: " + str(err))
        self._next()

    def on_answer(self, text):
        self.busy = False
        try:
            answer = read_reply(str(text))
            if not self.ready:
                self.window.performance.mark("canfield:answer-parsed")
            self.apply_answer(answer)
        except Exception as exc:   # never a traceback for the player: the console, and the game goes on
            self.window.console.error("Canfield: an answer could not be applied: " + repr(exc))
        self._next()

    def apply_answer(self, answer):
        for why in answer.errors:   # a batch's messages that failed (the others applied)
            self.window.console.warn("Canfield: " + why)
        if not answer.ok:
            self.window.console.warn("Canfield: " + answer.error)
            if not self.ready:
                self.window.canfieldBoot.fail(answer.error)
            return
        if answer.page is not None:
            self.apply_page(answer.page)
        if answer.cascade is not None and self.renderer.celebration is not None:
            self.renderer.celebration.plan = answer.cascade   # drawn with this answer's view
            if not self.ready:
                self.window.performance.mark("canfield:page-applied")
        if answer.view is not None:
            self.view = decode_view(answer.view)
        self.dialog_data = answer.dialog
        opened = False
        for text in answer.effects:
            effect = vocab.decode(text)
            opened = opened or effect.kind == "dialog"
            self.perform(effect)
        data = self.dialog_data
        if not opened and data is not None and data.name == "stats" and self.dialogs.el["stats"].open:
            self.dialogs.fill_stats(data)      # the answer to a StatsAsk: the open dialog shows it
        if not opened and data is not None and data.name == "win" and self.dialogs.el["win"].open:
            self.dialogs.open("win", data)     # the solver's grade came: the open dialog shows it
            opened = True
        if self.win_wanted:
            self.win_wanted = False
            if not opened and data is not None and data.name == "win" and not self._dialog_open():
                self.dialogs.open("win", data)
        store = answer.store
        for key in store:            # a record set aside first (copied as the browser holds it), then the writes
            if isinstance(store[key], dict):
                self.window.canfieldPaint.copy(store[key]["copy"], key)
        for key in store:
            if not isinstance(store[key], dict):
                self.storage_set(key, store[key])
            if key == SAVE_KEY:
                self.saved = store[key]
        if answer.replay is not None:
            self.replay_bar.sync(answer.replay)
        if answer.counters is not None:
            self.apply_counters(answer.counters)
        if answer.analysis is not None:
            self.analysis.apply(answer.analysis, self.proxy)
        marks = answer.marks
        if marks is not None:                  # #game's data-solver, -answers, -search and -stuck, as the worker says
            for field in marks.FIELDS:
                value = getattr(marks, field[0])
                if value is None:
                    self.root.removeAttribute("data-" + field[0])
                else:
                    self.root.setAttribute("data-" + field[0], value)
        if self.view is not None:               # drawn after the answer's effects, as at the next frame
            self.request_frame()

    # ---- frames ---------------------------------------------------------------------------------

    def request_frame(self):
        """Draw the view: at once when the game is live and nothing was drawn for a frame's time (a tap's
        answer then shows in the frame the browser makes next, instead of waiting for it to begin), else at
        the next animation frame (answers that come within one frame: one drawing)."""
        if self.frame_pending:
            return
        if self.ready and self.window.performance.now() - self.drawn_at >= FRAME_MS:
            self.on_frame()
            return
        self.frame_pending = True
        self.window.requestAnimationFrame(self._frame)

    def on_frame(self, *_):
        self.frame_pending = False
        view, self.view = self.view, None
        if view is not None:
            if not self.ready:
                self._unpaint()
            elif self.restarting:         # the board goes to the new session's deal at once: no transition
                self.root.classList.add("no-motion")
            self.renderer.draw(view)
            self.drawn_at = self.window.performance.now()
            if not self.ready:
                self.window.performance.mark("canfield:drawn")
                self.ready = True
                self.root.classList.remove("booting")
                self.root.dataset.ready = "true"
                for name in ("new", "settings", "rules"):
                    self.renderer.buttons[name].disabled = False
                hint = self.document.querySelector('header [data-action="hint"]')
                if hint is not None:            # the worker's solver answers
                    hint.disabled = False
                stats = self.document.querySelector('header [data-action="stats"]')
                if stats is not None:
                    stats.disabled = False
                self.window.canfieldBoot.done()
            elif self.restarting:         # drawn as a first visit's board is: at once, no deal flying in
                self.restarting = False
                if self.renderer.dealing():
                    self.renderer.finish_deal()
                self.root.offsetWidth         # read: the style applied while no-motion holds
                self.root.classList.toggle("no-motion", not self.renderer.motion)
                self.root.dataset.ready = "true"
        if self.press is not None:
            self._lift()
        timers, self.after_frame = self.after_frame, []
        for ms, action in timers:
            self.later(ms, action)

    def _unpaint(self):
        self.window.canfieldPaint.unpaint()     # static/paint.js: its cards and marks, in one call

    def on_slid(self, ev):
        """A card's slide ended: it goes back under the piles drawn after it."""
        el = ev.target.effect.target
        el.classList.remove("moving")
        el.classList.remove("flip")


    # ---- the page's facts --------------------------------------------------------------------------

    def apply_page(self, page):
        look = page.look
        for name in look:
            self.root.classList.toggle(name, look[name])
        on = page.motion
        self.root.classList.toggle("no-motion", not on)
        self.renderer.motion = on
        self.sound.enabled = page.sound
        speed = float(page.speed)
        self.renderer.speed = speed
        if self.render_module is not None:
            self.render_module.SLIDE_MS = round(160 * speed)
        if not on and self.renderer.dealing():
            self.renderer.finish_deal()
        if page.lang != self.lang:
            self.lang = page.lang
            self.messages_text = page.messages or "{}"
            self.messages = None
            self.apply_texts()
            self.renderer.set_labels(page.ranks)
            self.dialogs.fill_rules(page.groups or [])

    def dress_painted(self):
        """The cards' faces with the painted board's rank letters (its language's, static/paint.js `ranks`):
        written now, in a task of their own, instead of with the worker's first answer, which then finds
        them written alike (static/page/render.py `set_labels`)."""
        paint = getattr(self.window, "canfieldPaint", None)
        text = getattr(paint, "ranks", None) if paint is not None else None
        if not text:
            return
        try:
            ranks = json.loads(str(text))
        except Exception:
            return
        if type(ranks) is dict and ranks:
            self.renderer.set_labels(ranks)

    def t(self, key, **values):
        if self.messages is None:
            try:
                self.messages = json.loads(self.messages_text)
            except Exception:       # never a traceback: the key itself is the text
                self.messages = {}
        return translate(self.messages, key, **values)

    def apply_texts(self):
        el = self.document.documentElement
        if el.getAttribute("data-texts") == self.lang:    # index.html's own texts (English), or applied already
            return
        paint = getattr(self.window, "canfieldPaint", None)
        if paint is not None and getattr(paint, "texts", None) is not None:   # the browser: one call
            paint.texts(self.lang, self.messages_text)
            return
        d = self.document
        d.documentElement.lang = self.lang
        d.documentElement.setAttribute("data-texts", self.lang)
        els = d.querySelectorAll("[data-t]")
        for i in range(els.length):
            el = els.item(i)
            el.textContent = self.t(el.dataset.t)
        els = d.querySelectorAll("[data-t-label]")
        for i in range(els.length):
            el = els.item(i)
            el.setAttribute("aria-label", self.t(el.dataset.tLabel))
            if el.tagName == "BUTTON":
                el.title = self.t(el.dataset.tLabel)
        els = d.querySelectorAll("[data-t-title]")
        for i in range(els.length):
            el = els.item(i)
            el.title = self.t(el.dataset.tTitle)


    # ---- effects: what only the page can do --------------------------------------------------------


    # ---- the win cascade (static/page/celebrate.py, the worker's plan) ----------------------------------


    # ---- input ----------------------------------------------------------------------------------

    def bind(self):
        p, d, w = self.proxy, self.document, self.window
        self.dialogs.bind()
        self.replay_bar.bind(lambda btn, name, handler: btn.addEventListener("click", p(handler)))
        buttons = self.assist.querySelectorAll("button[data-assist]:not([data-action])")
        for i in range(buttons.length):   # "analyse" is a page action: the [data-action] buttons below
            buttons.item(i).addEventListener("click", p(self.on_assist_button))
        self.board.addEventListener("pointerdown", p(self.on_pointerdown))
        self.board.addEventListener("mousedown", p(self.on_mousedown))
        d.addEventListener("pointermove", p(self.on_pointermove))
        d.addEventListener("pointerup", p(self.on_pointerup))
        d.addEventListener("pointercancel", p(self.on_pointercancel))
        d.addEventListener("keydown", p(self.on_keydown))
        self.board.addEventListener("focusin", p(self.on_focusin))
        self.board.addEventListener("contextmenu", p(lambda ev: ev.preventDefault()))
        w.addEventListener("hashchange", p(lambda *_: self.send(vocab.HashChanged(code_from_hash(
            self.address_hash())))))
        d.addEventListener("visibilitychange", p(self.on_visibility))
        w.addEventListener("pagehide", p(self.on_pagehide))
        w.addEventListener("storage", p(self.on_storage))
        w.addEventListener("resize", p(lambda *_: self.resized()))
        w.addEventListener("orientationchange", p(lambda *_: self.resized()))
        reduced = w.matchMedia("(prefers-reduced-motion: reduce)")
        reduced.addEventListener("change", p(lambda *_: self.send(vocab.MotionPreference(bool(reduced.matches)))))
        buttons = d.querySelectorAll("[data-action]")
        for i in range(buttons.length):
            buttons.item(i).addEventListener("click", p(self.on_button))
        close = d.querySelector("#notice [data-notice-close]")
        if close is not None:
            close.addEventListener("click", p(lambda *_: self.send(vocab.HideNotice())))
        dock = d.getElementById("dock")
        if dock is not None and getattr(w, "ResizeObserver", None) is not None:
            # the hint panel and the replay bar change height in the dock: the board is laid out above it
            observer = w.ResizeObserver.new(p(lambda *_: self.send(vocab.Dock(float(dock.scrollHeight or 0)))))
            observer.observe(dock)
            self.dock_watch = (observer, dock)     # a restart asks for the dock's height again

    def resized(self):
        el = self.document.documentElement
        self.send(vocab.Resize(float(el.clientWidth or self.window.innerWidth),
                               float(el.clientHeight or self.window.innerHeight)))

    def on_assist_button(self, ev):
        self.send(vocab.AssistButton(str(ev.currentTarget.dataset.assist)))

    def on_button(self, ev):
        self.send(vocab.Button(str(ev.currentTarget.dataset.action)))

    def _dialog_open(self):
        return self.dialogs.busy()


