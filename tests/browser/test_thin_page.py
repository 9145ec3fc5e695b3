"""The two-sided page (thin.html): MicroPython on the main thread draws and forwards, Pyodide in PyScript's
named worker runs the engine, the controller, the layout and the records (static/page/, static/worker.py,
static/ui/session.py).

Checked here: the same deal draws the same board as the PyScript page (index.html); Pyodide is never
loaded by the main thread; a tap, a drag, an illegal drop, the undo button and a key play through the
worker; the saved game is written from the worker's records and a reload resumes it.
"""

import pytest

pytestmark = pytest.mark.reduced_motion

DEAL = "CF1-D3-AAAAACL"
BOARD = """() => {
  const out = {};
  for (const pile of document.querySelectorAll('#board [data-pile]')) {
    out[pile.dataset.pile] = [...pile.querySelectorAll(':scope > [data-card]')].map(
      (c) => [c.dataset.card, c.className, c.style.left, c.style.top]);
  }
  return {piles: out, score: document.getElementById('score').textContent,
          description: document.getElementById('description').textContent,
          stock: document.getElementById('stock-count').textContent,
          viewport: document.getElementById('game').dataset.viewport};
}"""


def cards(page, pile):
    return page.eval_on_selector_all(f'[data-pile="{pile}"] > [data-card]', "els => els.map(e => e.dataset.card)")


def wait_cards(page, pile, want):
    page.wait_for_function("([pile, want]) => JSON.stringify([...document.querySelectorAll("
                           "`[data-pile=\"${pile}\"] > [data-card]`)].map(e => e.dataset.card)) === want",
                           arg=[pile, str(want).replace("'", '"').replace(" ", "")])


def test_the_thin_page_draws_the_board_the_pyscript_page_draws(open_game, page, record_page):
    thin = open_game(DEAL, path="thin.html").evaluate(BOARD)
    other = page.context.new_page()
    record_page(other)
    old = open_game(DEAL, page=other).evaluate(BOARD)
    other.close()
    assert thin["viewport"] == old["viewport"]
    assert thin == old


def test_pyodide_runs_in_the_worker_never_on_the_main_thread(open_game):
    page = open_game(DEAL, path="thin.html")
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert any(name.endswith("/micropython.wasm") for name in fetched), fetched
    assert not [name for name in fetched if "/pyodide/" in name or name.endswith("game.zip")]
    assert page.evaluate("() => typeof globalThis.loadPyodide") == "undefined"


def test_taps_drags_undo_and_keys_play_through_the_worker_and_the_save_resumes(open_game):
    page = open_game(DEAL, path="thin.html")
    assert cards(page, "tableau-2") == ["7C"] and cards(page, "tableau-4") == ["6D"]
    page.locator('[data-pile="stock"]').click()
    wait_cards(page, "waste", ["KS", "AC", "AS"])
    page.wait_for_function("() => document.getElementById('announce').textContent.includes('3')")

    # an illegal drop: the six of diamonds over the last foundation goes back
    six = page.locator('[data-card="6D"]').bounding_box()
    ace = page.locator('[data-pile="foundation-4"]').bounding_box()
    page.mouse.move(six["x"] + 20, six["y"] + 20)
    page.mouse.down()
    page.mouse.move(six["x"] + 10, six["y"] + 40, steps=4)
    page.mouse.move(ace["x"] + 20, ace["y"] + 30, steps=8)
    page.wait_for_function("() => document.querySelector('[data-card=\"6D\"]').classList.contains('dragging')")
    page.mouse.up()
    page.wait_for_function("() => !document.querySelector('[data-card=\"6D\"]').classList.contains('dragging')")
    assert cards(page, "tableau-4") == ["6D"] and cards(page, "foundation-4") == []

    # a legal one: onto the seven of clubs; the emptied column takes the reserve's top
    seven = page.locator('[data-card="7C"]').bounding_box()
    page.mouse.move(six["x"] + 20, six["y"] + 20)
    page.mouse.down()
    page.mouse.move(six["x"] + 10, six["y"] + 40, steps=4)
    page.mouse.move(seven["x"] + 20, seven["y"] + 50, steps=8)
    page.wait_for_function("() => document.querySelector('[data-card=\"6D\"]').classList.contains('dragging')")
    page.mouse.up()
    wait_cards(page, "tableau-2", ["7C", "6D"])
    assert cards(page, "tableau-4") == ["TS"]
    assert page.locator('[data-card="6D"]').evaluate("e => e.style.transform") == ""

    page.locator('header [data-action="undo"]').click()
    wait_cards(page, "tableau-2", ["7C"])
    assert cards(page, "tableau-4") == ["6D"]
    page.keyboard.press("r")                  # redo, from the keyboard map
    wait_cards(page, "tableau-2", ["7C", "6D"])

    saved = page.evaluate("() => localStorage.getItem('canfield.save')")
    assert saved and DEAL in saved
    page.reload(wait_until="commit")
    page.wait_for_selector('#game[data-ready="true"]', state="attached")
    wait_cards(page, "tableau-2", ["7C", "6D"])
    assert cards(page, "waste") == ["KS", "AC", "AS"]


def test_the_dialogs_open_filled_by_the_worker_and_their_choices_reach_it(open_game):
    page = open_game(DEAL, path="thin.html")
    page.locator('header [data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    dlg.wait_for(state="visible")
    assert page.locator('#dlg-new select[name="rules"] option').count() >= 16
    assert page.locator('#dlg-new select[name="rules"]').input_value() == "canfield"
    page.locator('#dlg-new select[name="rules"]').select_option("chameleon")   # one draw only: no choice
    assert page.locator('#dlg-new input[name="draw"][value="3"]').is_disabled()
    assert page.locator("#dlg-new [data-draw-note]").is_visible()
    page.locator('#dlg-new select[name="rules"]').select_option("canfield")
    assert not page.locator('#dlg-new input[name="draw"][value="3"]').is_disabled()
    page.locator('#dlg-new input[name="draw"][value="1"]').check()
    page.locator('#dlg-new [data-dialog="deal"]').click()
    page.wait_for_function("() => document.getElementById('deal-code').textContent.startsWith('CF1-D1-')")
    assert not dlg.is_visible()

    # a started game: a new deal asks first, and "Keep playing" keeps it
    code = page.locator("#deal-code").inner_text()
    page.locator('[data-pile="stock"]').click()
    page.wait_for_function("() => document.querySelectorAll('[data-pile=\"waste\"] > [data-card]').length > 0")
    page.locator('header [data-action="new"]').click()
    page.locator('#dlg-new [data-dialog="deal"]').click()
    page.locator("#dlg-confirm").wait_for(state="visible")
    assert page.locator("#confirm-text").inner_text()
    page.locator('#dlg-confirm [data-dialog="confirm-no"]').click()
    page.locator("#dlg-confirm").wait_for(state="hidden")
    assert page.locator("#deal-code").inner_text() == code

    # the settings: a look class on the table, saved by the worker's records; the language's texts
    page.locator('header [data-action="settings"]').click()
    page.locator("#dlg-settings").wait_for(state="visible")
    page.locator('#dlg-settings input[name="four_color"]').check()
    page.wait_for_function("() => document.getElementById('game').classList.contains('four-color')")
    page.wait_for_function("() => (localStorage.getItem('canfield.settings') || '').includes('four_color')")
    page.locator('#dlg-settings select[name="lang"]').select_option("fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert page.locator('header [data-action="undo"] .txt').inner_text() == "Annuler"
    page.locator('#dlg-settings [data-dialog="close"]').click()

    page.locator('header [data-action="rules"]').click()
    page.locator("#dlg-rules").wait_for(state="visible")
    assert "Canfield" in page.locator("#rules-body").inner_text()
