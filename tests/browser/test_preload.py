"""The loading path: the runtime's preloads start after the board's first frame and are used, once each.

static/paint.js inserts <link rel="preload"/"modulepreload"> for the runtime's big files once the painted
board has been drawn (index.html's <head> preloads only PyScript's small chunks), and the page's PyScript
config is inline (no pyscript.json fetch).
"""

from __future__ import annotations

RUNTIME_ENTRIES = """() => {
  const abs = (u) => new URL(u, location.href).href;
  const painted = (performance.getEntriesByName('canfield-painted', 'mark')[0] || {}).startTime ?? null;
  const fcp = (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null;
  return {
    painted, fcp,
    links: [...document.querySelectorAll('link[data-runtime-preload]')].map(l => l.getAttribute('href')),
    files: window.canfieldPaint.preloads.map(([kind, href]) => {
      const entries = performance.getEntriesByName(abs(href), 'resource');
      return {href, count: entries.length, start: entries.length ? entries[0].startTime : null};
    }),
    resources: performance.getEntriesByType('resource').map(e => e.name),
  };
}"""


def test_runtime_preloads_start_after_the_painted_frame_and_each_file_is_fetched_once(open_game, page_log):
    page = open_game()
    info = page.evaluate(RUNTIME_ENTRIES)
    assert info["painted"] is not None, "the first visit's deal was not painted"
    assert sorted(info["links"]) == sorted(f["href"] for f in info["files"])
    for f in info["files"]:
        # one entry: Pyodide's and PyScript's own requests reused the preload (a mismatch of URL or request
        # mode would fetch the file a second time, and Chromium would warn that the preload went unused)
        assert f["count"] == 1, f"{f['href']} fetched {f['count']} times"
        assert f["start"] >= info["painted"], f"{f['href']} started at {f['start']:.0f} ms, before the paint at {info['painted']:.0f} ms"
    assert not [line for line in page_log.console if "preload" in line and "not used" in line], page_log.console


def test_pyodide_is_started_by_the_painter_after_the_first_frame_and_pyscript_takes_that_start_over(open_game, page_log):
    page = open_game()
    marks = page.evaluate("""() => ({
        painted: (performance.getEntriesByName('canfield-painted', 'mark')[0] || {}).startTime ?? null,
        pyodide: performance.getEntriesByName('canfield:pyodide', 'mark').map(m => [m.startTime, m.detail]),
        wasm: performance.getEntriesByName(new URL('static/vendor/pyodide/pyodide.asm.wasm', location.href).href, 'resource').length,
    })""")
    assert len(marks["pyodide"]) == 1, marks             # one start: PyScript's loadPyodide got the painter's
    at, by = marks["pyodide"][0]
    assert by == "painter" and at >= marks["painted"], marks
    assert marks["wasm"] == 1                            # one Pyodide: its wasm fetched once
    page_log.assert_no_errors()


def test_no_config_file_is_fetched_and_pyscript_chunks_come_once(open_game, page_log):
    page = open_game()
    names = page.evaluate(RUNTIME_ENTRIES)["resources"]
    assert not [n for n in names if n.endswith("/pyscript.json")], "the config is inline in index.html"
    # PyScript's own chunks came through the head's modulepreloads, once each
    for chunk in ("core-", "error-"):
        got = [n for n in names if f"/static/vendor/pyscript/{chunk}" in n]
        assert len(got) == 1, (chunk, got)
    page_log.assert_no_errors()


PILL_PROBE = """(() => {
  window.__shift = 0;
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; })
      .observe({type: 'layout-shift', buffered: true});
  } catch (e) { window.__shift = null; }
  const look = () => {
    const game = document.getElementById('game'), boot = document.getElementById('boot');
    if (game && boot && game.classList.contains('painted')) {
      window.__pill = {visibility: getComputedStyle(boot).visibility,
                       animations: boot.getAnimations().map(a => a.animationName || 'other'),
                       ready: game.dataset.ready};
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def test_the_loading_pill_shows_with_the_painted_boards_first_frame_and_nothing_shifts(page, open_game):
    # the pill is there from the painted board's first frame (not popping up 0.7 s later as new content),
    # and nothing moves until the live board has replaced the painted one
    page.add_init_script(PILL_PROBE)
    open_game()
    pill = page.evaluate("window.__pill")
    assert pill is not None, "the board was not painted before Python"
    assert pill["ready"] == "false"
    assert pill["visibility"] == "visible" and pill["animations"] == [], pill
    shift = page.evaluate("window.__shift")
    assert shift is not None and shift < 0.001, f"layout shift {shift}"
