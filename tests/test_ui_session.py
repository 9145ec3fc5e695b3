"""The worker's session (static/worker/session.py): one text in, one text out. A whole game played by encoded
messages only (a Start, then taps and drops of the solver's winning line of CF1-D3-AAAAACL, undo and redo
by button and by key, a resize, the dock, a settings change, new deals with a confirmation), each answer
checked against the controller and the scene used directly; the answer's size; bad texts and a failing
action answered with an error, the game left as it was; and no js or pyodide import."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import ui_helpers
from canfield import Game, catalog
from canfield.save import to_save
from canfield.solver import solve
from engine_helpers import seed_example_deck
from worker import session as session_module
from worker.controller import Controller
from worker.i18n import Translator
from worker.layout import counts_for
from worker.snapshot import save_hash
from worker.steady import Steady
from worker.scene import decode_view, encode_view, scene
from worker.session import MAX_ANSWER, Session
from worker.settings import Settings
from shared.table import TO_UI, visible_cards
from worker.view import column_lengths
from shared.vocab import (
    AnalysisPanel, Answer, Button, Dock, DragStart, Drop, HashChanged, Key, NewDeal, Reply, Resize, SettingsChanged, Start,
    Tap, decode, encode,
)

REPO = Path(__file__).resolve().parents[1]
CODE = ui_helpers.CODE
SEED_CODE = "CF1-D3-" + "".join(seed_example_deck())   # seed 000's example deal


class Twin:
    """The controller and the scene used directly, fed the same actions as the session."""

    def __init__(self, width, height, code=CODE):
        self.c = Controller(Game.from_code(code), Settings(), Translator("en"), "en")
        self.c.show_game(self.c.game, push=False, deal=False)
        self.c.dispatch(Resize(width, height))
        self.steady = Steady()

    def dispatch(self, action):
        self.c.dispatch(action)

    def view_text(self):
        c = self.c
        w, h = c.ui.viewport
        layout = self.steady.layout(c.game.code, len(c.game.history), w, h, column_lengths(c.game),
                                    draw=c.game.draw, large=c.settings.large_cards, coarse=False,
                                    counts=counts_for(c.game), left_handed=c.settings.left_handed, dock=c.ui.dock)
        return encode_view(scene(c.game, c.ui, layout, c.t, c.lang, None))


class Player:
    """Sends encoded messages to a session and checks each answer against the twin."""

    def __init__(self, width=1280.0, height=800.0, code=CODE):
        self.session = Session()
        self.twin = None
        self.shown = None            # the view the page would show: the last one an answer held
        self.longest = 0
        self.start(width, height, code)

    def start(self, width, height, code=CODE):
        text = self.session.handle(encode(Start(width, height, code=code, languages=("en-GB", "en"))))
        self.twin = Twin(width, height, code)
        self.check(text)

    def send(self, action):
        text = self.session.handle(encode(action))
        self.twin.dispatch(action)
        return self.check(text)

    def check(self, text):
        assert type(text) is str
        self.longest = max(self.longest, len(text))
        assert isinstance(decode(text), Reply)           # the shared codec reads it back, every field checked
        answer = json.loads(text)
        assert answer["ok"] is True and answer["errors"] == [], answer
        assert set(answer) == {"kind", "ok", "error", "errors", "view", "effects", "store", "page", "dialog",
                               "counters", "cascade", "replay", "marks", "analysis"}
        effects = [decode(e) for e in answer["effects"]]
        assert effects == self.twin.c.take_effects()
        expected = self.twin.view_text()
        if answer["view"] is None:
            assert expected == self.shown             # no view: the one shown is still right
        else:
            assert decode_view(answer["view"]) == json.loads(expected)
            assert answer["view"] != self.shown       # a view only when it changed
            self.shown = answer["view"]
        return effects

    @property
    def game(self):
        return self.session.controller.game


def play_move(player, text):
    """The solver's move `text` as the page would send it: a tap where the tap makes exactly this move,
    else a drop."""
    game = player.game
    move = game.parse_move(text)
    if move.src == "S" or move.dst == "S":
        return player.send(Tap("stock"))
    pile = TO_UI[move.src]
    shown = visible_cards(game)[pile]
    if game.tap_move(move.src, move.count, player.session.controller.settings.tap_to_columns) == move:
        return player.send(Tap(pile, len(shown) - move.count))
    return player.send(Drop(pile, move.count, TO_UI[move.dst]))


@pytest.fixture(scope="module")
def line():
    return solve(Game.from_code(CODE)).moves


def test_a_whole_game_played_by_encoded_messages_gives_the_controllers_view_and_effects(line):
    p = Player()
    for i, text in enumerate(line):
        before = len(p.game.history)
        effects = play_move(p, text)
        assert len(p.game.history) == before + 1, (i, text, effects)
        if i == 10:
            p.send(Button("undo"))
            p.send(Button("redo"))
            p.send(Key("u"))
            p.send(Key("r"))
            p.send(Key("z", ctrl=True))
            p.send(Key("z", ctrl=True, shift=True))
            assert len(p.game.history) == before + 1
        if i == 30:
            p.send(Resize(390.0, 844.0))
        if i == 60:
            effects = p.send(SettingsChanged({"large_cards": True, "lang": "fr"}))
            assert p.session.controller.lang == "fr" and "language" in [e.kind for e in effects]
        if i == 90:
            p.send(Dock(120.0))
            p.send(Dock(0.0))
        if i == 120:
            p.send(Resize(844.0, 390.0))
    assert p.game.won
    # a new deal after the win: no question asked
    assert [e.kind for e in p.send(Button("new"))] == ["dialog"]
    p.send(NewDeal("CF1-D1-AAAAAAB"))
    assert p.game.code == "CF1-D1-AAAAAAB" and not p.game.history
    # a started game is left for the address's deal only after a yes
    p.send(Tap("stock"))
    assert "confirm" in [e.kind for e in p.send(HashChanged(CODE))]
    assert p.game.code == "CF1-D1-AAAAAAB"
    p.send(Answer(True))
    assert p.game.code == CODE and not p.game.history
    assert p.longest <= MAX_ANSWER


def test_every_message_is_answered_by_one_json_text_within_the_stated_size(line):
    p = Player(390.0, 844.0)
    p.send(SettingsChanged({"large_cards": True}))
    for text in line[:170]:          # the long game: its longest column holds 37 cards
        play_move(p, text)
    full = p.session.view_text()
    assert len(full) < MAX_ANSWER // 2
    assert p.longest <= MAX_ANSWER


def test_a_view_is_sent_only_when_it_changed():
    p = Player()
    answer = json.loads(p.session.handle(encode(Key("Shift"))))     # a key that does nothing
    assert answer == {"kind": "Reply", "ok": True, "error": "", "errors": [], "view": None, "effects": [], "store": {}, "page": None, "dialog": None,
                      "counters": None, "cascade": None, "replay": None, "marks": None, "analysis": None}


@pytest.mark.parametrize("text", [
    "", "not json", "[1, 2]", '{"kind": 3}', '{"kind": "Nope"}', '{"kind": "Tap"}', '{"kind": "Tap", "pile": 3}',
    '{"kind": "say", "text": "an effect is not an action"}', None, 42, b'{"kind": "Pointer"}',
    '{"kind": "Start", "width": 1, "height": 2}',            # a second start
    '{"kind": "Drop", "pile": "nowhere", "count": 1, "dest": "waste"}',   # decodes, then its handler fails
    '{"kind": "Tap", "pile": "nowhere"}',
])
def test_a_bad_text_gives_an_error_answer_and_leaves_the_game_as_it_was(text, line):
    p = Player()
    for move in line[:12]:
        play_move(p, move)
    p.send(DragStart("waste", 1))    # cards carried: a failing drop lets go of them before it fails
    c = p.session.controller
    assert c.ui.drag is not None
    before = (to_save(p.game), list(p.game.history), c.ui.drag, c.ui.selection,
              c.ui.version, c.settings, c.lang)
    view = p.session.view_text()
    answer = json.loads(p.session.handle(text))
    assert answer["ok"] is False and answer["error"] and answer["view"] is None and answer["effects"] == [] and answer["store"] == {} and answer["page"] is None and answer["dialog"] is None
    c = p.session.controller
    assert (to_save(p.game), list(p.game.history), c.ui.drag, c.ui.selection,
            c.ui.version, c.settings, c.lang) == before
    assert p.session.view_text() == view
    p.send(Tap("stock"))          # and the game goes on
    assert len(p.game.history) == len(before[1]) + 1


def test_actions_before_the_start_are_refused():
    s = Session()
    answer = json.loads(s.handle(encode(Tap("stock"))))
    assert answer["ok"] is False and "Start" in answer["error"]
    assert json.loads(s.handle(encode(Start(1280, 800, code=CODE))))["ok"] is True


def test_a_resumed_save_written_again_at_start_comes_with_the_snapshot_naming_it(line):
    """A return: the saved game the page wrote when it was left is written again at the same position
    (its record changed: here a save of an older format's fields): the board's record for the next
    visit comes in the same answer and names it, so a visit left at once is painted the next time; a save
    that holds the record the worker would write is not written again, and no snapshot comes."""
    p = Player()
    for move in line[:5]:
        play_move(p, move)
    written = p.session.records.saved_text()
    older = json.dumps(to_save(p.game))              # no id, no time: written again at start
    answer = json.loads(Session().handle(encode(Start(1280, 800, code=CODE, save=older))))
    store = answer["store"]
    assert store["canfield.save"] != older
    assert json.loads(store["canfield.snapshot"])["save"] == save_hash(store["canfield.save"])
    answer = json.loads(Session().handle(encode(Start(1280, 800, code=CODE, save=written))))
    assert "canfield.save" not in answer["store"] and "canfield.snapshot" not in answer["store"]


def test_start_resumes_the_saved_game_and_opens_a_bad_code_with_a_notice(line):
    p = Player()
    for move in line[:5]:
        play_move(p, move)
    save = json.dumps(to_save(p.game))
    s = Session()
    answer = json.loads(s.handle(encode(Start(1280, 800, code="NOT-A-CODE", save=save))))
    assert answer["ok"] is True
    assert s.controller.game.code == CODE and len(s.controller.game.history) == 5
    assert decode_view(answer["view"])["notice"]["text"]
    # a broken saved game: a fresh deal of the settings, and a notice
    s = Session()
    answer = json.loads(s.handle(encode(Start(1280, 800, save="{broken", settings='{"draw": 1}'))))
    assert answer["ok"] is True and s.controller.game.draw == 1
    assert decode_view(answer["view"])["notice"] is not None
    # set aside by the page from what the browser holds (a text MicroPython may not carry whole), then replaced
    assert answer["store"]["canfield.save.broken"] == {"copy": "canfield.save"}
    assert json.loads(answer["store"]["canfield.save"])["format"] == "canfield-save"


def test_the_session_imports_no_js_or_pyodide():
    tree = ast.parse((REPO / "static" / "worker" / "session.py").read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    assert not names & {"js", "pyodide", "pyscript"}
    # nor does anything it loads, when imported alone
    code = ("import sys; sys.path[:0] = [%r, %r]; import worker.session; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('js', 'pyodide', 'pyscript')))"
            % (str(REPO), str(REPO / "static")))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert session_module.__doc__


# ---- the thin page's messages: points on the board, the storage writes, the page's facts ---------------

def dropped(text):
    """A solver's answer for a request gone by changes nothing: its answer only counts it (data-answers)."""
    out = json.loads(text)
    assert out["ok"] and (out["view"], out["effects"], out["dialog"], out["store"]) == (None, [], None, {}), out
    return out["marks"]["answers"]


def started(width=1280.0, height=800.0, code=CODE, **kw):
    s = Session()
    first = json.loads(s.handle(encode(Start(width, height, code=code, languages=("en",), **kw))))
    assert first["ok"], first
    return s, first


def centre(session, pile, index=None):
    """The board point at the middle of a pile's slot, or of a card's visible part in a column."""
    layout = session.layout
    x, y, w, h = layout.piles[pile]
    if index is None:
        return x + w / 2, y + min(h, layout.ch) / 2
    dx, dy = layout.card_offset(pile, index)
    return x + dx + layout.cw / 2, y + dy + 4


def decode_analysis(reply: dict):
    """The reply's #analysis panel as the page reads it (the codec's AnalysisPanel)."""
    return decode(json.dumps(reply)).analysis


def send(session, value):
    out = json.loads(session.handle(encode(value)))
    assert out["ok"], out
    return out


def test_a_tap_at_a_point_is_the_tap_on_the_pile_under_it():
    from shared.vocab import PressAt, TapAt
    s, _ = started()
    stock = len(s.controller.game.stock)
    send(s, PressAt(*centre(s, "stock")))
    send(s, TapAt(*centre(s, "stock")))
    assert len(s.controller.game.stock) == stock - 3
    before = len(s.controller.game.history)
    send(s, TapAt(5000.0, 5000.0))                   # off every pile: nothing
    assert len(s.controller.game.history) == before


def test_a_drag_and_a_drop_at_points_move_the_cards_and_a_cancel_moves_none():
    from shared.vocab import DragAt, DropAt
    s, _ = started()
    game = s.controller.game
    assert visible_cards(game)["tableau-4"] == ("6D",) and visible_cards(game)["tableau-2"] == ("7C",)
    out = send(s, DragAt(*centre(s, "tableau-4", 0)))
    assert s.controller.ui.drag is not None and s.controller.ui.drag.pile == "tableau-4"
    assert any("dragging" in c["marks"] for c in decode_view(out["view"])["cards"] if c["id"] == "6D")
    x, y, w, h = s.layout.piles["tableau-2"]
    send(s, DropAt(x + 3, y + 20, s.layout.cw, s.layout.ch, cancel=True))   # the pointer lost: back, no move
    assert visible_cards(game)["tableau-4"] == ("6D",) and s.controller.ui.drag is None
    send(s, DragAt(*centre(s, "tableau-4", 0)))
    x, y, w, h = s.layout.piles["tableau-2"]
    send(s, DropAt(x + 3, y + 20, s.layout.cw, s.layout.ch))
    assert visible_cards(game)["tableau-2"] == ("7C", "6D")
    before = len(game.history)
    send(s, DropAt(x, y, s.layout.cw, s.layout.ch))                # no drag any more: nothing
    assert len(game.history) == before


def said_in(out):
    return " ".join(decode(e).text for e in out["effects"] if decode(e).kind == "say")


@pytest.mark.parametrize("size", [(390.0, 844.0), (844.0, 390.0), (1280.0, 800.0)])
def test_a_card_let_go_over_a_column_that_refuses_it_or_off_every_pile_goes_back_and_says_so(size):
    """Issue 47: the 8 of hearts (its foundation takes it, column 1 does not) dragged onto column 1 went to
    foundation 1, just above that column, whose grown edge the card touched: a drop lands on the pile it
    is let go over, legal or not, and the automatic move to a foundation is a tap's, never a drop's."""
    from shared.vocab import DragAt, DropAt, PressAt, TapAt
    from worker.layout import drop_pile

    s, _ = started(*size, code=SEED_CODE)
    game = s.controller.game
    send(s, PressAt(*centre(s, "reserve")))
    send(s, TapAt(*centre(s, "reserve")))                  # the queen of clubs goes onto column 2
    assert visible_cards(game)["reserve"] == ("8H",) and visible_cards(game)["tableau-1"] == ("6C",)
    state, lay = game.state(), s.layout
    x, y, _, _ = lay.piles["tableau-1"]
    # the card drawn over column 1's card, a little higher (as a hand lets it go): it still touches the
    # foundation's area grown by the margin above that column in the portrait and desktop tables
    for rect in ((x + 2, y - lay.ch * 0.2, lay.cw, lay.ch), (x - 4, y + 6, lay.cw, lay.ch)):
        send(s, DragAt(*centre(s, "reserve")))
        assert s.controller.ui.drag.dests == ("foundation-1",)
        out = send(s, DropAt(*rect, drawn_at={"8H": (rect[0], rect[1])}))
        assert game.state() == state and s.controller.ui.drag is None
        assert "8 of hearts cannot go there (Column 1)" in said_in(out)
        assert s.controller.ui.slide_from == {"8H": (rect[0], rect[1])}
    # let go in empty table space, off every pile (and off the board): back, and said
    lengths = {p: len(c) for p, c in visible_cards(game).items()}
    empty = [(ex, ey) for ex in range(0, int(lay.width - lay.cw), 8) for ey in range(0, int(lay.board_h - lay.ch), 8)
             if drop_pile(lay, lengths, ("foundation-1",), (ex, ey, lay.cw, lay.ch)) is None]
    assert empty
    for ex, ey in (empty[0], empty[-1], (-900.0, -900.0)):
        send(s, DragAt(*centre(s, "reserve")))
        out = send(s, DropAt(ex, ey, lay.cw, lay.ch, drawn_at={"8H": (ex, ey)}))
        assert game.state() == state and "Not a legal move: the card goes back." in said_in(out)
    send(s, DragAt(*centre(s, "reserve")))                 # back on its own pile: no move, nothing to say
    rx, ry, _, _ = lay.piles["reserve"]
    out = send(s, DropAt(rx + 3, ry + 3, lay.cw, lay.ch, drawn_at={"8H": (rx + 3, ry + 3)}))
    assert game.state() == state and said_in(out) == ""
    send(s, DragAt(*centre(s, "reserve")))                 # over foundation 1: the move
    fx, fy, _, _ = lay.piles["foundation-1"]
    send(s, DropAt(fx + 5, fy + 10, lay.cw, lay.ch))
    assert visible_cards(game)["foundation-1"] == ("8H",)


def test_a_press_during_the_auto_finish_plays_the_rest_and_its_tap_nothing_more():
    from shared.vocab import PressAt, TapAt
    s, _ = started()
    c = s.controller
    c.ui.finishing = ["stand-in"]                    # an auto-finish under way (its rest: FinishStep rest=True)
    played = []
    c.dispatch = lambda action, _d=c.dispatch: (played.append(action), _d(action) if action.kind != "FinishStep"
                                                 else None)[0]
    send(s, PressAt(*centre(s, "stock")))
    assert [a.kind for a in played] == ["FinishStep"] and played[0].rest
    c.ui.finishing = []
    stock = len(c.game.stock)
    send(s, TapAt(*centre(s, "stock")))             # spent by the press
    assert len(c.game.stock) == stock
    send(s, PressAt(*centre(s, "stock")))
    send(s, TapAt(*centre(s, "stock")))
    assert len(c.game.stock) == stock - 3


def test_the_answers_hand_the_page_every_storage_write_and_a_reload_resumes_it():
    from shared.vocab import TapAt
    s, first = started()
    out = send(s, TapAt(*centre(s, "stock")))
    saved = out["store"].get("canfield.save")
    assert saved and CODE in saved
    assert send(s, Key("u"))["store"].get("canfield.save") != saved      # an undo is saved too
    again, _ = started(save=saved)
    assert again.controller.game.code == CODE and len(again.controller.game.history) == 1
    assert send(again, Resize(1000.0, 700.0))["store"] == {}             # nothing written: nothing sent


def test_the_page_facts_come_first_and_again_only_when_they_change():
    s, first = started()
    page = first["page"]
    assert page["lang"] == "en" and json.loads(page["messages"])["action.undo"] == "Undo" and page["ranks"]["Q"] == "Q"
    assert page["look"]["theme-auto"] is True and page["motion"] is True and page["sound"] is False
    assert send(s, Key("u"))["page"] is None
    out = send(s, SettingsChanged({"lang": "fr"}))
    assert out["page"]["lang"] == "fr" and out["page"]["ranks"]["Q"] == "D"
    assert json.loads(out["page"]["messages"])["action.undo"] != "Undo"
    names = [value for _, options in out["page"]["groups"] for value, _ in options]   # New game's games, in French
    assert names[0] == "canfield" and "rush" in names and out["page"]["groups"][0][0] != "One deck"


def test_the_new_game_dialogs_deal_and_the_daily_deal_come_from_the_worker(monkeypatch):
    """Every deal at once from the catalogue, never a search (issue 46): a winnable deal, the daily deal; a
    game with no entry gets an ordinary deal, or the date's start deal, with a note that says so."""
    from worker import dates
    s, _ = started()
    send(s, Button("deal", draw=1, rules="canfield"))
    assert s.controller.game.draw == 1 and s.controller.game.code != CODE
    send(s, SettingsChanged({"winnable": True}))
    send(s, Button("deal", draw=3, rules="rush"))
    numbers = {e.number for e in catalog.winnable("rush", 3)}
    assert s.controller.game.rules.name == "rush" and s.controller.game.number in numbers
    out = send(s, Button("daily", draw=3, rules="canfield"))
    assert s.records.daily is not None and s.controller.game.number in {e.number for e in catalog.winnable("canfield", 3)}
    assert s.controller.ui.panel.kind == "note" and "Deal of the day" in s.controller.ui.panel.text
    assert out["marks"] in (None, {"solver": "idle", "search": None, "stuck": "false", "answers": "0"})   # no search
    no_entry(monkeypatch, {"casino/1": 2136, "chameleon/1": 2064})
    out = send(s, Button("deal", draw=1, rules="casino"))    # no entry: an ordinary deal at once, said so
    assert s.take_solver_requests() == ([], [])
    assert s.controller.game.rules.name == "casino" and s.controller.game.number is not None
    assert s.controller.ui.panel.kind == "note" and s.controller.ui.panel.text == (
        "No Casino Canfield deal is proved winnable yet (the solver proved none of the 2,136 it tried): this is an "
        "ordinary deal.")
    assert out["marks"] in (None, {"solver": "idle", "search": None, "stuck": "false", "answers": "0"})
    send(s, Button("daily", draw=1, rules="chameleon"))      # no entry: the date's start deal, not proved
    assert s.take_solver_requests() == ([], [])
    day = dates.today()
    assert s.controller.game.code == Game.new(rules="chameleon", draw=1, number=catalog.daily_start(day)).code
    assert s.records.daily == day and s.controller.ui.panel.kind == "note"
    assert s.controller.ui.panel.text == (
        f"Deal of the day ({dates.day_label(day, 'en')}): not proved winnable — the solver has proved none of the "
        "2,064 Chameleon deals it tried.")


def no_entry(monkeypatch, tried):
    """The catalogue without any entry of the pairs `tried` ({key: deals tried}), the others as shipped."""
    winnable, tried_of = catalog.winnable, catalog.tried
    monkeypatch.setattr(catalog, "winnable",
                        lambda rules, draw: () if catalog.key(rules, draw) in tried else winnable(rules, draw))
    monkeypatch.setattr(catalog, "tried", lambda rules, draw: tried.get(catalog.key(rules, draw), tried_of(rules, draw)))


def test_the_new_game_dialog_says_which_games_have_few_proved_deals(monkeypatch):
    """The New game dialog's catalogue line (issue 46), by game and draw choice: for a pair whose catalogue
    is not complete, how many deals the solver proved of how many it tried; none for a complete one."""
    no_entry(monkeypatch, {"casino/1": 2136})
    s, _ = started()
    dialog = send(s, Button("new"))["dialog"]
    lines = dialog["catalog"]
    none = ("The solver has proved none of the 2,136 Casino Canfield deals it tried: Winnable deals gives ordinary "
            "deals here, and the daily deal is not proved winnable.")
    assert lines["casino/1"] == lines["casino/3"] == none        # Casino draws 1 whatever the choice
    assert "canfield/3" not in lines and "canfield/1" not in lines and "rush/3" not in lines   # complete
    for key, line in lines.items():
        name, draw = key.split("/")
        assert not catalog.complete(name, int(draw)) and line, key
    for name, draw in catalog.PAIRS:
        if not catalog.complete(name, draw):
            assert f"{name}/{draw}" in lines, (name, draw)
    send(s, SettingsChanged({"lang": "fr"}))
    french = send(s, Button("new"))["dialog"]["catalog"]
    assert french["casino/1"].startswith("Le solveur n’a prouvé gagnable aucune des 2\u202f136 donnes de Canfield casino")


# ---- the counters and the game clock: counted here, ticked by the page, saved when hidden or left ------

def test_the_counters_come_with_the_answers_and_the_clock_pauses_hidden_and_is_saved():
    from shared.vocab import Leave, TapAt, Visibility
    s, first = started()
    now = [100.0]
    s.records.play_clock.now = lambda: now[0]
    assert first["counters"] == {"moves": "0", "seconds": 0.0, "running": False, "show_moves": True,
                                 "show_clock": True}
    out = send(s, TapAt(*centre(s, "stock")))
    assert out["counters"]["moves"] == "1" and out["counters"]["running"] is True
    now[0] += 42.0
    out = send(s, Visibility(True))               # hidden: the clock stops and its time is saved
    assert out["counters"]["running"] is False and out["counters"]["seconds"] == 42.0
    assert json.loads(out["store"]["canfield.save"])["seconds"] == 42.0
    now[0] += 500.0                               # time hidden does not count
    assert send(s, Key("Shift"))["counters"] is None
    out = send(s, Visibility(False))
    assert out["counters"]["running"] is True and out["counters"]["seconds"] == 42.0 and out["store"] == {}
    now[0] += 8.0
    out = send(s, Leave())                        # left: the time into the saved game
    assert json.loads(out["store"]["canfield.save"])["seconds"] == 50.0
    out = send(s, SettingsChanged({"show_clock": False}))
    assert out["counters"]["show_clock"] is False and out["counters"]["show_moves"] is True
    out = send(s, Key("u"))
    assert out["counters"]["moves"] == "0"


# ---- the statistics dialog: its rows, a reset, an export and an import, all answered by the session -----

def test_the_statistics_dialog_is_filled_reset_exported_and_imported_by_the_session(line):
    from shared.vocab import StatsAsk
    p = Player()
    for move in line:
        play_move(p, move)
    assert p.game.won
    s = p.session
    out = json.loads(s.handle(encode(Button("stats"))))
    data = out["dialog"]
    assert data["name"] == "stats" and [e for e in out["effects"] if "stats" in e]
    assert data["rules"] == "canfield" and data["draw"] == "3" and data["message"] is None
    assert data["rows"]["stats-played"] == "1" and data["rows"]["stats-won"] == "1"
    assert ["canfield", "Canfield"] in data["rules_options"]
    other = send(s, StatsAsk("show", rules="rush", draw=1))["dialog"]
    assert (other["name"], other["rules"], other["draw"], other["rows"]["stats-played"]) == ("stats", "rush", "1", "0")
    assert send(s, StatsAsk("show", rules="nonsense", draw=7))["dialog"]["rules"] == "canfield"

    exported = send(s, StatsAsk("export", rules="canfield", draw=3))["dialog"]
    text = exported["export"]
    assert json.loads(text) and exported["export_name"].endswith(".json") and exported["message"]
    reset = send(s, StatsAsk("reset", rules="canfield", draw=3))
    assert reset["dialog"]["rows"]["stats-played"] == "0" and reset["dialog"]["message"]
    assert json.loads(reset["store"]["canfield.stats"])
    imported = send(s, StatsAsk("import", rules="canfield", draw=3, text=text))
    assert imported["dialog"]["rows"]["stats-won"] == "1" and not imported["dialog"]["error"]
    assert "canfield.stats" in imported["store"]
    bad = send(s, StatsAsk("import", rules="canfield", draw=3, text="{not json"))["dialog"]
    assert bad["error"] is True and bad["message"] and bad["rows"]["stats-won"] == "1"
    assert send(s, StatsAsk("too_large"))["dialog"]["error"] is True
    worst = "\n" * data["max_bytes"]                         # the largest file read, each byte escaped
    assert send(s, StatsAsk("import", text=worst))["dialog"]["error"] is True
    assert json.loads(s.handle(encode(StatsAsk("nonsense"))))["ok"] is False
    assert send(s, Key("Shift"))["dialog"] is None


# ---- the win cascade: planned by the session from the layout, the win dialog when it is over -----------

def test_the_win_cascade_is_planned_here_and_its_end_brings_the_win_dialog(line):
    from worker.motion import bounce, cascade_order, throw_speed
    from worker.cascade import EASINGS
    from shared.vocab import CelebrationEnd, CelebrationStart
    p = Player()
    for move in line:
        effects = play_move(p, move)
    assert p.game.won and "celebrate" in [e.kind for e in effects]
    s = p.session
    out = json.loads(s.handle(encode(CelebrationStart())))
    p.twin.dispatch(CelebrationStart())
    plan = out["cascade"]
    assert decode_view(out["view"])["celebration"]["on"] is True and out["dialog"] is None
    foundations = [[card.code for card in pile] for pile in p.game.foundations]
    order = cascade_order(foundations)
    assert [(t[0], t[1]) for t in plan["throws"]] == list(order)
    assert len(plan["throws"]) == 52 and plan["launch_ms"] > 0
    layout = s.layout
    for n, (i, code, dx, duration, ys) in enumerate(plan["throws"]):   # #game's pixels: the board under the bar
        x, y = layout.piles["foundation-%d" % (i + 1)][:2]
        y += layout.bar_h
        want = bounce(x, y, max(y, layout.height - layout.ch), layout.width, layout.cw, *throw_speed(n))
        assert (dx, duration) == (want.dx, want.duration)
        assert [(o, d, EASINGS[e]) for o, d, e in ys] == [tuple(v) for v in want.ys]
    assert send(s, Key("Shift"))["cascade"] is None                   # planned once a cascade
    out = send(s, CelebrationEnd())
    assert out["dialog"]["name"] == "win" and str(p.game.score) in out["dialog"]["texts"]["win-score"]
    assert decode_view(out["view"])["celebration"]["on"] is False
    assert send(s, Key("Shift"))["dialog"] is None
    send(s, Button("undo"))                                           # no longer won: no win dialog
    assert send(s, CelebrationEnd())["dialog"] is None


def test_a_hint_is_asked_of_the_solver_beside_the_session_and_its_answer_shown_only_for_its_position():
    from shared.vocab import AssistButton
    s, _ = started()
    out = send(s, Button("hint"))
    wanted, cancelled = s.take_solver_requests()
    assert [(kind, rid) for kind, rid, _ in wanted] == [("hint", 1)] and cancelled == []
    assert json.loads(wanted[0][2])["save"]                       # the position, as canfield.save writes it
    assert decode_view(out["view"])["assist"]["kind"] == "wait"
    answer = json.loads(s.solver_answer("hint", 1, json.dumps({"id": 1, "verdict": "won", "move": "T4-T2",
                                                                "proved": True})))
    view = decode_view(answer["view"])
    assert answer["ok"] and view["assist"]["kind"] == "hint" and view["assist"]["move"] == "T4-T2"
    assert "hint-src" in view["piles"]["tableau-4"]["marks"] and "hint-dst" in view["piles"]["tableau-2"]["marks"]
    assert dropped(s.solver_answer("hint", 1, "{}")) == "2"        # answered once: the second is counted only
    send(s, Button("hint"))
    assert [rid for _, rid, _ in s.take_solver_requests()[0]] == [2]
    send(s, Tap("stock"))                                         # the position changes: the hint searched goes
    assert s.take_solver_requests() == ([], [2])
    assert dropped(s.solver_answer("hint", 2, json.dumps({"id": 2, "verdict": "won", "move": "S"})))
    send(s, Button("hint"))
    send(s, AssistButton("cancel"))
    assert s.take_solver_requests()[1] == [3] and s.controller.ui.panel is None


def test_show_me_how_plays_the_line_the_solver_found_for_the_position_it_was_asked_for():
    s, _ = started()
    line = solve(Game.from_code(CODE)).moves
    send(s, Button("show-me-how"))
    (kind, rid, _), = s.take_solver_requests()[0]
    send(s, Tap("stock"))                                         # another position: that line is not for it
    assert dropped(s.solver_answer("line", rid, json.dumps({"id": rid, "verdict": "won", "moves": list(line)})))
    send(s, Button("undo"))
    send(s, Button("show-me-how"))
    (kind, rid, _), = s.take_solver_requests()[0]
    assert kind == "line"
    answer = json.loads(s.solver_answer("line", rid, json.dumps({"id": rid, "verdict": "won", "moves": list(line)})))
    assert answer["ok"] and s.controller.ui.replay is not None
    assert any(decode(e).kind == "replay_step" for e in answer["effects"])


def test_a_blocked_deal_opens_the_no_more_moves_panel_at_each_position():
    from shared.vocab import HidePanel
    s = Session()
    first = json.loads(s.handle(encode(Start(1280.0, 800.0, code="CF1-D3-AAAAAFO", languages=("en",)))))
    assert decode_view(first["view"])["assist"]["kind"] == "stuck"      # at once
    assert first["marks"]["stuck"] == "true"                             # #game's data-stuck
    assert s.controller.ui.panel.buttons == ("new", "analyse")          # nothing to undo yet
    send(s, HidePanel())
    out = send(s, Tap("stock"))
    assert s.controller.ui.panel.kind == "stuck" and decode_view(out["view"])["assist"]["kind"] == "stuck"
    assert s.controller.ui.panel.buttons == ("undo", "new", "analyse")
    s2, first = started()
    assert first["marks"]["stuck"] == "false"
    send(s2, Tap("stock"))
    assert s2.controller.ui.panel is None                         # moves left: no panel


def test_the_win_dialog_says_a_catalogued_deals_grade_and_par():
    from canfield import catalog
    from worker.dialog_view import win
    entry = catalog.winnable("canfield", 3)[0]
    s = Session()
    s.handle(encode(Start(1280.0, 800.0, code=Game.new(rules="canfield", draw=3, number=entry.number).code)))
    data = win(s.controller, s.records)
    assert data.attrs == {"win-grade": {"data-grade": entry.grade}, "win-par": {"data-par": str(entry.par)}}
    assert data.texts["win-par"].startswith(f"Par: {entry.par} moves")
    s = Session()                                                   # a deal the catalogue has not (blocked)
    s.handle(encode(Start(1280.0, 800.0, code="CF1-D3-AAAAAFO")))
    assert catalog.find("canfield", 3, s.controller.game.number) is None
    assert win(s.controller, s.records).texts["win-grade"] is None and win(s.controller, s.records).attrs == {}


def test_going_hidden_writes_the_snapshot_the_next_visit_paints_naming_the_save_written_with_it():
    from worker.snapshot import save_hash
    from shared.vocab import Leave, Visibility
    s, _ = started(390.0, 844.0)
    send(s, Tap("stock"))
    out = send(s, Visibility(True))
    snap = json.loads(out["store"]["canfield.snapshot"])
    saved = out["store"].get("canfield.save") or s.records.saved_text()
    assert snap["save"] == save_hash(saved) and snap["code"] == CODE and (snap["vw"], snap["vh"]) == (390.0, 844.0)
    assert len(snap["cards"]["waste"]) == 3
    assert "canfield.snapshot" in send(s, Leave())["store"]


def test_a_change_of_the_saved_game_brings_the_next_visits_board_a_little_later_once():
    """The worker writes the board's record a while after each change of the saved game (static/worker/main.py
    asks `snapshot_answer`), naming the save it shows; nothing when nothing changed since."""
    from worker.snapshot import save_hash
    s, _ = started(390.0, 844.0)
    s.snapshot_answer()                                       # the start's
    assert s.snapshot_answer() is None
    out = send(s, Tap("stock"))
    assert "canfield.save" in out["store"] and "canfield.snapshot" not in out["store"] and s.snapshot_due
    later = json.loads(s.snapshot_answer())
    snap = json.loads(later["store"]["canfield.snapshot"])
    assert snap["save"] == save_hash(s.records.saved_text()) and len(snap["cards"]["waste"]) == 3
    assert later["view"] is None and s.snapshot_answer() is None
    send(s, Key("Shift"))                                     # nothing saved: nothing due
    assert s.snapshot_answer() is None


def test_the_taps_and_keys_kept_by_the_painter_are_played_with_the_start_before_its_answer():
    items = [{"t": "tap", "pile": "stock", "index": None, "card": None}, {"t": "key", "key": "u", "inBoard": True},
             {"t": "tap", "pile": "tableau-1", "index": 0, "card": "KH"}, {"t": "tap", "pile": "nowhere"}]
    s, out = started(kept=json.dumps(items))
    assert len(s.controller.game.history) == 0 and s.controller.game.redo_moves   # drawn, then undone
    kinds = [decode(e).kind for e in out["effects"]]
    assert "shake" in kinds                   # the tap on a card the live board shows elsewhere: refused visibly
    s, out = started(kept=json.dumps(items[:1]))
    assert decode_view(out["view"])["piles"]["waste"]["cards"]      # the first view already shows the draw
    s, out = started(kept="not json")
    assert out["ok"] and not s.controller.game.history


def test_a_deal_of_a_difficulty_comes_from_the_catalogue_or_is_an_ordinary_deal_said_so(monkeypatch):
    """A grade the catalogue has no entry of: an ordinary deal at once with a note, never the solver's graded
    search (issue 46)."""
    s, _ = started()
    send(s, Button("deal", draw=3, rules="canfield", grade="expert"))
    entry = catalog.find("canfield", 3, s.controller.game.number)
    assert entry is not None and entry.grade == "expert" and s.controller.ui.panel is None
    experts = (catalog.Entry(9, "expert", 120), catalog.Entry(56, "expert", 118))
    monkeypatch.setattr(catalog, "winnable", lambda rules, draw: experts)      # a game with experts only
    monkeypatch.setattr(catalog, "tried", lambda rules, draw: 2064)
    send(s, Button("deal", draw=1, rules="chameleon", grade="easy"))
    assert s.take_solver_requests() == ([], [])
    assert s.controller.game.rules.name == "chameleon" and s.controller.game.number not in (9, 56)
    assert s.controller.ui.panel.kind == "note" and s.controller.ui.panel.text == (
        "No easy Chameleon deal is proved yet (2 of the 2,064 deals tried are proved winnable): this is an "
        "ordinary deal.")
    send(s, Button("deal", draw=1, rules="chameleon", grade="expert"))
    assert s.controller.game.number in (9, 56) and s.take_solver_requests() == ([], [])


def test_another_tabs_statistics_merge_and_refill_the_open_dialog(line):
    """The `storage` event of another page of the game: its statistics merge into the session's (a game won
    there counts here), the dialog's rows come again for the rules and draw it showed, and nothing else
    written there (a saved game) changes the game on the table."""
    from canfield.stats import Stats, key
    from shared.vocab import StatsAsk, Stored
    p = Player()
    for move in line:
        play_move(p, move)
    s = p.session
    assert send(s, StatsAsk("show", rules="canfield", draw=3))["dialog"]["rows"]["stats-won"] == "1"
    other = Stats.from_json(s.records.stats.to_json())     # what the other tab read, then its own win
    other.start(key("canfield", 3), "other-tab-game", at=1.0)
    other.win("other-tab-game", score=52, seconds=100.0, moves=99)
    out = send(s, Stored("canfield.stats", other.to_json()))
    assert out["ok"] and out["dialog"]["name"] == "stats"
    assert out["dialog"]["rows"]["stats-won"] == "2" and out["dialog"]["rows"]["stats-played"] == "2"
    assert send(s, Stored("canfield.stats", "{not a record"))["dialog"] is None   # nothing to merge
    before = list(p.session.controller.game.history)
    out = send(s, Stored("canfield.save", None))
    assert out["ok"] and out["dialog"] is None and list(p.session.controller.game.history) == before


def test_a_won_deal_the_catalogue_has_not_is_graded_by_the_solver_and_the_open_win_dialog_shows_it():
    """CF1-D1-AAAAAOM lies past the catalogue's tried numbers: the win dialog opens without a grade, the
    session asks the solver's `grade` once for the deal, and its answer fills the dialog again with the
    grade and par (counted in the statistics); an answer for a deal gone by shows nothing."""
    from shared.vocab import CelebrationEnd, CelebrationStart
    from worker.dialog_view import known_grade
    code = "CF1-D1-AAAAAOM"
    game = Game.from_code(code)
    assert known_grade(game) == (None, None)
    p = Player(code=code)
    for move in solve(game).moves:
        play_move(p, move)
    s = p.session
    assert s.controller.game.won
    wins = [json.loads(s.handle(encode(a))) for a in (CelebrationStart(), CelebrationEnd())]
    data = wins[-1]["dialog"]
    assert data["name"] == "win" and data["grade"] is None and data["texts"]["win-grade"] is None
    (kind, rid, request), = s.take_solver_requests()[0]
    assert kind == "grade" and json.loads(request)["id"] == rid
    assert s.handle(encode(CelebrationEnd())) and s.take_solver_requests() == ([], [])   # asked once a deal
    answer = json.loads(s.solver_answer("grade", rid, json.dumps({"id": rid, "verdict": "won", "grade": "easy",
                                                                   "par": 255})))
    assert answer["dialog"]["name"] == "win" and answer["dialog"]["grade"] == "easy"
    assert answer["dialog"]["attrs"] == {"win-grade": {"data-grade": "easy"}, "win-par": {"data-par": "255"}}
    assert json.loads(answer["store"]["canfield.stats"])                            # the grade counted
    assert dropped(s.solver_answer("grade", rid, json.dumps({"id": rid, "verdict": "won", "grade": "easy", "par": 1})))


def test_analyse_runs_in_the_worker_with_its_progress_and_goes_back_before_the_losing_move():
    """The #analysis panel's value comes in the answers: running (with the progress the worker's runner
    asks), then the solver's finding in words with the timeline, and its back button undoes to before the
    losing move (the rest stays in redo); a change of position closes an analysis of the position before."""
    from canfield.insight import lost_move
    from shared.vocab import AnalysisButton
    code = Game.new(rules="canfield", draw=3, number=20).code          # deal 20: lost by its fifth move
    s = Session()
    s.handle(encode(Start(1280.0, 800.0, code=code, languages=("en",))))
    for _ in range(4):
        send(s, Tap("stock"))
    send(s, Drop("waste", 1, "tableau-4"))
    game = s.controller.game.copy()
    want = lost_move(game)
    assert (want.kind, want.index) == ("lost_at", 4)
    out = send(s, Button("analyse"))
    (kind, rid, request), = s.take_solver_requests()[0]
    assert kind == "analyse" and json.loads(request)["save"]
    assert out["analysis"]["state"] == "running" and out["analysis"]["progress"] == [0, 6]
    assert out["marks"]["search"] == "analyse" and s.analysis_running(rid)
    mid = json.loads(s.analysis_progress(rid, 3, 6))
    assert mid["analysis"]["progress"] == [3, 6] and "3" in mid["analysis"]["status"]
    done = json.loads(s.solver_answer("analyse", rid, json.dumps({"id": rid, "verdict": "done",
                                                                   "analysis": want.as_dict()})))
    panel = done["analysis"]
    assert (panel["state"], panel["kind"], panel["index"], panel["undos"]) == ("done", "lost_at", 4, want.undos)
    assert "move 5" in panel["status"] and panel["back"]
    assert (panel["timeline"]["moves"], panel["timeline"]["lost"]) == (len(game.history), 4)
    assert [decode(e).text for e in done["effects"] if decode(e).kind == "say"] == [panel["status"]]
    assert done["marks"]["search"] is None and not s.analysis_running(rid)
    assert s.analysis_progress(rid, 4, 6) is None
    back = send(s, AnalysisButton("back"))
    assert decode_analysis(back) == AnalysisPanel() and len(s.controller.game.history) == len(game.history) - want.undos
    assert s.controller.game.can_redo
    send(s, Button("analyse"))                                    # asked again, then the position changes
    (_, rid, _), = s.take_solver_requests()[0]
    out = send(s, Tap("stock"))
    assert decode_analysis(out) == AnalysisPanel() and s.take_solver_requests() == ([], [rid])


def test_the_solver_is_loaded_at_start_when_winnable_deals_are_wanted_and_the_catalogue_has_none():
    from canfield import catalog
    code = Game.new(rules="casino", number=0, draw=1).code
    assert not catalog.winnable("casino", 1) and catalog.winnable("canfield", 3)
    s = Session()
    out = json.loads(s.handle(encode(Start(1280.0, 800.0, code=code, settings='{"winnable": true}'))))
    assert s.take_solver_requests() == ([("warm", 0, "")], []) and out["marks"]["solver"] == "ready"
    s = Session()                                                  # the catalogue serves Canfield: nothing loaded
    out = json.loads(s.handle(encode(Start(1280.0, 800.0, code=CODE, settings='{"winnable": true}'))))
    assert s.take_solver_requests() == ([], []) and out["marks"]["solver"] == "idle"
    send(s, Button("deal", draw=1, rules="casino"))                # no catalogue there: a plain deal, no search
    assert s.take_solver_requests() == ([], []) and s.controller.game.rules.name == "casino"


def test_a_batch_of_queued_messages_is_handled_in_order_and_answered_as_one():
    """The page's queue in one round trip: the same game as message by message, one answer with the last
    view, every effect in order and every storage write; a message that fails is said in `errors`."""
    one, _ = started()
    texts = [encode(Tap("stock")), encode(Tap("stock")), encode(Key("u")), '{"kind": "Nope"}', encode(Tap("stock"))]
    alone = [json.loads(one.handle(t)) for t in texts]
    many, _ = started()
    out = json.loads(many.handle(json.dumps(texts)))
    assert out["ok"] and [str(m) for m in many.controller.game.history] == [str(m) for m in one.controller.game.history]
    assert out["effects"] == [e for a in alone if a["ok"] for e in a["effects"]]
    assert out["view"] == next(a["view"] for a in reversed(alone) if a["ok"] and a["view"] is not None)
    assert set(out["store"]) == {k for a in alone if a["ok"] for k in a["store"]}
    assert out["errors"] == [alone[3]["error"]]
    for bad in ("[", "[]", json.dumps([1]), json.dumps(["x"] * 65), json.dumps([json.dumps([encode(Key("u"))])])):
        assert json.loads(many.handle(bad))["ok"] is False


def test_a_tap_on_a_board_not_laid_out_yet_goes_to_the_pile_and_card_the_page_drew():
    """The worker's layout moved (a panel docked below the board) before the page drew it: the point of a
    tap on the stock as drawn before may now be elsewhere, and the pile and card the page drew under the
    press win; where they agree with the layout, the point decides as before."""
    from worker.layout import hit_pile
    from worker.view import lengths
    from shared.vocab import Dock, PressAt, TapAt
    s, _ = started(390.0, 844.0)
    x, y = centre(s, "stock")
    send(s, Dock(400.0))                                          # the layout moves; the page has not drawn it
    moved = hit_pile(s.layout, lengths(s.controller.game), x, y)[0]
    assert moved != "stock"
    send(s, PressAt(x, y))
    send(s, TapAt(x, y, pile="stock"))
    assert [str(m) for m in s.controller.game.history] == ["S"]
    x, y = centre(s, "tableau-2", 0)        # elsewhere the resting layout decides (a card sliding past the
    send(s, PressAt(x, y))                  # stock is drawn there, over it): the waste's card goes nowhere
    send(s, TapAt(x, y, pile="waste", card=s.controller.game.waste[-1].id))
    assert [str(m) for m in s.controller.game.history] == ["S"]


def test_a_batch_makes_one_view_after_its_last_message(monkeypatch):
    """The page draws a batch's last view only: the worker makes the view, the page's facts and the
    counters once, after the batch's last message, not once a message (64 views a round trip left a long
    game's keys seconds behind: issue 45, item 7)."""
    s, _ = started()
    made = []
    scene_of = session_module.scene
    monkeypatch.setattr(session_module, "scene", lambda *args: made.append(args) or scene_of(*args))
    out = json.loads(s.handle(json.dumps([encode(Tap("stock"))] * 5 + [encode(Key("u"))])))
    assert out["ok"] and len(made) == 1
    assert out["counters"]["moves"] == "4" and len(s.controller.game.history) == 4
    assert decode_view(out["view"]) == json.loads(encode_view(s.view()))


def test_a_long_line_of_keys_queued_without_waiting_for_answers_plays_the_moves_they_name():
    """Issue 45, item 7: the keys of the first half of a Quadruple's winning line (1,380 moves), queued as
    the page queues what the player does while the worker answers (the first message alone, then the
    rest in batches of MAX_BATCH, none waiting for the answer to the one before), play exactly those
    moves; the effects and the view the page is left with are the controller's after the same keys one at
    a time; and a start from the saved game the answers wrote (the page reloaded) resumes that board."""
    from keyboard_paths import move_keys
    from worker.session import MAX_BATCH
    from shared.vocab import Focus
    code = Game.new(rules="quadruple", number=0).code
    engine = Game.from_code(code)
    line = solve(engine.copy(), max_nodes=20_000).moves
    present = {TO_UI[name] for name in engine.pile_names}
    focus, keys = "stock", []
    for text in line[:len(line) // 2]:
        more, focus = move_keys(focus, text, present)
        keys += more
        engine.play(text)
    actions = [Focus("stock", keyboard=True)] + [Key(k) for k in keys]   # the board focused, then the keys
    texts = [encode(a) for a in actions]
    s = Session()
    first = json.loads(s.handle(encode(Start(1280.0, 800.0, code=code, languages=("en",)))))
    twin = Twin(1280.0, 800.0, code)
    twin.c.take_effects()
    shown, stored, effects = first["view"], dict(first["store"]), []
    for text in [texts[0]] + [json.dumps(texts[at:at + MAX_BATCH]) for at in range(1, len(texts), MAX_BATCH)]:
        out = json.loads(s.handle(text))
        assert out["ok"] and not out.get("errors"), out
        shown = out["view"] or shown
        stored.update(out["store"])
        effects += [decode(e) for e in out["effects"]]
    assert len(keys) > 2500 and len(engine.history) == 1380
    assert [str(m) for m in s.controller.game.history] == [str(m) for m in engine.history]
    for action in actions:
        twin.dispatch(action)
    assert effects == twin.c.take_effects()
    assert decode_view(shown) == json.loads(twin.view_text())
    again = Session()
    assert json.loads(again.handle(encode(Start(1280.0, 800.0, code=code, save=stored["canfield.save"],
                                                languages=("en",)))))["ok"]
    assert [str(m) for m in again.controller.game.history] == [str(m) for m in engine.history]


def test_a_game_resumed_after_a_reload_keeps_the_table_it_had(line):
    """The table of a game left at move 170 of the winning line (columns of 36 cards moved back and forth)
    is the one the player left when the game resumes, and the one the board's record painted before Python:
    the steady layout follows the resumed game's positions since the deal (static/worker/steady.py `warm`)."""
    p = Player(390, 844)
    for move in line[:170]:
        play_move(p, move)
    left = p.session.layout
    saved = p.session.records.saved_text()
    s = Session()
    answer = json.loads(s.handle(encode(Start(390, 844, code=CODE, save=saved))))
    assert answer["ok"] is True and len(s.controller.game.history) == 170
    assert s.layout == left, (s.layout.cw, s.layout.arrangement, left.cw, left.arrangement)
    assert s.resting_layout() == p.session.resting_layout()      # the board's record: the same table
