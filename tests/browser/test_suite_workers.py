"""The suite's own hygiene: a test's service worker does not outlive its tab.

Playwright stays attached to every service worker, so Chromium never stops one for being idle; the
`page` fixture stops the workers at rest before the tab closes (conftest.stop_service_workers). Without
that, each test that registered the game's worker left a renderer process of about 300 MB running to
the end of the session, and two suites at once filled the machine's memory. The browser's own list of
targets says whether a worker still runs (Playwright's list of workers can keep a stopped one). A worker
still installing is left running: stopped in its install, one left Playwright waiting on it for good."""

import pytest

from conftest import leave_quietly, poll_until, stop_service_workers

pytestmark = pytest.mark.service_worker   # the suite's handling of the game's service workers

SEED_CODE = "CF1-D3-AAAAACL"


def _running_workers(page) -> list[str]:
    cdp = page.context.new_cdp_session(page)
    try:
        return [t["url"] for t in cdp.send("Target.getTargets")["targetInfos"] if t["type"] == "service_worker"]
    finally:
        cdp.detach()


def test_a_tabs_service_worker_at_rest_stops_when_the_tab_closes(page, open_game, game_context, record_page):
    tab = game_context.new_page()
    record_page(tab)
    open_game(SEED_CODE, page=tab)
    # the game registers its worker once it is ready; the fixture stops a worker at rest (installed)
    poll_until(tab, lambda: tab.evaluate(_WORKER_STATE) == "at rest", "the game's service worker to finish installing", 120)
    assert _running_workers(page), "the browser runs the game's worker"
    # what the page fixture does at teardown
    leave_quietly(tab)
    assert stop_service_workers(tab), "a worker at rest is stopped"
    tab.close()
    poll_until(page, lambda: not _running_workers(page), "the worker to stop", 30,
               state=lambda: f"still running: {_running_workers(page)}", interval_ms=100)


# the game's registration: "gone", "at rest" (activated, nothing installing or waiting), else "" (busy)
_WORKER_STATE = """() => navigator.serviceWorker.getRegistration().then(r => !r ? "gone"
    : r.active && r.active.state === "activated" && !r.installing && !r.waiting ? "at rest" : "")"""
# one file of the release that the worker fetches as it installs and the page itself never asks for
_PRECACHED_ONLY = "**/static/icons/maskable-512.png"


def test_a_worker_still_installing_is_left_running(page, open_game, game_context, record_page):
    # Stopped in the middle of its install, a worker left Playwright waiting on it, and a later test's
    # context.set_offline never returned. With one of its files held, the worker stays installing; the
    # fixture's stop must leave it alone, and once the file comes it finishes installing.
    held = []
    game_context.route(_PRECACHED_ONLY, lambda route: held.append(route))
    try:
        tab = game_context.new_page()
        record_page(tab)
        open_game(SEED_CODE, page=tab)
        poll_until(tab, lambda: held, "the installing worker to ask for the held file", 120)
        assert tab.evaluate("navigator.serviceWorker.getRegistration().then(r => !!(r && r.installing))")
        leave_quietly(tab)
        assert not stop_service_workers(tab), "a worker still installing is not stopped"
    finally:
        for route in held:
            route.continue_()
        game_context.unroute(_PRECACHED_ONLY)
    # a worker stopped in its install fails it: its registration goes away instead of becoming active
    state = poll_until(tab, lambda: tab.evaluate(_WORKER_STATE), "the held worker to finish its install or fail it", 120)
    assert state == "at rest", "the worker left running finishes its install"
    assert stop_service_workers(tab), "at rest now, it is stopped"
    tab.close()


def test_a_pages_log_holds_its_own_requests_only(page, page_log, open_game, game_context, serve, server):
    # The context reports every tab's requests and every origin's service worker. A worker an earlier test
    # left installing precached its origin's files during the next test, on the other server of the pair,
    # and failed a test that checks where its page's requests went.
    open_game(SEED_CODE)
    other = serve()
    tab = game_context.new_page()
    open_game(SEED_CODE, page=tab, base=other)
    poll_until(tab, lambda: tab.evaluate(_WORKER_STATE) == "at rest", "the other origin's worker to install", 120)
    leave_quietly(tab)
    stop_service_workers(tab)
    tab.close()
    page_log.assert_same_origin(server)
    assert f"{server}/static/vendor/pyodide/pyodide.asm.wasm" in page_log.requests, "the page's worker's requests"
