"""Offline play and the installable app (issue 5, items 1 and 2).

- scripts/build_offline.py: the release list (every file the game needs), its content hash,
  the dist/ folder (CPython, no browser);
- app.webmanifest and its icons;
- in Chromium: after one visit the service worker is active with every file in its cache; with
  the network off a reload boots the game and a move plays, from the root and from a sub-path;
  a second release installs in the background, the page says so, and only the player's click
  swaps it in (old cache deleted); a browser that refuses service workers still plays.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import poll_until, reload_game, tap_stock_plays
from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))

sys.path.insert(0, str(REPO / "tests"))
from build_helpers import build as _build  # noqa: E402  (shared with tests/test_build.py)

pytestmark = pytest.mark.service_worker   # offline play and releases: the service worker at work

SEED_CODE = "CF1-D3-AAAAACL"
SW_TIMEOUT_MS = 90_000   # install copies ~15 MB into Cache Storage; generous on a loaded 2-core machine
NOTICE = "#sw-update"
READY = '#game[data-ready="true"]'


@pytest.fixture
def release() -> dict:
    """The repository's release file, rebuilt now so that it matches the files on disk."""
    return _build(REPO)


# --------------------------------------------------------------------------- in the browser

def _absolute(base: str, release: dict) -> list[str]:
    return [f"{base}/{f['url'][2:]}" for f in release["files"]]


def wait_async(page, predicate: str, arg, what: str) -> None:
    """Poll an async JS predicate (wait_for_function would take its Promise for a true value)."""
    poll_until(page, lambda: page.evaluate(predicate, arg), what, SW_TIMEOUT_MS / 1000,
               state=lambda: page.evaluate("""async () => {
                   const reg = await navigator.serviceWorker.getRegistration();
                   const names = await caches.keys(), sizes = {};
                   for (const n of names) sizes[n] = (await (await caches.open(n)).keys()).length;
                   return {installing: !!(reg && reg.installing), waiting: !!(reg && reg.waiting),
                           active: reg && reg.active && reg.active.state,
                           controlled: !!navigator.serviceWorker.controller, caches: sizes};
               }"""))


def wait_offline_ready(page, base: str, release: dict) -> None:
    """Wait until the service worker controls the page and its cache holds every file."""
    wait_async(
        page, """async ([name, urls]) => {
             const reg = await navigator.serviceWorker.getRegistration();
             if (!reg || !reg.active || reg.active.state !== "activated" || !navigator.serviceWorker.controller) return false;
             if (!(await caches.has(name))) return false;
             const have = new Set((await (await caches.open(name)).keys()).map(r => r.url));
             return urls.every(u => have.has(u));
           }""",
        [release["cache"], _absolute(base, release)], "the service worker and its full cache")


@pytest.mark.parametrize("prefix", ["/", "/some/dir/"])
def test_after_one_visit_the_game_boots_and_plays_offline(page, open_game, server, serve, release, prefix):
    base = server if prefix == "/" else serve(prefix=prefix)
    open_game(SEED_CODE, base=base)
    wait_offline_ready(page, base, release)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == base + "/"

    # Chromium's own verdict on the manifest and the worker
    cdp = page.context.new_cdp_session(page)
    try:
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == f"{base}/app.webmanifest" and not manifest.get("errors"), manifest.get("errors")
        installability = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert installability == [], installability
    finally:
        cdp.detach()

    responses = []
    page.on("response", lambda r: responses.append((r.url, r.from_service_worker)))
    page.context.set_offline(True)
    try:
        open_game(SEED_CODE, base=base)   # a full reload with the network off
        tap_stock_plays(page)
    finally:
        page.context.set_offline(False)
    assert responses, "no request recorded"
    not_from_cache = [u for u, from_sw in responses if not from_sw and u.startswith("http")]
    assert not not_from_cache, f"answered by the network while offline: {not_from_cache}"
    assert f"{base}/static/vendor/pyodide/pyodide.asm.wasm" in {u for u, _ in responses}


def test_a_new_release_waits_for_the_player_then_replaces_the_old(page, open_game, serve, tmp_path, release):
    site = tmp_path / "site"
    first = _build(REPO, "--dist", str(site))
    base = serve(root=site)
    open_game(SEED_CODE, base=base)
    wait_offline_ready(page, base, first)
    expect(page.locator(NOTICE)).to_have_count(0)

    marker = "/* second release */"
    with (site / "static" / "game.css").open("a", encoding="utf-8") as f:
        f.write("\n" + marker + "\n")
    second = _build(site)
    assert second["cache"] != first["cache"]

    open_game(SEED_CODE, base=base)   # the navigation makes the browser look for a new sw
    notice = page.locator(NOTICE)
    notice.wait_for(state="visible", timeout=SW_TIMEOUT_MS)
    assert notice.locator("p").inner_text() == "A new version of the game is ready."
    state = page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const css = await (await fetch("./static/game.css")).text();
        return {waiting: !!reg.waiting, caches: await caches.keys(), css};
    }""")
    # installed beside the old one, which still serves this page, and nothing reloaded by itself
    assert state["waiting"], state
    assert set(state["caches"]) == {first["cache"], second["cache"]}
    assert marker not in state["css"]

    # "Later" hides it and changes nothing
    notice.locator("[data-sw=later]").click()
    assert not notice.is_visible()
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")

    # a reload asks again (the old release still runs it: the page never stopped being its
    # client); the player's click swaps the new release in and reloads
    reload_game(page)
    notice.wait_for(state="visible", timeout=SW_TIMEOUT_MS)
    page.evaluate("window.__before_reload = true")
    with page.expect_navigation(timeout=SW_TIMEOUT_MS):
        notice.locator("[data-sw=reload]").click()
    page.wait_for_selector(READY, state="attached", timeout=SW_TIMEOUT_MS)
    assert page.evaluate("window.__before_reload") is None
    wait_async(page, """async ([name]) => { const k = await caches.keys(); return k.length === 1 && k[0] === name; }""",
               [second["cache"]], "the old cache to go")
    wait_offline_ready(page, base, second)
    css = page.evaluate('fetch("./static/game.css").then(r => r.text())')
    assert marker in css
    expect(page.locator(NOTICE)).to_have_count(0)
    tap_stock_plays(page)


def test_the_notice_speaks_the_players_language_under_a_phones_toolbar(page, open_game, serve, tmp_path):
    page.set_viewport_size({"width": 390, "height": 844})   # a phone's toolbar is two rows and more
    site = tmp_path / "site"
    first = _build(REPO, "--dist", str(site))
    base = serve(root=site)
    open_game(SEED_CODE, base=base, path="index.html?lang=nl")
    wait_offline_ready(page, base, first)
    (site / "static" / "boot.js").write_text((site / "static" / "boot.js").read_text(encoding="utf-8") + "\n// 2\n",
                                            encoding="utf-8")
    _build(site)
    open_game(SEED_CODE, base=base, path="index.html?lang=nl")
    page.locator(NOTICE).wait_for(state="visible", timeout=SW_TIMEOUT_MS)
    assert page.locator(f"{NOTICE} p").inner_text() == "Er is een nieuwe versie van het spel klaar."
    assert page.locator(f"{NOTICE} [data-sw=reload]").inner_text() == "Opnieuw laden"
    bar = page.locator(".bar").bounding_box()
    assert page.locator(NOTICE).bounding_box()["y"] >= bar["y"] + bar["height"], "the notice covers the toolbar"


def test_without_service_workers_the_game_plays_online(new_context, record_page, open_game, server):
    context = new_context(service_workers="block")
    other = context.new_page()
    log = record_page(other)
    open_game(SEED_CODE, page=other)
    tap_stock_plays(other)
    assert other.evaluate("navigator.serviceWorker.getRegistration().then(r => r === undefined)")
    assert not log.page_errors
