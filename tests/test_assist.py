"""static/worker/assist.py: what the solver's answers show (the hint, the lost position's offer, the guess,
"Show me how" without a line) and the deal the catalogue gives a New game at once; under CPython."""

import random

import pytest

from canfield import Game, catalog
from worker.assist import answer_move, catalogue_deal, hint_panel, line_panel, sentence
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


def test_a_new_deal_from_the_catalogue_at_once_or_plain_or_left_to_the_search(game):
    rng = random.Random(5)
    plain, entry = catalogue_deal(game, 1, "canfield", False, "", rng)
    assert entry is None and plain.draw == 1 and plain.rules.name == "canfield"
    dealt, entry = catalogue_deal(game, 3, "canfield", True, "", rng)
    assert entry is not None and dealt.number == entry.number and entry in catalog.winnable("canfield", 3)
    dealt, entry = catalogue_deal(game, 3, "canfield", False, "expert", rng)
    assert entry.grade == "expert" and dealt.number == entry.number
    assert catalogue_deal(game, 1, "casino", True, "", rng) == (None, None)   # no entry: the search's
    class First:                              # an rng that always picks the first entry
        def randrange(self, n):
            return 0
    table = Game.new(rules="rush", number=catalog.winnable("rush", 3)[0].number)
    assert catalogue_deal(table, 3, "rush", True, "", First())[1].number != table.number   # never the deal on the table
