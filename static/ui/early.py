"""The page's side of the board painted before Python (static/paint.js).

- `first_deal`: the first-visit deal the painter put on screen (window.canfieldPaint.firstDeal), as a
  Game, when it fits the player's settings: the game starts with that very deal.
- `unpaint`: removes the painted elements; called in the same task as the renderer's first drawing,
  so the browser never shows a frame without cards (no jump, and every data-card stays unique).
- `replay`: the taps and keys kept while the game was not live are dispatched, each one only if the
  live board still shows what was tapped; the others become one `EarlyInputRefused` (a shake of each
  pile and a notice, from the controller). A first tap on the stock that the painter already answered
  (it painted the board the record's `after_stock` said: `shown`) is played before the first drawing
  (`take_shown`), so the board never goes back to before it.
- `Snapshots`: after the renderer has drawn, the board's record (static/ui/snapshot.py) is handed to the
  Records at most once per DELAY_MS, and not while a deal flies in (a task in the middle of the flights
  would hold a frame back); a page being hidden or left writes at once.
"""

from __future__ import annotations

import json
import traceback

from canfield import Game
from canfield.errors import CanfieldError
from js import console, document, window

from .kept_input import MAX_REPLAY, play
from .counters import clock_text
from .snapshot import encode, record

DELAY_MS = 400


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


def replay(view, dispatch, items=None) -> None:
    """Dispatch the kept taps and keys (`items`, else all the painter kept): static/ui/kept_input.py."""
    play(view, dispatch, take() if items is None else items)


class Snapshots:
    """Writes the board's record after the renderer has drawn, throttled. Given a read-only view of the
    page, the records (persist.Records: the saved game's text, where the record goes), the renderer (a deal in flight),
    `proxy(name, fn)` and `write_deferred` (what a new deal deferred: the record names that saved game).
    `flush` runs in the page's leaving order (static/ui/events.py), after the clock's time is saved."""

    def __init__(self, view, records, renderer, proxy, write_deferred):
        self.view = view
        self.records = records
        self.renderer = renderer
        self.write_deferred = write_deferred
        self.timer = None
        self.write_proxy = proxy("snapshot", self.write)

    def drawn(self) -> None:
        if self.timer is None:
            self.timer = window.setTimeout(self.write_proxy, DELAY_MS)

    def flush(self, *_):
        if self.timer is not None:
            window.clearTimeout(self.timer)
        self.write(now=True)  # always: the saved game may just have been written again (its time)

    def write(self, *_, now=False):
        self.timer = None
        if not now and self.renderer.dealing():   # not in the middle of the deal's flights: after them
            self.timer = window.setTimeout(self.write_proxy, DELAY_MS)
            return
        self.write_deferred()     # the saved game the record names is the one on the table
        try:
            view, records = self.view, self.records
            s = view.settings
            look = [name for name, on in s.look_classes().items() if on]
            rec = record(view.game, view.resting_layout, view.t, view.lang, look, view.ui.viewport,
                         view.coarse, records.saved_text(), clock=clock_text(records.elapsed()),
                         shown=(s.show_moves, s.show_clock))
            records.keep_snapshot(encode(rec))   # None (too big): no snapshot rather than a stale one
        except Exception:  # a snapshot is a nicety: it never stops the game
            console.error("Canfield: snapshot failed: " + traceback.format_exc())
