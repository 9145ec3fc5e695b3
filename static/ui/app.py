"""The game page: boot, and the wiring between the modules.

    DOM event -> input / dialogs / routing turn it into an action -> App.dispatch -> the controller
    (static/ui/controller.py) changes the game and the UI state and lists effects -> App runs the
    effects (save, say, shake, a notice, a dialog, the hash) -> the renderer draws (game, ui state)
    at the next animation frame.

Handlers are wrapped (`guard`) so that a Python error never reaches the player as a traceback: it is
logged to the console and the board is drawn again from the engine's state.
"""

from __future__ import annotations

import traceback

from canfield import Game
from js import console, document, navigator, window
from pyodide.ffi import create_once_callable, create_proxy

from .a11y import Announcer
from .controller import NOTICE_MS, Button, Controller, FinishStep, Resize
from .counters import Counters
from .celebrate import Celebration
from .choices import fill_select, language_options, offered_names, rules_options
from .dialogs import Dialogs
from .early import Snapshots, first_deal, replay, unpaint
from .hint import Assist
from .i18n import LANGUAGE_NAMES, LANGUAGES, Translator, pick_language
from .input import Input
from .layout import compute
from .persist import Keeper, Store
from .render import SLIDE_MS, Renderer
from .routing import Router
from .sound import Sound
from .state import route_hash, visible_cards
from .stats_view import StatsView
from .view import column_lengths

STORAGE_NOTICE_MS = 12000  # a saved game or statistics set aside: long enough to be read
WRITES = ("changed", "hash", "save_settings", "new_record")   # effects that write storage or the address


class App:
    def __init__(self):
        self.store = Store.local()  # localStorage, every access wrapped (refused or full: nothing kept)
        self.keeper = Keeper(self.store)
        # None where storage is refused (private mode): defaults; a bad record is set aside, with a notice
        self.settings = self.keeper.load_settings(offered_names())
        self.router = Router(self.dispatch)
        browser = list(navigator.languages or []) + [navigator.language]
        self.lang = pick_language(self.router.query("lang"), self.settings.lang, *browser)
        self.t = Translator(self.lang)
        self.proxies = {}
        self.notice_timer = None
        self.root = document.getElementById("game")
        self.controller = None
        self.renderer = None
        self.input = None
        self.assist = None        # the solver: hints, winnable and daily deals (static/ui/hint.py)
        self.stats_view = None
        self.counters = None
        self.dialogs = Dialogs(self)
        self.announcer = Announcer(document.getElementById("announce"))
        self.sound = Sound(self.settings.sound)   # off by default (static/ui/sound.py)
        self._layout = None
        self._layout_key = None
        self.coarse = False
        self.celebration = Celebration(self)   # the win cascade (static/ui/celebrate.py)
        self._next_step = None                  # (ms, seq) of the auto-finish's next move, set when drawn
        self._later = []          # what a new deal defers until its first frame is drawn (`settle`)
        self._queued = []         # actions for the task after the next frame (`dispatch_after_frame`)
        self._settle_timer = None
        self.reduced_query = window.matchMedia("(prefers-reduced-motion: reduce)")

    # ---- start ------------------------------------------------------------------------

    def start(self):
        self.renderer = Renderer(self.proxy("frame", self._on_frame), self.proxy("slid", self._on_slid),
                                 self.proxy("undeny", lambda: self.renderer.undeny()))
        self.snapshots = Snapshots(self)  # the board kept for the next visit (static/ui/early.py)
        self.apply_texts()
        self.apply_settings()

        code = self.router.code()
        what, named = route_hash(code, None)
        bad_code = code if what == "refuse" else ""
        if bad_code:  # an invalid code in the address: resume the saved game as if there were none
            console.warn(f"Canfield: deal code {code[:120]!r} rejected")
            code = ""
        saved = self.keeper.boot(code)  # the saved game if the address names no other deal
        notice = None
        if saved is not None:
            game = saved
        elif named is not None:
            game = named
        else:  # the deal static/paint.js put on screen on a first visit, else a fresh one
            game = first_deal(self.settings) or self._fresh_game()
        if bad_code:
            kept = saved is not None
            notice = self.t("notice.invalid_code_kept" if kept else "notice.invalid_code", code=bad_code[:120])
        self.controller = Controller(game, self.settings, self.t, self.lang)
        self.input = Input(self)
        self.assist = Assist(self)
        self.stats_view = StatsView(self)
        self.counters = Counters(self)   # #moves and #clock (static/ui/counters.py)
        self.controller.put(game, push=False, deal=False)   # the board is already on screen: no deal flight
        self._sync_motion()
        self._viewport()
        self._run(self.controller.take_effects())
        self._bind()
        self.stats_view.bind(self.proxy)
        self.counters.bind(self.proxy)   # the clock pauses while the page is hidden
        self.snapshots.bind()            # after: the snapshot names the game as saved when the page goes
        texts = ([notice] if notice else []) + [self.t(k) for k in self.keeper.notices]
        if texts:
            self.notice(" ".join(texts), STORAGE_NOTICE_MS if self.keeper.notices else NOTICE_MS)
        self.keeper.ready()
        for name in ("new", "settings", "rules"):
            self.renderer.buttons[name].disabled = False
        unpaint(self.root)  # the painted board goes in the same task as the first drawing: no frame between
        self._on_frame()
        self.root.classList.remove("booting")
        self.root.dataset.ready = "true"
        window.canfieldBoot.done()
        replay(self)        # taps and keys kept before the game was live
        self.assist.start()  # the solver's worker boots after the game is ready
        self.renderer.keep_faces()   # every card face's image built once, in idle moments

    def _fresh_game(self):
        return Game.new(draw=self.settings.draw, rules=self.settings.rules)

    def proxy(self, name, fn):
        """A JS callback for `fn`, guarded, kept alive as long as the page."""
        proxy = create_proxy(self.guard(fn))
        self.proxies[name] = proxy
        return proxy

    def guard(self, fn):
        def run(*args):
            try:
                return fn(*args)
            except Exception:  # never a traceback on the page
                console.error("Canfield: " + traceback.format_exc())
                try:
                    self.input.cancel_drag()
                    self.controller.ui.selection = None
                    self.renderer.request()
                except Exception:
                    pass
        return run

    def _bind(self):
        board = document.getElementById("board")
        inp = self.input
        # first of the page's leaving writes (the clock's time, the snapshot): they write the game as left
        settle = self.proxy("settle", self.settle)
        window.addEventListener("pagehide", settle)
        document.addEventListener("visibilitychange", settle)
        board.addEventListener("pointerdown", self.proxy("pointerdown", inp.on_pointerdown))
        board.addEventListener("mousedown", self.proxy("mousedown", inp.on_mousedown))
        document.addEventListener("pointermove", self.proxy("pointermove", inp.on_pointermove))
        document.addEventListener("pointerup", self.proxy("pointerup", inp.on_pointerup))
        document.addEventListener("pointercancel", self.proxy("pointercancel", inp.on_pointercancel))
        document.addEventListener("keydown", self.proxy("keydown", inp.on_keydown))
        board.addEventListener("focusin", self.proxy("focusin", inp.on_focusin))
        board.addEventListener("contextmenu", self.proxy("contextmenu", lambda ev: ev.preventDefault()))
        window.addEventListener("hashchange", self.proxy("hashchange", self.router.on_hashchange))
        window.addEventListener("storage", self.proxy("storage", self._on_storage))
        self.reduced_query.addEventListener("change", self.proxy("reduced-motion", lambda *_: self._sync_motion()))
        resized = self.proxy("resize", lambda *_: self._viewport())
        window.addEventListener("resize", resized)
        window.addEventListener("orientationchange", resized)
        for btn in document.querySelectorAll("[data-action]"):
            btn.addEventListener("click", self.proxy(f"action-{btn.dataset.action}", self._on_action))
        self.dialogs.bind(self.proxy)
        close = document.querySelector("#notice [data-notice-close]")
        if close:
            close.addEventListener("click", self.proxy("notice-close", self._hide_notice))

    def _on_action(self, ev):
        self.dispatch(Button(ev.currentTarget.dataset.action))

    # ---- the one path from an action to the screen --------------------------------------

    def dispatch(self, action):
        self.controller.dispatch(action)
        self._run(self.controller.take_effects())
        self.renderer.request()

    def dispatch_after_frame(self, action):
        """Dispatch `action` in the task after the next frame. A dialog button that deals: the dialog is
        drawn closed first (a style pass over the whole page, the page being inert no more), and the
        deal gets a frame of its own; one frame holding both took twice the budget."""
        self._queued.append(action)
        if len(self._queued) == 1:
            if "queued" not in self.proxies:
                self.proxy("queued", self._run_queued)
                self.proxy("queued-frame", lambda *_: window.setTimeout(self.proxies["queued"], 0))
            window.requestAnimationFrame(self.proxies["queued-frame"])

    def _run_queued(self, *_):
        actions, self._queued = self._queued, []
        for action in actions:
            self.dispatch(action)

    def _run(self, effects):
        c = self.controller
        # A new deal not drawn yet: its first frame holds the drawing and the flights only; the address
        # and the storage writes it asks for wait until that frame is drawn (`settle`). The bookkeeping
        # (statistics, clock) is done now, so that frame's counters are right.
        defer = self.renderer is not None and c.ui.deal_seq != self.renderer.drawn_deal
        if not defer and self._later and any(e[0] in WRITES for e in effects):
            self.settle()             # what a deal deferred is written before what this action writes
        if defer and not self.keeper.deferring:
            self.keeper.defer_writes()
            self._later.append(self.keeper.write_deferred)
        for effect in effects:
            kind, args = effect[0], effect[1:]
            if kind == "changed":
                self.input.cancel_drag()      # a key or a hash change in mid-drag: the drag ends here
                self.assist.changed()         # a hint for the old position goes
                try:
                    self.keeper.after_action(c.game)  # count for the statistics, then save the game
                except Exception:  # keeping the game must never stop it
                    console.error("Canfield: saving failed: " + traceback.format_exc())
                if self.stats_view is not None:
                    self.stats_view.refresh()
            elif kind == "say":
                self.announcer.say(args[0])
            elif kind == "shake":
                pile, count = args
                codes = visible_cards(c.game)[pile]
                self.renderer.shake(pile, codes[len(codes) - count:] if codes else ())
            elif kind == "notice":
                self.notice(*args)
            elif kind == "dialog":
                self.input.cancel_drag()
                self.dialogs.open(args[0])
            elif kind == "close_dialogs":
                self.dialogs.close_all()
            elif kind == "confirm":
                self.input.cancel_drag()
                self.dialogs.confirm(args[0])
            elif kind == "hash":
                if defer:
                    self._later.append(lambda code=args[0], push=args[1]: self.router.write(code, push))
                else:
                    self.router.write(args[0], args[1])
            elif kind == "deal":
                self.assist.new_deal(*args)   # a winnable deal when that setting is on
            elif kind == "daily":
                self.assist.daily(*args)
            elif kind == "hint":
                self.assist.request_hint()
            elif kind == "copy":
                self.copy_link(args[0])
            elif kind == "sound":
                self.sound.win() if args[0] == "win" else self.sound.move()
            elif kind == "focus":
                self.renderer.pile_element(args[0]).focus()
            elif kind == "save_settings":
                self.save_settings()
            elif kind == "new_record":
                self.keeper.restarted()
            elif kind == "layout":
                self._layout_key = None
            elif kind == "finish_step":      # the animated auto-finish: its next move `ms` after this
                self._next_step = args       # one is drawn (a slow frame never skips a card)
            elif kind == "celebrate":        # after the last card has landed
                window.setTimeout(self.proxies.get("celebrate") or self.proxy("celebrate", self._celebrate),
                                  SLIDE_MS + 40)

    # ---- motion ---------------------------------------------------------------------------

    def _sync_motion(self):
        """Motion on or off: the setting, unless the system asks for reduced motion."""
        reduced = bool(self.reduced_query.matches)
        on = self.settings.motion and not reduced
        self.root.classList.toggle("no-motion", not on)
        if self.renderer is not None:
            self.renderer.motion = on
            if not on and self.renderer.dealing():
                self.renderer.finish_deal()
        if self.controller is not None:
            self.controller.reduced_motion = reduced

    def _celebrate(self, *_):
        """The game was won by a move: the cascade, then the win dialog (at once with motion off, or
        when a dialog is open)."""
        c = self.controller
        if not c.game.won:                   # undone meanwhile
            return
        if not c.motion or self.busy():
            self.dialogs.open("win")
            return
        self.input.cancel_drag()
        self.celebration.start([[card.code for card in pile] for pile in c.game.foundations], self._celebrated)

    def _celebrated(self):
        if self.controller.game.won and not self.busy():
            self.dialogs.open("win")

    def _on_frame(self, *_):
        if self.controller is None:
            return
        c = self.controller
        self.renderer.draw(c.game, c.ui, self.layout, self.t, self.lang)
        if self.counters is not None:
            self.counters.draw(c.game)
        self.snapshots.drawn()
        if self._later and self._settle_timer is None:   # the task after this frame
            self._settle_timer = window.setTimeout(self.proxies["settle"], 0)
        if self._next_step is not None:
            (ms, seq), self._next_step = self._next_step, None
            tick = create_once_callable(self.guard(lambda *_: self.dispatch(FinishStep(seq))))
            window.setTimeout(tick, ms)

    def settle(self, *_):
        """Run, in order, what a new deal deferred until its first frame (the address, the storage
        writes): in the task after that frame, or before anything that must come after them: an action
        that writes, the page hidden or left, a snapshot. Never lost, never out of order."""
        if self._settle_timer is not None:
            window.clearTimeout(self._settle_timer)
            self._settle_timer = None
        jobs, self._later = self._later, []
        for job in jobs:
            try:
                job()
            except Exception:  # keeping the game must never stop it
                console.error("Canfield: deferred write failed: " + traceback.format_exc())

    def _on_slid(self, ev):
        el = ev.target.effect.target
        el.classList.remove("moving")
        el.classList.remove("flip")

    def _viewport(self):
        self.coarse = bool(window.matchMedia("(pointer: coarse)").matches)   # touch only: no keys help line
        el = document.documentElement
        self.dispatch(Resize(float(el.clientWidth or window.innerWidth), float(el.clientHeight or window.innerHeight)))

    @property
    def layout(self):
        """The geometry for the window and the columns now (static/ui/layout.py), cached."""
        c = self.controller
        w, h = c.ui.viewport
        coarse = self.coarse
        key = (w, h, column_lengths(c.game), c.game.draw, self.settings.large_cards, coarse)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = compute(w, h, key[2], draw=key[3], large=key[4], coarse=coarse)
        return self._layout

    def busy(self):
        return self.dialogs.busy()

    def refocus(self):
        """A dialog closed: the keyboard goes back to the board's current pile."""
        if self.controller is not None:
            self.renderer.pile_element(self.controller.ui.focus).focus()

    def say(self, text):
        self.announcer.say(text)

    # ---- texts and settings -------------------------------------------------------------

    def apply_texts(self):
        t = self.t
        document.documentElement.lang = self.lang
        for el in document.querySelectorAll("[data-t]"):
            el.textContent = t(el.dataset.t)
        for el in document.querySelectorAll("[data-t-label]"):
            el.setAttribute("aria-label", t(el.dataset.tLabel))
            if el.tagName == "BUTTON":
                el.title = t(el.dataset.tLabel)
        for el in document.querySelectorAll("[data-t-title]"):
            el.title = t(el.dataset.tTitle)
        fill_select(document.getElementById("rules-select"), rules_options(t))
        fill_select(document.getElementById("lang-select"), language_options())
        self.renderer.relabel(t)

    def set_language(self, lang):
        self.lang = lang if lang in LANGUAGES else self.lang
        self.t = Translator(self.lang)
        self.controller.set_language(self.t, self.lang)
        self.apply_texts()
        self.renderer.request()
        self.say(self.t("a11y.language", name=LANGUAGE_NAMES[self.lang]))

    def apply_settings(self):
        """The settings' look classes on #game (four colours, large cards, theme, card back, table), and
        the sound on or off."""
        for name, on in self.settings.look_classes().items():
            self.root.classList.toggle(name, on)
        self.sound.enabled = self.settings.sound
        self._sync_motion()
        if self.controller is not None:
            self.renderer.request()

    def save_settings(self):
        self.keeper.save_settings(self.settings)  # full, refused or held: the game still plays

    def _on_storage(self, ev):
        """Another page of the game wrote to localStorage (the `storage` event)."""
        if self.keeper.on_storage(ev.key, ev.newValue) == "stats" and self.stats_view is not None:
            self.stats_view.refresh()

    # ---- notices and the link -----------------------------------------------------------

    def notice(self, text, ms=NOTICE_MS):
        el = document.getElementById("notice")
        el.querySelector(".notice-text").textContent = text
        el.hidden = False
        if self.notice_timer is not None:
            window.clearTimeout(self.notice_timer)
        self.notice_timer = window.setTimeout(self.proxies.get("hide_notice") or self.proxy(
            "hide_notice", self._hide_notice), ms)

    def _hide_notice(self, *_):
        document.getElementById("notice").hidden = True
        self.notice_timer = None

    def copy_link(self, code):
        url = self.router.link(code)
        ok = create_once_callable(lambda *_: self.notice(self.t("notice.copied")))
        bad = create_once_callable(lambda *_: self.notice(self.t("notice.copy_failed", url=url)))
        try:
            navigator.clipboard.writeText(url).then(ok, bad)
        except Exception:
            self.notice(self.t("notice.copy_failed", url=url))
