"""Every offered game readable on a phone in portrait (issue 47, item 2), in real windows at 360x640 and
390x844 (touch), in French (the longest names): at the deal, every card at least 40 px wide with a corner
index of at least 11 px; no counter (the stock's count and pass, the reserve's count) or pile name (several
reserves) over any card's corner index, none wider than its pile, none outside the board; and each of
several reserves shows its name above its fan, the one the rules and the screen reader give it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from canfield import Game
from worker.choices import offered_rulesets

pytestmark = [pytest.mark.reduced_motion]

SIZES = [(360, 640), (390, 844)]

# One evaluation: what the player sees of the table, and every fault found.
CHECK_JS = """() => {
    const faults = [], box = e => e.getBoundingClientRect();
    const seen = e => { const r = box(e), s = getComputedStyle(e);
                        return r.width > 0 && r.height > 0 && s.display !== 'none' && s.visibility !== 'hidden'; };
    const board = box(document.querySelector('.board'));
    const cards = [...document.querySelectorAll('.board [data-card]')].filter(seen);
    const indexes = [];
    for (const c of cards) {
        const r = box(c);
        if (r.width < 40 - 0.5) faults.push(['card width', c.dataset.card, r.width]);
        const corner = c.querySelector('.c');
        if (!corner || c.classList.contains('down')) continue;
        const fs = parseFloat(getComputedStyle(corner).fontSize);
        if (c === c.parentElement.lastElementChild && fs < 11 - 0.01) faults.push(['index font', c.dataset.card, fs]);
        for (const ix of c.querySelectorAll('.c, .c2')) if (seen(ix)) indexes.push([c.dataset.card, box(ix)]);
    }
    const overlaps = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const marks = [...document.querySelectorAll('.board .count, .board .pile-name')].filter(e => seen(e) && e.textContent.trim());
    for (const m of marks) {
        const r = box(m), what = (m.id || m.className) + ' "' + m.textContent.trim() + '"';
        const slot = m.closest('.slot') || m.closest('.pile');
        const own = box(m.closest('.pile') || slot), room = box(slot);
        for (const [code, ir] of indexes) {
            // a card's index under the mark, the mark's own pile's cards included (a face-down stock has none)
            const c = document.querySelector(`.board [data-card="${code}"]`);
            if (overlaps(r, ir) && !c.contains(m)) {
                const topmost = document.elementFromPoint((Math.max(r.left, ir.left) + Math.min(r.right, ir.right)) / 2,
                                                          (Math.max(r.top, ir.top) + Math.min(r.bottom, ir.bottom)) / 2);
                if (topmost && m.contains(topmost)) faults.push(['over an index', what, code]);
            }
        }
        if (m.classList.contains('pile-name'))      // in the band above its fan: over no other pile's place
            for (const p of document.querySelectorAll('.board .slot:not([hidden]) .pile'))
                if (!slot.contains(p) && seen(p) && overlaps(r, box(p))) faults.push(['over a pile', what, p.dataset.pile]);
        const width = m.classList.contains('pile-name') ? room.width + 4 : own.width;  // a name may use the gap
        if (r.width > width + 0.5) faults.push(['wider than its pile', what, r.width, width]);
        if (m.scrollWidth > m.clientWidth + 0.5 && getComputedStyle(m).overflow !== 'visible') faults.push(['cut', what]);
        if (r.left < board.left - 0.5 || r.right > board.right + 0.5 || r.top < board.top - 0.5 || r.bottom > board.bottom + 0.5)
            faults.push(['outside the board', what]);
    }
    const names = [...document.querySelectorAll('.board .slot:not([hidden]) .pile-name')].filter(seen).map(e => e.textContent.trim());
    return {faults, names, cards: cards.length};
}"""


def codes():
    out = []
    for i, (name, rules) in enumerate(offered_rulesets().items()):
        draws = (1, 3) if rules.draws is None else (rules.draws[0],)
        out.append(Game.new(draw=draws[i % len(draws)], rules=name, number=515 + i).code)
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_game_is_readable_on_a_phone_in_portrait(new_context, record_page, open_game, size):
    ctx = new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    record_page(page)
    all_codes = codes()
    open_game(all_codes[0], page=page, path="index.html?lang=fr")
    problems = {}
    for code in all_codes:
        if code != all_codes[0]:                     # an untouched deal: the address deals the next at once
            page.evaluate("c => { location.hash = c }", code)
        expect(page.locator("#deal-code")).to_have_text(code)
        page.wait_for_function("() => !document.querySelector('.board .moving')")
        got = page.evaluate(CHECK_JS)
        game = Game.from_code(code)
        assert got["cards"] > 0, code
        if got["faults"]:
            problems[code] = got["faults"]
        several = len(game.reserves)
        if several > 1:       # each reserve named above its fan, as the rules and the screen reader call it
            assert got["names"] == [f"Réserve {i}" for i in range(1, several + 1)], (code, got["names"])
        else:
            assert got["names"] == [], (code, got["names"])
    assert problems == {}, problems
