"""Start-up failures show a clear message with a retry: never a blank page, never a traceback."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.allow_console_errors, pytest.mark.allow_http_errors]


def _expect_boot_error(page):
    box = page.locator('#boot[data-state="error"]')
    expect(box).to_be_visible(timeout=60_000)
    expect(page.locator("#boot-msg")).to_have_text("The game could not start.")
    retry = page.locator("#boot-retry")
    expect(retry).to_be_visible()
    expect(retry).to_have_text("Try again")
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and "Error:" not in body
    expect(page.locator(".py-error")).to_have_count(0)
    assert page.locator("#game").get_attribute("data-ready") == "false"
    return retry


def _archive_with(name: str, source: str) -> bytes:
    """static/vendor/game.zip with one source replaced (its bytecode kept: a checked .pyc whose
    hash no longer matches, so Python must run the new source)."""
    out = io.BytesIO()
    with zipfile.ZipFile(REPO / "static" / "vendor" / "game.zip") as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, source.encode() if info.filename == name else src.read(info))
    return out.getvalue()


def test_python_error_during_start_shows_message_and_retry_works(page, server):
    broken = {"on": True}
    archive = _archive_with("worker/session.py", "raise RuntimeError('boom at import')\n")   # the worker's game

    def game_archive(route):
        if broken["on"]:
            route.fulfill(status=200, content_type="application/zip", body=archive)
        else:
            route.continue_()

    page.route("**/static/vendor/game.zip", game_archive)
    page.goto(f"{server}/index.html?lang=en", wait_until="commit")
    retry = _expect_boot_error(page)
    broken["on"] = False
    retry.click()                       # the retry reloads: this time the game starts
    page.wait_for_selector('#game[data-ready="true"]', timeout=60_000)
    expect(page.locator("#boot")).to_be_hidden()


def test_runtime_that_cannot_load_shows_message(page, server):
    page.route("**/static/vendor/pyscript/core.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{server}/index.html?lang=en", wait_until="commit")
    _expect_boot_error(page)


def test_loading_state_is_shown_at_once_in_the_page_language(page, server):
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # hold the runtime back
    with page.expect_request("**/pyodide.asm.wasm"):
        page.goto(f"{server}/index.html?lang=fr", wait_until="domcontentloaded")
    for _ in range(500):  # each round trip to the page lets Playwright run the pending route handler
        if held:
            break
        page.evaluate("0")
    assert held, "the runtime request was not held"
    expect(page.locator("#boot")).to_be_visible()
    # French, and counting the runtime's bytes once some have arrived ("3,9 sur 13,5 Mo")
    expect(page.locator("#boot-msg")).to_have_text(re.compile(r"^Chargement du jeu(…| : \d+,\d sur \d+,\d Mo)$"))
    assert page.locator("#game").get_attribute("data-ready") == "false"
    # the board's skeleton, before Python (the slots of larger games hidden)
    assert page.evaluate("[...document.querySelectorAll('[data-pile]')].filter(p => !p.closest('[hidden]')).length") == 11
    for route in held:
        route.continue_()
    page.wait_for_selector('#game[data-ready="true"]', timeout=60_000)
    expect(page.locator("#boot")).to_be_hidden()


@pytest.mark.parametrize("path", ["static/engine-worker.mjs", "static/worker/main.py", "static/vendor/game.zip"])
def test_an_engine_worker_that_cannot_start_shows_message(page, server, path):
    # static/boot.js's worker: its own script missing (the worker's error event), or a file it fetches
    # (the worker says it failed): the page's ready promise is refused and the loading screen says so
    page.route(f"**/{path}", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{server}/index.html?lang=en", wait_until="commit")
    _expect_boot_error(page)
