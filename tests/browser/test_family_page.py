"""The Canfield family's one-deck games on the page (issue 19): each offered game opened from the New game
dialog and from the address, at a phone's 390x844 (touch taps) and a desktop's 1280x800 (clicks); a few
moves by taps checked against the engine; the code's prefix and draw; the rules dialog's lines; the
stock's pass count; a solver line replayed to a win; an old Storehouse SH1 game resumed.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.solver import solve
from keyboard_paths import play_by_keyboard
from test_game import _no_horizontal_scroll, _tableau_cards_readable, card, expect_game
from ui.choices import offered_rulesets
from ui.i18n import Translator
from ui.rules_view import draw_note, passes_label, rule_keys, rule_values
from ui.table import TO_ENGINE

EN = Translator("en")
OFFERED = offered_rulesets()
FAMILY = ("storehouse", "rainfall", "rush", "acme")
# A Rainfall deal the solver proves won in 148 moves (67 not draws) within 100k positions.
RAINFALL_WON = "RF1-D1-AAAABMM"
SIZES = [(390, 844), (1280, 800)]


def hash_of(page) -> str:
    return page.evaluate("() => decodeURIComponent(location.hash.slice(1))")


def board(request, open_game, new_context, record_page, size, code):
    """The game at `code` on a phone (touch) or a desktop page; returns (page, tap)."""
    if size[0] < 500:
        ctx = new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        record_page(page)
        open_game(code, page=page, path="index.html?lang=en")
        return page, lambda loc: loc.tap()
    page = request.getfixturevalue("page")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(code, path="index.html?lang=en")
    return page, lambda loc: loc.click()


def first_draw(rules, chosen):
    return rules.draws[0] if rules.draws is not None else chosen


def check_game(page, tap, game):
    """The code, the board, the pass count, the help lines; then a few moves by taps, each the engine's."""
    rules = game.rules
    expect(page.locator("#deal-code")).to_have_text(game.code)
    expect_game(page, game, lang="en")
    # the deal flies in from the stock: a card waiting for its flight still sits there, and a tap on it
    # would land on the stock
    page.wait_for_function("() => document.getAnimations().length === 0")
    stock = page.locator('[data-pile="stock"]')
    passes = page.locator("[data-passes]")
    if rules.passes is None:
        assert passes.count() == 0 or passes.text_content() == ""
    else:
        expect(passes).to_have_text(f"1/{rules.passes}")
        expect(stock).to_have_attribute("aria-label", f"Stock, {len(game.stock)} cards, {passes_label(game, EN)}")
    # the rules dialog: the lines of its parameters
    page.locator('header [data-action="rules"]').click()
    body = page.locator("#rules-body")
    expect(page.locator("#dlg-rules")).to_be_visible()
    values = rule_values(rules, EN, game.draw)
    for key in rule_keys(rules):
        expect(body).to_contain_text(EN(key, **values))
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-rules")).to_be_hidden()
    # moves by taps: two cards the engine sends somewhere, and the stock
    played = 0
    for pile in ["waste", "reserve"] + [f"tableau-{i}" for i in range(1, len(game.tableau) + 1)]:
        cards = game.pile(TO_ENGINE[pile])
        move = game.tap_move(TO_ENGINE[pile]) if cards else None
        if move is None:
            continue
        tap(card(page, cards[-1].code))
        game.play(move)
        expect_game(page, game, lang="en")
        played += 1
        if played == 2:
            break
    before = len(game.stock)
    tap(stock)
    game.play(game.tap_move("S"))
    expect_game(page, game, lang="en")
    assert len(game.stock) == before - min(before, first_draw(rules, game.draw))
    assert _no_horizontal_scroll(page)
    assert _tableau_cards_readable(page) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_offered_game_from_the_new_game_dialog(request, open_game, new_context, record_page, size):
    page, tap = board(request, open_game, new_context, record_page, size, "CF1-D3-AAAAACL")
    options = page.locator('#dlg-new select[name="rules"] option')
    assert options.evaluate_all("els => els.map(e => e.value)") == list(OFFERED)
    assert set(FAMILY) <= set(OFFERED)
    for i, (name, rules) in enumerate(OFFERED.items()):
        before = hash_of(page)
        page.locator('header [data-action="new"]').click()
        dlg = page.locator("#dlg-new")
        dlg.locator('select[name="rules"]').select_option(name)
        note = dlg.locator("[data-draw-note]")
        radios = dlg.locator('input[name="draw"]')
        if rules.draws is None:
            expect(note).to_be_hidden()
            expect(radios.first).to_be_enabled()
            tap(dlg.locator('input[name="draw"][value="1"]' if i % 2 else 'input[name="draw"][value="3"]'))
        else:   # the engine picks the draw: the choice is shown disabled, with the reason
            expect(note).to_have_text(draw_note(rules, EN))
            expect(radios.first).to_be_disabled()
            expect(radios.last).to_be_disabled()
        chosen = 1 if i % 2 else 3
        dlg.locator('[data-dialog="deal"]').click()
        if i:   # the previous deal was started: leaving it asks first
            expect(page.locator("#dlg-confirm")).to_be_visible()
            page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
        expect(dlg).to_be_hidden()
        page.wait_for_function("b => decodeURIComponent(location.hash.slice(1)) !== b", arg=before)
        code = hash_of(page)
        game = Game.from_code(code)
        assert game.rules.name == name
        assert code.startswith(f"{rules.prefix}-D{first_draw(rules, chosen)}-"), code
        check_game(page, tap, game)
    # back to a game of the player's draw: the choice is offered again
    page.locator('header [data-action="new"]').click()
    page.locator('#dlg-new select[name="rules"]').select_option("canfield")
    expect(page.locator("#dlg-new [data-draw-note]")).to_be_hidden()
    expect(page.locator('#dlg-new input[name="draw"]').first).to_be_enabled()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_offered_game_from_the_address(request, open_game, new_context, record_page, size):
    codes = [Game.new(draw=1 if i % 2 else 3, rules=name, number=4242 + i).code for i, name in enumerate(OFFERED)]
    page, tap = board(request, open_game, new_context, record_page, size, codes[0])
    check_game(page, tap, Game.from_code(codes[0]))
    for code in codes[1:]:
        page.evaluate("c => { location.hash = c }", code)
        expect(page.locator("#dlg-confirm")).to_be_visible()     # the game before was started
        page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
        expect(page.locator("#deal-code")).to_have_text(code)
        assert hash_of(page) == code
        check_game(page, tap, Game.from_code(code))


def test_a_rainfall_solver_line_replays_to_a_win_with_its_three_passes(open_game, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    game = Game.from_code(RAINFALL_WON)
    result = solve(game, max_nodes=100_000)
    assert result.verdict == "won", result
    page = open_game(RAINFALL_WON, path="index.html?lang=en")
    stock = page.locator('[data-pile="stock"]')
    stock.focus()
    expect(stock).to_be_focused()

    def passes_shown(i, text, move):
        if text == "S" and not game.won:
            expect(page.locator("[data-passes]")).to_have_text(f"{game.pass_number}/3")

    play_by_keyboard(page, game, result.moves, passes_shown)
    assert game.won
    expect(page.locator("#dlg-win")).to_be_visible(timeout=30_000)
    expect(page.locator("#score")).to_have_text(str(game.score))


def test_an_old_storehouse_sh1_game_resumes_and_plays(open_game, page):
    code = Game.new(draw=3, rules="storehouse-sh1", number=77).code
    assert code.startswith("SH1-D3-")
    open_game(code, path="index.html?lang=en")
    expect(page.locator("#notice")).to_be_hidden()            # not refused as a bad code
    game = Game.from_code(code)
    page.locator('[data-pile="stock"]').click()
    game.play(game.tap_move("S"))
    expect_game(page, game, lang="en")
    for hash_ in ("", code):                                   # a plain visit, and its bookmarked address
        open_game(hash_, path="index.html?lang=en")
        expect(page.locator("#notice")).to_be_hidden()
        expect_game(page, game, lang="en")                     # the saved game, by SH1's rules
    assert page.evaluate("() => JSON.parse(localStorage.getItem('canfield.settings')).rules") == "storehouse-sh1"
    page.locator('header [data-action="new"]').click()         # New game offers the Storehouse of today
    expect(page.locator('#dlg-new select[name="rules"]')).to_have_value("storehouse")
    page.keyboard.press("Escape")
    page.locator('header [data-action="rules"]').click()       # its own rules: take-backs, alternate colours
    expect(page.locator("#rules-body")).to_contain_text(EN("help.columns.alternate"))
    expect(page.locator("#rules-body")).to_contain_text(EN("help.takeback"))
