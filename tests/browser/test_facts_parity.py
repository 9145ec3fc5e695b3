"""The JS copies of Python functions give the Python functions' answers (issue 17, item 2).

The facts (keys, settings defaults and choices, look class names, languages) are data that
scripts/build_facts.py writes into index.html; what stays written in both languages is pinned here,
each on many inputs, in a plain page that loads only index.html's two data blocks, static/boot.js and
static/paint.js (no Python, no game: a few hundred milliseconds):

- static/boot.js `readSettings`         == static/worker/settings.py Settings.read(text)[0], field by field;
- static/paint.js's look classes        == Settings.read(text)[0].look_classes(), those on;
- static/boot.js `chooseLanguage`       == pick_language(query, Settings.read(stored)[0].lang, *browser),
                                           the candidates of static/worker/session.py's start;
- static/paint.js `hash`                == static/worker/snapshot.py save_hash;
- static/paint.js's card element markup == static/shared/cardface.py card_markup, every card, every language.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import sys
from dataclasses import asdict, fields
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "static"))
from worker.choices import offered_rulesets  # noqa: E402
from shared.cardface import card_markup  # noqa: E402
from worker.i18n import LANGUAGES, Translator, pick_language  # noqa: E402
from worker.settings import STORAGE_KEY, STORED_NAMES, Settings  # noqa: E402
from worker.snapshot import rank_table, save_hash  # noqa: E402

PAGE = "facts-parity.html"


def _block(html: str, block_id: str) -> str:
    match = re.search(r'<script type="application/json" id="' + block_id + r'">.*?</script>', html, re.S)
    assert match, f"index.html has no #{block_id} block"
    return match.group(0)


@pytest.fixture
def parity(page, server):
    """A page holding index.html's #facts and #boot-text blocks, the loading box boot.js writes to, and the
    two scripts; served from the game's origin so that the scripts load as on the page."""
    index = (REPO / "index.html").read_text(encoding="utf-8")
    body = ('<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
            + _block(index, "boot-text") + _block(index, "facts")
            + '<script src="./static/boot.js"></script></head><body>'
            + '<div id="boot"><p id="boot-msg"></p><div id="boot-bar"></div><button id="boot-retry"></button></div>'
            + '<script src="./static/paint.js"></script></body></html>')
    page.route(re.compile(re.escape(f"{server}/{PAGE}") + r"(\?.*)?$"), lambda route: route.fulfill(status=200, content_type="text/html", body=body))
    page.goto(f"{server}/{PAGE}")
    _loaded(page)
    page.wait_for_function("window.canfieldPaint && window.canfieldFacts.facts")
    return page


def _loaded(page) -> None:
    """boot.js has run and its fetch of the build's manifest (the byte counter's sizes) has ended: a page
    left before then aborts that fetch, which the teardown rightly counts as a failed request."""
    page.wait_for_function("""window.canfieldBoot && window.canfieldFacts && performance.getEntriesByType('resource')
                               .some(e => e.name.split('?')[0].endsWith('/static/vendor/manifest.json'))""")


# ---------------------------------------------------------------------------------- inputs

def _allowed(name: str) -> list:
    return {"draw": [1, 3], "rules": list(offered_rulesets()), "lang": ["", *LANGUAGES], "theme": ["auto", "light", "dark", "contrast"],
            "back": ["blue", "red", "green"], "table": ["green", "blue", "red"]}.get(name, [True, False])


def _values(name: str) -> list:
    """Values a stored field may hold: every allowed one and the near misses of each type."""
    near = [None, [], {}, [1], {"a": 1}, "", "x", 0, -1, 2, 1.5, True, False, "1", "3", "FR", "fr ", " fr", "fr-BE",
            "constructor", "__proto__", "toString", "sepia", "gold"]
    return _allowed(name) * 3 + near


def settings_texts() -> list[str]:
    rng = random.Random(17)
    names = [f.name for f in fields(Settings)]
    texts = ["", "{", "}", "[]", "null", '"x"', "1", "true", "{}", " {} ", "\ufeff{}", "{'draw': 1}", '{"draw": 1,}',
             "NaN", '{"draw": NaN}', '{"draw": Infinity}', '{"lang": "nl" /* */}', "[" * 100_000]
    # written by the page itself, with every field random
    for _ in range(150):
        texts.append(Settings(**{n: rng.choice(_allowed(n)) for n in names}).to_json())
    # hand-made or corrupted: a few fields, each of any type
    stored = names + list(STORED_NAMES.values())   # a record may name a field by its stored name too
    for _ in range(600):
        picked = rng.sample(stored, rng.randint(1, 6))
        record = {n: rng.choice(_values(n)) for n in picked}
        if rng.random() < 0.3:
            record["version"] = rng.choice([1, 2, "1", None, 1.0])
        if rng.random() < 0.2:
            record["extra"] = rng.choice([{"lang": "fr"}, ["draw", 1], "x" * 50])
        texts.append(json.dumps(record, separators=rng.choice([(",", ":"), (", ", ": ")])))
    # the JSON Python and JavaScript read differently
    texts += [
        '{"draw": 1.0}', '{"draw": 1e0}', '{"draw": 10e-1}', '{"draw": 3.0, "lang": "fr"}', '{"draw": -0}',
        '{"draw": 1, "draw": 3}', '{"lang": "fr", "lang": "nl"}', '{"l\\u0061ng": "nl"}', '{"lang": "\\u0066r"}',
        '{"lang": "nl", "x": 1e999}', '{"lang": "nl", "x": -1e999}', '{"lang": "nl", "x": 1e308}',
        '{"lang": "nl", "x": ' + "9" * 400 + "}", '{"lang": "nl", "x": ' + "9" * 4300 + "}",
        '{"lang": "nl", "x": ' + "9" * 4301 + "}", '{"lang": "nl", "x": -' + "9" * 4300 + "}",
        '{"lang": "nl", "x": ' + "9" * 400 + ".5}", '{"__proto__": {"lang": "fr"}, "draw": 1}',
        '{"constructor": 1, "toString": 2, "lang": "fr"}', '{"lang": "nl", "x": "[[[[[[[[[[[[[[[[[[[[[["}',
        '{"lang": "nl", "x": "\\"[[[[[[[[[[[[[[[[[[[[[[["}', '{"lang": "nl", "x": "\\\\", "y": "[[[[[[[[[[[[[[[[[[["}',
        '{"lang": "fr", "x": "unterminated [[[[[[[[[[[[[[[[[[[[[[[[[', '{"lang": "fr"}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    ]
    for depth in (14, 15, 16, 17, 40):
        texts.append('{"lang": "fr", "x": ' + "[" * depth + "]" * depth + "}")
        texts.append('{"lang": "fr", "x": ' + '{"a":' * depth + "1" + "}" * depth + "}")
    # the size limit, counted in characters (code points) as Python does: an emoji is one, not two
    base = '{"lang": "nl", "pad": "'
    for n in (4094, 4095, 4096, 4097, 5000):
        for pad in ("x", "\U0001F600", "é"):
            texts.append(base + pad * (n - len(base) - 2) + '"}')
    return texts


def language_cases() -> list[tuple]:
    queries = [None, "", "fr", "FR", "nl", " nl ", "nl ", "\tEN\n", "fr-BE", "nl_NL", "en-US", "de", "pt-BR",
               "constructor", "__proto__", "toString", "hasOwnProperty", "\x1cfr", "\x85nl", "\u3000en",
               "\ufefffr", "\u200bfr", "\u180enl", "\xa0fr\xa0", "-fr", "fr-", "_nl", "fr_be", "FR-be", "français"]
    stored = [None, "", Settings(lang="fr").to_json(), Settings(lang="nl").to_json(), Settings(lang="").to_json(),
              '{"lang": "fr-BE"}', '{"lang": ["nl"]}', '{"lang": 5}', '{"lang": "NL"}', '{"lang": " fr"}',
              '{"lang": "nl", "draw": 2}', '{"lang": "nl", "x": 1e999}', "{", '["nl"]',
              '{"lang": "nl", "x": ' + "[" * 17 + "]" * 17 + "}"]
    browsers = [[], [None], ["de-DE"], ["fr-CA", "en"], ["nl"], ["", "EN"], ["pt", "zh-Hans-CN", "nl-BE"],
                ["constructor", "fr"], [" en-GB", "nl"], ["de", None]]
    return [(q, s, b) for q, s, b in itertools.product(queries, stored, browsers)]


def hash_texts() -> list[str]:
    rng = random.Random(5)
    out = ["", "a", "é", "😀", "\u0000", "\uffff", "€" * 50, Settings(lang="fr").to_json()]
    pool = [chr(c) for c in (*range(0x20, 0x7F), 0xE9, 0x2665, 0x1F600, 0x10FFFF, 0xFFFD, 0x0, 0xD7FF, 0xE000)]
    for n in (1, 2, 3, 8, 64, 500, 5000):
        for _ in range(12):
            out.append("".join(rng.choice(pool) for _ in range(n)))
    return out


# ---------------------------------------------------------------------------------- the comparisons

def _py_settings(text):
    return asdict(Settings.read(text, tuple(offered_rulesets()))[0])


def test_the_settings_reader_and_the_look_classes_equal_python(parity):
    texts = settings_texts()
    got = parity.evaluate("""texts => texts.map(t => [window.canfieldFacts.readSettings(t),
                                                       window.canfieldPaint.look(t)])""", texts)
    assert len(texts) > 800
    kept = 0
    for text, (js, look) in zip(texts, got):
        py = _py_settings(text)
        assert js == py, text[:200]
        s = Settings(**py)
        assert look == sorted(k for k, on in s.look_classes().items() if on), text[:200]
        kept += py != asdict(Settings())
    assert kept > 300   # most inputs change a field: the comparison is not between defaults


def test_the_language_choice_equals_pick_language(parity):
    cases = language_cases()
    got = parity.evaluate("cases => cases.map(([q, s, b]) => window.canfieldFacts.chooseLanguage(q, s, b))",
                          [list(c) for c in cases])
    assert len(cases) > 3000
    seen = set()
    for (query, stored, browser), js in zip(cases, got):
        py = pick_language(query, Settings.read(stored, tuple(offered_rulesets()))[0].lang, *browser)
        assert js == py, (query, stored, browser)
        seen.add(py)
    assert seen == set(LANGUAGES)


def test_the_language_of_a_real_load_is_the_choice(parity, server):
    """The language boot.js picks as the page loads is chooseLanguage of the address, storage and browser."""
    parity.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, Settings(lang="nl").to_json()])
    for query, want in (("", "nl"), ("?lang=fr", "fr"), ("?lang=%20en+", "en"), ("?lang=de", "nl")):
        parity.goto(f"{server}/{PAGE}{query}")
        _loaded(parity)
        assert parity.evaluate("window.canfieldBoot.lang") == want, query
        assert parity.evaluate("document.documentElement.lang") == want, query


def test_the_save_hash_equals_save_hash(parity):
    texts = hash_texts()
    got = parity.evaluate("texts => texts.map(t => window.canfieldPaint.hash(t))", texts)
    assert len(set(got)) == len(set(texts)) > 80
    for text, js in zip(texts, got):
        assert js == save_hash(text), text[:80]


def test_the_card_markup_equals_card_markup(parity):
    codes = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    cases = [(code, rank_table(Translator(lang))) for lang in LANGUAGES for code in codes]
    got = parity.evaluate("cases => cases.map(([c, r]) => window.canfieldPaint.cardMarkup(c, r))",
                          [list(c) for c in cases])
    for (code, ranks), js in zip(cases, got):
        assert js == card_markup(code, ranks), code
