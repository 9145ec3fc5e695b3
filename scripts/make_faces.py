"""Write the centre art of the 52 card faces into index.html: one hidden inline SVG of symbols.

    python scripts/make_faces.py          # write index.html's faces block
    python scripts/make_faces.py --check  # exit 1 if index.html's block differs from what it would write

Standard library only. index.html is committed, so serving the game needs no build step for it;
tests/test_look.py fails when it is out of date.

The rest of a face is the page's: the corner indices, rank and suit side by side in the player's
language ("D♣" in French, "V♣" in Dutch, "Q♣" in English), are page text drawn by CSS from data-f
attributes in the card element's markup (static/shared/cardface.py `card_markup`), so they stay sharp and
readable in the strip a covered card shows in a column and in the left part a covered waste card shows.
The art drawn here:
- the centre (pips laid out as on real cards for A-10, a figure for J, Q and K), painted in the card's
  text colour (`currentColor`), so the four-colour deck and the high-contrast theme recolour it with no
  second set of pictures;
- for the figures only, a second symbol with the gold parts (crown, collar, sceptre).

Each card's art is `<svg viewBox="0 0 100 110"><use href="#f-QC"></use></svg>` (and `<use class="gold"
href="#f-QCg"></use>` for a figure) in the card's markup, which names the symbol by the card's code; the small
cards of the rules dialog (static/worker/rules_view.py) use the same markup. Inline symbols, not images: an
SVG image (the data: URIs of the former static/faces.css) costs Chromium a document of its own the first
time it is shown, 2-3 ms each on a desktop (about 95 ms of layout for the 52 faces against about 12 ms
for these; docs/loading.md), and that time fell in the first drawing and in the taps that turn up a card.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))  # the card codes: static/shared/cardface.py
from shared.cardface import ART_PREFIX, ART_VIEWBOX, CODES, RANKS, SUITS  # noqa: E402

INDEX = REPO / "index.html"

# The art's box: the part of the card between the two index strips (about square on every layout).
VIEW_W, VIEW_H = (int(v) for v in ART_VIEWBOX.split()[2:])

# One suit symbol in a 20 x 20 box centred on (0, 0), point up.
SUIT_PATHS = {
    "H": "M0 9C-4 5-10 1-10-4C-10-8-7-10-4.5-10C-2.5-10-.8-8.6 0-7C.8-8.6 2.5-10 4.5-10C7-10 10-8 10-4C10 1 4 5 0 9Z",
    "D": "M0-10L7.6 0 0 10-7.6 0Z",
    "S": ("M0-10C4-5 10-2 10 3C10 6.5 7.6 8.2 5.4 8.2C3.6 8.2 2 7.2 1.1 5.6C1.3 8 2.2 9.4 4 10H-4"
          "C-2.2 9.4-1.3 8-1.1 5.6C-2 7.2-3.6 8.2-5.4 8.2C-7.6 8.2-10 6.5-10 3C-10-2-4-5 0-10Z"),
    "C": ("M0-10.2A4.7 4.7 0 0 1 3.6-2.5A4.7 4.7 0 1 1 1.2 5.4C1.4 8 2.3 9.4 4 10H-4C-2.3 9.4-1.4 8-1.2 5.4"
          "A4.7 4.7 0 1 1-3.6-2.5A4.7 4.7 0 0 1 0-10.2Z"),
}

# Pip positions (x, y) in the art box, as on real cards: columns left / centre / right, the pips
# of the lower half turned upside down.
_L, _C, _R = 27, 50, 73
_ROW4 = (15, 41.7, 68.3, 95)      # four rows (9, 10)
_ROW3 = (15, 55, 95)              # three rows (2-8)
PIP_LAYOUTS = {
    1: ((_C, 55),),
    2: ((_C, _ROW3[0]), (_C, _ROW3[2])),
    3: ((_C, _ROW3[0]), (_C, 55), (_C, _ROW3[2])),
    4: ((_L, _ROW3[0]), (_R, _ROW3[0]), (_L, _ROW3[2]), (_R, _ROW3[2])),
    5: ((_L, _ROW3[0]), (_R, _ROW3[0]), (_C, 55), (_L, _ROW3[2]), (_R, _ROW3[2])),
    6: tuple((x, y) for y in _ROW3 for x in (_L, _R)),
    7: tuple((x, y) for y in _ROW3 for x in (_L, _R)) + ((_C, 35),),
    8: tuple((x, y) for y in _ROW3 for x in (_L, _R)) + ((_C, 35), (_C, 75)),
    9: tuple((x, y) for y in _ROW4 for x in (_L, _R)) + ((_C, 55),),
    10: tuple((x, y) for y in _ROW4 for x in (_L, _R)) + ((_C, 28.3), (_C, 81.7)),
}
ACE_SCALE = 2.4
PIP_SCALE = 1.1


def rank_number(code: str) -> int:
    return RANKS.index(code[0]) + 1


def _svg(body: str, defs: str = "") -> str:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {VIEW_H}">'
    return head + (f"<defs>{defs}</defs>" if defs else "") + body + "</svg>"


def _pip_def(suit: str) -> str:
    return f'<path id="p" d="{SUIT_PATHS[suit]}"/>'


def pip_svg(code: str) -> str:
    """The centre of an A-10: its pips, those below the middle turned."""
    rank, suit = rank_number(code), code[1]
    scale = ACE_SCALE if rank == 1 else PIP_SCALE
    uses = []
    for x, y in PIP_LAYOUTS[rank]:
        turn = " rotate(180)" if y > 55 else ""
        uses.append(f'<use href="#p" transform="translate({x:g} {y:g}) scale({scale:g}){turn}"/>')
    return _svg("".join(uses), _pip_def(suit))


# ---- the figures (J, Q, K): one half drawn, the other half the same turned, as on real cards ----
# Each half has the parts in the suit's colour (main) and the gold parts (accent).

_FRAME = '<rect x="9" y="3" width="82" height="104" rx="5" fill="none" stroke="#000" stroke-width="2"/>'
_SPLIT = '<path d="M9 55H91" stroke="#000" stroke-width="1.4"/>'
# Head outline (the face stays the card's white), eyes, mouth, shoulders and robe.
_HEAD = ('<circle cx="50" cy="25" r="8.5" fill="none" stroke="#000" stroke-width="2"/>'
         '<circle cx="47" cy="24" r="1.1"/><circle cx="53" cy="24" r="1.1"/>'
         '<path d="M47.5 29.2Q50 30.8 52.5 29.2" fill="none" stroke="#000" stroke-width="1.2"/>')
_ROBE = '<path d="M23 55C24 43 35 36 50 36C65 36 76 43 77 55Z"/>'
_COLLAR = '<path d="M36 37.5Q50 47 64 37.5L65 41.5Q50 51.5 35 41.5Z"/>'

FIGURES = {
    # king: crown, beard, sceptre
    13: (
        '<path d="M42.5 31Q50 41 57.5 31L57 33.5Q50 43.5 43 33.5Z"/>'        # beard
        '<path d="M22 9V52" stroke="#000" stroke-width="1.6"/>',              # sceptre shaft
        '<path d="M40 17.5V7L44.5 12.5L50 5L55.5 12.5L60 7V17.5Z"/>'         # crown
        '<circle cx="22" cy="8" r="3.2"/>' + _COLLAR,
    ),
    # queen: tiara, long hair, a flower
    12: (
        '<path d="M41.2 20C39 28 39 34 37 38L41 37Q42 30 42.5 24Z"/>'
        '<path d="M58.8 20C61 28 61 34 63 38L59 37Q58 30 57.5 24Z"/>'         # hair
        '<path d="M22 28V50" stroke="#000" stroke-width="1.4"/>',             # flower stem
        '<path d="M42 17.5L44 11L47 15L50 9L53 15L56 11L58 17.5Z"/>'          # tiara
        '<circle cx="22" cy="24" r="2.6"/><circle cx="18.6" cy="27" r="2.6"/><circle cx="25.4" cy="27" r="2.6"/>'
        '<circle cx="22" cy="30" r="2.6"/>' + _COLLAR,
    ),
    # jack: cap with a feather, a halberd
    11: (
        '<path d="M40.5 19Q41 9 50 9Q59 9 59.5 19Q50 15 40.5 19Z"/>'          # cap
        '<path d="M22 12V52" stroke="#000" stroke-width="1.6"/>',             # halberd shaft
        '<path d="M58 12Q67 4 70 9Q64 9 59.5 15Z"/>'                          # feather
        '<path d="M17 12L22 5L27 12L22 16Z"/>' + _COLLAR,
    ),
}


def _corner_pip() -> str:
    return '<use href="#p" transform="translate(77 13) scale(.5)"/>'


def figure_svgs(code: str) -> tuple[str, str]:
    """(main, accent) SVGs of a J, Q or K: the main parts take the suit's colour, the accent gold."""
    rank, suit = rank_number(code), code[1]
    main_half, accent_half = FIGURES[rank]
    turn = f"rotate(180 {VIEW_W / 2:g} {VIEW_H / 2:g})"
    main_one = _HEAD + _ROBE + main_half + _corner_pip()
    main = _svg(f'{_FRAME}{_SPLIT}<g id="h">{main_one}</g><use href="#h" transform="{turn}"/>', _pip_def(suit))
    accent = _svg(f'<g id="h">{accent_half}</g><use href="#h" transform="{turn}"/>')
    return main, accent


def face_svgs(code: str) -> tuple[str, str | None]:
    """(main, accent or None) SVGs of a card's centre art."""
    if code not in CODES:
        raise ValueError(f"not a card code: {code!r} (expected rank A23456789TJQK and suit SHDC, e.g. 'QC')")
    if rank_number(code) > 10:
        return figure_svgs(code)
    return pip_svg(code), None


SYMBOL_PREFIX = ART_PREFIX  # the symbols' ids: f-QC (the art), f-QCg (a figure's gold), f-pS (a suit's pip)
_BLOCK = re.compile(r'<svg class="faces"[^\n]*</svg>\n')


def _inner(svg: str, code: str, part: int) -> str:
    """A face's SVG as a symbol's content: the pip named per suit, the half-figure's id per card and part,
    the strokes in the card's colour."""
    inner = re.sub(r"<defs>.*?</defs>", "", re.sub(r"^<svg[^>]*>", "", svg)[:-len("</svg>")])
    half = f"{SYMBOL_PREFIX}h{code}{part}"
    return (inner.replace('href="#p"', f'href="#{SYMBOL_PREFIX}p{code[1]}"').replace('id="h"', f'id="{half}"')
            .replace('href="#h"', f'href="#{half}"').replace('"#000"', '"currentColor"'))


def faces_block() -> str:
    """index.html's hidden SVG of the faces' symbols (one line, with the comment line before it)."""
    defs = [f'<path id="{SYMBOL_PREFIX}p{suit}" d="{SUIT_PATHS[suit]}"/>' for suit in SUITS]
    for code in CODES:
        for part, svg in enumerate(face_svgs(code)):
            if svg is not None:
                name = SYMBOL_PREFIX + code + ("g" if part else "")
                defs.append(f'<symbol id="{name}" viewBox="0 0 {VIEW_W} {VIEW_H}">{_inner(svg, code, part)}</symbol>')
    return ('<svg class="faces" aria-hidden="true" focusable="false"><defs>' + "".join(defs) + "</defs></svg>\n")


def write_index(page: str) -> str:
    """index.html's text with its faces block as this script draws it."""
    found = _BLOCK.search(page)
    if found is None:
        raise SystemExit('index.html has no <svg class="faces"> line for the card faces')
    return page[:found.start()] + faces_block() + page[found.end():]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with index.html, write nothing")
    args = ap.parse_args(argv)
    page = INDEX.read_text(encoding="utf-8")
    text = write_index(page)
    if args.check:
        if text != page:
            print(f"{INDEX.relative_to(REPO)}'s card faces are out of date: run python scripts/make_faces.py",
                  file=sys.stderr)
            return 1
        return 0
    INDEX.write_text(text, encoding="utf-8")
    block = faces_block().encode("utf-8")
    print(f"{INDEX.relative_to(REPO)}: faces block {len(block)} bytes, {len(gzip.compress(block, 9))} gzipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
