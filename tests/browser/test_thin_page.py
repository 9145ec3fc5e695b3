"""The two-sided page (index.html): MicroPython on the main thread draws and forwards, Pyodide in the
engine's worker (static/engine-worker.mjs) runs the engine, the controller, the layout and the records (static/page/, static/worker/main.py,
static/worker/session.py).

Checked here: Pyodide is never loaded by the main thread; a tap, a drag, an illegal drop, the undo button and a key play through the
worker; the saved game is written from the worker's records and a reload resumes it; the counters count
and the clock ticks, stands still while the page is hidden and its time is saved (by the page itself when it
is left); the statistics dialog shows the worker's rows, resets, exports and imports; the win cascade runs
from the worker's plan and ends by a tap, a key or by itself, then the win dialog.
"""

import json

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.tasks import HintSearch
from worker import assist

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = [pytest.mark.reduced_motion, pytest.mark.shared_page]

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


def test_pyodide_runs_in_the_worker_never_on_the_main_thread(open_game):
    page = open_game(DEAL, path="index.html")
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert any(name.endswith("/micropython.wasm") for name in fetched), fetched
    # Chromium lists the engine worker's module graph among the document's resources (its script and what it
    # imports: the vendored pyodide.mjs); the runtime's files and game.zip are fetched by the worker alone
    assert any(name.endswith("/static/engine-worker.mjs") for name in fetched), fetched
    graph = ("/static/engine-worker.mjs", "/static/pyodide-worker.mjs", "/static/vendor/pyodide/pyodide.mjs")
    assert not [name for name in fetched if ("/pyodide/" in name or name.endswith("game.zip"))
                and not name.endswith(graph)], fetched
    assert page.evaluate("() => typeof globalThis.loadPyodide") == "undefined"


@pytest.mark.own_page
def test_taps_drags_undo_and_keys_play_through_the_worker_and_the_save_resumes(open_game):
    page = open_game(DEAL, path="index.html")
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
    page = open_game(DEAL, path="index.html")
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


CLOCK_AT_LEAST = """n => { const p = document.getElementById('clock').textContent.split(':').map(Number);
    return (p.length === 2 ? p[0] * 60 + p[1] : p[0] * 3600 + p[1] * 60 + p[2]) >= n; }"""


def set_visibility(page, state):
    page.evaluate("""s => { Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => s});
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => s === 'hidden'});
        document.dispatchEvent(new Event('visibilitychange')); }""", state)


def saved_seconds(page):
    return page.evaluate("() => JSON.parse(localStorage.getItem('canfield.save') || '{}').seconds")


def test_the_counters_count_the_clock_ticks_pauses_hidden_and_its_time_is_saved(open_game):
    page = open_game(DEAL, path="index.html")
    assert page.locator("#moves").inner_text() == "0" and page.locator("#clock").inner_text() == "0:00"
    page.locator('[data-pile="stock"]').click()                  # the first move starts the clock
    page.wait_for_function("() => document.getElementById('moves').textContent === '1'")
    page.wait_for_function(CLOCK_AT_LEAST, arg=2, timeout=10_000)

    # hidden: the clock stands still, and its time is in the saved game
    set_visibility(page, "hidden")
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('canfield.save') || '{}').seconds || 0) >= 2")
    shown = page.locator("#clock").inner_text()
    start = page.evaluate("() => performance.now()")
    page.wait_for_function("t => performance.now() >= t", arg=start + 1500)
    assert page.locator("#clock").inner_text() == shown
    set_visibility(page, "visible")
    page.wait_for_function("t => document.getElementById('clock').textContent !== t", arg=shown, timeout=5_000)

    # left: the clock's time is written at once, before any answer of the worker's
    before = saved_seconds(page)
    page.wait_for_function(CLOCK_AT_LEAST, arg=int(before) + 2, timeout=10_000)
    written = page.evaluate("""() => { window.dispatchEvent(new Event('pagehide'));
        return JSON.parse(localStorage.getItem('canfield.save')).seconds; }""")
    assert written >= before + 1.5

    # an undo takes a move back; the settings hide the counters
    page.locator('header [data-action="undo"]').click()
    page.wait_for_function("() => document.getElementById('moves').textContent === '0'")
    page.locator('header [data-action="settings"]').click()
    page.locator("#dlg-settings").wait_for(state="visible")
    page.locator('#dlg-settings input[name="show_clock"]').uncheck()
    page.wait_for_function("() => document.getElementById('clock-box').hidden")
    assert page.locator("#moves-box").is_visible()
    page.locator('#dlg-settings input[name="show_moves"]').uncheck()
    page.wait_for_function("() => document.getElementById('moves-box').hidden")


@pytest.mark.own_page
def test_the_statistics_dialog_is_filled_reset_exported_and_imported_through_the_worker(
        open_game, page, server, tmp_path):
    from test_persist import put_storage
    from test_stats_page import _RECORD, shown, stored_stats

    put_storage(page, server, {"canfield.stats": json.dumps(_RECORD)})
    open_game(DEAL, path="index.html?lang=fr")
    button = page.locator('header [data-action="stats"]')
    expect(button).to_be_enabled()
    button.click()
    dlg = page.locator("#dlg-stats")
    expect(dlg).to_be_visible()
    want_fr = {"played": "12", "won": "5", "rate": "42 %", "streak": "2", "best_streak": "3",
               "best_score": "260", "fastest": "2:05"}
    expect(page.locator("#stats-played")).to_have_text("12")
    assert shown(page) == want_fr
    assert dlg.locator('select[name="stats-rules"] option').count() >= 16
    dlg.locator('select[name="stats-draw"]').select_option("1")       # another table: the worker's rows
    expect(page.locator("#stats-played")).to_have_text("0")
    dlg.locator('select[name="stats-draw"]').select_option("3")
    expect(page.locator("#stats-played")).to_have_text("12")

    with page.expect_download() as info:
        dlg.locator('[data-stats="export"]').click()
    download = info.value
    assert download.suggested_filename == "canfield-statistics.json"
    exported = tmp_path / download.suggested_filename
    download.save_as(exported)
    assert json.loads(exported.read_text(encoding="utf-8"))["tables"] == _RECORD["tables"]
    expect(page.locator("#stats-message")).to_contain_text("canfield-statistics.json")

    dlg.locator('[data-stats="reset"]').click()                        # a confirmation first
    expect(page.locator("#stats-confirm")).to_be_visible()
    dlg.locator('[data-stats="reset-no"]').click()
    expect(page.locator("#stats-confirm")).to_be_hidden()
    assert shown(page) == want_fr
    dlg.locator('[data-stats="reset"]').click()
    dlg.locator('[data-stats="reset-yes"]').click()
    expect(page.locator("#stats-played")).to_have_text("0")
    expect(page.locator("#stats-message")).to_have_text("Statistiques remises à zéro.")
    page.wait_for_function("() => JSON.stringify(JSON.parse(localStorage.getItem('canfield.stats')).tables) === '{}'")

    file_input = dlg.locator('input[name="stats-file"]')
    file_input.set_input_files(str(exported))                          # the export comes back
    expect(page.locator("#stats-message")).to_have_text("Statistiques importées.")
    assert shown(page) == want_fr
    page.wait_for_function("() => JSON.parse(localStorage.getItem('canfield.stats')).tables['canfield-D3']")
    assert stored_stats(page)["tables"] == _RECORD["tables"]
    file_input.set_input_files({"name": "bad.json", "mimeType": "application/json", "buffer": b"{nope"})
    expect(page.locator("#stats-message")).to_contain_text("ce n’est pas du JSON")
    assert shown(page) == want_fr


def _won_with_motion(open_game, page, server):
    """A deal that auto-finishes from its first tap, with motion on: won, the last card landed, the cascade."""
    from test_game import _foundation_only_deal
    from test_persist import put_storage

    page.emulate_media(reduced_motion="no-preference")      # the cascade needs motion (this module reduces it)
    put_storage(page, server, {"canfield.settings": json.dumps({"version": 1, "auto_finish": True})})
    open_game(_foundation_only_deal(), path="index.html?lang=en")
    page.locator('[data-pile="stock"]').click()
    page.wait_for_function("() => Number(document.getElementById('moves').textContent) >= 3")   # a few cards up
    box = page.locator('[data-pile="tableau-1"]').bounding_box()
    page.mouse.click(box["x"] + 10, box["y"] + 10)          # the rest of the auto-finish at once
    expect(page.locator("#score")).to_have_text("255")
    expect(page.locator("#celebration")).to_have_count(1, timeout=30_000)
    expect(page.locator("#dlg-win")).to_be_hidden()          # the dialog waits for the cascade
    page.wait_for_function("() => document.querySelectorAll('#celebration .cel-x').length >= 2")
    assert page.locator("#celebration [data-card]").count() == 0      # copies: the hooks stay unique


@pytest.mark.own_page
def test_the_win_cascade_runs_from_the_workers_plan_and_a_tap_ends_it_and_does_nothing_else(open_game, page, server):
    _won_with_motion(open_game, page, server)
    moves = page.locator("#moves").inner_text()
    box = page.locator('header [data-action="undo"]').bounding_box()  # under the layer: not an undo
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator(".cel-x")).to_have_count(0)
    expect(page.locator("#dlg-win")).to_be_visible()
    expect(page.locator("#celebration")).to_have_count(0)
    assert page.locator("#moves").inner_text() == moves
    expect(page.locator("#win-score")).to_contain_text("255")


@pytest.mark.own_page
def test_a_key_ends_the_win_cascade_and_does_nothing_else(open_game, page, server):
    _won_with_motion(open_game, page, server)
    moves = page.locator("#moves").inner_text()
    page.keyboard.press("u")                                 # ends it, and is no undo
    expect(page.locator(".cel-x")).to_have_count(0)
    expect(page.locator("#dlg-win")).to_be_visible()
    expect(page.locator("#score")).to_have_text("255")
    assert page.locator("#moves").inner_text() == moves


@pytest.mark.own_page
def test_the_win_cascade_left_alone_ends_by_itself_then_the_win_dialog(open_game, page, server):
    _won_with_motion(open_game, page, server)
    expect(page.locator("#dlg-win")).to_be_visible(timeout=30_000)
    expect(page.locator("#celebration")).to_have_count(0)
    assert page.evaluate("() => document.getElementById('game').classList.contains('celebrating')") is False


def test_hint_is_searched_by_the_workers_solver_and_shown_in_the_panel(open_game):
    page = open_game(DEAL, path="index.html")
    page.locator('header [data-action="hint"]').click()
    page.wait_for_selector('#assist[data-kind="hint"]', state="attached", timeout=30_000)
    task = HintSearch(Game.from_code(DEAL), assist.HINT_NODES, None, assist.BACK_NODES, None,
                      best_nodes=assist.BEST_NODES)
    task.run()
    assert page.get_attribute("#assist", "data-move") == str(task.move)   # the engine's own hint, in the worker
    assert page.inner_text("#assist-text").startswith("Hint")
    assert page.locator('[data-pile="tableau-4"].hint-src').count() == 1
    page.locator('#assist [data-assist="close"]').click()
    page.wait_for_selector("#assist", state="hidden")
    page.locator('header [data-action="hint"]').click()                    # a move meanwhile: that hint goes
    page.wait_for_selector('#assist[data-kind="wait"], #assist[data-kind="hint"]', state="attached")
    page.locator('[data-pile="stock"]').click()
    page.wait_for_function("() => document.querySelectorAll('[data-pile=\"waste\"] > [data-card]').length === 3")
    page.wait_for_function("() => !document.querySelector('.hint-src')")


def test_show_me_how_plays_the_workers_line_with_the_replay_bar(open_game):
    page = open_game(DEAL, path="index.html")
    page.locator('header [data-action="show-me-how"]').click()
    page.wait_for_selector("#replay:not([hidden])", state="attached", timeout=30_000)
    page.wait_for_function("() => document.querySelector('[data-replay=\"play\"]').getAttribute('aria-pressed') === 'true'"
                           " && !document.getElementById('replay').dataset.at.startsWith('0/')")   # it plays
    page.locator('[data-replay="play"]').click()                          # pause
    page.wait_for_function("() => document.querySelector('[data-replay=\"play\"]').getAttribute('aria-pressed') === 'false'")
    done, total = (int(x) for x in page.get_attribute("#replay", "data-at").split("/"))
    assert 0 < done < total
    page.locator('[data-replay="start"]').click()
    page.wait_for_function("() => document.getElementById('replay').dataset.at.startsWith('0/')")
    assert page.locator('[data-replay="back"]').is_disabled()
    page.locator('[data-replay="take"]').click()                          # play from here: the bar goes
    page.wait_for_selector("#replay", state="hidden")


def test_a_winnable_deal_the_catalogue_has_not_is_an_ordinary_deal_at_once_said_so(open_game):
    from canfield import catalog
    from worker.i18n import Translator

    page = open_game(DEAL, path="index.html")
    page.locator('header [data-action="new"]').click()
    page.locator("#dlg-new").wait_for(state="visible")
    page.locator('#dlg-new input[name="winnable"]').check()
    page.wait_for_function("() => (localStorage.getItem('canfield.settings') || '').includes('\"winnable\": true')"
                           " || (localStorage.getItem('canfield.settings') || '').includes('\"winnable\":true')")
    page.locator('#dlg-new select[name="rules"]').select_option("casino")
    page.locator('#dlg-new [data-dialog="deal"]').click()
    page.wait_for_function("() => document.getElementById('deal-code').textContent.startsWith('CC1-D1-')",
                           timeout=10_000)                                    # at once: never a search
    if not catalog.winnable("casino", 1):                                     # no entry: an ordinary deal, said so
        expect(page.locator('#assist[data-kind="note"] p')).to_have_text(assist.ordinary_note(Translator("en"), "casino", 1))


@pytest.mark.own_page
def test_a_returning_visit_paints_the_board_the_worker_kept_when_the_page_was_hidden(open_game):
    page = open_game(DEAL, path="index.html")
    page.locator('[data-pile="stock"]').click()
    wait_cards(page, "waste", ["KS", "AC", "AS"])
    set_visibility(page, "hidden")
    # the record written for the save after the tap (the first one, written at the start, names the save of
    # before and shows the first draw too, as what a tap on the painted stock answers: not enough)
    page.wait_for_function("""() => window.canfieldPaint.accepts(localStorage.getItem('canfield.snapshot'),
                                                                 localStorage.getItem('canfield.save'))
                               && (localStorage.getItem('canfield.save') || '').includes('"S"')""")
    page.reload(wait_until="commit")
    page.wait_for_selector('#game[data-painted="snapshot"], #game[data-ready="true"]', state="attached")
    painted = page.evaluate("() => document.getElementById('game').dataset.painted || (window.canfieldPaint || {}).painted")
    assert painted == "snapshot"                    # the painter drew the kept board, the saved game's
    page.wait_for_selector('#game[data-ready="true"]', state="attached")
    assert cards(page, "waste") == ["KS", "AC", "AS"]


@pytest.mark.own_page
def test_a_tap_on_the_painted_board_before_the_game_is_live_is_played_once_it_is(page, server):
    import time as _time

    def slow(route):                                  # MicroPython arrives late: the board is painted, not live
        _time.sleep(1.5)
        route.continue_()
    page.route("**/micropython.wasm", slow)
    page.goto(f"{server}/index.html", wait_until="commit")
    page.wait_for_selector('#game[data-painted="deal"]', state="attached")
    assert page.locator('#game[data-ready="true"]').count() == 0
    stock = page.locator('[data-pile="stock"]').first
    stock.click()
    page.wait_for_selector('#game[data-ready="true"]', state="attached")
    page.wait_for_function("() => document.querySelectorAll('[data-pile=\"waste\"] > [data-card]').length === 3")


def test_the_new_game_dialogs_difficulty_deals_a_catalogued_deal_of_that_grade(open_game):
    from canfield import catalog

    page = open_game(DEAL, path="index.html")
    page.locator('header [data-action="new"]').click()
    page.locator("#dlg-new").wait_for(state="visible")
    page.locator('#dlg-new select[name="grade"]').select_option("expert")
    page.locator('#dlg-new [data-dialog="deal"]').click()
    page.wait_for_function("c => document.getElementById('deal-code').textContent !== c", arg=DEAL)
    game = Game.from_code(page.locator("#deal-code").inner_text())
    entry = catalog.find(game.rules, game.draw, game.number)
    assert entry is not None and entry.grade == "expert"


PILE_MARKS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-pile]')].map(
  (p) => [p.dataset.pile, p.classList.contains('empty')]))"""


@pytest.mark.own_page
def test_a_painted_boards_piles_keep_their_marks_until_the_first_drawing(page, server):
    # the layer built before the worker answers marked every pile empty: a foundation covered by the painted
    # base card showed its placeholder under it, a text Chromium counts as a new largest paint (Lighthouse's
    # LCP moved from the painted board to the layer's start, 3.7 s instead of 1.7 on its phone)
    held = []
    page.route("**/static/vendor/game.zip", lambda route: held.append(route))   # the worker cannot answer
    with page.expect_request("**/static/vendor/game.zip"):
        page.goto(f"{server}/index.html", wait_until="commit")
    page.wait_for_selector('#game[data-painted="deal"]', state="attached")
    page.wait_for_function("() => performance.getEntriesByName('canfield:layer').length > 0")
    marks = page.evaluate(PILE_MARKS)
    base = [pile for pile in marks if pile.startswith("foundation-") and cards(page, pile)]
    assert len(base) == 1 and marks[base[0]] is False, marks     # the base card's foundation: not empty
    for _ in range(500):
        if held:
            break
        page.evaluate("0")
    for route in held:
        route.continue_()
    page.wait_for_selector('#game[data-ready="true"]', state="attached")
    after = page.evaluate(PILE_MARKS)
    assert after[base[0]] is False
    for pile, empty in after.items():    # the first drawing's marks: empty exactly where no card is
        if pile != "stock" and page.locator(f'[data-pile="{pile}"]').is_visible():
            assert empty == (not cards(page, pile)), pile
