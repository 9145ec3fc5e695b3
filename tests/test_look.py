"""Issue 11's visual parts under CPython: the card faces (scripts/make_faces.py's art, the symbols it
writes into index.html, static/shared/cardface.py's markup), the rules dialog's content (static/worker/rules_view.py),
the look settings (static/worker/settings.py) and the sound's notes (static/page/sound.py)."""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))
sys.path.insert(0, str(REPO / "scripts"))

from canfield import RULESETS, RuleSet  # noqa: E402
import make_faces  # noqa: E402
from page import sound  # noqa: E402
from shared import cardface  # noqa: E402
from worker import i18n, rules_view, settings  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _pips(root: ET.Element) -> list[ET.Element]:
    return [u for u in root.iter(f"{SVG}use") if u.get("href") == "#p"]


# --------------------------------------------------------------------------- the faces

def test_52_distinct_faces_of_valid_svg():
    assert len(cardface.CODES) == 52 and len(set(cardface.CODES)) == 52
    arts = set()
    for code in cardface.CODES:
        main, accent = make_faces.face_svgs(code)
        root = _parse(main)                      # well-formed XML, or this raises
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == f"0 0 {make_faces.VIEW_W} {make_faces.VIEW_H}"
        ids = {el.get("id") for el in root.iter() if el.get("id")}
        for use in root.iter(f"{SVG}use"):      # every reference resolves inside the same picture
            assert use.get("href")[1:] in ids, (code, use.get("href"))
        # the pip symbol is the card's own suit
        pip = next(el for el in root.iter(f"{SVG}path") if el.get("id") == "p")
        assert pip.get("d") == make_faces.SUIT_PATHS[code[1]]
        if accent is not None:
            _parse(accent)
        arts.add(main)
    assert len(arts) == 52


@pytest.mark.parametrize("rank", range(1, 11))
def test_pip_count_is_the_rank_and_the_lower_half_is_turned(rank):
    for suit in cardface.SUITS:
        code = cardface.RANKS[rank - 1] + suit
        main, accent = make_faces.face_svgs(code)
        assert accent is None
        uses = _pips(_parse(main))
        assert len(uses) == rank, code
        for use in uses:
            x, y = map(float, re.search(r"translate\(([-\d.]+) ([-\d.]+)\)", use.get("transform")).groups())
            assert 0 < x < make_faces.VIEW_W and 0 < y < make_faces.VIEW_H
            assert ("rotate(180)" in use.get("transform")) == (y > make_faces.VIEW_H / 2), (code, y)


def test_pip_layouts_are_symmetric_and_do_not_overlap():
    for rank, layout in make_faces.PIP_LAYOUTS.items():
        pts = sorted((round(x, 1), round(y, 1)) for x, y in layout)
        left_right = sorted((round(make_faces.VIEW_W - x, 1), round(y, 1)) for x, y in layout)
        turned = sorted((round(make_faces.VIEW_W - x, 1), round(make_faces.VIEW_H - y, 1)) for x, y in layout)
        assert pts == left_right, f"rank {rank} is not symmetric left to right"
        # as on real cards, every layout but the 7's (one centre pip, in the upper half) reads the
        # same upside down
        assert (pts == turned) == (rank != 7), f"rank {rank}"
        size = 20 * (make_faces.ACE_SCALE if rank == 1 else make_faces.PIP_SCALE)
        for i, (x1, y1) in enumerate(layout):
            assert size / 2 <= y1 <= make_faces.VIEW_H - size / 2, (rank, y1)
            for x2, y2 in layout[i + 1:]:
                assert abs(x1 - x2) >= size or abs(y1 - y2) >= size, f"rank {rank}: pips overlap"


def test_court_cards_have_a_figure_and_a_gold_layer():
    for code in cardface.CODES:
        rank = make_faces.rank_number(code)
        main, accent = make_faces.face_svgs(code)
        if rank <= 10:
            continue
        assert accent is not None
        root = _parse(main)
        assert root.find(f".//{SVG}circle") is not None        # a head
        assert len(_pips(root)) == 1                           # the corner pip of the drawn half
        turned = [u for u in root.iter(f"{SVG}use") if u.get("href") == "#h"]
        assert len(turned) == 1 and "rotate(180" in turned[0].get("transform")  # the other half, turned
    # each rank its own figure
    assert len({make_faces.face_svgs(r + "S")[1] for r in "JQK"}) == 3


def test_bad_card_codes_are_refused_clearly():
    for bad in ("1S", "QX", "", "10S", "qc"):
        with pytest.raises(ValueError, match="not a card code"):
            make_faces.face_svgs(bad)
        with pytest.raises(ValueError, match="not a card code"):
            cardface.card_markup(bad)


def test_the_faces_symbols_are_up_to_date_one_per_card_and_small():
    page = (REPO / "index.html").read_text(encoding="utf-8")
    assert make_faces.write_index(page) == page, "index.html's card faces are stale: run python scripts/make_faces.py"
    assert subprocess.run([sys.executable, str(REPO / "scripts" / "make_faces.py"), "--check"]).returncode == 0
    block = re.search(r'<svg class="faces"[^\n]*</svg>', page).group(0)
    root = _parse(block.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))
    symbols = {s.get("id"): s for s in root.iter(f"{SVG}symbol")}
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    for code in cardface.CODES:
        figure = make_faces.rank_number(code) > 10
        assert {f"f-{code}", f"f-{code}g"} & set(symbols) == ({f"f-{code}", f"f-{code}g"} if figure else {f"f-{code}"})
        assert symbols[f"f-{code}"].get("viewBox") == f"0 0 {make_faces.VIEW_W} {make_faces.VIEW_H}"
        # every reference inside resolves, and each card's pips are its own suit's
        for use in symbols[f"f-{code}"].iter(f"{SVG}use"):
            assert use.get("href")[1:] in ids, (code, use.get("href"))
            if use.get("href").startswith("#f-p"):
                assert use.get("href") == f"#f-p{code[1]}", code
        # the markup names the symbols there are
        for name in re.findall(r'href="#([^"]+)"', cardface.art_markup(code)):
            assert name in symbols, (code, name)
    assert "#000" not in block                 # strokes in the card's colour (currentColor), as the fills
    assert "http" not in block.replace("http://www.w3.org/2000/svg", "")  # nothing off the page's origin
    raw = block.encode()
    assert len(raw) < 40_000 and len(gzip.compress(raw)) < 3_000


def test_card_markup_indices_in_each_language():
    for lang, queen in (("fr", "D"), ("nl", "V"), ("en", "Q")):
        labels = cardface.rank_labels(i18n.Translator(lang))
        html = cardface.card_markup("QC", labels)
        assert f'data-face="{queen}♣"' in html
        assert html.count(f'<b data-f="{queen}"></b><i data-f="♣"></i>') == 2  # top-left and bottom-right
        assert '<span class="art"><svg viewBox="0 0 100 110"><use href="#f-QC"></use>' in html
        assert html.count('class="c"') == 1          # `.c` names the top-left index alone (tests use it)
    assert 'data-face="10♥"' in cardface.card_markup("TH")                         # English by default
    assert 'data-face="R♠"' in cardface.card_markup("KS", cardface.rank_labels(i18n.Translator("fr")))


# --------------------------------------------------------------------------- the rules dialog

class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.minis, self.imgs, self.text = [], [], [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in ("br",):
            self.stack.append(tag)
        if "data-mini" in a:
            self.minis.append(a["data-mini"])
        if a.get("role") == "img":
            self.imgs.append(a.get("aria-label"))
        assert "data-card" not in a  # only the board's cards carry data-card (tests find them by it)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (self.stack, tag)
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", list(RULESETS))  # every game of the engine, drawn by the page or not yet
def test_rules_content_for_every_rule_set_and_language(lang, name):
    rules = RULESETS[name]
    t = i18n.Translator(lang)
    html = rules_view.rules_html(rules, t, lang, draw=3)
    p = _Collect()
    p.feed(html)
    p.close()
    assert p.stack == []                                        # balanced markup
    text = "".join(p.text)
    for key in rules_view.rule_keys(rules) + list(rules_view.PLAY_KEYS):
        assert key in i18n.MESSAGES[lang], key
        sentence = t(key, **rules_view.rule_values(rules, t, 3))
        assert sentence in text.replace("&", "&"), (key, sentence)
    assert t.rules_name(name) in text
    assert p.minis and all(code in cardface.CODES for code in p.minis)
    assert all(p.imgs), "every card picture has an accessible name"
    assert "{" not in text and not re.search(r"\bhelp\.[a-z]", text)   # no placeholder or key left


def test_rules_follow_the_parameters_of_each_rule_set():
    keys = {name: set(rules_view.rule_keys(r)) for name, r in RULESETS.items()}
    assert {"help.deal.base", "help.columns.alternate", "help.tails", "help.empty.any", "help.takeback"} <= keys["canfield"]
    assert {"help.tails.no", "help.empty.waste", "help.takeback.no"} <= keys["classic"]
    assert "help.deal.fixed" in keys["storehouse"]
    assert "help.columns.any" in keys["rainbow"] and "help.columns.alternate" not in keys["rainbow"]
    en = i18n.Translator("en")
    assert "the four 2s start the foundations" in rules_view.rules_html(RULESETS["storehouse"], en, "en")
    assert "1 card onto the waste" in rules_view.rules_html(RULESETS["canfield"], en, "en", draw=1)
    assert "3 cards onto the waste" in rules_view.rules_html(RULESETS["canfield"], en, "en", draw=3)
    # the wrap-around pictures: K then A on a foundation, a king on an ace in a column
    html = rules_view.rules_html(RULESETS["canfield"], en, "en")
    assert 'aria-label="queen of spades, king of spades, ace of spades"' in html
    assert 'aria-label="ace of diamonds, king of spades"' in html
    # PySolFC's twelve other games (issue 34): a paragraph for each parameter they set
    assert {"help.deal.parts", "help.base.player", "help.foundations", "help.reserves.up", "help.moves.whole",
            "help.fill.none", "help.empty.reserves.first"} <= keys["dutchess"]
    assert {"help.goal.set", "help.foundations.set", "help.columns.rank", "help.tails.rank"} <= keys["beehive"]
    assert not {"help.base.dealt", "help.foundations", "help.columns.any"} & keys["beehive"]
    assert {"help.goal.count", "help.foundations.updown", "help.reserve.up", "help.fill.reserve",
            "help.empty.rank.after", "help.takeback"} <= keys["lafayette"]
    assert {"help.columns.faces", "help.foundations.ace.empty", "help.reserve.top", "help.fill.none",
            "help.empty.rank"} <= keys["minerva"] & keys["munger"]
    assert "help.empty.rank" not in keys["mystique"] and "help.reserve.nofill" in keys["mystique"]
    assert {"help.columns.faces", "help.base.dealt", "help.foundations"} <= keys["candike"]
    assert {"help.reserve.down", "help.columns.max", "help.fill.reserve", "help.empty.any.card"} <= keys["eagle-wing"]
    assert "help.reserve" not in keys["eagle-wing"]
    assert {"help.fill.larger", "help.empty.left", "help.reserves.up"} <= keys["gate"] == keys["little-gate"]
    assert {"help.fill.none", "help.empty.free", "help.reserves.up"} <= keys["duke"]
    assert {"help.goal.decks", "help.deal.base.decks", "help.foundations.rank", "help.foundations.order",
            "help.reserve.foundations", "help.empty.from", "help.empty.base.card"} <= keys["the-plot"]
    assert "help.decks" not in keys["the-plot"]      # foundations regardless of suit: no "of its suit"
    lafayette = rules_view.rules_html(RULESETS["lafayette"], en, "en")
    assert "an empty column takes only a 7, or a run headed by one" in lafayette
    assert "all 52 cards on the 8 foundations" in lafayette
    assert "takes only a king, or a run headed by one" in rules_view.rules_html(RULESETS["minerva"], en, "en")
    assert "face down, face up, face down, face up" in rules_view.rules_html(RULESETS["minerva"], en, "en")
    assert "4 reserves of 3 cards each" in rules_view.rules_html(RULESETS["duke"], en, "en")
    assert "at most 3 cards" in rules_view.rules_html(RULESETS["eagle-wing"], en, "en")
    assert "takes cards only from the waste" in rules_view.rules_html(RULESETS["the-plot"], en, "en")
    assert 'aria-label="5 of spades, 5 of hearts, 5 of diamonds, 5 of clubs"' in rules_view.rules_html(
        RULESETS["beehive"], en, "en")
    fr = i18n.Translator("fr")
    assert "n’accepte qu’un roi ou une suite" in rules_view.rules_html(RULESETS["minerva"], fr, "fr")


def test_the_rules_of_every_parameter_value_have_their_own_words_in_every_language():
    # each key a rule set's parameters can choose is in the three tables, and no two say the same
    made = [RuleSet("x", "XX1", "X", **params) for params in (
        {"reserves": 2, "reserve": 5, "fill": "reserve_then_waste", "empty_rank": 7, "moves": "single"},
        {"base_rank": 5, "starters": False, "empty_rank": "base", "empty_from": ("R", "T")},
        {"foundation": "rank", "base_rank": 1, "fill": "larger_reserve_then_waste", "moves": "single",
         "reserve_face_up": True, "reserves": 3, "reserve": 4},
        {"empty_rank": 12, "moves": "single", "fill": "any"}, {"empty_rank": 1, "fill": "reserve_then_any"},
        {"empty_rank": 13, "fill": "waste_after_reserves", "reserves": 2, "reserve": 3}, {"empty_from": ("F",)})]
    for lang in i18n.LANGUAGES:
        t = i18n.Translator(lang)
        for rules in (*RULESETS.values(), *made):
            text = rules_view.rules_html(rules, t, lang)
            for key in rules_view.rule_keys(rules):
                assert key in i18n.MESSAGES[lang], (lang, rules.name, key)
            assert "{" not in text and not re.search(r"\bhelp\.[a-z]", text), (lang, rules.name)
        assert len({t(f"help.rank.{n}") for n in range(1, 14)}) == 13
    en = i18n.Translator("en")
    assert "An empty column takes only a queen." in rules_view.rules_html(made[3], en, "en")
    assert "only from a foundation" in rules_view.rules_html(made[6], en, "en")
    assert "a 5 starts each one" in rules_view.rules_html(made[1], en, "en")


# --------------------------------------------------------------------------- settings

def test_look_settings_defaults_round_trip_and_bad_values_field_by_field():
    d = settings.Settings()
    assert (d.theme, d.back, d.table, d.sound) == ("auto", "blue", "green", False)
    s = settings.Settings(theme="contrast", back="green", table="red", sound=True)
    assert settings.Settings.from_json(s.to_json()) == s
    for field, allowed in settings.CHOICES.items():
        assert getattr(d, field) == allowed[0]
        for value in allowed:
            assert getattr(settings.Settings.from_json(f'{{"{field}": "{value}"}}'), field) == value
    bad = '{"theme": "neon", "back": ["red"], "table": 3, "sound": "yes", "four_color": true}'
    got = settings.Settings.from_json(bad)
    assert (got.theme, got.back, got.table, got.sound) == ("auto", "blue", "green", False)
    assert got.four_color is True                                 # a good field next to bad ones is kept
    assert settings.Settings.from_json('{"theme": {"x": 1}}').theme == "auto"   # unhashable: no exception
    assert "sound" in settings.TOGGLES


def test_look_classes_one_per_choice():
    s = settings.Settings(theme="dark", back="red", table="blue", four_color=True)
    on = {k for k, v in s.look_classes().items() if v}
    assert on == {"theme-dark", "back-red", "table-blue", "four-color"}
    css = (REPO / "static" / "game.css").read_text(encoding="utf-8")
    plain = {"theme-light", "back-blue", "table-green"}          # the defaults of #game's own colours
    for field in settings.LOOKS:                                 # the choices that are looks (not the speed)
        for value in settings.CHOICES[field]:
            name = f"{field}-{value}"
            assert name in s.look_classes()
            assert name in plain or f"#game.{name}" in css, f"no CSS for .{name}"


def test_settings_dialog_offers_every_choice_with_texts():
    html = (REPO / "index.html").read_text(encoding="utf-8")
    for field, allowed in settings.CHOICES.items():
        block = re.search(rf'<select name="{field}">(.*?)</select>', html, re.S)
        assert block, field
        values = re.findall(r'<option value="([^"]+)" data-t="([^"]+)"', block.group(1))
        assert [v for v, _ in values] == list(allowed)
        for _, key in values:
            assert all(key in i18n.MESSAGES[lang] for lang in i18n.LANGUAGES), key
    assert '<input type="checkbox" name="sound">' in html
    assert '<dialog id="dlg-rules"' in html and 'data-action="rules"' in html


# --------------------------------------------------------------------------- sound

def test_sound_notes_are_short_and_soft():
    for tones in (sound.CARD, sound.WIN):
        for tone in tones:
            assert tone.kind in ("noise", "sine", "triangle", "square", "sawtooth")
            assert 0 < tone.gain <= 0.3 and 20 <= tone.freq <= 12000 and tone.length > 0 and tone.start >= 0
    assert sound.total_length(sound.CARD) <= 0.12              # a tap, not a tune
    assert 0.5 <= sound.total_length(sound.WIN) <= 2.0
    assert sound.Sound().enabled is False                      # off by default
    off = sound.Sound()
    off.move(), off.win()                                      # disabled: no browser call at all
    assert off.played == 0
    samples = sound.noise(4410)
    assert samples == sound.noise(4410) and all(-1.0 <= v < 1.0 for v in samples)   # the same burst every time
    assert abs(sum(samples) / len(samples)) < 0.05 and max(samples) > 0.9 and min(samples) < -0.9
