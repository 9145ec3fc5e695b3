"""Drops go where the player meant (issue 47): a card dragged onto a column that refuses it, or let go in
empty table space, slides back to its pile and #announce says why, at a phone's two sizes and on a
desktop; the automatic move to a foundation belongs to a tap, never to a drop. (Once, the 8 of hearts let
go over column 1 went to foundation 1, just above that column.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from test_game import SEED_CODE, card, piles

SIZES = [(390, 844), (844, 390), (1280, 800)]

# the boxes the dragged card must stay clear of to be "in empty table space": every pile's slot, a column
# only as far down as its cards go (its slot runs to the board's foot), and the board's own box
BOXES_JS = """() => {
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const out = [];
  for (const p of document.querySelectorAll('[data-pile]')) {
    if (p.closest('[hidden]')) continue;
    const b = box(p);
    if (p.dataset.pile.startsWith('tableau-')) {
      const cards = [...p.querySelectorAll('[data-card]')].map(box);
      b[3] = Math.max(b[1], ...cards.map(c => c[3]));
    }
    out.push(b);
  }
  return {piles: out, board: box(document.getElementById('board'))};
}"""


def empty_point(page, grab, w, h):
    """A point of the board where the card, held at `grab` from its corner, lies clear of every pile by
    half a card's width (the worker grows each pile by a third of one)."""
    boxes = page.evaluate(BOXES_JS)
    left, top, right, bottom = boxes["board"]
    clear = w / 2
    for y in range(int(top) + 4, int(bottom) - 4, 6):
        for x in range(int(left) + 4, int(right) - 4, 6):
            cx, cy = x - grab[0], y - grab[1]
            if all(cx + w + clear <= x0 or cx >= x1 + clear or cy + h + clear <= y0 or cy >= y1 + clear
                   for x0, y0, x1, y1 in boxes["piles"]):
                return x, y
    raise AssertionError(f"no empty table space at {page.viewport_size}: {boxes}")


def said(page, before, words):
    """Wait until #announce says something new (the same sentence again toggles a no-break space at its
    end) holding `words`."""
    try:
        page.wait_for_function("([b, w]) => { const t = document.getElementById('announce').textContent;"
                               " return t !== b && t.includes(w); }", arg=[before, words])
    except PlaywrightTimeout:
        now = page.locator("#announce").text_content()
        raise AssertionError(f"#announce says {now!r}, not {words!r} (before the drop: {before!r})") from None


def let_go(page, code, at):
    """Drag the card `code` by its middle and let it go with the pointer at `at`; returns #announce's text
    before the drop and where the card was held."""
    box = card(page, code).bounding_box()
    grab = (box["width"] / 2, box["height"] / 2)
    x, y = box["x"] + grab[0], box["y"] + grab[1]
    before = page.locator("#announce").text_content()
    tx, ty = at(grab, box["width"], box["height"])
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()
    return before


def back_in_place(page, code, pile):
    """The card is drawn in its pile's slot again: no pointer translation left, the slide back done."""
    page.wait_for_function(
        """([code, pile]) => {
             const c = document.querySelector(`[data-card="${code}"]`).getBoundingClientRect();
             const p = document.querySelector(`[data-pile="${pile}"]`).getBoundingClientRect();
             return Math.abs(c.left - p.left) < 1.5 && Math.abs(c.top - p.top) < 1.5
               && !document.querySelector(`[data-card="${code}"]`).style.transform;
           }""", arg=[code, pile])


def test_a_card_let_go_over_a_column_that_refuses_it_or_in_empty_space_goes_back_and_is_announced(open_game):
    page = open_game(SEED_CODE, path="index.html?lang=en")
    card(page, "QC").click()                     # the queen of clubs onto column 2: the 8 of hearts shows
    expect(page.locator('[data-pile="reserve"] [data-card]').last).to_have_attribute("data-card", "8H")
    before = piles(page)                         # the 8 of hearts may go to foundation 1, not onto column 1
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("v => document.getElementById('game').dataset.viewport === v",
                               arg=f"{width}x{height}")

        def over_column(grab, w, h):
            # the card drawn over column 1's card and a little higher, as a hand lets it go: it touches
            # foundation 1's edge where that foundation sits just above the column
            t = page.locator('[data-pile="tableau-1"]').bounding_box()
            return t["x"] + grab[0] + 2, t["y"] + grab[1] - h * 0.2

        was = let_go(page, "8H", over_column)
        said(page, was, "8 of hearts cannot go there (Column 1)")
        back_in_place(page, "8H", "reserve")
        assert piles(page) == before, (width, height)

        was = let_go(page, "8H", lambda grab, w, h: empty_point(page, grab, w, h))
        said(page, was, "Not a legal move: the card goes back.")
        back_in_place(page, "8H", "reserve")
        assert piles(page) == before, (width, height)
    expect(page.locator('[data-action="undo"]')).to_be_enabled()       # only the queen's tap was a move
    assert page.locator("#moves").text_content().strip() == "1"


@pytest.mark.parametrize("lang, words", [("fr", "ne peut pas aller là (Colonne 1)"),
                                         ("nl", "kan daar niet heen (Kolom 1)")])
def test_the_refused_drop_is_said_in_the_players_language(open_game, lang, words):
    page = open_game(SEED_CODE, path=f"index.html?lang={lang}")
    card(page, "QC").click()
    expect(page.locator('[data-pile="reserve"] [data-card]').last).to_have_attribute("data-card", "8H")
    before = piles(page)

    def over_column(grab, w, h):
        t = page.locator('[data-pile="tableau-1"]').bounding_box()
        return t["x"] + grab[0] + 2, t["y"] + grab[1] - h * 0.2

    was = let_go(page, "8H", over_column)
    said(page, was, words)
    back_in_place(page, "8H", "reserve")
    assert piles(page) == before
