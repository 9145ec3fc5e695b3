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
//
// Memory snapshot (heap snapshot, not the board snapshot of static/ui/snapshot.py): on a returning visit
// the service worker's cache holds static/vendor/memory-snapshot.bin (scripts/build_vendor.py), the wasm
// heap of a Pyodide with the game's pure modules already imported; Pyodide restores it instead of
// initialising Python and importing them again. The file leaves out the heap's runs of zeros (14 MB of
// its 31: see unsparse below), so half as many bytes come from the cache. It is read from a cache only
// (never downloaded on the way to a live board), checked against the build's manifest (its key covers the sha256 of the wasm, the
// stdlib zip and game.zip, its size), and any failure (missing, refused, stale, corrupt) gives a plain
// start with a console message. The mark "canfield:memory-snapshot" says which start it was.
import { loadPyodide as realLoadPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const streams = { stdout: null, stderr: null };
let started = null;

const SNAPSHOT_URL = new URL("./vendor/memory-snapshot.bin", import.meta.url).href;
const MANIFEST_URL = new URL("./vendor/manifest.json", import.meta.url).href;
const SNAPSHOT_MAGIC = "canfield heap snapshot 2\n";
// the files the key covers, by their manifest paths, in the order of scripts/build_vendor.py's memory_snapshot_key
const SNAPSHOT_KEY_FILES = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "game.zip"];
// right after the restore: every restore would otherwise deal the same random sequence
const AFTER_RESTORE = "import random\nrandom.seed()\ndel random";

/** What the last start was: {used: true} or {used: false, reason} (also the mark's detail). */
export const memorySnapshot = { used: false, reason: "not started" };

function mark(name, detail) {
  try { performance.mark(name, { detail }); } catch (e) { /* no marks: nothing to time */ }
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The snapshot's bytes for Pyodide, or a rejection saying why not. Read from Cache Storage, where the
// service worker's install put it (after a visit's game was ready), never from the network: without a
// worker in control nothing is cached yet (a first visit), and downloading 14 MB would only delay the
// live board. The manifest comes through the worker too, from the same release as the wasm and zips.
async function snapshotBytes() {
  const [response, manifest] = await Promise.all([
    caches.match(SNAPSHOT_URL, { ignoreSearch: true }),
    fetch(MANIFEST_URL, { credentials: "same-origin" }).then((r) => {
      if (!r.ok) throw new Error(`manifest.json: HTTP ${r.status}`);
      return r.json();
    }),
  ]);
  if (!response) throw new Error("missing (not in Cache Storage)");
  if (!response.ok) throw new Error(`refused (HTTP ${response.status})`);
  const expect = manifest.memory_snapshot || {};
  const hashes = {};
  for (const f of manifest.files || []) hashes[f.path] = f.sha256;
  const text = SNAPSHOT_KEY_FILES.map((rel) => `${rel}\0${hashes[rel]}\n`).join("");
  const key = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const bytes = new Uint8Array(await response.arrayBuffer());
  const head = new TextDecoder().decode(bytes.subarray(0, SNAPSHOT_MAGIC.length + 65));
  if (!head.startsWith(SNAPSHOT_MAGIC)) throw new Error("corrupt (not a memory snapshot)");
  const own = head.slice(SNAPSHOT_MAGIC.length, SNAPSHOT_MAGIC.length + 64);
  if (own !== key || expect.key !== key) throw new Error(`stale (made for ${own.slice(0, 12)}, this build is ${key.slice(0, 12)})`);
  const entry = (manifest.files || []).find((f) => f.path === expect.path);
  if (!entry || entry.size !== bytes.length || !expect.header) {
    throw new Error(`corrupt (${bytes.length} bytes, the build made ${entry ? entry.size : "none"})`);
  }
  const out = unsparse(bytes.subarray(expect.header), expect.restored_size);
  mark("canfield:memory-snapshot-read", "read");
  return out;
}

// Pyodide's snapshot from the file's sparse form (scripts/build_vendor.py's sparse_snapshot): the full
// size, the number of kept runs, each run's offset and length, then the runs' bytes; what the runs do not
// cover is zeros (a new buffer's own). A table that does not add up (another size than the build's, a run
// out of bounds or out of order, bytes left over) is refused, never half-restored.
function unsparse(blob, expected) {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const size = blob.length >= 8 ? view.getUint32(0, true) : -1;
  if (size !== expected) throw new Error(`corrupt (a heap of ${size} bytes, the build made ${expected})`);
  const count = view.getUint32(4, true);
  let at = 8 + 8 * count;
  const out = new Uint8Array(size);
  let end = 0;  // where the last run ended: runs come in order and never overlap
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(8 + 8 * i, true);
    const length = view.getUint32(12 + 8 * i, true);
    if (offset < end || offset + length > size || at + length > blob.length) {
      throw new Error(`corrupt (run ${i} of ${count} out of bounds)`);
    }
    out.set(blob.subarray(at, at + length), offset);
    at += length;
    end = offset + length;
  }
  if (at !== blob.length) throw new Error(`corrupt (the runs cover ${at} of ${blob.length} bytes)`);
  return out;
}

function options(extra) {
  return {
    stdout: (text) => (streams.stdout || console.log)(text),
    stderr: (text) => (streams.stderr || console.error)(text),
    ...extra,
  };
}

// ?memory-snapshot=off: a plain start all the same (bench/bench_load.py compares both on one profile)
function turnedOff() {
  try { return new URLSearchParams(location.search).get("memory-snapshot") === "off"; } catch (e) { return false; }
}

// Whether to try the memory snapshot, and if so its bytes, asked for as soon as this module runs (while
// the board is painted), so that they are there, or nearly, when start() comes after the board's first
// frame. The read is not free: it shares the threads with the rest of the start (200-300 ms on a
// desktop, about 1 s on a phone for the 31 MB file: docs/loading.md), which is why the file is sparse.
function trySnapshot() {
  const sw = typeof navigator !== "undefined" && navigator.serviceWorker;
  if (turnedOff()) return { reason: "turned off (?memory-snapshot=off)" };
  if (!sw || !sw.controller || typeof caches === "undefined") {
    return { reason: "none cached yet (no service worker in control)" };
  }
  const bytes = snapshotBytes();
  // its rejection is handled once start() awaits it, maybe later than it happened (no "unhandled rejection")
  bytes.catch(() => {});
  return { bytes };
}
const snapshot = trySnapshot();

async function startPyodide() {
  if (snapshot.bytes) {
    try {
      // a promise: Pyodide fetches and compiles the wasm meanwhile
      const pyodide = await realLoadPyodide(options({ _loadSnapshot: snapshot.bytes }));
      pyodide.runPython(AFTER_RESTORE);
      // the 31 MB rebuilt from the cache are in the heap now: let them go (Pyodide's options keep them too)
      snapshot.bytes = null;
      try { delete pyodide._api.config._loadSnapshot; } catch (e) { /* a later Pyodide: kept, no harm */ }
      memorySnapshot.used = true;
      memorySnapshot.reason = "restored";
      mark("canfield:memory-snapshot", "restored");
      mark("canfield:pyodide-ready", "restored");
      return pyodide;
    } catch (err) {
      memorySnapshot.reason = String((err && err.message) || err).split("\n")[0];
    }
  } else {
    memorySnapshot.reason = snapshot.reason;
  }
  console.info(`Canfield: memory snapshot not used: ${memorySnapshot.reason}; plain start of Python`);
  mark("canfield:memory-snapshot", "plain: " + memorySnapshot.reason);
  const pyodide = await realLoadPyodide(options());
  mark("canfield:pyodide-ready", "plain");
  return pyodide;
}

// `by`: who started it ("painter" or "pyscript"), in the performance mark the load benchmark and the tests read
export function start(by = "painter") {
  if (!started) {
    mark("canfield:pyodide", by);
    started = startPyodide();
  }
  return started;
}

export function loadPyodide(options) {
  // PyScript's streams (its io); the index URL it computes from this module's place is not Pyodide's
  if (options && options.stdout) streams.stdout = options.stdout;
  if (options && options.stderr) streams.stderr = options.stderr;
  return start("pyscript");
}
