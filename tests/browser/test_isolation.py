"""Cross-origin isolation (scripts/serve.py's COOP and COEP headers): the page is isolated, so the
runtime's SharedArrayBuffer needs no deprecated fallback, and the game and its solver worker run."""

from __future__ import annotations

from playwright.sync_api import expect



def test_the_page_is_isolated_and_nothing_warns_of_shared_memory(open_game, page, page_log):
    open_game("CF1-D3-AAAAACL")   # a deal the solver finds a hint for (a random first-visit deal may be lost)
    assert page.evaluate("crossOriginIsolated") is True
    page.keyboard.press("h")   # the solver's worker boots (a second Pyodide) and answers
    expect(page.locator('#assist[data-kind="hint"]')).to_be_visible(timeout=120_000)
    warned = [line for line in page_log.console if "SharedArrayBuffer" in line]
    assert not warned, warned
