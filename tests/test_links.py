"""Game links (canfield.links, issue 20 item 4): random games of every rule set round-trip through a link,
and any damaged or made-up link raises InvalidLink only, changing nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from canfield import RULESETS, CanfieldError, Game, InvalidLink, links
from canfield.deal import MAX_NUMBER
from engine_helpers import random_game

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULE_NAMES = sorted(RULESETS)


@FUZZ
@given(st.sampled_from(RULE_NAMES), st.integers(0, MAX_NUMBER), st.integers(0, 2**32), st.integers(0, 250),
       st.booleans())
def test_random_games_round_trip(rules, number, seed, length, explicit):
    game = random_game(rules, number, seed, length)
    if explicit:  # an explicit 104-character deal instead of a number
        game = _replay_on(Game.from_deck([c.code for c in game.deck], draw=game.draw, rules=rules), game.history)
    text = links.encode(game)
    assert links.is_link(text)
    assert all(ch.isalnum() or ch in "-." for ch in text)  # URL-safe: unreserved characters only
    back = links.decode(text)
    assert back.code == game.code
    assert back.history == game.history and back.state() == game.state() and not back.can_redo
    assert links.encode(back) == text
    # history kept: undoing everything comes back to the deal, and redo plays the same moves again
    while back.undo():
        pass
    assert back.state() == Game.from_code(game.code).state()
    while back.redo():
        pass
    assert back.state() == game.state()


def _replay_on(game, moves):
    for m in moves:
        game.play(m)
    return game


@given(st.sampled_from(RULE_NAMES), st.integers(0, 2**32), st.integers(-10**6, 10**6), st.integers(0, 10**6),
       st.booleans())
@settings(max_examples=60, deadline=None)
def test_result_and_deal_alone(rules, seed, score, count, with_moves):
    game = random_game(rules, seed % MAX_NUMBER, seed, 30)
    link = links.read(links.encode(game, moves=with_moves, result=(score, count)))
    assert (link.score, link.moves) == (score, count)
    assert link.game.history == (game.history if with_moves else ())
    assert links.read(links.encode(game)).score is None


def test_the_format_is_pinned():
    # a link written today must read the same forever: this one is spelled out by hand from docs/engine.md
    game = links.decode("G1.CF1-D3-AAAAACL.SSS")
    assert [str(m) for m in game.history] == ["S", "S", "S"]
    game = Game.from_code("CF1-D3-AAAAACL")
    game.play("S")
    assert links.encode(game, result=(0, 1)) == "G1.CF1-D3-AAAAACL.S.s0m1"
    assert links.encode(game, moves=False) == "G1.CF1-D3-AAAAACL."


def _a_tail_and_a_take_back():
    """A game whose history has a tail of several cards, a recycle and a foundation take-back."""
    for number in range(2000):
        game = Game.new(rules="canfield", draw=1, number=number)
        rnd = random.Random(number)
        seen = set()
        for _ in range(400):
            moves = game.legal_moves()
            if not moves:
                break
            move = rnd.choice(moves)
            game.play(move)
            if move.count and move.count > 1 and move.src[0] == "T":
                seen.add("tail")
            seen.add("recycle" if move.is_recycle else "takeback" if move.src[0] == "F" else "")
            if {"tail", "recycle", "takeback"} <= seen:
                return game
    raise AssertionError("no game found")


def test_every_kind_of_move_round_trips():
    game = _a_tail_and_a_take_back()
    text = links.encode(game)
    assert links.decode(text).history == game.history


BAD = [
    "", "G", "G1", "G1.", "G2.CF1-D3-AAAAACL.", "G1.CF1-D3-AAAAACL", "G1.CF9-D3-AAAAACL.", "G1.CF1-D3-AAAAACL.Z",
    "G1.CF1-D3-AAAAACL.Rr.s1", "G1.CF1-D3-AAAAACL..s1m", "G1.CF1-D3-AAAAACL.S.s1m2.x", "G1.CF1-D3-AAAAACL.Wa",
    "G1.CF1-D3-AAAAACL.RS", "G1.CF1-D3-AAAAACL.2Ra", "G1.CF1-D3-AAAAACL.3qa", "G1.CF1-D3-AAAAACL.WS",
    "G1.CF1-D3-AAAAACL..s99999999m1", "G1.CF1-D3-AAAAACL..s1000001m1", "G1.CF1-D3-AAAAACL.S.s1m1000001",
    "G1.CF1-D1-AAAAACL." + ("S" * 34 + "WS") * 150,  # draws and recycles for ever: a bound on the moves
    "G1.CF1-D3-AAAAACL.S" + " " * links.MAX_LENGTH,  # a good link, but too long to read
    "G1.CF1-D3-AAAAACL.q", "G1.CF1-D3-AAAAACL.xq", "CF1-D3-AAAAACL", None, 3, b"G1.CF1-D3-AAAAACL.",
]


@pytest.mark.parametrize("text", BAD, ids=[repr(t)[:40] for t in BAD])
def test_bad_links_raise_invalid_link(text):
    with pytest.raises(InvalidLink) as info:
        links.read(text)
    assert isinstance(info.value, CanfieldError) and isinstance(info.value, ValueError) and str(info.value)


LINK_CHARS = st.sampled_from(list("GSWRabcdefghijklmnopqrstuvwx0123456789.-sm") + ["CF1-D3-AAAAACL", "G1."])


@FUZZ
@given(st.one_of(st.text(max_size=80), st.lists(LINK_CHARS, max_size=40).map("".join),
                 st.tuples(st.sampled_from(RULE_NAMES), st.integers(0, 2**20), st.integers(0, 40),
                           st.integers(0, 200), st.text(max_size=3)).map(lambda t: _damaged(*t))))
@example("G1.CF1-D3-AAAAACL.SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS")
def test_fuzzed_links_raise_only_invalid_link(text):
    try:
        link = links.read(text)
    except InvalidLink:
        return
    # accepted: it reads back to itself (up to the canonical spelling of its moves)
    again = links.read(links.encode(link.game, result=None if link.score is None else (link.score, link.moves)))
    assert again.game.state() == link.game.state() and again.score == link.score


def _damaged(rules, seed, length, at, junk):
    """A good link with a few characters replaced: the most likely kind of bad link (a cut or mistyped URL)."""
    text = links.encode(random_game(rules, seed, seed, length))
    at %= len(text) + 1
    return text[:at] + junk + text[at + len(junk):]


def test_the_documented_example_reads_as_documented():
    link = links.read("G1.CF1-D3-AAAAACL.trRtSSSSWdS.s5m8")
    assert [str(m) for m in link.game.history] == ["T4-T2", "R-T4", "S", "S", "S", "S", "W-F4", "S"]
    assert (link.score, link.moves) == (5, 8) == (link.game.score, len(link.game.history))
