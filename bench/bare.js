// bench/bare.html's boot (a file, not inline: the server's Content-Security-Policy allows no inline code).
//
// bare.html?make-memory-snapshot: instead, measures making the memory snapshot in the browser (the
// alternative to shipping it, docs/loading.md): this same file as a module worker boots Pyodide with
// _makeSnapshot, unpacks game.zip, imports the modules the build's snapshot holds, makes the snapshot and
// stores it in Cache Storage; the page shows the times (ms) as JSON.
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

async function makeSnapshot() {
  const base = new URL("../static/vendor/", import.meta.url);
  const t0 = performance.now();
  const py = await loadPyodide({ _makeSnapshot: true });
  const t1 = performance.now();
  const [zip, manifest] = await Promise.all([
    fetch(new URL("game.zip", base)).then((r) => r.arrayBuffer()),
    fetch(new URL("manifest.json", base)).then((r) => r.json()),
  ]);
  py.unpackArchive(zip, "zip");
  py.globals.set("_imports", py.toPy(manifest.memory_snapshot.modules));
  py.runPython("import importlib\nfor _n in _imports: importlib.import_module(_n)\ndel _n, _imports");
  const t2 = performance.now();
  const heapGrew = py._module.HEAP8.length !== manifest.memory_snapshot.heap;
  const bytes = py.makeMemorySnapshot();
  const t3 = performance.now();
  const cache = await caches.open("bench-made-memory-snapshot");
  await cache.put(new URL("made-memory-snapshot.bin", base).href, new Response(bytes));
  const t4 = performance.now();
  await caches.delete("bench-made-memory-snapshot");
  return { boot: t1 - t0, imports: t2 - t1, snapshot: t3 - t2, store: t4 - t3, total: t4 - t0,
           size: bytes.length, heapGrew };
}

if (typeof document === "undefined") {
  // the worker
  makeSnapshot().then((r) => postMessage(r), (err) => postMessage({ error: String(err) }));
} else {
  const marker = document.getElementById("bare");
  try {
    if (location.search.includes("make-memory-snapshot")) {
      const worker = new Worker(new URL(import.meta.url), { type: "module" });
      const result = await new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
      if (result.error) throw new Error(result.error);
      marker.textContent = JSON.stringify(result);
    } else {
      const pyodide = await loadPyodide();
      marker.textContent = pyodide.runPython("import sys; sys.version");
    }
    marker.dataset.ready = "true";
  } catch (err) {
    marker.textContent = "Pyodide failed: " + err;
    marker.dataset.ready = "error";
    console.error(err);
  }
}
