"""The page's side of the board painted before Python (static/paint.js).

- `first_deal`: the first-visit deal the painter put on screen (window.canfieldPaint.firstDeal), as a
  Game, when it fits the player's settings: the game starts with that very deal.
- `unpaint`: removes the painted elements; called in the same task as the renderer's first drawing,
  so the browser never shows a frame without cards (no jump, and every data-card stays unique).
- `replay`: the taps and keys kept while the game was not live are applied, each one only if the
  live board still shows what was tapped; otherwise it is refused with a shake and a notice.
- `Snapshots`: after the renderer has drawn, the board is written to localStorage (static/ui/snapshot.py)
  at most once per DELAY_MS, and not while a deal flies in (a task in the middle of the flights would
  hold a frame back); a page being hidden or left writes at once.
"""

from __future__ import annotations

import json
import traceback

from canfield import Game
from canfield.errors import CanfieldError
from js import console, document, window

from .controller import Key, Tap
from .counters import clock_text
from .persist import SAVE_KEY
from .snapshot import KEY, encode, record
from .state import PILES, visible_cards

DELAY_MS = 400
MAX_REPLAY = 8


def _painter():
    return getattr(window, "canfieldPaint", None)


def first_deal(settings):
    """The deal painted on a first visit, as a Game, or None (nothing painted, or another draw or rules)."""
    api = _painter()
    code = getattr(api, "firstDeal", None) if api is not None else None
    if not isinstance(code, str) or not code:
        return None
    try:
        game = Game.from_code(code)
    except CanfieldError:
        return None
    if game.draw != settings.draw or game.rules.name != settings.rules:
        return None
    return game


def unpaint(root) -> None:
    for el in list(document.querySelectorAll("[data-painted][data-card]")):
        el.remove()
    root.classList.remove("painted")
    root.removeAttribute("data-painted")


def take():
    """The input kept by the painter, once (a list of dicts)."""
    api = _painter()
    if api is None or not hasattr(api, "take"):
        return []
    try:
        items = json.loads(str(api.take()))
    except ValueError:
        return []
    return items[:MAX_REPLAY] if isinstance(items, list) else []


def replay(app) -> None:
    """Apply the kept taps and keys in order; a tap on a card the live board no longer shows there is
    refused visibly (a shake of that pile and a notice)."""
    refused = False
    for item in take():
        if not isinstance(item, dict):
            continue
        if item.get("t") == "tap":
            pile, index, card = item.get("pile"), item.get("index"), item.get("card")
            if pile not in PILES:
                continue
            codes = visible_cards(app.controller.game)[pile]
            if index is None and card is None:
                app.dispatch(Tap(pile, None))
            elif type(index) is int and 0 <= index < len(codes) and codes[index] == card:
                app.dispatch(Tap(pile, index))
            else:
                app.renderer.shake(pile, ())
                refused = True
        elif item.get("t") == "key":
            key = item.get("key")
            if not isinstance(key, str) or not key or len(key) > 20:
                continue
            action = Key(key, bool(item.get("ctrl")), bool(item.get("shift")), bool(item.get("inBoard")))
            if app.controller.handles(action):
                app.dispatch(action)
    if refused:
        app.notice(app.t("notice.early_refused"))


class Snapshots:
    """Writes the board's record after the renderer has drawn, throttled (`app` gives controller, layout,
    t, lang, settings, coarse, store, proxy)."""

    def __init__(self, app):
        self.app = app
        self.timer = None
        self.write_proxy = app.proxy("snapshot", self.write)

    def bind(self) -> None:
        """Write when the page goes away: bound after the listeners that save the game then (the clock's
        time), so the record names the saved game as it is left."""
        flush = self.app.proxy("snapshot-flush", self.flush)
        window.addEventListener("pagehide", flush)
        document.addEventListener("visibilitychange", flush)

    def drawn(self) -> None:
        if self.timer is None:
            self.timer = window.setTimeout(self.write_proxy, DELAY_MS)

    def flush(self, *_):
        if self.timer is not None:
            window.clearTimeout(self.timer)
        self.write(now=True)  # always: the saved game may just have been written again (its time)

    def write(self, *_, now=False):
        self.timer = None
        app = self.app
        if not now and app.renderer.dealing():   # not in the middle of the deal's flights: after them
            self.timer = window.setTimeout(self.write_proxy, DELAY_MS)
            return
        app.settle()          # the saved game the record names is the one on the table
        try:
            look = [name for name, on in app.settings.look_classes().items() if on]
            rec = record(app.controller.game, app.layout, app.t, app.lang, look, app.controller.ui.viewport,
                         app.coarse, app.store.get(SAVE_KEY), clock=clock_text(app.keeper.elapsed()),
                         shown=(app.settings.show_moves, app.settings.show_clock))
            text = encode(rec)
            if text is None:
                app.store.remove(KEY)   # too big: no snapshot rather than a stale one
            else:
                app.store.set(KEY, text)  # full or refused: nothing kept, nothing else touched
        except Exception:  # a snapshot is a nicety: it never stops the game
            console.error("Canfield: snapshot failed: " + traceback.format_exc())
