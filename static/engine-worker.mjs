// The engine's worker: Pyodide running static/worker/main.py (the engine, the controller, the view, the records
// and the solver), a module worker that static/boot.js creates while the document's head is parsed, so
// that Pyodide's start (the memory snapshot's read and restore, static/pyodide-worker.mjs) begins at
// navigation and not once the page's scripts have run. The page's thin layer (MicroPython) reaches it
// through boot.js's `canfieldEngine`: two calls, each one message each way.
//
//   page -> worker   {id, call: "handle", text}     one text of the page (static/shared/vocab.py)
//                    {id, call: "next_push"}          the next answer the worker gives on its own
//                    {id, call: "restart", text}    a new session given the page's Start (worker/main.py)
//   worker -> page   {kind: "ready"} once worker.py has run, or {kind: "failed", error} (no retry here:
//                    the loading screen offers one); {id, ok: text} or {id, error} for each call
//
// Calls made before Python is up wait for it, in order. The game's files are fetched at once, beside
// Pyodide's runtime: game.zip (the engine and the worker's UI modules, written where the memory snapshot
// imported them from) and the two Python files of this worker.
//
// When Pyodide starts: at once on a returning visit (a memory snapshot in this origin's cache: its read
// and restore run beside the page's own start from navigation on); on a first visit only once the page
// says {call: "start"} (static/page/main.py, its layer built): a plain start (the runtime's download, the
// wasm's compile, Python's set-up) beside the main thread's own start doubled Lighthouse mobile's blocking
// time on the 2-core machine (docs/loading.md).
import { loadPyodide, snapshotCached } from "./pyodide-worker.mjs";

const FILES = {
  game: new URL("./vendor/game.zip", import.meta.url).href,
  solver: new URL("./worker/solver_worker.py", import.meta.url).href,
  worker: new URL("./worker/main.py", import.meta.url).href,
};

function get(url, as) {
  return fetch(url, { credentials: "same-origin" }).then((r) => {
    if (!r.ok) throw new Error(`${url.split("/").pop()}: HTTP ${r.status}`);
    return as === "bytes" ? r.arrayBuffer() : r.text();
  });
}

const files = Promise.all([get(FILES.game, "bytes"), get(FILES.solver, "text"), get(FILES.worker, "text")]);
files.catch(() => {});   // awaited by the start below, which reports it

let go = null;
const asked = new Promise((resolve) => { go = resolve; });

async function start() {
  if (!(await snapshotCached)) await asked;
  const py = await loadPyodide({
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  const [game, solver, source] = await files;
  py.unpackArchive(game, "zip");
  py.FS.writeFile("solver_worker.py", solver);
  py.runPython(source, { filename: "worker/main.py" });
  const handle = py.globals.get("handle");
  const nextPush = py.globals.get("next_push");
  const restart = py.globals.get("restart");
  if (!handle || !nextPush || !restart) throw new Error("worker/main.py defines no handle, next_push and restart");
  return { handle, nextPush, restart };
}

const ready = start();
ready.then(
  () => postMessage({ kind: "ready" }),
  (err) => {
    console.error(err);
    postMessage({ kind: "failed", error: String((err && err.message) || err).split("\n")[0] });
  },
);

// One call after the other, as the page sends them: a handle's answer is never overtaken by the next.
let queue = Promise.resolve();

self.onmessage = (event) => {
  const { id, call, text } = event.data || {};
  if (call === "start") {
    go();
    return;
  }
  if (call === "next_push") {
    // an open call: it waits for the worker's next answer of its own, without holding the handles back
    ready.then(({ nextPush }) => nextPush())
      .then((out) => postMessage({ id, ok: String(out) }), (err) => postMessage({ id, error: String(err) }));
    return;
  }
  queue = queue.then(() => ready).then(({ handle, restart }) => {
    if (call !== "handle" && call !== "restart") throw new Error(`no call ${JSON.stringify(call)}`);
    postMessage({ id, ok: String((call === "handle" ? handle : restart)(String(text))) });
  }).catch((err) => postMessage({ id, error: String((err && err.message) || err) }));
};
