"""The page's Python tested where it runs: its pure functions (the hash and link decoding, the start
message, the stored texts it reads and writes, the protocol's codec) called under MicroPython itself
(the page's vendored runtime and compiled modules, through node: tests/micropython_page.py) and under
CPython with the same hypothesis-made inputs, hostile ones first; the answers must be the same and never
a crash. (Under CPython alone the old percent-decoding passed while it raised on the page.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import ui_vocab_checks
from micropython_page import MicroPythonPage, available, cpython, same
from shared import vocab

pytestmark = pytest.mark.skipif(available() is not None, reason=str(available()))

EXAMPLES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def mpy():
    page = MicroPythonPage()
    yield page
    page.close()


def both(mpy, fn, *args, json_text=False):
    """The call's answer under both Pythons: the same, and no crash."""
    on_page, here = mpy.call(fn, *args), cpython(fn, *args)
    assert "crash" not in on_page, on_page
    assert same(on_page, here, json_text), (fn, args, on_page, here)
    assert "error" not in here or here["error"] == "ValueError", (fn, args, here)
    return here


# ---- hostile text (no lone surrogates: neither JSON nor a browser's address hands one over) -------

chars = st.characters(exclude_categories=("Cs",))
texts = st.text(chars, max_size=40)
percent = st.binary(min_size=1, max_size=6).map(lambda b: "".join("%%%02x" % x if x & 1 else "%%%02X" % x for x in b))
broken_percent = st.sampled_from(["%", "%%", "%Z", "%4", "%G0", "%25", "%E0%A0", "%ED%A0%80", "%F4%90%80%80",
                                  "%C0%AF", "%FF", "%3C", "%3Cscript%3E", "%00"])
hashes = st.lists(st.one_of(texts, percent, broken_percent), max_size=12).map("".join).flatmap(
    lambda h: st.sampled_from([h, "#" + h]))


@EXAMPLES
@given(hashes)
def test_a_hash_decodes_alike_on_the_page(mpy, h):
    assert both(mpy, "code_from_hash", h)["ok"] is not None


def test_the_issues_hashes_and_a_long_one_decode_alike_on_the_page(mpy):
    for h in ("#%3Cscript%3E", "#%3Cimg%20src=x%20onerror=alert(1)%3E", "#caf%C3%A9%20%E2%99%A0", "#%E0%A0" * 3,
              "#" + "%41" * 30_000, "#" + "A" * 100_000):
        both(mpy, "code_from_hash", h)


finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9)


@EXAMPLES
@given(finite, finite, hashes, texts, st.lists(texts, max_size=5), texts, st.booleans(), st.booleans(), finite,
       st.one_of(st.just(""), texts))
def test_the_start_message_is_built_alike_on_the_page(mpy, w, h, hash_text, lang, languages, painted, coarse,
                                                      reduced, dock, kept):
    got = both(mpy, "start_message", w, h, hash_text, lang, languages, painted, coarse, reduced, dock, kept,
               json_text=True)
    assert "ok" in got and vocab.decode(got["ok"]).kind == "Start"


# ---- stored texts: the saved game patched as the page is left, another page's write ------------------

json_values = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | finite | texts,
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
                           max_leaves=12)
saves = st.one_of(
    st.none(), texts, st.just(""), st.just("{nope"), st.just("[" * 3000),
    st.dictionaries(st.sampled_from(["seconds", "code", "moves", "format"]), json_values, max_size=4).map(json.dumps),
    st.builds(lambda s, rest: json.dumps(dict(rest, seconds=s)), finite | st.integers(-10**6, 10**6),
              st.dictionaries(texts, json_values, max_size=3)),
    st.integers(30_000, 99_000).map(lambda n: json.dumps({"seconds": 1.5, "pad": "é" * n}, ensure_ascii=False)),
    st.integers(30_000, 99_000).map(lambda n: json.dumps({"seconds": 1.5, "pad": "\x01" * n})))


@EXAMPLES
@given(saves, st.floats(min_value=0, max_value=1e9, allow_nan=False))
@example(json.dumps({"seconds": 1.5}), 0.35)   # MicroPython's round(0.35, 1) is 0.4, CPython's 0.3
@example(json.dumps({"seconds": 1.5}), 132.99)
def test_the_saved_games_time_is_written_alike_on_the_page(mpy, text, seconds):
    both(mpy, "with_seconds", text, seconds, json_text=True)


@EXAMPLES
@given(st.one_of(st.sampled_from(["canfield.save", "canfield.stats", "canfield.settings", "canfield.snapshot"]),
                 texts, st.none()), st.one_of(st.none(), texts, saves))
def test_another_pages_write_is_read_alike_on_the_page(mpy, key, value):
    both(mpy, "stored_message", key, value, json_text=True)


@EXAMPLES
@given(st.dictionaries(texts, texts, max_size=4), texts, st.dictionaries(st.text("abcxyz_", min_size=1, max_size=5),
                                                                         texts | st.integers(), max_size=3))
def test_a_message_is_translated_alike_on_the_page(mpy, table, key, values):
    both(mpy, "translate", table, key, values)


# ---- the protocol's codec: every field of every kind mutated -----------------------------------------

SAMPLES = [json.loads(vocab.encode(v)) for v in ui_vocab_checks.samples(vocab)]
SAMPLES.append(json.loads(vocab.encode(vocab.Start(390.0, 844.0, save="{}", languages=("fr",), aside=("x",)))))


REPLIES = [s for s in SAMPLES if s["kind"] == "Reply"]


@st.composite
def mutated(draw, samples=SAMPLES):
    data = dict(draw(st.sampled_from(samples)))
    fields = [k for k in data if k != "kind"]
    how = draw(st.sampled_from(["value", "drop", "add", "kind"] if fields else ["add", "kind"]))
    if how == "value":
        data[draw(st.sampled_from(fields))] = draw(json_values)
    elif how == "drop":
        del data[draw(st.sampled_from(fields))]
    elif how == "add":
        data[draw(texts)] = draw(json_values)
    else:
        data["kind"] = draw(json_values | st.sampled_from([s["kind"] for s in SAMPLES]))
    return json.dumps(data, ensure_ascii=False)     # as the worker writes (static/worker/session.py)


@EXAMPLES
@given(mutated())
def test_a_mutated_protocol_text_is_read_alike_on_the_page(mpy, text):
    both(mpy, "decode", text, json_text=True)


@EXAMPLES
@given(mutated(REPLIES))
def test_a_mutated_reply_is_read_alike_by_the_page(mpy, text):
    """The worker's reply, every field mutated: the page's `read_reply` takes it or refuses it (ValueError),
    under MicroPython as under CPython."""
    both(mpy, "read_reply", text, json_text=True)


NESTED = ("dialog", "replay", "analysis", "cascade", "page", "counters", "marks")
WITH_VALUES = [r for r in REPLIES if any(isinstance(r[n], dict) for n in NESTED)]


@st.composite
def mutated_inside(draw):
    """A reply with one of its typed values (a dialog, the replay bar, the #analysis panel, the cascade, the
    page's facts...) mutated inside: a field's value, a field dropped or added, the dialog's name changed,
    a value of a nested list or object."""
    reply = json.loads(json.dumps(draw(st.sampled_from(WITH_VALUES))))
    name = draw(st.sampled_from([n for n in NESTED if isinstance(reply.get(n), dict)]))
    value = reply[name]
    fields = list(value)
    how = draw(st.sampled_from(["value", "drop", "add", "inner"]))
    if how == "value":
        value[draw(st.sampled_from(fields))] = draw(json_values | st.sampled_from(
            ["win", "new", "stats", "rules", "settings", "confirm", None, True, 3, 2.5, [], {}]))
    elif how == "drop":
        del value[draw(st.sampled_from(fields))]
    elif how == "add":
        value[draw(texts | st.sampled_from(["kind", "name", "open", "on"]))] = draw(json_values)
    else:
        inner = [k for k in fields if isinstance(value[k], (list, dict)) and value[k]]
        if not inner:
            value[draw(st.sampled_from(fields))] = None
        else:
            box = value[draw(st.sampled_from(inner))]
            key = draw(st.sampled_from(list(box) if isinstance(box, dict) else list(range(len(box)))))
            box[key] = draw(json_values)
    return json.dumps(reply, ensure_ascii=False)


@EXAMPLES
@given(mutated_inside())
def test_a_reply_with_a_typed_value_mutated_inside_is_read_alike_by_the_page(mpy, text):
    """The reply's typed values, mutated inside: taken or refused (ValueError) alike under both Pythons."""
    both(mpy, "read_reply", text, json_text=True)


def test_every_typed_value_of_the_reply_reads_alike_on_the_page(mpy):
    """Each dialog, the replay bar on and off, the #analysis panel open and closed, the cascade: the page's
    MicroPython reads them to the same values as CPython (the same text back)."""
    seen = set()
    for r in REPLIES:
        got = both(mpy, "read_reply", json.dumps(r, ensure_ascii=False), json_text=True)
        assert vocab.decode(got["ok"]) == vocab.decode(json.dumps(r))
        seen |= {type(getattr(vocab.decode(got["ok"]), n)).__name__ for n in NESTED}
    assert seen >= {c.__name__ for c in vocab.DIALOGS.values()} | {"ReplayBar", "AnalysisPanel", "Cascade"}


def test_the_page_reads_only_replies(mpy):
    assert REPLIES and all("ok" in both(mpy, "read_reply", json.dumps(r), json_text=True) for r in REPLIES)
    assert both(mpy, "read_reply", vocab.encode(vocab.Tap("stock"))) == {"error": "ValueError"}


def test_every_kind_reads_alike_on_the_page_and_bad_texts_are_refused(mpy):
    for sample in SAMPLES:
        assert "ok" in both(mpy, "decode", json.dumps(sample, ensure_ascii=False), json_text=True)
    for bad in ui_vocab_checks.BAD_TEXTS:
        assert both(mpy, "decode", bad) == {"error": "ValueError"}, bad


@EXAMPLES
@given(st.one_of(texts, json_values.map(json.dumps)))
def test_any_text_as_a_view_is_read_alike_on_the_page(mpy, text):
    both(mpy, "decode_view", text)
