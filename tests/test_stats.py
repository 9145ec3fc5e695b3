import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canfield.stats import MAX_SECONDS, InvalidStats, Stats, key


def test_counts_streaks_and_bests():
    s = Stats()
    k = key("canfield", 3)
    assert k == "canfield-D3"
    assert s.table(k)["played"] == 0 and s.table(k)["rate"] == 0.0
    s.start(k, "g1")
    assert s.win("g1", 255, 300.04)
    assert not s.win("g1", 255, 10)  # a win is recorded once
    s.start(k, "g2")
    s.start(k, "g2")  # the same game twice counts once
    assert s.win("g2", 240, 200)
    s.start(k, "g3")
    s.start(k, "g4")  # starting another game abandons g3: a loss
    t = s.table(k)
    assert (t["played"], t["won"], t["streak"], t["best_streak"]) == (4, 2, 0, 2)
    assert t["best_score"] == 255 and t["fastest"] == 200 and t["rate"] == 0.5
    assert s.abandon("g4") and not s.abandon("g4")
    assert s.table(key("classic", 1))["played"] == 0


def test_json_round_trip_keeps_the_open_game():
    s = Stats()
    s.start("canfield-D1", "a")
    s.win("a", 255, 99.5)
    s.start("canfield-D1", "b")
    again = Stats.from_json(s.to_json())
    assert again.tables == s.tables and again.open == s.open
    again.start("canfield-D1", "c")  # after a reload, the open game b is a loss
    assert again.table("canfield-D1")["streak"] == 0


@pytest.mark.parametrize(
    "text,words,reason",
    [
        ("nope", "not JSON", "not-json"),
        (None, "not JSON", "not-json"),
        ("{" * 50_000, "too deeply", "too-deep"),
        ('{"format": "x"}', "not a Canfield", "format"),
        ('{"format": "canfield-stats", "version": 4, "tables": {}}', "version", "version"),
        ('{"format": "canfield-stats", "version": 1, "tables": []}', "no tables", "bad-field"),
        ('{"format": "canfield-stats", "version": 1, "tables": {"k": {"played": 1}}}', "exactly", "bad-field"),
        ('{"format": "canfield-stats", "version": 1, "tables": {"k": {"played": 1, "won": 2, "streak": 0, '
         '"best_streak": 0, "best_score": 5, "fastest": 3}}}', "add up", "bad-field"),
        ('{"format": "canfield-stats", "version": 1, "tables": {"k": {"played": -1, "won": 0, "streak": 0, '
         '"best_streak": 0, "best_score": null, "fastest": null}}}', ">= 0", "bad-field"),
        ('{"format": "canfield-stats", "version": 1, "tables": {"k": {"played": 1, "won": 0, "streak": 0, '
         '"best_streak": 0, "best_score": 5, "fastest": null}}}', "at least one win", "bad-field"),
        ('{"format": "canfield-stats", "version": 1, "tables": {}, "open": {"id": 1, "key": "x"}}', "open game", "bad-field"),
    ],
)
def test_bad_imports(text, words, reason):
    with pytest.raises(InvalidStats) as exc:
        Stats.from_json(text)
    assert words in str(exc.value)
    assert exc.value.reason == reason


def _table(**kw):
    t = {"played": 1, "won": 1, "streak": 1, "best_streak": 1, "best_score": 5, "fastest": 3}
    t.update(kw)
    return '{"format": "canfield-stats", "version": 1, "tables": {"k": %s}}' % json.dumps(t).replace("Infinity", "1e999")


@pytest.mark.parametrize(
    "text",
    [
        _table(fastest=float("inf")),                     # 1e999: inf once parsed
        _table().replace('"fastest": 3', '"fastest": Infinity'),
        _table().replace('"fastest": 3', '"fastest": NaN'),
        _table(fastest=MAX_SECONDS + 1),                  # longer than ten years
        _table(best_score=10**7),
        _table(played=10**10, won=1),
        _table(fastest=True),
        '{"format":"canfield-stats","version":1,"tables":{},"open":{"id":"x","key":[]}}',   # defect 3
        '{"format":"canfield-stats","version":2,"tables":{},"recent":[{"id":"x","key":[],"at":0,"state":"won"}]}',
        '{"format":"canfield-stats","version":2,"tables":{},"recent":[{"id":"x","key":"k","at":0,"state":[]}]}',
        '{"format":"canfield-stats","version":2,"tables":{"k":{"played":0,"won":0,"streak":0,"best_streak":0,'
        '"best_score":null,"fastest":null}},"recent":[{"id":"x","key":"k","at":0,"state":"open"}]}',
        '{"format":"canfield-stats","version":2,"tables":{},"epoch":1e999}',
        '{"format":"canfield-stats","version":true,"tables":{}}',
        b"[" * 100_000,                                     # defect 3: bytes are depth-checked too
        "[" * 100_000,
        "x" * 1_000_001,
    ],
)
def test_only_finite_sane_statistics_are_read(text):
    with pytest.raises(InvalidStats) as exc:
        Stats.from_json(text)
    assert exc.value.reason in ("not-json", "too-deep", "too-large", "format", "version", "bad-field")


def test_to_json_is_always_json():
    s = Stats()
    s.start("k", "a", at=1.0)
    s.win("a", 255, float("inf"))  # a clock gone wrong still writes a finite, bounded time
    text = s.to_json()
    assert "Infinity" not in text and "NaN" not in text
    assert Stats.from_json(text).table("k")["fastest"] == MAX_SECONDS
    s.tables["k"]["fastest"] = float("nan")
    with pytest.raises(ValueError):
        s.to_json()


def test_version_1_files_are_still_read():
    v1 = ('{"format": "canfield-stats", "version": 1, "open": {"id": "g", "key": "k"}, "tables": {"k": '
          '{"played": 3, "won": 1, "streak": 0, "best_streak": 1, "best_score": 255, "fastest": 80.5}}}')
    s = Stats.from_json(v1.encode())
    assert s.table("k")["played"] == 3 and s.open == {"id": "g", "key": "k"}
    assert s.win("g", 100, 50) and s.table("k")["won"] == 2


# ---- merging two pages' copies ---------------------------------------------------------------------

KEYS = ("canfield-D3", "classic-D1")


def _play(stats, ops, tag, clock):
    """Apply a list of (op, table, game) events to `stats`; game ids are made unique per copy by `tag`."""
    for op, k, g in ops:
        clock[0] += 1.0
        gid = f"{tag}{g}"
        if op == "start":
            stats.start(KEYS[k], gid, at=clock[0])
        elif op == "win":
            stats.win(gid, 5 * (g + 1), 10.0 + g)
        else:
            stats.abandon(gid)
    return stats


OPS = st.lists(st.tuples(st.sampled_from(("start", "win", "abandon")), st.integers(0, 1), st.integers(0, 6)),
               max_size=25)


def _copies(base_ops, ops_a, ops_b):
    clock = [0.0]
    base = _play(Stats(), base_ops, "base", clock)
    a = _play(Stats.from_json(base.to_json()), ops_a, "a", [clock[0]])
    b = _play(Stats.from_json(base.to_json()), ops_b, "b", [clock[0] + 0.5])
    return base, a, b


def _view(s):
    """The record without `open` (each page's own game in progress, kept from the copy merged into)."""
    return {k: v for k, v in json.loads(s.to_json()).items() if k != "open"}


@settings(max_examples=300, deadline=None)
@given(OPS, OPS, OPS)
def test_merge_is_commutative_idempotent_and_never_loses_a_game(base_ops, ops_a, ops_b):
    base, a, b = _copies(base_ops, ops_a, ops_b)
    ab, ba = a.merge(b), b.merge(a)
    assert _view(ab) == _view(ba)
    assert _view(a.merge(a)) == _view(a)
    assert _view(ab.merge(a)) == _view(ab) and _view(ab.merge(b)) == _view(ab)
    Stats.from_json(ab.to_json())  # a valid record
    for k in KEYS:
        m, ta, tb, t0 = ab.table(k), a.table(k), b.table(k), base.table(k)
        for f in ("played", "won", "best_streak"):
            assert m[f] >= max(ta[f], tb[f])
        # every game counted exactly once: what each page added on top of the common record
        assert m["played"] == ta["played"] + tb["played"] - t0["played"]
        assert m["won"] == ta["won"] + tb["won"] - t0["won"]
        finished = [e["state"] for e in ab.recent if e["key"] == k and e["state"] != "open"]
        if finished and finished[-1] in ("lost", "late"):
            assert m["streak"] == 0  # the newest game finished, in either page, was lost
        if m["won"]:
            assert m["best_score"] == max(x for x in (ta["best_score"], tb["best_score"]) if x is not None)


def test_merge_of_the_same_game_in_two_pages_counts_it_once():
    base = Stats()
    base.start("k", "g", at=1.0)
    a, b = Stats.from_json(base.to_json()), Stats.from_json(base.to_json())
    assert a.win("g", 255, 90)
    assert not b.start("k", "g", at=2.0)  # the other page resumed the same game: already counted
    m = b.merge(a)
    assert (m.table("k")["played"], m.table("k")["won"]) == (1, 1)
    assert not m.win("g", 255, 80)  # and a win is recorded once, across pages too


def test_a_page_keeps_its_own_open_game_and_never_abandons_the_others():
    base = Stats()
    a, b = Stats.from_json(base.to_json()), Stats.from_json(base.to_json())
    a.start("k", "ga", at=1.0)
    b.start("k", "gb", at=2.0)
    a = a.merge(b)
    assert a.open == {"id": "ga", "key": "k"}
    assert a.win("ga", 100, 50)
    a.start("k", "ga2", at=3.0)                 # a's next game: gb, the other page's, stays open
    assert a._entry("gb")["state"] == "open"
    b = b.merge(a)
    assert b.open == {"id": "gb", "key": "k"} and b.win("gb", 90, 40)
    m = a.merge(b)
    assert (m.table("k")["played"], m.table("k")["won"]) == (3, 2)


def test_a_game_left_in_one_page_and_won_in_another_counts_as_won():
    base = Stats()
    base.start("k", "g", at=1.0)
    a, b = Stats.from_json(base.to_json()), Stats.from_json(base.to_json())
    assert a.abandon("g")
    b = b.merge(a)
    assert b.win("g", 100, 30) and not b.win("g", 100, 30)
    m = a.merge(b)
    assert (m.table("k")["played"], m.table("k")["won"]) == (1, 1)


def test_a_reset_in_one_page_stands_against_the_older_copy():
    a = Stats()
    a.start("k", "g", at=1.0)
    b = Stats.from_json(a.to_json())
    a.reset(at=5.0)
    assert a.merge(b).table("k")["played"] == 0 and b.merge(a).table("k")["played"] == 0


def test_the_casino_balance_runs_over_several_games_saved_and_reloaded():
    from canfield import Game

    k = key("casino", 1)
    s = Stats()
    scores = []
    for n, (number, moves) in enumerate(((1, 6), (2, 0), (3, 12))):
        g = Game.new(rules="casino", number=number)
        for _ in range(moves):  # a few moves each, foundation moves first
            legal = g.legal_moves()
            if not legal:
                break
            g.play(next((m for m in legal if m.dst[0] == "F"), legal[-1]))
        s.start(k, f"g{n}", at=100.0 + n)
        assert s.abandon(f"g{n}", score=g.score)
        assert not s.abandon(f"g{n}", score=g.score)  # settled once
        scores.append(g.score)
        s = Stats.from_json(s.to_json())  # saved and reloaded between games
    assert s.table(k)["balance"] == sum(scores) and sum(scores) < 0
    s.start(k, "w", at=200.0)
    s.win("w", 208, 60.0)  # a won casino game: 52 cards pay 260 against the stake of 52
    again = Stats.from_json(s.to_json())
    assert again.table(k)["balance"] == sum(scores) + 208
    assert again.table(k)["best_score"] == 208
    assert "balance" not in again.table(key("canfield", 3))  # only casino tables keep one
    # two copies of the record, each with a game of its own, merge to both games' balance
    a, b = Stats.from_json(again.to_json()), Stats.from_json(again.to_json())
    a.start(k, "a1", at=300.0)
    a.abandon("a1", score=-42)
    b.start(k, "b1", at=301.0)
    b.abandon("b1", score=-37)
    assert a.merge(b).table(k)["balance"] == b.merge(a).table(k)["balance"] == sum(scores) + 208 - 79


def test_a_balance_is_refused_on_a_table_that_is_not_casino():
    bad = {"format": "canfield-stats", "version": 3, "tables": {
        "canfield-D3": {"played": 1, "won": 0, "streak": 0, "best_streak": 0, "best_score": None, "fastest": None,
                        "balance": 5}}, "open": None}
    with pytest.raises(InvalidStats, match="balance"):
        Stats.from_json(json.dumps(bad))


def test_storehouse_tables_of_version_2_files_are_sh1s():
    old = {"format": "canfield-stats", "version": 2, "tables": {
        "storehouse-D3": {"played": 2, "won": 1, "streak": 1, "best_streak": 1, "best_score": 90, "fastest": 80.0}},
        "open": {"id": "x", "key": "storehouse-D3"},
        "recent": [{"id": "x", "key": "storehouse-D3", "at": 5.0, "state": "open"}], "epoch": 0.0}
    s = Stats.from_json(json.dumps(old))
    assert set(s.tables) == {"storehouse-sh1-D3"} and s.open["key"] == "storehouse-sh1-D3"
    assert s.recent[0]["key"] == "storehouse-sh1-D3"
    assert Stats.from_json(s.to_json()).tables == s.tables  # version 3 keeps the names it wrote


# ---- wins per grade and the best a lost deal allowed (issue 20) --------------------------------------


def _graded_record():
    s = Stats()
    k = key("canfield", 3)
    s.start(k, "w1")
    s.win("w1", 260, 100)
    s.start(k, "w2")
    s.win("w2", 260, 90)
    s.start(k, "l1")
    s.start(k, "l2")  # l1 is left: lost
    return s, k


def test_wins_per_grade_count_each_won_game_once():
    s, k = _graded_record()
    assert s.graded("w1", "hard") and not s.graded("w1", "hard") and not s.graded("w1", "easy")
    assert s.graded("w2", "easy")
    assert not s.graded("l1", "easy")            # a lost game has no win to grade
    assert not s.graded("w2", "trivial")
    assert s.table(k)["grades"] == {"hard": 1, "easy": 1}


def test_a_lost_deal_best_is_kept_once_per_lost_game():
    s, k = _graded_record()
    assert s.lost_best("l1", 20, 12) and not s.lost_best("l1", 30, 12)
    assert not s.lost_best("w1", 52, 52)         # only lost games
    assert not s.lost_best("l2", 10, 12)         # the player never beats the best possible
    assert s.table(k)["lost_best"] == {"games": 1, "best": 20, "you": 12}


def test_grades_and_lost_best_survive_json_and_a_merge():
    s, k = _graded_record()
    s.graded("w1", "hard")
    s.lost_best("l1", 20, 12)
    again = Stats.from_json(s.to_json())
    assert again.table(k)["grades"] == {"hard": 1}
    assert again.table(k)["lost_best"] == {"games": 1, "best": 20, "you": 12}
    # another page graded the other win: the merge counts both, once, either way round
    other = Stats.from_json(s.to_json())
    other.graded("w2", "expert")
    s.graded("w2", "expert")
    for m in (s.merge(other), other.merge(s), s.merge(s)):
        assert m.table(k)["grades"] == {"hard": 1, "expert": 1}
        assert m.table(k)["lost_best"] == {"games": 1, "best": 20, "you": 12}
    only = Stats.from_json(again.to_json())
    only.graded("w2", "easy")
    assert again.merge(only).table(k)["grades"] == {"hard": 1, "easy": 1}


def test_a_format_3_file_of_today_without_grades_still_loads():
    s, k = _graded_record()
    text = s.to_json()
    assert '"grades"' not in text and Stats.from_json(text).table(k)["won"] == 2


@pytest.mark.parametrize("bad", [
    {"grades": {"trivial": 1}}, {"grades": {"easy": 9}}, {"grades": []},
    {"lost_best": {"games": 1, "best": 5, "you": 9}}, {"lost_best": {"games": 1}},
])
def test_bad_grades_or_lost_best_are_refused(bad):
    s, k = _graded_record()
    data = json.loads(s.to_json())
    data["tables"][k].update(bad)
    with pytest.raises(InvalidStats):
        Stats.from_json(json.dumps(data))


def test_a_bad_recent_grade_is_refused():
    s, k = _graded_record()
    s.graded("w1", "hard")
    data = json.loads(s.to_json())
    for e in data["recent"]:
        if e["id"] == "w1":
            e["grade"] = "trivial"
    with pytest.raises(InvalidStats):
        Stats.from_json(json.dumps(data))


# ---- clean wins: no hint, no undo, no replay, no "Show me how" (issue 20) ----------------------------


def test_clean_wins_are_counted_apart_once_and_survive_json_and_a_merge():
    s = Stats()
    k = key("canfield", 3)
    s.start(k, "c1")
    assert s.win("c1", 260, 100, clean=True) and not s.win("c1", 260, 100, clean=True)
    s.start(k, "h1")
    s.win("h1", 260, 90)                            # helped: a win, not a clean one
    assert s.table(k)["won"] == 2 and s.table(k)["clean"] == 1
    again = Stats.from_json(s.to_json())
    assert again.table(k)["clean"] == 1
    other = Stats.from_json(s.to_json())
    other.start(k, "c2")
    other.win("c2", 260, 80, clean=True)            # another page's clean win
    for m in (s.merge(other), other.merge(s), other.merge(other)):
        assert m.table(k)["clean"] == (2 if "c2" in {e["id"] for e in m.recent} else 1)
        assert m.table(k)["clean"] <= m.table(k)["won"]
    assert s.merge(other).table(k)["clean"] == 2 and other.merge(s).table(k)["clean"] == 2
    old = Stats()
    old.start(k, "x")
    old.win("x", 260, 70)
    assert '"clean"' not in old.to_json() and "clean" not in Stats.from_json(old.to_json()).table(k)


@pytest.mark.parametrize("bad", [{"clean": 3}, {"clean": -1}, {"clean": "1"}, {"clean": 1.0}])
def test_a_bad_clean_count_is_refused(bad):
    s, k = _graded_record()
    data = json.loads(s.to_json())
    data["tables"][k].update(bad)
    with pytest.raises(InvalidStats):
        Stats.from_json(json.dumps(data))
