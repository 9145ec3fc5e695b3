"""Arbitrary text and bytes into every loader: only the documented errors come out, and every record that
is accepted goes back to valid JSON that reads the same (issue 9).

Loaders: Game.from_code (InvalidCode / InvalidDeck), Game.play (IllegalMove), canfield.save.from_save
(InvalidSave), Stats.from_json (InvalidStats), Settings.read / from_json (never raise), and the shared
bounded reader canfield.jsonio.loads (InvalidJSON). bench/fuzz_loaders.py runs the same at volume.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from canfield import AmbiguousMove, ForbiddenMove, Game, IllegalMove, InvalidCode, InvalidDeck, InvalidMove, jsonio
from canfield.errors import InvalidJSON
from canfield.save import InvalidSave, from_save, to_save
from canfield.stats import InvalidStats, Stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static"))
from worker.settings import Settings

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# JSON-ish values, so that the fuzz reaches past the parser into the field checks.
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(["canfield-save", "canfield-stats", "CF1-D3-AAAAACL",
                                                           "S", "R-T2", "open", "won", "lost", "fr", "canfield-D3"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)


def _json_text(value):
    return json.dumps(value)  # may write NaN / Infinity: the loaders must refuse those


def _record_like(fmt, keys):
    """Records with the right format and keys, and arbitrary values: the field checks are the target."""
    return st.fixed_dictionaries({"format": st.just(fmt), "version": st.sampled_from([1, 2, True, 1.0, "1"])},
                                 optional={k: VALUES for k in keys})


TEXTS = st.one_of(st.text(max_size=200), st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
                  VALUES.map(_json_text))
BYTES = st.one_of(st.binary(max_size=200), TEXTS.map(lambda t: t.encode("utf-8", "surrogatepass")))


@FUZZ
@given(st.one_of(TEXTS, VALUES, st.from_regex(r"\A\s*(CF1|CL1|SH1|RB1|XX9)-D[0-9]-[A-Za-z0-9]{0,110}\s*\Z")))
@example("CF1-D3-" + "A" * 5000)
@example("CF1-D3-" + "QS" * 52)
def test_from_code_raises_only_invalid_code(text):
    try:
        game = Game.from_code(text)
    except (InvalidCode, InvalidDeck):
        return
    assert Game.from_code(game.code).state() == game.state()


MOVE_TEXT = st.one_of(
    st.text(max_size=30),
    st.from_regex(r"\A(S|W|R|F[0-9]?|T[0-9]?)(:[0-9]{1,6})?-(S|W|R|F[0-9]?|T[0-9]?)\Z"),
    st.tuples(VALUES, VALUES, VALUES),
    VALUES,
)


@FUZZ
@given(st.integers(0, 2000), st.lists(MOVE_TEXT, max_size=8))
@example(0, ["T1:" + "9" * 5000 + "-T2"])
def test_play_raises_only_illegal_move_and_changes_nothing_then(number, moves):
    game = Game.new(number=number, draw=1 + 2 * (number % 2))
    for move in moves:
        before = (game.state(), tuple(game.history), tuple(game.redo_moves), game.score)
        try:
            game.play(move)
        except IllegalMove as exc:
            assert isinstance(exc, (InvalidMove, AmbiguousMove, ForbiddenMove))
            assert (game.state(), tuple(game.history), tuple(game.redo_moves), game.score) == before


SAVE_KEYS = ("code", "moves", "redo", "id", "started", "seconds")


@FUZZ
@given(st.one_of(TEXTS, BYTES, _record_like("canfield-save", SAVE_KEYS).map(_json_text),
                 _record_like("canfield-save", SAVE_KEYS), VALUES))
def test_from_save_raises_only_invalid_save(data):
    try:
        game = from_save(data)
    except InvalidSave as exc:
        assert exc.reason in ("not-json", "too-deep", "too-large", "format", "version", "bad-field",
                              "bad-code", "bad-move")
        return
    text = json.dumps(to_save(game), allow_nan=False)
    assert from_save(text).state() == game.state()


STATS_KEYS = ("tables", "open", "recent", "epoch")
TABLE = st.fixed_dictionaries({f: st.one_of(st.integers(-2, 5), st.floats(), st.none(), VALUES)
                               for f in ("played", "won", "streak", "best_streak", "best_score", "fastest")})


@FUZZ
@given(st.one_of(TEXTS, BYTES, _record_like("canfield-stats", STATS_KEYS).map(_json_text),
                 st.builds(lambda t, o: _json_text({"format": "canfield-stats", "version": 1, "tables": {"k": t},
                                                   "open": o}),
                           TABLE, st.one_of(st.none(), st.fixed_dictionaries({"id": VALUES, "key": VALUES})))))
@example('{"format":"canfield-stats","version":1,"tables":{},"open":{"id":"x","key":[]}}')
@example(b"[" * 100_000)
def test_stats_from_json_raises_only_invalid_stats(data):
    try:
        stats = Stats.from_json(data)
    except InvalidStats as exc:
        assert exc.reason in ("not-json", "too-deep", "too-large", "format", "version", "bad-field")
        return
    text = stats.to_json()  # allow_nan=False inside: never Infinity or NaN
    json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} written"))
    again = Stats.from_json(text)
    assert again.to_json() == text
    for t in stats.tables.values():
        assert 0 <= t["won"] <= t["played"]


SETTINGS_KEYS = ("draw", "rules", "double_click", "auto_finish", "four_color", "large_cards", "winnable", "lang")


@FUZZ
@given(st.one_of(TEXTS, BYTES, st.fixed_dictionaries({}, optional={k: VALUES for k in SETTINGS_KEYS}).map(_json_text)))
@example('{"lang": []}')
def test_settings_never_raise_and_round_trip(text):
    got, sound = Settings.read(text, ("canfield", "classic"))
    assert isinstance(sound, bool)
    assert Settings.from_json(got.to_json(), ("canfield", "classic")) == got
    assert Settings.read(got.to_json(), ("canfield", "classic")) == (got, True)


@FUZZ
@given(st.one_of(TEXTS, BYTES, st.integers(1, 60).map(lambda n: "[" * n + "]" * n)))
def test_jsonio_raises_only_invalid_json(data):
    try:
        value = jsonio.loads(data)
    except InvalidJSON as exc:
        assert exc.reason in ("not-json", "too-deep", "too-large")
        return
    json.dumps(value, allow_nan=False)  # what is accepted is JSON again: no NaN, no Infinity


def test_jsonio_bounds():
    assert jsonio.loads("[" * 16 + "]" * 16) is not None
    for data, reason in (("[" * 17 + "]" * 17, "too-deep"), (b"{" * 100_000, "too-deep"),
                         ("1" * 5000, "not-json"), ("[1e999]", "not-json"), ("[NaN]", "not-json"),
                         ("x" * (jsonio.MAX_CHARS + 1), "too-large"), (b"\xff", "not-json"), (3, "not-json")):
        with pytest.raises(InvalidJSON) as exc:
            jsonio.loads(data)
        assert exc.value.reason == reason
