"""The suite's answer to a Chromium renderer crash (pytest.ini): the crashed test runs once more on a new
page, and only a crash is rerun. Without the rerun options the first test here fails."""

import pytest

_attempts: dict[str, int] = {}


def _crash(page) -> None:
    """Kill the page's renderer process the way Chromium's own crash URL does."""
    try:
        page.goto("chrome://crash", timeout=10_000)
    except Exception:  # the navigation is aborted by the crash itself
        pass
    with pytest.raises(Exception, match="crashed"):
        page.wait_for_selector("body", timeout=10_000)


def test_a_renderer_crash_reruns_the_test_on_a_new_page(page, request):
    attempt = _attempts[request.node.nodeid] = _attempts.get(request.node.nodeid, 0) + 1
    if attempt == 1:
        _crash(page)
        page.wait_for_selector("body")  # raises "Target crashed": the rerun's trigger
    page.set_content("<p id=alive>alive</p>")
    assert page.inner_text("#alive") == "alive"
    assert attempt == 2
