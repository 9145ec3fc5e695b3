"""The Content-Security-Policy (issue 9): index.html's <meta http-equiv> and scripts/serve.py's header say
the same; under it the game boots, plays, hints (the solver's worker) and plays offline (the service
worker); a violation shows as a console error (which fails any other test, see conftest.py).

Every browser test runs under the policy (the server sends it with every file); these tests say so
explicitly and check the policy itself.
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

import serve  # scripts/serve.py
from conftest import tap_stock_plays
from test_offline import SEED_CODE, _build, wait_offline_ready

REPO = Path(__file__).resolve().parents[2]

ANSWER_MS = 120_000


def _directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_the_policy_is_strict_and_the_same_in_the_page_and_the_header(server):
    meta = serve.content_security_policy(REPO / "index.html")
    with urllib.request.urlopen(f"{server}/index.html") as resp:
        header = resp.headers["Content-Security-Policy"]
        html = resp.read().decode()
    assert header == meta
    d = _directives(meta)
    assert d["default-src"] == ["'self'"]
    assert d["object-src"] == ["'none'"] and d["base-uri"] == ["'self'"]
    assert "'unsafe-inline'" not in meta and "*" not in meta.split()
    assert not re.search(r"https?:", meta), "no other origin is allowed"
    assert set(d["script-src"]) == {"'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"}
    assert set(d["worker-src"]) == {"'self'", "blob:"}
    # no inline script or style, no inline event handler: nothing the policy would refuse
    for script in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in script or 'type="application/json"' in script or 'type="py"' in script, script
    assert not re.search(r"\son[a-z]+=", html) and "<style" not in html and " style=" not in html


def test_boots_plays_and_hints_under_the_policy(open_game, page, page_log):
    open_game(SEED_CODE)
    assert page.evaluate("() => document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]') !== null")
    tap_stock_plays(page)
    page.keyboard.press("h")   # the engine's worker loads the solver and answers
    expect(page.locator('#assist[data-kind="hint"]')).to_be_visible(timeout=ANSWER_MS)
    assert not page_log.console_errors and not page_log.page_errors


@pytest.mark.service_worker
def test_plays_offline_under_the_policy(page, open_game, server):
    release = _build(REPO)
    open_game(SEED_CODE)
    wait_offline_ready(page, server, release)
    page.context.set_offline(True)
    try:
        open_game(SEED_CODE)   # a full reload with the network off
        tap_stock_plays(page)
        # the cached page keeps its policy (the meta tag, and the header the cache kept)
        policy = page.evaluate("""async () => (await fetch('./index.html')).headers.get('Content-Security-Policy')""")
        assert policy == serve.content_security_policy(REPO / "index.html")
    finally:
        page.context.set_offline(False)


@pytest.mark.allow_console_errors
def test_a_violation_is_refused_and_shows_as_a_console_error(open_game, page, page_log):
    open_game(SEED_CODE)
    page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.body.append(s);
    }""")
    expect_error = re.compile(r"Content-Security-Policy violation: script-src(-elem)? blocked inline")
    for _ in range(200):  # the securitypolicyviolation event is queued: each round trip lets it run
        if any(expect_error.search(e) for e in page_log.console_errors):
            break
        page.evaluate("0")
    assert page.evaluate("() => window.__inlineRan === undefined"), "the inline script ran"
    assert any(expect_error.search(e) for e in page_log.console_errors), page_log.console_errors
