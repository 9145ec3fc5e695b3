"""Saved games: a small JSON-able record of a game in progress, and its careful reading.

    {"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL",
     "moves": ["R-T2", "S", ...],      # the moves from the deal to the current position
     "redo": ["T2:2-T4", ...]}          # the moves undone, that redo would play next (next first)

The rule set and the draw are in the code. Reading replays the moves through the checked `play`, so a
record that was tampered with, or that an older engine wrote differently, cannot reach an illegal position:
it raises `InvalidSave` (a ValueError) saying what is wrong, and nothing else happens.
"""

import json

from .errors import CanfieldError, IllegalMove, InvalidCode
from .game import Game

FORMAT = "canfield-save"
VERSION = 1
MAX_MOVES = 100_000  # far more than any real game; bounds the work a corrupted record can cause


MAX_DEPTH = 20  # our records nest 2 deep; deeper text is refused before parsing


class InvalidSave(CanfieldError):
    """A saved game that cannot be read."""


def json_depth_ok(text, limit=MAX_DEPTH):
    """False when `text` nests arrays or objects deeper than `limit`.

    Checked before json.loads: in Pyodide a deeply nested text ("[" * 100000) overflows the browser's
    stack inside the parser, a fatal error that no `except` catches."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


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
            if isinstance(data, (bytes, bytearray)):
                data = bytes(data).decode("utf-8")
            if not json_depth_ok(data):
                raise InvalidSave("the saved game nests too deeply to be a saved game")
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise InvalidSave(f"the saved game is not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidSave("this is not a saved Canfield game")
    version = data.get("version")
    if version != VERSION:
        raise InvalidSave(f"the saved game has format version {version!r}; this version reads {VERSION}")
    code, moves, redo = data.get("code"), data.get("moves"), data.get("redo", [])
    if not isinstance(moves, list) or not isinstance(redo, list) or not all(
        isinstance(m, str) for m in moves + redo
    ):
        raise InvalidSave("the saved game's moves are not a list of move texts")
    if len(moves) + len(redo) > MAX_MOVES:
        raise InvalidSave(f"the saved game has more than {MAX_MOVES} moves")
    try:
        game = Game.from_code(code)
    except InvalidCode as exc:
        raise InvalidSave(f"the saved game's deal code is not valid: {exc}") from None
    for i, text in enumerate(moves + redo, 1):
        try:
            game.play(text)
        except IllegalMove as exc:
            raise InvalidSave(f"move {i} of the saved game cannot be played: {exc}") from None
    for _ in redo:
        game.undo()
    return game
