"""The page boots from the vendored runtime, on its own origin, from the root or a sub-path.

Also checks the pieces that make that true: the server's MIME types and prefix,
and static/vendor/manifest.json against the files the build copied.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

PILES = ["stock", "waste", "reserve"] + [f"foundation-{i}" for i in range(1, 5)] + [f"tableau-{i}" for i in range(1, 5)]
RUNTIME = "static/vendor/pyodide/pyodide.asm.wasm"


def _head(url: str) -> tuple[int, str]:
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.headers.get("Content-Type", "")
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Content-Type", "")


# --------------------------------------------------------------------------- server and build

@pytest.mark.parametrize(
    "path, mime",
    [
        ("static/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("static/vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("static/vendor/pyodide/pyodide.asm.mjs", "text/javascript"),
        ("static/vendor/pyodide/pyodide-lock.json", "application/json"),
        ("static/vendor/pyodide/python_stdlib.zip", "application/zip"),
        ("static/vendor/pyscript/core.js", "text/javascript"),
        ("static/vendor/pyscript/core.css", "text/css"),
        ("index.html", "text/html"),
        ("static/pyodide-worker.mjs", "text/javascript"),
        ("static/vendor/micropython/micropython.wasm", "application/wasm"),
        ("static/vendor/game.zip", "application/zip"),
        ("canfield/__init__.py", "text/plain"),
    ],
)
def test_server_sends_the_types_the_runtime_needs(server, path, mime):
    status, ctype = _head(f"{server}/{path}")
    assert status == 200, f"{path}: HTTP {status}"
    assert ctype.split(";")[0] == mime, f"{path}: Content-Type {ctype!r}, want {mime}"


def test_server_prefix_serves_only_under_it(serve):
    base = serve(prefix="/some/dir/")
    assert base.endswith("/some/dir")
    assert _head(f"{base}/index.html")[0] == 200
    assert _head(f"{base}/{RUNTIME}")[0] == 200
    root = base[: -len("/some/dir")]
    # an absolute URL in the page (/static/...) would miss: that is what the sub-path test relies on
    assert _head(f"{root}/index.html")[0] == 404
    assert _head(f"{root}/{RUNTIME}")[0] == 404


# --------------------------------------------------------------------------- the page

def test_boots_with_no_error_and_no_request_off_the_origin(open_game, page_log, server):
    page = open_game()
    page_log.assert_no_http_errors()
    page_log.assert_no_errors()
    page_log.assert_same_origin(server)
    # the runtime came from the vendored copy, not from anywhere else
    assert f"{server}/{RUNTIME}" in page_log.requests
    assert f"{server}/static/vendor/pyscript/core.js" in page_log.requests
    assert not [u for u in page_log.requests if "cdn" in u or "jsdelivr" in u]
    # the hooks of issue 3 item 7 are there once ready
    for pile in PILES:
        assert page.locator(f'[data-pile="{pile}"]').count() == 1, pile
    assert page.locator("#deal-code").inner_text().strip().startswith("CF")
    for action in ("undo", "redo", "new", "restart"):
        assert page.locator(f'[data-action="{action}"]').count() >= 1, action


def test_the_site_root_url_boots(open_game, page_log, server):
    page = open_game(path="")  # http://127.0.0.1:PORT/ (index.html as the directory index)
    assert page.url.split("#")[0] == f"{server}/"
    page_log.assert_same_origin(server)


def test_boots_from_a_sub_path(open_game, page_log, serve):
    base = serve(prefix="/some/dir/")
    page = open_game(base=base, path="")
    assert page.url.split("#")[0] == f"{base}/"
    outside = [u for u in page_log.requests
               if not u.startswith((f"{base}/", "data:", "blob:"))]  # blob:/data: are in-page, not fetched
    assert not outside, f"requests outside {base}/: {outside}"
    assert f"{base}/{RUNTIME}" in page_log.requests
    page_log.assert_no_http_errors()


def test_favicon_is_declared_and_served(game_page, page_log, server):
    hrefs = game_page.eval_on_selector_all('link[rel~="icon"]', "links => links.map(l => l.href)")
    assert hrefs, 'no <link rel="icon">: the browser would ask for /favicon.ico and get a 404'
    for href in hrefs:
        assert href.startswith(f"{server}/"), f"icon off the origin or not relative: {href}"
        assert game_page.request.get(href).status == 200, href
    assert not [e for e in page_log.http_errors if "favicon" in e]


@pytest.mark.allow_off_origin
@pytest.mark.allow_console_errors
@pytest.mark.allow_http_errors
def test_the_recorder_sees_and_blocks_requests_off_the_origin(page, page_log, server):
    # Self-test of the fixtures every other test relies on: an off-origin request
    # must fail to resolve (no network) and be reported. The game's own pages forbid it already
    # (Content-Security-Policy, tests/browser/test_csp.py), so the probe runs on a page without a policy.
    page.goto(f"{server}/static/vendor/manifest.json")
    page.route(f"{server}/probe.html", lambda route: route.fulfill(status=200, content_type="text/html", body="<p>probe"))
    page.goto(f"{server}/probe.html")
    result = page.evaluate(
        "fetch('http://example.com/probe.js').then(() => 'fetched', () => 'blocked')"
    )
    assert result == "blocked"
    assert "http://example.com/probe.js" in page_log.off_origin()
    with pytest.raises(AssertionError, match="off the page's origin"):
        page_log.assert_same_origin()
