"""Saved games: a small JSON-able record of a game in progress, and its careful reading.

    {"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL",
     "moves": ["R-T2", "S", ...],      # the moves from the deal to the current position
     "redo": ["T2:2-T4", ...]}          # the moves undone, that redo would play next (next first)

The rule set and the draw are in the code. Reading replays the moves through the checked `play`, so a
record that was tampered with, or that an older engine wrote differently, cannot reach an illegal position:
it raises `InvalidSave` (a ValueError) saying what is wrong, with a `reason` code, and nothing else
happens. Text and bytes are read by canfield.jsonio (bounded size and depth).
"""

import json

from . import jsonio
from .errors import InvalidCode, InvalidJSON, InvalidSave, MoveError
from .game import Game

FORMAT = "canfield-save"
VERSION = 1
MAX_MOVES = 100_000  # far more than any real game; bounds the work a corrupted record can cause


MAX_DEPTH = jsonio.MAX_DEPTH  # the one depth bound of canfield.jsonio (kept under its old name)


_JSON_WHY = {"not-json": "the saved game is not JSON", "too-deep": "the saved game nests too deeply",
             "too-large": "the saved game is too large"}


def json_depth_ok(text, limit=MAX_DEPTH):
    """False when `text` nests arrays or objects deeper than `limit` (see canfield.jsonio.depth)."""
    return jsonio.depth(text, limit + 1) <= limit


def to_save(game):
    """The record of `game` (a dict of JSON types)."""
    if game.code is None:
        raise ValueError("a game made from piles has no deal code and cannot be saved")
    return {
        "format": FORMAT,
        "version": VERSION,
        "code": game.code,
        "moves": [str(m) for m in game.history],
        "redo": [str(m) for m in game.redo_moves],
    }


def dumps(game):
    return json.dumps(to_save(game), separators=(",", ":"))


def from_save(data):
    """The game a record describes, at its position, with its undo and redo history. Raises InvalidSave."""
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = jsonio.loads(data)
        except InvalidJSON as exc:
            raise InvalidSave(f"{_JSON_WHY[exc.reason]} ({exc})", exc.reason) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidSave("this is not a saved Canfield game", "format")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise InvalidSave(f"the saved game has format version {version!r:.40}; this version reads {VERSION}",
                          "version")
    code, moves, redo = data.get("code"), data.get("moves"), data.get("redo", [])
    if not isinstance(moves, list) or not isinstance(redo, list) or not all(
        isinstance(m, str) for m in moves + redo
    ):
        raise InvalidSave("the saved game's moves are not a list of move texts", "bad-field")
    if len(moves) + len(redo) > MAX_MOVES:
        raise InvalidSave(f"the saved game has more than {MAX_MOVES} moves", "bad-field")
    if not isinstance(code, str):
        raise InvalidSave("the saved game has no deal code", "bad-code")
    try:
        game = Game.from_code(code)
    except InvalidCode as exc:
        raise InvalidSave(f"the saved game's deal code is not valid: {exc}", "bad-code") from None
    for i, text in enumerate(moves + redo, 1):
        try:
            game.play(text)
        except MoveError as exc:
            raise InvalidSave(f"move {i} of the saved game cannot be played: {exc}", "bad-move") from None
    for _ in redo:
        game.undo()
    return game
