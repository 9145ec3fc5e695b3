"""A card element's look from its id alone: its classes, the face it wears and its inner markup.

Runs under CPython and MicroPython alike (the page's side of the two-sided page draws cards with it):
no import at all, no dataclasses, typing, annotations or f-strings. scripts/make_faces.py draws the art
(the symbols in index.html that `art_markup` names) around these; static/page/render.py and static/page/celebrate.py build card elements
from them, static/paint.js copies `card_markup` (tests/browser/test_facts_parity.py compares both).

The element is ``<div class="card s<suit> <colour>" data-card="QC">``: see `card_class`; a copy of a
card of another deck is ``data-card="QC2" data-copy="QC"``, wearing its card's face.
"""

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CODES = tuple(r + s for s in SUITS for r in RANKS)
ART_VIEWBOX = "0 0 100 110"   # the art's box between the index strips (scripts/make_faces.py draws in it)
ART_PREFIX = "f-"             # its symbols' ids in index.html: f-QC, and f-QCg for a figure's gold

_ENGLISH = {}
for _r in RANKS:
    _ENGLISH[_r] = "10" if _r == "T" else _r


def is_back(card_id):
    """A face-down card drawn as a back: its id names its place ("~T3.0"), never the card
    (static/shared/table.py back_id)."""
    return card_id[:1] == "~"


def card_class(code):
    """The classes of a card element; `code`: a card's code or id ("QC", "QC2": every copy of a card looks
    the same). Read from the text alone (rank, then suit), so the renderer needs no engine. A back
    ("~T3.0") is "card down"."""
    if is_back(code):
        return "card down"
    suit = code[-1] if code[-1] in "SHDC" else code[-2]
    return "card s" + suit + (" red" if suit in "HD" else " black")


def face_code(card_id):
    """The two-character code whose face a card shows: "QC" for "QC" and for its copies "QC2".."QC4"."""
    return card_id[:2]


def card_markup(code, labels=None):
    """The inner HTML of a card element: two corner indices and the art's box.

    `labels` maps the rank letter of the code ("A", "2", ..., "T", "J", "Q", "K") to the rank as
    the player's language writes it (see `rank_labels`); missing: English. The indices are drawn
    by CSS from data-f (the card element is aria-hidden: its pile's accessible name says the card).
    """
    if code not in CODES:
        raise ValueError("not a card code: " + repr(code))
    rank = (labels or {}).get(code[0]) or _ENGLISH[code[0]]
    sym = SUIT_SYMBOLS[code[1]]
    index = '<b data-f="' + rank + '"></b><i data-f="' + sym + '"></i>'
    return ('<span class="c" data-face="' + rank + sym + '">' + index + '</span>'
            '<span class="c2">' + index + '</span>'
            '<span class="art">' + art_markup(code) + '</span>')


def art_markup(code):
    """The centre art of a card's face: an SVG naming its symbols in index.html (scripts/make_faces.py
    draws them): `f-QC`, and `f-QCg`, the gold, for a figure."""
    gold = '<use class="gold" href="#' + ART_PREFIX + code + 'g"></use>' if code[0] in "JQK" else ''
    return '<svg viewBox="' + ART_VIEWBOX + '"><use href="#' + ART_PREFIX + code + '"></use>' + gold + '</svg>'


def card_html(code, labels=None):
    """A card's face: the corner indices, drawn by CSS from data-f, and the art (`art_markup`).
    A picture of the card: the pile's accessible name says the card in words, so no abbreviation
    ("D♣") is left for a screen reader to contradict. `labels`: `rank_labels(t)`; `code`: a card's
    code or id (a copy shows its card's face)."""
    return card_markup(face_code(code), labels)


def rank_labels(t):
    """The rank letters of one language, from a translator (`t("rank.12")` -> "D" in French)."""
    out = {}
    for i in range(len(RANKS)):
        out[RANKS[i]] = t("rank.%d" % (i + 1))
    return out
