// Loading state before Python runs: progress, stage texts, and a clear error
// with a retry if start-up fails. The texts come from the #boot-text table in
// index.html (a copy of the boot.* keys of static/ui/i18n.py, checked by a test).
(function () {
  "use strict";
  var texts = {};
  try { texts = JSON.parse(document.getElementById("boot-text").textContent); } catch (e) { /* keep {} */ }

  function storedLang() {
    try { return (JSON.parse(localStorage.getItem("canfield.settings") || "{}") || {}).lang; } catch (e) { return null; }
  }
  function pickLang() {
    var cands = [new URLSearchParams(location.search).get("lang"), storedLang()]
      .concat(navigator.languages || [], [navigator.language]);
    for (var i = 0; i < cands.length; i++) {
      var base = String(cands[i] || "").toLowerCase().split(/[-_]/)[0];
      if (texts[base]) return base;
    }
    return "en";
  }
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

  function mb(n) {
    try { return new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n / 1e6); }
    catch (e) { return (n / 1e6).toFixed(1); }
  }
  function message() {
    if (state.failed) return t("boot.error");
    if (state.stage === "boot.loading" && load.known && received() > 0) {
      return t("boot.bytes").replace("{done}", mb(received())).replace("{total}", mb(total()));
    }
    return t(state.stage);
  }

  function paint() {
    var msg = document.getElementById("boot-msg");
    if (!msg) return;
    var bar = document.getElementById("boot-bar");
    var retry = document.getElementById("boot-retry");
    var box = document.getElementById("boot");
    document.documentElement.lang = lang;
    msg.textContent = message();
    bar.style.width = state.pct + "%";
    retry.textContent = t("boot.retry");
    retry.hidden = !state.failed;
    box.dataset.state = state.failed ? "error" : "loading";
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
    var box = document.getElementById("boot");
    if (box) box.hidden = true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    paint();
    document.getElementById("boot-retry").addEventListener("click", function () { location.reload(); });
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
      if (!match) return pending;
      return pending.then(function (res) {
        try {
          if (res.ok && res.body) {
            var name = match[1], f = file(name), got = 0;
            var coding = (res.headers.get("content-encoding") || "").toLowerCase();
            heard(name, parseInt(res.headers.get("content-length"), 10) || 0, coding !== "" && coding !== "identity");
            var reader = res.clone().body.getReader();
            var pump = function () {
              reader.read().then(function (step) {
                if (step.done) return;
                got += step.value.byteLength;
                f.got = Math.max(f.got, got);   // a file fetched twice never counts backwards
                progress();
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
        var match = RUNTIME.exec(e.name.split("?")[0]);
        if (match && e.decodedBodySize) {
          var f = file(match[1]);
          heard(match[1], e.encodedBodySize, e.encodedBodySize > 0 ? e.encodedBodySize !== e.decodedBodySize : null);
          f.got = Math.max(f.got, e.decodedBodySize);
          progress();
        }
      });
    }).observe({ type: "resource", buffered: true });
  } catch (e) { /* progress stays coarse */ }
  document.addEventListener("py:ready", function () { stage("boot.game", 85); });

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
})();
