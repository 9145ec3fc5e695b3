// The deal's flights, started in one call from Python (static/page/render.py).
//
// Why JavaScript: a new deal starts about twenty Web Animations in the frame that draws the new
// board. Started from Python, each one cost several crossings of the Python-JS boundary (keyframes
// and options converted from dicts, a rectangle read, a callback set) and each rectangle read forced
// a style and layout pass; the frame took far more than 16.7 ms. Now Python computes the whole plan
// from the layout (no measuring) and hands it over as one JSON string; this file starts the
// animations, lands the cards (classes off, the reserve's backs removed) and ends the deal on a tap.
//
// Public: window.canfieldMotion = { deal(json), finish(), dealing() }.
(function () {
  "use strict";
  var anims = [];                 // the running deal's animations
  var generation = 0;             // bumped by every deal and every finish: late events of an older deal do nothing

  function root() { return document.getElementById("game"); }
  function board() { return document.getElementById("board"); }

  function removeBacks() {
    var backs = board().querySelectorAll(".flyer");
    for (var i = 0; i < backs.length; i++) backs[i].remove();
  }

  function allLanded() {
    for (var i = 0; i < anims.length; i++) {
      var s = anims[i].playState;
      if (s !== "finished" && s !== "idle") return false;
    }
    return true;
  }

  function ended(gen) {
    if (gen !== generation || !anims.length || !allLanded()) return;
    anims = [];
    generation++;
    root().classList.remove("dealing");
    removeBacks();
  }

  function flying(el) {
    for (var i = 0; i < anims.length; i++) {
      var a = anims[i];
      if (a.effect && a.effect.target === el && a.playState !== "finished" && a.playState !== "idle") return true;
    }
    return false;
  }

  // One flight ended (finished, or cancelled): a card leaves the top layer; when the reserve's top
  // card is down, the backs under it go. Flights that end in the same frame all report finished
  // before their events run, so the first event may end the deal (a new generation) before the others
  // arrive: a late event still takes its card off the top layer, unless a newer deal flies it again.
  function landed(gen, el, isBack) {
    if (!isBack && !flying(el)) el.classList.remove("moving");
    if (gen !== generation) return;
    if (!isBack && el.closest('[data-pile="reserve"]')) removeBacks();
    ended(gen);
  }

  function handler(gen, el, isBack) {
    return function () { landed(gen, el, isBack); };
  }

  // plan: {"reserve": [x, y], "flights": [[code | null, delay, duration, dx, dy], ...]}: a card code
  // is the card element on the table, which flies from (dx, dy) away (the stock) to its place; null
  // is a back that flies to the reserve, drawn at `reserve` (board coordinates) and removed when the
  // reserve's top card lands. Returns the number of flights started.
  function deal(text) {
    finish();
    var plan = JSON.parse(text);
    var b = board();
    var r = plan.reserve;
    var gen = generation;
    var started = [];
    root().classList.add("dealing");
    for (var i = 0; i < plan.flights.length; i++) {
      var f = plan.flights[i], code = f[0], delay = f[1], duration = f[2], dx = f[3], dy = f[4];
      var from = "translate(" + dx + "px," + dy + "px)";
      var el, keys, anim;
      if (code === null) {
        el = document.createElement("div");
        el.className = "flyer";
        el.setAttribute("aria-hidden", "true");
        el.style.left = r[0] + "px";
        el.style.top = r[1] + "px";
        b.appendChild(el);
        keys = [{ transform: from }, { transform: "none" }];
        anim = el.animate(keys, { duration: duration, delay: delay, easing: "ease-out", fill: "both" });
      } else {
        // a card, or a face-down card drawn as a back (its id names its place: data-back)
        el = b.querySelector('[data-card="' + code + '"], [data-back="' + code + '"]');
        if (!el) continue;
        el.classList.add("moving");
        // unseen while it waits on the stock (the stock's back shows), turned up as it leaves
        keys = [{ transform: from, opacity: 0 },
                { transform: "translate(" + (dx * 0.9).toFixed(1) + "px," + (dy * 0.9).toFixed(1) + "px)",
                  opacity: 1, offset: 0.1 },
                { transform: "none", opacity: 1 }];
        anim = el.animate(keys, { duration: duration, delay: delay, easing: "ease-out", fill: "backwards" });
      }
      anim.onfinish = anim.oncancel = handler(gen, el, code === null);
      started.push(anim);
    }
    anims = started;
    if (!anims.length) root().classList.remove("dealing");
    return anims.length;
  }

  // A tap or a key during the deal: every card where it lands, now.
  function finish() {
    var running = anims;
    anims = [];
    generation++;
    for (var i = 0; i < running.length; i++) {
      var a = running[i];
      if (a.playState !== "finished") a.finish();
      var el = a.effect && a.effect.target;
      if (el && !el.classList.contains("flyer")) el.classList.remove("moving");
    }
    if (running.length || board().querySelector(".flyer")) removeBacks();
    root().classList.remove("dealing");
  }

  function dealing() { return anims.length > 0; }

  window.canfieldMotion = { deal: deal, finish: finish, dealing: dealing };
})();
