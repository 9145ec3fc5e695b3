"""Game links: a deal code, the moves played and optionally a result, as one short URL-safe text.

    G1.CF1-D3-AAAAACL.trRtSSSSWdS.s5m8
    │  │              │           └ optional result: the sharer's score (s, may be negative) and moves (m)
    │  │              └ the moves, two characters each (a draw one, a tail carries its count first)
    │  └ the deal code, as canfield.deal writes it (numbered or explicit)
    └ "G" and the link format's version

A link is read as carefully as a saved game: the code is parsed and every move is replayed through the
checked `Game.play`, so a tampered link cannot reach an illegal position; anything wrong raises
`InvalidLink` (a CanfieldError, so a ValueError) saying what, and nothing else happens. The move alphabet
is fixed here, not derived from the engine's pile order, so that a link written today reads the same
forever. The format, character by character: docs/engine.md, "Game links".
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import InvalidCode, InvalidLink, MoveError
from .game import Game, Move

TAG = "G"
VERSION = 1
MAX_LENGTH = 20_000  # far above a real game (about two characters a move); bounds a hostile link's work
MAX_MOVES = 5_000
MAX_RESULT = 10**6  # as canfield.stats bounds a score

# One character per pile: the three single piles, then foundations F1..F16 as a..p, columns T1..T8 as q..x;
# then (issue 34) columns T9..T12 as y, z, A, B and the reserves R1..R4 of a game of several as C..F.
_PILES = (("S", "W", "R") + tuple(f"F{i}" for i in range(1, 17)) + tuple(f"T{i}" for i in range(1, 13))
          + tuple(f"R{i}" for i in range(1, 5)))
_CHARS = "SWR" + "abcdefghijklmnop" + "qrstuvwx" + "yzAB" + "CDEF"
_TO_CHAR = dict(zip(_PILES, _CHARS))
_TO_PILE = dict(zip(_CHARS, _PILES))
_MOVE_RE = re.compile(r"S|([1-9][0-9]{0,2})?([WRa-zA-F])([Sa-zAB])")
_RESULT_RE = re.compile(r"s(-?[0-9]{1,7})m([0-9]{1,7})")
_LINK_RE = re.compile(r"G([0-9]{1,3})\.")


class Link(NamedTuple):
    """A read link: the game at the end of its moves, and the sharer's result (None when it carries none)."""

    game: Game
    score: int | None
    moves: int | None


def is_link(text) -> bool:
    """True when `text` is written as a game link (it may still be a bad one); False for a bare deal code."""
    return isinstance(text, str) and _LINK_RE.match(text.strip()) is not None


def _move_text(move: Move) -> str:
    if move.src == "S":
        return "S"
    count = move.count if type(move.count) is int and move.count > 1 and move.dst != "S" else None
    return f"{count or ''}{_TO_CHAR[move.src]}{_TO_CHAR[move.dst]}"


def encode(game: Game, *, moves: bool = True, result: tuple[int, int] | None = None) -> str:
    """The link of `game`: its deal code and the moves of its history (`moves=False`: the deal alone),
    with `result` = (score, moves) when given. Raises InvalidLink for a game without a deal code."""
    code = game.code
    if code is None:
        raise InvalidLink("a game made from piles has no deal code, so it has no link")
    parts = [f"{TAG}{VERSION}", code, "".join(_move_text(m) for m in game.history) if moves else ""]
    if result is not None:
        score, count = result
        parts.append(f"s{int(score)}m{int(count)}")
    return ".".join(parts)


def read(text) -> Link:
    """The game a link describes, positioned after its moves (every move undoable, nothing to redo), and
    its result. Raises InvalidLink on anything that is not a good link."""
    if not isinstance(text, str):
        raise InvalidLink(f"a game link is text such as 'G1.CF1-D3-AAAAACL.SRr', not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise InvalidLink(f"the game link is too long ({len(text)} characters; at most {MAX_LENGTH})")
    text = text.strip()
    head = _LINK_RE.match(text)
    if head is None:
        raise InvalidLink(f"{text!r:.60} is not a game link: it starts with G{VERSION}.")
    if int(head.group(1)) != VERSION:
        raise InvalidLink(f"the game link has format version {head.group(1)}; this version reads {VERSION}")
    parts = text.split(".")
    if len(parts) not in (3, 4):
        raise InvalidLink(f"{text!r:.60} is not a game link: it has {len(parts)} parts separated by '.', not 3 or 4")
    _, code, moves = parts[:3]
    score = count = None
    if len(parts) == 4:
        match = _RESULT_RE.fullmatch(parts[3])
        if match is None:
            raise InvalidLink(f"the game link's result {parts[3]!r:.40} is not written as s<score>m<moves>")
        score, count = int(match.group(1)), int(match.group(2))
        if abs(score) > MAX_RESULT or count > MAX_RESULT:
            raise InvalidLink(f"the game link's result {parts[3]!r:.40} is out of bounds")
    try:
        game = Game.from_code(code)
    except InvalidCode as exc:
        raise InvalidLink(f"the game link's deal code is not valid: {exc}") from None
    pos = n = 0
    while pos < len(moves):
        match = _MOVE_RE.match(moves, pos)
        if match is None:
            raise InvalidLink(f"the game link's moves cannot be read at character {pos + 1} ({moves[pos:pos + 8]!r})")
        n += 1
        if n > MAX_MOVES:
            raise InvalidLink(f"the game link has more than {MAX_MOVES} moves")
        if match.group(0) == "S":
            move = Move("S", "W", None)
        else:
            src, dst = _TO_PILE[match.group(2)], _TO_PILE[match.group(3)]
            if dst == "S":
                move = Move(src, dst, None) if match.group(1) is None and src == "W" else None
            elif src[0] == "T" and dst[0] in "TF":  # a tail, or four of a kind onto a foundation (T3:4-F1)
                move = Move(src, dst, int(match.group(1) or 1))
            else:
                move = Move(src, dst, 1) if match.group(1) is None else None
            if move is None:
                raise InvalidLink(f"move {n} of the game link ({match.group(0)!r}) is not a move")
        try:
            game.play(move)
        except MoveError as exc:
            raise InvalidLink(f"move {n} of the game link cannot be played: {exc}") from None
        pos = match.end()
    return Link(game, score, count)


def decode(text) -> Game:
    """The game a link describes, positioned after its moves; `read` also gives the result. Raises
    InvalidLink."""
    return read(text).game
