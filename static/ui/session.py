"""The worker's side of the two-sided page: one `Session` owns what the Pyodide worker will own (the game,
the controller, the window and the dock, the layout, the language and its translator, the settings) and
answers the page through one text entry point, `handle(text) -> text`.

Pure Python (no js, no pyodide; tested under CPython). The page sends one text per message:

- first a `Start` (static/ui/vocab.py): the window, the address's hash, what localStorage holds (the
  saved game, the statistics, the settings), the languages, the painted deal, the reduced motion;
- then any action of the vocabulary, encoded by `vocab.encode` (`Tap`, `Drop`, `Key`, `Resize`, `Dock`,
  `SettingsChanged`...), each dispatched once to the controller.

Each answer is one JSON object:

    {"ok": true, "view": <scene.encode_view's text, or null when it equals the last one sent>,
     "effects": [<vocab.encode's text of each effect, in order>]}
    {"ok": false, "error": "<why>", "view": null, "effects": []}

A text that is not a message (not JSON, an unknown kind, a bad field), an action before `Start`, a
second `Start`, or an action whose handler fails gives the error answer: the game, the UI state, the
settings and the language stay as they were before that text (a failed handler's changes are undone),
and no exception ever leaves `handle`.
"""

from __future__ import annotations

import copy
import json

from canfield import Game, links
from canfield.stats import key as stats_key

from .choices import offered_names
from .controller import Controller
from .i18n import Translator, pick_language
from .layout import compute, counts_for
from .persist import MemoryStorage, Records, Store
from .scene import encode_view, scene
from .storage_keys import SAVE_KEY, SETTINGS_KEY, STATS_KEY
from .table import route_hash
from .view import column_lengths
from .vocab import (
    ACTIONS, NOTICE_MS, Dock, HashChanged, Relayout, Resize, ShowNotice, Start, decode, encode,
)

STORAGE_NOTICE_MS = 12000   # a saved game or statistics set aside: long enough to be read (as app.py)
MAX_ANSWER = 32768          # the longest answer the tests allow (the 170-move long game at 390x844: ~13 kB)


def answer(view_text, effects) -> str:
    """The answer text: the view's text (None: unchanged) and the effects' texts, in order."""
    return json.dumps({"ok": True, "view": view_text, "effects": [encode(e) for e in effects]},
                      ensure_ascii=False, separators=(",", ":"))


def error(why: str) -> str:
    """The error answer: nothing changed, nothing to draw, nothing to do."""
    return json.dumps({"ok": False, "error": str(why)[:300], "view": None, "effects": []},
                      ensure_ascii=False, separators=(",", ":"))


class Session:
    """The worker's state and its one entry point, `handle`."""

    def __init__(self):
        self.controller = None
        self.records = None        # the statistics and the saved game read at start (a casino balance)
        self.coarse = False        # a touch-only pointer: no keys help line in the layout
        self._layout = None
        self._layout_key = None
        self._sent = None          # the view text of the last answer that held one

    # ---- the one entry point ------------------------------------------------------------

    def handle(self, text) -> str:
        """The answer to one message `text` (see the module's doc); never raises."""
        try:
            message = decode(text)
        except ValueError as exc:
            return error(exc)
        except Exception as exc:   # anything else the codec could meet: still an answer
            return error("unreadable: %s" % type(exc).__name__)
        try:
            if isinstance(message, Start):
                if self.controller is not None:
                    return error("already started")
                effects = self._start(message)
            elif not isinstance(message, ACTIONS):
                return error("not an action: " + message.kind)
            elif self.controller is None:
                return error("not started: Start comes first")
            else:
                effects = self._dispatch(message)
            return self._answer(effects)
        except Exception as exc:
            return error("%s: %s" % (type(exc).__name__, exc))

    # ---- start ----------------------------------------------------------------------------

    def _start(self, m) -> list:
        """The game on the table at start, as the page picks it (app.py's Page.start): the saved game,
        the address's deal, the painted first-visit deal, or a fresh one."""
        items = {key: text for key, text in ((SAVE_KEY, m.save), (STATS_KEY, m.stats), (SETTINGS_KEY, m.settings))
                 if text is not None}
        records = Records(Store(MemoryStorage(items)))
        settings = records.load_settings(offered_names())
        lang = pick_language(m.lang, settings.lang, *m.languages)
        t = Translator(lang)
        code, link_text = m.code, ""
        if links.is_link(code):   # a game link: the saved game starts first, then the link opens
            link_text, code = code, ""
        what, named = route_hash(code, None)
        bad_code = code if what == "refuse" else ""
        if bad_code:
            code = ""
        saved = records.boot(code)
        if saved is not None:
            game = saved
        elif named is not None:
            game = named
        else:
            game = _painted(m.painted, settings) or Game.new(draw=settings.draw, rules=settings.rules)
        c = Controller(game, settings, t, lang)
        c.reduced_motion = m.reduced
        self.coarse = m.coarse
        c.show_game(game, push=False, deal=False)   # the board is already on screen: no flight
        c.dispatch(Resize(m.width, m.height))
        if m.dock:
            c.dispatch(Dock(m.dock))
        notices = [t("notice.invalid_code_kept" if saved is not None else "notice.invalid_code",
                     code=bad_code[:120])] if bad_code else []
        notices += [t(key) for key in records.notices]
        if notices:
            c.dispatch(ShowNotice(" ".join(notices), STORAGE_NOTICE_MS if records.notices else NOTICE_MS))
        if link_text:
            c.dispatch(HashChanged(link_text))
        records.ready()
        self.records = records
        self.controller = c
        return c.take_effects()

    # ---- an action --------------------------------------------------------------------------

    def _dispatch(self, action) -> list:
        """One dispatch; a handler that fails leaves everything as it was (and its error goes up)."""
        c = self.controller
        kept = (c.game.copy(), copy.deepcopy(c.ui), c.settings, c.t, c.lang, list(c.effects))
        try:
            c.dispatch(action)
        except Exception:
            c.game, c.ui, c.settings, c.t, c.lang, c.effects = kept
            raise
        effects = c.take_effects()
        if any(isinstance(e, Relayout) for e in effects):
            self._layout_key = None
        return effects

    def _answer(self, effects) -> str:
        text = self.view_text()
        out = answer(None if text == self._sent else text, effects)
        self._sent = text
        return out

    # ---- what the worker computes -------------------------------------------------------------

    def view(self) -> dict:
        """The view value of the table now (static/ui/scene.py)."""
        c = self.controller
        return scene(c.game, c.ui, self.layout, c.t, c.lang, self.balance())

    def view_text(self) -> str:
        return encode_view(self.view())

    def balance(self):
        """A casino game's running balance, as the statistics read at start keep it; None otherwise."""
        game = self.controller.game
        if game.rules.scoring != "casino":
            return None
        return self.records.stats.table(stats_key(game.rules, game.draw)).get("balance")

    @property
    def layout(self):
        """The geometry for the window, the dock and the columns now (static/ui/layout.py), cached."""
        c = self.controller
        w, h = c.ui.viewport
        key = (w, h, column_lengths(c.game), c.game.draw, c.settings.large_cards, self.coarse, counts_for(c.game),
               c.settings.left_handed, c.ui.dock)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = compute(w, h, key[2], draw=key[3], large=key[4], coarse=key[5], counts=key[6],
                                   left_handed=key[7], dock=key[8])
        return self._layout


def _painted(code: str, settings):
    """The deal static/paint.js painted on a first visit, as a Game, if it is one of the draw and rules
    asked (static/ui/early.py first_deal); None otherwise."""
    if not code:
        return None
    try:
        game = Game.from_code(code)
    except ValueError:
        return None
    if game.draw != settings.draw or game.rules.name != settings.rules:
        return None
    return game
