"""The game page's start-up and wiring: it builds the modules, hands each the narrow interface it needs
(`dispatch` and a read-only `PageView`, never this object), fills the effect table, and binds the events.

    DOM event -> input / dialogs / routing / the solver turn it into an action -> `Page.dispatch` ->
    the controller (static/ui/controller.py) changes the game and the UI state and lists effects ->
    the effect table (static/ui/effects.py) runs them (save, say, shake, a notice, a dialog, the hash)
    -> the renderer draws (game, ui state) at the next animation frame.

Handlers are guarded (static/ui/events.py) so that a Python error never reaches the player as a
traceback: it is logged to the console and the board is drawn again from the engine's state.
"""

from __future__ import annotations

from canfield import Game, links
from canfield.stats import key as stats_key
from js import document, navigator, window
from pyodide.ffi import create_once_callable, to_js

from .announce import Announcer
from .celebrate import Celebration
from .choices import fill_select, language_options, offered_names, rules_groups
from . import render
from .controller import Controller
from .counters import Counters
from .dialogs import Dialogs
from .early import Snapshots, first_deal, replay, take, unpaint
from .effects import Effects, records_handlers
from .events import Events
from .hint import SolverClient
from .i18n import Translator, pick_language
from .input import Input
from .layout import compute, counts_for
from .persist import Records, Store
from .motion import speed_factor
from .render import SLIDE_MS, Renderer
from .handle_replays import bar_state
from .replay import ReplayBar
from .routing import Router
from .scene import scene
from .snapshot import take_shown
from .sound import Sound
from .state import motion_on
from .table import route_hash, visible_cards
from .stats_view import StatsView
from .view import column_lengths
from .vocab import (
    NOTICE_MS, ApplySettings, AskAnalysis, AskDaily, AskDeal, AskHint, AskLine, Button, Celebrate, CelebrationEnd,
    CelebrationStart, Changed, CloseDialogs, Confirm, CopyLink, Dock, FinishStep, FinishTimer, FocusPile, HashChanged,
    HideNotice, LanguageChanged, MotionChanged, MotionPreference, NoticeShown, OpenDialog, PlaySound, Recover,
    Relayout, ReplayChanged, ReplayTick, ReplayTimer, Resize, Say, Shake, Share, ShowNotice, SolverWanted, WriteHash,
)

STORAGE_NOTICE_MS = 12000  # a saved game or statistics set aside: long enough to be read


class PageView:
    """What the page's modules may read, and nothing they may change: the game and the UI state on the
    table, the settings, the language, the layout, whether a dialog is open."""

    def __init__(self, page):
        self._page = page

    @property
    def game(self):
        return self._page.controller.game

    @property
    def ui(self):
        return self._page.controller.ui

    @property
    def settings(self):
        c = self._page.controller
        return c.settings if c is not None else self._page.boot_settings

    @property
    def t(self):
        return self._page.controller.t

    @property
    def lang(self):
        return self._page.controller.lang

    @property
    def layout(self):
        return self._page.layout

    @property
    def resting_layout(self):
        return self._page.resting_layout

    @property
    def coarse(self) -> bool:
        return self._page.coarse

    def busy(self) -> bool:
        return self._page.dialogs.busy()


class Page:
    def __init__(self):
        self.store = Store.local()  # localStorage, every access wrapped (refused or full: nothing kept)
        self.records = Records(self.store)
        # defaults where storage is refused (private mode); a bad record is set aside, with a notice
        self.boot_settings = self.records.load_settings(offered_names())
        self.router = Router(self.dispatch)
        browser = list(navigator.languages or []) + [navigator.language]
        lang = pick_language(self.router.query("lang"), self.boot_settings.lang, *browser)
        self.boot_t = Translator(lang)
        self.boot_lang = lang
        self.events = Events(on_error=self._recover)
        self.view = PageView(self)
        self.effects = Effects(self.records)
        self.notice_timer = None
        self.root = document.getElementById("game")
        self.controller = None
        self.renderer = None
        self.input = None
        self.solver = None
        self.stats_view = None
        self.counters = None
        self.dialogs = Dialogs(self.dispatch, self.dispatch_after_frame, self.view, self.records)
        self.announcer = Announcer(document.getElementById("announce"))
        self.sound = Sound(self.boot_settings.sound)   # off by default (static/ui/sound.py)
        self._layout = None
        self._layout_key = None
        self.coarse = False
        self._next_step = None                  # (ms, seq) of the auto-finish's next move, set when drawn
        self._queued = []         # actions for the task after the next frame (`dispatch_after_frame`)
        self._write_timer = None  # the task after a new deal's first frame, that writes what it deferred
        self.reduced_query = window.matchMedia("(prefers-reduced-motion: reduce)")

    # ---- start ------------------------------------------------------------------------

    def start(self):
        proxy = self.events.proxy
        self.renderer = Renderer(proxy("frame", self._on_frame), proxy("slid", self._on_slid),
                                 proxy("undeny", lambda: self.renderer.undeny()))
        # a casino game's running balance, as its statistics keep it (shown beside the score)
        self.balance_of = lambda game: self.records.stats.table(stats_key(game.rules, game.draw)).get("balance")
        # the win cascade (static/ui/celebrate.py), drawn by the renderer while UIState.celebrating
        self.renderer.celebration = Celebration(self.renderer, proxy, lambda: self.dispatch(CelebrationEnd()),
                                                self._celebrated)
        self.snapshots = Snapshots(self.view, self.records, self.renderer, proxy, self.write_deferred)
        self._apply_texts(self.boot_t, self.boot_lang)
        self._apply_look(self.boot_settings)

        code = self.router.code()
        link_text = ""
        if links.is_link(code):   # a game link: the saved game boots first, then the link opens (or is refused)
            link_text, code = code, ""
        what, named = route_hash(code, None)
        bad_code = code if what == "refuse" else ""
        if bad_code:  # an invalid code in the address: resume the saved game as if there were none
            window.console.warn(f"Canfield: deal code {code[:120]!r} rejected")
            code = ""
        saved = self.records.boot(code)  # the saved game if the address names no other deal
        notice = None
        if saved is not None:
            game = saved
        elif named is not None:
            game = named
        else:  # the deal static/paint.js put on screen on a first visit, else a fresh one
            game = first_deal(self.boot_settings) or Game.new(draw=self.boot_settings.draw,
                                                              rules=self.boot_settings.rules)
        if bad_code:
            kept = saved is not None
            notice = self.boot_t("notice.invalid_code_kept" if kept else "notice.invalid_code", code=bad_code[:120])
        self.controller = Controller(game, self.boot_settings, self.boot_t, self.boot_lang)
        self.controller.reduced_motion = bool(self.reduced_query.matches)
        self.input = Input(self.dispatch, self.view, self.renderer)
        self.solver = SolverClient(self.dispatch, self.view, self.announcer.say, self.events.guard)
        self.solver.close_dialogs = self.dialogs.close_all
        self.solver.note_insight = self.records.note_insight
        self.stats_view = StatsView(self.view, self.records, self.dialogs.close_all, self.events.guard)
        self.counters = Counters(self.view, self.records)   # #moves and #clock (static/ui/counters.py)
        self.replay_bar = ReplayBar(self.dispatch)
        self._fill_effects()
        self.controller.show_game(game, push=False, deal=False)   # the board is already on screen: no flight
        self._apply_motion()
        self._viewport()
        self._run(self.controller.take_effects())
        self._bind()
        texts = ([notice] if notice else []) + [self.view.t(k) for k in self.records.notices]
        if texts:
            self.notice(" ".join(texts), STORAGE_NOTICE_MS if self.records.notices else NOTICE_MS)
        self.records.ready()
        for name in ("new", "settings", "rules"):
            self.renderer.buttons[name].disabled = False
        # the first tap on the stock, if the painter showed what it makes: played before the first drawing
        shown, kept = take_shown(take())
        replay(self.view, self.dispatch, shown)
        unpaint(self.root)  # the painted board goes in the same task as the first drawing: no frame between
        self._on_frame()
        self.root.classList.remove("booting")
        self.root.dataset.ready = "true"
        window.canfieldBoot.done()
        replay(self.view, self.dispatch, kept)   # the other taps and keys kept before the game was live
        if link_text:
            self.dispatch(HashChanged(link_text))
        self.solver.start()                # the solver's worker boots after the game is ready
        self.renderer.keep_faces()         # every card face's image built once, in idle moments

    def _fill_effects(self):
        """The effect table: which small handler runs each kind of effect, in this order. A handler
        receives the effect value (static/ui/vocab.py)."""
        on = self.effects.on
        solver = self.solver
        on(Changed, lambda _: solver.changed())           # a hint for the old position goes
        records_handlers(self.effects, self.records, self.view)
        on(Changed, lambda _: self.stats_view.refresh())
        on(Say, lambda e: self.announcer.say(e.text))
        on(Shake, self._shake)
        on(NoticeShown, self._notice_timer)
        on(OpenDialog, self._open_dialog)
        on(CloseDialogs, lambda _: self.dialogs.close_all())
        on(Confirm, lambda e: self.dialogs.confirm(e.text))
        on(WriteHash, lambda e: self.router.write(e.code, e.push))
        on(AskDeal, lambda e: solver.new_deal(e.draw, e.rules))    # a winnable deal when that setting is on
        on(AskDaily, lambda e: solver.daily(e.draw, e.rules))
        on(AskHint, lambda _: solver.request_hint())
        on(AskAnalysis, lambda _: solver.analyse())
        on(SolverWanted, lambda _: solver.warm_up())
        on(CopyLink, lambda e: self.copy_link(e.code))
        on(PlaySound, lambda e: self.sound.win() if e.what == "win" else self.sound.move())
        on(FocusPile, lambda e: self.renderer.pile_element(e.pile).focus())
        on(Relayout, self._layout_changed)
        on(FinishTimer, self._set_next_step)
        on(Celebrate, self._celebrate_soon)
        on(ApplySettings, lambda _: self._apply_look(self.view.settings))
        on(MotionChanged, lambda _: self._apply_motion())
        on(LanguageChanged, lambda _: self._apply_texts(self.view.t, self.view.lang))
        # replays, Share and "Show me how" (issue 20)
        def replay_bar(_):
            self.replay_bar.sync(bar_state(self.view.ui, self.view.game, self.view.t))
        on(ReplayChanged, replay_bar)
        on(Changed, replay_bar)
        on(LanguageChanged, replay_bar)
        on(ReplayTimer, self._replay_step)
        on(AskLine, lambda _: solver.request_line())
        on(Share, lambda e: self.share(e.link, e.text))

    def _bind(self):
        ev = self.events
        inp = self.input
        board = document.getElementById("board")
        ev.listen(board, "pointerdown", "pointerdown", inp.on_pointerdown)
        ev.listen(board, "mousedown", "mousedown", inp.on_mousedown)
        ev.listen(document, "pointermove", "pointermove", inp.on_pointermove)
        ev.listen(document, "pointerup", "pointerup", inp.on_pointerup)
        ev.listen(document, "pointercancel", "pointercancel", inp.on_pointercancel)
        ev.listen(document, "keydown", "keydown", inp.on_keydown)
        ev.listen(board, "focusin", "focusin", inp.on_focusin)
        ev.listen(board, "contextmenu", "contextmenu", lambda e: e.preventDefault())
        ev.listen(window, "hashchange", "hashchange", self.router.on_hashchange)
        ev.listen(window, "storage", "storage", self._on_storage)
        ev.listen(self.reduced_query, "change", "reduced-motion",
                  lambda *_: self.dispatch(MotionPreference(bool(self.reduced_query.matches))))
        ev.listen(window, "resize", "resize", lambda *_: self._viewport())
        ev.listen(window, "orientationchange", "resize", lambda *_: self._viewport())
        dock = document.getElementById("dock")
        if dock is not None and hasattr(window, "ResizeObserver"):
            # the hint panel and the replay bar open, close and change height in the dock: the board
            # is laid out above it (a card's index is never under a panel)
            # (its panels' own sizes: the height they ask for, even while the dock scrolls them)
            self._dock_observer = window.ResizeObserver.new(
                ev.proxy("dock", lambda *_: self.dispatch(Dock(float(dock.scrollHeight or 0)))))
            self._dock_observer.observe(dock)
            for panel in dock.children:
                self._dock_observer.observe(panel)
        for btn in document.querySelectorAll("[data-action]"):
            ev.listen(btn, "click", f"action-{btn.dataset.action}",
                      lambda e: self.dispatch(Button(e.currentTarget.dataset.action)))
        self.dialogs.bind(ev)
        self.stats_view.bind(ev)
        self.solver.bind(ev)
        ev.listen(document.querySelector("#notice [data-notice-close]"), "click", "notice-close",
                  lambda *_: self.dispatch(HideNotice()))
        self.counters.bind(ev)
        self.replay_bar.bind(lambda btn, name, handler: ev.listen(btn, "click", f"replay-{name}", handler))
        # The leaving writes, in this order: what a new deal deferred, the clock's time in the saved game,
        # then the snapshot that names that saved game as it is left.
        ev.leaving(on_visibility=(self.write_deferred, self.counters.on_visibility, self.snapshots.flush),
                   on_pagehide=(self.write_deferred, self.counters.on_pagehide, self.snapshots.flush))

    def _recover(self):
        """After a logged error: nothing stays picked up or dragged, the board is drawn again."""
        self.controller.dispatch(Recover())
        self.controller.take_effects()
        self.renderer.request()

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
            queued = self.events.proxy("queued", self._run_queued)
            window.requestAnimationFrame(self.events.proxy("queued-frame", lambda *_: window.setTimeout(queued, 0)))

    def _run_queued(self, *_):
        actions, self._queued = self._queued, []
        for action in actions:
            self.dispatch(action)

    def _run(self, effects):
        # a new deal not drawn yet: its first frame holds the drawing and the flights only
        pending = self.renderer is not None and self.controller.ui.deal_seq != self.renderer.drawn_deal
        self.effects.run(effects, first_frame_pending=pending)

    def write_deferred(self, *_):
        """What a new deal deferred until its first frame, written now (static/ui/effects.py)."""
        if self._write_timer is not None:
            window.clearTimeout(self._write_timer)
            self._write_timer = None
        self.effects.write_deferred()

    # ---- effects ----------------------------------------------------------------------------

    def _shake(self, e):
        pile, count = e.pile, e.count
        codes = visible_cards(self.view.game)[pile]
        self.renderer.shake(pile, codes[len(codes) - count:] if codes and count else ())

    def _open_dialog(self, e):
        name = e.name
        if name == "stats":
            self.stats_view.open()
        else:
            self.dialogs.open(name)
            if name == "win":
                self.solver.fill_win()   # the deal's grade and par (#win-grade, #win-par)

    def _layout_changed(self, _):
        self._layout_key = None

    def _set_next_step(self, e):
        """The animated auto-finish: its next move `ms` after this one is drawn (a slow frame never
        skips a card)."""
        self._next_step = (e.ms, e.seq)

    def _replay_step(self, e):
        ms, seq = e.ms, e.seq
        tick = create_once_callable(self.events.guard(lambda *_: self.dispatch(ReplayTick(seq))))
        window.setTimeout(tick, ms)

    def _celebrate_soon(self, _):
        window.setTimeout(self.events.proxy("celebrate", self._celebrate), SLIDE_MS + 40)   # the last card landed

    def _celebrate(self, *_):
        """The game was won by a move: the cascade, then the win dialog (at once with motion off, or
        when a dialog is open)."""
        c = self.controller
        if not c.game.won:                   # undone meanwhile
            return
        if not c.motion or self.view.busy():
            self._open_win()
            return
        self.dispatch(CelebrationStart())

    def _celebrated(self):
        """The cascade is over (its last card gone, or a tap or key ended it): the win dialog."""
        self.dispatch(CelebrationEnd())
        if self.controller.game.won and not self.view.busy():
            self._open_win()

    def _open_win(self):
        self.dialogs.open("win")
        self.solver.fill_win()   # the deal's grade and par (#win-grade, #win-par)

    # ---- motion, look and texts ------------------------------------------------------------

    def _apply_motion(self):
        """Motion on or off (controller.motion_on): the no-motion class, the renderer, a deal in flight."""
        c = self.controller
        on = c.motion if c is not None else motion_on(self.boot_settings.motion, bool(self.reduced_query.matches))
        self.root.classList.toggle("no-motion", not on)
        self.renderer.motion = on
        # the speed setting: the renderer's slides and deal, scaled (issue 20; reduced motion has none at all)
        settings = c.settings if c is not None else self.boot_settings
        render.SLIDE_MS = round(SLIDE_MS * speed_factor(settings.speed))
        self.renderer.speed = speed_factor(settings.speed)   # the deal's flights too
        if not on and self.renderer.dealing():
            self.renderer.finish_deal()

    def _apply_look(self, settings):
        """The settings' look classes on #game (four colours, large cards, theme, card back, table), the
        sound on or off, and motion."""
        for name, on in settings.look_classes().items():
            self.root.classList.toggle(name, on)
        self.sound.enabled = settings.sound
        self._apply_motion()
        if self.controller is not None:
            self.renderer.request()

    def _apply_texts(self, t, lang):
        document.documentElement.lang = lang
        for el in document.querySelectorAll("[data-t]"):
            el.textContent = t(el.dataset.t)
        for el in document.querySelectorAll("[data-t-label]"):
            el.setAttribute("aria-label", t(el.dataset.tLabel))
            if el.tagName == "BUTTON":
                el.title = t(el.dataset.tLabel)
        for el in document.querySelectorAll("[data-t-title]"):
            el.title = t(el.dataset.tTitle)
        fill_select(document.getElementById("rules-select"), rules_groups(t))   # as the New game dialog shows them
        fill_select(document.getElementById("lang-select"), language_options())
        self.renderer.relabel(t)
        if self.controller is not None:
            self.renderer.request()

    # ---- frames -----------------------------------------------------------------------------

    def _on_frame(self, *_):
        if self.controller is None:
            return
        c = self.controller
        balance = self.balance_of(c.game) if c.game.rules.scoring == "casino" else None
        self.renderer.draw(scene(c.game, c.ui, self.layout, c.t, c.lang, balance))   # the view value, applied
        if self.counters is not None:
            self.counters.draw(c.game)
        self.snapshots.drawn()
        if self.effects.after_first_frame and self._write_timer is None:   # the task after this frame
            self._write_timer = window.setTimeout(self.events.proxy("write-deferred", self.write_deferred), 0)
        if self._next_step is not None:
            (ms, seq), self._next_step = self._next_step, None
            tick = create_once_callable(self.events.guard(lambda *_: self.dispatch(FinishStep(seq))))
            window.setTimeout(tick, ms)

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
        key = (w, h, column_lengths(c.game), c.game.draw, c.settings.large_cards, coarse, counts_for(c.game),
               c.settings.left_handed, c.ui.dock)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = compute(w, h, key[2], draw=key[3], large=key[4], coarse=coarse, counts=key[6],
                                   left_handed=key[7], dock=key[8])
        return self._layout

    @property
    def resting_layout(self):
        """The layout with the dock closed: what the next visit paints first (the snapshot's), since no
        panel is open at a start."""
        if not self.controller.ui.dock:
            return self.layout
        c = self.controller
        w, h = c.ui.viewport
        return compute(w, h, column_lengths(c.game), draw=c.game.draw, large=c.settings.large_cards,
                       coarse=self.coarse, counts=counts_for(c.game), left_handed=c.settings.left_handed)

    def _on_storage(self, ev):
        """Another page of the game wrote to localStorage (the `storage` event)."""
        if self.records.on_storage(ev.key, ev.newValue) == "stats":
            self.stats_view.refresh()

    # ---- notices and the link -----------------------------------------------------------

    def notice(self, text, ms=NOTICE_MS):
        """A notice for the player: UI state (the renderer draws it), through the controller."""
        self.dispatch(ShowNotice(text, ms))

    def _notice_timer(self, e):
        """The notice `e.seq` goes after `e.ms` (a later notice has its own timer and replaces this one)."""
        ms, seq = e.ms, e.seq
        if self.notice_timer is not None:
            window.clearTimeout(self.notice_timer)
        hide = create_once_callable(self.events.guard(lambda *_: self.dispatch(HideNotice(seq))))
        self.notice_timer = window.setTimeout(hide, ms)

    def share(self, link, text):
        """Share: the Web Share API where the browser has one, else the link copied, with a notice."""
        url = self.router.link(link)
        t = self.view.t
        copied = create_once_callable(lambda *_: self.notice(t("notice.shared")))
        failed = create_once_callable(lambda *_: self.notice(t("notice.share_failed", url=url)))

        def copy(*_):
            try:
                navigator.clipboard.writeText(url).then(copied, failed)
            except Exception:  # no clipboard: the link is shown to copy by hand
                self.notice(t("notice.share_failed", url=url))

        share = getattr(navigator, "share", None)
        if share is None:
            copy()
            return

        def refused(err):   # the player closed the share sheet: nothing to do; any other failure copies
            if getattr(err, "name", "") != "AbortError":
                copy()

        try:
            navigator.share(to_js({"title": "Canfield", "text": text, "url": url},
                                  dict_converter=window.Object.fromEntries)).then(
                create_once_callable(lambda *_: None), create_once_callable(refused))
        except Exception:
            copy()

    def copy_link(self, code):
        url = self.router.link(code)
        t = self.view.t
        ok = create_once_callable(lambda *_: self.notice(t("notice.copied")))
        bad = create_once_callable(lambda *_: self.notice(t("notice.copy_failed", url=url)))
        try:
            navigator.clipboard.writeText(url).then(ok, bad)
        except Exception:  # no clipboard: the link is shown to copy by hand
            self.notice(t("notice.copy_failed", url=url))

