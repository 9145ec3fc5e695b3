"""What the page does to its DOM to show a view value, decided without the DOM: the page's side of the
two-sided page (issue 33).

Runs under CPython and MicroPython alike (tests/ui_apply_checks.py runs the same checks in both): it
imports json and static/shared/flights.py only, and uses no dataclasses, typing, annotations or f-strings,
and no dict order (MicroPython's dicts keep none): every dict is walked in sorted order.

`decode_view(text)` reads the view value static/worker/scene.py computes and encodes (the worker's side).
`operations(last, view, ...)` compares the view last applied (None: nothing drawn yet) with the new one
and gives the DOM operations that bring the page from one to the other, as plain data, in the order the
page performs them; static/page/render.py performs them with `js` and decides nothing. Each operation is
a list, its name first:

- ``["finish_deal"]``: a new deal: the deal still flying (if any) lands at once.
- ``["measure", [[id, "at", x, y] | [id, "card"] | [id, "pile", pile], ...]]``: before any write, where
  each card that is about to slide is drawn now: the view's screen point, its element's place, or the
  pile it comes from (the stock's cards drawn to the waste).
- ``["table", table]``: the view's table (sizes, arrangement, every pile's slot) changed.
- ``["create", id, class]``: a copy of a card of a game of several decks (the first deck's elements are
  made when the page starts); made if the page has none yet.
- ``["append", pile, [id, ...]]``: the pile's cards from the first that differs on, appended in order
  (which moves an element already on the table).
- ``["place", id, x, y]``: the card's place inside its pile, in pixels.
- ``["marks", id, add, remove]``, ``["pile_marks", pile, add, remove]``: classes (sorted); a card whose
  "dragging" goes drops the transform the drag drew.
- ``["remove", id, marks]``: a card off the table, its marks dropped.
- ``["below", pile, id or None]``: the face drawn under the reserve's or a foundation's top card.
- ``["text", key, text]`` (stock, reserve, score, code, description), ``["passes", text, label]``,
  ``["balance", text or None]``, ``["placeholder", pile, label, class]``.
- ``["label", pile, name]``: a pile's accessible name; ``["tab_stops", [pile, ...]]``: the piles that
  hold the board's tab stop (the others: -1).
- ``["assist", panel or None]``, ``["notice", notice or None]``.
- ``["celebrate", foundations]``: the win cascade starts; ``["celebration_end"]``: it ends, if it runs.
- ``["buttons", [[name, enabled], ...]]``: every draw (the page enables some buttons itself).
- ``["deal", {"reserve": [x, y], "flights": [...]}]``: the new deal flies in (static/shared/flights.py), or
  ``["slide", [[id, flip], ...]]``: the measured cards slide from where they were; `flip`: drawn from
  the stock, the card turns over on the way.
"""

import json

from .flights import DEAL_MS, FLIGHT_MS, deal_flights, deal_plan

KEYS = ("table", "cards", "piles", "below", "placeholders", "texts", "buttons", "assist", "notice", "motion",
        "deal", "celebration")
MAX_TEXT = 4000000       # the longest text `decode_view` reads
TEXT_KEYS = ("stock", "reserve", "score", "code", "description")


def _is_view(value):
    if type(value) is not dict or len(value) != len(KEYS):
        return False
    for key in KEYS:
        if key not in value:
            return False
    return True


def decode_view(text):
    """The view value `text` encodes (static/worker/scene.py encode_view); ValueError for anything else."""
    if type(text) is not str:
        raise ValueError("not text: " + type(text).__name__)
    if len(text) > MAX_TEXT:
        raise ValueError("text too long: %d characters" % len(text))
    try:
        view = json.loads(text)
    except (ValueError, RuntimeError):          # RecursionError in CPython: nested too deep
        view = ValueError
    if view is ValueError:
        raise ValueError("not JSON: " + repr(text[:60]))
    if not _is_view(view):
        raise ValueError("not a view value: " + repr(text[:60]))
    return view


def _diff(now, before):
    """(classes to add, classes to remove), sorted."""
    now, before = set(now), set(before)
    return sorted(now - before), sorted(before - now)


def _deal(view, speed):
    """The deal's flights (static/shared/flights.py) from the view's deal, slots and card places; None: no
    card flies."""
    d = view["deal"]
    plan = deal_plan(d["top"], d["hidden"], d["base"], d["rest"], total_ms=DEAL_MS * speed,
                     flight_ms=FLIGHT_MS * speed)
    if not plan:
        return None
    slots = view["table"]["piles"]
    places = {}
    for c in view["cards"]:
        places[c["id"]] = (c["pile"], c["x"], c["y"])
    rx, ry = slots["reserve"][:2] if "reserve" in slots else slots["stock"][:2]   # several reserves: no backs fly
    return {"reserve": [rx, ry], "flights": deal_flights(plan, slots, places)}


def operations(last, view, motion=True, speed=1.0, fresh=False):
    """The DOM operations from the view `last` applied (None: nothing yet) to `view`. `motion`: the page
    animates (the setting and the system's); `speed`: the speed setting's factor (the deal's timing);
    `fresh`: the texts and faces were written anew since `last` (a new language): every text is due."""
    ops = []
    piles = view["piles"]
    names = sorted(piles)
    cards = {}
    for c in view["cards"]:
        cards[c["id"]] = c
    where, placed, marks = {}, {}, {}       # what `last` put on screen, card by card
    if last is not None:
        for c in last["cards"]:
            placed[c["id"]] = (c["x"], c["y"])
            marks[c["id"]] = c["marks"]
        for pile in sorted(last["piles"]):
            for code in last["piles"][pile]["cards"]:
                where[code] = pile
    m = view["motion"]
    anim_before = last["motion"]["anim_seq"] if last is not None else 0
    deal_before = last["motion"]["deal_seq"] if last is not None else 0
    # the first drawing has nothing to slide from (a move played before it: the stock tap the painter
    # answered, static/worker/kept_input.py)
    new_anim = m["anim_seq"] != anim_before
    animate = motion and m["animate"] and new_anim and len(where) > 0
    deal = m["deal_seq"] != deal_before
    if deal:
        ops.append(["finish_deal"])
    slide_from = m["slide_from"] if new_anim else {}
    origin = m["slide_origin"]

    measure = []
    if animate:
        for pile in names:
            for code in piles[pile]["cards"]:
                if code in slide_from:
                    xy = slide_from[code]
                    measure.append([code, "at", xy[0], xy[1]])
                    continue
                old = where.get(code)
                if old == pile:
                    continue
                if old is not None:
                    measure.append([code, "card"])
                elif origin is not None:
                    measure.append([code, "pile", origin])
        if measure:
            ops.append(["measure", measure])

    if last is None or view["table"] != last["table"]:
        ops.append(["table", view["table"]])

    visible = set()
    for pile in names:
        p = piles[pile]
        codes = p["cards"]
        visible.update(codes)
        old = last["piles"][pile]["cards"] if last is not None else []
        if codes != old:
            k = 0
            limit = min(len(old), len(codes))
            while k < limit and old[k] == codes[k]:
                k += 1
            for code in codes[k:]:
                if len(code) > 2 and code not in where:     # a copy ("QC2"): made the first time shown
                    ops.append(["create", code, cards[code]["class"]])
            ops.append(["append", pile, codes[k:]])
        for code in codes:
            card = cards[code]
            if placed.get(code) != (card["x"], card["y"]):
                ops.append(["place", code, card["x"], card["y"]])
            add, remove = _diff(card["marks"], marks.get(code, ()))
            if add or remove:
                ops.append(["marks", code, add, remove])
        before = last["piles"][pile]["marks"] if last is not None else ("empty",)
        add, remove = _diff(p["marks"], before)
        if add or remove:
            ops.append(["pile_marks", pile, add, remove])

    for code in sorted(where):
        if code not in visible:
            ops.append(["remove", code, sorted(marks.get(code, ()))])

    known = last is not None and not fresh
    below = view["below"]
    for pile in sorted(below):
        if not known or pile not in last["below"] or last["below"][pile] != below[pile]:
            ops.append(["below", pile, below[pile]])

    texts = view["texts"]
    was = last["texts"] if known else None
    for key in TEXT_KEYS:
        if was is None or was[key] != texts[key]:
            ops.append(["text", key, texts[key]])
    if was is None or was["passes"] != texts["passes"] or was["passes_label"] != texts["passes_label"]:
        ops.append(["passes", texts["passes"], texts["passes_label"]])
    if was is None or was["balance"] != texts["balance"]:
        ops.append(["balance", texts["balance"]])
    places = view["placeholders"]
    was_places = last["placeholders"] if known else {}
    for pile in sorted(places):
        label, cls = places[pile]
        if pile not in was_places or was_places[pile][0] != label:
            ops.append(["placeholder", pile, label, cls])

    for pile in names:
        label = piles[pile]["label"]
        if label is not None and (not known or last["piles"][pile]["label"] != label):
            ops.append(["label", pile, label])
    focus = [pile for pile in names if piles[pile]["focus"]]
    if last is None or focus != [pile for pile in sorted(last["piles"]) if last["piles"][pile]["focus"]]:
        ops.append(["tab_stops", focus])

    if last is None or view["assist"] != last["assist"]:
        ops.append(["assist", view["assist"]])
    if view["notice"] != (last["notice"] if last is not None else None):
        ops.append(["notice", view["notice"]])
    c = view["celebration"]
    if c["on"] and c["seq"] != (last["celebration"]["seq"] if last is not None else 0):
        ops.append(["celebrate", c["foundations"]])
    elif not c["on"] and last is not None and last["celebration"]["on"]:
        ops.append(["celebration_end"])
    buttons = view["buttons"]
    ops.append(["buttons", [[name, buttons[name]] for name in sorted(buttons)]])

    if deal and motion:
        plan = _deal(view, speed)           # a deal is its own motion: nothing slides
        if plan is not None:
            ops.append(["deal", plan])
    elif measure:
        flips = origin == "stock"
        ops.append(["slide", [[s[0], flips and s[1] != "at"] for s in measure]])
    return ops
