"""The board kept for the next visit: a structured record that static/paint.js paints before Python.

Pure Python (tested under CPython). A while after the saved game changed, the worker's session makes
`record(...)` (static/worker/session.py) and the page writes it to localStorage under `KEY` with the answer's
other writes. On the next load static/paint.js reads it,
checks every field (pile ids, card codes, finite numbers, short texts) and rebuilds the board's
elements from it, never from stored markup; it paints it only when it was drawn for the same window,
language and look, and for the saved game now in storage (`save_hash` of its text).

The record holds what the live renderer's first drawing will show, so the live board replaces the
painted one with no jump: the cards of each pile at their rest places (no selection, cursor or
hint marks: a reload starts without them), the layout's geometry and custom properties, the
header's counters and words, the foundations' next-card placeholders. The cards are the view's own
values (static/shared/table.py visible_cards, static/worker/layout.py card_offset, as
static/worker/view.py draws them): a face-down card of a column or a reserve is the live board's back,
its place's id ("~T3.0", back_id), never the card, so the stored record names no face-down card
(tests/test_snapshot_record.py compares it with static/worker/scene.py's cards).

The same shape, without "vw"/"vh"/"layout"/"save", describes each first-visit deal of
static/deals.js (scripts/build_deals.py); the painter then lays it out with its copy of
static/worker/layout.py's fresh-deal layout.
"""

from __future__ import annotations

import json

from shared.cardface import SUIT_SYMBOLS, rank_labels
from shared.table import stock_move, visible_cards
from shared.storage_keys import SNAPSHOT_KEY

KEY = SNAPSHOT_KEY    # its first name (static/shared/storage_keys.py holds every key)
FORMAT = 1
MAX_BYTES = 64 * 1024   # a bigger record is not kept (ours are about 3 KB)

# Words of the page shown on the board before Python runs (index.html's [data-t] elements in the
# header and the keyboard-help line): the painter writes them so that nothing changes at the handover.
TEXT_KEYS = ("score", "deal", "action.undo", "action.redo", "action.restart", "action.hint", "action.new",
             "action.stats", "action.rules", "action.settings", "moves", "keys.help")


def save_hash(text: str | None) -> str:
    """FNV-1a (32 bits) of a stored text over its UTF-16 code units, as 8 hex digits ("" for no text).

    static/paint.js computes the same over the string it reads (charCodeAt), so a snapshot is painted
    only over the very save it was drawn from."""
    if text is None:
        return ""
    h = 0x811C9DC5
    data = text.encode("utf-16-le", "surrogatepass")   # a lone surrogate is one code unit, as in JS
    for i in range(0, len(data), 2):
        h ^= data[i] | (data[i + 1] << 8)
        h = (h * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}"


def rank_table(t) -> dict[str, str]:
    """Rank letter of a code -> the rank as the corner index writes it in this language."""
    return rank_labels(t)


def texts(t) -> dict[str, str]:
    return {key: t(key) for key in TEXT_KEYS}


def placeholders(game, t) -> dict:
    """Each foundation's next card, drawn in its empty slot: [label, suit, red] or None, as the live view
    draws it (static/worker/scene.py `_placeholders`): a foundation of any suit (The Plot, Beehive) gives
    [its rank or "", None, False] (a class of no suit), one of any rank (Dutchess's base not chosen yet)
    [its suit's symbol, suit, red]."""
    out = {}
    for i in range(1, len(game.foundations) + 1):
        nxt = game.foundation_next(i - 1)
        if nxt is not None and nxt.suit is None:
            out[f"foundation-{i}"] = [t(f"rank.{nxt.rank}") if nxt.rank else "", None, False]
            continue
        if nxt is not None and nxt.rank is None:
            out[f"foundation-{i}"] = [SUIT_SYMBOLS[nxt.suit], nxt.suit, bool(nxt.red)]
            continue
        out[f"foundation-{i}"] = [t.card_label(nxt.rank, nxt.suit), nxt.suit, bool(nxt.red)] if nxt else None
    return out


def board(game, offsets) -> dict:
    """The part every record shares: cards by pile, counters. `offsets(pile, index)` -> (x, y) in the pile."""
    cards = {}
    for pile, codes in visible_cards(game).items():
        cards[pile] = [[code, *offsets(pile, i)] for i, code in enumerate(codes)]
    stock_n = len(game.stock)
    return {
        "code": game.code or "",
        "draw": game.draw,
        "rules": game.rules.name,
        "cards": cards,
        "counts": {
            "score": str(game.score),
            "stock": str(stock_n) if stock_n else ("↻" if game.waste else ""),
            "reserve": str(len(game.reserve)),
            "moves": str(len(game.history)),      # #moves: the engine's history, as static/shared/counters.py
        },
        "stock_empty": stock_n == 0,
    }


def stock_answer(game, offsets) -> dict | None:
    """What a tap on the stock makes of this board (the engine's draw or recycle, played on a copy), for
    the painter to show at once when the stock is tapped before Python is live; None when the stock does
    nothing. Only the cards and the counters: the layout is the same (a draw changes no column)."""
    move = stock_move(game)
    if move is None:
        return None
    after = game.copy()
    after.play(move)
    b = board(after, offsets)
    return {"cards": b["cards"], "counts": b["counts"], "stock_empty": b["stock_empty"]}


def record(game, layout, t, lang: str, look: list[str], viewport: tuple[float, float], coarse: bool,
           save_text: str | None, clock: str | None = None, shown: tuple[bool, bool] = (True, True)) -> dict:
    """The snapshot of the board drawn now: `layout` is the renderer's, `look` the classes on #game,
    `viewport` the (width, height) the layout was computed for, `save_text` the saved game in storage."""
    rec = board(game, layout.card_offset)
    if clock is not None:
        rec["counts"]["clock"] = clock            # #clock as drawn (m:ss)
    rec["shown"] = {"moves": bool(shown[0]), "clock": bool(shown[1])}   # the settings that hide them
    rec.update({
        "v": FORMAT,
        "vw": float(viewport[0]),
        "vh": float(viewport[1]),
        "coarse": bool(coarse),
        "lang": lang,
        "save": save_hash(save_text),
        "look": sorted(look),
        "layout": {
            "arrangement": layout.arrangement,
            "bar_h": layout.bar_h,
            "board_h": layout.board_h,
            "cw": layout.cw,
            "ch": layout.ch,
            "fs": layout.fs,
            "gap": layout.gap,
            "help": bool(layout.help),
            "piles": {p: list(r) for p, r in layout.piles.items()},
            "col_fs": dict(layout.col_fs),
        },
        "ph": placeholders(game, t),
        "after_stock": stock_answer(game, layout.card_offset),
        "ranks": rank_table(t),
        "texts": texts(t),
    })
    return rec


def encode(rec: dict) -> str | None:
    """The record as stored text, or None when it is over MAX_BYTES (then nothing is kept)."""
    text = json.dumps(rec, separators=(",", ":"), ensure_ascii=False)
    return text if len(text.encode("utf-8")) <= MAX_BYTES else None
