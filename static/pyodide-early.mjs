// Pyodide started as soon as the board is on screen, not once PyScript is ready to ask for it.
//
// PyScript loads the module named by its config's "interpreter" and calls its loadPyodide(options)
// only after its own modules, the document's deferred scripts and its plugins are done: on a returning
// visit that was 300-450 ms after a bare page would have started the same Pyodide. index.html's config
// names this module instead of vendor/pyodide/pyodide.mjs: static/paint.js calls start() right after
// the painted board's first frame (Pyodide's start is long main-thread work: before that frame it would
// hold the board back), and PyScript's loadPyodide(options) then gets that same start, already under
// way. Nothing else changes: the same vendored Pyodide, its default index URL (this module's own
// options are only the output streams), PyScript's stdout and stderr once it asks. If start() was never
// called (no painted board, an old page), loadPyodide starts Pyodide then, as before.
// The solver's worker (pyscript.toml) still names vendor/pyodide/pyodide.mjs: it has no board to wait for.
import { loadPyodide as realLoadPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const streams = { stdout: null, stderr: null };
let started = null;

// `by`: who started it ("painter" or "pyscript"), in the performance mark the load benchmark and the tests read
export function start(by = "painter") {
  if (!started) {
    try { performance.mark("canfield:pyodide", { detail: by }); } catch (e) { /* no marks: nothing to time */ }
    started = realLoadPyodide({
      stdout: (text) => (streams.stdout || console.log)(text),
      stderr: (text) => (streams.stderr || console.error)(text),
    });
  }
  return started;
}

export function loadPyodide(options) {
  // PyScript's streams (its io); the index URL it computes from this module's place is not Pyodide's
  if (options && options.stdout) streams.stdout = options.stdout;
  if (options && options.stderr) streams.stderr = options.stderr;
  return start("pyscript");
}
