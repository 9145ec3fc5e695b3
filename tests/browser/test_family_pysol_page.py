"""PySolFC's other Canfield games on the page (issue 34): a game of several reserves (Duke: reserve-1 to
reserve-4, fanned face up) and one of face-down column cards (Munger: drawn as backs that carry no
data-card), at a phone's and a desktop's size: the deal shows them, a tap plays the engine's move, a
face-down card turns up when the card on it leaves, the keyboard and the screen reader reach every new
pile. The engine decides every move; the page only asks it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.describe import TABLES

from shared.table import is_back, visible_cards
from worker.layout import pile_ids

from test_table import check, corner, min_strip, settle, wait_view

# their subject is the table, not motion (tests/browser/test_motion.py)
# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = [pytest.mark.reduced_motion, pytest.mark.shared_page]

SIZES = [(390, 844), (844, 390), (1280, 800)]
DUKE = Game.new(rules="duke", number=0).code          # R2's top goes to a foundation at once
MUNGER = Game.new(rules="munger", number=0).code      # T2's top goes onto T4, uncovering a face-down card

BACKS_JS = """() => Object.fromEntries([...document.querySelectorAll('[data-pile]')]
    .filter(p => !p.parentElement.hidden)
    .map(p => [p.dataset.pile, [...p.querySelectorAll('.card.down')].map(c => [c.dataset.back || '', c.hasAttribute('data-card')])]))"""


def open_at(request, open_game, new_context, record_page, size, code):
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


def tap_card(page, touch, code):
    x, y, _ = corner(page, code)
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def backs(page):
    return page.evaluate(BACKS_JS)


@pytest.mark.own_page
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_several_reserves_are_dealt_fanned_and_a_tap_plays_from_one(request, open_game, new_context, record_page,
                                                                   size):
    page, touch = open_at(request, open_game, new_context, record_page, size, DUKE)
    game = Game.from_code(DUKE)
    wait_view(page, game)              # reserve-1..4 with their cards, no "reserve"
    check(page, min_strip(size))
    hidden = page.evaluate("() => [...document.querySelectorAll('[data-pile^=\"reserve\"]')]"
                           ".filter(p => p.parentElement.hidden).map(p => p.dataset.pile)")
    assert hidden == ["reserve"]
    for i, res in enumerate(game.reserves, 1):
        expect(page.locator(f'[data-pile="reserve-{i}"]')).to_have_attribute(
            "aria-label", re.compile(rf"^{re.escape(TABLES['en']['ranks'][res[-1].rank - 1].capitalize())}.*reserve {i}, 3 cards$"))
    move = game.tap_move("R2", 1, True)
    assert move is not None and move.dst.startswith("F")
    tap_card(page, touch, game.reserves[1][-1].id)
    game.play(move)
    wait_view(page, game)
    expect(page.locator("#description")).to_have_text(game.describe("en"))
    check(page, min_strip(size))


def test_the_keyboard_reaches_every_reserve_of_several(open_game, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(DUKE, path="index.html?lang=en")
    game = Game.from_code(DUKE)

    def focused(pile):
        expect(page.locator(f'[data-pile="{pile}"]')).to_be_focused()

    page.locator('[data-pile="stock"]').focus()
    focused("stock")
    page.keyboard.press("ArrowDown")
    row = [f"reserve-{i}" for i in range(1, 5)] + [f"tableau-{i}" for i in range(1, 5)]
    focused(row[0])
    for pile in row[1:]:
        page.keyboard.press("ArrowRight")
        focused(pile)
    for pile in reversed(row[1:-1]):
        page.keyboard.press("ArrowLeft")
        focused(pile)
    # reserve 2: Enter picks up its top, Up goes to the foundation above it, Enter puts it where the engine says
    page.keyboard.press("ArrowLeft")
    focused("reserve-1")
    page.keyboard.press("ArrowRight")
    focused("reserve-2")
    page.keyboard.press("Enter")
    expect(page.locator('[data-pile="reserve-2"]')).to_have_attribute("aria-label", re.compile(r", selected$"))
    page.keyboard.press("ArrowUp")
    focused("foundation-2")
    move = game.tap_move("R2", 1, True)
    target = int(move.dst[1:])
    for i in range(2, target, 1 if target > 2 else -1):
        page.keyboard.press("ArrowRight" if target > 2 else "ArrowLeft")
        focused(f"foundation-{i + (1 if target > 2 else -1)}")
    page.keyboard.press("Enter")
    game.play(move)
    wait_view(page, game)


@pytest.mark.own_page
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_face_down_cards_are_backs_and_turn_up_when_uncovered(request, open_game, new_context, record_page, size):
    page, touch = open_at(request, open_game, new_context, record_page, size, MUNGER)
    game = Game.from_code(MUNGER)
    wait_view(page, game)              # the face-up cards by data-card; the face-down ones not at all
    check(page, min_strip(size))
    shown = backs(page)
    for i, faces in enumerate(game.tableau_faces, 1):
        assert shown[f"tableau-{i}"] == [[f"~T{i}.{j}", False] for j, up in enumerate(faces) if not up]
    # nothing in the DOM names a face-down card
    secret = {c.id for col, faces in zip(game.tableau, game.tableau_faces) for c, up in zip(col, faces) if not up}
    html = page.locator("#board").evaluate("b => b.innerHTML")
    assert not [code for code in secret if f'"{code}"' in html]
    expect(page.locator('[data-pile="tableau-2"]')).to_have_attribute("aria-label", re.compile(r", column 2, 4 cards$"))
    # T2's top goes onto T4 (the engine's tap move), and the card under it turns up
    move = game.tap_move("T2", 1, True)
    assert str(move) == "T2-T4"
    under = game.tableau[1][-2]
    tap_card(page, touch, game.tableau[1][-1].id)
    game.play(move)
    wait_view(page, game)
    assert game.tableau_faces[1][-1]
    expect(page.locator(f'[data-pile="tableau-2"] [data-card="{under.id}"]')).to_have_count(1)
    assert backs(page)["tableau-2"] == [["~T2.0", False]]
    settle(page)
    check(page, min_strip(size))
    # the screen reader hears the card now, and "face-down card" for the one still down
    page.locator('[data-pile="tableau-2"]').focus()
    expect(page.locator('[data-pile="tableau-2"]')).to_have_attribute(
        "aria-label", re.compile(rf"^{re.escape(TABLES['en']['ranks'][under.rank - 1].capitalize())} of .*column 2, 3 cards$"))
    label = page.locator('[data-pile="tableau-2"]')
    middle = TABLES["en"]["ranks"][game.tableau[1][1].rank - 1].capitalize()
    page.keyboard.press("ArrowUp")           # the cursor up the column, a card a key
    expect(label).to_have_attribute("aria-label", re.compile(rf"^{re.escape(middle)} of .*column 2, 3 cards$"))
    page.keyboard.press("ArrowUp")
    expect(label).to_have_attribute("aria-label", re.compile(r"^Face-down card, column 2"))


@pytest.mark.own_page
@pytest.mark.parametrize("name", ["munger", "minerva", "eagle-wing", "duke", "gate", "the-plot", "dutchess", "lafayette"])
def test_the_painter_paints_every_table_as_python_draws_it(open_game, page, name):
    """The next visit's board before Python (static/paint.js) from the stored snapshot is painted as Python
    then draws it, whatever its piles (Lafayette's eight foundations and fanned reserve, Duke's four reserves
    and Gate's two fanned in the columns' row with the one "reserve" hidden, The Plot's twelve columns and
    foundations of any suit, Dutchess's foundations of any rank before its base is chosen: its stock plays
    nothing then, the deal is the record) and whatever it shows face down: Munger's and Minerva's face-down
    column cards (Minerva's between face-up ones), Eagle Wing's face-down reserve top, each a back in its
    place that names its place only, as the live board's, never the card."""
    from test_snapshot import _capturing, _same_board, _wait_snapshot

    page.set_viewport_size({"width": 1280, "height": 800})
    code = Game.new(rules=name, number=31).code
    open_game(code, path="index.html?lang=en")
    taps = 0 if name == "dutchess" else 2
    for _ in range(taps):
        before = page.locator("#stock-count").inner_text()
        page.locator('[data-pile="stock"]').click()
        page.wait_for_function("b => document.getElementById('stock-count').textContent !== b", arg=before)
    _wait_snapshot(page)
    settle(page)
    _capturing(page).reload(wait_until="commit")
    page.wait_for_selector('#game[data-ready="true"]', state="attached", timeout=120_000)
    painted = page.evaluate("window.__painted")
    settle(page)
    game = Game.from_code(code)
    for _ in range(taps):
        game.play(game.tap_move("S"))
    wait_view(page, game)
    assert painted["painted"] == "snapshot"
    live = page.evaluate("window.__board()")
    _same_board(painted, live)
    shown = {p for p, slot in painted["slots"].items() if slot[2] > 0}
    assert shown == set(pile_ids(game.rules.columns, game.rules.foundations, game.rules.reserves))
    assert shown == {p for p, slot in live["slots"].items() if slot[2] > 0}
    assert sum(len(c) for c in painted["piles"].values()) == sum(len(c) for c in visible_cards(game).values())
    # the backs: those the engine shows face down, each painted as the live board draws it (no face, no
    # data-card), and no face-down card named anywhere on the painted board or the live one
    want = [c for cards in visible_cards(game).values() for c in cards if is_back(c)]
    assert sorted(b[0] for b in painted["backs"]) == sorted(want)
    assert (len(want) > 0) == (name in ("munger", "minerva", "eagle-wing"))
    assert all(b[1:] == ["card down", False, 0, ""] for b in painted["backs"]), painted["backs"]
    up = {c for cards in visible_cards(game).values() for c in cards if not is_back(c)}
    # the face-down cards (the stock's too), but a reserve's next card when it turns up as the top leaves:
    # the live board draws it under the top already (static/worker/view.py `below_top`)
    under = {held[-2].id for held in game.reserves if len(held) > 1 and game.rules.reserve_faces(len(held) - 1)[-1]}
    secret = {c.id for c in game.stock} | {c.id for pile, faces in zip((*game.reserves, *game.tableau),
                                                                     (*game.reserve_faces, *game.tableau_faces))
                                         for c, face_up in zip(pile, faces) if not face_up} - under
    assert len(secret) > 0 and not secret & up
    secret -= {c[:2] for c in up}    # a card of two decks: its copy face up names its face ("JC2": data-copy="JC")
    for board in (painted, live):
        assert not [c for c in secret if f'"{c}"' in board["html"]]
