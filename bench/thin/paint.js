// The thin-layer prototype's painter (bench/thin/, issue 33): the board before any Python, as
// static/paint.js does for the game. It paints the last view the thin layer applied (localStorage
// "thin.view", a returning visit) or the first deal's view (first_view.js, written by bench/bench_thin.py
// from bench/thin/engine_worker.py under CPython). Same elements as the MicroPython layer builds
// (thin_main.py), which adopts them by data-card.
(function () {
  "use strict";
  window.thinEvents = [];
  // the MicroPython layer's timings: [kind, start, end, cards changed] in the page's clock
  window.thinLog = function (kind, a, b, n) { window.thinEvents.push([kind, a, b, n]); };
  var SYM = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var text = null, view = null;
  try { text = localStorage.getItem("thin.view"); } catch (e) { /* no storage */ }
  try { view = text ? JSON.parse(text) : null; } catch (e) { view = null; }
  if (!view || !Array.isArray(view.cards)) view = window.THIN_FIRST_VIEW;
  var board = document.getElementById("board");
  if (!view || !board) return;
  for (var i = 0; i < view.cards.length; i++) {
    var c = view.cards[i], id = String(c[0]), el = document.createElement("div");
    var red = id[1] === "H" || id[1] === "D";
    el.className = c[4] ? "card up " + (red ? "red" : "black") : "card down";
    el.setAttribute("data-card", id);
    el.setAttribute("data-pile", String(c[5]));
    el.style.cssText = "--x:" + Number(c[1]) + ";--y:" + Number(c[2]) + ";z-index:" + Number(c[3]);
    el.textContent = id[0] + (SYM[id[1]] || "");
    board.appendChild(el);
  }
  for (var name in view.counts) {
    var out = document.getElementById("count-" + name);
    if (out) out.textContent = String(view.counts[name]);
  }
  document.getElementById("game").setAttribute("data-painted", text ? "snapshot" : "deal");
  performance.mark("thin-painted");
})();
