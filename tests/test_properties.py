"""Properties over random play with random undo and redo, for every rule set and draw."""

from hypothesis import given, settings
from hypothesis import strategies as st

from canfield import RULESETS, Game, IllegalMove

from engine_helpers import all_cards

ACTIONS = st.lists(st.tuples(st.sampled_from(["play", "play", "play", "undo", "redo"]), st.integers(0, 10_000)),
                   max_size=120)


def invariants(game):
    cards = all_cards(game)
    assert sorted(c.index for c in cards) == list(range(52 * game.rules.decks))  # several decks: every copy once
    if game.rules.scoring == "casino":  # the stake of 52 against 5 a card on the foundations
        assert game.score == 5 * sum(map(len, game.foundations)) - 52
    else:
        assert game.score >= 0
        assert game.score % 5 == 0
    rules = game.rules
    for col in game.tableau:
        for n, (a, b) in enumerate(zip(col, col[1:])):
            if n + 1 < len(rules.column_deal):  # dealt there (Minerva, Candike): no build between them
                continue
            if rules.build == "rank":
                assert a.rank == b.rank
                continue
            assert b.rank == (a.rank - 2) % 13 + 1 and (rules.wrap or b.rank == a.rank - 1)
            if rules.alternate:
                assert a.red != b.red
            if rules.build == "suit":
                assert a.suit == b.suit
        if rules.column_max is not None:
            assert len(col) <= rules.column_max
    if any(game.reserves) and rules.refills:  # an emptied column is filled at once from a reserve
        assert all(game.tableau)
    for i, f in enumerate(game.foundations):
        for n, c in enumerate(f):
            if rules.foundation == "set":
                assert c.rank == f[n - n % 4].rank
            elif rules.foundation == "up_down":
                assert c.suit == game.foundation_suits[i] and c.rank == (n + 1 if i < 4 else 13 - n)
            else:
                assert game.foundation_suits[i] in (None, c.suit)
                assert c.rank == (game.base_rank - 1 + n) % 13 + 1


@settings(max_examples=150, deadline=None)
@given(number=st.integers(0, 26 ** 7 - 1), draw=st.sampled_from([1, 3]),
       rules=st.sampled_from(list(RULESETS)), actions=ACTIONS)
def test_random_play_undo_redo(number, draw, rules, actions):
    game = Game.new(draw=draw, rules=rules, number=number)
    states = [game.state()]  # states[i]: the position after i moves of the current line
    played = []  # played[i]: the move that led to states[i + 1]
    undone = []  # (state, move) taken back, last undone last
    invariants(game)
    for kind, pick in actions:
        if kind == "play":
            legal = game.legal_moves()
            if not legal:
                continue
            move = legal[pick % len(legal)]
            query = game.state()
            game.legal_moves()
            assert game.state() == query  # a query changes nothing
            played.append(game.play(move))
            states.append(game.state())
            undone.clear()
        elif kind == "undo":
            took = game.undo()  # the move taken back, None when there is none
            assert took == (played[-1] if played else None)
            if took is not None:
                undone.append((states.pop(), played.pop()))
                assert game.state() == states[-1]
        else:
            again = game.redo()  # the move played again, None when there is none
            assert again == (undone[-1][1] if undone else None)
            if again is not None:
                state, move = undone.pop()
                states.append(state)
                played.append(move)
                assert game.state() == states[-1]
        invariants(game)
        assert len(game.history) == len(states) - 1


@settings(max_examples=60, deadline=None)
@given(number=st.integers(0, 26 ** 7 - 1), rules=st.sampled_from(list(RULESETS)),
       picks=st.lists(st.integers(0, 1000), max_size=60))
def test_every_legal_move_plays_and_notation_round_trips(number, rules, picks):
    game = Game.new(rules=rules, number=number)
    for pick in picks:
        legal = game.legal_moves()
        for m in legal:
            assert game.parse_move(str(m)) == m
            assert game.is_legal(m)
        if not legal:
            break
        game.play(str(legal[pick % len(legal)]))


@settings(max_examples=60, deadline=None)
@given(number=st.integers(0, 26 ** 7 - 1), picks=st.lists(st.integers(0, 1000), max_size=40),
       src=st.sampled_from(["S", "W", "R", "F1", "F2", "F3", "F4", "T1", "T2", "T3", "T4"]),
       dst=st.sampled_from(["W", "R", "F1", "F2", "F3", "F4", "T1", "T2", "T3", "T4"]),
       count=st.integers(1, 14))
def test_illegal_moves_raise_and_change_nothing(number, picks, src, dst, count):
    game = Game.new(number=number)
    for pick in picks:
        legal = game.legal_moves()
        game.play(legal[pick % len(legal)])
    from canfield import Move

    move = Move(src, dst, count)
    assert game.is_legal(move) == (move in game.legal_moves())
    for m in game.legal_moves():
        assert game.is_legal(m)
    before = game.state(), game.history
    if move in game.legal_moves():
        return
    try:
        game.play(move)
    except IllegalMove as exc:
        assert str(exc)
    else:
        raise AssertionError(f"{move} was played though it is not legal")
    assert (game.state(), game.history) == before


@settings(max_examples=40, deadline=None)
@given(number=st.integers(0, 26 ** 7 - 1), picks=st.lists(st.integers(0, 1000), max_size=80))
def test_copy_is_independent_and_undo_all_returns_to_deal(number, picks):
    game = Game.new(number=number)
    start = game.state()
    for pick in picks:
        legal = game.legal_moves()
        game.play(legal[pick % len(legal)])
    mid = game.state()
    twin = game.copy()
    assert twin.state() == mid and twin.history == game.history
    while game.undo():
        pass
    assert game.state() == start
    assert twin.state() == mid  # the copy did not move with the original


@settings(max_examples=80, deadline=None)
@given(number=st.integers(0, 26 ** 7 - 1), rules=st.sampled_from(list(RULESETS)), draw=st.sampled_from([1, 3]),
       picks=st.lists(st.integers(0, 1000), max_size=150))
def test_is_legal_agrees_with_legal_moves_everywhere(number, rules, draw, picks):
    from canfield import Move

    game = Game.new(number=number, rules=rules, draw=draw)
    for step, pick in enumerate(picks):
        legal = game.legal_moves()
        if step % 10 == 0 or not legal:
            listed = set(legal)
            for src in game.pile_names:
                for dst in game.pile_names:
                    for count in range(1, 35):
                        m = Move(src, dst, count)
                        assert game.is_legal(m) == (m in listed), (m, game.state())
        if not legal:
            break
        game.play(legal[pick % len(legal)])
