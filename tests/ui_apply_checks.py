"""The checks of static/shared/apply.py that run under both Pythons: CPython (tests/test_ui_apply.py) and
MicroPython, the page's main thread's (the same test, through node, when node_modules has it).
Plain Python only: no pytest, no f-strings, no typing, no dict order.

`run(apply, text)`: `text` is a JSON list of encoded view values (static/worker/scene.py encode_view), in
the order the page applies them: a fresh deal, then the game's moves. Each view is decoded by
apply.decode_view, its operations taken from the one applied before, and performed on a small model of
the page (pile -> card ids, card -> place and marks, the texts), which must then show exactly what the
view says. Raises AssertionError, or returns every step's operations (a list, one per view), which must
be the same in both Pythons."""

BAD_TEXTS = ["", "{", "[]", "null", "42", '{"table": 1}', "[" * 3000, "\x00"]


class Page:
    """What the operations leave on the page, as plain data."""

    def __init__(self):
        self.piles = {}      # pile -> [card id]
        self.place = {}      # card id -> (x, y)
        self.marks = {}      # card id -> set
        self.pile_marks = {}
        self.made = set()    # copies made
        self.values = {}     # (kind, key) -> value
        self.tabs = []

    def perform(self, ops):
        for op in ops:
            name = op[0]
            if name == "append":
                for code in op[2]:
                    for cards in self.piles.values():
                        if code in cards:
                            cards.remove(code)
                    self.piles.setdefault(op[1], []).append(code)
            elif name == "remove":
                for cards in self.piles.values():
                    if op[1] in cards:
                        cards.remove(op[1])
                for cls in op[2]:
                    self.marks[op[1]].discard(cls)
            elif name == "place":
                self.place[op[1]] = (op[2], op[3])
            elif name == "marks":
                s = self.marks.setdefault(op[1], set())
                for cls in op[3]:
                    assert cls in s, op
                    s.discard(cls)
                for cls in op[2]:
                    assert cls not in s, op
                    s.add(cls)
            elif name == "pile_marks":
                s = self.pile_marks.setdefault(op[1], set(["empty"]))
                for cls in op[3]:
                    s.discard(cls)
                for cls in op[2]:
                    s.add(cls)
            elif name == "create":
                self.made.add(op[1])
            elif name == "tab_stops":
                self.tabs = op[1]
            elif name in ("text", "label", "below"):
                self.values[(name, op[1])] = op[2]
            elif name == "placeholder":
                self.values[(name, op[1])] = op[2]
            elif name in ("passes", "balance", "assist", "notice", "table"):
                self.values[(name, None)] = op[1:]

    def check(self, view):
        """The page shows `view`."""
        piles = view["piles"]
        for pile in sorted(piles):
            assert self.piles.get(pile, []) == piles[pile]["cards"], pile
            marks = self.pile_marks.get(pile, set(["empty"]))
            assert sorted(marks) == sorted(piles[pile]["marks"]), pile
            if piles[pile]["label"] is not None:
                assert self.values[("label", pile)] == piles[pile]["label"], pile
        on_table = []
        for card in view["cards"]:
            code = card["id"]
            on_table.append(code)
            assert self.place[code] == (card["x"], card["y"]), code
            assert sorted(self.marks.get(code, set())) == card["marks"], code
        for code in sorted(self.marks):
            if code not in on_table:
                assert not self.marks[code], code
        assert sum([len(cards) for cards in self.piles.values()]) == len(on_table)
        assert self.tabs == [p for p in sorted(piles) if piles[p]["focus"]]
        texts = view["texts"]
        for key in ("stock", "reserve", "score", "code", "description"):
            assert self.values[("text", key)] == texts[key], key
        assert self.values[("passes", None)] == [texts["passes"], texts["passes_label"]]
        assert self.values[("balance", None)] == [texts["balance"]]
        for pile in sorted(view["below"]):
            assert self.values[("below", pile)] == view["below"][pile], pile
        for pile in sorted(view["placeholders"]):
            assert self.values[("placeholder", pile)] == view["placeholders"][pile][0], pile
        assert self.values[("table", None)] == [view["table"]]
        assert self.values[("assist", None)] == [view["assist"]]
        assert self.values.get(("notice", None), [None]) == [view["notice"]]


def names(ops):
    return [op[0] for op in ops]


def run(apply, text):
    import json
    for bad in BAD_TEXTS:
        try:
            apply.decode_view(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("decoded: " + repr(bad[:20]))
    texts = json.loads(text)
    views = [apply.decode_view(t) for t in texts]
    page = Page()
    out = []
    last = None
    for i, view in enumerate(views):
        ops = apply.operations(last, view)
        page.perform(ops)
        page.check(view)
        kinds = names(ops)
        assert kinds[-1] in ("buttons", "deal", "slide"), kinds
        if "measure" in kinds:
            assert kinds.index("measure") < 2, kinds           # measured before any write
            assert kinds[-1] == "slide", kinds
        if i == 0:
            assert "table" in kinds and "tab_stops" in kinds and "measure" not in kinds
            assert kinds.count("place") == len(view["cards"])
            assert "create" not in kinds                      # one deck: every element made at start
        # the same view again: nothing but the buttons (the page enables some itself)
        assert names(apply.operations(view, view)) == ["buttons"]
        # motion off: nothing measured, slid or flown
        still = names(apply.operations(last, view, motion=False))
        assert "measure" not in still and "slide" not in still and "deal" not in still
        # a new language: every text again
        fresh = names(apply.operations(view, view, fresh=True))
        assert fresh.count("text") == 5 and "passes" in fresh and "below" in fresh and "label" in fresh
        out.append(ops)
        last = view
    # a deal at another speed: every flight's timing scaled, the same offsets
    first = views[0]
    slow = [op for op in apply.operations(None, first, speed=2.0) if op[0] == "deal"]
    normal = [op for op in out[0] if op[0] == "deal"]
    assert len(slow) == len(normal) == 1
    for a, b in zip(slow[0][1]["flights"], normal[0][1]["flights"]):
        assert a[0] == b[0] and a[3:] == b[3:] and a[2] == 2 * b[2]
    return out
