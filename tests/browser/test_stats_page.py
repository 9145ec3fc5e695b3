"""Statistics in the page: counted across a win, losses by abandoning (new deal, another deal in
the address) and reloads; shown in the dialog; reset with a confirmation; exported and imported as JSON.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.stats import VERSION as STATS_VERSION
from test_game import SEED_CODE, WIN_MS, _foundation_only_deal, card, expect_view, view_of
from test_persist import put_storage, storage

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

EN = "index.html?lang=en"


def _browser_a11y():
    """tests/browser/test_a11y.py by its path (tests/test_a11y.py has the same module name)."""
    path = Path(__file__).with_name("test_a11y.py")
    spec = importlib.util.spec_from_file_location("_browser_test_a11y", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
STATS = "canfield.stats"


def stored_stats(page) -> dict:
    text = storage(page).get(STATS)
    return json.loads(text) if text else {}


def table(page, key="canfield-D1") -> dict:
    return stored_stats(page).get("tables", {}).get(key)


def open_stats(page):
    page.locator('header [data-action="stats"]').click()
    expect(page.locator("#dlg-stats")).to_be_visible()


def close_stats(page):
    page.locator('#dlg-stats [data-dialog="close"]').click()
    expect(page.locator("#dlg-stats")).to_be_hidden()


def shown(page) -> dict[str, str]:
    return {name: page.locator(f"#stats-{name}").inner_text()
            for name in ("played", "won", "rate", "streak", "best_streak", "best_score", "fastest")}


def close_win(page):
    win = page.locator("#dlg-win")
    expect(win).to_be_visible(timeout=WIN_MS)   # after the animated finish and the win cascade
    win.locator('[data-dialog="close"]').click()
    expect(win).to_be_hidden()


def wait_played(page, n, key="canfield-D1"):
    page.wait_for_function(
        "([k, n]) => { const s = JSON.parse(localStorage.getItem('canfield.stats') || '{}');"
        " return ((s.tables || {})[k] || {}).played === n; }", arg=[key, n])


@pytest.mark.own_page
@pytest.mark.reduced_motion
def test_statistics_across_a_win_losses_and_reloads(open_game, page, server):
    code = _foundation_only_deal()            # draw 1: one tap, then auto-finish wins it
    put_storage(page, server, {"canfield.settings": json.dumps({"version": 1, "auto_finish": True})})
    open_game(code, path=EN)
    open_stats(page)
    assert shown(page) == {"played": "0", "won": "0", "rate": "—", "streak": "0", "best_streak": "0",
                           "best_score": "—", "fastest": "—"}
    expect(page.locator('#dlg-stats select[name="stats-draw"]')).to_have_value("1")
    close_stats(page)
    assert table(page) is None               # nothing counts before the first move

    card(page, "8H").click()                 # the first move; auto-finish plays the rest: a win
    close_win(page)
    t = table(page)
    assert (t["played"], t["won"], t["streak"], t["best_streak"], t["best_score"]) == (1, 1, 1, 1, 255)
    assert isinstance(t["fastest"], (int, float)) and t["fastest"] >= 0
    open_stats(page)
    got = shown(page)
    assert {k: got[k] for k in ("played", "won", "rate", "streak", "best_streak", "best_score")} == {
        "played": "1", "won": "1", "rate": "100%", "streak": "1", "best_streak": "1", "best_score": "255"}
    assert re.fullmatch(r"\d+:\d\d", got["fastest"]), got["fastest"]
    close_stats(page)

    open_game(code, path=EN)                 # reload the won game: the win is not counted again
    close_win(page)
    page.locator('header [data-action="undo"]').click()
    page.locator('header [data-action="redo"]').click()   # won again by redo: still one win
    close_win(page)
    t = table(page)
    assert (t["played"], t["won"], t["streak"]) == (1, 1, 1)

    # Auto-finish off from here on: the random deals below must stay open after their first draw, and
    # some draw-1 deals are won by auto-finish right after it (CF1-D1-QBGFJZW, 172 moves).
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="auto_finish"]').uncheck()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    expect(page.locator("#dlg-settings")).to_be_hidden()

    # a new deal from the dialog: not started yet, so not counted
    page.locator('header [data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    dlg.locator('input[name="draw"][value="1"]').check()
    dlg.locator('[data-dialog="deal"]').click()
    expect(page.locator("#deal-code")).not_to_have_text(code)
    new_code = page.locator("#deal-code").inner_text()
    assert table(page)["played"] == 1
    page.locator('[data-pile="stock"]').click()           # its first move: played
    wait_played(page, 2)
    open_game(new_code, path=EN)                          # a reload keeps it open, not lost
    assert stored_stats(page)["open"] is not None and table(page)["streak"] == 1, storage(page)
    page.locator('header [data-action="restart"]').click()   # restart: the same game, undoable, still open
    expect(page.locator('header [data-action="undo"]')).to_be_enabled()
    assert stored_stats(page)["open"] is not None and table(page)["played"] == 2
    page.locator('header [data-action="undo"]').click()      # back where it was
    page.locator('[data-pile="stock"]').click()
    other = "CF1-D1-AAAAACL" if new_code != "CF1-D1-AAAAACL" else "CF1-D1-AAAAACM"
    page.evaluate("c => { location.hash = c; }", other)   # another deal in the address: asks first
    expect(page.locator("#dlg-confirm")).to_be_visible()
    page.locator('#dlg-confirm [data-dialog="confirm-no"]').click()   # no: the game stays, and its address
    expect(page.locator("#deal-code")).to_have_text(new_code)
    assert page.evaluate("() => decodeURIComponent(location.hash.slice(1))") == new_code
    assert stored_stats(page)["open"] is not None
    page.evaluate("c => { location.hash = c; }", other)
    page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()  # yes: the started game is lost
    expect(page.locator("#deal-code")).to_have_text(other)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('canfield.stats')).open === null")
    t = table(page)
    assert (t["played"], t["won"], t["streak"], t["best_streak"]) == (2, 1, 0, 1)

    page.locator('[data-pile="stock"]').click()           # the new deal's first move: played
    wait_played(page, 3)
    page.locator('header [data-action="new"]').click()    # a new deal from the dialog: asks, then lost
    page.locator('#dlg-new [data-dialog="deal"]').click()
    page.locator('#dlg-confirm [data-dialog="confirm-yes"]').click()
    expect(page.locator("#deal-code")).not_to_have_text(other)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('canfield.stats')).open === null")
    other = page.locator("#deal-code").inner_text()
    t = table(page)
    assert (t["played"], t["won"], t["streak"], t["best_streak"], t["best_score"]) == (3, 1, 0, 1, 255)

    open_game(other, path=EN)
    open_stats(page)
    got = shown(page)
    assert (got["played"], got["won"], got["rate"], got["streak"], got["best_streak"]) == ("3", "1", "33%", "0", "1")
    page.locator('#dlg-stats select[name="stats-draw"]').select_option("3")   # per draw: draw 3 is apart
    expect(page.locator("#stats-played")).to_have_text("0")
    page.locator('#dlg-stats select[name="stats-draw"]').select_option("1")
    page.locator('#dlg-stats select[name="stats-rules"]').select_option("classic")  # and per rule set
    expect(page.locator("#stats-played")).to_have_text("0")


_RECORD = {
    "format": "canfield-stats", "version": 1, "open": None,
    "tables": {
        "canfield-D3": {"played": 12, "won": 5, "streak": 2, "best_streak": 3, "best_score": 260, "fastest": 125.0},
        "classic-D1": {"played": 2, "won": 0, "streak": 0, "best_streak": 0, "best_score": None, "fastest": None},
    },
}


@pytest.mark.own_page
def test_export_reset_import_round_trip_and_bad_files(open_game, page, server, tmp_path):
    put_storage(page, server, {STATS: json.dumps(_RECORD)})
    open_game(SEED_CODE, path="index.html?lang=fr")
    open_stats(page)
    want_fr = {"played": "12", "won": "5", "rate": "42 %", "streak": "2", "best_streak": "3",
               "best_score": "260", "fastest": "2:05"}
    assert shown(page) == want_fr
    dlg = page.locator("#dlg-stats")

    with page.expect_download() as info:
        dlg.locator('[data-stats="export"]').click()
    download = info.value
    assert download.suggested_filename == "canfield-statistics.json"
    exported = tmp_path / download.suggested_filename
    download.save_as(exported)
    # a version 1 file is read; the export is today's version (the recent games' ids, for merging two pages)
    assert json.loads(exported.read_text(encoding="utf-8")) == {**_RECORD, "version": STATS_VERSION, "recent": [],
                                                                "epoch": 0.0}
    expect(page.locator("#stats-message")).to_contain_text("canfield-statistics.json")

    dlg.locator('[data-stats="reset"]').click()           # a confirmation first
    expect(page.locator("#stats-confirm")).to_be_visible()
    dlg.locator('[data-stats="reset-no"]').click()
    expect(page.locator("#stats-confirm")).to_be_hidden()
    assert shown(page) == want_fr and stored_stats(page)["tables"] == _RECORD["tables"]
    dlg.locator('[data-stats="reset"]').click()
    dlg.locator('[data-stats="reset-yes"]').click()
    expect(page.locator("#stats-played")).to_have_text("0")
    expect(page.locator("#stats-message")).to_have_text("Statistiques remises à zéro.")
    assert stored_stats(page)["tables"] == {}

    file_input = dlg.locator('input[name="stats-file"]')
    file_input.set_input_files(str(exported))             # the export comes back
    expect(page.locator("#stats-message")).to_have_text("Statistiques importées.")
    assert shown(page) == want_fr
    assert stored_stats(page)["tables"] == _RECORD["tables"]

    bad_files = {
        "ce n’est pas du JSON": b"{nope",
        "il vient d’une autre version du jeu": json.dumps({**_RECORD, "version": 7}).encode(),
        "certains nombres sont impossibles (négatifs, infinis ou incohérents)": json.dumps(
            {**_RECORD, "tables": {"canfield-D3": {**_RECORD["tables"]["canfield-D3"], "won": 40}}}).encode(),
        "son contenu est imbriqué bien trop profondément pour des statistiques": b"[" * 50_000,
        "ce n’est pas un fichier de statistiques de Canfield": b'{"format": "other"}',
        "certains nombres sont impossibles (négatifs, infinis ou incohérents) ": json.dumps(  # over ten years
            {**_RECORD, "tables": {"canfield-D3": {**_RECORD["tables"]["canfield-D3"], "fastest": 4e8}}}).encode(),
    }
    for words, data in bad_files.items():
        file_input.set_input_files({"name": "bad.json", "mimeType": "application/json", "buffer": data})
        msg = page.locator("#stats-message")
        expect(msg).to_contain_text("Ce fichier n’a pas pu être importé")
        expect(msg).to_contain_text(words.strip())
        assert not any(w in msg.inner_text() for w in ("Traceback", "Error"))
        assert shown(page) == want_fr                     # nothing changed
        assert stored_stats(page)["tables"] == _RECORD["tables"]
        file_input.set_input_files([])
    close_stats(page)

    card(page, "QC").click()                              # and the game plays on, counted
    game = Game.from_code(SEED_CODE)
    game.play("R-T2")
    expect_view(page, view_of(game))
    wait_played(page, 13, "canfield-D3")


@pytest.mark.own_page
def test_stats_dialog_is_accessible_in_every_state(open_game, page, server):
    from test_game import SHOTS

    audit = _browser_a11y().audit  # axe-core, as for the other dialogs

    put_storage(page, server, {STATS: json.dumps(_RECORD)})
    open_game(SEED_CODE, path="index.html?lang=nl")
    open_stats(page)
    expect(page.locator("#stats-played")).to_have_text("12")
    audit(page, "statistics dialog")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "stats-dialog-nl.png"))
    dlg = page.locator("#dlg-stats")
    dlg.locator('[data-stats="reset"]').click()
    expect(page.locator("#stats-confirm")).to_be_visible()
    expect(dlg.locator('[data-stats="reset-no"]')).to_be_focused()   # the safe choice has the focus
    audit(page, "statistics dialog, reset confirmation")
    dlg.locator('[data-stats="reset-no"]').click()
    dlg.locator('input[name="stats-file"]').set_input_files(
        {"name": "bad.json", "mimeType": "application/json", "buffer": b"{}"})
    expect(page.locator("#stats-message")).to_have_text(
        "Dit bestand kon niet worden geïmporteerd: het is geen statistiekenbestand van Canfield")
    audit(page, "statistics dialog, import error")
    page.screenshot(path=str(SHOTS / "stats-dialog-error-nl.png"))
