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

It holds no rule and no layout arithmetic. Runs under MicroPython, and imports under CPython too
(tests/test_page_layer.py calls its pure functions, `start_message`, `with_seconds`, `stored_message` and
`translate`; the `Layer` itself is driven only by the browser tests): it reaches the browser only through
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
from shared.counters import clock_text, next_tick_ms
from shared.keymap import key_command
from shared.storage_keys import PAGE_READ_MAX_CHARS, SAVE_KEY, SETTINGS_KEY, STATS_KEY
from shared.table import code_from_hash

DRAG_THRESHOLD = 6        # px before a press becomes a drag (a tap may wobble a little)
FRAME_MS = 16             # a frame's time at 60 Hz: a view that comes this long after the last drawing is drawn at once
MAX_BATCH = 64            # the most queued messages sent in one round trip (static/worker/session.py's)
STORAGE_KEYS = (SAVE_KEY, STATS_KEY, SETTINGS_KEY)
# The longest address hash read here: a link of megabytes would not fit MicroPython's heap. A hash cut to
# this length is still over three times canfield.links.MAX_LENGTH, so it reads as no code and no link.
HASH_MAX_CHARS = 65536


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


def with_seconds(text, seconds):
    """The saved game's text `text` with the clock's time `seconds` in it (its "seconds", to the tenth as
    the records write it), or None when `text` is no saved game with a time or holds that time already:
    what the page writes by itself when it is left, since the worker's answer to `Leave` may never arrive."""
    if not text or "\\ud" in text or "\\uD" in text:   # an escaped surrogate: MicroPython's json reads
        return None                                      # a pair as two characters; left to the worker
    try:
        record = json.loads(text)
    except Exception:
        return None
    if type(record) is not dict or type(record.get("seconds")) not in (int, float):
        return None
    seconds = round(float(seconds), 1)
    if seconds == record["seconds"]:      # the time it holds: the text stays as the worker wrote it
        return None
    record["seconds"] = seconds
    try:
        return json.dumps(record)
    except Exception:   # MicroPython's heap refused it: the worker's own save stands
        return None


def stored_message(key, value):
    """The `Stored` value for another page's write of `key` (the `storage` event), or None when the key is
    not the game's (or `key` is None: that page cleared the whole storage, which leaves this one as it is)."""
    if key not in STORAGE_KEYS:
        return None
    return vocab.Stored(key, value if isinstance(value, str) else None)


def translate(messages, key, **values):
    """A message of the worker's table, its {placeholders} filled (the key itself when the table has none)."""
    text = messages.get(key, key)
    for name in values:
        text = text.replace("{" + name + "}", str(values[name]))
    return text


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


class Layer:
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

    # ---- the worker ---------------------------------------------------------------------------

    def connect(self, worker):
        """The worker is ready: the `Start`, then whatever the player did meanwhile."""
        self.worker = worker
        w = self.window
        el = self.document.documentElement
        langs = w.navigator.languages
        languages = [str(langs[i]) for i in range(langs.length)] if langs else []
        languages.append(str(w.navigator.language or ""))
        paint = w.canfieldPaint
        painted = str(paint.firstDeal) if paint.firstDeal else ""
        query = paint.queryLang()
        dock = self.document.getElementById("dock")
        kept = paint.take() if getattr(paint, "take", None) is not None else None
        kept = str(kept) if kept is not None and str(kept) not in ("", "[]") else ""   # played with the Start
        text = start_message(el.clientWidth or w.innerWidth, el.clientHeight or w.innerHeight, self.address_hash(),
                             str(query) if query else "", languages, painted,
                             w.matchMedia("(pointer: coarse)").matches,
                             w.matchMedia("(prefers-reduced-motion: reduce)").matches,
                             (dock.scrollHeight or 0) if dock is not None else 0, kept)
        self.start_text = text
        self.queue.insert(0, text)
        self._wait_push()
        self.saved = self.storage_get(SAVE_KEY)
        if str(self.document.visibilityState) == "hidden":   # opened in a tab behind: no clock yet
            self.hidden = True
            self.queue.insert(1, vocab.encode(vocab.Visibility(True)))
        self._next()

    def _wait_push(self):
        """Keep one call open for what the worker answers on its own (a hint found by its solver)."""
        self.worker.next_push().then(self._pushed, self._push_failed)

    def on_push(self, text):
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
        if not opened and data is not None and data.get("name") == "stats" and self.dialogs.el["stats"].open:
            self.dialogs.fill_stats(data)      # the answer to a StatsAsk: the open dialog shows it
        if not opened and data is not None and data.get("name") == "win" and self.dialogs.el["win"].open:
            self.dialogs.open("win", data)     # the solver's grade came: the open dialog shows it
            opened = True
        if self.win_wanted:
            self.win_wanted = False
            if not opened and data is not None and data.get("name") == "win" and not self._dialog_open():
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
            self.replay_bar.sync(answer.replay.get("bar"))
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

    def later(self, ms, action):
        self.window.setTimeout(self.proxy(lambda *_: self.send(action)), ms)

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

    # ---- the move counter and the game clock (the worker counts; the clock ticks here) ------------

    def apply_counters(self, counters):
        self.counters = counters
        self.seconds = float(counters.seconds)
        self.clock_at = float(self.window.performance.now())
        d = self.document
        for name in ("moves", "clock"):
            box = d.getElementById(name + "-box")
            shown = counters.show_moves if name == "moves" else counters.show_clock
            if box is not None and bool(box.hidden) == shown:
                box.hidden = not shown
        moves = d.getElementById("moves")
        text = counters.moves or "0"
        if moves is not None and str(moves.textContent) != text:
            moves.textContent = text
        self.tick()

    def clock_seconds(self):
        """The clock's seconds now: the worker's, plus the time since they came while it runs."""
        c = self.counters
        if c is None:
            return 0.0
        seconds = self.seconds
        if c.running and not self.hidden:
            seconds += max(0.0, (float(self.window.performance.now()) - self.clock_at) / 1000.0)
        return seconds

    def tick(self, *_):
        """The clock's text; while it runs and is shown, again when that text changes (one timer)."""
        if self.clock_timer is not None:
            self.window.clearTimeout(self.clock_timer)
            self.clock_timer = None
        c = self.counters
        if c is None:
            return
        seconds = self.clock_seconds()
        text = clock_text(seconds)
        if text != self.clock_shown:
            self.clock_shown = text
            el = self.document.getElementById("clock")
            if el is not None:
                el.textContent = text
        if c.running and c.show_clock and not self.hidden:
            self.clock_timer = self.window.setTimeout(self._tick, next_tick_ms(seconds))

    def on_visibility(self, *_):
        """Hidden: the clock stops here, its time goes into the saved game at once (as far as the page
        can) and the worker pauses its clock and saves; shown: both go on."""
        hidden = str(self.document.visibilityState) == "hidden"
        if hidden == self.hidden:
            return
        if hidden:
            self._freeze()
            self.write_leaving()
        else:
            self.hidden = False
            self.clock_at = float(self.window.performance.now())
            self.tick()
        self.send(vocab.Visibility(hidden))

    def on_pagehide(self, *_):
        """The page is left: the clock's time into the saved game now (the answer to `Leave` may never
        come), and the worker's own save (written if its answer arrives)."""
        self.write_leaving()
        self.send(vocab.Leave())

    def on_storage(self, ev):
        """Another page of the game wrote localStorage: the worker merges what it must."""
        got = self.window.canfieldPaint.storageEvent(ev, PAGE_READ_MAX_CHARS)   # bounded, as a read
        if got is None:
            return
        message = stored_message(str(got[0]), str(got[1]) if got[1] is not None else None)
        if message is not None:
            self.send(message)

    def _freeze(self):
        if self.counters is not None:
            self.seconds = self.clock_seconds()
        self.hidden = True
        self.tick()

    def write_leaving(self):
        text = with_seconds(self.saved, self.clock_seconds()) if self.counters is not None else None
        if text is not None and text != self.saved:
            self.saved = text
            if not self.window.canfieldPaint.resave(text):   # the snapshot naming it follows (static/paint.js)
                self.window.console.warn("Canfield: could not write canfield.save")

    # ---- storage (every access may be refused: private mode, a full quota) ------------------------

    def storage_get(self, key):
        """localStorage's text for `key`, through static/paint.js (None: absent, refused, or longer than
        PAGE_READ_MAX_CHARS, which this page's MicroPython never holds)."""
        value = self.window.canfieldPaint.read(key, PAGE_READ_MAX_CHARS)
        return None if value is None else str(value)

    def address_hash(self):
        """The address's hash, at most HASH_MAX_CHARS of it (static/paint.js)."""
        return str(self.window.canfieldPaint.addressHash(HASH_MAX_CHARS))

    def storage_set(self, key, text):
        """Write (or, for None, remove) `key` through static/paint.js, which catches what storage throws:
        refused or full, the game plays on (the worker keeps its records in memory)."""
        paint = self.window.canfieldPaint
        done = paint.remove(key) if text is None else paint.write(key, text)
        if not done:
            self.window.console.warn("Canfield: could not write " + key)

    # ---- effects: what only the page can do --------------------------------------------------------

    def perform(self, e):
        kind = e.kind
        if kind == "say":
            self.announcer.say(e.text)
        elif kind == "notice":
            if self.notice_timer is not None:
                self.window.clearTimeout(self.notice_timer)
            seq = e.seq
            self.notice_timer = self.window.setTimeout(
                self.proxy(lambda *_: self.send(vocab.HideNotice(seq))), e.ms)
        elif kind == "hash":
            self._write_hash(e.code, e.push)
        elif kind == "focus":             # the worker moved the cursor there: it knows, no Focus goes back
            self.focusing = e.pile
            try:
                self.renderer.pile_element(e.pile).focus()
            finally:
                self.focusing = None
        elif kind == "shake":
            self._shake(e.pile, e.count)
        elif kind == "finish_step":
            self.after_frame.append((e.ms, vocab.FinishStep(e.seq)))
        elif kind == "replay_step":
            self.later(e.ms, vocab.ReplayTick(e.seq))
        elif kind == "copy":
            self._copy(self._link(e.code), "notice.copied", "notice.copy_failed")
        elif kind == "share":
            self._share(e.link, e.text)
        elif kind == "sound":
            if e.what == "win":
                self.sound.win()
            else:
                self.sound.move()
        elif kind == "dialog":
            data = self.dialog_data
            self.dialogs.open(e.name, data if data is not None and data.get("name") == e.name else None)
        elif kind == "close_dialogs":
            self.dialogs.close_all()
        elif kind == "confirm":
            self.dialogs.confirm(e.text)
        elif kind == "celebrate":     # the game won by a move: once the last card landed, the cascade
            data = self.dialog_data
            self.window.setTimeout(self.proxy(lambda *_: self.celebrate(data)),
                                   (self.render_module.SLIDE_MS if self.render_module is not None else 160) + 40)

    # ---- the win cascade (static/page/celebrate.py, the worker's plan) ----------------------------------

    def celebrate(self, data):
        """The last card landed: the cascade (the worker's CelebrationStart draws it), or at once the win
        dialog when motion is off, a dialog is open or the page has no cascade."""
        if self.renderer.motion and not self._dialog_open() and self.renderer.celebration is not None:
            self.send(vocab.CelebrationStart())
        else:
            self.dialogs.open("win", data)

    def celebration_tap(self):
        """A tap on the cascade's layer: it ends (the view says so, the renderer ends it)."""
        self.send(vocab.CelebrationEnd())

    def celebrated(self):
        """The cascade is over (its last card gone, or a tap or key ended it): the worker's answer brings
        the win dialog if the game is still won, opened unless another dialog is."""
        self.win_wanted = True
        self.send(vocab.CelebrationEnd())

    def named_proxy(self, name, fn):
        """One JS callback per name, kept (static/page/celebrate.py asks for them by name)."""
        if name not in self.proxies:
            self.proxies[name] = self.proxy(fn)
        return self.proxies[name]

    def celebrating(self):
        last = self.renderer.last
        return last is not None and bool(last["celebration"]["on"])

    def _write_hash(self, code, push):
        if code_from_hash(self.address_hash()) == code and not push:
            return
        if push:
            self.window.location.hash = code
        else:
            self.window.history.replaceState(None, "", "#" + code)

    def _link(self, code):
        return str(self.window.canfieldPaint.pageBase()) + "#" + code

    def _shake(self, pile, count):
        last = self.renderer.last
        codes = list(last["piles"][pile]["cards"]) if last is not None and pile in last["piles"] else []
        self.renderer.shake(pile, codes[len(codes) - count:] if codes and count else ())

    def _copy(self, url, ok_key, bad_key):
        def ok(*_):
            self.send(vocab.ShowNotice(self.t(ok_key)))

        def bad(*_):
            self.send(vocab.ShowNotice(self.t(bad_key, url=url)))
        try:
            self.window.navigator.clipboard.writeText(url).then(self.proxy(ok), self.proxy(bad))
        except Exception:   # no clipboard: the link is shown to copy by hand
            bad()

    def _share(self, link, text):
        url = self._link(link)
        share = getattr(self.window.navigator, "share", None)
        if share is None:
            self._copy(url, "notice.shared", "notice.share_failed")
            return

        def refused(err):   # the player closed the share sheet: nothing; any other failure copies
            if str(getattr(err, "name", "")) != "AbortError":
                self._copy(url, "notice.shared", "notice.share_failed")
        data = self.window.Object.new()
        data.title, data.text, data.url = "Canfield", text, url
        try:
            self.window.navigator.share(data).then(self.proxy(lambda *_: None), self.proxy(refused))
        except Exception:
            self._copy(url, "notice.shared", "notice.share_failed")

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
