"""The thin layer's pure part (issue 33's prototype): a view (JSON text from the worker) to the changes
the page makes, keyed by card. Runs under MicroPython (the page) and CPython (bench/bench_thin.py checks
it): plain classes, no dataclasses, no typing, no f-string tricks.

A change is (card id, style text, class text, pile id): the page writes the style with one CSSOM call
(style.cssText: a Content-Security-Policy without 'unsafe-inline' allows it), the class and the pile
attribute only when they changed. The numbers are the worker's, copied, never computed here.
"""

import json


def style_of(x, y, z):
    return "--x:" + str(x) + ";--y:" + str(y) + ";z-index:" + str(z)


def class_of(card_id, up):
    if not up:
        return "card down"
    suit = card_id[1]
    return "card up " + ("red" if suit == "H" or suit == "D" else "black")


class Applied:
    """What the page shows now, per card: (style, class, pile); and the counters' texts."""

    def __init__(self):
        self.cards = {}
        self.counts = {}

    def diff(self, text):
        """The view `text` against what is shown: (changes, counter changes), and remember it as shown."""
        view = json.loads(text)
        changes = []
        shown = self.cards
        for c in view["cards"]:
            card_id = c[0]
            now = (style_of(c[1], c[2], c[3]), class_of(card_id, c[4]), c[5])
            old = shown.get(card_id)
            if old != now:
                changes.append((card_id, now[0], now[1] if old is None or old[1] != now[1] else None,
                                now[2] if old is None or old[2] != now[2] else None))
                shown[card_id] = now
        counts = []
        for name, value in view["counts"].items():
            if self.counts.get(name) != value:
                counts.append((name, value))
                self.counts[name] = value
        return changes, counts

    def forget(self):
        self.cards = {}
        self.counts = {}


def tap_text(pile, card):
    """The action of a tap on pile `pile` (on card `card`, or None), as JSON text for the worker."""
    return json.dumps({"t": "tap", "pile": pile, "card": card})
