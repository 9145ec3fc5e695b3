"""The taps and keys made on the painted board before the game was live (static/paint.js keeps them):
played once the game is, each as the action it stands for. Pure Python: the worker's session
(static/worker/session.py) plays them from here.
"""

from __future__ import annotations

from .handle_keys import handles
from shared.table import PILES, visible_cards
from shared.vocab import EarlyInputRefused, Key, Tap

MAX_REPLAY = 8   # as static/paint.js keeps at most


def play(view, dispatch, items) -> None:
    """Dispatch the kept taps and keys `items` in order (`view`: the game and the UI state); a tap on a card
    the live board no longer shows there is refused visibly (a shake of that pile and a notice)."""
    refused = []
    for item in items[:MAX_REPLAY]:
        if not isinstance(item, dict):
            continue
        if item.get("t") == "tap":
            pile, index, card = item.get("pile"), item.get("index"), item.get("card")
            if pile not in PILES:
                continue
            codes = visible_cards(view.game).get(pile, ())
            if index is None and card is None:
                dispatch(Tap(pile, None))
            elif type(index) is int and 0 <= index < len(codes) and codes[index] == card:
                dispatch(Tap(pile, index))
            else:
                refused.append(pile)
        elif item.get("t") == "key":
            key = item.get("key")
            if not isinstance(key, str) or not key or len(key) > 20:
                continue
            action = Key(key, bool(item.get("ctrl")), bool(item.get("shift")), bool(item.get("inBoard")))
            if handles(action, view.ui):
                dispatch(action)
    if refused:
        dispatch(EarlyInputRefused(tuple(refused)))
