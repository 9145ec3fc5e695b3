"""Shared pytest setup for every test (engine tests and browser tests).

Engine tests must run with no browser and no Playwright installed, so nothing
here imports playwright; the browser fixtures live in tests/browser/conftest.py.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")

try:  # Hypothesis profiles: a CI run is reproducible and never flaky on a slow machine
    from hypothesis import HealthCheck, settings

    settings.register_profile("default", deadline=None)
    settings.register_profile(
        "ci", deadline=None, derandomize=True, print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if CI else "default"))
except ImportError:  # pragma: no cover - hypothesis is in requirements-dev.txt
    pass

# Without Playwright the browser suite cannot even be collected. Locally that
# leaves the engine tests runnable (and says so in the header); in CI it is
# an error, never a silent skip.
_HAVE_PLAYWRIGHT = all(importlib.util.find_spec(name) for name in ("playwright", "pytest_playwright"))

collect_ignore = [] if _HAVE_PLAYWRIGHT or CI else ["browser"]


def pytest_report_header(config):
    if not _HAVE_PLAYWRIGHT:
        return "browser tests: NOT RUN (playwright / pytest-playwright not installed; `make test` installs them)"
    return None


def pytest_collection_finish(session):
    """Say which Chromium the browser tests drive (only when some are collected)."""
    browser_dir = REPO / "tests" / "browser"
    if not any(browser_dir in Path(str(item.path)).parents for item in session.items):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    try:
        import chromium  # scripts/chromium.py (pytest.ini's pythonpath)

        reporter.write_line(f"chromium: {chromium.describe(chromium.launch_options())}")
    except Exception as err:  # only a notice; the fixtures raise the real error
        reporter.write_line(f"chromium: none found ({err})")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "allow_console_errors: the test expects console errors or page errors (not checked at teardown)"
    )
    config.addinivalue_line(
        "markers", "allow_off_origin: the test makes requests off the origin on purpose (a self-test of the recorder)"
    )
    config.addinivalue_line(
        "markers", "allow_http_errors: the test expects failed or 4xx/5xx requests (not checked at teardown)"
    )
    config.addinivalue_line(
        "markers", "reduced_motion: the test's pages prefer reduced motion (its subject is not motion: its moves"
        " then take no animation time)"
    )
    config.addinivalue_line(
        "markers", "shared_page: the test's page is the boot-once tab, its game started over through the page"
        " (tests/browser/conftest.py)"
    )
    config.addinivalue_line(
        "markers", "own_page: in a module marked shared_page, the test has a tab of its own (it tests a boot, a"
        " reload, the storage a boot reads)"
    )
    config.addinivalue_line(
        "markers", "service_worker: the test's pages may register the game's service worker (offline play, the"
        " release's update); without it, tests/browser/conftest.py hides `navigator.serviceWorker`"
    )
