// Loading state before Python runs: progress, stage texts, and a clear error
// with a retry if start-up fails. The texts come from the #boot-text table in
// index.html (static/worker/i18n.py's boot.* keys, written there by scripts/build_facts.py).
(function () {
  "use strict";
  // the game's page (<html data-layer="thin">), not a test page that loads this file for its functions
  if (document.documentElement.getAttribute("data-layer") === "thin") engineOnce();
  var texts = {};
  try { texts = JSON.parse(document.getElementById("boot-text").textContent); } catch (e) { /* keep {} */ }

  // ---- the language, and the settings record that may name it --------------------------------
  // index.html's #facts block (scripts/build_facts.py, from the Python side) says how static/worker/settings.py's
  // Settings.read takes a record apart; `readSettings` is that reader, and `chooseLanguage` static/worker/i18n.py's
  // pick_language over the same candidates as static/worker/session.py's Start. tests/browser/test_facts_parity.py compares
  // both with the Python functions on many inputs. static/paint.js reads its settings through
  // window.canfieldFacts.readSettings too.
  var facts = null;
  try { facts = JSON.parse(document.getElementById("facts").textContent); } catch (e) { /* no facts: English, defaults */ }
  var S = (facts && facts.settings) || { defaults: {}, flags: [], choices: {}, max_chars: 0, max_depth: 0 };
  function owns(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }

  // canfield.jsonio's depth: how deep the brackets nest, strings skipped, without parsing
  function depth(text) {
    var level = 0, deepest = 0, bare = text.replace(/"(?:[^"\\]|\\[\s\S])*"/g, "").replace(/[^\[\]{}]+/g, "");
    for (var i = 0; i < bare.length; i++) {
      if (bare[i] === "[" || bare[i] === "{") deepest = Math.max(deepest, ++level); else level--;
    }
    return deepest;
  }
  // Python's len(): code points, a surrogate pair counting once
  function codePoints(text) {
    if (text.length <= S.max_chars) return text.length;
    return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) || []).length;
  }
  // canfield.jsonio.loads: what Python refuses besides bad JSON is a number that is not finite (1e999),
  // an integer of more than 4300 digits; and a field Python types as int takes no 1.0 (the source text
  // of each number, where the browser gives it, tells which is which)
  function parse(text) {
    var floats = [], bad = false;
    var value = JSON.parse(text, function (key, v, ctx) {
      if (typeof v !== "number") return v;
      var src = ctx && typeof ctx.source === "string" ? ctx.source : null, whole = src !== null && !/[.eE]/.test(src);
      if (!isFinite(v) && !(whole && src.replace("-", "").length <= 4300)) bad = true;
      if (src !== null && !whole) floats.push([this, key]);
      return v;
    });
    if (bad) throw new Error("not JSON for Python");
    return { value: value, floats: floats };
  }
  function isFloat(read, key) {
    for (var i = 0; i < read.floats.length; i++) if (read.floats[i][0] === read.value && read.floats[i][1] === key) return true;
    return false;
  }
  // Settings.read(text)[0]: every field checked by type and allowed value, a bad one keeping its default
  function readSettings(text) {
    var out = {}, name, i;
    for (name in S.defaults) if (owns(S.defaults, name)) out[name] = S.defaults[name];
    if (typeof text !== "string" || text === "" || codePoints(text) > S.max_chars || depth(text) > S.max_depth) return out;
    var read;
    try { read = parse(text); } catch (e) { return out; }
    var data = read.value;
    if (data === null || typeof data !== "object" || Array.isArray(data)) return out;
    for (i = 0; i < S.flags.length; i++) {
      name = S.flags[i];
      if (owns(data, name) && typeof data[name] === "boolean") out[name] = data[name];
      var alt = S.stored && owns(S.stored, name) ? S.stored[name] : null;
      if (alt && owns(data, alt) && typeof data[alt] === "boolean") out[name] = data[alt];
    }
    for (name in S.choices) {
      if (!owns(S.choices, name) || !owns(data, name)) continue;
      var v = data[name], allowed = S.choices[name];
      if (typeof v !== typeof S.defaults[name] || allowed.indexOf(v) < 0) continue;
      if (typeof v === "number" && isFloat(read, name)) continue;
      out[name] = v;
    }
    return out;
  }

  // str.strip()'s whitespace (Python's str.isspace), which is not JavaScript's \s
  var PY_SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
  var STRIP = new RegExp("^" + PY_SPACE + "+|" + PY_SPACE + "+$", "g");
  // pick_language(query, settings.lang, *browser): the first candidate naming one of our languages
  function chooseLanguage(query, storedText, browser) {
    var langs = (facts && facts.languages) || [];
    var cands = [query, readSettings(storedText).lang].concat(browser || []);
    for (var i = 0; i < cands.length; i++) {
      if (!cands[i]) continue;
      var base = String(cands[i]).replace(STRIP, "").toLowerCase().replace(/_/g, "-").split("-")[0];
      if (langs.indexOf(base) >= 0) return base;
    }
    return (facts && facts.default_language) || "en";
  }
  function stored(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function pickLang() {
    var query = null;
    try { query = new URLSearchParams(location.search).get("lang"); } catch (e) { /* no query */ }
    return chooseLanguage(query, stored(facts ? facts.keys.settings : ""),
                          [].concat(navigator.languages || [], [navigator.language]));
  }
  window.canfieldFacts = { facts: facts, readSettings: readSettings, chooseLanguage: chooseLanguage };
  var lang = pickLang();
  function t(key) { return (texts[lang] || {})[key] || (texts.en || {})[key] || ""; }

  var state = { stage: "boot.loading", pct: 5, failed: false, ready: false };
  // Bytes of the runtime's big files received so far, as they cross the wire: the message says
  // "4.1 of 5.0 MB" while they arrive. Each file's decoded size (and its gzip size, an estimate) comes
  // from the build's manifest (static/vendor/manifest.json). Its bytes on the wire are its response's
  // Content-Length, which is the compressed length when the host compresses; before its response comes,
  // the gzip size once the host is seen compressing, else the decoded size. Bytes count as they are
  // decoded, so a file's wire bytes so far are its wire size times the share of it decoded.
  var RUNTIME = /pyodide\/(pyodide\.asm\.wasm|python_stdlib\.zip|pyodide\.asm\.mjs|pyodide-lock\.json)$/;
  var load = { files: {}, known: false, compressing: false };

  function file(name) {
    return load.files[name] || (load.files[name] = { size: 0, gzip: 0, length: 0, encoded: null, got: 0 });
  }
  function wireSize(f) {
    if (f.length) return f.length;
    var compressed = f.encoded === null ? load.compressing : f.encoded;
    return compressed && f.gzip ? f.gzip : f.size;
  }
  function total() {
    var sum = 0;
    for (var k in load.files) if (load.files[k].size) sum += wireSize(load.files[k]);
    return sum;
  }
  function received() {
    var sum = 0;
    for (var k in load.files) {
      var f = load.files[k];
      if (f.size && f.got) sum += wireSize(f) * Math.min(1, f.got / f.size);
    }
    return sum;
  }
  // What a response says of its bytes on the wire: its length, and whether it came compressed.
  function heard(name, length, encoded) {
    var f = file(name);
    if (length > 0 && !f.length) f.length = length;
    if (encoded !== null && f.encoded === null) f.encoded = encoded;
    if (encoded) load.compressing = true;
  }
  // `got` decoded bytes of the file at `url` have arrived (a file fetched twice never counts backwards)
  function arrived(url, got, length, encoded) {
    var match = RUNTIME.exec(String(url).split("?")[0]);
    if (!match) return;
    heard(match[1], length, encoded);
    var f = file(match[1]);
    f.got = Math.max(f.got, got);
    progress();
  }

  // (not Intl.NumberFormat: making one took 370 ms of the main thread on a phone's CPU, with every progress)
  function mb(n) { return (n / 1e6).toFixed(1).replace(".", t("boot.decimal") || "."); }
  function message() {
    if (state.failed) return t("boot.error");
    if (state.stage === "boot.loading" && load.known && received() > 0) {
      return t("boot.bytes").replace("{done}", mb(received())).replace("{total}", mb(total()));
    }
    return t(state.stage);
  }

  // Only what changed is written: each write invalidates style, and the document's language (the whole
  // page's style: 1,234 elements in a trace) was written with every progress message.
  function set(el, key, value) { if (el[key] !== value) el[key] = value; }
  function paint() {
    var msg = document.getElementById("boot-msg");
    if (!msg) return;
    var bar = document.getElementById("boot-bar");
    var retry = document.getElementById("boot-retry");
    var box = document.getElementById("boot");
    set(document.documentElement, "lang", lang);
    set(msg, "textContent", message());
    set(bar.style, "width", state.pct + "%");
    set(retry, "textContent", t("boot.retry"));
    set(retry, "hidden", !state.failed);
    set(box.dataset, "state", state.failed ? "error" : "loading");
  }

  function stage(key, pct) {
    if (state.failed || state.ready) return;
    state.stage = key;
    state.pct = Math.max(state.pct, pct);
    paint();
  }

  function fail(detail) {
    if (state.ready) return;
    state.failed = true;
    if (detail) console.error("Canfield could not start:", detail);
    paint();
    var retry = document.getElementById("boot-retry");
    if (retry) retry.focus();
  }

  function done() {
    state.ready = true;
    if (channel) { channel.close(); channel = null; }
    var box = document.getElementById("boot");
    if (box) box.hidden = true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    paint();
    document.getElementById("boot-retry").addEventListener("click", function () {
      // what the failed start read (the records handed to the worker, the address's hash) is set aside
      // first, or the same start would fail again (static/paint.js)
      var paint = window.canfieldPaint;
      try { if (paint && paint.setAsideRead) paint.setAsideRead(); } catch (e) { console.error(e); }
      location.reload();
    });
  });

  function progress() {
    if (state.failed || state.ready || state.stage !== "boot.loading") return;
    if (!load.known) { paint(); return; }
    var done = received(), all = total();
    state.pct = Math.max(state.pct, 5 + Math.round(55 * Math.min(1, done / all)));
    if (done >= all * 0.999) { stage("boot.runtime", 60); return; }
    paint();
  }

  // Count the runtime's files as they stream in: a clone of each response is read alongside
  // (the original goes to Pyodide untouched, so its URL keeps the browser's wasm code cache).
  var realFetch = window.fetch;
  if (realFetch && window.Response && Response.prototype.clone) {
    window.fetch = function (input) {
      var pending = realFetch.apply(this, arguments);
      var url = (window.Request && input instanceof Request) ? input.url : String(input);
      var match = RUNTIME.exec(String(url).split("?")[0]);
      // a service worker in control answers from its cache in a blink: reading a clone would only
      // add main-thread tasks (the resource timings below still count the files)
      if (!match || (navigator.serviceWorker && navigator.serviceWorker.controller)) return pending;
      return pending.then(function (res) {
        try {
          if (res.ok && res.body) {
            var got = 0;
            var coding = (res.headers.get("content-encoding") || "").toLowerCase();
            var length = parseInt(res.headers.get("content-length"), 10) || 0, encoded = coding !== "" && coding !== "identity";
            var reader = res.clone().body.getReader();
            var pump = function () {
              reader.read().then(function (step) {
                if (step.done) return;
                got += step.value.byteLength;
                arrived(url, got, length, encoded);
                pump();
              }, function () { /* the original reports its own failure */ });
            };
            pump();
          }
        } catch (e) { /* counting is best effort; the response itself is untouched */ }
        return res;
      });
    };
    realFetch("./static/vendor/manifest.json", { cache: "no-cache" })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (manifest) {
        ((manifest && manifest.files) || []).forEach(function (m) {
          var match = RUNTIME.exec(m.path);
          if (!match || !(m.size > 0)) return;
          var f = file(match[1]);
          f.size = m.size;
          f.gzip = m.gzip > 0 ? m.gzip : 0;
        });
        load.known = total() > 0;
        progress();
      })
      .catch(function () { /* no sizes: the stage texts alone */ });
  }

  // Files that do not come through fetch (the runtime's module) count when they have arrived.
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        if (e.decodedBodySize) {
          arrived(e.name, e.decodedBodySize, e.encodedBodySize,
                  e.encodedBodySize > 0 ? e.encodedBodySize !== e.decodedBodySize : null);
        }
      });
    }).observe({ type: "resource", buffered: true });
  } catch (e) { /* progress stays coarse */ }
  // The two-sided page (<html data-layer="thin">): Pyodide starts in the engine's worker (engineOnce
  // below), whose requests the main thread never sees.
  // static/pyodide-worker.mjs (the worker's Pyodide module) posts on this channel what it counts and where its
  // start is: the runtime's bytes, which start it was (the memory snapshot restored, or plain), Python up.
  // A worker's time comes on the epoch's clock (`at`), marked here on the page's own timeline.
  var channel = null;
  function workerMark(name, detail, at) {
    var options = { detail: detail };
    if (typeof at === "number" && performance.timeOrigin) options.startTime = Math.max(0, at - performance.timeOrigin);
    try { performance.mark(name, options); } catch (e) { /* no marks: nothing to time */ }
  }
  if (document.documentElement.getAttribute("data-layer") === "thin" && window.BroadcastChannel) {
    try { channel = new BroadcastChannel("canfield-boot"); } catch (e) { channel = null; }
  }
  if (channel) {
    channel.onmessage = function (e) {
      var m = e.data || {};
      if (state.ready) return;
      if (m.kind === "bytes") arrived(m.url, m.got, m.length, m.encoded === undefined ? null : m.encoded);
      else if (m.kind === "module") workerMark("canfield:worker-module", "worker", m.at);
      else if (m.kind === "start") workerMark("canfield:pyodide", "worker", m.at);
      else if (m.kind === "snapshot-read") workerMark("canfield:memory-snapshot-read", "worker", m.at);
      else if (m.kind === "snapshot") workerMark("canfield:memory-snapshot", String(m.detail), m.at);
      else if (m.kind === "python") {
        workerMark("canfield:pyodide-ready", String(m.detail), m.at);
        stage("boot.game", 85);
      }
    };
  }

  // Anything uncaught before the game is ready means start-up failed.
  window.addEventListener("error", function (e) { fail(e.error || e.message); });
  // A script that cannot load (PyScript itself) fires "error" on its element, seen here in the capture
  // phase (an inline onerror attribute would need 'unsafe-inline' in the Content-Security-Policy).
  window.addEventListener("error", function (e) {
    var el = e.target;
    if (el && el.tagName === "SCRIPT" && /pyscript\/core\.js$/.test(el.src || "")) fail("PyScript could not be loaded");
  }, true);
  // A Content-Security-Policy violation is a bug of the page: say it loudly in the console.
  document.addEventListener("securitypolicyviolation", function (e) {
    console.error("Content-Security-Policy violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline code") +
                  (e.sourceFile ? " (" + e.sourceFile + ":" + e.lineNumber + ")" : ""));
  });
  window.addEventListener("unhandledrejection", function (e) { fail(e.reason); });

  window.canfieldBoot = { lang: lang, stage: stage, fail: fail, done: done };

  // ---- the engine's worker ----------------------------------------------------------------------
  // static/engine-worker.mjs: Pyodide with the engine, the controller and the solver.
  // `window.canfieldEngine`: start() makes the worker (once); `ready` gives the page's thin layer
  // (static/page/main.py) the worker's calls, each a promise of the worker's text: handle(text) (one
  // message of the page, answered in order), begin(text) (the layer's Start, the stored records put in
  // by static/paint.js `startText`, so that none passes through MicroPython), next_push() (the next
  // answer the worker gives on its own) and restart(text) (a Start for a new session); it is refused, saying why, when the worker cannot start.
  // The worker is made here, as the head is parsed. A returning visit's Pyodide (a memory snapshot in the
  // cache) starts at once, so that the snapshot's read and restore run beside the page's own start from
  // navigation on; a first visit's waits for start(), which main.py calls once the page's layer is built
  // (static/engine-worker.mjs says why).
  function engineOnce() {
    var pending = {}, next = 1, settle = null, worker = null;
    var ready = new Promise(function (resolve, reject) { settle = { resolve: resolve, reject: reject }; });
    ready.catch(function () { /* the page's layer awaits it and reports the failure */ });
    function broken(why) {
      settle.reject(new Error(why));
      for (var id in pending) if (owns(pending, id)) { pending[id].reject(new Error(why)); delete pending[id]; }
    }
    function call(name, text) {
      return new Promise(function (resolve, reject) {
        var id = next++;
        pending[id] = { resolve: resolve, reject: reject };
        worker.postMessage({ id: id, call: name, text: text });
      });
    }
    var calls = {
      handle: function (text) { return call("handle", String(text)); },
      // the layer's `Start`, the stored records put in by static/paint.js (none passes through MicroPython)
      begin: function (text) {
        var paint = window.canfieldPaint;
        return call("handle", paint && paint.startText ? paint.startText(String(text)) : String(text));
      },
      next_push: function () { return call("next_push"); },
      // a new session on the same worker, given the layer's Start with the stored records put in as begin's
      // (static/page/layer.py `restart`: the browser suite's boot-once pages)
      restart: function (text) {
        var paint = window.canfieldPaint;
        return call("restart", paint && paint.startText ? paint.startText(String(text)) : String(text));
      }
    };
    function start() {
      if (worker) worker.postMessage({ call: "start" });
    }
    function make() {
      try {
        worker = new Worker(new URL("./static/engine-worker.mjs", document.baseURI), { type: "module", name: "engine" });
        worker.onmessage = function (e) {
          var m = e.data || {};
          if (m.kind === "ready") settle.resolve(calls);
          else if (m.kind === "failed") broken("the engine could not start: " + m.error);
          else if (m.id && owns(pending, m.id)) {
            var p = pending[m.id];
            delete pending[m.id];
            if (owns(m, "ok")) p.resolve(m.ok); else p.reject(new Error(m.error));
          }
        };
        worker.onerror = function (e) {
          if (e && e.preventDefault) e.preventDefault();   // said by the loading screen, not as an uncaught error
          broken("the engine's worker failed: " + ((e && e.message) || "it could not be loaded"));
        };
      } catch (e) {
        broken("the engine's worker could not be made: " + e);
      }
    }
    make();
    window.canfieldEngine = { start: start, ready: ready };
  }
})();
