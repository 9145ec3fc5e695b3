"""Insight on the page (issue 20, items 1-3): a winnable deal of a chosen grade from the New game dialog,
Analyse going back to the move that lost the game, and axe-core on the new dialog field and panel.

The engine under CPython is the oracle: the deal dealt must have the grade asked for
(canfield.insight.grade), and the analysis must name the move canfield.insight.lost_move names.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.insight import GRADES, LOST_AT, grade, lost_move, rate
from test_a11y import audit
from test_game import _foundation_only_deal
from test_hint import ANSWER_MS, LOSING_CODE, click_card_at_rest, expect_view

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page


def _deal_of_grade(page, name):
    before = page.locator("#deal-code").inner_text()
    page.locator('[data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    expect(dlg).to_be_visible()
    dlg.locator('select[name="grade"]').select_option(name)
    dlg.locator('[data-dialog="deal"]').click()
    page.wait_for_function("b => document.getElementById('deal-code').textContent !== b && "
                           "!document.getElementById('game').hasAttribute('data-search')", arg=before,
                           timeout=ANSWER_MS)
    return page.locator("#deal-code").inner_text()


def test_a_winnable_deal_of_each_grade_from_the_new_game_dialog(open_game):
    page = open_game()
    for name in GRADES:
        code = _deal_of_grade(page, name)
        assert grade(Game.from_code(code))[0] == name, (name, code)
        expect_view(page, Game.from_code(code))


def _lose(page):
    """Deal 20: four draws, then the waste top (2S) onto the 3D of column 4, which loses it."""
    game = Game.from_code(LOSING_CODE)
    stock = page.locator('[data-pile="stock"]')
    for _ in range(4):
        stock.click()
        game.play("S")
        expect_view(page, game)
    click_card_at_rest(page, "2S")   # once the draw's slide is over: not a press in the stock's slot
    game.play("W-T4")
    expect_view(page, game)
    return game


def test_analyse_finds_the_losing_move_and_goes_back_before_it(open_game):
    page = open_game(LOSING_CODE)
    game = _lose(page)
    want = lost_move(game)
    assert want.kind == LOST_AT and want.index == 4
    page.keyboard.press("h")  # the lost hint offers Analyse
    expect(page.locator('#assist[data-kind="lost"]')).to_be_visible(timeout=ANSWER_MS)
    page.locator('#assist [data-action="analyse"]').click()
    panel = page.locator("#analysis")
    expect(panel).to_have_attribute("data-state", "done", timeout=ANSWER_MS)
    expect(panel).to_have_attribute("data-kind", LOST_AT)
    expect(panel).to_have_attribute("data-index", str(want.index))
    expect(panel).to_have_attribute("data-undos", str(want.undos))
    expect(page.locator("#analysis-status")).to_contain_text("move 5")
    expect(page.locator("#analysis-timeline span.lost")).to_have_count(len(game.history) - want.index)
    expect(page.locator("#analysis-best")).to_contain_text("Best possible: ")
    audit(page, "the analysis panel")
    page.locator('#analysis [data-analysis="back"]').click()
    before = game.copy()
    for _ in range(want.undos):
        before.undo()
    expect_view(page, before)
    expect(panel).to_be_hidden()
    # the rest stays in redo
    expect(page.locator('[data-action="redo"]')).to_be_enabled()


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_axe_on_the_new_game_dialog_with_its_difficulty(open_game, lang):
    page = open_game(path=f"index.html?lang={lang}")
    page.locator('[data-action="new"]').click()
    expect(page.locator("#dlg-new")).to_be_visible()
    expect(page.locator('#dlg-new select[name="grade"] option')).to_have_count(5)
    audit(page, f"the New game dialog ({lang})")


@pytest.mark.reduced_motion   # the grade and par; the animated finish is test_motion.py's
def test_the_win_dialog_shows_the_grade_and_par_and_the_statistics_count_the_grade(open_game):
    code = _foundation_only_deal()
    want = rate(Game.from_code(code))
    assert want.grade in GRADES
    page = open_game(code)
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="auto_finish"]').check()
    expect(page.locator("#dlg-win")).to_be_visible(timeout=30_000)
    expect(page.locator("#win-grade")).to_have_attribute("data-grade", want.grade, timeout=ANSWER_MS)
    expect(page.locator("#win-grade")).to_have_text(f"Difficulty: {want.grade}")
    expect(page.locator("#win-par")).to_have_attribute("data-par", str(want.par))
    expect(page.locator("#win-par")).to_contain_text(f"Par: {want.par} moves")
    page.locator('#dlg-win [data-dialog="close"]').click()
    page.locator('header [data-action="stats"]').click()
    dlg = page.locator("#dlg-stats")
    expect(dlg).to_be_visible()
    dlg.locator('select[name="stats-draw"]').select_option("1")
    expect(page.locator("#stats-grades")).to_have_text(f"{want.grade} 1")
