"""The two-sided page's start (issue 33: index.html, once thin.html): Pyodide starts in the engine's worker
(static/engine-worker.mjs, which static/boot.js starts as the head is parsed), through our module
static/pyodide-worker.mjs, which tells the page's loading screen (static/boot.js) what the main thread
cannot see, and restores the memory snapshot there.

- the loading message counts the runtime's bytes fetched by the worker ("4.1 of 21.1 MB"), going forward up
  to the end of the download, compressed bytes on a compressing host, then "Starting Python…" and
  "Dealing…", on a host with or without cross-origin isolation;
- a first visit starts the worker's Python plainly and never reads the memory snapshot; a returning visit
  restores it in the worker (the page's mark "canfield:memory-snapshot" says so), online and offline, the
  game plays, and `random` is reseeded;
- missing, refused, stale or corrupt in the cache: a plain start, a console line, the game plays;
- the snapshot holds every module the worker imports at its start.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import build_vendor
import pytest
from build_helpers import build
from conftest import poll_until, reload_game, tap_stock_plays

pytestmark = pytest.mark.service_worker   # offline play and releases: the service worker at work

REPO = Path(__file__).resolve().parents[2]
# the runtime's files whose bytes the loading message counts (static/boot.js's pattern)
RUNTIME = re.compile(r"pyodide/(pyodide\.asm\.wasm|python_stdlib\.zip|pyodide\.asm\.mjs|pyodide-lock\.json)$")
SNAPSHOT = "static/vendor/memory-snapshot.bin"
SW_TIMEOUT_MS = 120_000  # the install copies ~40 MB into Cache Storage; generous on a loaded 2-core machine

# Every text #boot-msg shows, in order, from the first paint on.
RECORD_MESSAGES = """
window.__bootMessages = [];
new MutationObserver(() => {
  const el = document.getElementById("boot-msg");
  const text = el && el.textContent;
  const list = window.__bootMessages;
  if (text && list[list.length - 1] !== text) list.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""

# What each broken cache entry is made of, in the page: (the real bytes) -> a Response, or null: none.
BROKEN = {
    "missing": "null",
    "refused": "new Response('no', {status: 403})",
    # another build's key in the header (the code it holds is not this build's)
    "stale": """(() => { const b = bytes.slice(); const at = 'canfield heap snapshot 2\\n'.length;
                 b[at] = b[at] === 48 ? 49 : 48; return new Response(b); })()""",
    # cut short (a write interrupted), or longer than the build made it
    "corrupt": "new Response(bytes.slice(0, bytes.length - 65536))",
    "corrupt-long": """(() => { const b = new Uint8Array(bytes.length + 4096); b.set(bytes); return new Response(b); })()""",
    # the table of the runs of zeros left out: a heap size other than the build's (the runs still fit), a
    # run moved back over the one before it (the runs still cover every byte of the file)
    "corrupt-size": """(() => { const b = bytes.slice(); const v = new DataView(b.buffer);
                      v.setUint32(128, v.getUint32(128, true) + 16, true); return new Response(b); })()""",
    "corrupt-order": """(() => { const b = bytes.slice(); const v = new DataView(b.buffer);
                       v.setUint32(144, v.getUint32(136, true), true); return new Response(b); })()""",
    # Pyodide's own header damaged, at the start of the first run kept (after the table)
    "corrupt-inside": """(() => { const b = bytes.slice(); const at = 136 + 8 * new DataView(b.buffer).getUint32(132, true);
                        b.fill(7, at, at + 32); return new Response(b); })()""",
}


def _runtime_mb() -> float:
    manifest = json.loads((REPO / "static" / "vendor" / "manifest.json").read_text())
    return sum(f["size"] for f in manifest["files"] if RUNTIME.search(f["path"])) / 1e6


def wait_cached(page, base: str, release: dict) -> None:
    """Wait until the service worker controls the page and its cache holds the memory snapshot."""
    poll_until(page, lambda: page.evaluate("""async ([name, url]) => {
            if (!navigator.serviceWorker.controller || !(await caches.has(name))) return false;
            return !!(await (await caches.open(name)).match(url));
        }""", [release["cache"], f"{base}/{SNAPSHOT}"]), "the service worker to cache the memory snapshot",
        SW_TIMEOUT_MS / 1000)

SEED_CODE = "CF1-D3-AAAAACL"
PAGE = "index.html"
MODULE = "static/pyodide-worker.mjs"
WORKER = "static/engine-worker.mjs"
MARK = "canfield:memory-snapshot"
COUNTED = re.compile(r"Loading the game: (\d+\.\d) of (\d+\.\d) MB")


def start_kind(page, name: str = MARK) -> str:
    """The detail of the page's mark `name` (static/boot.js marks what the worker posts)."""
    return page.evaluate("(name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.detail : null; }", name)


def mark_at(page, name: str) -> float:
    """When the page's mark `name` is, on its timeline (the worker's marks come from its clock)."""
    return page.evaluate("(n) => performance.getEntriesByName(n)[0].startTime", name)


def engine(page):
    """The page's Pyodide worker: static/boot.js's engine worker."""
    for worker in page.workers:
        if worker.url.endswith("/" + WORKER):
            return worker
    raise AssertionError(f"no worker of {page.url} runs {WORKER}: {[w.url for w in page.workers]}")


def worker_python(page, base: str, code: str):
    """Run Python in the worker's Pyodide (the module's loadPyodide() hands back the one it started)."""
    return engine(page).evaluate("async ([url, code]) => (await (await import(url)).loadPyodide()).runPython(code)",
                                 [f"{base}/{MODULE}", code])


# ---------------------------------------------------------------------------------------- the loading screen

def _boot_messages(new_context, record_page, base: str) -> list[str]:
    """Every #boot-msg text of a first visit to the page, its runtime downloaded at 3 MB/s."""
    context = new_context(locale="en-US")   # private: every byte of the runtime comes over the (throttled) wire
    context.add_init_script(RECORD_MESSAGES)
    page = context.new_page()
    record_page(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 5, "downloadThroughput": 3_000_000, "uploadThroughput": 1_000_000})
    page.goto(f"{base}/{PAGE}?lang=en", wait_until="commit")
    page.wait_for_selector('#game[data-ready="true"]', timeout=120_000)
    # the worker fetched the runtime, never the main thread
    assert not [e for e in page.evaluate("performance.getEntriesByType('resource').map(e => e.name)") if RUNTIME.search(e)]
    return page.evaluate("window.__bootMessages")


def _counted(messages: list[str]) -> tuple[list[float], list[float]]:
    found = [COUNTED.fullmatch(m) for m in messages if m.startswith("Loading the game: ")]
    assert len(found) >= 3 and all(found), messages
    return [float(m.group(1)) for m in found], [float(m.group(2)) for m in found]


@pytest.fixture
def plain_host(server):
    """The repository served as most static hosts serve it: without cross-origin isolation headers (no
    SharedArrayBuffer): the worker's own message says "Dealing…"."""
    import conftest
    import serve

    class Plain(serve.Handler):
        isolated = False

    host, base = serve.serve_in_thread(port=0, quiet=True, handler_base=Plain)
    conftest._ORIGINS.add(base.rstrip("/"))     # its requests are the page's own origin's
    yield base.rstrip("/")
    host.shutdown()
    host.server_close()


def test_progress_counts_the_workers_megabytes_then_names_the_stages(new_context, record_page, plain_host):
    messages = _boot_messages(new_context, record_page, plain_host)
    done, totals = _counted(messages)
    assert set(totals) == {float(f"{_runtime_mb():.1f}")}, (totals, messages)
    assert done == sorted(done) and done[0] < done[-1], done          # it moves, forward only
    assert done[-1] >= totals[-1] * 0.9, done                         # up to the end of the download
    last = max(i for i, m in enumerate(messages) if m.startswith("Loading the game: "))
    after = messages[last + 1:]
    assert "Starting Python…" in after and after.index("Starting Python…") < after.index("Dealing…"), messages


def test_a_compressing_host_shows_the_workers_bytes_on_the_wire(new_context, record_page, serve, tmp_path):
    # the built site with the runtime's files gzipped beside them: scripts/serve.py sends them with
    # Content-Encoding, and the worker's counts are the compressed bytes, not the decoded ones
    import gzip

    site = tmp_path / "site"
    build(REPO, "--dist", str(site))
    assert (site / PAGE).is_file()
    wire = 0
    for path in (site / "static" / "vendor").rglob("*"):
        if RUNTIME.search(path.as_posix()):
            packed = gzip.compress(path.read_bytes(), compresslevel=6)
            (path.parent / f"{path.name}.gz").write_bytes(packed)
            wire += len(packed)
    assert wire and wire < _runtime_mb() * 1e6 / 2
    messages = _boot_messages(new_context, record_page, serve(root=site))
    done, totals = _counted(messages)
    assert abs(totals[-1] - wire / 1e6) <= 0.15, (totals, wire)
    assert done == sorted(done) and done[0] < done[-1], done
    assert done[-1] >= totals[-1] * 0.9, (done, totals)


# ---------------------------------------------------------------------------------------- the memory snapshot

def test_the_snapshot_holds_every_module_the_worker_imports_at_start():
    # static/worker/main.py imports worker.session, which imports the game: a module of them importing js, pyodide or
    # pyscript would leave the snapshot (build_vendor.pure_modules) and be imported at every start again
    files = build_vendor.game_files(REPO)
    needed = set(build_vendor.import_order(files, "worker.session"))
    assert needed <= set(build_vendor.pure_modules(files)), sorted(needed - set(build_vendor.pure_modules(files)))
    manifest = json.loads((REPO / "static" / "vendor" / "manifest.json").read_text(encoding="utf-8"))
    held = set(manifest["memory_snapshot"]["modules"])
    assert needed <= held, f"not in the built memory snapshot (run `make vendor`): {sorted(needed - held)}"
    assert {"asyncio", "json"} <= held     # static/worker/main.py's own


def test_first_visit_plain_then_returning_visits_restore_it_in_the_worker(page, open_game, server, release):
    open_game(SEED_CODE, path=PAGE)
    assert start_kind(page).startswith("plain: none cached yet"), start_kind(page)
    assert start_kind(page, "canfield:pyodide-ready") == "plain"
    # on its way to ready neither the page nor its worker asked for the file (the service worker does, after)
    asked = "(f) => performance.getEntriesByType('resource').filter(e => e.name.includes(f)).length"
    assert page.evaluate(asked, SNAPSHOT) == 0 and engine(page).evaluate(asked, SNAPSHOT) == 0
    # a first visit's Pyodide starts once the page's layer is built (static/page/main.py asks for it)
    assert mark_at(page, "canfield:worker-module") < mark_at(page, "canfield:layer") <= mark_at(page, "canfield:pyodide")
    wait_cached(page, server, release)

    reload_game(page)
    assert start_kind(page) == "restored"
    assert start_kind(page, "canfield:pyodide-ready") == "restored"
    # the read's end and Python up, in order on the page's timeline (marked from the worker's clock)
    read, ready = (page.evaluate(f"performance.getEntriesByName({n!r})[0].startTime")
                   for n in ("canfield:memory-snapshot-read", "canfield:pyodide-ready"))
    assert 0 < read <= ready
    # a returning visit's Pyodide starts with its worker, as the head is parsed, before the page's own Python
    assert mark_at(page, "canfield:pyodide") < mark_at(page, "canfield:page")
    assert worker_python(page, server, "import sys; 'worker.session' in sys.modules and 'canfield.game' in sys.modules")
    tap_stock_plays(page)
    first = worker_python(page, server, "import random; random.random()")
    reload_game(page)
    assert start_kind(page) == "restored"
    # every restore starts from the same heap: without the reseed both would draw the same number
    assert worker_python(page, server, "import random; random.random()") != first

    page.context.set_offline(True)
    try:
        reload_game(page)
        assert start_kind(page) == "restored"
        tap_stock_plays(page)
    finally:
        page.context.set_offline(False)


@pytest.mark.allow_http_errors
def test_a_broken_snapshot_gives_the_worker_a_plain_start(page, open_game, server, release):
    # each broken cache entry in turn, the good file kept aside
    # (at another name, which the worker's lookup never finds) and put back after each
    open_game(SEED_CODE, path=PAGE)
    wait_cached(page, server, release)
    url = f"{server}/{SNAPSHOT}"
    page.evaluate("""async ([name, url]) => {
        const cache = await caches.open(name);
        await cache.put(url + '.good', await cache.match(url));
    }""", [release["cache"], url])
    messages = []
    page.on("console", lambda m: messages.append(m.text))
    for broken, make in sorted(BROKEN.items()):
        page.evaluate("""async ([name, url, make]) => {
            const cache = await caches.open(name);
            const bytes = new Uint8Array(await (await cache.match(url + '.good')).arrayBuffer());
            const response = eval(make);
            if (response) await cache.put(url, response); else await cache.delete(url);
        }""", [release["cache"], url, make])
        messages.clear()
        reload_game(page)
        kind = start_kind(page)
        assert kind.startswith("plain: "), (broken, kind)
        if broken != "corrupt-inside":  # Pyodide's own check says it in its words
            assert broken.split("-")[0] in kind, (broken, kind)
        assert any("memory snapshot not used in the worker" in m for m in messages), (broken, messages)
        tap_stock_plays(page)
    page.evaluate("""async ([name, url]) => {
        const cache = await caches.open(name);
        await cache.put(url, await cache.match(url + '.good'));
    }""", [release["cache"], url])
    reload_game(page)
    assert start_kind(page) == "restored"
