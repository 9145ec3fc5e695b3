"""The game page: boot, deal codes in the URL hash, actions, dialogs, settings.

Every action is one engine call (play, undo, redo, restart, a new deal)
followed by one render. Handlers are wrapped so that a Python error never
reaches the player as a traceback: it is logged to the console and the board
is drawn again from the engine's state.
"""

from __future__ import annotations

import traceback

from canfield import RULESETS, Game
from js import URLSearchParams, console, document, history, location, navigator, window
from pyodide.ffi import create_once_callable, create_proxy

from .a11y import Announcer, cursor_text, selection_text
from .i18n import LANGUAGE_NAMES, LANGUAGES, Translator, pick_language
from .hint import Assist
from .input import Input
from .persist import Keeper, Store
from .render import Renderer
from .rules_view import rules_html
from .settings import CHOICES, TOGGLES
from .sound import Sound
from .stats_view import StatsView
from .state import (
    TO_ENGINE, Selection, code_from_hash, move_count, moves_from, pile_length, route_hash, stock_move,
)

NOTICE_MS = 5000
STORAGE_NOTICE_MS = 12000  # a saved game or statistics set aside: long enough to be read


class App:
    def __init__(self):
        self.store = Store.local()  # localStorage, every access wrapped (refused or full: nothing kept)
        self.keeper = Keeper(self.store)
        self.stats_view = None
        self.settings = self._load_settings()
        query_lang = URLSearchParams.new(location.search).get("lang")
        browser = list(navigator.languages or []) + [navigator.language]
        self.lang = pick_language(query_lang, self.settings.lang, *browser)
        self.t = Translator(self.lang)
        self.game = None
        self.version = 0
        self.selection = None
        self.focus = "stock"
        self.cursor = 0
        self.animate_next = True
        self.proxies = {}
        self.notice_timer = None
        self.root = document.getElementById("game")
        self.dialogs = {name: document.getElementById(f"dlg-{name}")
                        for name in ("new", "settings", "win", "stats", "rules")}
        self.sound = Sound(self.settings.sound)  # look: sound on moves and wins (static/ui/sound.py)
        self.renderer = None
        self.input = None
        self.assist = None  # solver: hints, winnable and daily deals (static/ui/hint.py)
        self.announcer = Announcer(document.getElementById("announce"))

    # ---- start ------------------------------------------------------------------------

    def start(self):
        self._proxy("frame", lambda ts: self.renderer.on_frame(ts))
        self._proxy("undeny", lambda: self.renderer.undeny())
        self._proxy("hide_notice", self._hide_notice)
        self._proxy("slid", lambda ev: ev.target.effect.target.style.removeProperty("pointer-events"))
        self.renderer = Renderer(self)
        self.input = Input(self)
        self.assist = Assist(self)
        self.apply_texts()
        self._fill_selects()
        self.apply_look()

        code = code_from_hash(location.hash)
        bad_code = code if route_hash(code, None)[0] == "refuse" else ""
        if bad_code:  # an invalid code in the address: resume the saved game as if there were none
            console.warn(f"Canfield: deal code {code[:120]!r} rejected")
            code = ""
        saved = self.keeper.boot(code)  # the saved game if the address names no other deal
        if saved is not None:
            self.deal(saved, push=False)
        elif code:
            self.load_code(code, replace=True)
        else:
            self.deal(Game.new(draw=self.settings.draw, rules=self.settings.rules), push=False)

        if bad_code:
            kept = saved is not None
            self.notice(self.t("notice.invalid_code_kept" if kept else "notice.invalid_code", code=bad_code[:120]))
        self._bind()
        self.stats_view = StatsView(self)
        self.stats_view.bind()
        if self.keeper.notices:
            shown = document.getElementById("notice")
            before = "" if shown.hidden else shown.textContent + " "
            self.notice(before + " ".join(self.t(k) for k in self.keeper.notices), STORAGE_NOTICE_MS)
        self.keeper.ready()
        for name in ("new", "settings"):
            self.renderer.buttons[name].disabled = False
        document.querySelector('header [data-action="rules"]').disabled = False  # look: rules dialog
        self.renderer.render()
        self.root.classList.remove("booting")
        self.root.dataset.ready = "true"
        window.canfieldBoot.done()
        self.assist.start()  # the solver's worker boots after the game is ready

    def _proxy(self, name, fn):
        proxy = create_proxy(self._guard(fn))
        self.proxies[name] = proxy
        return proxy

    def _guard(self, fn):
        def run(*args):
            try:
                return fn(*args)
            except Exception:  # noqa: BLE001 - never a traceback on the page
                console.error("Canfield: " + traceback.format_exc())
                try:
                    self.input.cancel_drag()
                    self.selection = None
                    self.renderer.render()
                except Exception:
                    pass
        return run

    def _bind(self):
        board = document.getElementById("board")
        board.addEventListener("pointerdown", self._proxy("pointerdown", self.input.on_pointerdown))
        board.addEventListener("mousedown", self._proxy("mousedown", self.input.on_mousedown))
        document.addEventListener("pointermove", self._proxy("pointermove", self.input.on_pointermove))
        document.addEventListener("pointerup", self._proxy("pointerup", self.input.on_pointerup))
        document.addEventListener("pointercancel", self._proxy("pointercancel", self.input.on_pointercancel))
        document.addEventListener("keydown", self._proxy("keydown", self.input.on_keydown))
        board.addEventListener("focusin", self._proxy("focusin", self._on_focusin))
        board.addEventListener("contextmenu", self._proxy("contextmenu", lambda ev: ev.preventDefault()))
        window.addEventListener("hashchange", self._proxy("hashchange", self._on_hashchange))
        window.addEventListener("storage", self._proxy("storage", self._on_storage))
        for btn in document.querySelectorAll("[data-action]"):
            btn.addEventListener("click", self._proxy(f"action-{btn.dataset.action}", self._on_action))
        for btn in document.querySelectorAll("[data-dialog]"):
            btn.addEventListener("click", self._proxy(f"dialog-{btn.dataset.dialog}", self._on_dialog_button))
        settings = self.dialogs["settings"]
        settings.addEventListener("change", self._proxy("settings-change", self._on_settings_change))
        for dlg in self.dialogs.values():
            dlg.addEventListener("close", self._proxy(f"close-{dlg.id}", lambda ev: self.focus_pile(self.focus)))

    # ---- texts --------------------------------------------------------------------------

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

    def _fill_selects(self):
        rules = document.getElementById("rules-select")
        rules.innerHTML = ""
        for name in RULESETS:
            opt = document.createElement("option")
            opt.value = name
            opt.textContent = self.t.rules_name(name)
            rules.appendChild(opt)
        langs = document.getElementById("lang-select")
        langs.innerHTML = ""
        for code in LANGUAGES:
            opt = document.createElement("option")
            opt.value = code
            opt.textContent = LANGUAGE_NAMES[code]
            langs.appendChild(opt)

    def set_language(self, lang):
        self.lang = lang if lang in LANGUAGES else self.lang
        self.t = Translator(self.lang)
        self.apply_texts()
        self._fill_selects()
        self.renderer.relabel()
        self.renderer.refresh_texts()
        self.changed()
        self.say(self.t("a11y.language", name=LANGUAGE_NAMES[self.lang]))

    # ---- settings -----------------------------------------------------------------------

    def _load_settings(self):
        # None where storage is refused (private mode): defaults; a bad record is set aside, with a notice
        return self.keeper.load_settings(tuple(RULESETS))

    def save_settings(self):
        self.keeper.save_settings(self.settings)  # full, refused or held: the game still plays

    # ---- deals and the hash -------------------------------------------------------------

    def deal(self, game, push=True):
        """Put `game` on the table and write its code into the address bar."""
        self.game = game
        self.selection = None
        self.cursor = 0
        self.settings.draw = game.draw
        self.settings.rules = game.rules.name
        self.save_settings()
        code = game.code
        if push:
            location.hash = code  # a history entry: back returns to the previous deal
            self.say(self.t("a11y.new_deal", code=code, draw=game.draw))
        else:
            history.replaceState(None, "", "#" + code)
        self.changed(animate=False)

    def load_code(self, code, replace=False):
        try:
            game = Game.from_code(code)
        except ValueError as exc:  # InvalidCode / InvalidDeck: a message, a fresh deal
            console.warn(f"Canfield: deal code {code!r} rejected: {exc}")
            self.notice(self.t("notice.invalid_code", code=code[:120]))
            self.deal(Game.new(draw=self.settings.draw, rules=self.settings.rules), push=False)
            return False
        self.deal(game, push=False)
        return True

    def _on_hashchange(self, ev):
        code = code_from_hash(location.hash)
        what, game = route_hash(code, self.game.code if self.game is not None else None)
        if what == "stay":
            return
        if what == "refuse" and self.game is not None:  # keep the game in progress, and its code in the address
            console.warn(f"Canfield: deal code {code[:120]!r} rejected")
            self.notice(self.t("notice.invalid_code_kept", code=code[:120]))
            history.replaceState(None, "", "#" + self.game.code)
            return
        self.close_dialogs()
        self.load_code(code)

    def _on_storage(self, ev):
        """Another page of the game wrote to localStorage (the `storage` event)."""
        if self.keeper.on_storage(ev.key, ev.newValue) == "stats" and self.stats_view is not None:
            self.stats_view.refresh()

    # ---- the one path from an action to the screen --------------------------------------

    def changed(self, animate=True, firsts=None, origin=None, render_now=False):
        if self.input is not None:
            self.input.cancel_drag()  # a key or a hash change in mid-drag: the drag ends here
        self.version += 1
        self.animate_next = animate
        if self.assist is not None:
            self.assist.changed()  # a hint for the old position goes
        try:
            self.keeper.after_action(self.game)  # count for the statistics, then save the game
        except Exception:  # noqa: BLE001 - keeping the game must never stop it
            console.error("Canfield: saving failed: " + traceback.format_exc())
        if self.game.won:
            self.show_win()
        if render_now:
            self.renderer.render(firsts=firsts, origin=origin)
        else:
            self.renderer.request()

    def play(self, move, firsts=None):
        self.game.play(move)
        said = self.game.describe_move(move, self.lang)  # before auto-finish moves other cards
        self.selection = None
        origin = "stock" if move.src == "S" else None
        if self.settings.auto_finish and not self.game.won:
            if self._finish():  # still one render (and one description) for the whole action
                said += " " + self.t("notice.finishing")
                if self.game.won:
                    said += " " + self.t("win.score", score=self.game.score)
        self.changed(firsts=firsts, origin=origin, render_now=True)
        if not self.game.won:
            self.sound.move()  # look: the win has its own sound (show_win)
        self.say(said)

    # ---- what a screen reader hears (#announce; see static/ui/a11y.py) -----------------

    def say(self, text):
        self.announcer.say(text)

    def read_board(self):
        self.say(self.game.describe(self.lang))

    def say_selection(self):
        sel = self.selection
        if sel is not None:
            self.say(selection_text(self.game, sel.pile, sel.count, self.t, self.lang))

    def say_cursor(self):
        if self.focus.startswith("tableau-"):
            self.say(cursor_text(self.game, self.focus, self.cursor, self.t, self.lang))

    def _finish(self):
        """Auto-finish (off by default): only the engine's finish, which it knows will win."""
        moves = self.game.finish_moves()
        for move in moves or ():
            self.game.play(move)
        return bool(moves)

    def _auto_finish(self):
        if self._finish():
            self.changed(render_now=True)

    def busy(self):
        return any(d.open for d in self.dialogs.values())

    # ---- taps and drops -----------------------------------------------------------------

    def count_for(self, pile, index):
        return move_count(self.game, pile, index)

    def drop_targets(self, pile, count):
        return moves_from(self.game, pile, count)

    def on_tap(self, pile, code):
        game = self.game
        if pile == "stock":
            self.selection = None
            self.cmd_draw()
            return
        sel = self.selection
        if sel is not None:
            if sel.pile == pile:
                self.clear_selection(render=True)
                return
            move = moves_from(game, sel.pile, sel.count).get(pile)
            if move is None:
                self.renderer.shake(sel.pile, sel.count)
                self.clear_selection(render=True)
                return
            self.play(move)
            return
        codes = self.renderer.shown[pile]
        if code is None or code not in codes:
            if codes:  # a tap beside the cards of a pile: its top card
                code = codes[-1]
            else:
                return
        count = self.count_for(pile, codes.index(code))
        src = TO_ENGINE[pile]
        move = game.tap_move(src, count, self.settings.double_click)
        if move is not None:
            self.play(move)
        elif moves_from(game, pile, count):
            # No automatic target, but the card can go somewhere: pick it up, the next tap says where.
            self.selection = Selection(pile, count)
            self.renderer.render()
            self.say_selection()
        else:
            self.renderer.shake(pile, count)
            self.renderer.render()

    def on_drop(self, pile, count, dest, firsts):
        move = moves_from(self.game, pile, count).get(dest) if dest else None
        if move is None:
            # Back where it came from: slide from the drop point to the pile.
            self.animate_next = True
            self.renderer.shown[pile] = ()  # force the pile to be laid out again
            for code in firsts:
                self.renderer.where.pop(code, None)
            self.renderer.render(firsts=firsts)
            return
        self.play(move, firsts=firsts)

    def clear_selection(self, render=False):
        had = self.selection is not None
        self.selection = None
        if had and render:
            self.renderer.render()
        return had

    # ---- commands (buttons and keys) ----------------------------------------------------

    def cmd_draw(self):
        move = stock_move(self.game)
        if move is None:
            self.renderer.shake("stock")
            return
        self.play(move)

    def cmd_undo(self):
        self.selection = None
        if self.game.undo():
            self.changed(render_now=True)
            self.say(self.t("a11y.undo"))
        else:
            self.say(self.t("a11y.nothing_to_undo"))

    def cmd_redo(self):
        self.selection = None
        if self.game.redo():
            self.changed(render_now=True)
            self.say(self.game.describe_move(self.game.history[-1], self.lang))
        else:
            self.say(self.t("a11y.nothing_to_redo"))

    def cmd_restart(self):
        self.keeper.restarted()  # a started game left unfinished is a loss; the restart is a new game
        self.game.restart()
        self.selection = None
        self.changed(animate=False, render_now=True)
        self.say(self.t("a11y.restart"))

    def _on_action(self, ev):
        action = ev.currentTarget.dataset.action
        if action == "undo":
            self.cmd_undo()
        elif action == "redo":
            self.cmd_redo()
        elif action == "restart":
            self.cmd_restart()
        elif action == "new":
            self.open_new_dialog()
        elif action == "settings":
            self.open_settings()
        elif action == "stats":
            self.stats_view.open()
        elif action == "copy":
            self.copy_link()
        elif action == "hint":
            self.assist.request_hint()
        elif action == "rules":
            self.open_rules()

    # ---- keyboard focus -----------------------------------------------------------------

    def _on_focusin(self, ev):
        pile_el = ev.target.closest("[data-pile]") if ev.target else None
        if pile_el and pile_el.dataset.pile != self.focus:
            self._set_focus(pile_el.dataset.pile)
            self.renderer.render()

    def _set_focus(self, pile):
        els = self.renderer.pile_el
        els[self.focus].tabIndex = -1
        self.focus = pile
        els[pile].tabIndex = 0
        n = pile_length(self.game, pile) if pile.startswith("tableau-") else 0
        self.cursor = max(0, n - 1)

    def focus_pile(self, pile):
        self._set_focus(pile)
        self.renderer.pile_el[pile].focus()
        self.renderer.render()

    def set_cursor(self, index):
        self.cursor = index
        self.renderer.render()

    def cursor_card(self):
        """The card the keyboard points at (the focused pile's top, or a card inside a column)."""
        if self.renderer is None or not document.activeElement:
            return None
        el = self.renderer.pile_el[self.focus]
        if document.activeElement != el or not el.matches(":focus-visible"):
            return None  # focus from a click or a tap: no keyboard cursor drawn
        codes = self.renderer.shown[self.focus]
        if not codes:
            return None
        if self.focus.startswith("tableau-"):
            return codes[min(self.cursor, len(codes) - 1)]
        return codes[-1]

    def on_key_select(self):
        pile = self.focus
        if pile == "stock":
            self.cmd_draw()
            return
        sel = self.selection
        if sel is not None:
            if sel.pile == pile:
                move = self.game.tap_move(TO_ENGINE[pile], sel.count, self.settings.double_click)
                if move is None:
                    self.renderer.shake(pile, sel.count)
                    self.clear_selection(render=True)
                else:
                    self.play(move)
                return
            move = moves_from(self.game, sel.pile, sel.count).get(pile)
            if move is None:
                self.renderer.shake(sel.pile, sel.count)
                self.clear_selection(render=True)
            else:
                self.play(move)
            return
        codes = self.renderer.shown[pile]
        if not codes:
            self.renderer.shake(pile)
            return
        index = min(self.cursor, len(codes) - 1) if pile.startswith("tableau-") else len(codes) - 1
        count = self.count_for(pile, index)
        if moves_from(self.game, pile, count):
            self.selection = Selection(pile, count)
            self.renderer.render()
            self.say_selection()
        else:
            self.renderer.shake(pile, count)

    # ---- dialogs ------------------------------------------------------------------------

    def close_dialogs(self):
        for dlg in self.dialogs.values():
            if dlg.open:
                dlg.close()

    def open_new_dialog(self):
        self.input.cancel_drag()
        dlg = self.dialogs["new"]
        for radio in dlg.querySelectorAll('input[name="draw"]'):
            radio.checked = radio.value == str(self.game.draw)
        dlg.querySelector('select[name="rules"]').value = self.game.rules.name
        self.close_dialogs()
        dlg.showModal()

    def open_settings(self):
        self.input.cancel_drag()
        dlg = self.dialogs["settings"]
        s = self.settings
        for name in TOGGLES:
            dlg.querySelector(f'input[name="{name}"]').checked = getattr(s, name)
        for name in CHOICES:  # look: theme, card back, table
            dlg.querySelector(f'select[name="{name}"]').value = getattr(s, name)
        dlg.querySelector('select[name="lang"]').value = self.lang
        self.close_dialogs()
        dlg.showModal()

    def _on_settings_change(self, ev):
        dlg = self.dialogs["settings"]
        s = self.settings
        for name in TOGGLES:
            setattr(s, name, bool(dlg.querySelector(f'input[name="{name}"]').checked))
        for name, allowed in CHOICES.items():  # look: theme, card back, table
            value = dlg.querySelector(f'select[name="{name}"]').value
            setattr(s, name, value if value in allowed else allowed[0])
        lang = dlg.querySelector('select[name="lang"]').value
        self.apply_look()
        if lang != self.lang:
            s.lang = lang
            self.set_language(lang)
        self.save_settings()
        if s.auto_finish and not self.game.won:
            self._auto_finish()

    def _on_dialog_button(self, ev):
        what = ev.currentTarget.dataset.dialog
        dlg = ev.currentTarget.closest("dialog")
        if what == "close":
            dlg.close()
        elif what == "deal":
            checked = dlg.querySelector('input[name="draw"]:checked')
            draw = int(checked.value) if checked else 3
            rules = dlg.querySelector('select[name="rules"]').value
            if rules not in RULESETS:
                rules = "canfield"
            dlg.close()
            self.assist.new_deal(draw, rules)  # a winnable deal when that setting is on
        elif what == "daily":
            checked = dlg.querySelector('input[name="draw"]:checked')
            rules = dlg.querySelector('select[name="rules"]').value
            dlg.close()
            self.assist.daily(int(checked.value) if checked else 3, rules if rules in RULESETS else "canfield")
        elif what == "restart":
            dlg.close()
            self.cmd_restart()
        elif what == "new":
            dlg.close()
            self.open_new_dialog()

    # ---- look: themes, card backs, tables, sound, the rules dialog ------------------------

    def apply_look(self):
        """The settings' look classes on #game (theme, back, table, four colours, large cards)."""
        for name, on in self.settings.look_classes().items():
            self.root.classList.toggle(name, on)
        self.sound.enabled = self.settings.sound

    def open_rules(self):
        """The rules of the rule set being played, and how to play (static/ui/rules_view.py)."""
        self.input.cancel_drag()
        dlg = self.dialogs["rules"]
        document.getElementById("rules-body").innerHTML = rules_html(
            self.game.rules, self.t, self.lang, self.game.draw)
        self.close_dialogs()
        dlg.showModal()

    def show_win(self):
        dlg = self.dialogs["win"]
        document.getElementById("win-score").textContent = self.t("win.score", score=self.game.score)
        if not dlg.open:
            self.input.cancel_drag()
            self.close_dialogs()
            dlg.showModal()
            self.sound.win()  # look

    # ---- notices and the link -----------------------------------------------------------

    def notice(self, text, ms=NOTICE_MS):
        el = document.getElementById("notice")
        el.textContent = text
        el.hidden = False
        if self.notice_timer is not None:
            window.clearTimeout(self.notice_timer)
        self.notice_timer = window.setTimeout(self.proxies["hide_notice"], ms)

    def _hide_notice(self):
        document.getElementById("notice").hidden = True
        self.notice_timer = None

    def copy_link(self):
        # the page's address with the deal code alone (no ?lang=..., which is the sender's choice)
        url = location.href.split("#")[0].split("?")[0] + "#" + (self.game.code or "")
        ok = create_once_callable(lambda *_: self.notice(self.t("notice.copied")))
        bad = create_once_callable(lambda *_: self.notice(self.t("notice.copy_failed", url=url)))
        try:
            navigator.clipboard.writeText(url).then(ok, bad)
        except Exception:
            self.notice(self.t("notice.copy_failed", url=url))
