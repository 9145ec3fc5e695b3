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
  // Bytes of the runtime's big files received so far, against their sizes from the build's
  // manifest (static/vendor/manifest.json): the message says "4.1 of 13.5 MB" while they arrive.
  var RUNTIME = /pyodide\/(pyodide\.asm\.wasm|python_stdlib\.zip|pyodide\.asm\.mjs|pyodide-lock\.json)$/;
  var load = { streamed: {}, arrived: {}, total: 0 };

  function mb(n) {
    try { return new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n / 1e6); }
    catch (e) { return (n / 1e6).toFixed(1); }
  }
  function received() {
    var sum = 0, k;
    var names = {};
    for (k in load.streamed) names[k] = true;
    for (k in load.arrived) names[k] = true;
    // a file counted both ways counts once: the larger of its two figures (so it never goes back)
    for (k in names) sum += Math.max(load.streamed[k] || 0, load.arrived[k] || 0);
    return load.total ? Math.min(sum, load.total) : sum;
  }
  function message() {
    if (state.failed) return t("boot.error");
    if (state.stage === "boot.loading" && load.total && received() > 0) {
      return t("boot.bytes").replace("{done}", mb(received())).replace("{total}", mb(load.total));
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
    if (load.total) state.pct = Math.max(state.pct, 5 + Math.round(55 * received() / load.total));
    if (load.total && received() >= load.total) { stage("boot.runtime", 60); return; }
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
            var reader = res.clone().body.getReader(), name = match[1];
            load.streamed[name] = 0;
            var pump = function () {
              reader.read().then(function (step) {
                if (step.done) return;
                load.streamed[name] += step.value.byteLength;
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
        var total = 0;
        ((manifest && manifest.files) || []).forEach(function (f) { if (RUNTIME.test(f.path)) total += f.size; });
        load.total = total;
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
          load.arrived[match[1]] = e.decodedBodySize;
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
