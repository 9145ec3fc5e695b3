"""The game page played in Chromium: the seed's example deal by taps, by drags and by keys,
the stock, illegal drops, deal codes in the hash, undo/redo, a phone screen.

The engine (imported here under CPython) is the oracle for positions the seed does not spell out.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from canfield import Game
from engine_helpers import FR_AFTER, FR_BEFORE, seed_example_deck

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

REPO = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("CANFIELD_SCREENSHOTS", Path(tempfile.gettempdir()) / "canfield-screenshots"))

# Seed 000's example deal (tests/engine_helpers.py) and its sentences before and after its three moves.
SEED_DECK = seed_example_deck()
SEED_CODE = "CF1-D3-" + "".join(SEED_DECK)

# The win dialog opens after the card-by-card auto-finish (about 80 ms a card) and the win cascade
# (a few seconds), unless motion is off (tests/browser/test_motion.py).
WIN_MS = 30_000

PILES = ["stock", "waste", "reserve"] + [f"foundation-{i}" for i in range(1, 5)] + [f"tableau-{i}" for i in range(1, 5)]

# the piles on show: a game of fewer columns or foundations hides the slots of the others
PILES_JS = """() => Object.fromEntries([...document.querySelectorAll('[data-pile]')].filter(p => !p.closest('[hidden]')).map(
    p => [p.dataset.pile, [...p.querySelectorAll('[data-card]')].map(c => c.dataset.card)]))"""


# --------------------------------------------------------------------------- helpers

def piles(page) -> dict[str, list[str]]:
    return page.evaluate(PILES_JS)


def view_of(game: Game) -> dict[str, list[str]]:
    """What the page must show for `game`: its piles only (a three-column game has no fourth column), each
    pile's cards bottom to top by `data-card` (`Card.id`: "QC", a second deck's copy "QC2"), a face-up
    reserve whole. The one copy: test_table.py and test_family_page.py use it too."""
    waste = game.waste[-(3 if game.draw == 3 else 1):] if game.waste else ()
    out = {"stock": [], "waste": [c.id for c in waste]}
    # the one reserve is "reserve", several are "reserve-1".. (each named R1..); a face-up reserve shows
    # every card, another its top; a face-down card is a back, which has no data-card
    several = len(game.reserves) > 1
    for i, (res, faces) in enumerate(zip(game.reserves, game.reserve_faces), 1):
        shown = zip(res, faces) if game.rules.reserve_face_up else list(zip(res, faces))[-1:]
        out[f"reserve-{i}" if several else "reserve"] = [c.id for c, up in shown if up]
    for i, f in enumerate(game.foundations, 1):
        out[f"foundation-{i}"] = [f[-1].id] if f else []
    for i, (t, faces) in enumerate(zip(game.tableau, game.tableau_faces), 1):
        out[f"tableau-{i}"] = [c.id for c, up in zip(t, faces) if up]
    return out


def expect_view(page, want: dict[str, list[str]]):
    """Wait until the page's piles are exactly `want` (each pile, bottom to top)."""
    try:
        page.wait_for_function("want => { const got = (" + PILES_JS + ")(); "
                               "return [...new Set([...Object.keys(want), ...Object.keys(got)])]"
                               ".every(k => JSON.stringify(got[k] || []) === JSON.stringify(want[k] || [])); }",
                               arg={p: want.get(p, []) for p in {*PILES, *want}}, timeout=5000)   # (3 columns: no T4 on show)
    except Exception:
        shown = piles(page)
        assert {p: shown.get(p, []) for p in {*shown, *want}} == {p: want.get(p, []) for p in {*shown, *want}}
        raise


def expect_game(page, game: Game, lang="fr"):
    expect_view(page, view_of(game))
    expect(page.locator("#description")).to_have_text(game.describe(lang))
    expect(page.locator("#score")).to_have_text(str(game.score))
    expect(page.locator("#reserve-count")).to_have_text(str(len(game.reserve)))
    expect(page.locator("#deal-code")).to_have_text(game.code)


def card(page, code):
    return page.locator(f'[data-card="{code}"]')


def drag(page, code, pile, grab=(0.5, 0.12)):
    """Drag the card `code` (by a point near its top, the part a fan shows) onto the pile `pile`."""
    box = card(page, code).bounding_box()
    x, y = box["x"] + box["width"] * grab[0], box["y"] + box["height"] * grab[1]
    target = page.locator(f'[data-pile="{pile}"]').bounding_box()
    tx, ty = target["x"] + target["width"] / 2, target["y"] + min(target["height"], box["height"]) / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()


def open_fr(open_game, hash=SEED_CODE, **kw):
    return open_game(hash, path="index.html?lang=fr", **kw)


# --------------------------------------------------------------------------- the seed's example

def test_seed_example_by_taps(open_game):
    page = open_fr(open_game)
    game = Game.from_code(SEED_CODE)
    expect_game(page, game)
    expect(page.locator("#description")).to_have_text(FR_BEFORE)
    assert page.locator("#stock-count").inner_text() == "34"
    # the empty foundations show the card they wait for: 7 of the other suits (French faces)
    for i, label in ((2, "7♠"), (3, "7♦"), (4, "7♣")):
        expect(page.locator(f'[data-pile="foundation-{i}"] .placeholder')).to_have_attribute("data-f", label)
        expect(page.locator(f'[data-pile="foundation-{i}"] .placeholder')).to_be_visible()
    expect(page.locator('[data-pile="foundation-1"] .placeholder')).to_be_hidden()

    card(page, "QC").click()          # R-T2: the queen of clubs onto the king of hearts
    game.play("R-T2")
    expect_game(page, game)
    card(page, "8H").click()          # R-F1
    game.play("R-F")
    expect_game(page, game)
    card(page, "KH").click(position={"x": 20, "y": 8})   # T2:2-T4, the king with the queen on it
    game.play("T2-T4")
    expect_game(page, game)
    expect(page.locator("#description")).to_have_text(FR_AFTER)
    assert piles(page)["tableau-4"] == ["AS", "KH", "QC"]
    assert piles(page)["tableau-2"] == ["QS"]
    expect(page.locator("#score")).to_have_text("5")
    expect(page.locator(".cursor")).to_have_count(0)  # the keyboard cursor is not drawn for clicks


def test_seed_example_by_drags(open_game):
    page = open_fr(open_game)
    game = Game.from_code(SEED_CODE)
    drag(page, "QC", "tableau-2")
    game.play("R-T2")
    expect_game(page, game)
    drag(page, "8H", "foundation-1")
    game.play("R-F1")
    expect_game(page, game)
    drag(page, "KH", "tableau-4")
    game.play("T2:2-T4")
    expect_game(page, game)
    expect(page.locator("#description")).to_have_text(FR_AFTER)


def test_a_key_in_mid_drag_ends_the_drag_and_the_release_drops_nothing(open_game):
    """The drag is UI state: a draw (a change of position) in mid-drag takes the cards off the pointer,
    back in their pile with no mark left, and releasing the button afterwards plays nothing."""
    page = open_fr(open_game)
    game = Game.from_code(SEED_CODE)
    box = card(page, "QC").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + 10
    target = page.locator('[data-pile="tableau-2"]').bounding_box()
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)
    page.mouse.move(target["x"] + 20, target["y"] + 20, steps=4)
    expect(card(page, "QC")).to_have_class(re.compile(r"\bdragging\b"))
    expect(page.locator('[data-pile="tableau-2"]')).to_have_class(re.compile(r"\btarget\b"))
    page.keyboard.press("d")
    game.play("S")
    expect_game(page, game)
    expect(page.locator(".dragging")).to_have_count(0)
    expect(page.locator(".pile.target")).to_have_count(0)
    assert card(page, "QC").evaluate("el => el.style.transform") == ""
    page.mouse.move(target["x"] + 24, target["y"] + 24, steps=2)
    page.mouse.up()
    expect_game(page, game)                     # nothing dropped: the queen is still the reserve's top
    assert piles(page)["reserve"][-1] == "QC"


def test_seed_example_by_keyboard(open_game):
    page = open_fr(open_game)
    game = Game.from_code(SEED_CODE)
    page.locator('[data-pile="stock"]').focus()
    kb = page.keyboard
    kb.press("ArrowDown")              # reserve
    expect(page.locator('[data-pile="reserve"]')).to_be_focused()
    kb.press("Enter")                  # pick up the queen of clubs
    expect(card(page, "QC")).to_have_class(re.compile(r"\bselected\b"))
    kb.press("ArrowRight")             # tableau 1
    kb.press("ArrowRight")             # tableau 2
    kb.press("Enter")                  # put it down
    game.play("R-T2")
    expect_game(page, game)
    kb.press("ArrowLeft")
    kb.press("ArrowLeft")              # reserve
    kb.press("Enter")
    kb.press("ArrowUp")                # stock
    for _ in range(2):
        kb.press("ArrowRight")         # waste, foundation 1
    expect(page.locator('[data-pile="foundation-1"]')).to_be_focused()
    kb.press("Enter")
    game.play("R-F1")
    expect_game(page, game)
    kb.press("ArrowDown")              # tableau 1
    kb.press("ArrowRight")             # tableau 2: the cursor on its top card (the queen)
    kb.press("ArrowUp")                # the king under it: the tail of two
    expect(card(page, "KH")).to_have_class(re.compile(r"\bcursor\b"))
    kb.press("Enter")
    for _ in range(2):
        kb.press("ArrowRight")         # tableau 4
    kb.press("Enter")
    game.play("T2:2-T4")
    expect_game(page, game)
    expect(page.locator("#description")).to_have_text(FR_AFTER)


# --------------------------------------------------------------------------- stock, drops, settings

def test_draw_three_and_recycle(open_game):
    page = open_fr(open_game)
    game = Game.from_code(SEED_CODE)
    stock = page.locator('[data-pile="stock"]')
    for _ in range(12):  # 34 cards: eleven draws of three and one of one
        stock.click()
        game.play("S")
        expect_game(page, game)
        expect(page.locator("#stock-count")).to_have_text(str(len(game.stock)) if game.stock else "↻")
        assert len(piles(page)["waste"]) == min(3, len(game.waste))
    assert not game.stock
    stock.click()                      # recycle: the waste goes back, face down
    game.play("S")
    expect_game(page, game)
    expect(page.locator("#stock-count")).to_have_text("34")
    assert piles(page)["waste"] == []


def test_fast_repeated_taps_on_the_stock_all_count(open_game):
    page = open_fr(open_game)
    game = Game.from_code(SEED_CODE)
    box = page.locator('[data-pile="stock"]').bounding_box()
    for _ in range(5):
        page.mouse.click(box["x"] + 10, box["y"] + 10)
        game.play("S")
    expect_game(page, game)


def test_illegal_drop_changes_nothing(open_game):
    page = open_fr(open_game)
    before = piles(page)
    text = page.locator("#description").inner_text()
    drag(page, "6C", "tableau-3")      # 6 of clubs onto the queen of hearts: not legal
    drag(page, "QH", "foundation-2")   # a queen onto the empty spade foundation: not legal
    drag(page, "AS", "waste")          # nothing ever goes onto the waste
    expect_view(page, before)
    expect(page.locator("#description")).to_have_text(text)
    expect(page.locator('[data-action="undo"]')).to_be_disabled()
    # the dragged cards are back in place: nothing left translated (the renderer clears the pointer's
    # translation in its next frame, so wait for that frame, not for the drop's event)
    page.wait_for_function("() => [...document.querySelectorAll('[data-card]')].every(c => !c.style.transform)",
                           timeout=10_000)


def test_tap_with_nothing_legal_changes_nothing(open_game):
    page = open_fr(open_game)
    before = piles(page)
    card(page, "6C").click()           # the 6 of clubs has no move
    expect_view(page, before)
    expect(page.locator('[data-action="undo"]')).to_be_disabled()
    expect(page.locator(".selected")).to_have_count(0)


def test_tap_to_select_then_tap_target_with_double_click_off(open_game):
    page = open_fr(open_game)
    page.locator('[data-action="settings"]').click()
    box = page.locator('#dlg-settings input[name="double_click"]')
    expect(box).to_be_checked()       # on by default (seed 000)
    box.uncheck()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    game = Game.from_code(SEED_CODE)
    card(page, "QC").click()           # no foundation for it and no automatic column: picked up
    expect(card(page, "QC")).to_have_class(re.compile(r"\bselected\b"))
    expect_view(page, view_of(game))
    page.locator('[data-pile="tableau-2"]').click(position={"x": 10, "y": 10})
    game.play("R-T2")
    expect_game(page, game)
    card(page, "8H").click()           # a foundation move still happens at once
    game.play("R-F1")
    expect_game(page, game)
    stored = json.loads(page.evaluate("() => localStorage.getItem('canfield.settings')"))
    assert stored["double_click"] is False


def test_double_click_on_a_card_plays_it_once(open_game):
    """A double click sends the card once; its second click does not play the card it uncovers."""
    page = open_fr(open_game)
    card(page, "QC").dblclick()
    game = Game.from_code(SEED_CODE)
    game.play("R-T2")
    expect_game(page, game)            # (both clicks were handled when dblclick returned)
    card(page, "8H").click()           # a single click afterwards plays as usual
    game.play("R-F1")
    expect_game(page, game)
    box = page.locator('[data-pile="stock"]').bounding_box()
    page.mouse.dblclick(box["x"] + 10, box["y"] + 10)   # on the stock every click counts: two draws
    game.play("S")
    game.play("S")
    expect_game(page, game)


def test_four_colour_deck_setting(open_game):
    page = open_fr(open_game)
    red = page.evaluate("() => getComputedStyle(document.querySelector('[data-card=\"AS\"]')).color")
    clubs = page.evaluate("() => getComputedStyle(document.querySelector('[data-card=\"6C\"]')).color")
    assert red == clubs  # black and black
    page.locator('[data-action="settings"]').click()
    page.locator('#dlg-settings input[name="four_color"]').check()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    clubs4 = page.evaluate("() => getComputedStyle(document.querySelector('[data-card=\"6C\"]')).color")
    assert clubs4 != clubs


# --------------------------------------------------------------------------- deal codes in the hash

@pytest.mark.own_page
def test_new_game_writes_its_code_and_a_reload_gives_the_same_deal(open_game):
    page = open_game()
    code = page.locator("#deal-code").inner_text()
    assert re.fullmatch(r"CF1-D3-\S+", code)
    assert page.evaluate("() => decodeURIComponent(location.hash.slice(1))") == code
    view = piles(page)
    page.reload()
    page.wait_for_selector('#game[data-ready="true"]')
    expect(page.locator("#deal-code")).to_have_text(code)
    assert piles(page) == view
    assert piles(page) == view_of(Game.from_code(code))


def test_new_game_dialog_hash_and_back(open_game):
    page = open_fr(open_game)
    page.locator('header [data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    expect(dlg).to_be_visible()
    expect(dlg).to_contain_text("3 cartes")
    expect(dlg).to_contain_text("Difficile")
    expect(dlg.locator('input[name="draw"][value="3"]')).to_be_checked()
    dlg.locator('input[name="draw"][value="1"]').check()
    dlg.locator('[data-dialog="deal"]').click()
    expect(dlg).to_be_hidden()
    # the deal comes in the task after the frame that draws the dialog closed (dispatch_after_frame)
    expect(page.locator("#deal-code")).not_to_have_text(SEED_CODE)
    code = page.locator("#deal-code").inner_text()
    assert code.startswith("CF1-D1-")
    assert page.evaluate("() => location.hash.slice(1)") == code
    expect_game(page, Game.from_code(code))
    page.go_back()                      # back: the previous deal again
    expect(page.locator("#deal-code")).to_have_text(SEED_CODE)
    expect_game(page, Game.from_code(SEED_CODE))
    page.go_forward()
    expect(page.locator("#deal-code")).to_have_text(code)


def test_hash_typed_by_hand_switches_deal(open_game):
    page = open_fr(open_game)
    page.evaluate("() => { location.hash = 'CF1-D1-AAAAACL'; }")
    expect(page.locator("#deal-code")).to_have_text("CF1-D1-AAAAACL")
    expect_game(page, Game.from_code("CF1-D1-AAAAACL"))


@pytest.mark.parametrize("bad", ["CF1-D3-NOPE!", "XX9-D3-AAAAACL", "CF1-D3-" + "AS" * 52])
def test_invalid_hash_shows_a_message_and_deals_fresh(open_game, bad):
    page = open_game(bad, path="index.html?lang=en")
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(bad[:60])
    expect(notice).to_contain_text("Invalid deal code")
    code = page.locator("#deal-code").inner_text()
    assert code != bad and Game.from_code(code).code == code
    assert page.evaluate("() => decodeURIComponent(location.hash.slice(1))") == code
    assert "Traceback" not in page.locator("body").inner_text()


def test_restart_button_and_dialog(open_game):
    page = open_fr(open_game)
    card(page, "QC").click()
    expect(page.locator('[data-action="restart"]')).to_be_enabled()
    page.locator('[data-action="restart"]').click()
    expect_game(page, Game.from_code(SEED_CODE))
    expect(page.locator("#notice")).to_contain_text("Annuler")      # says how to get the game back
    # the restart is undoable: Undo brings the game back as it was, then nothing more to undo
    played = Game.from_code(SEED_CODE)
    played.play(played.tap_move("R"))
    page.locator('[data-action="undo"]').click()
    expect_game(page, played)
    expect(page.locator("#announce")).to_contain_text("où elle en était")
    page.locator('[data-action="undo"]').click()
    expect_game(page, Game.from_code(SEED_CODE))
    expect(page.locator('[data-action="undo"]')).to_be_disabled()
    # the New game dialog's restart does the same
    page.locator('[data-action="redo"]').click()
    expect_game(page, played)
    page.locator('header [data-action="new"]').click()
    page.locator('#dlg-new [data-dialog="restart"]').click()
    expect_game(page, Game.from_code(SEED_CODE))
    page.keyboard.press("u")
    expect_game(page, played)


# --------------------------------------------------------------------------- undo and redo

def test_undo_redo_by_keys_and_buttons(open_game):
    page = open_fr(open_game)
    start = Game.from_code(SEED_CODE)
    after = Game.from_code(SEED_CODE)
    card(page, "QC").click()
    after.play("R-T2")
    expect_game(page, after)
    page.keyboard.press("Control+z")
    expect_game(page, start)
    page.keyboard.press("Control+y")
    expect_game(page, after)
    page.keyboard.press("u")
    expect_game(page, start)
    page.keyboard.press("r")
    expect_game(page, after)
    page.locator('[data-action="undo"]').click()
    expect_game(page, start)
    expect(page.locator('[data-action="redo"]')).to_be_enabled()
    page.locator('[data-action="redo"]').click()
    expect_game(page, after)
    page.keyboard.press("d")           # D draws
    after.play("S")
    expect_game(page, after)


# --------------------------------------------------------------------------- a winnable finish

@pytest.mark.reduced_motion
def test_win_message_and_auto_finish(open_game):
    """A deal where the foundation moves alone win: auto-finish (off by default) finishes it."""
    # base 7 of hearts; every other card sits so that only foundation moves and draws are needed
    code = _foundation_only_deal()
    page = open_game(code, path="index.html?lang=fr")
    game = Game.from_code(code)
    assert game.finish_moves() is not None
    expect(page.locator("#dlg-win")).to_be_hidden()      # no autoplay by default
    page.locator('[data-action="settings"]').click()
    page.locator('#dlg-settings input[name="auto_finish"]').check()
    win = page.locator("#dlg-win")
    expect(win).to_be_visible(timeout=WIN_MS)
    expect(win).to_contain_text("Gagné")
    expect(win).to_contain_text("255")
    for i in range(1, 5):
        assert len(piles(page)[f"foundation-{i}"]) == 1
    win.locator('[data-dialog="new"]').click()
    expect(page.locator("#dlg-new")).to_be_visible()


def _foundation_only_deal() -> str:
    """An explicit deal that finishes with foundation moves and draws only (found with the engine)."""
    suits = "HSDC"
    order = [r + s for s in suits for r in "789TJQKA23456"]  # each suit from 7 up, then A..6
    # reserve (13, bottom first) and everything else so that the foundations can always take the tops:
    # deal in reverse of the order they are needed, from the reserve top, then the tableau, then the stock.
    need = order[1:]                     # after the base card 7H
    reserve_top_first = need[:13]
    tableau = need[13:17]
    stock_top_first = need[17:]
    deck = list(reversed(reserve_top_first)) + [order[0]] + tableau + list(reversed(stock_top_first))
    code = "CF1-D1-" + "".join(deck)
    game = Game.from_code(code)
    assert game.finish_moves() is not None, "the helper deal must finish by foundation moves"
    return code


# --------------------------------------------------------------------------- screens

def _no_horizontal_scroll(page):
    return page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def _tableau_cards_readable(page):
    """Every tableau card is on screen and its top-left corner (rank and suit) is not covered."""
    page.wait_for_function("() => document.getAnimations().length === 0")
    return page.evaluate("""() => {
        const bad = [];
        for (const c of document.querySelectorAll('[data-pile^="tableau-"] [data-card]')) {
            const r = c.getBoundingClientRect();
            const x = r.left + 6, y = r.top + 6;
            if (r.left < 0 || r.right > innerWidth || r.top < 0 || y > innerHeight) { bad.push(c.dataset.card + ' off screen'); continue; }
            const hit = document.elementFromPoint(x, y);
            if (!hit || hit.closest('[data-card]') !== c) bad.push(c.dataset.card + ' covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing'));
        }
        return bad;
    }""")


@pytest.mark.own_page
def test_phone_portrait_no_horizontal_scroll_every_card_visible(open_game, new_context, record_page):
    ctx = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
    phone = ctx.new_page()
    record_page(phone)
    open_game(SEED_CODE, page=phone, path="index.html?lang=fr")
    assert _no_horizontal_scroll(phone)
    phone.locator('[data-card="QC"]').tap()
    phone.locator('[data-card="8H"]').tap()
    phone.locator('[data-card="KH"]').tap(position={"x": 20, "y": 8})
    expect(phone.locator("#description")).to_have_text(FR_AFTER)
    hidden = _tableau_cards_readable(phone)
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "phone-390x844.png"))
    assert _no_horizontal_scroll(phone)
    assert hidden == []


@pytest.mark.parametrize("size", [(360, 640), (1280, 800), (1920, 1080), (844, 390)])
def test_no_horizontal_scroll_at_any_size(open_game, page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_fr(open_game)
    assert _no_horizontal_scroll(page)
    assert _tableau_cards_readable(page) == []


def test_desktop_screenshot(open_game, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_fr(open_game)
    for code in ("QC", "8H"):
        card(page, code).click()
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#score")).to_have_text("5")
    hidden = _tableau_cards_readable(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "desktop-1280x800.png"))
    assert hidden == []


# A deal whose reserve builds one long column: base K of diamonds (so no reserve card goes to a
# foundation), column 1 a K of spades, the reserve from its top Q♥ J♣ 10♥ ... A♣; then K♥ dragged onto A♣.
LONG_RESERVE = ["2S", "AC", "2H", "3C", "4H", "5C", "6H", "7C", "8H", "9C", "TH", "JC", "QH"]
LONG_TAB = ["KS", "KH", "AD", "4S"]
LONG_CODE = "CF1-D3-" + "".join(
    LONG_RESERVE + ["KD"] + LONG_TAB
    + [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in LONG_RESERVE + LONG_TAB + ["KD"]]
)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_long_column_is_compressed_and_every_card_stays_readable(open_game, page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(LONG_CODE, path="index.html?lang=en")
    game = Game.from_code(LONG_CODE)
    for _ in range(12):
        top = game.reserve[-1].code
        page.wait_for_function("() => document.getAnimations().length === 0")
        card(page, top).click()
        game.play(game.tap_move("R"))
        expect_view(page, view_of(game))
    page.wait_for_function("() => document.getAnimations().length === 0")
    drag(page, "KH", "tableau-1")      # the king of hearts onto the ace of clubs (a tap would send it home)
    game.play("T2-T1")
    expect_game(page, game, lang="en")
    assert len(piles(page)["tableau-1"]) == 14
    hidden = _tableau_cards_readable(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"long-column-{size[0]}x{size[1]}.png"))
    assert _no_horizontal_scroll(page)
    assert hidden == []


def test_foundation_top_goes_back_to_a_column_by_drag_and_by_tap_tap(open_game):
    """Seed 000: the top card of a foundation may be taken back onto a column (drag, or select + target)."""
    page = open_game(LONG_CODE, path="index.html?lang=en")
    game = Game.from_code(LONG_CODE)
    for _ in range(12):
        page.wait_for_function("() => document.getAnimations().length === 0")
        card(page, game.reserve[-1].code).click()
        game.play(game.tap_move("R"))
    expect_view(page, view_of(game))
    page.wait_for_function("() => document.getAnimations().length === 0")
    drag(page, "KD", "tableau-1")      # the king of diamonds from foundation 1 onto the ace of clubs
    game.play("F1-T1")
    expect_game(page, game, lang="en")
    page.keyboard.press("u")
    game.undo()
    expect_game(page, game, lang="en")
    page.wait_for_function("() => document.getAnimations().length === 0")
    card(page, "KD").click()           # a tap picks it up (a foundation card never moves by itself)
    expect(card(page, "KD")).to_have_class(re.compile(r"\bselected\b"))
    expect_view(page, view_of(game))
    page.locator('[data-pile="tableau-1"] [data-card="AC"]').click(position={"x": 10, "y": 8})
    game.play("F1-T1")
    expect_game(page, game, lang="en")


def test_language_from_the_query_and_the_settings(open_game):
    page = open_fr(open_game)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator('header [data-action="new"]')).to_have_attribute("aria-label", "Nouvelle partie")
    expect(page.locator('header [data-action="undo"]')).to_have_attribute("aria-label", "Annuler")
    expect(card(page, "QC").locator(".c")).to_have_attribute("data-face", "D♣")
    page.locator('[data-action="settings"]').click()
    expect(page.locator("#dlg-settings")).to_contain_text("Double clic")
    page.locator('#dlg-settings select[name="lang"]').select_option("nl")
    expect(page.locator("#dlg-settings")).to_contain_text("Dubbelklik")
    page.locator('#dlg-settings [data-dialog="close"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator('header [data-action="new"]')).to_have_attribute("aria-label", "Nieuw spel")
    expect(page.locator('header [data-action="undo"]')).to_have_attribute("aria-label", "Ongedaan maken")
    expect(card(page, "QC").locator(".c")).to_have_attribute("data-face", "V♣")
    expect(page.locator("#description")).to_have_text(Game.from_code(SEED_CODE).describe("nl"))
    stored = json.loads(page.evaluate("() => localStorage.getItem('canfield.settings')"))
    assert stored["lang"] == "nl"


def test_copy_link_button_copies_the_deal_address(open_game, server):
    page = open_fr(open_game)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page.locator('[data-action="copy"]').click()
    expect(page.locator("#notice")).to_have_text("Lien copié.")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == f"{server}/index.html#{SEED_CODE}"


COUNT_ANIMATIONS = """() => { window.__anims = 0; const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) { window.__anims++; return animate.apply(this, args); }; }"""


def test_reduced_motion_means_no_slides(open_game, page):
    page.emulate_media(reduced_motion="reduce")
    open_fr(open_game)
    page.evaluate(COUNT_ANIMATIONS)
    card(page, "QC").click()
    expect(page.locator('[data-pile="tableau-2"] [data-card="QC"]')).to_have_count(1)
    assert page.evaluate("() => window.__anims") == 0
    assert page.evaluate("() => getComputedStyle(document.querySelector('.card')).transitionDuration") == "0s"
    page.emulate_media(reduced_motion="no-preference")
    open_fr(open_game)   # the same deal's link: the saved game comes back, the queen on the king
    expect(page.locator('[data-pile="tableau-2"] [data-card="QC"]')).to_have_count(1)
    page.evaluate(COUNT_ANIMATIONS)
    card(page, "8H").click()   # R-F1
    expect(page.locator('[data-pile="foundation-1"] [data-card="8H"]')).to_have_count(1)
    assert page.evaluate("() => window.__anims") > 0  # the card slides to its foundation


def _touch_drag(page, code, pile):
    """Drag with a finger (CDP touch events: pointer events of type touch, as on a phone)."""
    box = card(page, code).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + 10
    target = page.locator(f'[data-pile="{pile}"]').bounding_box()
    tx, ty = target["x"] + target["width"] / 2, target["y"] + min(target["height"], box["height"]) / 2
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 11):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x + (tx - x) * i / 10, "y": y + (ty - y) * i / 10}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


@pytest.mark.own_page
def test_seed_example_by_touch_drags_on_a_phone(open_game, new_context, record_page):
    ctx = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = ctx.new_page()
    record_page(phone)
    open_game(SEED_CODE, page=phone, path="index.html?lang=fr")
    game = Game.from_code(SEED_CODE)
    for code, pile, move in (("QC", "tableau-2", "R-T2"), ("8H", "foundation-1", "R-F1"), ("KH", "tableau-4", "T2:2-T4")):
        phone.wait_for_function("() => document.getAnimations().length === 0")
        _touch_drag(phone, code, pile)
        game.play(move)
        expect_game(phone, game)
    expect(phone.locator("#description")).to_have_text(FR_AFTER)
    phone.wait_for_function("() => document.getAnimations().length === 0")
    _touch_drag(phone, "6C", "tableau-3")   # not legal: it goes back
    expect_game(phone, game)
    phone.wait_for_function("() => document.getAnimations().length === 0")
    assert phone.evaluate("() => [...document.querySelectorAll('[data-card]')].every(c => !c.style.transform)")
    assert _no_horizontal_scroll(phone)


@pytest.mark.reduced_motion
def test_every_rule_set_from_the_new_game_dialog(open_game):
    from worker.choices import offered_rulesets

    RULESETS = offered_rulesets()   # the page offers the games it can draw (tests/browser/test_family_page.py)
    page = open_game("CF1-D3-AAAAACL", path="index.html?lang=en")
    options = page.locator('#dlg-new select[name="rules"] option')
    # grouped by deck count, fewest first, each group in the engine's order
    names = sorted(RULESETS, key=lambda n: RULESETS[n].decks)
    assert options.evaluate_all("els => els.map(e => e.value)") == names
    for i, name in enumerate(names):
        before = page.evaluate("() => decodeURIComponent(location.hash.slice(1))")
        page.locator('header [data-action="new"]').click()
        page.locator('#dlg-new select[name="rules"]').select_option(name)
        if RULESETS[name].draws is None:   # the game takes the player's draw: choose 3
            page.locator('#dlg-new input[name="draw"][value="3"]').check()
        page.locator('#dlg-new [data-dialog="deal"]').click()
        if i:   # the previous deal was started: leaving it asks first
            expect(page.locator("#dlg-confirm")).to_be_visible()
            page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
        expect(page.locator("#dlg-confirm")).to_be_hidden()
        expect(page.locator("#dlg-new")).to_be_hidden()
        # the deal comes in the task after the closed dialog is drawn, its address after its first frame
        page.wait_for_function("b => decodeURIComponent(location.hash.slice(1)) !== b", arg=before)
        code = page.evaluate("() => decodeURIComponent(location.hash.slice(1))")
        game = Game.from_code(code)
        assert game.rules.name == name and game.draw == (RULESETS[name].draws or (3,))[0]
        expect_game(page, game, lang="en")
        if game.tap_move("S") is None:    # Dutchess: no draw before a reserve's card sets the base
            src = game.legal_moves()[0].src
            move = game.tap_move(src)
            page.locator(f'[data-card="{game.pile(src)[-1].id}"]').click()
            game.play(move)
            expect_game(page, game, lang="en")
        stock_before = len(game.stock)
        page.locator('[data-pile="stock"]').click()
        game.play(game.tap_move("S"))
        expect_game(page, game, lang="en")
        assert len(game.stock) == stock_before - game.draw


@pytest.mark.reduced_motion
def test_auto_finish_after_a_move_once_the_setting_is_on(open_game):
    page = open_fr(open_game)
    page.locator('[data-action="settings"]').click()
    page.locator('#dlg-settings input[name="auto_finish"]').check()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    expect(page.locator("#dlg-win")).to_be_hidden()     # the seed deal has no sure finish
    code = _foundation_only_deal()
    page.evaluate("code => { location.hash = code; }", code)
    expect(page.locator("#deal-code")).to_have_text(code)
    expect(page.locator("#dlg-win")).to_be_hidden()     # a new deal alone does not play
    page.locator('[data-pile="stock"]').click()          # the first action: then the finish
    expect(page.locator("#dlg-win")).to_be_visible(timeout=WIN_MS)
    expect(page.locator("#score")).to_have_text("255")


def test_drop_areas_are_generous(open_game):
    """A card let go beside its column, half over the gap, still lands there."""
    page = open_fr(open_game)
    box = card(page, "QC").bounding_box()
    target = page.locator('[data-pile="tableau-2"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # the card's centre ends past the column's right edge, lower than its first card
    tx, ty = target["x"] + target["width"] * 1.05, target["y"] + box["height"] * 0.9
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(tx, ty, steps=10)
    page.mouse.up()
    game = Game.from_code(SEED_CODE)
    game.play("R-T2")
    expect_game(page, game)
