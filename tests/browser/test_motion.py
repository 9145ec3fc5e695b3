"""Motion in Chromium: the deal flying in, slides and flips, the card-by-card auto-finish, the win
cascade; a tap or key ends each one; reduced motion and the Animations setting turn it all off.

Waits are on explicit markers (the page's animations, its elements, the engine's view of the board),
never on fixed sleeps.
"""

from __future__ import annotations

import pytest

import importlib.util
import json
from pathlib import Path

from playwright.sync_api import expect

from canfield import Game
from test_game import SEED_CODE, _foundation_only_deal, card, expect_view, piles, view_of
from test_persist import put_storage

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

EN = "index.html?lang=en"
RUNNING = "() => document.getAnimations().length"
NO_ANIMATIONS = "() => document.getAnimations().length === 0"
COUNT_ANIMATIONS = """() => { window.__anims = 0; const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) { window.__anims++; return animate.apply(this, args); }; }"""
# the four foundations' top cards after every change of the DOM (the renderer draws each step once)
WATCH_FOUNDATIONS = """() => {
    window.__tops = [];
    const tops = () => [1, 2, 3, 4].map(i => {
        const cs = document.querySelectorAll(`[data-pile="foundation-${i}"] [data-card]`);
        return cs.length ? cs[cs.length - 1].dataset.card : ''; }).join(',');
    window.__tops.push(tops());
    new MutationObserver(() => { const t = tops(); if (t !== window.__tops.at(-1)) window.__tops.push(t); })
        .observe(document.getElementById('board'), {subtree: true, childList: true});
}"""


def _audit():
    """tests/browser/test_a11y.py's axe-core audit (loaded by path: tests/test_a11y.py has the same name)."""
    path = Path(__file__).with_name("test_a11y.py")
    spec = importlib.util.spec_from_file_location("_motion_test_a11y", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.audit


def new_deal(page):
    page.locator('header [data-action="new"]').click()
    page.locator('#dlg-new [data-dialog="deal"]').click()


def dealt_game(page, before: str) -> Game:
    """The deal now in the address (after `before`), per the engine."""
    page.wait_for_function("before => decodeURIComponent(location.hash.slice(1)) !== before", arg=before)
    return Game.from_code(page.evaluate("() => decodeURIComponent(location.hash.slice(1))"))


def tops_of(game: Game) -> str:
    return ",".join(f[-1].code if f else "" for f in game.foundations)


# --------------------------------------------------------------------------- the deal

def test_a_new_game_flies_in_from_the_stock_and_then_rests(open_game):
    page = open_game(SEED_CODE, path=EN)
    assert page.evaluate(RUNNING) == 0            # at boot the board is already there: no deal flight
    page.evaluate("""() => { window.__flyers = 0; new MutationObserver(() => { window.__flyers = Math.max(
        window.__flyers, document.querySelectorAll('.flyer').length); }).observe(document.getElementById('board'),
        {childList: true}); }""")
    new_deal(page)
    page.wait_for_function("() => document.getAnimations().length >= 1")
    assert page.locator(".flyer[data-card]").count() == 0
    assert page.evaluate("() => window.__flyers") == 12          # the reserve's hidden cards, as backs
    page.wait_for_function(NO_ANIMATIONS)
    expect(page.locator(".flyer")).to_have_count(0)
    game = dealt_game(page, SEED_CODE)
    expect_view(page, view_of(game))
    # the last flight's end is drawn in a frame of its own: wait for it, then no card is left moving
    expect(page.locator("[data-card].moving")).to_have_count(0)


def test_flights_that_land_in_the_same_frame_all_leave_the_top_layer(open_game):
    """Flights ending together all report finished before their events run; the first event ends the
    deal, and the others must still take their card off the top layer (.moving is drawn above every
    pile: a card left in it covers the cards put on it later)."""
    page = open_game(SEED_CODE, path=EN)
    codes = page.evaluate("() => [...document.querySelectorAll('[data-pile^=\"tableau-\"] [data-card]')]"
                          ".slice(0, 4).map(c => c.dataset.card)")
    assert len(codes) == 4
    plan = {"reserve": [0, 0], "flights": [[code, 0, 40, -50, -50] for code in codes]}
    assert page.evaluate("p => window.canfieldMotion.deal(JSON.stringify(p))", plan) == 4
    page.wait_for_function(NO_ANIMATIONS)
    expect(page.locator("[data-card].moving")).to_have_count(0)


def test_every_card_of_the_deal_leaves_from_the_stock(open_game):
    """The flights' starts are computed from the layout, not measured: each card (and each back) is
    drawn on the stock at the moment its flight starts, at every window size."""
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}, {"width": 844, "height": 390}):
        page = open_game(SEED_CODE, path=EN)
        page.set_viewport_size(size)
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=size["width"])
        new_deal(page)
        page.wait_for_function("() => document.getAnimations().length >= 17")
        starts = page.evaluate("""() => {
            const s = document.querySelector('[data-pile="stock"]').getBoundingClientRect();
            const out = [];
            for (const a of document.getAnimations()) {
                a.pause();
                a.currentTime = a.effect.getTiming().delay;       // the first moment of its flight
                const r = a.effect.target.getBoundingClientRect();
                out.push([a.effect.target.dataset.card || 'back', r.left - s.left, r.top - s.top]);
            }
            for (const a of document.getAnimations()) a.finish();
            return out; }""")
        assert len(starts) >= 17
        off = [(key, round(dx, 2), round(dy, 2)) for key, dx, dy in starts if abs(dx) > 1 or abs(dy) > 1]
        assert not off, (size, off)
        page.wait_for_function(NO_ANIMATIONS)
        expect_view(page, view_of(dealt_game(page, SEED_CODE)))


def test_a_deal_named_in_the_address_flies_in_too(open_game):
    page = open_game(SEED_CODE, path=EN)
    page.evaluate("() => { location.hash = 'CF1-D3-AAAAACL'; }")
    page.wait_for_function("() => document.getAnimations().length >= 17")
    page.wait_for_function(NO_ANIMATIONS)
    expect_view(page, view_of(Game.from_code("CF1-D3-AAAAACL")))


def test_a_key_during_the_deal_ends_it_at_once(open_game):
    page = open_game(SEED_CODE, path=EN)
    new_deal(page)
    page.wait_for_function("() => document.getAnimations().length >= 17")
    page.locator('[data-pile="stock"]').focus()
    page.keyboard.press("Escape")
    assert page.evaluate(RUNNING) == 0            # every card where it lands, in the same event
    assert page.locator(".flyer").count() == 0
    expect_view(page, view_of(dealt_game(page, SEED_CODE)))


def test_a_tap_during_the_deal_ends_it_and_still_counts(open_game):
    page = open_game(SEED_CODE, path=EN)
    new_deal(page)
    page.wait_for_function("() => document.getAnimations().length >= 17")
    game = dealt_game(page, SEED_CODE)
    box = page.locator('[data-pile="stock"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)   # the stock: a draw
    expect(page.locator(".flyer")).to_have_count(0)
    game.play(game.tap_move("S"))
    expect_view(page, view_of(game))             # the tap was not lost: it drew
    page.wait_for_function(NO_ANIMATIONS)


def test_restart_deals_again(open_game):
    page = open_game(SEED_CODE, path=EN)
    card(page, "QC").click()
    expect(page.locator('[data-pile="tableau-2"] [data-card="QC"]')).to_have_count(1)
    page.wait_for_function(NO_ANIMATIONS)
    page.locator('header [data-action="restart"]').click()
    page.wait_for_function("() => document.getAnimations().length >= 17")
    page.wait_for_function(NO_ANIMATIONS)
    expect_view(page, view_of(Game.from_code(SEED_CODE)))


# --------------------------------------------------------------------------- moves

RECORD_ANIMATIONS = """() => { window.__keyframes = []; const animate = Element.prototype.animate;
    Element.prototype.animate = function (keys, opts) {
        window.__keyframes.push({card: this.dataset.card || null, pseudo: (opts && opts.pseudoElement) || null,
            props: [...new Set(keys.flatMap(k => Object.keys(k)).filter(p => !['offset', 'easing'].includes(p)))]});
        return animate.call(this, keys, opts); }; }"""


def test_a_draw_flips_and_a_move_slides_above_every_pile(open_game):
    page = open_game(SEED_CODE, path=EN)
    game = Game.from_code(SEED_CODE)
    page.evaluate(RECORD_ANIMATIONS)
    page.locator('[data-pile="stock"]').click()
    game.play("S")
    expect_view(page, view_of(game))
    drawn = {c.code for c in game.waste[-3:]}
    anims = page.evaluate("() => window.__keyframes")
    # each drawn card: its transform (slide and scaleX flip) and its back layer's opacity
    assert {a["card"] for a in anims if a["pseudo"] is None} == drawn
    assert {a["card"] for a in anims if a["pseudo"] == "::after"} == drawn
    assert all(set(a["props"]) == ({"opacity"} if a["pseudo"] else {"transform"}) for a in anims), anims
    page.wait_for_function(NO_ANIMATIONS)
    expect(page.locator(".card.flip, .card.moving")).to_have_count(0)
    page.evaluate("() => { window.__z = []; new MutationObserver(() => { const c = document.querySelector("
                  "'[data-card=\"QC\"]'); if (c.classList.contains('moving')) window.__z.push(getComputedStyle(c).zIndex); })"
                  ".observe(document.querySelector('[data-card=\"QC\"]'), {attributes: true}); }")
    card(page, "QC").click()
    expect(page.locator('[data-pile="tableau-2"] [data-card="QC"]')).to_have_count(1)
    page.wait_for_function("() => window.__z.length > 0")
    assert int(page.evaluate("() => window.__z[0]")) >= 90       # above every pile while it slides
    assert any(a["card"] == "QC" for a in page.evaluate("() => window.__keyframes"))


# --------------------------------------------------------------------------- auto-finish and the win

def _finishing_page(page, server, open_game, settings=None):
    code = _foundation_only_deal()
    put_storage(page, server, {"canfield.settings": json.dumps({"version": 1, "auto_finish": True, **(settings or {})})})
    open_game(code, path=EN)
    page.evaluate(WATCH_FOUNDATIONS)
    return code


@pytest.mark.own_page
def test_auto_finish_plays_card_by_card_then_the_cascade_then_the_dialog(open_game, page, server):
    code = _finishing_page(page, server, open_game)
    game = Game.from_code(code)
    want = [tops_of(game)]
    game.play(game.tap_move("S"))
    for move in game.finish_moves():
        game.play(move)
        if tops_of(game) != want[-1]:
            want.append(tops_of(game))
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#celebration")).to_have_count(1, timeout=30_000)
    got = page.evaluate("() => window.__tops")
    assert got == want, (got[-5:], want[-5:])        # one card at a time, in the engine's order
    expect(page.locator("#dlg-win")).to_be_hidden()  # the dialog waits for the celebration
    cel = page.locator("#celebration")
    assert cel.get_attribute("aria-hidden") == "true"
    page.wait_for_function("() => document.querySelectorAll('#celebration .cel-x').length >= 3")
    assert page.locator("#celebration [data-card]").count() == 0      # copies: the hooks stay unique
    assert page.locator("[data-card]").count() == 52 - 13 * 4 + 4      # the four foundations' tops
    before = piles(page)
    # any tap ends it, and does nothing else: here, where the Undo button is, under the layer
    box = page.locator('header [data-action="undo"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator(".cel-x")).to_have_count(0)
    expect(page.locator("#dlg-win")).to_be_visible()
    expect(page.locator("#celebration")).to_have_count(0)
    assert piles(page) == before
    expect(page.locator("#score")).to_have_text("255")
    _audit()(page, "win dialog after the celebration")


@pytest.mark.own_page
def test_a_tap_during_auto_finish_finishes_at_once_and_a_key_ends_the_cascade(open_game, page, server):
    _finishing_page(page, server, open_game)
    page.locator('[data-pile="stock"]').click()
    page.wait_for_function("() => window.__tops.length >= 3")      # a few cards up, one by one
    box = page.locator('[data-pile="tableau-1"]').bounding_box()
    page.mouse.click(box["x"] + 10, box["y"] + 10)
    expect(page.locator("#score")).to_have_text("255")
    tops = page.evaluate("() => window.__tops")
    assert tops[-1] == "6H,6S,6D,6C"
    page.wait_for_function("() => document.querySelectorAll('#celebration .cel-x').length >= 2")
    page.keyboard.press("Enter")
    expect(page.locator(".cel-x")).to_have_count(0)
    expect(page.locator("#dlg-win")).to_be_visible()


@pytest.mark.own_page
def test_axe_passes_during_the_celebration(open_game, page, server):
    _finishing_page(page, server, open_game)
    path = Path(__file__).with_name("test_a11y.py")
    spec = importlib.util.spec_from_file_location("_motion_test_a11y_axe", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page.evaluate(module.AXE.read_text(encoding="utf-8"))
    page.locator('[data-pile="stock"]').click()
    page.wait_for_function("() => window.__tops.length >= 2")
    page.keyboard.press("Escape")                    # the rest at once: the celebration comes sooner
    page.wait_for_function("() => document.querySelectorAll('#celebration .cel-x').length >= 1")
    had, violations = page.evaluate("""async () => {
        const had = document.querySelectorAll('#celebration .cel-x').length > 0;
        const r = await axe.run(document, {resultTypes: ['violations']});
        return [had, r.violations.map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))];
    }""")
    assert had and violations == []


@pytest.mark.own_page
def test_the_cascade_ends_by_itself_and_the_dialog_opens(open_game, page, server):
    _finishing_page(page, server, open_game)
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#celebration")).to_have_count(1, timeout=30_000)
    expect(page.locator("#dlg-win")).to_be_visible(timeout=30_000)
    expect(page.locator("#celebration")).to_have_count(0)
    assert page.evaluate("() => document.getElementById('game').classList.contains('celebrating')") is False


# --------------------------------------------------------------------------- motion off

@pytest.mark.own_page
def test_reduced_motion_no_deal_no_steps_no_cascade(open_game, page, server):
    page.emulate_media(reduced_motion="reduce")
    page_ = open_game(SEED_CODE, path=EN)
    page_.evaluate(COUNT_ANIMATIONS)
    new_deal(page)
    game = dealt_game(page, SEED_CODE)
    expect_view(page, view_of(game))
    assert page.evaluate("() => window.__anims") == 0 and page.evaluate(RUNNING) == 0
    _finishing_page(page, server, open_game)
    page.evaluate(COUNT_ANIMATIONS)
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#dlg-win")).to_be_visible()
    page.wait_for_function("() => window.__tops.at(-1) === '6H,6S,6D,6C'")   # drawn at the next frame
    assert len(page.evaluate("() => window.__tops")) == 2        # before, and all up at once
    assert page.locator("#celebration").count() == 0
    assert page.evaluate("() => window.__anims") == 0
    page.emulate_media(reduced_motion="no-preference")


@pytest.mark.own_page
def test_the_animations_setting_off_is_like_reduced_motion(open_game, page, server):
    _finishing_page(page, server, open_game, {"motion": False})
    page.evaluate(COUNT_ANIMATIONS)
    page.locator('header [data-action="settings"]').click()
    expect(page.locator('#dlg-settings input[name="motion"]')).not_to_be_checked()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#dlg-win")).to_be_visible()
    page.wait_for_function("() => window.__tops.at(-1) === '6H,6S,6D,6C'")   # drawn at the next frame
    assert len(page.evaluate("() => window.__tops")) == 2
    assert page.locator("#celebration").count() == 0
    assert page.evaluate("() => window.__anims") == 0
    assert page.evaluate("() => getComputedStyle(document.querySelector('.card')).transitionDuration") == "0s"
    # and back on, from the settings dialog: a new deal flies in again (the setting is kept)
    page.locator('#dlg-win [data-dialog="new"]').click()
    page.locator('#dlg-new [data-dialog="close"]').click()
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="motion"]').check()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('canfield.settings')).motion === true")
    new_deal(page)
    page.wait_for_function("() => document.getAnimations().length >= 17")
