// Pyodide for the page's engine worker (static/engine-worker.mjs, which static/boot.js starts as the head
// is parsed, and which runs static/worker/main.py): the worker imports this module first thing and calls
// loadPyodide(options); this module starts the vendored static/vendor/pyodide/pyodide.mjs and tells the
// page how the start goes.
//
// The loading screen (static/boot.js) lives on the main thread, which sees none of the runtime's requests
// made here. So this module counts the runtime's bytes as they arrive (a clone of each response read
// alongside: the original goes to Pyodide untouched) and its files' resource timings, and posts them on
// the same-origin BroadcastChannel "canfield-boot", with the start's steps: this module running,
// Pyodide asked for, the snapshot read, which start it was (memory snapshot restored, or plain and why),
// Python up. boot.js listens on the two-sided page (<html data-layer="thin">), counts the bytes as it
// counts the main thread's own, says "Dealing…" once Python is up (the worker is no PyScript script: no
// py:ready tells the page), and marks the steps on the main thread's
// timeline ("canfield:memory-snapshot", "canfield:pyodide-ready", ...). Two pages of the game
// loading at the same moment in one browser would hear each other (the loading text and these marks
// only: each page's game starts from its own worker).
//
// Memory snapshot (heap snapshot; not the board snapshot of static/worker/snapshot.py): a returning visit
// restores static/vendor/memory-snapshot.bin (scripts/build_vendor.py: the game's pure modules imported,
// worker.session and everything it imports among them) instead of a cold start of Python. Its read starts
// when this module runs, before static/engine-worker.mjs asks for Pyodide, from Cache Storage only (a worker has no
// navigator.serviceWorker: an origin with no cache yet is a first visit, which never reads it), and is
// checked against the build's manifest (the key of the wasm, the stdlib zip and game.zip; the size; the
// table of runs). Any failure gives a plain start and a console line. Pyodide runs nowhere else, so
// these checks are made here only.
import { loadPyodide as realLoadPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// static/boot.js listens on the same name
const CHANNEL = "canfield-boot";
// Pyodide's files are in vendor/pyodide/, beside this module's folder
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("./vendor/memory-snapshot.bin", import.meta.url).href;
const MANIFEST_URL = new URL("./vendor/manifest.json", import.meta.url).href;
const SNAPSHOT_MAGIC = "canfield heap snapshot 2\n";
// the files the key covers, by their manifest paths, in the order of scripts/build_vendor.py's memory_snapshot_key
const SNAPSHOT_KEY_FILES = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "game.zip"];
// right after the restore: every restore would otherwise deal the same random sequence
const AFTER_RESTORE = "import random\nrandom.seed()\ndel random";
// a file's count goes to the page at most this often while it streams (and once when it ends)
const POST_EVERY_MS = 60;

let channel = null;
try { channel = new BroadcastChannel(CHANNEL); } catch (e) { /* no channel: the page shows its stages only */ }

// `at`: the time on the epoch's clock, which the page turns into its own timeline's
function post(message) {
  try { if (channel) channel.postMessage({ ...message, at: performance.timeOrigin + performance.now() }); }
  catch (e) { /* the loading screen is best effort */ }
}

function mark(name, detail) {
  try { performance.mark(name, { detail }); } catch (e) { /* no marks: nothing to time */ }
}

post({ kind: "module" });

/** What the start was: {used: true} or {used: false, reason} (posted to the page as "snapshot"). */
export const memorySnapshot = { used: false, reason: "not started" };

// ---- the memory snapshot ------------------------------------------------------------------------

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The cached file's response, or null: no cache at all on this origin is a first visit (the service
// worker installs after the game is ready), a cache without the file is one that lost it.
async function cachedSnapshot() {
  if (typeof caches === "undefined") throw new Error("none cached yet (no Cache Storage in the worker)");
  const response = await caches.match(SNAPSHOT_URL, { ignoreSearch: true });
  if (response) return response;
  if ((await caches.keys()).length === 0) throw new Error("none cached yet (no cache on this origin)");
  throw new Error("missing (not in Cache Storage)");
}

// The snapshot's bytes for Pyodide, or a rejection saying why not: the manifest comes through the
// service worker, from the same release as the wasm and the zips.
async function snapshotBytes(cached) {
  const [response, manifest] = await Promise.all([
    cached,
    fetch(MANIFEST_URL, { credentials: "same-origin" }).then((r) => {
      if (!r.ok) throw new Error(`manifest.json: HTTP ${r.status}`);
      return r.json();
    }),
  ]);
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
  post({ kind: "snapshot-read" });
  return out;
}

// Pyodide's snapshot from the file's sparse form (scripts/build_vendor.py's sparse_snapshot): the full
// size, the number of kept runs, each run's offset and length, then the runs' bytes; what the runs do not
// cover is zeros. A table that does not add up is refused, never half-restored.
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

// Asked for as soon as this module runs: `cached` settles in a few ms (is there a file at all?), `bytes`
// once the file is read and checked, while the worker fetches the game's files and Pyodide its wasm.
const cached = cachedSnapshot();
const bytes = cached.then(() => snapshotBytes(cached));
// their rejections are handled when the start awaits them, maybe later than they happened
cached.catch(() => {});
bytes.catch(() => {});

/** Whether this origin's cache holds a memory snapshot file (a returning visit): settles in a few ms. */
export const snapshotCached = cached.then(() => true, () => false);

// ---- the runtime's bytes, for the loading screen ------------------------------------------------

// A response from the runtime's folder, counted as it is decoded: a clone read alongside. Not on a
// returning visit (a cache on the origin: the service worker answers from it in a blink, and reading a
// clone would only compete with the wasm's compilation); the resource timings below count those.
function countResponse(url, response) {
  try {
    if (!response.ok || !response.body) return;
    const coding = (response.headers.get("content-encoding") || "").toLowerCase();
    const length = parseInt(response.headers.get("content-length"), 10) || 0;
    const encoded = coding !== "" && coding !== "identity";
    const reader = response.clone().body.getReader();
    let got = 0;
    let last = 0;
    const pump = () => reader.read().then((step) => {
      if (!step.done) got += step.value.byteLength;
      const now = performance.now();
      if (step.done || now - last >= POST_EVERY_MS) {
        last = now;
        post({ kind: "bytes", url, got, length, encoded });
      }
      if (!step.done) pump();
    }, () => { /* the original reports its own failure */ });
    pump();
  } catch (e) { /* counting is best effort; the response itself is untouched */ }
}

const realFetch = globalThis.fetch;
globalThis.fetch = function (input, init) {
  const pending = realFetch.call(this, input, init);
  const url = (typeof Request !== "undefined" && input instanceof Request) ? input.url : String(input);
  if (!url.startsWith(INDEX_URL)) return pending;
  // the clone is taken before Pyodide reads the body: the answer waits for the cache check (a few ms)
  return Promise.all([pending, cached.then(() => true, (err) => !/^none cached/.test(err.message))])
    .then(([response, returning]) => {
      if (!returning) countResponse(url, response);
      return response;
    });
};

// Whole files, as they end (the wasm's glue comes by import(), not fetch), on every visit.
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.name.startsWith(INDEX_URL) || !e.decodedBodySize) continue;
      post({ kind: "bytes", url: e.name, got: e.decodedBodySize, length: e.encodedBodySize,
             encoded: e.encodedBodySize > 0 ? e.encodedBodySize !== e.decodedBodySize : null });
    }
  }).observe({ type: "resource", buffered: true });
} catch (e) { /* the counts from the clones alone */ }

// ---- the start ----------------------------------------------------------------------------------

function options(extra) {
  return { indexURL: INDEX_URL, ...extra };
}

async function startPyodide(streams) {
  post({ kind: "start" });
  let file = true;
  try {
    await cached;
  } catch (err) {
    file = false;
    memorySnapshot.reason = String(err.message || err);
  }
  if (file) {
    try {
      // a promise: Pyodide fetches and compiles the wasm while the file is read
      const pyodide = await realLoadPyodide(options({ ...streams, _loadSnapshot: bytes }));
      pyodide.runPython(AFTER_RESTORE);
      try { delete pyodide._api.config._loadSnapshot; } catch (e) { /* a later Pyodide: kept, no harm */ }
      memorySnapshot.used = true;
      memorySnapshot.reason = "restored";
      mark("canfield:memory-snapshot", "restored");
      post({ kind: "snapshot", detail: "restored" });
      post({ kind: "python", detail: "restored" });
      return pyodide;
    } catch (err) {
      memorySnapshot.reason = String((err && err.message) || err).split("\n")[0];
    }
  }
  console.info(`Canfield: memory snapshot not used in the worker: ${memorySnapshot.reason}; plain start of Python`);
  mark("canfield:memory-snapshot", "plain: " + memorySnapshot.reason);
  post({ kind: "snapshot", detail: "plain: " + memorySnapshot.reason });
  const pyodide = await realLoadPyodide(options(streams));
  post({ kind: "python", detail: "plain" });
  return pyodide;
}

let started = null;

// static/engine-worker.mjs's call: its streams kept; the indexURL is this module's vendor/pyodide/.
export function loadPyodide(opts) {
  if (!started) {
    const streams = {};
    if (opts && opts.stdout) streams.stdout = opts.stdout;
    if (opts && opts.stderr) streams.stderr = opts.stderr;
    started = startPyodide(streams);
  }
  return started;
}
