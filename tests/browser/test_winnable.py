"""Winnable deals and the daily deal (issue 4, item 6), searched by the solver's worker for the games
whose shipped catalogue cannot answer (the others: test_catalog_page.py).

The solver under CPython is the oracle: a winnable deal must be proved won within the same node
budget, and the daily deal must be canfield.solver.daily_code of today's date in the player's own time
zone, shown in the player's language.
"""

from __future__ import annotations

import pytest

import datetime
import zoneinfo

from playwright.sync_api import expect
from test_hint import LONGTASKS_JS, SOLVER_BOOT_MS, assert_no_long_task_while_busy, settle, solver_ready

from canfield import Game, catalog
from canfield.solver import WINNABLE_NODES, daily_code, solve

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

SEARCH_MS = 90_000


def wait_for_new_code(page, old: str) -> str:
    page.wait_for_function("old => { const c = document.getElementById('deal-code').textContent;"
                           " return c && c !== old && c !== '…' && !document.getElementById('game').dataset.search; }",
                           arg=old, timeout=SEARCH_MS)
    return page.locator("#deal-code").inner_text()


@pytest.mark.own_page
def test_a_game_without_catalogue_entries_gets_its_winnable_deal_from_the_workers_search(open_game, page):
    # The games with catalogue entries deal from the catalogue at once (test_catalog_page.py); Casino's
    # has none (its deals are rarely winnable), so the worker searches.
    assert catalog.pick("casino", 1) is None
    first = Game.new(rules="casino", number=0, draw=1).code
    page = open_game(first)
    page.locator('[data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    box = dlg.locator('input[name="winnable"]')
    expect(box).not_to_be_checked()
    expect(dlg.locator('select[name="rules"]')).to_have_value("casino")
    box.check()                   # the worker starts now: the next deal of this game needs it
    solver_ready(page)            # boot not measured
    settle(page)
    page.evaluate(LONGTASKS_JS, "#game[data-search]")
    dlg.locator('[data-dialog="deal"]').click()
    code = wait_for_new_code(page, first)
    assert page.evaluate("() => location.hash") == "#" + code   # the deal's own code: a bookmark replays it
    game = Game.from_code(code)
    assert game.number is not None and game.draw == 1 and game.rules.name == "casino"
    note = page.locator('#assist[data-kind="note"]')
    if note.is_visible():         # no deal proved within the search's tries: an ordinary one, said so
        expect(note).to_contain_text("No winnable deal was found within the search limit")
    else:
        assert solve(game, max_nodes=WINNABLE_NODES).won
    assert_no_long_task_while_busy(page)   # the worker searched (the page was seen busy), off the main thread
    # the setting is kept: after a reload the box is still checked
    page.reload()
    page.wait_for_selector('#game[data-ready="true"]', timeout=SOLVER_BOOT_MS)
    page.locator('[data-action="new"]').click()
    expect(page.locator('#dlg-new input[name="winnable"]')).to_be_checked()


FRENCH_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
                 "octobre", "novembre", "décembre")
# UTC+14: the player's date is a day ahead of UTC's for 14 hours of every day, so a page that took
# UTC's date would fail here most of the time.
ZONE = "Pacific/Kiritimati"


@pytest.mark.own_page
def test_daily_deal_is_the_deal_of_the_players_local_date_in_their_language(new_context, record_page, server):
    context = new_context(timezone_id=ZONE, locale="fr-FR")
    page = context.new_page()
    record_page(page)
    page.goto(f"{server}/index.html?lang=fr#CF1-D3-AAAAACL")
    page.wait_for_selector('#game[data-ready="true"]', timeout=SOLVER_BOOT_MS)
    page.locator('[data-action="new"]').click()
    zone = zoneinfo.ZoneInfo(ZONE)
    before = datetime.datetime.now(zone).date()  # the page picks its date in between:
    page.locator('#dlg-new [data-dialog="daily"]').click()
    code = wait_for_new_code(page, "CF1-D3-AAAAACL")
    after = datetime.datetime.now(zone).date()   # across midnight, either date is right
    today = next((d for d in (before, after) if daily_code(d) == code), None)
    assert today is not None, f"{code} is the daily deal of neither {before} nor {after} ({ZONE})"
    said = f"{today.day} {FRENCH_MONTHS[today.month - 1]} {today.year}"
    expect(page.locator('#assist[data-kind="note"]')).to_contain_text(f"Donne du jour ({said})")
    # the saved game knows it is that day's daily deal (the win dialog offers the next one from it)
    page.wait_for_function("day => (localStorage.getItem('canfield.save') || '').includes('\"daily\":\"' + day + '\"')",
                           arg=today.isoformat())
