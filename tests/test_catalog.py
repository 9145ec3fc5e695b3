"""The shipped catalogue of proved-winnable deals (canfield.catalog, its data canfield/catalog_data.py,
scripts/build_catalog.py) and the daily deal taken from it (canfield.daily).

The solver is the oracle: a sample of entries, drawn afresh on every run (the seed is printed; set
CATALOG_SEED to replay one), is graded again and must give the entry's grade and par, and a sample of the
deals the build tried and left out must still not be proved won.
"""

from __future__ import annotations

import datetime
import os
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canfield import catalog, catalog_data, daily, solver
from canfield.catalog import GRADES, PAIRS, TARGET, CatalogError, Entry
from canfield.game import Game
from canfield.insight import GRADE_NODES
from canfield.rules import RULESETS

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
import build_catalog  # noqa: E402
import build_vendor  # noqa: E402

SEED = int(os.environ.get("CATALOG_SEED", random.SystemRandom().randrange(2 ** 32)))


# ---- the data file ------------------------------------------------------------------------------

def test_the_pairs_are_every_game_and_draw_the_page_offers():
    want = set()
    for r in RULESETS.values():
        want |= {(r.name, d) for d in ((1, 3) if r.draws is None else (r.draws[0],))}
    assert set(PAIRS) == want and len(PAIRS) == len(want) == 41   # 26, and 15 of the twelve PySolFC games (issue 34)


def test_the_data_file_has_the_format_and_every_pair():
    assert catalog_data.FORMAT == catalog.FORMAT
    assert catalog_data.SOLVER_NODES == GRADE_NODES   # made with the grade's own budget
    keys = [f"{n}/{d}" for n, d in PAIRS]
    assert sorted(catalog_data.ENTRIES) == sorted(keys) == sorted(catalog_data.TRIED)
    entries, tried = catalog.check_data(catalog_data)
    assert set(entries) == set(keys)
    for k, text in catalog_data.ENTRIES.items():
        assert catalog.encode(entries[k]) == text, k     # one spelling per catalogue: the build's


@pytest.mark.parametrize("name, draw", PAIRS)
def test_every_pair_is_sorted_with_grades_and_pars(name, draw):
    entries = catalog.winnable(name, draw)
    numbers = [e.number for e in entries]
    assert numbers == sorted(set(numbers))                       # strictly increasing
    assert all(isinstance(e, Entry) and e.grade in GRADES and e.par > 0 for e in entries)
    assert not entries or entries[-1].number < catalog.tried(name, draw)
    assert catalog.complete(name, draw) == (len(entries) >= TARGET)
    assert catalog.winnable(RULESETS[name], draw) is entries     # a RuleSet as well as a name
    for e in entries[:3] + entries[-3:]:
        assert catalog.find(name, draw, e.number) == e
    if entries:
        assert catalog.find(name, draw, entries[-1].number + 1) is None


def test_the_well_solved_games_are_complete():
    # the games where the solver wins most deals within the grade's budget (canfield, superior, ...)
    for name in ("canfield", "classic", "superior", "rainbow", "demon"):
        for draw in (1, 3):
            assert catalog.complete(name, draw), (name, draw)
    assert catalog.complete("pysol-canfield", 3) and catalog.complete("pysol-rainbow", 1)   # their one draw
    assert catalog.counts()[("canfield", 3)] >= TARGET


def test_a_sample_of_the_entries_is_proved_again_by_the_solver():
    print(f"CATALOG_SEED={SEED}")
    rng = random.Random(SEED)
    cheap = [p for p in PAIRS if catalog.winnable(*p) and p[0] not in ("triple", "quadruple")]
    for name, draw in rng.sample(cheap, 4) + [rng.choice([("triple", 3), ("quadruple", 3)])]:
        e = rng.choice(catalog.winnable(name, draw))
        assert solver.grade(Game.new(rules=name, number=e.number, draw=draw)) == (e.grade, e.par), (
            name, draw, e, SEED)
    # a deal the build tried and left out is still not proved won (so none below TRIED is missing)
    for name, draw in rng.sample([("canfield", 3), ("superior", 3), ("classic", 3)], 1):
        have = {e.number for e in catalog.winnable(name, draw)}
        left = [n for n in range(catalog.tried(name, draw)) if n not in have]
        n = rng.choice(left)
        assert solver.grade(Game.new(rules=name, number=n, draw=draw))[0] is None, (name, draw, n, SEED)


def test_chameleons_entries_are_the_beams_wins_and_one_is_proved_again():
    """Chameleon is graded with the beam search after the depth-first one (insight.GRADE_BEAMS): deals 9
    and 56, which only the beam wins, are entries, every entry is expert (the depth-first search won none
    of them within GRADE_NODES), and a random one is graded again."""
    entries = catalog.winnable("chameleon", 1)
    assert catalog.tried("chameleon", 1) > 56
    assert catalog.find("chameleon", 1, 9) and catalog.find("chameleon", 1, 56)
    assert all(e.grade == "expert" for e in entries)
    e = random.Random(SEED).choice(entries)
    assert solver.grade(Game.new(rules="chameleon", number=e.number, draw=1)) == (e.grade, e.par), (e, SEED)


# ---- pick, find, the checks of their arguments ----------------------------------------------------

def test_pick_gives_an_entry_of_the_pair_and_of_the_grade_asked_for():
    entries = set(catalog.winnable("canfield", 3))
    assert catalog.pick("canfield", 3, SEED) in entries
    assert catalog.pick("canfield", 3, SEED) == catalog.pick("canfield", 3, random.Random(SEED))  # seeded
    picked = {catalog.pick("canfield", 3, random.Random(i)) for i in range(40)}
    assert len(picked) > 20                                       # random, not always the first
    for g in GRADES:
        e = catalog.pick("canfield", 3, SEED, grade=g)
        assert e in entries and e.grade == g
    assert catalog.pick("acme", 3, 1) in set(catalog.winnable("acme", 1))   # the game's fixed draw wins
    assert catalog.pick("casino", 1, 1) is None                  # none proved in its catalogue
    assert catalog.pick("chameleon", 1, 1, grade="easy") is None  # only experts (the beam's wins)
    assert catalog.pick("double", 1, 1, grade="expert") is None  # none of that grade
    assert catalog.pick("canfield", 3) in entries                # the random module


def test_pick_never_repeats_the_deal_to_avoid_unless_it_is_the_only_one():
    experts = [e for e in catalog.winnable("canfield", 3) if e.grade == "expert"]
    avoid = experts[0].number
    picks = {catalog.pick("canfield", 3, random.Random(i), grade="expert", avoid=avoid) for i in range(300)}
    assert len(picks) > 20 and all(e.number != avoid for e in picks)
    only = [e for e in catalog.winnable("canfield", 1) if e.grade == "expert"]
    if len(only) == 1:      # the only entry of a grade is still dealt
        assert catalog.pick("canfield", 1, 1, grade="expert", avoid=only[0].number) == only[0]


@pytest.mark.parametrize("call", [
    lambda: catalog.winnable("klondike", 3),
    lambda: catalog.winnable("canfield", 2),
    lambda: catalog.pick("canfield", 3, 1, grade="impossible"),
    lambda: catalog.complete("canfield", 0),
    lambda: catalog.daily_entry("2026-02-30", 3, "canfield"),
])
def test_bad_arguments_raise_a_clear_value_error(call):
    with pytest.raises(ValueError):
        call()


# ---- the format and its checks ----------------------------------------------------------------

@given(st.lists(st.tuples(st.integers(1, 10 ** 9), st.sampled_from(GRADES), st.integers(1, catalog.MAX_PAR)),
                max_size=30))
def test_encode_and_decode_round_trip(items):
    number, entries = -1, []
    for gap, g, par in items:
        number += gap
        entries.append(Entry(number, g, par))
    assert catalog.decode(catalog.encode(entries)) == tuple(entries)


@pytest.mark.parametrize("text, where", [
    ("1E0b2x", "character 5"),          # a cut entry
    ("1E0b20E0b2", "gap of 0"),         # a number twice: not strictly increasing
    ("1Q0b2", "character 0"),           # not a grade
    ("1E000", "par of 0"),
    ("1e0b2", "character 0"),           # the grade is a capital
    ("1E0B2", "character 0"),           # base 36 is lowercase
])
def test_a_malformed_text_raises(text, where):
    with pytest.raises(CatalogError, match=where):
        catalog.decode(text, "canfield/3")


def _module(**kw):
    base = {"FORMAT": catalog.FORMAT, "ENTRIES": {"canfield/3": "1E0b21M0c3"}, "TRIED": {"canfield/3": 5}}
    base.update(kw)
    return types.SimpleNamespace(**base)


@pytest.mark.parametrize("module, match", [
    (_module(FORMAT=2), "format 2"),
    (_module(ENTRIES=["1E0b2"]), "must be dicts"),
    (_module(ENTRIES={"klondike/3": "1E0b2"}, TRIED={"klondike/3": 5}), "unknown game"),
    (_module(ENTRIES={"acme/3": "1E0b2"}, TRIED={"acme/3": 5}), "unknown game"),   # acme draws 1
    (_module(TRIED={}), "not a count"),
    (_module(TRIED={"canfield/3": -1}), "not a count"),
    (_module(TRIED={"canfield/3": 1}), "deal 1 lies past the 1 deals tried"),   # deal 1 is not among 0-0
    (_module(TRIED={"canfield/3": 5, "canfield/1": 5}), "no entries text"),
    (_module(ENTRIES={"canfield/3": 12}), "not a text"),
])
def test_a_malformed_data_module_raises(module, match):
    with pytest.raises(CatalogError, match=match):
        catalog.check_data(module)


def test_the_catalogue_reads_its_data_lazily_and_a_malformed_file_raises_on_use(monkeypatch):
    good = _module()
    monkeypatch.setattr(catalog, "_cache", {})
    monkeypatch.setitem(sys.modules, "canfield.catalog_data", good)
    monkeypatch.setattr(sys.modules["canfield"], "catalog_data", good)
    assert catalog.winnable("canfield", 3) == (Entry(0, "easy", 398), Entry(1, "medium", 435))
    assert catalog.winnable("canfield", 1) == () and catalog.tried("canfield", 1) == 0
    bad = _module(ENTRIES={"canfield/3": "1E0b21M0c"})
    monkeypatch.setattr(catalog, "_cache", {})
    monkeypatch.setitem(sys.modules, "canfield.catalog_data", bad)
    monkeypatch.setattr(sys.modules["canfield"], "catalog_data", bad)
    with pytest.raises(CatalogError, match="canfield/3: malformed entry at character 5"):
        catalog.winnable("canfield", 3)


def test_importing_the_catalogue_leaves_the_solver_out():
    code = ("import sys; from canfield import catalog; catalog.pick('canfield', 3, 1); "
            "catalog.daily_entry('2026-12-04', 3, 'canfield'); "
            "print(sorted(m for m in sys.modules if m.startswith('canfield')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True).stdout
    assert "canfield.catalog_data" in out and "canfield.solver" not in out and "canfield.insight" not in out


def test_the_catalogue_is_in_the_pages_bundle():
    files = dict(build_vendor.game_files(REPO))
    assert "canfield/catalog.py" in files and "canfield/catalog_data.py" in files and "canfield/daily.py" in files
    pure = build_vendor.pure_modules(build_vendor.game_files(REPO))
    assert "canfield.catalog" in pure and "canfield.catalog_data" in pure


# ---- the daily deal ---------------------------------------------------------------------------

def _no_solver(monkeypatch):
    """Any search refuses: the solver's facade, its one search class and the winnable task."""
    from canfield import search, tasks

    def refuse(*a, **kw):
        raise AssertionError("the solver ran")

    for name in ("WinnableSearch", "Solver", "solve", "grade"):
        monkeypatch.setattr(solver, name, refuse)
    monkeypatch.setattr(search.Solver, "__init__", refuse)
    monkeypatch.setattr(tasks.WinnableSearch, "__init__", refuse)


def fake_catalogue(monkeypatch, texts, tried):
    """The catalogue read from these data texts and counts of deals tried (by key, "casino/1") instead of
    canfield/catalog_data.py; every other pair has no entry."""
    data = types.SimpleNamespace(FORMAT=catalog.FORMAT, ENTRIES=dict(texts), TRIED=dict(tried))
    monkeypatch.setattr(catalog, "_cache", {"tables": catalog.check_tables(data)})
    monkeypatch.setattr(catalog, "_orders", {})


def test_the_daily_deal_of_a_complete_catalogue_comes_at_once_without_the_solver(monkeypatch):
    _no_solver(monkeypatch)
    day = datetime.date(2026, 12, 4)
    for name, draw in PAIRS:
        if not catalog.complete(name, draw):
            continue
        e = catalog.daily_entry(day, draw, name)
        assert e in set(catalog.winnable(name, draw))
        assert daily.daily_number(day, draw, name) == solver.daily_number("2026-12-04", draw, name) == e.number
        code = daily.daily_code(day, draw, name)
        assert code == solver.daily_code(day, draw, name) == Game.new(rules=name, number=e.number, draw=draw).code
        task = daily.DailySearch(day, draw, name)
        assert task.step() is True and task.result == e.number and task.proved and task.entry == e


def test_the_daily_deal_of_every_pair_comes_at_once_never_from_the_solver(monkeypatch):
    """Issue 46: no pair's daily deal searches (before, a pair with an incomplete catalogue searched deal
    after deal, without end for Casino Canfield): the catalogue's deal when the pair has entries, else the
    date's start deal, not proved; the same on every call, for everyone on that date."""
    _no_solver(monkeypatch)
    for day in (datetime.date(2026, 12, 7), datetime.date(2027, 2, 28)):
        for name, draw in PAIRS:
            task = daily.DailySearch(day, draw, name)
            assert task.step(1) is True and task.nodes == 0, (name, draw)
            number, entry = catalog.daily_deal(day, draw, name)
            assert task.result == number == daily.daily_number(day, draw, name) == daily.daily_number(
                day.isoformat(), draw, name)
            assert task.entry == entry and task.proved == (entry is not None) == bool(catalog.winnable(name, draw))
            assert number == (entry.number if entry is not None else daily.daily_start(day))
            assert task.code == daily.daily_code(day, draw, name) == Game.new(rules=name, number=number, draw=draw).code


def test_a_partial_catalogues_daily_deal_is_one_of_its_entries_and_comes_round_again(monkeypatch):
    """Fewer entries than a year's: the daily deal is still proved (an entry), and repeats every len(entries)
    days, in the pair's fixed daily order."""
    _no_solver(monkeypatch)
    entries = [Entry(3, "easy", 80), Entry(10, "hard", 120), Entry(11, "medium", 95), Entry(40, "expert", 150),
               Entry(99, "easy", 70)]
    fake_catalogue(monkeypatch, {"casino/1": catalog.encode(entries)}, {"casino/1": 2136})
    assert not catalog.complete("casino", 1) and catalog.winnable("casino", 1) == tuple(entries)
    start = datetime.date(2026, 12, 7)
    days = [start + datetime.timedelta(days=i) for i in range(12)]
    got = [catalog.daily_entry(d, 1, "casino") for d in days]
    assert set(got[:5]) == set(entries)                       # five days, five deals
    assert got[5:10] == got[:5] and got[10:] == got[:2]       # then the same again
    assert got == [catalog.daily_order("casino", 1)[d.toordinal() % 5] for d in days]
    task = daily.DailySearch(start, 1, "casino")
    assert task.step() is True and task.proved and task.entry == got[0] and task.result == got[0].number
    assert task.code == Game.new(rules="casino", number=got[0].number, draw=1).code
    assert catalog.daily_entry(start, 3, "casino") == got[0]  # Casino's draw is fixed: the player's choice aside


def test_a_pair_with_no_entry_gets_the_dates_start_deal_not_proved(monkeypatch):
    _no_solver(monkeypatch)
    fake_catalogue(monkeypatch, {"casino/1": ""}, {"casino/1": 2136})
    day = datetime.date(2026, 12, 7)
    assert catalog.daily_entry(day, 1, "casino") is None
    assert catalog.daily_deal(day, 1, "casino") == (daily.daily_start(day), None)
    task = daily.DailySearch(day, 1, "casino")
    assert task.step() is True and task.proved is False and task.entry is None and task.winnable is None
    assert task.result == daily.daily_start(day) == daily.daily_number("2026-12-07", 1, "casino")
    assert task.code == Game.new(rules="casino", number=daily.daily_start(day), draw=1).code
    assert daily.daily_number(day + datetime.timedelta(days=1), 1, "casino") != task.result
    with pytest.raises(ValueError):
        catalog.daily_deal(day, 2, "casino")
    with pytest.raises(ValueError):
        catalog.daily_deal(day, 1, "no-such-game")


@pytest.mark.parametrize("name, draw", [p for p in PAIRS if catalog.complete(*p)])
def test_no_daily_deal_repeats_within_366_days(name, draw):
    rng = random.Random(SEED)
    start = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(3000))
    year = [catalog.daily_entry(start + datetime.timedelta(days=i), draw, name) for i in range(TARGET)]
    assert len(set(year)) == TARGET, (name, draw, start)
    n = len(catalog.winnable(name, draw))   # the order then comes round again
    assert catalog.daily_entry(start + datetime.timedelta(days=n), draw, name) == year[0]


def test_the_same_date_gives_the_same_deal_and_the_days_differ():
    a = daily.daily_code("2026-12-04", 3, "canfield")
    assert a == daily.daily_code(datetime.date(2026, 12, 4), 3, "canfield")
    assert a == daily.daily_code(datetime.datetime(2026, 12, 4, 23, 59, tzinfo=datetime.timezone.utc), 3, "canfield")
    assert a != daily.daily_code("2026-12-05", 3, "canfield")
    # the daily order is a fixed permutation of the pair's own: not the catalogue's order, and not another pair's
    order = catalog.daily_order("canfield", 3)
    assert sorted(order) == list(catalog.winnable("canfield", 3)) and list(order) != sorted(order)
    assert [e.number for e in catalog.daily_order("canfield", 1)[:20]] != [e.number for e in order[:20]]


def test_a_saved_daily_deal_of_an_earlier_date_still_loads():
    # the save keeps the deal code and the day, never re-derived from the date: an old daily code plays on
    from canfield.save import from_save, to_save

    g = Game.new(number=1110419986, draw=3)   # the searched daily deal of 2026-11-29, before the catalogue
    g.play(g.legal_moves()[0])
    again = from_save(to_save(g))
    assert again.code == g.code and again.history == g.history


# ---- the build script -------------------------------------------------------------------------

def test_the_build_makes_resumes_and_verifies_a_data_file(tmp_path, capsys):
    out = tmp_path / "data.py"
    want = catalog.winnable("canfield", 3)
    assert build_catalog.main(["--games", "canfield", "--draws", "3", "--count", "3", "--out", str(out)]) == 0
    first = _read(out)
    assert first.ENTRIES.keys() == {"canfield/3"} and first.SOLVER_NODES == GRADE_NODES
    got, tried = catalog.check_data(first)
    assert got["canfield/3"] == want[:3] and tried["canfield/3"] == want[2].number + 1
    # resumed: the three kept, two more graded from where the first run stopped
    assert build_catalog.main(["--games", "canfield", "--draws", "3", "--count", "5", "--out", str(out)]) == 0
    assert "canfield/3         entries    5" in capsys.readouterr().out
    got, tried = catalog.check_data(_read(out))
    assert got["canfield/3"] == want[:5] and tried["canfield/3"] == want[4].number + 1
    # a wrong par is kept as it is without --verify, and set right with it
    text = out.read_text()
    bad = catalog.encode([want[0]._replace(par=want[0].par + 1)] + list(want[1:5]))
    out.write_text(text.replace(catalog.encode(want[:5]), bad))
    assert build_catalog.main(["--games", "canfield", "--draws", "3", "--count", "5", "--out", str(out)]) == 0
    assert catalog.check_data(_read(out))[0]["canfield/3"][0].par == want[0].par + 1
    assert build_catalog.main(["--games", "canfield", "--draws", "3", "--count", "5", "--verify",
                               "--out", str(out)]) == 0
    assert "1 graded otherwise now" in capsys.readouterr().out
    assert catalog.check_data(_read(out))[0]["canfield/3"] == want[:5]
    # bounded: a game the solver rarely wins stops after --max-tries deals
    assert build_catalog.main(["--games", "chameleon", "--count", "5", "--max-tries", "2", "--out", str(out)]) == 0
    got, tried = catalog.check_data(_read(out))
    assert got["chameleon/1"] == () and tried["chameleon/1"] == 2 and got["canfield/3"] == want[:5]


def test_the_build_refuses_bad_options():
    for argv in (["--games", "klondike"], ["--draws", "2"], ["--count", "0"], ["--games", "acme", "--draws", "3"]):
        with pytest.raises(SystemExit):
            build_catalog.main(argv)


def _read(path):
    ns = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), ns)
    return types.SimpleNamespace(**{k: ns[k] for k in ("FORMAT", "SOLVER_NODES", "ENTRIES", "TRIED")})
