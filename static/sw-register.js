// Offline play: registers ../sw.js (the site root) once the game is ready, and tells the
// player when a new release has been installed in the background: "a new version is ready"
// with a button; the page reloads only when the player presses it. Where service workers
// are unavailable (file://, a private window that refuses them) it does nothing: the game
// plays online as before.
(function () {
  "use strict";
  var TEXTS = {
    fr: { ready: "Une nouvelle version du jeu est prête.", reload: "Recharger", later: "Plus tard" },
    nl: { ready: "Er is een nieuwe versie van het spel klaar.", reload: "Opnieuw laden", later: "Later" },
    en: { ready: "A new version of the game is ready.", reload: "Reload", later: "Later" }
  };
  var sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return;

  var SW_URL = "./sw.js";                     // relative: the game may live in a sub-path
  var CHECK_MS = 60 * 60 * 1000;              // a long session looks for a release hourly
  var reg = null;
  var wantReload = false;                     // set by the player's click, nothing else
  var hadController = !!sw.controller;
  var box = null;

  function lang() {
    var l = String(document.documentElement.lang || "").toLowerCase().split("-")[0];
    return TEXTS[l] ? l : "en";
  }

  function paint() {
    if (!box) return;
    var t = TEXTS[lang()];
    box.querySelector("p").textContent = t.ready;
    box.querySelector("[data-sw=reload]").textContent = t.reload;
    box.querySelector("[data-sw=later]").textContent = t.later;
  }

  function reload() {
    wantReload = true;
    var waiting = reg && reg.waiting;
    if (waiting) {
      waiting.postMessage({ type: "SKIP_WAITING" });  // then "controllerchange" reloads
      // should the worker never take over (gone, replaced), reload anyway after a while
      setTimeout(function () { location.reload(); }, 5000);
    } else {
      location.reload();                      // the new release already controls the page
    }
  }

  function showUpdate() {
    if (!box) {
      // styled by static/sw-update.css (linked from index.html: no inline style under the page's policy)
      box = document.createElement("div");
      box.id = "sw-update";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      box.innerHTML = '<p></p><button type="button" data-sw="reload"></button>' +
        '<button type="button" data-sw="later"></button>';
      box.querySelector("[data-sw=reload]").addEventListener("click", reload);
      box.querySelector("[data-sw=later]").addEventListener("click", function () { box.hidden = true; });
      document.body.appendChild(box);
      // follow the game's language setting
      new MutationObserver(paint).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
    }
    paint();
    box.hidden = false;
  }

  sw.addEventListener("controllerchange", function () {
    if (wantReload) { location.reload(); return; }
    // another tab accepted the new release: this page still runs the old one
    if (hadController) showUpdate();
    hadController = true;                     // the first visit's page being claimed is no release
  });

  function watch(registration) {
    if (!registration) return;                // blocked without an error (some test browsers)
    reg = registration;
    if (reg.waiting && sw.controller) showUpdate();
    reg.addEventListener("updatefound", function () {
      var worker = reg.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        // "installed" with a controller in place: a new release waits for the player
        if (worker.state === "installed" && sw.controller) showUpdate();
      });
    });
    setInterval(function () {
      if (document.visibilityState === "visible") reg.update().catch(function () { /* offline */ });
    }, CHECK_MS);
  }

  function register() {
    sw.register(SW_URL, { updateViaCache: "none" }).then(watch, function (err) {
      // refused (private window, blocked by policy): the game plays online
      console.warn("Canfield: offline play unavailable:", err && err.message ? err.message : err);
    });
  }

  // Register only once the game is ready: registering at once would download every file
  // twice during the first start (DESIGN.md).
  function whenReady(fn) {
    var game = document.getElementById("game");
    if (!game) return;
    if (game.dataset.ready === "true") { fn(); return; }
    var seen = new MutationObserver(function () {
      if (game.dataset.ready === "true") { seen.disconnect(); fn(); }
    });
    seen.observe(game, { attributes: true, attributeFilter: ["data-ready"] });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { whenReady(register); });
  } else {
    whenReady(register);
  }
})();
