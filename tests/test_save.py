import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canfield import Game
from canfield.save import InvalidSave, dumps, from_save, to_save

from engine_helpers import seed_example_game


def test_round_trip_keeps_position_and_history():
    g = seed_example_game()
    for m in ("R-T2", "R-F", "T2-T4", "S", "S"):
        g.play(m)
    g.undo()
    g.undo()
    again = from_save(dumps(g))
    assert again.state() == g.state()
    assert again.history == g.history and again.redo_moves == g.redo_moves
    assert again.redo() and g.redo() and again.state() == g.state()


@settings(max_examples=40, deadline=None)
@given(number=st.integers(0, 26 ** 7 - 1), picks=st.lists(st.integers(0, 999), max_size=80),
       undos=st.integers(0, 20))
def test_round_trip_property(number, picks, undos):
    g = Game.new(number=number, draw=1 + 2 * (number % 2))
    for p in picks:
        legal = g.legal_moves()
        g.play(legal[p % len(legal)])
    for _ in range(undos):
        g.undo()
    again = from_save(json.loads(json.dumps(to_save(g))))
    assert (again.state(), again.history, again.redo_moves, again.code) == (g.state(), g.history, g.redo_moves, g.code)


@pytest.mark.parametrize(
    "data,words,reason",
    [
        ("\x00\xff garbage", "not JSON", "not-json"),
        (b"\xff\xfe", "not JSON", "not-json"),
        ("[]", "not a saved", "format"),
        ("[" * 100_000, "too deeply", "too-deep"),
        ('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": [}', "not JSON", "not-json"),
        ('{"format": "other"}', "not a saved", "format"),
        ({"format": "canfield-save", "version": 0, "code": "CF1-D3-AAAAACL", "moves": []}, "version", "version"),
        ({"format": "canfield-save", "version": "1", "code": "CF1-D3-AAAAACL", "moves": []}, "version", "version"),
        ({"format": "canfield-save", "version": 1, "code": "ZZ9-D3-AAAAACL", "moves": []}, "deal code", "bad-code"),
        ({"format": "canfield-save", "version": 1, "code": None, "moves": []}, "deal code", "bad-code"),
        ({"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL", "moves": "S"}, "list", "bad-field"),
        ({"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL", "moves": [3]}, "list", "bad-field"),
        ({"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL", "moves": ["S", "T1-R"]}, "move 2", "bad-move"),
        ({"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL", "moves": ["S"] * 100_001}, "more than", "bad-field"),
        ({"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL", "moves": ["T1:" + "9" * 5000 + "-T2"]},
         "move 1", "bad-move"),
        ('{"format": "canfield-save", "version": 1, "code": "CF1-D3-AAAAACL", "moves": [], "x": 1e999}',
         "not JSON", "not-json"),
        ("x" * 1_000_001, "too large", "too-large"),
        (b"[" * 100_000, "too deeply", "too-deep"),
    ],
)
def test_bad_saves(data, words, reason):
    with pytest.raises(InvalidSave) as exc:
        from_save(data)
    assert words in str(exc.value)
    assert exc.value.reason == reason
    assert isinstance(exc.value, ValueError)
