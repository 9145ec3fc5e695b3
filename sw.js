/* Canfield's service worker: the game plays offline after one visit.

   sw-release.js (written by scripts/build_offline.py) lists every file the game needs with
   its sha256, and a cache name tied to a hash of all of them. The browser re-checks this
   script and sw-release.js on every navigation, so a new release (new hash, new bytes)
   installs beside the running one and waits; the page offers to reload, and on the player's
   word sends SKIP_WAITING (see static/sw-register.js). Every URL is relative to this
   script, so the game works from any sub-path. */
"use strict";

importScripts("./sw-release.js");

var RELEASE = self.CANFIELD_RELEASE;
var PREFIX = "canfield-";
var BASE = new URL("./", self.location.href).href;       // the folder of sw.js = the scope
var INDEX = new URL("./index.html", BASE).href;
var PRECACHED = {};                                       // absolute URL (no query) -> true
RELEASE.files.forEach(function (f) { PRECACHED[new URL(f.url, BASE).href] = true; });

function hex(buffer) {
  return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
    return (b < 16 ? "0" : "") + b.toString(16);
  }).join("");
}

// Fetch one file of the release past the HTTP cache (revalidated) and check its sha256, so
// the cache never holds a mix of two releases (e.g. a host caught in the middle of an upload).
function precache(cache, file) {
  var request = new Request(new URL(file.url, BASE).href, { cache: "no-cache", credentials: "same-origin" });
  return fetch(request).then(function (response) {
    if (!response.ok) throw new Error(file.url + ": HTTP " + response.status);
    var copy = response.clone();
    return response.arrayBuffer().then(function (body) {
      return crypto.subtle.digest("SHA-256", body);
    }).then(function (digest) {
      if (hex(digest) !== file.sha256) {
        throw new Error(file.url + " does not match this release (a newer upload?); will retry later");
      }
      return cache.put(request, copy);
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(RELEASE.cache).then(function (cache) {
    return cache.keys().then(function (have) {
      var got = {};
      have.forEach(function (r) { got[r.url] = true; });
      var todo = RELEASE.files.filter(function (f) { return !got[new URL(f.url, BASE).href]; });
      return Promise.all(todo.map(function (f) { return precache(cache, f); }));
    });
  }));
  // no skipWaiting(): a new release waits until the player agrees to reload
});

// A cache belongs to this copy of the game when it holds this scope's index.html
// (another copy of the game may live at another path of the same origin).
function ours(name) {
  if (name.indexOf(PREFIX) !== 0 || name === RELEASE.cache) return Promise.resolve(false);
  return caches.open(name).then(function (cache) { return cache.match(INDEX); }).then(Boolean);
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.map(function (name) {
      return ours(name).then(function (old) { return old && caches.delete(name); });
    }));
  }).then(function () {
    // the first visit's page becomes controlled at once (its reload then works offline)
    return self.clients.claim();
  }));
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  url.hash = "";
  url.search = "";                         // ?lang=fr and the like name the same file
  var key = url.href;
  if (!PRECACHED[key]) return;             // not part of the game: the network as usual
  event.respondWith(caches.open(RELEASE.cache).then(function (cache) {
    return cache.match(key);
  }).then(function (hit) {
    return hit || fetch(request);          // cache-first; the network while installing
  }));
});
