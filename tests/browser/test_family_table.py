"""The table of the family's one-deck games that need more than today's layout (Superior Canfield's face-up
reserve, Chameleon's three columns, Casino Canfield's balance) and the left-handed table, in real windows:
opened from the New game dialog and from the address at 390x844 (touch) and 1280x800, played by taps and
drags, checked at each step (one page.evaluate) for no page scroll, every card's corner visible and its own,
every covered card of a fan (a column, a face-up reserve) keeping its strip; paint.js's layout against
static/worker/layout.py at the family's counts; screenshots in $CANFIELD_SCREENSHOTS."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.solver import solve
from worker.layout import Counts, compute, pile_ids
from shared.table import PILES, TO_ENGINE

from test_table import PILES_JS, check, corner, drag, min_strip, settle, view_of, wait_view

# their subject is the rules, the table and the records, not motion (tests/browser/test_motion.py)
# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = [pytest.mark.reduced_motion, pytest.mark.shared_page]

SHOTS = Path(os.environ.get("CANFIELD_SCREENSHOTS", Path(tempfile.gettempdir()) / "canfield-screenshots"))
NEW_GAMES = ("superior", "chameleon", "casino")
# deals of each with moves left through the four moves played (tests/browser: fixed numbers, never random)
FIXED = {"superior": 1, "chameleon": 2, "casino": 3}
SIZES = [(390, 844), (1280, 800)]
FOUR_SIZES = [(1280, 800), (1366, 768), (390, 844), (844, 390)]
TO_UI = {v: k for k, v in TO_ENGINE.items()}

def play(page, game, moves, touch, size):
    """Play `moves` on the page and on `game`, alternating taps (the engine's tap move, else tap the card
    then its destination) and drags (a mouse only; a drag too wherever a tap would play another move than
    this one); the table checked after each."""
    for n, move in enumerate(moves):
        if move.is_stock:
            page.locator('[data-pile="stock"]').click()
        else:
            src = game.pile(move.src)
            code = src[len(src) - move.count].code
            x, y, _ = corner(page, code)
            tapped = game.tap_move(move.src, move.count, True)
            if (touch or n % 2 == 0) and tapped in (None, move):
                page.mouse.click(x, y)
                if tapped is None:
                    expect(page.locator(f'[data-card="{code}"]')).to_have_class(__import__("re").compile(r"\bselected\b"))
                    dest = page.locator(f'[data-pile="{TO_UI[move.dst]}"] [data-card]').last
                    if dest.count():
                        dx, dy, _ = corner(page, dest.get_attribute("data-card"))
                        page.mouse.click(dx, dy)
                    else:
                        page.locator(f'[data-pile="{TO_UI[move.dst]}"]').click()
            else:
                drag(page, code, TO_UI[move.dst])
        game.play(move)
        wait_view(page, game)
        if not game.won:
            check(page, min_strip(size))


def open_board(request, open_game, new_context, record_page, size, code):
    if size[0] < 500:
        ctx = new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        record_page(page)
        open_game(code, page=page, path="index.html?lang=en")
        return page, True
    page = request.getfixturevalue("page")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(code, path="index.html?lang=en")
    return page, False


def moves_of(code, n=8):
    game = Game.from_code(code)
    result = solve(game, max_nodes=20_000)
    moves = []
    probe = Game.from_code(code)
    for text in (result.moves or [])[:n]:
        m = probe.parse_move(text)
        probe.play(m)
        moves.append(m)
    if not moves:   # no line found: the legal moves a player would try, the stock last
        probe = Game.from_code(code)
        for _ in range(n):
            legal = [m for m in probe.legal_moves() if not m.is_stock] or list(probe.legal_moves())
            if not legal:
                break
            probe.play(legal[0])
            moves.append(legal[0])
    return moves


# ---------------------------------------------------------------------------------- the new games

@pytest.mark.own_page
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", NEW_GAMES)
def test_each_new_game_from_the_address_plays_and_fits(request, open_game, new_context, record_page, size, name):
    address_game(request, open_game, new_context, record_page, size, name)


@pytest.mark.own_page
@pytest.mark.parametrize("name", ["superior", "chameleon"])
def test_the_new_tables_on_a_phone_in_landscape(request, open_game, new_context, record_page, name):
    address_game(request, open_game, new_context, record_page, (844, 390), name)


def address_game(request, open_game, new_context, record_page, size, name):
    """A deal of `name` opened from the address at `size`: the piles its rule set has, all fitting, played."""
    code = Game.new(rules=name, number=777).code
    page, touch = open_board(request, open_game, new_context, record_page, size, code)
    game = Game.from_code(code)
    wait_view(page, game)
    check(page, min_strip(size))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"family-{name}-{size[0]}x{size[1]}-start.png"))
    # the piles the rule set has, and only those
    shown = page.evaluate(PILES_JS)
    assert sorted(shown) == sorted(view_of(game))
    play(page, game, moves_of(code), touch, size)
    page.screenshot(path=str(SHOTS / f"family-{name}-{size[0]}x{size[1]}-played.png"))


@pytest.mark.own_page
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_new_game_from_the_new_game_dialog(request, open_game, new_context, record_page, size):
    page, touch = open_board(request, open_game, new_context, record_page, size, "CF1-D3-AAAAACL")
    for i, name in enumerate(NEW_GAMES):
        before = page.evaluate("() => location.hash")
        page.locator('header [data-action="new"]').click()
        dlg = page.locator("#dlg-new")
        dlg.locator('select[name="rules"]').select_option(name)
        dlg.locator('[data-dialog="deal"]').click()
        if i:
            page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
        page.wait_for_function("b => location.hash !== b", arg=before)
        code = page.evaluate("() => decodeURIComponent(location.hash.slice(1))")
        game = Game.from_code(code)
        assert game.rules.name == name
        wait_view(page, game)
        # the dialog deals a random number; the table is checked and played on a fixed one of the same game
        # (a random deal may be blocked at once, or on the fourth move)
        code = Game.new(rules=name, number=FIXED[name], draw=game.draw).code
        page.evaluate("c => { location.hash = c }", code)
        page.wait_for_function("c => document.getElementById('dlg-confirm').open"
                               " || document.getElementById('deal-code').textContent === c", arg=code)
        if page.locator("#dlg-confirm").evaluate("d => d.open"):
            page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
        expect(page.locator("#deal-code")).to_have_text(code)
        game = Game.from_code(code)
        wait_view(page, game)
        check(page, min_strip(size))
        play(page, game, moves_of(code, 4), touch, size)


def test_casino_shows_the_statistics_balance_beside_the_score(open_game, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    first = Game.new(rules="casino", number=11).code
    open_game(first, path="index.html?lang=en")
    box = page.locator("#balance-box")
    expect(box).to_be_visible()
    expect(page.locator("#balance")).to_have_text("0")          # no casino game counted yet
    expect(box.locator("[data-t]")).to_have_text("Balance")
    game = Game.from_code(first)
    play(page, game, moves_of(first, 3), False, (1280, 800))
    score = int(page.locator("#score").inner_text())
    assert score == game.score < 0
    # another casino deal: the one left is settled, its score added to the balance
    page.evaluate("c => { location.hash = c }", Game.new(rules="casino", number=12).code)
    page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
    expect(page.locator("#balance")).to_have_text(str(score))
    # a card-scored game shows no balance
    page.evaluate("c => { location.hash = c }", "CF1-D3-AAAAACL")
    confirm = page.locator('#dlg-confirm [data-dialog="confirm-yes"]')
    if confirm.is_visible():
        confirm.click()
    expect(page.locator("#deal-code")).to_have_text("CF1-D3-AAAAACL")
    expect(box).to_be_hidden()


# ---------------------------------------------------------------------------------- left-handed

def rects(page):
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-pile]')]
        .filter(p => !p.parentElement.hidden).map(p => { const r = p.parentElement.getBoundingClientRect();
        return [p.dataset.pile, [r.left, r.top, r.width, r.height]]; }))""")


@pytest.mark.own_page
@pytest.mark.parametrize("size", FOUR_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_left_handed_table_mirrors_every_pile_at_every_size(open_game, page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    code = "CF1-D3-AAAAACL"
    open_game(code, path="index.html?lang=en")
    right = rects(page)
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="left_handed"]').check()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    page.wait_for_function("() => document.getElementById('game').classList.contains('left-handed')")
    settle(page)
    left = rects(page)
    width = page.evaluate("() => document.getElementById('board').getBoundingClientRect().width")
    x0 = page.evaluate("() => document.getElementById('board').getBoundingClientRect().left")
    for pile, (x, y, w, h) in right.items():
        lx, ly, lw, lh = left[pile]
        assert abs((lx - x0) - (width - (x - x0) - w)) < 1 and abs(ly - y) < 1 and abs(lw - w) < 1, pile
    assert left["stock"][0] + left["stock"][2] / 2 > x0 + width / 2          # the stock on the right
    check(page, min_strip(size))
    game = Game.from_code(code)
    play(page, game, moves_of(code, 6), False, size)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"left-handed-{size[0]}x{size[1]}.png"))
    # saved: a reload keeps it (the painted board before Python too)
    page.reload(wait_until="commit")
    page.wait_for_selector('#game[data-ready="true"]', state="attached", timeout=120_000)
    assert page.evaluate("() => document.getElementById('game').classList.contains('left-handed')")
    settle(page)
    assert rects(page)["stock"][0] > x0 + width / 2


# ---------------------------------------------------------------------------------- paint.js

@pytest.mark.own_page
def test_the_painters_layout_equals_layout_py_at_the_familys_counts(open_game, page):
    open_game("CF1-D3-AAAAACL")
    rnd = random.Random(19)
    cases = []
    for w, h in [(360, 640), (640, 360), (390, 844), (844, 390), (820, 500), (1280, 800), (2560, 1440),
                 *((rnd.randint(360, 2560), rnd.randint(360, 1440)) for _ in range(400))]:
        decks = rnd.randint(1, 4)
        k = {"columns": rnd.randint(3, 8), "foundations": 4 * decks, "reserve": rnd.randint(0, 40),
             "reserve_up": rnd.random() < 0.5}
        cols = [rnd.randint(0, 36) for _ in range(k["columns"])]
        cases.append([w, h, cols, rnd.choice([1, 3]), rnd.random() < 0.5, rnd.random() < 0.5, k, rnd.random() < 0.5])
    got = page.evaluate("cases => cases.map(c => window.canfieldPaint.layout(...c))", cases)
    for case, js in zip(cases, got):
        w, h, cols, draw, large, coarse, k, left = case
        py = compute(w, h, cols, draw=draw, large=large, coarse=coarse, counts=Counts(**k), left_handed=left)
        assert [js["arrangement"], js["cw"], js["min_strip"]] == [py.arrangement, py.cw, py.min_strip], case
        assert list(js["piles"]) == list(py.piles), case
        for pile, rect in py.piles.items():
            assert all(abs(a - b) < 0.011 for a, b in zip(js["piles"][pile], rect)), (case, pile)
        for pile, fan in py.fans.items():
            assert abs(js["fans"][pile] - fan) < 0.011 and abs(js["col_fs"][pile] - py.col_fs[pile]) < 0.011, case


# ---------------------------------------------------------------------------------- the painted board

@pytest.mark.own_page
@pytest.mark.parametrize("name", ["superior", "chameleon"])
def test_the_painted_board_before_python_follows_the_parameters(open_game, page, name):
    """The snapshot of a face-up reserve's or a three-column game's table is painted on the next visit as
    Python then draws it: the same cards in the same places, the missing column hidden."""
    from test_snapshot import _capturing, _same_board, _wait_snapshot

    page.set_viewport_size({"width": 1280, "height": 800})
    code = Game.new(rules=name, number=31).code
    open_game(code)
    for _ in range(2):
        before = page.locator("#stock-count").inner_text()
        page.locator('[data-pile="stock"]').click()
        page.wait_for_function("b => document.getElementById('stock-count').textContent !== b", arg=before)
    _wait_snapshot(page)
    settle(page)
    _capturing(page).reload(wait_until="commit")
    page.wait_for_selector('#game[data-ready="true"]', state="attached", timeout=120_000)
    painted = page.evaluate("window.__painted")
    assert painted["painted"] == "snapshot"
    settle(page)
    live = page.evaluate("window.__board()")
    _same_board(painted, live)
    game = Game.from_code(code)
    assert len(painted["piles"]["reserve"]) == (len(game.reserve) if game.rules.reserve_face_up else 1)
    hidden = page.evaluate("() => [...document.querySelectorAll('[data-pile]')].filter(p => p.parentElement.hidden)"
                           ".map(p => p.dataset.pile)")
    assert hidden == [p for p in PILES if p not in pile_ids(game.rules.columns, game.rules.foundations)]
