"""The toolbar's, the counters' and the replay bar's symbols are drawn by the page itself (index.html's
svg.icons symbols), never taken from the system's fonts: a glyph such as ⏮ showed as an empty box where
no font had it."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))

from page import replay  # noqa: E402

INDEX = (REPO / "index.html").read_text(encoding="utf-8")


class _Icons(HTMLParser):
    """The symbols of svg.icons, and for each header button and counter: its icon's href and the text it
    shows outside its .txt / .lbl name and its values."""

    def __init__(self):
        super().__init__()
        self.symbols, self.controls, self.stack, self.current = set(), [], [], None
        self.in_icons = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "svg" and "icons" in cls:
            self.in_icons = True
        if self.in_icons and tag == "symbol":
            self.symbols.add(a["id"])
        inside_bar = any("bar" in c for c in self.stack)
        if inside_bar and (tag == "button" or (tag == "span" and "counter" in cls)):
            self.current = {"name": a.get("data-action") or a.get("id"), "icons": [], "text": "", "depth": 0}
            self.controls.append(self.current)
        if self.current is not None:
            self.current["depth"] += 1
            if tag == "use":
                self.current["icons"].append(a.get("href"))
            if {"txt", "lbl"} & set(cls) or tag in ("output", "code") or a.get("id") == "clock":
                self.current["skip"] = self.current["depth"]
        self.stack.append(" ".join(cls) if tag == "header" else "")

    def handle_endtag(self, tag):
        if tag == "svg" and self.in_icons:
            self.in_icons = False
        if self.stack:
            self.stack.pop()
        if self.current is not None:
            if self.current.get("skip") == self.current["depth"]:
                del self.current["skip"]
            self.current["depth"] -= 1
            if self.current["depth"] == 0:
                self.current = None

    def handle_data(self, data):
        if self.current is not None and "skip" not in self.current:
            self.current["text"] += data


def _parsed():
    p = _Icons()
    p.feed(INDEX)
    return p


def test_every_toolbar_button_and_counter_draws_a_shipped_icon():
    p = _parsed()
    controls = [c for c in p.controls if c["name"] != "copy"]      # the deal's code: a word and the code
    assert len(controls) >= 12, [c["name"] for c in p.controls]
    for c in controls:
        assert len(c["icons"]) == 1, c
        assert c["icons"][0].lstrip("#") in p.symbols, c
        assert re.fullmatch(r"\s*", c["text"]), c                      # no glyph of a font beside it


def test_the_replay_bar_and_show_me_how_draw_shipped_icons():
    symbols = _parsed().symbols
    for name in (*replay.BUTTONS, "pause"):                          # play and pause swap on the same button
        assert f"i-{name}" in symbols, name
        assert f'href="#i-{name}"' in replay.icon(name)
    assert not re.search(r"[^\x00-\x7f]", replay.icon("start"))
