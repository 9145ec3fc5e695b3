"""Nothing a player stores, types or opens twice breaks the game (issue 9): settings that once locked the
game, an invalid deal code typed in the address during a game, two pages of the game at once."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from test_persist import EN, SEED_CODE, put_storage, saved, stock_tap, storage

ANSWER_MS = 120_000


def test_settings_with_an_unhashable_field_no_longer_lock_the_game(open_game, page, server):
    """Defect 1: {"lang": []} raised TypeError at every start ("could not start", and "Try again" failed
    the same way). Now the defaults apply, the record is set aside and a notice says so."""
    bad = json.dumps({"version": 1, "lang": [], "draw": 1, "four_color": {"x": 1}, "theme": "dark"})
    put_storage(page, server, {"canfield.settings": bad})
    open_game(SEED_CODE, path=EN)
    expect(page.locator("#notice")).to_contain_text("The saved settings could not be read")
    assert storage(page)["canfield.settings.broken"] == bad
    expect(page.locator("#game.four-color")).to_have_count(0)
    expect(page.locator("#game.theme-dark")).to_have_count(1)    # a good field is kept
    stock_tap(page)                                         # and it plays
    settings = json.loads(storage(page)["canfield.settings"])
    assert settings["lang"] == "" and settings["four_color"] is False
    assert settings["theme"] == "dark"                      # (field by field: tests/test_ui_static.py)


def test_an_invalid_code_in_the_address_keeps_the_game_in_progress(open_game, page):
    """Defect 6: it replaced the game with a fresh deal and counted a loss."""
    open_game(SEED_CODE, path=EN)
    stock_tap(page)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('canfield.save') || '{}').moves?.length === 1")
    before = page.locator("#stock-count").inner_text()
    page.evaluate("() => { location.hash = 'CF1-D3-NOPE!'; }")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("CF1-D3-NOPE!")
    expect(notice).to_contain_text("The game in progress goes on")
    page.wait_for_function("code => decodeURIComponent(location.hash.slice(1)) === code", arg=SEED_CODE)
    expect(page.locator("#deal-code")).to_have_text(SEED_CODE)
    assert page.locator("#stock-count").inner_text() == before
    assert saved(page)["moves"] == ["S"]
    stats = json.loads(storage(page)["canfield.stats"])
    assert stats["tables"]["canfield-D3"]["played"] == 1 and stats["tables"]["canfield-D3"]["streak"] == 0
    assert stats["open"] is not None                        # still open: not counted as a loss
    # a valid code still switches deals (leaving the started game asks first)
    page.evaluate("() => { location.hash = 'CF1-D1-AAAAAAB'; }")
    page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
    expect(page.locator("#deal-code")).to_have_text("CF1-D1-AAAAAAB")


def test_an_invalid_code_at_start_resumes_the_saved_game(open_game, page):
    open_game(SEED_CODE, path=EN)
    stock_tap(page)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('canfield.save') || '{}').moves?.length === 1")
    open_game("CF1-D3-NOPE!", path=EN)
    expect(page.locator("#notice")).to_contain_text("The game in progress goes on")
    expect(page.locator("#deal-code")).to_have_text(SEED_CODE)
    assert saved(page)["moves"] == ["S"]


def test_two_pages_at_once_lose_no_recorded_game(open_game, page, record_page):
    """Defect 7: each page wrote its statistics over the other's. Two pages in one context (one
    localStorage): a game started in each; every game stays counted, in storage and in both pages."""
    first = open_game(SEED_CODE, path=EN)
    second = page.context.new_page()
    record_page(second)
    open_game("CF1-D1-AAAAAAB", page=second, path=EN)
    stock_tap(first)                                        # page 1 starts its game
    first.wait_for_function("() => (localStorage.getItem('canfield.stats') || '').includes('canfield-D3')")
    stock_tap(second)                                       # page 2 starts its own, later
    second.wait_for_function("() => (localStorage.getItem('canfield.stats') || '').includes('canfield-D1')")
    stock_tap(first)                                        # page 1 writes again (a move saves; a start counts)
    first.evaluate("() => { location.hash = 'CF1-D3-AAAAAAC'; }")   # page 1 leaves its game: a loss, written by page 1
    first.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()   # (leaving a started game asks first)
    expect(first.locator("#deal-code")).to_have_text("CF1-D3-AAAAAAC")
    first.wait_for_function("() => JSON.parse(localStorage.getItem('canfield.stats')).recent"
                            ".some(e => e.key === 'canfield-D3' && e.state === 'lost')")
    stats = json.loads(storage(first)["canfield.stats"])
    assert stats["tables"]["canfield-D3"]["played"] == 1
    assert stats["tables"]["canfield-D1"]["played"] == 1    # page 2's game survived page 1's writes
    # each page's statistics dialog shows both (the storage event merged them)
    for p, rules_draw in ((first, "1"), (second, "3")):
        p.locator('header [data-action="stats"]').click()
        p.locator('select[name="stats-draw"]').select_option(rules_draw)
        expect(p.locator("#stats-played")).to_have_text("1")
        p.keyboard.press("Escape")
    # the saved game is the page last used
    stock_tap(second)
    second.wait_for_function("() => JSON.parse(localStorage.getItem('canfield.save')).code === 'CF1-D1-AAAAAAB'")
    second.close()
