"""The worker side of the thin-layer prototype (issue 33): Pyodide in a PyScript named worker.

It imports the real engine (canfield/, unpacked from static/vendor/game.zip by the worker's config),
holds the game, answers the page's actions with the whole view as JSON text, and never touches the DOM.
The page (bench/thin/thin_main.py, MicroPython) applies the view keyed by card.

The view, one JSON object:

    {"code": "CF1-D3-...", "moves": 12, "cards": [[id, x, y, z, up, pile], ...],
     "counts": {"stock": "21", "reserve": "13", "score": "-47", "moves": "12"}}

x and y are in hundredths of a card's width (the page's CSS multiplies by its --cw): the layout's
arithmetic is here, the page only copies numbers into style properties. up is 1 for a face-up card.

Also imported under CPython by bench/bench_thin.py (the first visit's painted view, and checks).
"""

import json

from canfield import Game
from canfield.search import solve

GAP = 12          # between two piles, in hundredths of a card width
CARD_H = 140      # a card's height
FAN = 30          # the step of a column's fan and of the waste's three top cards
ROW2 = CARD_H + 2 * GAP

# pile -> its place (x, y) and how its cards go: "stack" (squared), "fan" (down), "waste" (the top three fanned right)
PLACES = {"S": (0, 0, "stack"), "W": (100 + GAP, 0, "waste")}
for _i in range(4):
    PLACES[f"F{_i + 1}"] = (3 * (100 + GAP) + _i * (100 + GAP), 0, "stack")
    PLACES[f"T{_i + 1}"] = ((_i + 1) * (100 + GAP) + 100 + GAP, ROW2, "fan")
PLACES["R"] = (0, ROW2, "stack")
PILE_IDS = {"S": "stock", "W": "waste", "R": "reserve", "F1": "foundation-1", "F2": "foundation-2",
            "F3": "foundation-3", "F4": "foundation-4", "T1": "tableau-1", "T2": "tableau-2",
            "T3": "tableau-3", "T4": "tableau-4"}
UI_PILES = {ui: p for p, ui in PILE_IDS.items()}

GAME = None


def view_of(game):
    """The whole view of `game` as a dict (see the module's docstring)."""
    cards = []
    for pile, (px, py, how) in PLACES.items():
        got = game.pile(pile)
        n = len(got)
        for i, card in enumerate(got):
            x, y = px, py
            if how == "fan":
                y += i * FAN
            elif how == "waste":
                x += max(0, i - (n - 3)) * FAN if n > 3 else i * FAN
            up = 0 if pile == "S" or (pile == "R" and i < n - 1) else 1
            cards.append([card.id, x, y, i + 1, up, PILE_IDS[pile]])
    return {"code": game.code, "moves": len(game.history), "cards": cards,
            "counts": {"stock": str(len(game.stock)), "reserve": str(len(game.reserve)),
                       "score": str(game.score), "moves": str(len(game.history))}}


def _text(game):
    return json.dumps(view_of(game), separators=(",", ":"))


def view(code):
    """Deal `code` and answer its view (JSON text)."""
    global GAME
    GAME = Game.from_code(code)
    return _text(GAME)


def tap(action_text):
    """One tap, {"t": "tap", "pile": "stock", "card": null} (or a card's id): play what the engine says a tap
    there plays (nothing when none) and answer the new view (JSON text)."""
    action = json.loads(action_text)
    pile = UI_PILES.get(action.get("pile"))
    if GAME is not None and pile is not None:
        ids = [c.id for c in GAME.pile(pile)]
        count = len(ids) - ids.index(action["card"]) if action.get("card") in ids else 1
        move = GAME.tap_move(pile, count, True)
        if move is not None:
            GAME.play(move)
    return _text(GAME)


def long_game(code, moves):
    """The position after the first `moves` moves of the solver's winning line of `code` (the long game of
    the benchmark), as the game now; its view (JSON text)."""
    global GAME
    game = Game.from_code(code)
    line = solve(game).moves
    for move in line[:int(moves)]:
        game.play(move)
    GAME = game
    return _text(GAME)


__export__ = ["view", "tap", "long_game"]
