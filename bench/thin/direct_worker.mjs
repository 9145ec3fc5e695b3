// The engine's plain module worker of bench/thin/direct.html: the vendored Pyodide, the game's files
// (static/vendor/game.zip, unpacked as PyScript does) and bench/thin/engine_worker.py; it answers
// {id, fn, args} with {id, result} (the view's JSON text) or {id, error}.
import { loadPyodide } from "../../static/vendor/pyodide/pyodide.mjs";

const queue = [];
let fns = null;
function answer(m) {
  try { postMessage({ id: m.id, result: fns[m.fn](...m.args) }); } catch (err) { postMessage({ id: m.id, error: String(err) }); }
}
onmessage = (e) => { if (fns) answer(e.data); else queue.push(e.data); };
// when each step ended, in ms since the epoch (the page turns them into its own marks)
const at = () => performance.timeOrigin + performance.now();
try {
  const base = new URL("../../static/vendor/", import.meta.url);
  const steps = { start: at() };
  const [py, zip, source] = await Promise.all([
    loadPyodide().then((py) => { steps.pyodide = at(); return py; }),
    fetch(new URL("game.zip", base)).then((r) => r.arrayBuffer()),
    fetch(new URL("./engine_worker.py", import.meta.url)).then((r) => r.text()),
  ]);
  py.unpackArchive(zip, "zip");
  steps.unpacked = at();
  py.runPython(source);
  steps.imported = at();
  fns = { view: py.globals.get("view"), tap: py.globals.get("tap"), long_game: py.globals.get("long_game") };
  postMessage({ ready: true, steps });
  queue.splice(0).forEach(answer);
} catch (err) {
  postMessage({ failed: String(err) });
}
