// The board on screen before Python: paints the snapshot of the last visit (localStorage
// "canfield.snapshot": static/worker/snapshot.py's record, made by the engine worker's session,
// static/worker/session.py, and written by the page's layer with the answer's other storage writes) or, on a
// first visit, one of the deals of static/deals.js laid out by a copy of static/worker/layout.py's
// fresh-deal layout. #game stays data-ready="false" until the MicroPython layer draws the worker's first
// view: it removes these elements in the same animation frame as that drawing, no frame in between
// (static/page/layer.py `_unpaint`).
//
// Everything read from storage may be corrupt or hostile: the record is checked field by field
// (pile ids, card codes, backs, finite numbers, short texts) and the elements are built from it with
// createElement / textContent / setAttribute, never from stored markup. A face-down card is painted as the
// live board draws it: a back that names its place ("~T3.0"), never its card, as the record does.
//
// What this file shares with Python is not copied here: the storage keys, the settings and the look
// classes they turn on, the snapshot's format and words, the card letters and symbols, the layout's
// constants (static/worker/layout.py's card ratio, bar heights, breakpoints, strips) come from index.html's
// #facts block (scripts/build_facts.py), the settings through static/boot.js's reader. The layout's
// algorithm, the save hash and the card markup are JS copies, each compared with its Python function by
// a browser test (tests/browser/test_snapshot.py, tests/browser/test_facts_parity.py).
//
// A tap on the painted board or a key before the layer takes over is kept (at most MAX_QUEUE; more are
// refused visibly here) and handed to the layer (`canfieldPaint.take()`), which sends it in the worker's
// `Start`: the session plays it, or refuses visibly a tap on a pile the live board no longer shows
// (static/worker/kept_input.py).
(function () {
  "use strict";
  // The facts shared with Python (index.html's #facts block, written by scripts/build_facts.py), and the
  // settings reader static/boot.js built from them; without them nothing is painted (Python draws).
  var shared = window.canfieldFacts || {}, F = shared.facts || null;
  var KEYS = F ? F.keys : {}, SNAP = F ? F.snapshot : { format: 0, max_chars: 0, text_keys: [] };
  var FORMAT = SNAP.format, MAX_CHARS = SNAP.max_chars, MAX_QUEUE = 8;
  // Every pile a table of the family may have (layout.py's pile_ids(12, 16, 4), and the one "reserve"); a
  // record names those of its table (`isTable`), each at most MAX_CARDS of its kind.
  var PILES = pileIds(12, 16, 4);
  PILES.splice(2, 0, "reserve");
  function maxCards(pile) {
    if (pile === "stock") return 0;
    if (pile === "waste") return 3;
    if (pile.indexOf("reserve") === 0) return 40;
    return pile.indexOf("foundation-") === 0 ? 1 : 104;
  }
  // Whether a record's piles are a table's: layout.py's pile_ids(columns, foundations, reserves) of 3-12
  // columns, 1-16 foundations, 1-4 reserves, and beside several reserves the one "reserve" too, empty
  // (static/shared/table.py's visible_cards names it always; the layout gives it no place). Not any other
  // set of piles (a gap, a pile too many, a lone "reserve-1").
  function isTable(cards) {
    var k = { columns: 0, foundations: 0, reserves: 0 }, n = 0, pile;
    while (has(cards, "tableau-" + (k.columns + 1))) k.columns++;
    while (has(cards, "foundation-" + (k.foundations + 1))) k.foundations++;
    while (has(cards, "reserve-" + (k.reserves + 1))) k.reserves++;
    for (pile in cards) if (has(cards, pile)) n++;
    if (k.columns < 3 || k.columns > 12 || k.foundations < 1 || k.foundations > 16 || k.reserves === 1 ||
        k.reserves > 4 || !has(cards, "stock") || !has(cards, "waste") || !has(cards, "reserve") ||
        n !== 3 + k.columns + k.foundations + k.reserves) return false;
    return !k.reserves || (Array.isArray(cards.reserve) && cards.reserve.length === 0);
  }
  // Whether a pile of a record's table has a place on the board (every one but the empty "reserve" beside
  // several reserves).
  function laidOut(cards, pile) { return has(cards, pile) && !(pile === "reserve" && has(cards, "reserve-1")); }
  var SYMBOLS = F ? F.cards.suits : {}, RANK_LETTERS = F ? F.cards.ranks : "";
  var SVG_NS = "http://www.w3.org/2000/svg";
  // a card's id (`Card.id`, the data-card hook): its code, then for a copy of a game of several decks
  // the copy's number ("QC2".."QC4")
  var CODE = new RegExp("^[" + RANK_LETTERS + "][" + Object.keys(SYMBOLS).join("") + "][234]?$");
  // A face-down card of a column or a reserve is drawn as a back (static/shared/table.py back_id): its id
  // names its place, never the card: "~", its pile's engine name, ".", its index from the pile's bottom
  // ("~T3.0": column 3's bottom card; "~R.12": the reserve's top of 13 cards, the only card it shows).
  // A browser test compares backId with back_id.
  var BACK = "~";
  // at most the cards of four decks (a copy's number goes to 4: CODE) drawn, faces and backs together
  var MAX_DRAWN = 4 * 52;
  function backId(pile, index) {
    var m = /^(stock|waste|reserve|foundation|tableau)(?:-(\d+))?$/.exec(pile);
    return m ? BACK + { stock: "S", waste: "W", reserve: "R", foundation: "F", tableau: "T" }[m[1]] + (m[2] || "") +
      "." + index : null;
  }
  // Whether `id`, the card at `j` of the `n` a record shows in `pile`, is a back the live board draws there:
  // only a column or a reserve shows one; a column's at its own index; a reserve's alone (a reserve face
  // down shows its top only), at the index of its top, below MAX_DRAWN.
  function isBackAt(id, pile, j, n) {
    var column = pile.indexOf("tableau-") === 0;
    if (!column && pile.indexOf("reserve") !== 0) return false;
    var index = column ? j : n === 1 ? Number(id.slice(id.indexOf(".") + 1)) : -1;
    return index >= 0 && index < MAX_DRAWN && id === backId(pile, index);
  }
  // static/worker/layout.py's constants, by their Python names (the facts' "layout")
  var LAYOUT = F ? F.layout : {};
  var ARRANGEMENTS = LAYOUT.ARRANGEMENTS || [];
  var TEXT_KEYS = SNAP.text_keys;

  var api = { painted: null, firstDeal: null, queue: [], layout: layout };
  window.canfieldPaint = api;

  // ---- checks -------------------------------------------------------------------------------
  function isObj(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function num(v, lo, hi) { return typeof v === "number" && isFinite(v) && v >= lo && v <= hi; }
  function str(v, max, re) { return typeof v === "string" && v.length <= max && (!re || re.test(v)); }
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }

  // The board part shared by snapshots and first-visit deals: cards, counters, placeholders, words.
  function checkBoard(r) {
    if (!isObj(r) || !isObj(r.cards) || !isObj(r.counts) || !isObj(r.ph) || !isObj(r.ranks) || !isObj(r.texts)) return false;
    if (!str(r.code, 64, /^[A-Za-z0-9-]*$/)) return false;
    if (r.draw !== 1 && r.draw !== 3) return false;
    if (!str(r.rules, 32, /^[a-z0-9_-]+$/)) return false;
    if (typeof r.stock_empty !== "boolean") return false;
    var seen = {}, drawn = 0, pile;
    for (pile in r.cards) if (has(r.cards, pile) && PILES.indexOf(pile) < 0) return false;
    if (!isTable(r.cards)) return false;
    for (var i = 0; i < PILES.length; i++) {
      if (!has(r.cards, PILES[i])) continue;
      var cards = r.cards[PILES[i]];
      if (!Array.isArray(cards) || cards.length > maxCards(PILES[i])) return false;
      drawn += cards.length;
      if (drawn > MAX_DRAWN) return false;
      for (var j = 0; j < cards.length; j++) {
        var c = cards[j];
        // [card id, x, y]: a card's code, or the back of a face-down card (nothing more: not its card)
        if (!Array.isArray(c) || c.length !== 3 || typeof c[0] !== "string" || has(seen, c[0])) return false;
        if (c[0].charAt(0) === BACK ? !isBackAt(c[0], PILES[i], j, cards.length) : !str(c[0], 3, CODE)) return false;
        if (!num(c[1], -1e4, 1e4) || !num(c[2], -1e4, 1e4)) return false;
        seen[c[0]] = true;
      }
    }
    var counts = r.counts;
    if (!str(counts.score, 7, /^-?\d{1,6}$/) || !str(counts.stock, 3, /^(\d{1,3}|\u21bb)?$/) ||
        !str(counts.reserve, 2, /^\d{1,2}$/)) return false;
    // #moves and #clock (absent from older records), and whether the settings hide them
    if (counts.moves !== undefined && !str(counts.moves, 6, /^\d{1,6}$/)) return false;
    if (counts.clock !== undefined && !str(counts.clock, 10, /^\d{1,4}:\d\d(:\d\d)?$/)) return false;
    if (r.shown !== undefined && (r.shown === null || typeof r.shown !== "object" ||
        typeof r.shown.moves !== "boolean" || typeof r.shown.clock !== "boolean")) return false;
    for (i = 1; i <= 16; i++) {
      var ph = r.ph["foundation-" + i];
      if (ph === null || ph === undefined) continue;
      // [label, suit, red]; a foundation of any suit (The Plot, Beehive): [its rank or "", null, false]
      if (!Array.isArray(ph) || ph.length !== 3 || !str(ph[0], 4) || typeof ph[2] !== "boolean") return false;
      if (ph[1] === null ? ph[2] !== false : !str(ph[1], 1, /^[SHDC]$/)) return false;
    }
    for (i = 0; i < RANK_LETTERS.length; i++) if (!str(r.ranks[RANK_LETTERS[i]], 3)) return false;
    for (i = 0; i < TEXT_KEYS.length; i++) if (!str(r.texts[TEXT_KEYS[i]], 400)) return false;
    return true;
  }

  // A record's layout: a rectangle for every pile of its board (`cards`) that has a place (`laidOut`) and
  // none for another; a corner font size only for a laid-out column or reserve.
  function checkLayout(L, cards) {
    if (!isObj(L) || ARRANGEMENTS.indexOf(L.arrangement) < 0 || typeof L.help !== "boolean") return false;
    var keys = ["bar_h", "board_h", "cw", "ch", "fs", "gap"];
    for (var i = 0; i < keys.length; i++) if (!num(L[keys[i]], 0, 1e5)) return false;
    if (!isObj(L.piles) || !isObj(L.col_fs)) return false;
    for (var name in L.piles) if (has(L.piles, name) && !laidOut(cards, name)) return false;
    for (i = 0; i < PILES.length; i++) {
      if (!laidOut(cards, PILES[i])) continue;
      var p = L.piles[PILES[i]];
      if (!Array.isArray(p) || p.length !== 4) return false;
      for (var k = 0; k < 4; k++) if (!num(p[k], -1e4, 1e5)) return false;
    }
    for (var pile in L.col_fs) {
      if (!has(L.col_fs, pile)) continue;
      if (!/^(tableau-([1-9]|1[0-2])|reserve(-[1-4])?)$/.test(pile) || !has(L.piles, pile) ||
          !num(L.col_fs[pile], 0, 1e3)) return false;
    }
    return true;
  }

  // ---- what is stored -----------------------------------------------------------------------
  function get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }

  function settings() { return shared.readSettings(get(KEYS.settings)); }

  // The look classes on #game (static/worker/settings.py's look_classes(), those on), from the facts: a class
  // per flag that is on, and "<field>-<value>" for each choice.
  function lookClasses(s) {
    var look = F.settings.look, out = [], name;
    for (name in look.flags) if (has(look.flags, name) && s[name] === true) out.push(look.flags[name]);
    for (var i = 0; i < look.choices.length; i++) out.push(look.choices[i] + "-" + s[look.choices[i]]);
    return out.sort();
  }

  // FNV-1a over UTF-16 code units: static/worker/snapshot.py's save_hash.
  function hash(text) {
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return ("0000000" + h.toString(16)).slice(-8);
  }

  function hashCode() {
    var raw = (location.hash || "").replace(/^#/, "");
    try { raw = decodeURIComponent(raw); } catch (e) { /* kept as typed */ }
    return raw.trim();
  }

  // ---- the layout of a fresh deal (a copy of static/worker/layout.py's compute; a browser test compares
  // the two at many window sizes) -----------------------------------------------------------
  var RATIO = LAYOUT.RATIO, BAR_WIDE = LAYOUT.BAR_WIDE, BAR_MEDIUM = LAYOUT.BAR_MEDIUM, BAR_NARROW = LAYOUT.BAR_NARROW,
      BAR_PHONE_LANDSCAPE = LAYOUT.BAR_PHONE_LANDSCAPE, BAR_ONE_ROW = LAYOUT.BAR_ONE_ROW, LOW_H = LAYOUT.LOW_H,
      NARROW = LAYOUT.NARROW, HELP_H = LAYOUT.HELP_H, HELP_MIN_H = LAYOUT.HELP_MIN_H, COMFORT = LAYOUT.COMFORT,
      COMFORT_LARGE = LAYOUT.COMFORT_LARGE, COMFORT_TWO_ROWS = LAYOUT.COMFORT_TWO_ROWS, FAN = LAYOUT.FAN, CW_MAX = LAYOUT.CW_MAX, CW_MAX_LARGE = LAYOUT.CW_MAX_LARGE,
      CW_MIN = LAYOUT.CW_MIN, STRIP = LAYOUT.STRIP, STRIP_PHONE_LANDSCAPE = LAYOUT.STRIP_PHONE_LANDSCAPE,
      PHONE_LANDSCAPE_H = LAYOUT.PHONE_LANDSCAPE_H, LINE = LAYOUT.LINE;
  // Python's round(x, nd): decimal rounding of the double's exact value (toFixed(100) spells it out),
  // a true tie going to the even digit: round(28.445, 2) == 28.45 but round(33.125, 2) == 33.12.
  function pyRound(x, nd) {
    if (!isFinite(x)) return x;
    var s = Math.abs(x).toFixed(100), dot = s.indexOf(".");
    var keep = s.slice(0, dot + 1 + nd), rest = s.slice(dot + 1 + nd), up;
    if (rest[0] !== "5") up = rest[0] > "5";
    else up = /[1-9]/.test(rest.slice(1)) || Number(keep[keep.length - 1]) % 2 === 1;
    var v = Number(keep);
    if (up) v = Number((v + Math.pow(10, -nd)).toFixed(nd));
    return x < 0 ? -v : v;
  }
  function r2(x) { return pyRound(x, 2); }
  function gapOf(w, h) { return pyRound(Math.max(4, Math.min(12, 0.012 * Math.min(w, h) + 1)), 1); }
  function fontSize(cw, large) {
    var nominal = large ? Math.max(18, 0.28 * cw) : Math.max(13, 0.19 * cw);
    return r2(Math.min(nominal, (cw - 4) / 2.4));
  }
  function indexWidth(fs) { return 2.25 * fs + 5; }
  function wasteStep(cw, fs, large) { return r2(Math.max((large ? 0.5 : 0.4) * cw, indexWidth(fs))); }
  function font(arr, cw, g, large) {
    var fs = fontSize(cw, large);
    if (arr === "stacked" && large) fs = r2(Math.max(fontSize(cw, false), Math.min(fs, ((cw + g) / 2 - 5) / 2.25)));
    return fs;
  }
  function wasteWidth(arr, cw, g, fs, large, draw) {
    var step = wasteStep(cw, fs, large);
    if (arr === "stacked" && large) step = r2(Math.max(indexWidth(fs), Math.min(step, (cw + g) / 2)));
    return [step, cw + (draw === 3 ? 2 : 0) * step];
  }
  // The piles of a table with these counts (layout.py's pile_ids), and its counts (layout.py's Counts).
  function pileIds(nc, nf, nr) {
    var out = ["stock", "waste"], i;
    if (!nr || nr === 1) out.push("reserve");
    else for (i = 1; i <= nr; i++) out.push("reserve-" + i);
    for (i = 1; i <= nf; i++) out.push("foundation-" + i);
    for (i = 1; i <= nc; i++) out.push("tableau-" + i);
    return out;
  }
  function countsOf(k, ncols) {
    k = k || {};
    return { columns: k.columns || ncols, foundations: k.foundations || 4,
             reserve: k.reserve === undefined ? 13 : k.reserve, reserve_up: !!k.reserve_up };
  }
  function rowsVariants(arr, nf) {
    if (arr === "side") return nf <= 4 ? [2] : [2, 4];
    return nf <= 4 ? [1] : [1, 2];
  }
  // layout.py's band and _column_rows: two rows of columns (a wide table on a phone in portrait)
  function band(bh, g, top) { return (bh - g - top - g) / 2; }
  function columnRows(arr, k) { return arr === "stacked" && k.columns >= 7 ? [1, 2] : [1]; }
  function place(arr, cw, g, ww, bw, k, frows, crows, bh) {
    var ch = cw * RATIO, rh = ch + 1.6 * g, step = cw + g, nc = k.columns, nf = k.foundations, up = k.reserve_up;
    var fper = Math.ceil(nf / frows), p = {}, width, x0, top, fx, tx;
    function found(fx, fy, per) {
      for (var i = 0; i < nf; i++) p["foundation-" + (i + 1)] = [fx + (i % per) * step, fy + Math.floor(i / per) * rh, cw, ch];
    }
    function cols(tx, top, per, second) {
      per = per || nc; second = second || 0;
      for (var i = 0; i < nc; i++) p["tableau-" + (i + 1)] = [tx + (i % per) * step, top + Math.floor(i / per) * second, cw, 0];
    }
    if (arr === "rows") {
      width = cw + ww + 2 * g + Math.max(nc, fper) * step - g; x0 = (bw - width) / 2;
      p.stock = [x0, g, cw, ch]; p.waste = [x0 + cw + g, g, ww, ch];
      fx = x0 + cw + ww + 2 * g; top = g + frows * rh;
      p.reserve = [x0, g + rh, cw, up ? 0 : ch];
      found(fx, g, fper); cols(fx, top);
      return [p, width, top, g + rh + (up ? 0 : ch)];
    }
    if (arr === "stacked") {
      var per = Math.ceil(nc / (crows || 1)), slots = up ? Math.max(per + 1, 3) : Math.max(per, 4);
      var wslots = per >= 5 ? 3 : 2;    // layout.py: the waste's slots (three on a table of five columns or more)
      if (ww > wslots * step - g || fper > slots) return null;
      width = slots * step - g; x0 = (bw - width) / 2;
      p.stock = [x0, g, cw, ch]; p.waste = [x0 + cw + g, g, wslots * step - g, ch];
      top = g + (1 + frows) * rh;
      if (up) { p.reserve = [x0, top, cw, 0]; tx = x0 + step; }
      else { p.reserve = [x0 + (slots - 1) * step, g, cw, ch]; tx = x0 + (slots - per) / 2 * step; }
      found(!up ? x0 + (slots - fper) / 2 * step : x0 + (slots - fper) * step, g + rh, fper);
      cols(tx, top, per, crows > 1 ? band(bh, g, top) + g : 0);
      return [p, width, top, top];
    }
    if (arr === "compact") {
      var off = cw + ww + 2 * g + (up ? 0 : step);
      width = off + Math.max(nc, fper) * step - g; x0 = (bw - width) / 2; fx = x0 + off;
      p.stock = [x0, g, cw, ch]; p.waste = [x0 + cw + g, g, ww, ch];
      top = g + frows * rh;
      p.reserve = up ? [fx - step, top, cw, 0] : [fx - step, g, cw, ch];
      found(fx, g, fper); cols(fx, top);
      return [p, width, top, top];
    }
    var big = 2 * g, left = up ? step : 0;   // "side"; a face-up reserve: a column of its own at the left
    width = left + cw + ww + g + big + nc * step - g + big + fper * step - g; x0 = (bw - width) / 2;
    p.stock = [x0 + left, g, cw, ch]; p.waste = [x0 + left + cw + g, g, ww, ch];
    p.reserve = up ? [x0, g, cw, 0] : [x0, g + rh, cw, ch];
    tx = x0 + left + cw + ww + g + big;
    cols(tx, g);
    found(tx + nc * step - g + big, g, fper);
    return [p, width, g, Math.max(g + (frows - 1) * rh + ch, up ? g + ch : g + rh + ch)];
  }
  function fits(arr, cw, g, bw, bh, longest, strip, draw, large, k, frows, crows) {
    var fs = font(arr, cw, g, large);
    if (fontSize(cw, false) < (strip - 2) / LINE) return false;
    var ww = wasteWidth(arr, cw, g, fs, large, draw)[1];
    var placed = place(arr, cw, g, ww, bw, k, frows, crows, bh);
    if (!placed) return false;
    var ch = cw * RATIO;
    if (placed[1] > bw - 2 * g || placed[3] > bh - g) return false;
    var room = crows > 1 ? band(bh, g, placed[2]) : bh - g - placed[2];
    var comfort = large ? COMFORT_LARGE : crows > 1 ? COMFORT_TWO_ROWS : COMFORT;
    if (Math.max(ch + (longest - 1) * strip, ch * (1 + FAN * (comfort - 1))) > room) return false;
    return !(k.reserve_up && ch + (Math.max(k.reserve, 1) - 1) * strip > bh - g - placed[0].reserve[1]);
  }
  function arrangementsFor(w, h) {
    if (w > h && h < PHONE_LANDSCAPE_H) return ["side"];
    if (w < NARROW) return ["stacked", "compact"];
    return ["rows", "compact", "side"];
  }
  function bestOf(order, g, width, boardH, longest, strip, draw, large, k, cwMax) {
    var best = null;
    for (var i = 0; i < order.length; i++) {
      var variants = rowsVariants(order[i], k.foundations), crowsOf = columnRows(order[i], k);
      for (var v = 0; v < variants.length; v++) {
        for (var c = 0; c < crowsOf.length; c++) {
          var found = null;
          for (var cw = cwMax; cw >= CW_MIN; cw--) {
            if (fits(order[i], cw, g, width, boardH, longest, strip, draw, large, k, variants[v], crowsOf[c])) { found = cw; break; }
          }
          if (found === null) continue;
          var score = found * (i === 0 ? 1 : 0.88) * (crowsOf[c] === 1 ? 1 : 0.9);
          if (best === null || score > best[0]) best = [score, order[i], found, variants[v], crowsOf[c]];
        }
      }
    }
    return best;
  }
  // The layout of a width x height window whose columns hold `columns` cards (layout.py's compute);
  // `counts` as layout.py's Counts ({columns, foundations, reserve, reserve_up}; absent: today's table).
  function layout(width, height, columns, draw, large, coarse, counts, leftHanded) {
    var k = countsOf(counts, columns.length >= 3 && columns.length <= 8 ? columns.length : 4), cols = [], i;
    for (i = 0; i < k.columns; i++) cols.push(columns[i] || 0);
    width = Math.max(width, 200); height = Math.max(height, 200);
    var phoneL = width > height && height < PHONE_LANDSCAPE_H;
    var barH = (width > height && (height < PHONE_LANDSCAPE_H || (height < LOW_H && width < BAR_ONE_ROW)))
      ? BAR_PHONE_LANDSCAPE : width >= BAR_ONE_ROW ? BAR_WIDE : width >= NARROW ? BAR_MEDIUM : BAR_NARROW;
    var help = !coarse && height >= HELP_MIN_H && width >= NARROW;
    var boardH = height - barH - (help ? HELP_H : 0), g = gapOf(width, height);
    if (width < NARROW && k.columns >= 8) g = 4;   // layout.py: eight piles a row on a phone
    var longest = Math.max.apply(null, [1].concat(cols));
    var cwMax = large ? CW_MAX_LARGE : CW_MAX, order = arrangementsFor(width, height), best = null, arr, cw, frows, crows;
    var strips = phoneL ? [STRIP_PHONE_LANDSCAPE] : [STRIP, STRIP_PHONE_LANDSCAPE], strip;
    for (i = 0; i < strips.length; i++) {
      strip = strips[i];
      best = bestOf(order, g, width, boardH, longest, strip, draw, large, k, cwMax);
      if (best !== null) break;
    }
    if (best === null) { arr = order[0]; cw = CW_MIN; frows = 1; crows = 1; strip = strips[strips.length - 1]; }
    else { arr = best[1]; cw = best[2]; frows = best[3]; crows = best[4]; }
    var ch = r2(cw * RATIO), fs = font(arr, cw, g, large), ws = wasteWidth(arr, cw, g, fs, large, draw);
    var placed = place(arr, cw, g, ws[1], width, k, frows, crows, boardH) || place("rows", cw, g, ws[1], width, k, frows, 1, boardH);
    var piles = placed[0], split = crows > 1 ? placed[2] + band(boardH, g, placed[2]) : null;
    var bottom = boardH - g, fans = {}, colFs = {}, fanned = [];
    for (i = 0; i < k.columns; i++) fanned.push(["tableau-" + (i + 1), cols[i]]);
    if (k.reserve_up) fanned.push(["reserve", k.reserve]);
    for (i = 0; i < fanned.length; i++) {
      var pile = fanned[i][0], n = fanned[i][1], rect = piles[pile];
      var end = split !== null && rect[1] < split && pile !== "reserve" ? split : bottom;
      piles[pile] = [rect[0], rect[1], rect[2], Math.max(ch, end - rect[1])];
      var fan = Math.max(FAN * ch, strip);
      if (n > 1) fan = Math.min(fan, (end - rect[1] - ch) / (n - 1));
      fans[pile] = Math.floor(fan * 100) / 100;
      colFs[pile] = n <= 1 ? fs : r2(Math.min(fs, (fans[pile] - 2) / LINE));
    }
    var ids = pileIds(k.columns, k.foundations), out = {};
    for (i = 0; i < ids.length; i++) {
      var r = piles[ids[i]];
      if (leftHanded) r = [width - r[0] - r[2], r[1], r[2], r[3]];
      out[ids[i]] = r.map(r2);
    }
    return { width: width, height: height, arrangement: arr, bar_h: barH, help: help, board_h: boardH, gap: g,
             cw: cw, ch: ch, fs: fs, waste_step: ws[0], piles: out, fans: fans, col_fs: colFs, min_strip: strip,
             left_handed: !!leftHanded };
  }

  // ---- choosing what to paint ---------------------------------------------------------------
  function viewport() {
    var el = document.documentElement;
    return [el.clientWidth || window.innerWidth, el.clientHeight || window.innerHeight];
  }
  function coarse() { try { return window.matchMedia("(pointer: coarse)").matches; } catch (e) { return false; } }
  function lang() { return (window.canfieldBoot && window.canfieldBoot.lang) || "en"; }

  function fromSnapshot(s, look, text, save) {
    if (!text || !save || typeof text !== "string" || typeof save !== "string" || text.length > MAX_CHARS) return null;
    var r;
    try { r = JSON.parse(text); } catch (e) { return null; }
    if (!isObj(r) || r.v !== FORMAT || !checkBoard(r) || !checkLayout(r.layout, r.cards)) return null;
    var vp = viewport();
    if (!num(r.vw, 0, 1e5) || !num(r.vh, 0, 1e5) || Math.abs(r.vw - vp[0]) > 0.5 || Math.abs(r.vh - vp[1]) > 0.5) return null;
    if (r.coarse !== coarse() || r.lang !== lang() || r.save !== hash(save)) return null;
    if (!Array.isArray(r.look) || r.look.slice().sort().join(" ") !== look.join(" ")) return null;
    var named = hashCode();
    if (named && named.toUpperCase() !== r.code.toUpperCase()) return null;   // the address names another deal
    r.source = "snapshot";
    return r;
  }

  function fromDeals(s) {
    var book = window.canfieldDeals;
    if (!isObj(book) || !Array.isArray(book.deals) || !book.deals.length) return null;
    if (get(KEYS.save) !== null || hashCode()) return null;  // a game to resume, or a deal named in the address
    if (s.draw !== book.draw || s.rules !== book.rules) return null;
    var words = isObj(book.lang) ? book.lang[lang()] : null;
    if (!isObj(words)) return null;
    var deal = book.deals[Math.floor(Math.random() * book.deals.length)];
    if (!isObj(deal)) return null;
    var phs = {};
    for (var i = 1; i <= 4; i++) {
      var next = deal.next && deal.next[i - 1];
      phs["foundation-" + i] = Array.isArray(next) && isObj(words.ranks) && typeof next[0] === "string"
        ? [(words.ranks[next[0]] || "") + (SYMBOLS[next[1]] || ""), next[1], next[1] === "H" || next[1] === "D"] : null;
    }
    var r = { code: deal.code, draw: book.draw, rules: book.rules, cards: {}, counts: deal.counts,
              stock_empty: false, ph: phs, ranks: words.ranks, texts: words.texts };
    var dealt = pileIds(4, 4);   // static/deals.js: deals of today's table
    for (i = 0; i < dealt.length; i++) r.cards[dealt[i]] = (deal.cards[dealt[i]] || []).map(function (c) { return [c, 0, 0]; });
    if (!checkBoard(r)) return null;
    var vp = viewport();
    r.layout = layout(vp[0], vp[1], [1, 1, 1, 1], book.draw, s.large_cards, coarse(), null, s.left_handed === true);
    r.source = "deal";
    return r;
  }

  // ---- painting -----------------------------------------------------------------------------
  function px(v) { return (Math.round(v * 100) / 100) + "px"; }
  function el(tag, cls) { var e = document.createElement(tag); if (cls) e.className = cls; return e; }

  // A face-down card as the live board draws it (static/page/render.py `_make_card`, static/shared/cardface.py
  // card_class): "card down", its place in data-back, no face, no data-card.
  function back(id) {
    var div = el("div", "card down");
    div.setAttribute("data-back", id);
    div.setAttribute("data-painted", "");
    div.setAttribute("aria-hidden", "true");
    return div;
  }

  function card(code, ranks) {
    var red = code[1] === "H" || code[1] === "D";
    var div = el("div", "card s" + code[1] + " " + (red ? "red" : "black"));
    div.setAttribute("data-card", code);
    if (code.length > 2) div.setAttribute("data-copy", code.slice(0, 2));   // a copy wears its card's art
    div.setAttribute("data-painted", "");
    div.setAttribute("aria-hidden", "true");
    var rank = ranks[code[0]], sym = SYMBOLS[code[1]];
    function index(box) {
      var b = el("b"), i = el("i");
      b.setAttribute("data-f", rank); i.setAttribute("data-f", sym);
      box.appendChild(b); box.appendChild(i);
      return box;
    }
    var c = index(el("span", "c"));
    c.setAttribute("data-face", rank + sym);
    div.appendChild(c);
    div.appendChild(index(el("span", "c2")));
    // the centre art: index.html's symbols (static/shared/cardface.py `art_markup`)
    var art = el("span", "art"), face = code.slice(0, 2), svg = document.createElementNS(SVG_NS, "svg");
    function use(name, cls) {
      var u = document.createElementNS(SVG_NS, "use");
      if (cls) u.setAttribute("class", cls);
      u.setAttribute("href", "#f-" + name);
      svg.appendChild(u);
    }
    svg.setAttribute("viewBox", "0 0 100 110");
    use(face);
    if ("JQK".indexOf(code[0]) >= 0) use(face + "g", "gold");
    art.appendChild(svg);
    div.appendChild(art);
    return div;
  }

  function paint(r, look) {
    var root = document.getElementById("game");
    var L = r.layout, st = root.style;
    st.setProperty("--bar-h", px(L.bar_h)); st.setProperty("--cw", px(L.cw)); st.setProperty("--ch", px(L.ch));
    st.setProperty("--fs", px(L.fs)); st.setProperty("--gap", px(L.gap)); st.setProperty("--board-h", px(L.board_h));
    root.setAttribute("data-arrangement", L.arrangement);
    root.classList.toggle("with-help", L.help);
    var i, pileEl;
    // a board whose piles the page has no element for is not painted (Python draws it)
    for (i = 0; i < PILES.length; i++) {
      pileEl = document.querySelector('[data-pile="' + PILES[i] + '"]');
      if (has(r.cards, PILES[i]) && !pileEl) return false;
    }
    root.classList.toggle("reserve-up", has(L.col_fs, "reserve"));
    for (i = 0; i < PILES.length; i++) {
      var pile = PILES[i];
      pileEl = document.querySelector('[data-pile="' + pile + '"]');
      if (!pileEl) continue;
      // hidden and empty, as Python starts them: the piles of other tables (fewer columns, one reserve or several)
      pileEl.parentElement.hidden = !laidOut(r.cards, pile);
      if (!laidOut(r.cards, pile)) { pileEl.classList.add("empty"); continue; }
      var slot = pileEl.parentElement.style, rect = L.piles[pile];
      slot.left = px(rect[0]); slot.top = px(rect[1]); slot.width = px(rect[2]); slot.height = px(rect[3]);
      if (has(L.col_fs, pile)) pileEl.style.setProperty("--fs", px(L.col_fs[pile]));
      var cards = r.cards[pile];
      pileEl.classList.toggle("empty", pile === "stock" ? r.stock_empty : !cards.length);
      for (var j = 0; j < cards.length; j++) {
        var c = cards[j][0].charAt(0) === BACK ? back(cards[j][0]) : card(cards[j][0], r.ranks);
        c.style.left = px(cards[j][1]); c.style.top = px(cards[j][2]);
        c.setAttribute("data-index", String(j));
        pileEl.appendChild(c);
      }
    }
    for (i = 1; i <= 16; i++) {
      var phEl = document.querySelector('[data-pile="foundation-' + i + '"] .placeholder'), ph = r.ph["foundation-" + i] || null;
      if (!phEl) continue;
      phEl.setAttribute("data-f", ph ? ph[0] : "");
      phEl.className = ph && ph[1] ? "placeholder s" + ph[1] + " " + (ph[2] ? "red" : "black") : "placeholder";
    }
    var counters = { score: r.counts.score, "deal-code": r.code, "stock-count": r.counts.stock, "reserve-count": r.counts.reserve,
                     moves: r.counts.moves, clock: r.counts.clock };
    for (var id in counters) { var e = document.getElementById(id); if (e && counters[id] !== undefined) e.textContent = counters[id]; }
    if (r.shown) {
      var mb = document.getElementById("moves-box"), cb = document.getElementById("clock-box");
      if (mb) mb.hidden = !r.shown.moves;
      if (cb) cb.hidden = !r.shown.clock;
    }
    for (i = 0; i < TEXT_KEYS.length; i++) {
      var words = document.querySelectorAll('[data-t="' + TEXT_KEYS[i] + '"]');
      for (j = 0; j < words.length; j++) words[j].textContent = r.texts[TEXT_KEYS[i]];
    }
    root.classList.remove("booting");
    root.classList.add("painted");
    root.setAttribute("data-painted", r.source);
    return true;
  }

  // The painted cards off the board (a board painted again, one half painted, the layer's first drawing).
  function removePainted() {
    var nodes = document.querySelectorAll("[data-painted][data-card], [data-painted][data-back]");
    for (var i = 0; i < nodes.length; i++) nodes[i].remove();
  }

  // ---- early input ----------------------------------------------------------------------------
  function live() { var root = document.getElementById("game"); return !root || root.dataset.ready === "true"; }

  function refuse(target) {
    target.classList.remove("early-refused");
    void target.offsetWidth;   // restart the shake
    target.classList.add("early-refused");
  }

  // A first tap on the stock of a snapshot's board, before Python is live: the board the engine said that
  // tap makes (the record's `after_stock`, written by static/worker/snapshot.py) is painted at once; the tap
  // is kept as any other, and the worker plays it with the `Start`, before the first view is drawn, so
  // the board does not go back. Returns whether it was painted.
  function answerStock() {
    var r = api.record, a = r && r.after_stock;
    if (!isObj(a) || api.queue.length || api.answered) return false;
    var next = {};
    for (var k in r) if (has(r, k)) next[k] = r[k];
    next.cards = a.cards; next.counts = a.counts; next.stock_empty = a.stock_empty;
    if (!checkBoard(next) || !checkLayout(next.layout, next.cards)) return false;   // the same table's piles
    if (r.counts.clock !== undefined && next.counts.clock === undefined) next.counts.clock = r.counts.clock;
    removePainted();
    if (!paint(next, api.recordLook)) return false;
    api.answered = "stock";
    return true;
  }

  function onClick(ev) {
    if (live() || api.taken || !api.painted) return;
    var target = ev.target && ev.target.closest
      ? ev.target.closest("[data-painted][data-card], [data-painted][data-back], [data-pile]") : null;
    if (!target) return;
    var pileEl = target.closest("[data-pile]");
    if (!pileEl) return;
    ev.preventDefault();
    if (api.queue.length >= MAX_QUEUE) { refuse(target); return; }
    // a back is tapped as the live board's (a tap at its index: static/worker/kept_input.py checks its id)
    var cardCode = target.getAttribute("data-card") || target.getAttribute("data-back");
    var index = cardCode ? Number(target.getAttribute("data-index")) : null;
    var pile = pileEl.getAttribute("data-pile");
    var shown = pile === "stock" && !cardCode && answerStock();
    api.queue.push({ t: "tap", pile: pile, index: index, card: cardCode || null, shown: shown });
    if (!shown) target.classList.add("early-kept");
  }

  function onKey(ev) {
    if (live() || api.taken || ev.altKey || ev.metaKey || /^(Shift|Control|Alt|Meta|Tab|CapsLock|Dead|Unidentified)$/.test(ev.key)) return;
    if (typeof ev.key !== "string" || ev.key.length > 20) return;
    if (api.queue.length >= MAX_QUEUE) { refuse(document.getElementById("board")); return; }
    var active = document.activeElement;
    api.queue.push({ t: "key", key: ev.key, ctrl: !!ev.ctrlKey, shift: !!ev.shiftKey,
                     inBoard: !!(active && active.closest && active.closest("#board")) });
    var boot = document.getElementById("boot");
    if (boot) boot.setAttribute("data-kept", String(api.queue.length));
  }

  // Whether a stored snapshot text would be painted over this saved game now (for the tests).
  api.accepts = function (text, save) {
    var s = settings();
    try { return !!fromSnapshot(s, lookClasses(s), text, save); } catch (e) { return false; }
  };
  api.hash = hash;
  // localStorage for the thin page's MicroPython layer (static/page/layer.py): a getter or a write that
  // throws (storage refused, full) is a DOMException MicroPython's try cannot catch, so it is caught here
  // Only a text of at most `max` characters reaches MicroPython (null for a longer one): a few MB copied into
  // its heap fail to allocate, and the page would not start.
  api.read = function (key, max) {
    var text = get(key);
    return text !== null && text.length <= max ? text : null;
  };
  // The records for the worker's `Start` (static/shared/vocab.py), read here so that none passes through
  // MicroPython: the Start's text from the layer with the stored save, statistics and settings put in.
  // A record longer than the records' bound (its JSON string's length, the escapes counted) is set aside
  // here, before any Python reads it: copied to `<key>.broken` and removed (the Start's `aside` names it,
  // the worker says so); when the copy cannot be written (storage full), it stays untouched, named in
  // `held` (the worker writes nothing to that key this visit). The keys handed over are kept for
  // `setAsideRead`, should this start fail.
  var RECORDS = F ? F.records : { max_chars: 0, broken: ".broken" }, handed = [];
  var RECORD_FIELDS = { save: "save", stats: "stats", settings: "settings" };
  api.startText = function (text) {
    var m = JSON.parse(text), aside = [], held = [];
    handed = [];
    for (var field in RECORD_FIELDS) {
      if (!has(RECORD_FIELDS, field)) continue;
      var key = KEYS[field], value = get(key);
      if (value !== null && JSON.stringify(value).length > RECORDS.max_chars) {
        (setAside(key) ? aside : held).push(key);
        value = null;
      }
      if (value !== null) handed.push(key);
      m[field] = value;
    }
    m.aside = aside.concat(takeRetried());
    m.held = held;
    return JSON.stringify(m);
  };
  function setAside(key) {
    try {
      var text = localStorage.getItem(key);
      if (text === null) return true;
      localStorage.setItem(key + RECORDS.broken, text);
      localStorage.removeItem(key);
      return true;
    } catch (e) {
      return false;    // storage full or refused: nothing was written, the record stays where it is
    }
  }
  // "Try again" after a start that failed once the worker had the records: what that start read is set
  // aside (the records handed over, the address's hash), so the next start does not fail on it again; the
  // keys set aside wait in sessionStorage for the next Start's `aside` (the notice says so).
  var RETRIED = "canfield.retried";
  api.setAsideRead = function () {
    var done = [];
    for (var i = 0; i < handed.length; i++) if (setAside(handed[i])) done.push(handed[i]);
    handed = [];
    try { if (done.length) sessionStorage.setItem(RETRIED, JSON.stringify(done)); } catch (e) { /* refused */ }
    try { if (location.hash) history.replaceState(null, "", location.pathname + location.search); } catch (e) { /* refused */ }
  };
  function takeRetried() {
    var out = [];
    try {
      var list = JSON.parse(sessionStorage.getItem(RETRIED) || "[]");
      sessionStorage.removeItem(RETRIED);
      for (var i = 0; Array.isArray(list) && i < list.length; i++) {
        for (var f in RECORD_FIELDS) if (has(RECORD_FIELDS, f) && KEYS[f] === list[i]) out.push(list[i]);
      }
    } catch (e) { /* refused or not ours: nothing */ }
    return out;
  }
  // The address's hash and ?lang= for MicroPython, bounded: a pasted link may be megabytes long.
  api.addressHash = function (max) {
    var h = String(location.hash || "");
    return h.length <= max ? h : h.slice(0, max);
  };
  api.queryLang = function () {
    var v = null;
    try { v = new URLSearchParams(location.search).get("lang"); } catch (e) { v = null; }
    return v && v.length <= 35 ? v : "";
  };
  api.pageBase = function () { return String(location.href).split("#")[0].split("?")[0].slice(0, 4096); };
  // Another page's write of a record (the storage event), bounded as a read: [key, value] or null (not a
  // key of the game, or a text too long for MicroPython, which this page then leaves to its next start).
  api.storageEvent = function (ev, max) {
    var key = ev && typeof ev.key === "string" ? ev.key : null;
    if (key === null || key.length > 64) return null;
    var value = typeof ev.newValue === "string" ? ev.newValue : null;
    if (value !== null && value.length > max) return null;
    return [key, value];
  };
  api.write = function (key, text) {
    try { localStorage.setItem(key, text); return true; } catch (e) { return false; }
  };
  api.copy = function (from, to) {   // a record set aside as the browser keeps it (any string, NULs too)
    try { var text = localStorage.getItem(from); if (text !== null) localStorage.setItem(to, text); return true; }
    catch (e) { return false; }
  };
  // the saved game written again as the page is left (its clock's time): the snapshot that named the save
  // before names this one, so the next visit still paints it
  api.resave = function (text) {
    try {
      var old = localStorage.getItem(KEYS.save), snap = localStorage.getItem(KEYS.snapshot);
      localStorage.setItem(KEYS.save, text);
      if (snap !== null && old !== null) {
        var r = JSON.parse(snap);
        if (isObj(r) && r.save === hash(old)) { r.save = hash(text); localStorage.setItem(KEYS.snapshot, JSON.stringify(r)); }
      }
      return true;
    } catch (e) { return false; }
  };
  api.remove = function (key) {
    try { localStorage.removeItem(key); return true; } catch (e) { return false; }
  };
  // The JS copies the facts cannot replace, for tests/browser/test_facts_parity.py: the look classes of a
  // stored settings text, and a card element's inner markup (static/shared/cardface.py's card_markup).
  api.look = function (text) { return lookClasses(shared.readSettings(text)); };
  // The page's words in `lang` from the worker's message table (JSON text): every [data-t] element's
  // text, every [data-t-label]'s aria-label (and a button's title), every [data-t-title]'s title; a key
  // the table lacks shows as itself (static/page/layer.py `translate`). Done here in one call: from
  // MicroPython it was five calls into JavaScript an element, 110 ms of a phone's main thread.
  api.texts = function (lang, json) {
    var table = JSON.parse(json), i, el;
    function t(key) { return has(table, key) && typeof table[key] === "string" ? table[key] : key; }
    document.documentElement.lang = lang;
    document.documentElement.setAttribute("data-texts", lang);   // the page's texts are in this language
    var els = document.querySelectorAll("[data-t]");
    for (i = 0; i < els.length; i++) { el = els[i]; el.textContent = t(el.dataset.t); }
    els = document.querySelectorAll("[data-t-label]");
    for (i = 0; i < els.length; i++) {
      el = els[i];
      el.setAttribute("aria-label", t(el.dataset.tLabel));
      if (el.tagName === "BUTTON") el.title = t(el.dataset.tLabel);
    }
    els = document.querySelectorAll("[data-t-title]");
    for (i = 0; i < els.length; i++) { el = els[i]; el.title = t(el.dataset.tTitle); }
  };
  api.cardMarkup = function (code, ranks) { return card(code, ranks).innerHTML; };
  api.backId = backId;

  // ---- the layer's writes in bulk ------------------------------------------------------------
  // The MicroPython layer decides every write (static/shared/apply.py's operations, performed by
  // static/page/render.py); the many small ones of a drawing come here as one JSON text, done in one call
  // instead of a call into JavaScript for each card's pile, place and class (a first drawing: about 400
  // calls, the biggest part of its task on a phone). Nothing is decided here: each operation is written
  // as it says. The renderer names its card elements once (`card`), as it makes them.
  var cardEls = {}, pileEls = {};
  api.card = function (id, node) { cardEls[id] = node; };
  function pileOf(pile) {
    return pileEls[pile] || (pileEls[pile] = document.querySelector('[data-pile="' + pile + '"]'));
  }
  function classes(node, add, remove) {
    for (var i = 0; i < remove.length; i++) node.classList.remove(remove[i]);
    for (i = 0; i < add.length; i++) node.classList.add(add[i]);
  }
  function table(t) {
    var root = document.getElementById("game"), st = root.style, i, slot, node;
    for (i = 0; i < t.vars.length; i++) st.setProperty(t.vars[i][0], t.vars[i][1]);
    if (t.dock_max !== null) st.setProperty("--dock-max", t.dock_max); else st.removeProperty("--dock-max");
    root.setAttribute("data-arrangement", t.arrangement);
    root.setAttribute("data-viewport", t.viewport);     // the window this table is laid out for
    root.classList.toggle("with-help", t.help);
    root.classList.toggle("reserve-up", t.reserve_up);
    for (i = 0; i < t.slots.length; i++) {              // [pile, [left, top, width, height] or null, font size or null]
      node = pileOf(t.slots[i][0]);
      slot = node.parentElement;
      slot.hidden = t.slots[i][1] === null;
      if (t.slots[i][1] === null) continue;
      slot.style.left = t.slots[i][1][0]; slot.style.top = t.slots[i][1][1];
      slot.style.width = t.slots[i][1][2]; slot.style.height = t.slots[i][1][3];
      if (t.slots[i][2] !== null) node.style.setProperty("--fs", t.slots[i][2]);
      else node.style.removeProperty("--fs");
    }
  }
  // The painted cards go as the layer's first drawing comes, in the same frame (static/page/layer.py).
  api.unpaint = function () {
    var root = document.getElementById("game");
    removePainted();
    root.classList.remove("painted");
    root.removeAttribute("data-painted");
  };
  api.perform = function (text) {
    var ops = JSON.parse(text), i, j, op, node;
    for (i = 0; i < ops.length; i++) {
      op = ops[i];
      switch (op[0]) {
        case "append":        // [pile, [id, ...]]: appended in order (moves a card already drawn)
          node = pileOf(op[1]);
          for (j = 0; j < op[2].length; j++) node.appendChild(cardEls[op[2][j]]);
          break;
        case "place":         // [id, left, top]: CSS lengths
          node = cardEls[op[1]];
          node.style.left = op[2]; node.style.top = op[3];
          break;
        case "marks":         // [id, add, remove]: a card no longer dragged drops the drag's transform
          node = cardEls[op[1]];
          if (op[3].indexOf("dragging") >= 0) node.style.transform = "";
          classes(node, op[2], op[3]);
          break;
        case "pile_marks":    // [pile, add, remove]
          classes(pileOf(op[1]), op[2], op[3]);
          break;
        case "remove":        // [id, marks]: off the table, its marks dropped
          node = cardEls[op[1]];
          node.remove();
          if (op[2].indexOf("dragging") >= 0) node.style.transform = "";
          classes(node, [], op[2]);
          break;
        case "label":         // [pile, name]: its accessible name
          pileOf(op[1]).setAttribute("aria-label", op[2]);
          break;
        case "placeholder":   // [pile, text, class]: an empty foundation's next card, drawn by CSS
          node = pileOf(op[1]).querySelector(".placeholder");
          if (node) { node.setAttribute("data-f", op[2]); node.className = op[3]; }
          break;
        case "table":         // [table]: the sizes (CSS lengths) and every pile's slot, or null (no such pile)
          table(op[1]);
          break;
        case "text":          // [element id, text]
          node = document.getElementById(op[1]);
          if (node) node.textContent = op[2];
          break;
        case "tab_stops":     // [[pile, tabIndex], ...]
          for (j = 0; j < op[1].length; j++) {
            node = pileOf(op[1][j][0]);
            if (node.tabIndex !== op[1][j][1]) node.tabIndex = op[1][j][1];
          }
          break;
        case "buttons":       // [[name, enabled], ...]: the header's buttons
          for (j = 0; j < op[1].length; j++) {
            node = document.querySelector('header [data-action="' + op[1][j][0] + '"]');
            if (node && node.disabled === op[1][j][1]) node.disabled = !op[1][j][1];
          }
          break;
        default:
          throw new Error("canfieldPaint.perform: unknown operation " + op[0]);
      }
    }
  };
  // A <select>'s options from JSON ([value, text] pairs, or [label, [[value, text], ...]] for an
  // <optgroup>), written in one call (static/page/dialogs.py fill_select).
  api.options = function (select, text) {
    var items = JSON.parse(text), i, j, group;
    function option(value, label) { var o = document.createElement("option"); o.value = value; o.textContent = label; return o; }
    select.textContent = "";
    for (i = 0; i < items.length; i++) {
      if (Array.isArray(items[i][1])) {
        group = document.createElement("optgroup");
        group.label = items[i][0];
        for (j = 0; j < items[i][1].length; j++) group.appendChild(option(items[i][1][j][0], items[i][1][j][1]));
        select.appendChild(group);
      } else {
        select.appendChild(option(items[i][0], items[i][1]));
      }
    }
  };

  // The page's layer takes the kept input once, as JSON, for the worker's `Start` (static/page/layer.py
  // `connect`); from then on the layer takes every tap and key itself and nothing is kept here.
  api.take = function () {
    var out = JSON.stringify(api.queue);
    api.queue = [];
    api.taken = true;
    var kept = document.querySelectorAll(".early-kept");
    for (var i = 0; i < kept.length; i++) kept[i].classList.remove("early-kept");
    return out;
  };

  function start() {
    var root = document.getElementById("game");
    if (!root || root.dataset.ready === "true") return;
    var r = null, look = [], i;
    if (F && shared.readSettings) {
      var s = settings();
      look = lookClasses(s);
      for (i = 0; i < look.length; i++) root.classList.add(look[i]);
      try { r = fromSnapshot(s, look, get(KEYS.snapshot), get(KEYS.save)) || fromDeals(s); } catch (e) { r = null; }
    }
    if (r) {
      try {
        if (paint(r, look)) {
          api.painted = r.source;
          api.record = r; api.recordLook = look;   // what a first tap on the stock may answer (answerStock)
          api.ranks = JSON.stringify(r.ranks);     // its rank letters: the layer dresses its cards with them early
          if (r.source === "deal") api.firstDeal = r.code;
          try { performance.mark("canfield-painted"); } catch (e) { /* no marks: nothing to time */ }
        }
      } catch (e) {
        // a half-painted board must not stay: drop what was added
        removePainted();
        root.classList.remove("painted");
        root.classList.add("booting");
        api.painted = null;
      }
    }
    var board = document.getElementById("board");
    if (board) board.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey, true);
  }

  // A page without the game (a test page that loads this file for its functions) starts nothing. Pyodide
  // starts in the engine's worker (static/engine-worker.mjs), never on this thread: nothing to preload here.
  if (!document.getElementById("game")) return;
  start();
})();
