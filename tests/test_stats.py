import pytest

from canfield.stats import InvalidStats, Stats, key


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
    "text,words",
    [
        ("nope", "not JSON"),
        (None, "not JSON"),
        ("{" * 50_000, "too deeply"),
        ('{"format": "x"}', "not a Canfield"),
        ('{"format": "canfield-stats", "version": 2, "tables": {}}', "version"),
        ('{"format": "canfield-stats", "version": 1, "tables": []}', "no tables"),
        ('{"format": "canfield-stats", "version": 1, "tables": {"k": {"played": 1}}}', "exactly"),
        ('{"format": "canfield-stats", "version": 1, "tables": {"k": {"played": 1, "won": 2, "streak": 0, '
         '"best_streak": 0, "best_score": 5, "fastest": 3}}}', "add up"),
        ('{"format": "canfield-stats", "version": 1, "tables": {"k": {"played": -1, "won": 0, "streak": 0, '
         '"best_streak": 0, "best_score": null, "fastest": null}}}', ">= 0"),
        ('{"format": "canfield-stats", "version": 1, "tables": {"k": {"played": 1, "won": 0, "streak": 0, '
         '"best_streak": 0, "best_score": 5, "fastest": null}}}', "at least one win"),
        ('{"format": "canfield-stats", "version": 1, "tables": {}, "open": {"id": 1, "key": "x"}}', "open game"),
    ],
)
def test_bad_imports(text, words):
    with pytest.raises(InvalidStats) as exc:
        Stats.from_json(text)
    assert words in str(exc.value)
