"""scripts/build_facts.py: index.html's facts and texts, and static/game.css's layout sizes and breakpoints,
are written from the Python side and kept up to date.

The JS copies of algorithms are compared with Python in tests/browser/test_facts_parity.py; here, under
CPython: the committed index.html and game.css are what the script writes, a stale copy is caught (a
layout constant changed in static/worker/layout.py changes both), the facts read off Settings say what
Settings.read and look_classes do, paint.js and game.css hold no number of the layout's own, and the
script refuses a page, a look or a style sheet it cannot write faithfully.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "static"))
import build_facts  # noqa: E402
from worker import layout  # noqa: E402
from canfield import RULESETS  # noqa: E402
from worker.i18n import LANGUAGES, Translator  # noqa: E402
from worker.settings import Settings  # noqa: E402

INDEX = (REPO / "index.html").read_text(encoding="utf-8")
CSS = (REPO / "static" / "game.css").read_text(encoding="utf-8")
PAINT = (REPO / "static" / "paint.js").read_text(encoding="utf-8")


def _facts(page: str = INDEX) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="facts">\n(.*?)\n</script>', page, re.S).group(1))


def test_the_committed_index_html_and_game_css_are_up_to_date():
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "build_facts.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("old, new", [
    ('data-t="table.red">Burgundy<', 'data-t="table.red">Red<'),                        # a text of the page
    ('aria-label="Game table"', 'aria-label="Table"'),                                 # a data-t-label
    ('title="Copy a link to this deal"', 'title="Copy"'),                              # a data-t-title
    ('<p id="boot-msg">Loading the game…</p>', '<p id="boot-msg">Loading…</p>'),     # the loading box
    ('"save":"canfield.save"', '"save":"canfield.game"'),                              # a fact
    ('"boot.retry": "Réessayer"', '"boot.retry": "Encore"'),                         # a boot text
])
def test_a_stale_copy_is_rewritten(old, new):
    assert INDEX.count(old) == 1, old
    stale = INDEX.replace(old, new)
    assert build_facts.render(stale) == INDEX


def test_the_facts_say_what_settings_read_does():
    f = _facts()["settings"]
    assert f["defaults"] == asdict(Settings())
    for name, allowed in f["choices"].items():
        for value in allowed:
            got, intact = Settings.read(json.dumps({name: value}), tuple(RULESETS))
            assert intact and getattr(got, name) == value, (name, value)
        for value in ("nope", 7, None):
            assert not Settings.read(json.dumps({name: value}), tuple(RULESETS))[1], (name, value)
    for name in f["flags"]:
        assert Settings.read(json.dumps({name: not getattr(Settings(), name)}))[1]
        assert not Settings.read(json.dumps({name: 1}))[1]
    assert set(f["flags"]) | set(f["choices"]) == set(f["defaults"])
    assert Settings.read("{}" + " " * (f["max_chars"] - 2))[1] and not Settings.read("{}" + " " * (f["max_chars"] - 1))[1]


def test_the_look_facts_give_look_classes():
    f = _facts()["settings"]
    s = Settings(four_color=True, theme="dark", back="red", table="blue")
    assert build_facts.look_from_facts(f, s) == sorted(k for k, on in s.look_classes().items() if on)
    assert "four-color" in build_facts.look_from_facts(f, s)


def test_a_look_that_is_not_a_class_per_setting_is_refused(monkeypatch):
    real = Settings.look_classes

    def mixed(self):
        out = real(self)
        out["dark-red"] = self.theme == "dark" and self.back == "red"   # one class from two settings
        return out

    monkeypatch.setattr(Settings, "look_classes", mixed)
    with pytest.raises(build_facts.FactsError, match="look classes"):
        build_facts.settings_facts()


def test_the_boot_texts_are_the_tables():
    boot = build_facts.boot_texts()
    assert set(boot) == set(LANGUAGES)
    assert boot["fr"]["boot.retry"] == Translator("fr")("boot.retry")
    assert set(boot["en"]) == {k for k in Translator("en").table if k.startswith("boot.")}


@pytest.mark.parametrize("old, new, error", [
    ('<span class="lbl" data-t="score">Score</span>', '<span class="lbl" data-t="score"><b>Score</b></span>',
     "hold markup"),
    ('data-t="stats.won"', 'data-t="stats.nothing"', "no message"),
    ('<script type="application/json" id="facts">', '<script type="application/json" id="fact">', "facts"),
    ('data-t-label="board" aria-label="Game table"', 'data-t-label="board"', "no aria-label"),
])
def test_a_page_the_script_cannot_write_is_refused(old, new, error):
    assert old in INDEX, old
    with pytest.raises(build_facts.FactsError, match=error):
        build_facts.render(INDEX.replace(old, new, 1))


# ---- static/worker/layout.py's constants: in the facts for paint.js, in game.css's written parts ------------

def test_the_layout_facts_are_layout_pys_constants():
    f = _facts()["layout"]
    assert f["RATIO"] == layout.RATIO and f["BAR_ONE_ROW"] == layout.BAR_ONE_ROW and f["LINE"] == layout.LINE
    assert f["ARRANGEMENTS"] == list(layout.ARRANGEMENTS)
    assert set(f) == {n for n, v in vars(layout).items() if n.isupper() and not callable(v)}


def test_paint_js_reads_the_layouts_constants_from_the_facts():
    names = _facts()["layout"]
    used = [n for n in names if re.search(r"\b" + n + r"\b", PAINT)]
    assert {"RATIO", "BAR_WIDE", "NARROW", "STRIP", "LINE", "ARRANGEMENTS"} <= set(used)
    for name in used:
        # its value is the facts', never a number or a list written here
        assert re.search(r"\b" + name + r" = LAYOUT\." + name + r"\b", PAINT), name
        assert not re.search(r"\b" + name + r"\s*=\s*[-\d.\[\"]", PAINT), name


def test_game_css_takes_the_layouts_sizes_from_the_written_part():
    head, written, tail = re.split(re.escape(build_facts.CSS_START) + "|" + re.escape(build_facts.CSS_END), CSS)
    assert "--bar-h: 48px" in written and "--help-h: 24px" in written and "--line: 1.15" in written
    assert "initial-value: 84px" in written                       # the skeleton card: 60 px wide, RATIO tall
    hand = head + tail
    assert not re.search(r"--bar-h\s*:", hand)
    assert "line-height: var(--line)" in hand and "height: var(--help-h)" in hand
    # every layout breakpoint in a query is in a marked one
    marked = re.findall(r"@(?:media|container) /\* layout: [^*]+ \*/", hand)
    assert len(marked) == 13
    assert "@container /* layout: width < NARROW */ (max-width: 559.98px) {" in hand


@pytest.mark.parametrize("old, new", [
    ("@media (max-width: 559.98px) { :root { --bar-h: 124px; } }",                 # the written part
     "@media (max-width: 559.98px) { :root { --bar-h: 120px; } }"),
    ("initial-value: 84px", "initial-value: 80px"),
    ("--help-h: 24px", "--help-h: 20px"),
    ("@container /* layout: width >= BAR_ONE_ROW */ (min-width: 1000px) {",        # a marked condition
     "@container /* layout: width >= BAR_ONE_ROW */ (min-width: 800px) {"),
    ("@media /* layout: landscape and height < PHONE_LANDSCAPE_H */ (orientation: landscape) and (max-height: 499.98px)",
     "@media /* layout: landscape and height < PHONE_LANDSCAPE_H */ (max-height: 480px)"),
])
def test_a_stale_game_css_is_rewritten(old, new):
    assert CSS.count(old) == 1, old
    assert build_facts.render_css(CSS.replace(old, new)) == CSS


def test_a_changed_layout_constant_makes_the_committed_files_stale(monkeypatch):
    """As editing static/worker/layout.py would: the facts and game.css follow it, so --check fails until the
    script is run."""
    monkeypatch.setattr(layout, "BAR_ONE_ROW", 900)
    monkeypatch.setattr(layout, "BAR_MEDIUM", 96)
    monkeypatch.setattr(layout, "LINE", 1.2)
    page, css = build_facts.render(INDEX), build_facts.render_css(CSS)
    assert page != INDEX and css != CSS
    assert _facts(page)["layout"]["BAR_ONE_ROW"] == 900
    assert "@media (max-width: 899.98px) { :root { --bar-h: 96px; } }" in css
    assert "@container /* layout: width >= BAR_ONE_ROW */ (min-width: 900px) {" in css
    assert "--line: 1.2;" in css and "999.98px" not in css


@pytest.mark.parametrize("old, new, error", [
    ("@container /* layout: width < NARROW */ (max-width: 559.98px) { .bar .deal",   # a breakpoint copied by hand
     "@container (max-width: 559.98px) { .bar .deal", "mark it"),
    ("@container /* layout: width < NARROW */ (max-width: 559.98px) { .bar .deal",
     "@container /* layout: width < NARROWER */ (max-width: 559.98px) { .bar .deal", "no number 'NARROWER'"),
    ("@container /* layout: width < NARROW */ (max-width: 559.98px) { .bar .deal",
     "@container /* layout: width <= NARROW */ (max-width: 559.98px) { .bar .deal", "is not landscape"),
    (build_facts.CSS_END, "/* the end */", "written part"),
])
def test_a_style_sheet_the_script_cannot_write_is_refused(old, new, error):
    assert old in CSS, old
    with pytest.raises(build_facts.FactsError, match=error):
        build_facts.render_css(CSS.replace(old, new, 1))


def test_bar_rules_that_are_not_bar_height_are_refused(monkeypatch):
    rules = list(build_facts.BAR_RULES)
    rules[-1] = ("landscape and height < PHONE_LANDSCAPE_H", "BAR_PHONE_LANDSCAPE")   # the low window's clause left out
    monkeypatch.setattr(build_facts, "BAR_RULES", tuple(rules))
    with pytest.raises(build_facts.FactsError, match="bar_height"):
        build_facts.css_written()


def test_a_condition_is_its_css_and_its_test():
    css, test = build_facts.condition("landscape and height < LOW_H and width < 700 or width >= BAR_ONE_ROW")
    assert css == "(orientation: landscape) and (max-height: 599.98px) and (max-width: 699.98px), (min-width: 1000px)"
    assert test(699, 599) and not test(700, 599) and not test(599, 599) and test(1000, 2000) and not test(999, 2000)
