"""Nothing typed, linked or stored stops the game (the MicroPython page): the page loaded with hostile
hashes (markup and script injections, broken percent-encodings, an encoded lone surrogate, 100 kB of text)
and hostile stored records (not JSON, wrong types, 2.6 million characters) starts every time, refuses
the hash with the translated message, deals, plays a move, runs no injected markup, and keeps or sets
aside each record as documented (docs/testing.md, "The page's input"). "Try again" after a start that
failed sets aside what that start read.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import leave_quietly, tap_stock_plays
from test_persist import put_storage, storage

EN = "index.html?lang=en"
# today's refusals: a text that is no deal code, or one that reads as a damaged game link
INVALID = re.compile("Invalid deal code|This game link is damaged")

# Set by any injected handler or script that runs (alert, an onerror attribute, a script element).
WATCH = """(() => {
    window.__injected = [];
    const mark = (what) => () => { window.__injected.push(what); };
    window.alert = mark('alert'); window.confirm = mark('confirm'); window.prompt = mark('prompt');
})();"""

HOSTILE_HASHES = [
    "%3Cscript%3Ealert(1)%3C/script%3E",
    "<img src=x onerror=alert(1)>",                       # the browser encodes < and the spaces
    "\"><svg/onload=alert(1)>",
    "javascript:alert(1)",
    "%", "%%", "%ZZ", "%E0%A0", "%C3%28", "%FF%FE", "%ED%A0%80",  # broken encodings, a lone surrogate's UTF-8
    "%F4%90%80%80", "é 🂡 ünïcödé\u202e",
    "G1.CF1-D3-AAAAACL.%00%01", "CF1-D3-" + "%41" * 50,
    "A" * 100_000,
]


def _no_injection(page) -> None:
    assert page.evaluate("() => window.__injected") == []
    assert page.locator("img[src='x'], svg[onload], [onerror], [onload]").count() == 0
    assert page.locator("script:not([src])").evaluate_all(
        "els => els.filter(e => !['application/json', 'mpy'].includes(e.type)).length") == 0


def test_hostile_hashes_are_refused_and_the_game_plays(open_game, page):
    page.add_init_script(WATCH)
    for i, hostile in enumerate(HOSTILE_HASHES):
        open_game(hostile, path=EN)
        expect(page.locator("#notice")).to_contain_text(INVALID)
        _no_injection(page)
        tap_stock_plays(page)
        if i == 0:       # a hashchange to a hostile hash, on the live page: refused the same way
            page.evaluate("() => { location.hash = '%E0%A0%3Cb%3E' }")
            expect(page.locator("#notice")).to_contain_text(INVALID)
            tap_stock_plays(page)
            _no_injection(page)


# Over the records' bound (1,000,000 characters), as a broken extension may leave: 2.6 million characters
# Chromium can still copy to the `.broken` key; 5 million it cannot (the origin's quota): held.
HUGE = 2_600_000
HUGER = 5_000_000


def _hostile_records():
    """(field, what, the stored text as a JavaScript expression): the long ones are built in the page."""
    wrong = {"save": json.dumps({"format": "canfield-save", "code": 5, "moves": "S"}),
             "stats": json.dumps({"format": "canfield-stats", "version": "1", "tables": []}),
             "settings": json.dumps({"draw": "three", "rules": ["x"], "lang": 7})}
    for field in ("save", "stats", "settings"):
        yield field, "not JSON", json.dumps("{nope \ud800")
        yield field, "wrong types", json.dumps(wrong[field])
        yield field, "a JSON array", json.dumps("[" * 10 + "]" * 10)
        yield field, "2.6 million characters", f"'x'.repeat({HUGE})"
        yield field, "5 million characters", f"'y'.repeat({HUGER})"


# The record written by the game page's own document, before its scripts run: written from another
# document (a plain page of the origin, then the game loaded), the record was sometimes not what the game
# read in full runs under load. The previous iteration's game had written its save in its renderer, whose
# cached copy of the origin's storage a later document of the same process could still serve. Each
# iteration adds one such script; the last added runs last, so its record is the one stored.
STORED_ONLY_JS = """(() => {
    if (!location.protocol.startsWith('http') || !location.pathname.endsWith('/index.html')) return;
    localStorage.clear();
    try { localStorage.setItem(%s, %s); } catch (e) { /* over the quota: stored as far as it goes */ }
    window.__written = localStorage.getItem(%s);
})();"""


def _stored_only(page, key: str, text_js: str) -> None:
    """The game's next load finds localStorage holding `key` = `text_js` (evaluated) and nothing else."""
    page.add_init_script(STORED_ONLY_JS % (json.dumps(key), text_js, json.dumps(key)))


NOTICES = {"save": "The saved game could not be read", "stats": "The saved statistics could not be read",
           "settings": "The saved settings could not be read"}


@pytest.mark.parametrize("field", ["save", "stats", "settings"])
def test_hostile_records_are_set_aside_or_held_and_the_game_plays(open_game, page, server, field):
    key = "canfield." + field
    for f, what, text_js in _hostile_records():
        if f != field:
            continue
        _stored_only(page, key, text_js)
        open_game("", path=EN)
        written = page.evaluate("() => window.__written")   # as the browser keeps it (a lone surrogate may be replaced)
        assert written is not None, what         # the record was stored
        expect(page.locator("#notice"), what).to_contain_text(NOTICES[field])
        tap_stock_plays(page)
        kept = storage(page)
        if kept.get(key + ".broken") == written:      # set aside untouched, the key free for the new record
            assert kept.get(key) != written, what
        else:                                         # storage full: held, left as it was, never written
            assert len(written) > 1_000_000 and kept.get(key) == written, what
            expect(page.locator("#notice")).to_contain_text("nor set aside")
        leave_quietly(page)      # its leaving write of the game played here could land after the next record
        page.goto("about:blank")


RETRY_ONCE = """(() => {
    let engine;
    Object.defineProperty(window, 'canfieldEngine', { configurable: true, get() { return engine; }, set(v) {
        engine = { start: v.start, ready: v.ready.then((calls) => Object.assign({}, calls, { begin(text) {
            if (sessionStorage.getItem('test-failed-once')) return calls.begin(text);
            sessionStorage.setItem('test-failed-once', '1');
            window.canfieldPaint.startText(String(text));        // the records are read, then the start fails
            return Promise.reject(new Error('test: this start fails once'));
        } })) };
    } });
})();"""


@pytest.mark.allow_console_errors
def test_try_again_after_a_failed_start_sets_aside_what_it_read(open_game, page, server):
    save = json.dumps({"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL", "moves": []})
    put_storage(page, server, {"canfield.save": save, "canfield.settings": "{}"})
    page.add_init_script(RETRY_ONCE)
    page.goto(f"{server}/{EN}#CF1-D3-AAAAACL", wait_until="commit")
    retry = page.locator("#boot-retry")
    expect(retry).to_be_visible(timeout=60_000)
    retry.click()
    page.wait_for_selector('#game[data-ready="true"]', state="attached", timeout=60_000)
    kept = storage(page)
    assert kept["canfield.save.broken"] == save and kept["canfield.settings.broken"] == "{}"
    expect(page.locator("#notice")).to_contain_text(NOTICES["save"])
    assert page.url.split("#", 1)[-1] != "CF1-D3-AAAAACL"     # the hash that start read is gone too
    tap_stock_plays(page)
