#!/usr/bin/env node
// Make the page's Pyodide memory snapshot (heap snapshot) under Node with the vendored runtime: Pyodide
// started as the page starts it, game.zip unpacked into the working folder as static/engine-worker.mjs unpacks it, the
// game's pure modules imported (they hold no JavaScript object), then the whole wasm heap written out.
// Called by scripts/build_vendor.py; not the board snapshot of static/worker/snapshot.py.
//
//     node scripts/pyodide_snapshot.mjs JOB.json
//
// JOB.json: {"indexURL": ".../static/vendor/pyodide/", "game_zip": FILE, "imports": [...], "out": FILE}
// Prints a JSON report on stdout: heap sizes, the modules imported, the snapshot's size.
// Exits 1 (with the reason on stderr) when the heap grew past its initial size before the snapshot:
// Pyodide restores a snapshot into a memory of the snapshot's size, and a heap that grew on the way
// restores into a RangeError in the browser.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(job.indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: job.indexURL,
  _makeSnapshot: true,
  stdout: (s) => process.stderr.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
const initialHeap = py._module.HEAP8.length;

function fail(message) {
  process.stderr.write(message + "\n");
  process.exit(1);
}

// The same working folder and archive the engine's worker uses in the page: the modules' __file__ and their
// package __path__ then name the files it unpacks there after the restore.
py.FS.writeFile("/tmp/game.zip", readFileSync(job.game_zip));
py.globals.set("_imports", py.toPy(job.imports));
let report;
try {
  report = py.runPython(`
import importlib, json, os, sys, zipfile
with zipfile.ZipFile("/tmp/game.zip") as _z:
    _z.extractall(os.getcwd())
os.remove("/tmp/game.zip")
_done, _failed = [], []
for _name in _imports:
    try:
        importlib.import_module(_name)
        _done.append(_name)
    except Exception as _exc:
        _failed.append(f"{_name}: {type(_exc).__name__}: {_exc}")
# the snapshot keeps no listing of a folder that the restored page fills again
importlib.invalidate_caches()
_report = json.dumps({"cwd": os.getcwd(), "imported": _done, "failed": _failed,
                      "modules": len(sys.modules), "python": sys.version.split()[0]})
del _z, _name, _done, _failed, _imports
_report
`, { filename: "pyodide_snapshot" });
  py.runPython("del _report");
} catch (err) {
  fail("importing the game's pure modules failed: " + String(err.message || err));
}
report = JSON.parse(report);
if (report.failed.length) fail("importing the game's pure modules failed:\n  " + report.failed.join("\n  "));

const heap = py._module.HEAP8.length;
if (heap !== initialHeap) {
  fail(`the heap grew from ${initialHeap} to ${heap} bytes before the memory snapshot: a restore in the ` +
       "browser would fail (RangeError); import fewer modules into it");
}
let snapshot;
try {
  snapshot = py.makeMemorySnapshot();
} catch (err) {
  // a JavaScript object held by Python (a module that imported js) cannot be written into a snapshot
  fail("Pyodide could not make the memory snapshot: " + String(err.message || err));
}
writeFileSync(job.out, snapshot);
process.stdout.write(JSON.stringify({ ...report, heap_initial: initialHeap, heap, size: snapshot.length }) + "\n");
