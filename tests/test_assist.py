"""static/worker/assist.py: what the solver's answers show (the hint, the lost position's offer, the guess,
"Show me how" without a line), the deal the catalogue gives a New game at once, and the notes that say what a
deal is when the catalogue has not the one wanted; under CPython."""

import random
import types

import pytest

from canfield import Game, catalog
from canfield.catalog import Entry
from worker.assist import (
    answer_move, catalogue_deal, catalogue_note, daily_note, hint_panel, line_panel, ordinary_note, sentence,
)
from worker.i18n import Translator

T = Translator("en")
CODE = "CF1-D3-AAAAACL"


@pytest.fixture
def game():
    return Game.from_code(CODE)


def test_a_proved_hint_says_its_move_and_an_unproved_one_says_so(game):
    move = game.parse_move("S")
    assert sentence(game, move, T, "en") == T("assist.hint.draw")
    res = {"verdict": "won", "move": "S", "proved": True}
    panel = hint_panel(res, game, answer_move(res, game), T, "en")
    assert (panel.kind, panel.move, panel.text) == ("hint", "S", T("assist.hint.draw"))
    res = {"verdict": "unknown", "move": "S", "proved": False}
    panel = hint_panel(res, game, answer_move(res, game), T, "en")
    assert (panel.kind, panel.text) == ("guess", T("assist.guess.draw"))
    assert hint_panel({"verdict": "unknown"}, game, None, T, "en").kind == "unknown"
    assert hint_panel({"verdict": "cancelled"}, game, None, T, "en") is None
    assert hint_panel({"verdict": "error"}, game, None, T, "en").kind == "note"


def test_a_lost_position_offers_its_undos_back_with_the_best_move(game):
    res = {"verdict": "lost", "move": "S", "undos": 3}
    panel = hint_panel(res, game, answer_move(res, game), T, "en")
    assert panel.kind == "lost" and panel.undos == 3 and panel.buttons == ("back", "new", "analyse")
    assert panel.back_label == T("assist.back.n", n=3) and panel.move == "S"
    assert T("assist.lost.hint.draw") in panel.text
    panel = hint_panel({"verdict": "lost"}, game, None, T, "en")
    assert panel.buttons == ("new", "analyse") and panel.undos is None and panel.move is None


def test_show_me_how_plays_a_line_or_says_why_not(game):
    assert line_panel({"verdict": "won", "moves": ["S"]}, game, None, T, "en") is None
    assert line_panel({"verdict": "lost"}, game, None, T, "en").buttons == ("new",)
    res = {"verdict": "unknown", "move": "S"}
    panel = line_panel(res, game, answer_move(res, game), T, "en")
    assert panel.kind == "guess" and panel.text.startswith(T("assist.line.unknown"))


def fake_catalogue(monkeypatch, texts, tried):
    """The catalogue read from these texts and deals tried (by key) instead of canfield/catalog_data.py."""
    data = types.SimpleNamespace(FORMAT=catalog.FORMAT, ENTRIES=dict(texts), TRIED=dict(tried))
    monkeypatch.setattr(catalog, "_cache", {"tables": catalog.check_tables(data)})
    monkeypatch.setattr(catalog, "_orders", {})


def test_a_new_deal_from_the_catalogue_at_once_or_plain(game, monkeypatch):
    rng = random.Random(5)
    plain, entry = catalogue_deal(game, 1, "canfield", False, "", rng)
    assert entry is None and plain.draw == 1 and plain.rules.name == "canfield"
    dealt, entry = catalogue_deal(game, 3, "canfield", True, "", rng)
    assert entry is not None and dealt.number == entry.number and entry in catalog.winnable("canfield", 3)
    dealt, entry = catalogue_deal(game, 3, "canfield", False, "expert", rng)
    assert entry.grade == "expert" and dealt.number == entry.number
    texts = {k: catalog.encode(catalog.winnable(k.split("/")[0], 3)) for k in ("canfield/3", "rush/3")}
    fake_catalogue(monkeypatch, dict(texts, **{"casino/1": ""}), dict.fromkeys(texts, 10**6) | {"casino/1": 2136})
    plain, entry = catalogue_deal(game, 1, "casino", True, "", rng)   # no entry: a plain deal at once, no search
    assert entry is None and plain.rules.name == "casino" and plain.draw == 1 and plain.number is not None
    plain, entry = catalogue_deal(game, 1, "casino", False, "hard", rng)
    assert entry is None and plain.rules.name == "casino"
    class First:                              # an rng that always picks the first entry
        def randrange(self, n):
            return 0
    table = Game.new(rules="rush", number=catalog.winnable("rush", 3)[0].number)
    assert catalogue_deal(table, 3, "rush", True, "", First())[1].number != table.number   # never the deal on the table


NOTES = {   # (language, the note) -> its text, for a pair with 2136 deals tried and the entries given
    ("en", "none"): "The solver has proved none of the 2,136 Casino Canfield deals it tried: Winnable deals gives "
                    "ordinary deals here, and the daily deal is not proved winnable.",
    ("fr", "none"): "Le solveur n’a prouvé gagnable aucune des 2\u202f136 donnes de Canfield casino qu’il a "
                    "essayées : les donnes gagnables sont ici des donnes ordinaires, et la donne du jour n’est pas "
                    "prouvée gagnable.",
    ("nl", "none"): "De oplosser heeft geen van de 2.136 geprobeerde spellen van Casino-Canfield als winbaar "
                    "bewezen: winbare spellen zijn hier gewone spellen, en het spel van de dag is niet bewezen winbaar.",
    ("en", "daily"): "Deal of the day (2026-12-07): not proved winnable — the solver has proved none of the 2,136 "
                     "Casino Canfield deals it tried.",
    ("fr", "daily"): "Donne du jour (2026-12-07) : pas prouvée gagnable — le solveur n’a prouvé gagnable aucune des "
                     "2\u202f136 donnes de Canfield casino qu’il a essayées.",
    ("nl", "daily"): "Spel van de dag (2026-12-07): niet bewezen winbaar — de oplosser heeft geen van de 2.136 "
                     "geprobeerde spellen van Casino-Canfield als winbaar bewezen.",
    ("en", "ordinary"): "No Casino Canfield deal is proved winnable yet (the solver proved none of the 2,136 it "
                        "tried): this is an ordinary deal.",
    ("fr", "ordinary"): "Aucune donne de Canfield casino n’est encore prouvée gagnable (aucune des 2\u202f136 que le "
                        "solveur a essayées) : voici une donne ordinaire.",
    ("nl", "ordinary"): "Nog geen spel van Casino-Canfield is als winbaar bewezen (geen van de 2.136 die de oplosser "
                        "probeerde): dit is een gewoon spel.",
}


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_a_game_with_no_proved_deal_says_so_in_each_language(lang, monkeypatch):
    """Issue 46: where the catalogue has no entry, the New game dialog's line, the daily deal's note and a
    winnable deal's note say plainly how many deals were tried and that none is proved."""
    from worker import dates

    t = Translator(lang)
    fake_catalogue(monkeypatch, {"casino/1": ""}, {"casino/1": 2136})
    assert dates.day_label("2026-12-07", lang) == "2026-12-07"   # under CPython (the browser: "7 December")
    assert catalogue_note(t, "casino", 3) == catalogue_note(t, "casino", 1) == NOTES[lang, "none"]
    assert daily_note(t, lang, "2026-12-07", "casino", 1, None) == NOTES[lang, "daily"]
    assert ordinary_note(t, "casino", 1) == ordinary_note(t, "casino", 1, "hard") == NOTES[lang, "ordinary"]
    assert catalogue_note(t, "canfield", 3) == t("newgame.catalog.untried", name=t.rules_name("canfield"))
    assert daily_note(t, lang, "2026-12-07", "canfield", 3, None) == t(
        "assist.daily.untried", date=dates.day_label("2026-12-07", lang), name=t.rules_name("canfield"))


def test_a_partial_catalogue_says_how_many_deals_are_proved_and_a_complete_one_says_nothing(monkeypatch):
    entries = [Entry(3, "easy", 80), Entry(10, "hard", 120), Entry(40, "hard", 150)]
    fake_catalogue(monkeypatch, {"casino/1": catalog.encode(entries), "variegated/3": catalog.encode(entries[:1]),
                                 "canfield/3": catalog.encode(Entry(n, "easy", 90) for n in range(366))},
                   {"casino/1": 2136, "variegated/3": 1000, "canfield/3": 400})
    assert catalogue_note(T, "casino", 1) == (
        "The solver has proved 3 of the 2,136 Casino Canfield deals it tried winnable: Winnable deals picks among "
        "them, and the daily deal comes back every 3 days.")
    assert catalogue_note(T, "variegated", 3) == (
        "The solver has proved 1 of the 1,000 Variegated Canfield deals it tried winnable: Winnable deals always "
        "gives that one, and it is the daily deal every day.")
    assert catalogue_note(T, "canfield", 3) is None           # complete: no line
    day = "2026-12-07"
    assert daily_note(T, "en", day, "casino", 1, entries[0]) == "Deal of the day (2026-12-07)."   # proved: no more
    assert ordinary_note(T, "casino", 1, "expert") == (
        "No expert Casino Canfield deal is proved yet (3 of the 2,136 deals tried are proved winnable): this is an "
        "ordinary deal.")
