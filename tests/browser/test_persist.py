"""The game in progress and the settings kept in localStorage: reloads resume the same position with
its undo and redo history; unreadable records are set aside with a notice and a fresh, playable deal;
storage that is refused or full leaves the game playable.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from canfield import Game
from conftest import leave_quietly
from test_game import SEED_CODE, card, expect_view, view_of

SAVE = "canfield.save"
BROKEN = "canfield.save.broken"
EN = "index.html?lang=en"
BROKEN_NOTICE = "The saved game could not be read"


def storage(page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def put_storage(page, server, items: dict[str, str]) -> None:
    """Write localStorage of the game's origin from a plain same-origin document (no game running)."""
    leave_quietly(page)                 # the game page's leaving writes would race with these
    url = f"{server}/__storage__.html"  # answered here, never by the server
    page.route(url, lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>storage</title><link rel=icon href='data:,'>"))
    page.goto(url)
    page.unroute(url)
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


def saved(page) -> dict:
    return json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE}')"))


def stock_tap(page):
    page.locator('[data-pile="stock"]').click()


# --------------------------------------------------------------------------- resume

def test_a_game_survives_a_reload_with_its_undo_and_redo_history(open_game):
    page = open_game(SEED_CODE, path=EN)
    game = Game.from_code(SEED_CODE)
    card(page, "QC").click()          # R-T2
    game.play("R-T2")
    expect_view(page, view_of(game))
    card(page, "8H").click()          # R-F
    game.play("R-F")
    expect_view(page, view_of(game))
    stock_tap(page)                   # a draw
    game.play("S")
    expect_view(page, view_of(game))
    page.locator('header [data-action="undo"]').click()
    game.undo()
    expect_view(page, view_of(game))
    rec = saved(page)
    assert rec["code"] == SEED_CODE and rec["moves"] == [str(m) for m in game.history]
    assert rec["redo"] == [str(m) for m in game.redo_moves] and rec["started"] is True

    open_game(SEED_CODE, path=EN)     # a real reload, same code in the address
    expect_view(page, view_of(game))
    expect(page.locator("#score")).to_have_text(str(game.score))
    expect(page.locator('header [data-action="redo"]')).to_be_enabled()
    page.locator('header [data-action="redo"]').click()   # the redo survived
    game.redo()
    expect_view(page, view_of(game))
    for _ in range(3):                                     # and the whole undo history
        page.locator('header [data-action="undo"]').click()
        game.undo()
        expect_view(page, view_of(game))
    expect(page.locator('header [data-action="undo"]')).to_be_disabled()
    assert game.history == () and len(game.redo_moves) == 3
    expect(page.locator("#notice")).to_be_hidden()        # nothing was wrong: no notice


def test_no_hash_resumes_the_saved_game_and_another_code_starts_that_deal(open_game):
    page = open_game(SEED_CODE, path=EN)
    card(page, "QC").click()
    game = Game.from_code(SEED_CODE)
    game.play("R-T2")
    expect_view(page, view_of(game))

    open_game("", path=EN)  # the bare address (a bookmark): the game in progress
    expect(page.locator("#deal-code")).to_have_text(SEED_CODE)
    expect_view(page, view_of(game))
    assert page.evaluate("() => location.hash") == "#" + SEED_CODE

    other = "CF1-D1-AAAAACL"
    open_game(other, path=EN)  # another deal named in the address: that deal, from its start
    expect(page.locator("#deal-code")).to_have_text(other)
    expect_view(page, view_of(Game.from_code(other)))
    assert saved(page)["code"] == other and saved(page)["moves"] == []
    stats = json.loads(page.evaluate("() => localStorage.getItem('canfield.stats')"))
    assert stats["tables"]["canfield-D3"]["played"] == 1 and stats["open"] is None  # the old game: lost


# --------------------------------------------------------------------------- unreadable records

_RANDOM = "".join(chr(c) for c in (0, 7, 255, 0xFFFD, 0x1F0A1, 65, 0x7F, 0xE9, 0x2028, 0x10)) * 7
_BAD = {
    "random bytes": _RANDOM,
    "lone surrogate": "\ud800{\"format\"",
    "wrong JSON": '{"format": "canfield-save", "version": 1, "code": ',
    "a JSON list": "[1, 2, 3]",
    "deep nesting": "[" * 100_000,
    "older version": json.dumps({"format": "canfield-save", "version": 0, "code": SEED_CODE, "moves": []}),
    "newer version": json.dumps({"format": "canfield-save", "version": 99, "code": SEED_CODE, "moves": []}),
    "unknown rule set": json.dumps({"format": "canfield-save", "version": 1, "code": "ZZ9-D3-AAAAACL", "moves": []}),
    "illegal moves": json.dumps({"format": "canfield-save", "version": 1, "code": SEED_CODE, "moves": ["R-F", "T1-T1"]}),
}


def test_a_new_deal_left_at_once_still_comes_back(open_game, page):
    """A new deal's saved game comes with the worker's answer that deals it: a page left right after the
    deal is shown keeps that deal."""
    open_game(SEED_CODE, path=EN)
    assert saved(page)["code"] == SEED_CODE
    page.locator('header [data-action="new"]').click()
    expect(page.locator("#dlg-new")).to_be_visible()
    page.locator('#dlg-new [data-dialog="deal"]').click()
    expect(page.locator("#announce")).to_contain_text("New deal")
    open_game("", path=EN)                                                 # the page leaves at once
    code = saved(page)["code"]
    assert code != SEED_CODE
    expect(page.locator("#deal-code")).to_have_text(code)
    expect_view(page, view_of(Game.from_code(code)))


@pytest.mark.parametrize("what", list(_BAD))
def test_an_unreadable_saved_game_is_set_aside_with_a_notice(open_game, page, server, what):
    bad = _BAD[what]
    put_storage(page, server, {SAVE: bad})
    written = storage(page)[SAVE]  # as the browser keeps it (a lone surrogate may be kept as is)
    open_game("", path=EN)
    expect(page.locator("#notice")).to_contain_text(BROKEN_NOTICE)
    kept = storage(page)
    assert kept[BROKEN] == written                         # the unreadable value, kept aside untouched
    rec = json.loads(kept[SAVE])                           # the new game's record replaced it only after
    assert rec["format"] == "canfield-save" and rec["moves"] == []
    code = page.locator("#deal-code").inner_text()
    assert code == rec["code"]
    stock_tap(page)                                        # and the fresh deal plays
    game = Game.from_code(code)
    game.play("S")
    expect_view(page, view_of(game))


def test_an_unreadable_save_with_a_deal_in_the_address_deals_that(open_game, page, server):
    put_storage(page, server, {SAVE: "{nope"})
    open_game(SEED_CODE, path=EN)
    expect(page.locator("#notice")).to_contain_text(BROKEN_NOTICE)
    expect_view(page, view_of(Game.from_code(SEED_CODE)))
    assert storage(page)[BROKEN] == "{nope"


def test_unreadable_statistics_are_set_aside_with_a_notice(open_game, page, server):
    bad = json.dumps({"format": "canfield-stats", "version": 1,
                      "tables": {"canfield-D3": {"played": 1, "won": 5}}, "open": None})
    put_storage(page, server, {"canfield.stats": bad})
    open_game(SEED_CODE, path=EN)
    expect(page.locator("#notice")).to_contain_text("The saved statistics could not be read")
    assert storage(page)["canfield.stats.broken"] == bad
    card(page, "QC").click()  # the first move: counted in fresh statistics
    page.wait_for_function("() => (localStorage.getItem('canfield.stats') || '').includes('canfield-D3')")
    stats = json.loads(storage(page)["canfield.stats"])
    assert stats["tables"]["canfield-D3"]["played"] == 1
    assert storage(page)["canfield.stats.broken"] == bad


def test_settings_survive_a_reload(open_game, page):
    open_game(SEED_CODE, path="index.html")
    page.locator('header [data-action="settings"]').click()
    dlg = page.locator("#dlg-settings")
    dlg.locator('input[name="four_color"]').check()
    dlg.locator('input[name="double_click"]').uncheck()
    dlg.locator('select[name="lang"]').select_option("fr")
    dlg.locator('[data-dialog="close"]').click()
    open_game("", path="index.html")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#game.four-color")).to_have_count(1)
    page.locator('header [data-action="settings"]').click()
    expect(dlg.locator('input[name="double_click"]')).not_to_be_checked()
    expect(dlg.locator('input[name="four_color"]')).to_be_checked()


# --------------------------------------------------------------------------- storage refused or full

_QUOTA = """Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"""
_BLOCKED = """Object.defineProperty(window, 'localStorage', { configurable: true,
    get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });"""


@pytest.mark.parametrize("script", [_QUOTA, _BLOCKED], ids=["full", "refused"])
def test_storage_full_or_refused_leaves_the_game_playable(open_game, page, script):
    page.add_init_script(script)
    open_game(SEED_CODE, path=EN)
    game = Game.from_code(SEED_CODE)
    card(page, "QC").click()
    game.play("R-T2")
    expect_view(page, view_of(game))
    stock_tap(page)
    game.play("S")
    expect_view(page, view_of(game))
    page.locator('header [data-action="undo"]').click()
    game.undo()
    expect_view(page, view_of(game))
    page.locator('header [data-action="stats"]').click()        # statistics still count, in memory
    expect(page.locator("#stats-played")).to_have_text("1")
    page.locator('#dlg-stats [data-dialog="close"]').click()
    page.locator('header [data-action="settings"]').click()     # settings still change
    page.locator('#dlg-settings input[name="four_color"]').check()
    expect(page.locator("#game.four-color")).to_have_count(1)
    expect(page.locator("#notice")).to_be_hidden()
