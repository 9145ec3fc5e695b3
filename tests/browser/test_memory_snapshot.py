"""Pyodide's memory snapshot (heap snapshot) on returning visits (issue 18, items 2 and 3).

Not the board snapshot (static/ui/snapshot.py, tests/browser/test_snapshot.py): this one is
static/vendor/memory-snapshot.bin, the wasm heap of a Pyodide with the game's pure modules imported,
which static/pyodide-early.mjs restores instead of starting Python from scratch.

- a first visit never asks for it on its way to ready (the service worker fetches it after);
- a returning visit restores it, the game plays, and `random` is reseeded (not the build's sequence);
- offline, the returning visit restores it too;
- missing, refused, stale or corrupt in the cache: a plain start, a console message, no page error.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import poll_until, reload_game, settle, tap_stock_plays

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
from build_helpers import build as _build  # noqa: E402  (shared with tests/test_build.py)

SEED_CODE = "CF1-D3-AAAAACL"
SW_TIMEOUT_MS = 120_000  # the install copies ~55 MB into Cache Storage; generous on a loaded 2-core machine
READY = '#game[data-ready="true"]'
SNAPSHOT = "static/vendor/memory-snapshot.bin"
MARK = "canfield:memory-snapshot"


@pytest.fixture
def release() -> dict:
    return _build(REPO)


def wait_cached(page, base: str, release: dict) -> None:
    """Wait until the service worker controls the page and its cache holds the memory snapshot."""
    poll_until(page, lambda: page.evaluate("""async ([name, url]) => {
            if (!navigator.serviceWorker.controller || !(await caches.has(name))) return false;
            return !!(await (await caches.open(name)).match(url));
        }""", [release["cache"], f"{base}/{SNAPSHOT}"]), "the service worker to cache the memory snapshot",
        SW_TIMEOUT_MS / 1000)


def start_kind(page) -> str:
    return page.evaluate(f"performance.getEntriesByName({MARK!r})[0].detail")


def python(page, code: str):
    """Run Python in the page's own Pyodide (the module's start() hands back the one started)."""
    return page.evaluate("""async (code) => {
        const early = await import('./static/pyodide-early.mjs');
        return (await early.start()).runPython(code);
    }""", code)


def test_first_visit_plain_then_returning_visit_restores_it(page, open_game, server, release):
    open_game(SEED_CODE)
    assert start_kind(page).startswith("plain: none cached yet")
    # the first visit's page never fetched it on its way to ready (the worker's install does, after)
    fetched = page.evaluate(f"performance.getEntriesByType('resource').filter(e => e.name.includes({SNAPSHOT!r})).length")
    assert fetched == 0
    wait_cached(page, server, release)

    reload_game(page)
    assert start_kind(page) == "restored"
    # the restored heap holds the game's pure modules; the game itself plays
    assert python(page, "import sys; 'canfield.game' in sys.modules and 'ui.controller' in sys.modules")
    tap_stock_plays(page)
    first = python(page, "import random; random.random()")
    reload_game(page)
    assert start_kind(page) == "restored"
    # every restore starts from the same heap: without the reseed both would draw the same number
    assert python(page, "import random; random.random()") != first


def test_offline_returning_visit_restores_it(page, open_game, server, release):
    open_game(SEED_CODE)
    wait_cached(page, server, release)
    settle(page)
    page.context.set_offline(True)
    try:
        reload_game(page)
        assert start_kind(page) == "restored"
        tap_stock_plays(page)
    finally:
        page.context.set_offline(False)


# What each broken cache entry is made of, in the page: (the real bytes, the key) -> a Response.
BROKEN = {
    "missing": "null",
    "refused": "new Response('no', {status: 403})",
    # another build's key in the header (the code it holds is not this build's)
    "stale": """(() => { const b = bytes.slice(); const at = 'canfield heap snapshot 1\\n'.length;
                 b[at] = b[at] === 48 ? 49 : 48; return new Response(b); })()""",
    # cut short (a write interrupted), or Pyodide's own header damaged at the right size
    "corrupt": "new Response(bytes.slice(0, bytes.length - 65536))",
    # longer than the build made it (the read streams into a buffer of the manifest's size)
    "corrupt-long": """(() => { const b = new Uint8Array(bytes.length + 4096); b.set(bytes); return new Response(b); })()""",
    # the table of the runs of zeros left out, each damage the only one the page can see: a heap size
    # other than the build's (the runs still fit), and a run moved back over the one before it (the runs
    # still cover every byte of the file)
    "corrupt-size": """(() => { const b = bytes.slice(); const v = new DataView(b.buffer);
                      v.setUint32(128, v.getUint32(128, true) + 16, true); return new Response(b); })()""",
    "corrupt-order": """(() => { const b = bytes.slice(); const v = new DataView(b.buffer);
                       v.setUint32(144, v.getUint32(136, true), true); return new Response(b); })()""",
    # Pyodide's own header damaged, at the start of the first run kept (after the table)
    "corrupt-inside": """(() => { const b = bytes.slice(); const at = 136 + 8 * new DataView(b.buffer).getUint32(132, true);
                        b.fill(7, at, at + 32); return new Response(b); })()""",
}


@pytest.mark.allow_http_errors
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_broken_memory_snapshot_gives_a_plain_start(page, open_game, server, release, broken):
    open_game(SEED_CODE)
    wait_cached(page, server, release)
    page.evaluate("""async ([name, url, make]) => {
        const cache = await caches.open(name);
        const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
        const response = eval(make);
        if (response) await cache.put(url, response); else await cache.delete(url);
    }""", [release["cache"], f"{server}/{SNAPSHOT}", BROKEN[broken]])
    messages = []
    page.on("console", lambda m: messages.append(m.text))
    reload_game(page)
    kind = start_kind(page)
    word = broken.split("-")[0]
    assert kind.startswith("plain: "), kind
    if broken != "corrupt-inside":  # Pyodide's own check says it in its words
        assert word in kind, kind
    assert any("memory snapshot not used" in m for m in messages), messages
    assert page.evaluate("document.getElementById('game').dataset.ready") == "true"
    tap_stock_plays(page)
