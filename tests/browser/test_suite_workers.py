"""The suite's own hygiene: a test's service worker does not outlive its tab.

Playwright stays attached to every service worker, so Chromium never stops one for being idle; the
`page` fixture stops the workers at rest before the tab closes (conftest.stop_service_workers). Without
that, each test that registered the game's worker left a renderer process of about 300 MB running to
the end of the session, and two suites at once filled the machine's memory. The browser's own list of
targets says whether a worker still runs (Playwright's list of workers can keep a stopped one)."""

import time

from conftest import leave_quietly, stop_service_workers

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
    deadline = time.monotonic() + 120
    while not tab.evaluate("""() => navigator.serviceWorker.getRegistration().then(
            r => !!(r && r.active && r.active.state === 'activated' && !r.installing && !r.waiting))"""):
        assert time.monotonic() < deadline, "the game's service worker never finished installing"
        tab.wait_for_timeout(200)  # a polling interval, not a wait for something to happen
    assert _running_workers(page), "the browser runs the game's worker"
    # what the page fixture does at teardown
    leave_quietly(tab)
    stop_service_workers(tab)
    tab.close()
    deadline = time.monotonic() + 30
    while running := _running_workers(page):
        assert time.monotonic() < deadline, f"still running: {running}"
        page.wait_for_timeout(100)  # a polling interval, not a wait for something to happen
