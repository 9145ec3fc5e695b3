"""static/worker/persist.py under CPython: the saved game, the statistics bookkeeping, unreadable records,
storage that fails, and the dialog's texts."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))

from canfield import Game  # noqa: E402
from canfield.stats import InvalidStats, Stats  # noqa: E402
from worker.i18n import Translator  # noqa: E402
from worker.persist import (  # noqa: E402
    SAVE_KEY, STATS_KEY, Records, MemoryStorage, Store, format_duration, import_reason, json_depth,
    loads, stats_rows,
)

CODE = "CF1-D3-AAAAACL"


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class FailingStorage(MemoryStorage):
    """Reads work; writes of the listed keys (or all) raise, like a full quota."""

    def __init__(self, items=None, refuse=None):
        super().__init__(items)
        self.refuse = refuse

    def setItem(self, key, value):
        if self.refuse is None or key in self.refuse:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


class Broken:
    """Every access refused, like storage blocked by the browser."""

    def getItem(self, key):
        raise RuntimeError("SecurityError")

    setItem = removeItem = getItem


def boot(storage, hash_code="", clock=None):
    k = Records(Store(storage), clock or Clock())
    saved = k.boot(hash_code)
    game = saved if saved is not None else Game.from_code(hash_code or CODE)
    k.after_action(game)   # the page's first drawing of the deal
    k.ready()
    return k, game


def first_moves(game, n):
    for _ in range(n):
        game.play(next(m for m in game.legal_moves()))


# --------------------------------------------------------------------------- resume

def test_resume_keeps_position_undo_redo_id_and_time():
    st, clock = MemoryStorage(), Clock()
    k, game = boot(st, CODE, clock)
    assert json.loads(st.items[SAVE_KEY])["moves"] == [] and STATS_KEY not in st.items  # not counted yet
    first_moves(game, 3)
    k.after_action(game)
    clock.now += 42
    game.undo()
    k.after_action(game)
    rec = json.loads(st.items[SAVE_KEY])
    assert rec["started"] is True and rec["seconds"] == 42.0 and len(rec["redo"]) == 1

    k2, again = boot(st, CODE, Clock())
    assert again.history == game.history and again.redo_moves == game.redo_moves
    assert (k2.id, k2.started, k2.seconds) == (k.id, True, 42.0)
    assert k2.stats.table("canfield-D3")["played"] == 1 and k2.stats.open["id"] == k.id
    assert boot(st, "")[1].history == game.history  # no deal in the address: the saved game too


def test_another_code_in_the_address_abandons_the_saved_game():
    st = MemoryStorage()
    k, game = boot(st, CODE)
    first_moves(game, 1)
    k.after_action(game)
    k2 = Records(Store(st))
    assert k2.boot("CF1-D3-AAAAACM") is None
    k2.after_action(Game.from_code("CF1-D3-AAAAACM"))
    stats = json.loads(st.items[STATS_KEY])
    assert stats["open"] is None and stats["tables"]["canfield-D3"] == {
        "played": 1, "won": 0, "streak": 0, "best_streak": 0, "best_score": None, "fastest": None}
    assert json.loads(st.items[SAVE_KEY])["code"] == "CF1-D3-AAAAACM"


def test_the_same_code_in_another_case_resumes():
    st = MemoryStorage()
    k, game = boot(st, CODE)
    first_moves(game, 2)
    k.after_action(game)
    assert Records(Store(st)).boot(CODE.lower()).history == game.history


# --------------------------------------------------------------------------- statistics events

def test_played_at_first_move_win_once_and_losses():
    st, clock = MemoryStorage(), Clock()
    k, game = boot(st, CODE, clock)
    k.after_action(game)
    assert k.stats.table("canfield-D3")["played"] == 0       # drawn, not played
    first_moves(game, 1)
    k.after_action(game)
    game.undo()
    k.after_action(game)
    first_moves(game, 1)
    k.after_action(game)
    assert k.stats.table("canfield-D3")["played"] == 1       # the same game, however it goes
    k.restarted()                                            # restart: lost, and a new game
    game.restart()
    k.after_action(game)
    t = k.stats.table("canfield-D3")
    assert (t["played"], t["won"], t["streak"]) == (1, 0, 0) and k.stats.open is None
    k.restarted()                                            # not started: nothing more counts
    game.restart()
    k.after_action(game)
    assert k.stats.table("canfield-D3")["played"] == 1
    other = Game.from_code("CF1-D1-AAAAACM")
    first_moves(game, 1)
    k.after_action(game)
    k.after_action(other)                                    # a new deal leaves a started game: lost
    t = k.stats.table("canfield-D3")
    assert (t["played"], t["won"]) == (2, 0) and k.stats.open is None
    assert json.loads(st.items[STATS_KEY])["tables"]["canfield-D3"]["played"] == 2


def _winning_game():
    """The foundation-only deal of the browser tests: every move goes up, it wins."""
    suits = "HSDC"
    order = [r + s for s in suits for r in "789TJQKA23456"]
    need = order[1:]
    deck = list(reversed(need[:13])) + [order[0]] + need[13:17] + list(reversed(need[17:]))
    return Game.from_code("CF1-D1-" + "".join(deck))


def test_a_win_is_recorded_once_with_score_and_time():
    st, clock = MemoryStorage(), Clock()
    game = _winning_game()
    k = Records(Store(st), clock)
    k.boot(game.code)
    k.after_action(game)
    k.ready()
    moves = game.finish_moves()
    game.play(moves[0])
    k.after_action(game)
    clock.now += 61.26
    for m in moves[1:]:
        game.play(m)
    k.after_action(game)
    assert game.won
    t = k.stats.table("canfield-D1")
    assert (t["played"], t["won"], t["streak"], t["best_score"], t["fastest"]) == (1, 1, 1, game.score, 61.2)  # cut down to the tenth, as the clock
    game.undo()
    k.after_action(game)
    game.redo()
    k.after_action(game)                                     # won again by redo: not again
    k2, again = boot(st, game.code)                          # nor after a reload
    k2.after_action(again)
    assert k2.stats.table("canfield-D1")["won"] == 1 and k2.stats.table("canfield-D1")["played"] == 1
    k2.after_action(Game.from_code(CODE))                    # leaving a won game is no loss
    assert k2.stats.table("canfield-D1")["streak"] == 1


def test_a_helped_game_stays_helped_across_a_reload_and_its_win_is_not_clean():
    st = MemoryStorage()
    game = _winning_game()
    k = Records(Store(st), Clock())
    k.boot(game.code)
    k.after_action(game)
    k.ready()
    moves = game.finish_moves()
    game.play(moves[0])
    k.after_action(game)
    k.mark_helped()                                          # a hint, say
    assert json.loads(st.getItem(SAVE_KEY))["helped"] is True
    k2, again = boot(st, game.code)                          # a reload keeps it helped
    for m in moves[1:]:
        again.play(m)
    k2.after_action(again)
    t = k2.stats.table("canfield-D1")
    assert again.won and t["won"] == 1 and "clean" not in t


def test_a_clean_win_is_counted_clean_and_a_replays_win_is_not_counted():
    st = MemoryStorage()
    game = _winning_game()
    k = Records(Store(st), Clock())
    k.boot(game.code)
    k.after_action(game)
    k.ready()
    for m in game.finish_moves():
        game.play(m)
        k.after_action(game)
    t = k.stats.table("canfield-D1")
    assert t["won"] == 1 and t["clean"] == 1
    other = _winning_game()                                  # the same deal as a replay: shown, not played
    for m in other.finish_moves():
        other.play(m)
        k.after_action(other, count=False)
    assert k.stats.table("canfield-D1")["won"] == 1 and k.stats.table("canfield-D1")["played"] == 1


# --------------------------------------------------------------------------- unreadable records

@pytest.mark.parametrize("bad", [
    "\x00\xff\ufffd garbage", "{nope", "[1, 2]", "[" * 50_000, "null",
    json.dumps({"format": "canfield-save", "version": 0, "code": CODE, "moves": []}),
    json.dumps({"format": "canfield-save", "version": 1, "code": "ZZ9-D3-AAAAACL", "moves": []}),
    json.dumps({"format": "canfield-save", "version": 1, "code": CODE, "moves": ["T1-T1"]}),
    # a game of the engine the page does not draw (Gate, below): kept aside, not played
    json.dumps({"format": "canfield-save", "version": 1, "code": "GT1-D1-AAAAAAB", "moves": []}),
])
def test_an_unreadable_save_is_moved_aside_first(bad, monkeypatch):
    from worker import persist
    from worker.choices import offered_names

    # a page that does not draw Gate (as before it drew several reserves): its saved game is set aside
    monkeypatch.setattr(persist, "offered_names", lambda: tuple(n for n in offered_names() if n != "gate"))
    st = MemoryStorage({SAVE_KEY: bad})
    k = Records(Store(st))
    assert k.boot("") is None
    assert k.notices == ["notice.save_broken"]
    assert st.items[SAVE_KEY + ".broken"] == bad and SAVE_KEY not in st.items
    k.after_action(Game.from_code(CODE))
    assert json.loads(st.items[SAVE_KEY])["code"] == CODE


def test_when_moving_aside_fails_the_key_is_left_untouched_for_the_session():
    st = FailingStorage({SAVE_KEY: "{nope"}, refuse={SAVE_KEY + ".broken"})
    k = Records(Store(st))
    assert k.boot("") is None and k.notices == ["notice.save_held"]
    game = Game.from_code(CODE)
    k.after_action(game)                                     # the first drawing
    k.ready()
    first_moves(game, 3)
    k.after_action(game)                                     # the player plays on: still not written
    assert st.items[SAVE_KEY] == "{nope"


class QuotaStorage(MemoryStorage):
    """localStorage with a quota: a write that would take the total over `quota` characters raises."""

    def __init__(self, items=None, quota=5_200_000):
        super().__init__(items)
        self.quota = quota

    def setItem(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(str(value)) > self.quota:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


@pytest.mark.parametrize("key,notice", [(SAVE_KEY, "notice.save_held"), (STATS_KEY, "notice.stats_held"),
                                        ("canfield.settings", "notice.settings_held")])
def test_a_record_too_large_to_copy_is_never_overwritten(key, notice):
    """Defect 5: a 5 MB corrupted record cannot be copied to .broken within the quota; it used to be lost
    at the first move although the notice said it was set aside."""
    big = '"' + "x" * 5_000_000
    st = QuotaStorage({key: big})
    k, game = boot(st, CODE)
    settings = k.load_settings(("canfield",))
    assert notice in k.notices
    for _ in range(3):
        first_moves(game, 1)
        k.after_action(game)
    k.save_settings(settings)
    if game.won is False:
        k.leave()
    assert st.items[key] == big and key + ".broken" not in st.items
    assert k.stats.table("canfield-D3")["played"] == 1      # still counted in memory for the session


def test_a_record_that_fits_is_moved_aside_under_a_quota():
    st = QuotaStorage({SAVE_KEY: "{nope" * 1000})
    k, game = boot(st, CODE)
    assert k.notices == ["notice.save_broken"] and st.items[SAVE_KEY + ".broken"] == "{nope" * 1000
    assert json.loads(st.items[SAVE_KEY])["code"] == CODE


@pytest.mark.parametrize("text", ['{"lang": []}', '{"draw": {}}', '{"rules": [1]}', "[" * 50_000, "{x"])
def test_bad_settings_are_set_aside_with_a_notice(text):
    """Defect 1: {"lang": []} raised TypeError at every boot; now the defaults apply and the record is kept."""
    st = MemoryStorage({"canfield.settings": text})
    k = Records(Store(st))
    got = k.load_settings(("canfield",))
    assert got.lang == "" and got.draw == 3
    assert k.notices == ["notice.settings_broken"]
    assert st.items["canfield.settings.broken"] == text and "canfield.settings" not in st.items
    k.save_settings(got)
    assert json.loads(st.items["canfield.settings"])["draw"] == 3
    good = MemoryStorage({"canfield.settings": '{"draw": 1}'})
    k2 = Records(Store(good))
    assert k2.load_settings(("canfield",)).draw == 1 and k2.notices == []


# ----------------------------------------------------------------------- two pages of the game at once

def test_two_pages_never_lose_a_recorded_game():
    """Defect 7: each page wrote its own statistics over the other's; a win in one could vanish."""
    st = MemoryStorage()
    wall = [1000.0]

    def tick():
        wall[0] += 1
        return wall[0]

    a = Records(Store(st), Clock(), wall=tick)
    a.boot("")
    ga = Game.from_code(CODE)
    a.after_action(ga)
    a.ready()
    b = Records(Store(st), Clock(), wall=tick)                # a second page, opened on another deal
    b.boot("CF1-D1-AAAAAAB")
    gb = Game.from_code("CF1-D1-AAAAAAB")
    b.after_action(gb)
    b.ready()
    first_moves(ga, 1)
    a.after_action(ga)                                       # page A starts its game
    assert b.on_storage(STATS_KEY, st.items[STATS_KEY]) == "stats"
    first_moves(gb, 1)
    b.after_action(gb)                                       # page B starts its own
    a.on_storage(STATS_KEY, st.items[STATS_KEY])
    assert b.stats.win(b.id, 200, 60.0)                      # B wins (as after_action would record it)
    b._write_stats()
    a.leave()                                                # A leaves its game: a loss, written by A
    for k in (a, b):
        k.on_storage(STATS_KEY, st.items[STATS_KEY])
    final = Stats.from_json(st.items[STATS_KEY])
    assert final.table("canfield-D3")["played"] == 1 and final.table("canfield-D1")["played"] == 1
    assert final.table("canfield-D1")["won"] == 1            # B's win survived A's later write
    assert a.stats.table("canfield-D1")["won"] == 1 and b.stats.table("canfield-D3")["played"] == 1
    assert a.on_storage(STATS_KEY, st.items[STATS_KEY]) is None  # nothing new: nothing to redraw
    assert a.on_storage(SAVE_KEY, "{}") is None and a.on_storage(STATS_KEY, "{bad") is None


def test_a_reset_in_one_page_is_not_undone_by_the_other():
    st = MemoryStorage()
    wall = [1000.0]

    def tick():
        wall[0] += 1
        return wall[0]

    a, ga = boot(st, CODE)
    a.wall = tick
    first_moves(ga, 1)
    a.after_action(ga)
    b = Records(Store(st), Clock(), wall=tick)
    b.boot("CF1-D1-AAAAAAB")
    b.after_action(Game.from_code("CF1-D1-AAAAAAB"))
    b.reset_stats()
    a.on_storage(STATS_KEY, st.items[STATS_KEY])
    assert a.stats.table("canfield-D3")["played"] == 0
    a.leave()
    assert Stats.from_json(st.items[STATS_KEY]).table("canfield-D3")["played"] == 0


def test_unreadable_statistics_are_moved_aside_and_an_open_game_without_save_is_lost():
    bad = json.dumps({"format": "canfield-stats", "version": 9, "tables": {}, "open": None})
    st = MemoryStorage({STATS_KEY: bad})
    k = Records(Store(st))
    k.boot("")
    assert k.notices == ["notice.stats_broken"] and st.items[STATS_KEY + ".broken"] == bad
    s = Stats()
    s.start("canfield-D3", "gone")
    st2 = MemoryStorage({STATS_KEY: s.to_json()})           # a started game whose save vanished
    k2 = Records(Store(st2))
    k2.boot("")
    assert k2.stats.open is None and json.loads(st2.items[STATS_KEY])["open"] is None


@pytest.mark.parametrize("storage", [None, Broken(), FailingStorage()], ids=["none", "refused", "full"])
def test_storage_missing_refused_or_full_never_raises(storage):
    k, game = boot(storage, CODE)
    first_moves(game, 2)
    k.after_action(game)
    assert k.stats.table("canfield-D3")["played"] == 1      # kept in memory for the session
    assert Store(storage).get("x") is None and Store(storage).set("x", "1") is False


# --------------------------------------------------------------------------- dialog: reset, import, texts

def test_import_replaces_validates_and_keeps_the_game_in_play_counted():
    st = MemoryStorage()
    k, game = boot(st, CODE)
    first_moves(game, 1)
    k.after_action(game)
    before = k.export_stats()
    for bad, words in (("{x", "not JSON"), ("[" * 40, "deeper"), ("x" * 1_000_001, "larger"), (None, "not text")):
        with pytest.raises(InvalidStats, match=words):
            k.import_stats(bad)
    assert k.export_stats() == before
    other = Stats()
    other.start("classic-D1", "elsewhere")                   # open on another device
    other.win("elsewhere", 250, 90)
    other.start("classic-D1", "elsewhere-2")
    k.import_stats(other.to_json())
    assert k.stats.table("classic-D1")["played"] == 2
    assert k.stats.table("classic-D1")["streak"] == 0        # the other device's open game: lost
    assert k.stats.open["id"] == k.id and k.stats.table("canfield-D3")["played"] == 1
    assert json.loads(st.items[STATS_KEY]) == json.loads(k.export_stats())
    Stats.from_json(k.export_stats())                        # still a valid record
    k.reset_stats()
    assert k.stats.table("classic-D1")["played"] == 0 and k.stats.table("canfield-D3")["played"] == 1


def test_json_depth_and_loads():
    assert json_depth('{"a": ["[[[", "\\"[["], "b": {}}') == 2
    assert json_depth("[" * 100_000, 33) == 33
    with pytest.raises(ValueError, match="deeper"):
        loads("[" * 100_000)
    assert loads('{"a": [1]}') == {"a": [1]}


def test_dialog_texts():
    assert format_duration(0) == "0:00" and format_duration(125.4) == "2:05" and format_duration(3725) == "1:02:05"
    empty = dict(Stats().table("canfield-D3"))
    rows = dict(stats_rows(empty, Translator("en")))
    assert rows == {"played": "0", "won": "0", "clean": "—", "rate": "—", "streak": "0", "best_streak": "0",
                    "best_score": "—", "fastest": "—", "fewest": "—"}
    t = {"played": 3, "won": 1, "streak": 0, "best_streak": 1, "best_score": 255, "fastest": 61.3, "rate": 1 / 3}
    assert dict(stats_rows(t, Translator("fr")))["rate"] == "33 %"
    assert dict(stats_rows(t, Translator("en")))["fastest"] == "1:01"
    assert dict(stats_rows(t, Translator("en")))["clean"] == "0"            # a win, none without help
    assert dict(stats_rows({**t, "clean": 1}, Translator("en")))["clean"] == "1"


def test_import_reasons_in_the_players_language():
    k = Records(Store(MemoryStorage()))
    fr = Translator("fr")
    reasons = []
    for bad in ("{x", '{"format": "nope"}', "[" * 40, None, "x" * 1_000_001,
                json.dumps({"format": "canfield-stats", "version": 9, "tables": {}, "open": None}),
                json.dumps({"format": "canfield-stats", "version": 1, "tables": {"k": {}}, "open": None})):
        with pytest.raises(InvalidStats) as info:
            k.import_stats(bad)
        reasons.append(import_reason(info.value, fr))
    assert reasons == [
        "ce n’est pas du JSON", "ce n’est pas un fichier de statistiques de Canfield",
        "son contenu est imbriqué bien trop profondément pour des statistiques",
        "ce n’est pas un fichier de statistiques de Canfield",
        "le fichier est trop gros pour des statistiques", "il vient d’une autre version du jeu",
        "certains nombres sont impossibles (négatifs, infinis ou incohérents)"]


def test_import_reasons_are_picked_by_code_not_by_message():
    fr = Translator("fr")
    assert import_reason(InvalidStats("anything at all", "version"), fr) == "il vient d’une autre version du jeu"
    assert import_reason(InvalidStats("the statistics are not JSON", "format"), fr).startswith("ce n’est pas un")


def test_two_pages_lose_nothing_even_before_the_storage_event_arrives():
    """Each write merges the stored record first: a page that has not yet heard of the other's win
    (the storage event comes later, between two tasks) does not write over it."""
    st = MemoryStorage()
    wall = [1000.0]

    def tick():
        wall[0] += 1
        return wall[0]

    a, ga = boot(st, CODE)
    a.wall = tick
    b, gb = boot(st, "CF1-D1-AAAAAAB")
    b.wall = tick
    first_moves(ga, 1)
    a.after_action(ga)
    first_moves(gb, 1)
    b.after_action(gb)
    assert b.stats.win(b.id, 200, 60.0)
    b._write_stats()
    a.leave()                                                # no storage event was handled by A
    final = Stats.from_json(st.items[STATS_KEY])
    assert final.table("canfield-D1")["won"] == 1 and final.table("canfield-D3")["played"] == 1



def test_a_save_holding_the_same_record_is_not_written_again():
    """A return without a move: the record the save holds (the page wrote it when it was left, its keys
    in another order) is not written again, so the board's snapshot that names that text still does."""
    st, clock = MemoryStorage(), Clock()
    k, game = boot(st, CODE, clock)
    first_moves(game, 3)
    k.after_action(game)
    rec = json.loads(st.items[SAVE_KEY])
    st.items[SAVE_KEY] = json.dumps(dict(reversed(list(rec.items()))))    # as the page's MicroPython writes it
    kept = st.items[SAVE_KEY]
    k2, again = boot(st, "", clock)
    assert again.history == game.history
    assert st.items[SAVE_KEY] == kept
    clock.now += 30                                     # the clock goes on: a new time is written
    k2.after_action(again)
    assert st.items[SAVE_KEY] != kept and json.loads(st.items[SAVE_KEY])["seconds"] == rec["seconds"] + 30
