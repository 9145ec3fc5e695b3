"""Winnable deals and the daily deal (issue 4, item 6), searched by the solver's worker.

The solver under CPython is the oracle: a winnable deal must be proved won within the same node
budget, and the daily deal must be canfield.solver.daily_code of today's UTC date.
"""

from __future__ import annotations

import datetime

from playwright.sync_api import expect
from test_hint import LONGTASKS_JS, SOLVER_BOOT_MS, assert_no_long_task_while_busy, settle, solver_ready

from canfield import Game
from canfield.solver import WINNABLE_NODES, daily_code, solve

SEARCH_MS = 90_000


def wait_for_new_code(page, old: str) -> str:
    page.wait_for_function("old => { const c = document.getElementById('deal-code').textContent;"
                           " return c && c !== old && c !== '…' && !document.getElementById('game').dataset.search; }",
                           arg=old, timeout=SEARCH_MS)
    return page.locator("#deal-code").inner_text()


def test_winnable_setting_deals_a_deal_the_solver_proves_won(open_game, page):
    page = open_game("CF1-D3-AAAAACL")
    page.locator('[data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    box = dlg.locator('input[name="winnable"]')
    expect(box).not_to_be_checked()
    box.check()                   # the worker starts now: the next deal needs it
    solver_ready(page)            # boot not measured
    settle(page)
    page.evaluate(LONGTASKS_JS, "#game[data-search]")
    dlg.locator('[data-dialog="deal"]').click()
    code = wait_for_new_code(page, "CF1-D3-AAAAACL")
    assert page.evaluate("() => location.hash") == "#" + code   # the deal's own code: a bookmark replays it
    game = Game.from_code(code)
    assert game.number is not None and game.draw == 3 and game.rules.name == "canfield"
    assert solve(game, max_nodes=WINNABLE_NODES).won
    assert_no_long_task_while_busy(page)
    # the setting is kept: after a reload the box is still checked
    page.reload()
    page.wait_for_selector('#game[data-ready="true"]', timeout=SOLVER_BOOT_MS)
    page.locator('[data-action="new"]').click()
    expect(page.locator('#dlg-new input[name="winnable"]')).to_be_checked()


def test_daily_deal_is_the_deal_of_todays_utc_date(open_game):
    page = open_game("CF1-D3-AAAAACL")
    page.locator('[data-action="new"]').click()
    before = datetime.datetime.now(datetime.timezone.utc).date()  # the page picks its date in between:
    page.locator('#dlg-new [data-dialog="daily"]').click()
    code = wait_for_new_code(page, "CF1-D3-AAAAACL")
    after = datetime.datetime.now(datetime.timezone.utc).date()   # across midnight, either date is right
    today = next((d for d in (before, after) if daily_code(d) == code), None)
    assert today is not None, f"{code} is the daily deal of neither {before} nor {after}"
    expect(page.locator('#assist[data-kind="note"]')).to_contain_text(today.isoformat())
