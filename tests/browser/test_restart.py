"""The page's restart (static/page/layer.py `restart`, static/worker/main.py `restart`): how the boot-once tab
(tests/browser/conftest.py, marker ``shared_page``) starts each test's game over without loading the page
again. What the game before left (its deal, its moves, a setting, an open dialog, the records) is gone;
the new session answers as at a first visit."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from conftest import RESTART_JS, wait_until_ready

CODE = "CF1-D3-AAAAACL"
OTHER = "CF1-D1-AAAAACL"


def test_a_restart_leaves_nothing_of_the_game_before(open_game):
    page = open_game(CODE)
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#moves")).to_have_text("1")
    page.locator('[data-action="settings"]').click()
    page.locator('#dlg-settings input[name="four_color"]').check()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    page.locator('[data-action="rules"]').click()
    expect(page.locator("dialog[open]")).to_have_count(1)
    page.wait_for_function("() => Object.keys(localStorage).length > 0")   # the saved game and the settings

    # taken while the page waits for nothing; the storage cleared by the caller before the records are read
    page.wait_for_function(RESTART_JS, arg=f"index.html#{OTHER}")
    wait_until_ready(page)

    assert page.url.endswith(f"/index.html#{OTHER}")
    expect(page.locator("#deal-code")).to_have_text(OTHER)
    expect(page.locator("#moves")).to_have_text("0")
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.locator('[data-action="settings"]').click()       # four colours off again: the settings' default
    expect(page.locator('#dlg-settings input[name="four_color"]')).not_to_be_checked()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    stored = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    for text in stored.values():                          # what is stored now is the new session's alone
        assert CODE not in text and '"four_color":true' not in text.replace(" ", ""), json.dumps(stored)[:300]
    # the game goes on as a fresh one: a tap plays, the counter counts from nothing
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#moves")).to_have_text("1")


def test_a_restart_is_refused_while_the_page_waits_for_the_worker(open_game):
    """While a message is with the worker, the restart says false and changes nothing."""
    page = open_game(CODE)
    took = page.evaluate("""url => {
        document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'd', bubbles: true}));   // a draw, sent
        return window.canfieldRestart(url, () => { throw new Error('not to be called'); });
    }""", f"index.html#{OTHER}")
    assert took is False
    expect(page.locator("#deal-code")).to_have_text(CODE)
    assert page.url.endswith(f"#{CODE}")
