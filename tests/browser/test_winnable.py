"""Winnable deals and the daily deal (issue 4, item 6; issue 46 item 1) for the games whose shipped
catalogue cannot answer (the others: test_catalog_page.py): never a search now, an ordinary deal at once
with a note that says why, and the daily deal of the player's own date.

The engine under CPython is the oracle: the daily deal must be canfield.solver.daily_code of today's date
in the player's own time zone, shown in the player's language; a note the text static/worker/assist.py
writes for the game.
"""

from __future__ import annotations

import pytest

import datetime
import zoneinfo

from playwright.sync_api import expect
from test_catalog_page import AT_ONCE_MS, WATCH_SEARCH_JS
from test_hint import SOLVER_BOOT_MS

from canfield import Game, catalog
from canfield.solver import daily_code
from worker.assist import catalogue_note, daily_note, ordinary_note
from worker.i18n import Translator

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

EN = Translator("en")


def wait_for_new_code(page, old: str, timeout: int = AT_ONCE_MS) -> str:
    page.wait_for_function("old => { const c = document.getElementById('deal-code').textContent;"
                           " return c && c !== old && c !== '…' && !document.getElementById('game').dataset.search; }",
                           arg=old, timeout=timeout)
    return page.locator("#deal-code").inner_text()


def _pair_without_entries():
    """Casino Canfield's (its deals are rarely winnable), or another pair's the catalogue has no entry of."""
    for name, draw in [("casino", 1), ("little-gate", 1)] + list(catalog.PAIRS):
        if not catalog.winnable(name, draw):
            return name, draw
    pytest.skip("every game and draw has catalogue entries")


@pytest.mark.own_page
def test_a_game_without_catalogue_entries_gets_an_ordinary_deal_at_once_said_so(open_game, page):
    # Before issue 46 the worker searched 20 s for Casino's winnable deal; now the page deals an ordinary
    # deal at once and says why: no deal of this game is proved winnable yet.
    name, draw = _pair_without_entries()
    first = Game.new(rules=name, number=0, draw=draw).code
    page = open_game(first)
    page.evaluate(WATCH_SEARCH_JS)
    page.locator('[data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    box = dlg.locator('input[name="winnable"]')
    expect(box).not_to_be_checked()
    expect(dlg.locator('select[name="rules"]')).to_have_value(name)
    box.check()
    dlg.locator('[data-dialog="deal"]').click()
    code = wait_for_new_code(page, first)
    assert page.evaluate("() => location.hash") == "#" + code   # the deal's own code: a bookmark replays it
    game = Game.from_code(code)
    assert game.number is not None and game.draw == draw and game.rules.name == name
    expect(page.locator('#assist[data-kind="note"] p')).to_have_text(ordinary_note(EN, name, draw))
    assert page.evaluate("() => window.__searches") == []      # no search was started
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


@pytest.mark.parametrize("name", ["casino", "little-gate"])
def test_the_daily_deal_of_a_game_with_few_proved_deals_comes_at_once_and_says_what_it_is(open_game, page, name):
    """Issue 46: Casino Canfield's daily deal never came (a search without end), Little Gate's neither. Now
    the New game dialog says, for the game chosen, how many deals the solver proved of how many it tried,
    and the daily deal is on the table at once: the catalogue's when the game has entries, else the date's
    start deal with a note that says plainly it is not proved winnable."""
    page = open_game("CF1-D3-AAAAACL")
    page.evaluate(WATCH_SEARCH_JS)
    page.locator('[data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    dlg.locator('select[name="rules"]').select_option(name)
    checked = dlg.locator('input[name="draw"]:checked').get_attribute("value")
    line = dlg.locator("[data-catalog-note]")
    want = catalogue_note(EN, name, int(checked))
    if want is None:                        # a complete catalogue: nothing to say
        expect(line).to_be_hidden()
    else:
        expect(line).to_be_visible()
        expect(line).to_have_text(want)
    draw = catalog.PAIRS[[n for n, _ in catalog.PAIRS].index(name)][1]   # the game's own draw
    before = datetime.date.today()          # the browser runs in this machine's time zone, as this process
    dlg.locator('[data-dialog="daily"]').click()
    code = wait_for_new_code(page, "CF1-D3-AAAAACL")   # at once: no search, whatever the catalogue
    after = datetime.date.today()
    day = next((d for d in (before, after) if daily_code(d, draw, name) == code), None)
    assert day is not None, f"{code} is the {name} daily deal of neither {before} nor {after}"
    number, entry = catalog.daily_deal(day, draw, name)
    assert Game.from_code(code).number == number
    note = page.locator('#assist[data-kind="note"]')
    expect(note).to_contain_text("Deal of the day (")
    said = daily_note(EN, "en", day.isoformat(), name, draw, entry)   # the date as CPython writes it: the rest
    expect(note).to_contain_text(said.split("): ", 1)[1] if entry is None else "Deal of the day (")
    if entry is None:
        expect(note).to_contain_text("not proved winnable")
    assert page.evaluate("() => window.__searches") == []
    assert page.locator("#game").get_attribute("data-solver") == "idle"   # the solver's worker not even started
