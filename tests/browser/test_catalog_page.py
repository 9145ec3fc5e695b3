"""The shipped catalogue on the page (issue 32 item 3): winnable deals, deals of a grade and the daily
deal come from canfield.catalog at once, offline, without a search by the solver's worker.

The engine under CPython is the oracle: the deal dealt must be an entry of the game's catalogue (of the
grade asked for), the daily deal canfield.solver.daily_code of the player's date. A search would set
#game[data-search]; an observer records every value it takes, and none may appear.
"""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect
from test_offline import REPO, _build, wait_offline_ready

from canfield import Game, catalog
from canfield.solver import daily_code

AT_ONCE_MS = 10_000   # a click's work on the main thread, on a loaded machine; a worker's boot and search take longer

WATCH_SEARCH_JS = """() => {
  const searches = window.__searches = [];
  new MutationObserver(() => {
    const v = document.getElementById('game').getAttribute('data-search');
    if (v) searches.push(v);
  }).observe(document.getElementById('game'), {attributes: true, attributeFilter: ['data-search']});
}"""


@pytest.fixture
def site_release() -> dict:
    """The release file (the service worker's list of the game's files), rebuilt to match the disk."""
    return _build(REPO)


def _new_code(page, old):
    page.wait_for_function("old => { const c = document.getElementById('deal-code').textContent;"
                           " return c && c !== old && c !== '…'; }", arg=old, timeout=AT_ONCE_MS)
    return page.locator("#deal-code").inner_text()


def _deal(page, grade="", winnable=None):
    old = page.locator("#deal-code").inner_text()
    page.locator('[data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    expect(dlg).to_be_visible()
    if winnable is not None:
        dlg.locator('input[name="winnable"]').set_checked(winnable)
    dlg.locator('select[name="grade"]').select_option(grade)
    dlg.locator('[data-dialog="deal"]').click()
    code = _new_code(page, old)
    expect(dlg).to_be_hidden()
    return Game.from_code(code)


@pytest.mark.service_worker
def test_winnable_and_graded_deals_come_from_the_catalogue_at_once_and_offline(open_game, page, server,
                                                                                  site_release):
    page = open_game("CF1-D3-AAAAACL")
    wait_offline_ready(page, server, site_release)   # the page's own files cached: nothing else is fetched then
    page.evaluate(WATCH_SEARCH_JS)
    page.context.set_offline(True)      # the catalogue ships with the game: no network needed
    try:
        game = _deal(page, winnable=True)
        assert (game.rules.name, game.draw) == ("canfield", 3)
        assert catalog.find("canfield", 3, game.number) is not None, game.code
        assert page.evaluate("() => location.hash") == "#" + game.code
        for name in ("expert", "easy"):
            game = _deal(page, grade=name)
            entry = catalog.find("canfield", 3, game.number)
            assert entry is not None and entry.grade == name, (name, game.code)
    finally:
        page.context.set_offline(False)
    assert page.evaluate("() => window.__searches") == []     # the worker never searched,
    assert page.locator("#game").get_attribute("data-solver") == "idle"   # nor started: Canfield's deals are here
    # a game without catalogue entries still gets the worker: switching the setting on for one boots it
    page.goto("about:blank")
    page = open_game(Game.new(rules="casino", number=0, draw=1).code)
    assert catalog.pick("casino", 1) is None
    expect(page.locator("#game")).not_to_have_attribute("data-solver", "idle")   # the setting is on: booting


def test_the_daily_deal_comes_from_the_catalogue_without_the_solver(open_game, page):
    page = open_game("CF1-D3-AAAAACL")
    page.evaluate(WATCH_SEARCH_JS)
    page.locator('[data-action="new"]').click()
    before = datetime.date.today()     # the browser runs in this machine's time zone, as this process
    page.locator('#dlg-new [data-dialog="daily"]').click()
    game = Game.from_code(_new_code(page, "CF1-D3-AAAAACL"))
    after = datetime.date.today()
    day = next((d for d in (before, after) if daily_code(d) == game.code), None)
    assert day is not None, f"{game.code} is the daily deal of neither {before} nor {after}"
    assert catalog.daily_entry(day, 3, "canfield").number == game.number
    expect(page.locator('#assist[data-kind="note"]')).to_contain_text("Deal of the day")
    page.wait_for_function("day => (localStorage.getItem('canfield.save') || '').includes('\"daily\":\"' + day + '\"')",
                           arg=day.isoformat())
    assert page.evaluate("() => window.__searches") == []
    # not even started: the solver's worker boots only when a search needs it
    assert page.locator("#game").get_attribute("data-solver") == "idle"
