"""The Canfield family on the page (issue 19): each one-deck game opened from the New game dialog and from
the address, at a phone's 390x844 (touch taps) and a desktop's 1280x800 (clicks); a few moves by taps
checked against the engine; the code's prefix and draw; the rules dialog's lines; the stock's pass count;
a solver line replayed to a win; an old Storehouse SH1 game resumed. The six games of several decks: each
opened from the New game dialog (its group, its line) and from the address on one page per window size,
played by taps and a drag, every card named by its id (`QC2` for a copy); a solver line of each replayed
by keyboard to a win, saved, reloaded and resumed midway, and the win counted.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.solver import solve
from conftest import reload_game
from engine_helpers import variegated_won_code
from keyboard_paths import play_by_keyboard, send_moves_as_keys
from test_game import _no_horizontal_scroll, _tableau_cards_readable, card, expect_game, view_of
from test_table import CHECK_JS, PILES_JS, min_strip, settle
from worker.choices import offered_rulesets, rules_note
from worker.i18n import Translator
from worker.rules_view import draw_note, passes_label, rule_keys, rule_values
from shared.table import TO_ENGINE

# their subject is the rules, the table and the records, not motion (tests/browser/test_motion.py)
# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = [pytest.mark.reduced_motion, pytest.mark.shared_page]

EN = Translator("en")
ALL_OFFERED = offered_rulesets()
OFFERED = {name: r for name, r in ALL_OFFERED.items() if r.decks == 1}
MULTI = {name: r for name, r in ALL_OFFERED.items() if r.decks > 1}
FAMILY = ("storehouse", "rainfall", "rush", "acme")
# A Rainfall deal the solver proves won in 148 moves (67 not draws) within 100k positions.
RAINFALL_WON = "RF1-D1-AAAABMM"
SIZES = [(390, 844), (1280, 800)]
SHOTS = Path(os.environ.get("CANFIELD_SCREENSHOTS", Path(tempfile.gettempdir()) / "canfield-screenshots"))


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
    reserves = ["reserve"] if len(game.reserves) == 1 else [f"reserve-{i}" for i in range(1, len(game.reserves) + 1)]
    for pile in ["waste", *reserves] + [f"tableau-{i}" for i in range(1, len(game.tableau) + 1)]:
        cards = game.pile(TO_ENGINE[pile])
        move = game.tap_move(TO_ENGINE[pile]) if cards else None
        if move is not None and cards[-1].id not in view_of(game)[pile]:
            continue    # a face-down top (a trunk): drawn as a back, nothing to tap by its card
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


@pytest.mark.own_page
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_offered_game_from_the_new_game_dialog(request, open_game, new_context, record_page, size):
    page, tap = board(request, open_game, new_context, record_page, size, "CF1-D3-AAAAACL")
    options = page.locator('#dlg-new select[name="rules"] option')
    # the one-deck games first (their group), then the others by their deck count
    assert options.evaluate_all("els => els.map(e => e.value)")[:len(OFFERED)] == list(OFFERED)
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


@pytest.mark.own_page
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


# ---------------------------------------------------------------------------------- several decks

# the most a chunk of keys (send_moves_as_keys: 50 moves, 100-300 keys, a few round trips) may take to be
# answered and drawn; about a second on a quiet machine at move 1,400 of a Quadruple
CHUNK_MS = 30_000


def expect_board(page, game, timeout=10_000):
    """The page's board shows exactly `game`: its piles, no other, each card by id (within `timeout` ms)."""
    want = view_of(game)
    try:
        page.wait_for_function("want => { const got = (" + PILES_JS + ")(); return JSON.stringify(Object.keys(got)"
                               ".sort()) === JSON.stringify(Object.keys(want).sort()) && Object.keys(want).every("
                               "k => JSON.stringify(got[k]) === JSON.stringify(want[k])); }", arg=want, timeout=timeout)
    except Exception:
        assert page.evaluate(PILES_JS) == want
        raise


def board_caught_up(page, game):
    """send_moves_as_keys's wait after each chunk: the page's board is the engine's."""
    expect_board(page, game, CHUNK_MS)


def expect_ids(page, game, check_table=None):
    """The page shows exactly `game` (its piles, no other, each card by id), its score, reserve count and
    description; then (`check_table`: the minimum strip) no scroll and every card's corner readable."""
    expect_board(page, game)
    expect(page.locator("#score")).to_have_text(str(game.score))
    expect(page.locator("#reserve-count")).to_have_text(str(len(game.reserve)))
    expect(page.locator("#description")).to_have_text(game.describe("en"))
    if check_table is not None:
        settle(page)
        bad = page.evaluate(CHECK_JS, check_table)
        assert bad == [], bad[:10]


def corner_of(page, card_id):
    settle(page)
    box = page.locator(f'[data-card="{card_id}"]').bounding_box()
    return box["x"] + min(8, box["width"] / 3), box["y"] + 4


def tap_at(page, touch, x, y):
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def play_some(page, game, touch, size, n=3):
    """`n` moves a player would make (the solver's line, draws skipped for the first card moves), by taps
    on the cards' corners (the engine's tap move; else the card, then where it goes) and the last card
    move by a drag; each checked against the engine, the table checked after."""
    line = solve(game.copy(), max_nodes=5_000).moves or []
    probe, card_moves = game.copy(), []
    for text in line:
        move = probe.parse_move(text)
        probe.play(move)
        card_moves.append(move)
        if sum(not m.is_stock for m in card_moves) >= n:
            break
    while sum(not m.is_stock for m in card_moves) < n:    # no line found: the moves a player would try
        legal = [m for m in probe.legal_moves() if not m.is_stock] or list(probe.legal_moves())[:1]
        if not legal:
            break
        probe.play(legal[0])
        card_moves.append(legal[0])
    dragged = False
    last = max((i for i, m in enumerate(card_moves) if not m.is_stock), default=-1)
    for i, move in enumerate(card_moves):
        if move.is_stock:
            tap_at(page, touch, *center(page, '[data-pile="stock"]'))
        else:
            src = game.pile(move.src)
            card_id = src[len(src) - move.count].id
            tapped = game.tap_move(move.src, move.count, True)
            # one drag (a mouse: the page's pointer events, on a phone too), and a drag wherever a tap
            # would play another move than this one
            if i == last or tapped not in (None, move):
                x, y = corner_of(page, card_id)
                dest = page.locator(f'[data-pile="{TO_UI[move.dst]}"] [data-card]').last
                t = (dest if dest.count() else page.locator(f'[data-pile="{TO_UI[move.dst]}"]')).bounding_box()
                page.mouse.move(x, y)
                page.mouse.down()
                page.mouse.move(x + 12, y + 12, steps=2)
                page.mouse.move(t["x"] + t["width"] / 2, t["y"] + min(t["height"], 40) / 2, steps=4)
                page.mouse.up()
                dragged = True
            else:
                tap_at(page, touch, *corner_of(page, card_id))
                if tapped is None:   # the tap picks the card up, a second tap places it
                    expect(page.locator(f'[data-card="{card_id}"]')).to_have_class(re.compile(r"\bselected\b"))
                    dest = page.locator(f'[data-pile="{TO_UI[move.dst]}"] [data-card]').last
                    if dest.count():
                        tap_at(page, touch, *corner_of(page, dest.get_attribute("data-card")))
                    else:
                        tap_at(page, touch, *center(page, f'[data-pile="{TO_UI[move.dst]}"]'))
        game.play(move)
        expect_ids(page, game)
    assert dragged and game.history
    expect_ids(page, game, min_strip(size))


def center(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"], 30) / 2


TO_UI = {v: k for k, v in TO_ENGINE.items()}


@pytest.mark.own_page
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_game_of_several_decks_from_the_dialog_and_the_address(request, open_game, new_context, record_page,
                                                                   size):
    """One page a window size: each game dealt from the New game dialog (in its deck count's group, with
    its line), played; then another deal of each from the address, played."""
    assert set(MULTI) == {"double", "triple", "quadruple", "american-toad", "variegated", "demon", "the-plot"}
    touch = size[0] < 500
    page, _ = board(request, open_game, new_context, record_page, size, "CF1-D3-AAAAACL")
    SHOTS.mkdir(parents=True, exist_ok=True)
    seen_copies = []
    for i, (name, rules) in enumerate(MULTI.items()):
        before = hash_of(page)
        page.locator('header [data-action="new"]').click()
        dlg = page.locator("#dlg-new")
        group = dlg.locator(f'select[name="rules"] optgroup:has(option[value="{name}"])')
        expect(group).to_have_attribute("label", EN(f"newgame.decks.{rules.decks}"))
        dlg.locator('select[name="rules"]').select_option(name)
        expect(dlg.locator("[data-rules-note]")).to_have_text(rules_note(name, EN))
        dlg.locator('[data-dialog="deal"]').click()
        if i:   # the previous deal was started (play_some): leaving it asks first
            page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
        expect(dlg).to_be_hidden()
        # (a machine under load: dealing a table of four decks can take some seconds)
        page.wait_for_function("b => decodeURIComponent(location.hash.slice(1)) !== b", arg=before, timeout=30_000)
        game = Game.from_code(hash_of(page))
        assert game.rules.name == name and game.code.startswith(rules.prefix + "-")
        expect(page.locator("#deal-code")).to_have_text(game.code)
        page.wait_for_function("() => document.getAnimations().length === 0")   # the deal has landed
        expect_ids(page, game, min_strip(size))
        ids = page.evaluate("() => [...document.querySelectorAll('[data-card]')].map(c => c.dataset.card)")
        assert len(ids) == len(set(ids)), ids     # copies by their own id
        copies = page.evaluate("() => [...document.querySelectorAll('[data-card]')].filter(c => c.dataset.card"
                               ".length === 3).map(c => [c.dataset.card, c.dataset.copy, c.querySelector('.art use')"
                               ".getAttribute('href') === '#f-' + c.dataset.copy])")
        assert all(c[1] == c[0][:2] and c[2] for c in copies), copies[:3]   # dressed as the card
        seen_copies += copies    # (a deal of two decks showing seven cards may show no second-deck copy: 1 in 128)
        page.screenshot(path=str(SHOTS / f"decks-{name}-{size[0]}x{size[1]}-start.png"))
        play_some(page, game, touch, size)
    assert seen_copies                      # the seven games' deals showed second-deck cards, each dressed as its card
    for i, name in enumerate(MULTI):
        code = Game.new(rules=name, number=900 + i).code
        page.evaluate("c => { location.hash = c }", code)
        page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
        expect(page.locator("#deal-code")).to_have_text(code)
        game = Game.from_code(code)
        page.wait_for_function("() => document.getAnimations().length === 0")
        expect_ids(page, game, min_strip(size))
        play_some(page, game, touch, size, n=1)


def expect_win_counted(page, game, name):
    """`game` is won on the page: the win dialog opens (after the cascade), the score is the engine's, the
    statistics count one win at this game and draw; Escape closes the dialog."""
    assert game.won
    expect(page.locator("#dlg-win")).to_be_visible(timeout=30_000)
    expect(page.locator("#score")).to_have_text(str(game.score))
    key = f"{name}-D{game.draw}"
    page.wait_for_function("k => ((JSON.parse(localStorage.getItem('canfield.stats') || '{}').tables || {})[k]"
                           " || {}).won === 1", arg=key)
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-win")).to_be_hidden()


@pytest.mark.own_page
def test_a_solver_line_wins_each_game_of_several_decks_saved_and_resumed(open_game, page):
    """One page: for each game a deal the solver wins, its line played by the page's keyboard handling
    (the keys of 50 moves sent in one round trip); halfway the page is reloaded and the saved game
    resumes where it was; the win opens the win dialog and is counted."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(WINNING[0][1], path="index.html?lang=en")
    for n, (name, code, nodes) in enumerate(WINNING):
        if n:
            page.evaluate("c => { location.hash = c }", code)
            expect(page.locator("#deal-code")).to_have_text(code)
        game = Game.from_code(code)
        result = solve(game.copy(), max_nodes=nodes)
        assert result.verdict == "won", (name, result)
        present = set(view_of(game))
        page.wait_for_function("() => document.getAnimations().length === 0")
        half = len(result.moves) // 2
        for part in (result.moves[:half], result.moves[half:]):
            stock = page.locator('[data-pile="stock"]')
            stock.focus()
            expect(stock).to_be_focused()
            send_moves_as_keys(page, game, part, present=present, caught_up=board_caught_up)   # keys in batches
            if not game.won:     # saved after every action: a reload resumes the game where it was
                expect_ids(page, game)
                settle(page)
                reload_game(page)    # once the solver's worker (started by the last win's grade) is up
                expect(page.locator("#deal-code")).to_have_text(code)
                expect_ids(page, game, min_strip((1280, 800)))
        expect_win_counted(page, game, name)


# A deal of each game of several decks the solver wins (tests/test_family.py WINNING_DEALS), and the
# positions it needs to find the line.
WINNING = [(name, Game.new(rules=name, number=number).code, 20_000)
           for name, number in (("double", 0), ("triple", 0), ("quadruple", 0), ("demon", 0), ("american-toad", 32))]
WINNING.append(("variegated", variegated_won_code(), 20_000))   # an explicit deal: no numbered one is proved won


# A deal of each one-deck game the solver wins within 20,000 positions (deals searched from 0: the first
# won one); Chameleon, Casino and PySolFC's Rainbow, whose numbered deals are rarely proved, from an
# explicit deal (the kings down to the aces). Canfield and Rainfall are won above and in test_keyboard_game.py.
_DESC = "".join(rank + suit for rank in "KQJT98765432A" for suit in "SHDC")
ONE_DECK_WINNING = [(name, Game.new(rules=name, number=number, draw=draw).code)
                    for name, number, draw in (("classic", 2, 3), ("storehouse", 0, 1), ("rainbow", 0, 3),
                                               ("superior", 0, 3), ("rush", 1, 3), ("acme", 5, 1),
                                               ("pysol-canfield", 2, 3))]
ONE_DECK_WINNING += [("chameleon", "CH1-D1-" + _DESC), ("casino", "CC1-D1-" + _DESC),
                     ("pysol-rainbow", "PR1-D1-" + _DESC)]


def test_a_solver_line_wins_each_other_one_deck_game_and_the_win_is_counted(open_game, page):
    """One page: for each one-deck game not won elsewhere, a deal the solver wins, its line played by the
    page's keyboard handling; the win opens the win dialog, shows the score and is counted."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(ONE_DECK_WINNING[0][1], path="index.html?lang=en")
    for n, (name, code) in enumerate(ONE_DECK_WINNING):
        if n:
            page.evaluate("c => { location.hash = c }", code)
            expect(page.locator("#deal-code")).to_have_text(code)
        game = Game.from_code(code)
        result = solve(game.copy(), max_nodes=20_000)
        assert result.verdict == "won", (name, result)
        page.wait_for_function("() => document.getAnimations().length === 0")
        stock = page.locator('[data-pile="stock"]')
        stock.focus()
        expect(stock).to_be_focused()
        send_moves_as_keys(page, game, result.moves, present=set(view_of(game)), caught_up=board_caught_up)
        expect_win_counted(page, game, name)
