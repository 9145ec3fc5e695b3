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

  function paint() {
    var msg = document.getElementById("boot-msg");
    if (!msg) return;
    var bar = document.getElementById("boot-bar");
    var retry = document.getElementById("boot-retry");
    var box = document.getElementById("boot");
    document.documentElement.lang = lang;
    msg.textContent = t(state.failed ? "boot.error" : state.stage);
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

  // Progress from the runtime's own files as they arrive.
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        if (/pyodide\.asm\.wasm$/.test(e.name)) stage("boot.runtime", 60);   // the big one: 9.6 MB
        else if (/python_stdlib\.zip$/.test(e.name)) stage(state.stage, 35);
        else if (/pyodide\.mjs$/.test(e.name)) stage(state.stage, 20);
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
