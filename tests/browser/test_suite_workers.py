"""The suite's own hygiene: a test's service worker does not outlive its page.

Playwright stays attached to every service worker, so Chromium never stops one for being idle; the
`page` fixture stops them before the tab closes (conftest.stop_service_workers). Without that, each test
that registered the game's worker left a renderer process of about 300 MB running to the end of the
session, and two suites at once filled the machine's memory."""

import time

from conftest import stop_service_workers

SEED_CODE = "CF1-D3-AAAAACL"


def test_the_pages_service_worker_is_stopped_before_its_tab_closes(page, open_game, game_context):
    open_game(SEED_CODE)
    # the game registers its worker once it is ready
    page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))",
                           timeout=120_000)
    assert game_context.service_workers, "Playwright sees the running worker"
    stop_service_workers(page)
    deadline = time.monotonic() + 30
    while game_context.service_workers:
        assert time.monotonic() < deadline, f"still running: {[w.url for w in game_context.service_workers]}"
        page.wait_for_timeout(100)  # a polling interval, not a wait for something to happen
