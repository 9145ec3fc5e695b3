// The thin layer without PyScript (bench/thin/direct.html, a comparison for issue 33): the vendored
// MicroPython loaded by this module on the page's main thread, and the engine in a plain module worker
// (direct_worker.mjs: the vendored Pyodide, game.zip, bench/thin/engine_worker.py), reached by messages.
import { loadMicroPython } from "../../static/vendor/micropython/micropython.mjs";

// the engine's worker first: its Pyodide takes seconds
const worker = new Worker(new URL("./direct_worker.mjs", import.meta.url), { type: "module" });
const waiting = new Map();
let next = 0, readyNow;
function call(fn, args) {
  return new Promise((resolve, reject) => {
    const id = ++next;
    waiting.set(id, [resolve, reject]);
    worker.postMessage({ id, fn, args });
  });
}
const engine = {
  view: (code) => call("view", [code]),
  tap: (action) => call("tap", [action]),
  long_game: (code, moves) => call("long_game", [code, moves]),
};
window.thinEngine = new Promise((resolve) => { readyNow = resolve; });
worker.onmessage = (e) => {
  const m = e.data;
  if (m.ready) {
    for (const step in m.steps) performance.mark("direct-worker-" + step, { startTime: m.steps[step] - performance.timeOrigin });
    readyNow(engine);
    return;
  }
  if (m.failed) { console.error("the engine's worker failed: " + m.failed); return; }
  const [resolve, reject] = waiting.get(m.id);
  waiting.delete(m.id);
  if (m.error) reject(new Error(m.error)); else resolve(m.result);
};

const text = (name) => fetch(new URL(name, import.meta.url)).then((r) => r.text());
const [mp, view, layer, main] = await Promise.all([
  loadMicroPython({ stderr: (line) => console.error(line) }),
  text("./thin_view.py"), text("./thin_layer.py"), text("./direct_main.py"),
]);
document.dispatchEvent(new Event("mpy:ready"));
mp.FS.writeFile("thin_view.py", view);
mp.FS.writeFile("thin_layer.py", layer);
await mp.runPythonAsync(main);
