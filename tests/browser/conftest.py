"""Browser fixtures: the game served by scripts/serve.py, driven in Chromium by Playwright.

Fixtures (besides pytest-playwright's own):

- ``server``: base URL of the repository served by scripts/serve.py, e.g.
  ``http://127.0.0.1:41234`` (no trailing slash: use ``f"{server}/index.html"``); one of two servers
  that take turns, a test each (see the fixture).
- ``serve(prefix="/some/dir/", root=REPO)``: start another server (session-long), return its base URL.
- ``page``: a new tab in ONE persistent Chromium profile shared by the session, so the
  9.6 MB wasm and its compiled code stay in the HTTP cache (boot ~3 s instead of ~5 s).
  The origin's storage (localStorage, IndexedDB, service workers, Cache Storage) is
  cleared before every test. Every request, console error and page error is recorded;
  at teardown the test fails on any console error, page error, off-origin request,
  failed request or 4xx/5xx answer (opt out with the markers ``allow_console_errors`` /
  ``allow_http_errors``, ``allow_off_origin``). A screenshot of a failed test goes to test-results/.
- ``page_log``: the :class:`PageLog` of ``page``.
- the marker ``reduced_motion``: ``page`` (and the pages given to ``record_page``) prefer reduced motion.
- ``record_page(page)``: record another page the same way (e.g. one from pytest-playwright's
  ``new_context(is_mobile=True, has_touch=True)``); checked at teardown too.
- ``open_game(hash="", page=None, base=None, path="index.html")``: navigate to
  ``{base}/{path}#{hash}`` and wait for ``#game[data-ready="true"]`` (fails at once if the
  page reports a start-up error); returns the page.
- ``resize(page, width, height)`` (a function): a booted game's window resized, its table laid out anew.
- ``poll_until(page, check, what, timeout_s, state=None, interval_ms=200)`` (a function): call ``check()``
  until it returns a true value (returned); past the timeout, fail saying `what` (and ``state()``). For
  what the page cannot announce by a marker (a service worker's state, Cache Storage, a held request).
- ``release``: the repository's release list (sw-release.js), rebuilt for the files on disk.
- ``game_page``: ``page`` with the game booted on a fresh deal (no hash).
- the marker ``shared_page``: the test's ``page`` is the boot-once tab, on an origin of its own, kept
  booted from one such test to the next; ``open_game`` there starts the game over through the page
  (static/page/layer.py `restart`: the storage cleared, a new session on the same Pyodide) instead of
  loading it again, when the address asked is the game's own page on that origin. For tests that open the
  game and play it; not for tests of the boot, of reloads, of init scripts or of the storage a boot reads.
  A failed test's tab is closed: the next one boots a new tab. The tab runs without a service worker.
  ``own_page`` takes a test of such a module
  out: it has a tab of its own, as unmarked tests do.

pytest-playwright's ``browser`` / ``context`` / ``new_context`` still work (a separate,
private browser with the same launch options) for tests that need their own context.
"""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import chromium  # scripts/chromium.py (pytest.ini's pythonpath): the same choice as the benchmarks
from build_helpers import build

REPO = Path(__file__).resolve().parents[2]

# Each fresh page boots Pyodide: ~3 s with a warm cache, ~5-6 s cold on a 2-core machine,
# more under load. Generous, because a timeout here is never the thing under test.
BOOT_TIMEOUT_MS = int(os.environ.get("CANFIELD_BOOT_TIMEOUT_MS", "60000"))
ACTION_TIMEOUT_MS = 10_000
READY = '#game[data-ready="true"]'
BOOT_ERROR = '#boot[data-state="error"]'

_SERVE_LINE = re.compile(r"at (http://\S+)")
_ORIGINS: set[str] = set()  # every origin a test server of this session listens on
_SHARED_ORIGINS: set[str] = set()  # the boot-once tab's (`_shared_server`)
_CLEARED_STORAGE = "cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,websql"
# The tab's first document of an origin empties that origin's localStorage (sessionStorage, per tab and
# origin, remembers that it did; about:blank and other schemes are left alone).
FRESH_STORAGE_JS = """(() => { try {
    if (!location.protocol.startsWith('http') || sessionStorage.getItem('canfield-test-fresh')) return;
    sessionStorage.setItem('canfield-test-fresh', '1');
    localStorage.clear();
} catch (e) {} })();"""


# --------------------------------------------------------------------------- servers

class _Servers:
    def __init__(self) -> None:
        self.procs: list[subprocess.Popen] = []

    def start(self, root: Path | str = REPO, prefix: str = "/") -> str:
        """Run scripts/serve.py on a free port; return the base URL without trailing slash."""
        proc = subprocess.Popen(
            [sys.executable, str(REPO / "scripts" / "serve.py"), "--port", "0", "--quiet", "--exit-with-parent",
             "--root", str(root), "--prefix", prefix],
            stdout=subprocess.PIPE, text=True,
        )
        self.procs.append(proc)
        line = proc.stdout.readline()
        match = _SERVE_LINE.search(line)
        if not match:
            proc.kill()
            raise RuntimeError(f"scripts/serve.py did not start (said {line!r}, exit {proc.poll()})")
        url = match.group(1)
        deadline = time.monotonic() + 15
        while True:  # wait until it answers
            try:
                with urllib.request.urlopen(url, timeout=2) as resp:
                    resp.read()
                break
            except urllib.error.HTTPError:
                break  # it answered (e.g. 404 for a root without index.html)
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    proc.kill()
                    raise RuntimeError(f"scripts/serve.py at {url} does not answer") from None
                time.sleep(0.05)
        parts = urlsplit(url)
        _ORIGINS.add(f"{parts.scheme}://{parts.netloc}")
        return url.rstrip("/")

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()


def _rebuild_game_archive_if_stale() -> None:
    """The page runs the game from static/vendor/game.zip and its own modules from static/vendor/mpy/: after
    an edit of canfield/ or static/page/, static/shared/, static/worker/, rebuild them (as `make vendor` would) rather than test
    the old code."""
    import fcntl

    import build_offline
    import build_vendor

    # the suite's processes (pytest-xdist) all ask: one rebuilds, the others wait for it, then find it current
    import hashlib
    import tempfile

    name = "canfield-vendor-" + hashlib.sha1(str(REPO).encode()).hexdigest()[:12] + ".lock"   # this clone's
    with open(Path(tempfile.gettempdir()) / name, "a") as lock:
        fcntl.lockf(lock, fcntl.LOCK_EX)
        if build_vendor.game_archive_is_current(REPO) and build_vendor.page_bytecode_is_current(REPO):
            return
        try:
            build_vendor.build(REPO, log=lambda *_: None)
            build_offline.write_release(REPO, build_offline.release(REPO))
        except (build_vendor.BuildError, build_offline.BuildError) as err:
            pytest.exit(f"static/vendor is older than the game's files and could not be rebuilt: {err}", 1)


@pytest.fixture(scope="session")
def _servers():
    if not (REPO / "static" / "vendor" / "manifest.json").is_file():
        pytest.exit("static/vendor is not built: run `make test` (or `npm ci && python scripts/build_vendor.py`)", 1)
    _rebuild_game_archive_if_stale()
    servers = _Servers()
    yield servers
    servers.stop()


@pytest.fixture(scope="session")
def _server_pair(_servers) -> tuple[str, str]:
    return _servers.start(), _servers.start()


_TURNS = itertools.count()


@pytest.fixture(scope="session")
def _shared_server(_servers) -> str:
    """The boot-once tab's origin (marker ``shared_page``): no other test's tab writes or clears its storage."""
    base = _servers.start()
    _SHARED_ORIGINS.add(_origin(base))
    return base


@pytest.fixture
def server(_server_pair, _shared_server, request) -> str:
    """Base URL (no trailing slash) of the repository served by scripts/serve.py: one of two servers (two
    origins) that take turns, a test each. A test's page may still write its origin's localStorage as its
    tab closes (full runs resumed the previous test's saved game in a few tests of 1,900, despite the
    clears below); the next test uses the other origin, and this one's writes have landed long before it
    comes back to this origin and clears it. Each origin keeps its own warm HTTP cache. A test marked
    ``shared_page`` has the boot-once tab's own origin."""
    if _shares(request):
        return _shared_server
    return _server_pair[next(_TURNS) % 2]


@pytest.fixture(scope="session")
def serve(_servers):
    """Factory: ``serve(prefix="/some/dir/", root=REPO)`` -> base URL of another server."""
    return lambda prefix="/", root=REPO: _servers.start(root=root, prefix=prefix)


# --------------------------------------------------------------------------- browser

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, playwright):
    """Playwright's own Chromium if installed, else /usr/bin/chromium; off-origin hosts unresolvable."""
    options = chromium.launch_options(playwright.chromium.executable_path)
    # command-line choices of pytest-playwright (--headed, --browser-channel, --slowmo) win
    return {**options, **browser_type_launch_args}


@pytest.fixture(scope="session")
def game_context(playwright, browser_type_launch_args, tmp_path_factory):
    """One persistent Chromium profile for the session: its HTTP cache keeps the runtime."""
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")),
        viewport={"width": 1280, "height": 800},
        **browser_type_launch_args,
    )
    yield context
    context.close()


# --------------------------------------------------------------------------- recording

def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class PageLog:
    """Everything a page did that a test may want to assert on."""

    requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def off_origin(self, allowed: set[str] | None = None) -> list[str]:
        """Requests to any origin but the test servers' (data:/blob: URLs are not requests out)."""
        allowed = _ORIGINS if allowed is None else allowed
        return [u for u in self.requests
                if not u.startswith(("data:", "blob:", "about:")) and _origin(u) not in allowed]

    def assert_same_origin(self, origin: str | None = None) -> None:
        """No request left ``origin`` (default: any of this session's test servers)."""
        allowed = {_origin(origin)} if origin else None
        out = self.off_origin(allowed)
        assert not out, f"requests off the page's origin: {out}"

    def assert_no_errors(self) -> None:
        assert not self.page_errors, f"uncaught page errors: {self.page_errors}"
        assert not self.console_errors, f"console errors: {self.console_errors}"

    def assert_no_http_errors(self) -> None:
        assert not self.failed_requests, f"failed requests: {self.failed_requests}"
        assert not self.http_errors, f"HTTP errors: {self.http_errors}"

    def summary(self) -> str:
        return (f"page errors: {self.page_errors}\nconsole errors: {self.console_errors}\n"
                f"failed requests: {self.failed_requests}\nHTTP errors: {self.http_errors}\n"
                f"last console lines: {self.console[-15:]}")


class _Recorder:
    """Attach a PageLog to a page (and its context, to see worker and service worker requests)."""

    def __init__(self, page, log: PageLog) -> None:
        self.page, self.context, self.log = page, page.context, log
        self.origins: set[str] = set()  # the origins this page has asked anything of
        self._ctx_handlers = {
            "request": lambda r: self._mine(r) and log.requests.append(r.url),
            "requestfailed": lambda r: self._mine(r) and log.failed_requests.append(f"{r.url} ({r.failure})"),
            "response": self._response,
        }
        self._page_handlers = {
            "request": lambda r: self.origins.add(_origin(r.url)),
            "console": self._console,
            "pageerror": lambda e: log.page_errors.append(str(e)),
        }
        for event, handler in self._ctx_handlers.items():
            self.context.on(event, handler)
        for event, handler in self._page_handlers.items():
            page.on(event, handler)

    def _mine(self, request) -> bool:
        """Whether the page (its frames, its workers, its origins' service workers) made ``request``. The
        context also reports other tabs' requests and the service workers of other origins: a worker left
        installing by an earlier test (see stop_service_workers) went on precaching its origin's files
        during the next test, on the other server of the pair, and a test that checks its page's
        origins failed on them."""
        worker = request.service_worker
        if worker is not None:
            return _origin(worker.url) in self.origins
        try:
            return request.frame.page == self.page
        except Exception:  # no frame to name (a navigation before its frame): the page's, as before
            return True

    def _response(self, response) -> None:
        if not self._mine(response.request):
            return
        if response.status >= 400:
            self.log.http_errors.append(f"{response.status} {response.url}")

    def _console(self, msg) -> None:
        text = f"{msg.type}: {msg.text}"
        self.log.console.append(text)
        if msg.type == "error":
            where = (msg.location or {}).get("url")
            self.log.console_errors.append(f"{msg.text} [{where}]" if where else msg.text)

    def detach(self) -> None:
        for event, handler in self._ctx_handlers.items():
            self.context.remove_listener(event, handler)
        if not self.page.is_closed():
            for event, handler in self._page_handlers.items():
                self.page.remove_listener(event, handler)


def _check_log(request, log: PageLog) -> None:
    """Teardown checks shared by ``page`` and ``record_page``."""
    if _failed(request):
        return  # the test already failed; don't pile on
    if not request.node.get_closest_marker("allow_off_origin"):
        log.assert_same_origin()
    if not request.node.get_closest_marker("allow_http_errors"):
        log.assert_no_http_errors()
    if not request.node.get_closest_marker("allow_console_errors"):
        log.assert_no_errors()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"_report_{report.when}", report)
    return report


def _failed(request) -> bool:
    report = getattr(request.node, "_report_call", None)
    return report is None or report.failed


def _screenshot_on_failure(request, page) -> None:
    if not _failed(request) or page.is_closed():
        return
    out = REPO / "test-results"
    out.mkdir(exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-150:]
    try:
        page.screenshot(path=str(out / f"{name}.png"), full_page=True, timeout=5000)
    except Exception:  # a missing screenshot must not hide the real failure
        pass


# --------------------------------------------------------------------------- pages

def leave_quietly(page) -> None:
    """Stop the game's writes made when its page is left (pagehide, visibilitychange: the save's time,
    the board snapshot). Used before a test leaves a game page for good (teardown, or a plain page
    writing the storage): such a write comes from the old page and may land after what follows."""
    try:
        page.evaluate("""() => { const stop = e => e.stopImmediatePropagation();
            window.addEventListener('pagehide', stop, true); document.addEventListener('visibilitychange', stop, true); }""")
    except Exception:  # a page that cannot run scripts any more is left all the same
        pass


def poll_until(page, check, what: str, timeout_s: float, state=None, interval_ms: int = 200):
    """Call `check()` until it returns a true value, and return that value; past `timeout_s` seconds, fail
    the test with `what` (and `state()`, a description of what was seen). Between two calls the page's
    events are dispatched (`page.wait_for_timeout`: a polling interval, not a wait for something to
    happen). For states no page marker announces: a service worker's, Cache Storage's, a held request's."""
    deadline = time.monotonic() + timeout_s
    while not (value := check()):
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}" + (f": {state()}" if state is not None else ""))
        page.wait_for_timeout(interval_ms)
    return value


def stop_service_workers(page) -> bool:
    """Stop the service workers of the page's profile when none is installing (before its tab closes for
    good). Playwright stays attached to each service worker, and Chromium never stops an attached one for being idle: without
    this, the worker of every test that registered one kept its renderer process (about 300 MB) alive to
    the end of the session, one more per test (the next test's cleared storage unregisters it, but does
    not stop it), until two suites at once filled a 24 GiB machine and it thrashed. The next page that
    needs a worker starts it again.

    Only a worker at rest is stopped: one stopped while it installed (the precache takes seconds, and a
    short test leaves before it ends) left Playwright waiting on it for good, and a later test's
    `context.set_offline` never returned. Such a worker is left running, as before. Returns whether the
    workers were stopped."""
    try:
        settled = page.evaluate("""() => Promise.race([
            navigator.serviceWorker.getRegistrations().then(regs => regs.every(r => !r.installing && !r.waiting)),
            new Promise(resolve => setTimeout(() => resolve(false), 2000))])""")
    except Exception:  # a page that has already gone: nothing to ask
        return False
    if not settled:
        return False
    try:
        cdp = page.context.new_cdp_session(page)
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        cdp.detach()
    except Exception:  # a page that has already gone: its context's workers go with the next test's
        return False
    return True


def _reduce_motion_if_marked(request, page) -> None:
    """`@pytest.mark.reduced_motion`: the page prefers reduced motion, as a player may ask (the game then
    slides and flips nothing). For the tests of layout, rules and records over many moves, where waiting
    for each move's animation is most of the time and motion is tested elsewhere (test_motion.py)."""
    if request.node.get_closest_marker("reduced_motion"):
        page.emulate_media(reduced_motion="reduce")


def _hide_service_worker_unless_marked(request, page) -> None:
    """Without `@pytest.mark.service_worker`, the page runs as in a browser without service workers
    (static/sw-register.js then does nothing, and the game plays online as it does there): a fresh tab's
    first visit would otherwise install the worker and copy the whole release into Cache Storage, about a
    second of a core per test, for the tests of offline play and of releases only (test_offline.py and
    the marked tests)."""
    if not request.node.get_closest_marker("service_worker"):
        type(page).add_init_script(page, NO_SERVICE_WORKER_JS)


@pytest.fixture(scope="session")
def _shared_tab(game_context):
    """The boot-once tab (marker ``shared_page``): {"tab": the tab, or None before the first such test or
    after a failed one}."""
    held = {"tab": None}
    yield held
    tab = held["tab"]
    if tab is not None and not tab.is_closed():
        leave_quietly(tab)
        stop_service_workers(tab)
        tab.close()


def _shares(request) -> bool:
    """Marked ``shared_page`` (its module may be) and not ``own_page``."""
    node = request.node
    return node.get_closest_marker("shared_page") is not None and node.get_closest_marker("own_page") is None


def _keeps(tab, method):
    """`method` of the boot-once tab, bound, which marks the tab as one no later test may share: what it
    adds lasts as long as the tab."""
    def call(*args, **kwargs):
        tab._canfield_kept = True
        tab._canfield_restart = False    # and the game it opens must load, so that the addition applies
        return method(tab, *args, **kwargs)
    return call


def _shared_page(game_context, request, held):
    """The boot-once tab for a test marked ``shared_page``: kept from the test before when it passed, at
    the size and motion every test starts with; recorded for this test alone."""
    tab = held["tab"]
    if tab is None or tab.is_closed():
        tab = held["tab"] = game_context.new_page()
        tab.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
        # no service worker: one installing across many tests would be stopped mid-install by another test's
        # teardown (`stop_service_workers` stops the profile's), which leaves Playwright waiting on it for
        # good; offline play has tests of its own (static/sw-register.js does nothing without one)
        type(tab).add_init_script(tab, NO_SERVICE_WORKER_JS)
    tab.set_default_timeout(ACTION_TIMEOUT_MS)
    tab.bring_to_front()            # the tests between left it behind theirs: hidden, its clock stopped
    size = tab.viewport_size or {}
    if (size.get("width"), size.get("height")) != (1280, 800):
        tab.set_viewport_size({"width": 1280, "height": 800})
    tab.emulate_media(reduced_motion="reduce" if request.node.get_closest_marker("reduced_motion")
                      else "no-preference")
    log = PageLog()
    recorder = _Recorder(tab, log)
    tab._canfield_log = log
    tab._canfield_restart = True     # the test's first open_game restarts; a later one loads the page
    tab._canfield_kept = False       # an init script, a route or a binding stays with the tab: not shared on
    for name in ("add_init_script", "route", "route_from_har", "expose_function", "expose_binding"):
        setattr(tab, name, _keeps(tab, getattr(type(tab), name)))
    yield tab
    _screenshot_on_failure(request, tab)
    recorder.detach()
    if _failed(request) or tab.is_closed() or tab._canfield_kept:   # no restart undoes these: a new tab next
        held["tab"] = None
        if not tab.is_closed():
            leave_quietly(tab)
            stop_service_workers(tab)
            tab.close()
    _check_log(request, log)


@pytest.fixture
def page(game_context, server, request, _shared_tab):
    """A new tab in the shared profile, with the test servers' storage cleared; recorded. A test marked
    ``shared_page``: the boot-once tab (`_shared_page`)."""
    if _shares(request):
        yield from _shared_page(game_context, request, _shared_tab)
        return
    page = game_context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
    cdp = game_context.new_cdp_session(page)
    for origin in _ORIGINS - _SHARED_ORIGINS:   # the boot-once tab's origin keeps its service worker
        cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": _CLEARED_STORAGE})
    cdp.detach()
    # ...and cleared again by the tab itself on its first visit to each origin: in full runs under load, a
    # test's page has resumed the previous test's saved game (4 tests of one run), never in short runs.
    # Either a renderer kept from the previous tab still served its cached localStorage, or that tab's
    # last write reached the storage after the clear above; the page's own clear settles both. A test's
    # own init scripts run after this one and may write the storage.
    page.add_init_script(FRESH_STORAGE_JS)
    _hide_service_worker_unless_marked(request, page)
    _reduce_motion_if_marked(request, page)
    log = PageLog()
    recorder = _Recorder(page, log)
    page._canfield_log = log
    yield page
    _screenshot_on_failure(request, page)
    recorder.detach()
    # The game writes its save and its board snapshot when its page is hidden or left (pagehide,
    # visibilitychange). A tab closed here would make those writes as it goes, and they could reach the
    # shared profile's storage after the next test has cleared it (that test would then resume this
    # one's game): the test is over, so its page's leaving writes are stopped before it closes.
    leave_quietly(page)
    stop_service_workers(page)
    page.close()
    _check_log(request, log)


@pytest.fixture
def page_log(page) -> PageLog:
    return page._canfield_log


@pytest.fixture
def record_page(request):
    """``record_page(other_page) -> PageLog``; checked like ``page`` at teardown."""
    recorders: list[_Recorder] = []

    def record(other) -> PageLog:
        log = PageLog()
        recorders.append(_Recorder(other, log))
        other._canfield_log = log
        _hide_service_worker_unless_marked(request, other)
        _reduce_motion_if_marked(request, other)
        other.set_default_timeout(ACTION_TIMEOUT_MS)
        other.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
        return log

    yield record
    for rec in recorders:
        _screenshot_on_failure(request, rec.page)
        rec.detach()
    for rec in recorders:
        _check_log(request, rec.log)


def wait_until_ready(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait for ``#game[data-ready="true"]``; fail at once on a start-up error."""
    log: PageLog | None = getattr(page, "_canfield_log", None)
    deadline = time.monotonic() + timeout_ms / 1000
    started = time.monotonic()
    while True:
        # wait in short slices so that a reported start-up error fails the test at once
        remaining = deadline - time.monotonic()
        try:
            page.wait_for_selector(f"{READY}, {BOOT_ERROR}", state="attached",
                                   timeout=max(1, min(1000, remaining * 1000)))
        except Exception as err:  # playwright TimeoutError
            if "Timeout" not in type(err).__name__ and "Timeout" not in str(err):
                raise
        if page.locator(READY).count():
            return
        error_shown = page.locator(BOOT_ERROR).count() > 0
        if error_shown or (log and log.page_errors) or time.monotonic() >= deadline:
            what = ("the page shows its start-up error" if error_shown
                    else "uncaught page error" if log and log.page_errors
                    else f"no {READY} within {timeout_ms / 1000:.0f} s")
            details = log.summary() if log else ""
            pytest.fail(f"game did not become ready after {time.monotonic() - started:.1f} s "
                        f"at {page.url}: {what}\n{details}")


@pytest.fixture
def open_game(page, server):
    """``open_game(hash="", page=None, base=None, path="index.html")`` -> the page, game ready.

    Always a real page load (a hash-only change of the current document is made a
    reload), so every call boots the page from scratch.
    """

    def _open(hash: str = "", page=page, base: str | None = None, path: str = "index.html",
              timeout_ms: int = BOOT_TIMEOUT_MS):
        url = f"{base or server}/{path.lstrip('/')}"
        if hash:
            url += "#" + hash.lstrip("#")
        if getattr(page, "_canfield_restart", False):
            page._canfield_restart = False
            if _restart(page, url, timeout_ms):
                return page
        if page.url.split("#", 1)[0] == url.split("#", 1)[0] and page.url != "about:blank":
            page.goto("about:blank")
        page.goto(url, wait_until="commit")
        wait_until_ready(page, timeout_ms)
        return page

    return _open


NO_SERVICE_WORKER_JS = """(() => { try {
    Object.defineProperty(Navigator.prototype, 'serviceWorker', {get: () => undefined, configurable: true});
} catch (e) {} })();"""

RESTART_JS = """url => {
    if (!window.canfieldRestart || !document.querySelector('#game[data-ready="true"]')) return false;
    return window.canfieldRestart(url, () => { localStorage.clear(); sessionStorage.clear(); });
}"""


def _restart(page, url: str, timeout_ms: int) -> bool:
    """The boot-once tab at `url` by the page's restart, when the game is live there on that origin and
    page (its query and hash may change); False, nothing done, when it is not (the caller loads `url`)."""
    now, want = urlsplit(page.url), urlsplit(url)
    if (now.scheme, now.netloc, now.path) != (want.scheme, want.netloc, want.path):
        return False
    if not page.evaluate("() => !!window.canfieldRestart && !!document.querySelector('#game[data-ready=\"true\"]')"):
        return False
    relative = want.path.rsplit("/", 1)[-1] + (f"?{want.query}" if want.query else "") + \
        (f"#{want.fragment}" if want.fragment else "")
    # true once the page took it: while it waits for the worker's answer to a message, it says false
    page.wait_for_function(RESTART_JS, arg=relative, timeout=timeout_ms)
    wait_until_ready(page, timeout_ms)
    return True


def reload_game(page, timeout_ms: int = 120_000) -> None:
    """Reload a booted game (the page stays a client of its service worker throughout) and wait for it."""
    page.reload(wait_until="commit")
    page.wait_for_selector('#game[data-ready="true"]', state="attached", timeout=timeout_ms)


def resize(page, width: int, height: int) -> None:
    """Resize a booted game's window and wait until the page has laid its table out for it
    (`#game[data-viewport]`): the bar's height and every slot follow the window one frame after it."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("v => document.getElementById('game').dataset.viewport === v", arg=f"{width}x{height}")


def tap_stock_plays(page) -> None:
    """A tap on the stock draws: the stock's count changes."""
    count = page.locator("#stock-count")
    before = count.inner_text()
    page.locator('[data-pile="stock"]').click()
    page.wait_for_function("b => document.getElementById('stock-count').textContent !== b", arg=before)


@pytest.fixture
def release() -> dict:
    """The repository's release file (sw-release.js), rebuilt now so that it matches the files on disk."""
    return build(REPO)


@pytest.fixture
def game_page(open_game):
    """The game booted on a fresh deal (``{server}/index.html``, no hash)."""
    return open_game()
