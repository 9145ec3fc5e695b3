"""The loading path: the page's PyScript configs are inline (no config file fetched), PyScript's chunks come
once each through the head's modulepreloads, and the loading pill is there from the painted board's first
frame with nothing shifting. (Pyodide starts in the engine's worker: the main thread preloads none of its
files; Chromium lists the worker's module graph, static/engine-worker.mjs and what it imports, among the
document's resources, but the runtime's files are the worker's own.)
"""

from __future__ import annotations

def test_no_config_file_is_fetched_and_pyscript_chunks_come_once(open_game, page_log):
    page = open_game()
    names = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    runtime = [n for n in names if "/vendor/pyodide/" in n and not n.endswith("/vendor/pyodide/pyodide.mjs")]
    assert not runtime, "Pyodide is the worker's: the page fetches none of its runtime"
    if any(n.endswith("/vendor/pyodide/pyodide.mjs") for n in names):   # listed only as the worker's import
        assert any(n.endswith("/static/engine-worker.mjs") for n in names), names
    # a config file would sit beside index.html (the site's only .json and .toml files are under static/)
    assert not [n for n in names if n.endswith((".json", ".toml")) and "/static/" not in n], \
        "the configs are inline in index.html"
    # PyScript's own chunks came through the head's modulepreloads, once each
    for chunk in ("core-", "error-"):
        got = [n for n in names if f"/static/vendor/pyscript/{chunk}" in n]
        assert len(got) == 1, (chunk, got)
    page_log.assert_no_errors()


PILL_PROBE = """(() => {
  window.__shift = 0;
  try {
    window.__shifted = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) {
      window.__shift += e.value;
      for (const s of e.sources || []) window.__shifted.push([e.value, s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?',
        JSON.stringify(s.previousRect), JSON.stringify(s.currentRect), document.getElementById('boot') ? document.getElementById('boot').textContent.trim().slice(0, 40) : '']);
    } })
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
    assert shift is not None and shift < 0.001, f"layout shift {shift}: {page.evaluate('window.__shifted')}"
