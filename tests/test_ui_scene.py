"""The view value (static/worker/scene.py): what the renderer draws, computed from (game, UI state, layout,
language) as plain data, for a fresh deal and a long game (170 moves into the solver's winning line of
CF1-D3-AAAAACL); its JSON round trip; and the renderer's imports (no engine, reached directly or through
another page module)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import ui_helpers
from canfield import Game
from canfield.cards import DECK_CARDS
from canfield.solver import solve
from worker.a11y import pile_label
from worker.layout import compute, counts_for
from worker.scene import KEYS, decode_view, encode_view, scene
from worker.state import Notice
from shared.table import PILES, TO_UI, Selection, visible_cards
from shared.cardface import card_class
from worker.view import column_lengths
from shared.vocab import Panel, Tap

UI = Path(__file__).resolve().parents[1] / "static" / "worker"
CODE = ui_helpers.CODE
LONG = 170          # the long game: 170 moves into the winning line; its longest column holds 37 cards


def layout_for(game, size=(1280.0, 800.0)):
    return compute(size[0], size[1], column_lengths(game), draw=game.draw, counts=counts_for(game))


def view_of(c, size=(1280.0, 800.0), balance=None):
    c.ui.viewport = size
    return scene(c.game, c.ui, layout_for(c.game, size), c.t, c.lang, balance)


def long_controller():
    game = Game.from_code(CODE)
    line = solve(Game.from_code(CODE)).moves
    for move in line[:LONG]:
        game.play(game.parse_move(move))
    c = ui_helpers.make_controller()
    c.show_game(game, push=False, deal=False)
    c.take_effects()
    return c


@pytest.fixture(scope="module")
def long_game():
    return long_controller()


def plain(value, where="view"):
    """Where `value` holds anything but dicts (of text keys), lists, str, int, float, bool and None."""
    if value is None or type(value) in (bool, int, float, str):
        return []
    if type(value) is list:
        return [bad for i, v in enumerate(value) for bad in plain(v, f"{where}[{i}]")]
    if type(value) is dict:
        return [f"{where}: key {k!r}" for k in value if type(k) is not str] + \
            [bad for k, v in value.items() for bad in plain(v, f"{where}.{k}")]
    return [f"{where}: {type(value).__name__}"]


def check_cards_and_piles(view, game, layout):
    """Every card of the game's table, where the layout puts it, in its pile's order; every pile's slot."""
    shown = visible_cards(game)
    by_id = {c["id"]: c for c in view["cards"]}
    assert len(by_id) == len(view["cards"])                      # one entry a card: keyed by id
    for pile in PILES:
        ids = list(shown.get(pile, ()))
        assert view["piles"][pile]["cards"] == ids, pile
        for i, card_id in enumerate(ids):
            x, y = layout.card_offset(pile, i)
            assert by_id[card_id] == {"id": card_id, "pile": pile, "x": x, "y": y, "z": i, "up": True,
                                      "class": card_class(card_id), "marks": []}
    assert view["table"]["piles"] == {p: list(r) for p, r in layout.piles.items()}


# ---- a fresh deal --------------------------------------------------------------------------------

def test_a_fresh_deal_gives_every_card_its_place_and_the_bar_its_texts():
    c = ui_helpers.make_controller()
    view = view_of(c)
    layout = layout_for(c.game)
    assert tuple(view) == KEYS
    check_cards_and_piles(view, c.game, layout)
    assert sum(len(p["cards"]) for p in view["piles"].values()) == len(view["cards"]) == 1 + 1 + 4
    texts = view["texts"]
    assert texts["stock"] == str(len(c.game.stock)) == "34"
    assert texts["reserve"] == "13"
    assert texts["score"] == str(c.game.score)
    assert texts["code"] == CODE
    assert texts["description"] == c.game.describe("en")
    assert texts["passes"] == "" and texts["passes_label"] is None     # Canfield: passes without limit
    assert texts["balance"] is None
    assert view["buttons"] == {"undo": False, "redo": False, "restart": False}
    assert view["assist"] is None and view["notice"] is None
    assert view["piles"]["stock"]["marks"] == []                         # a full stock is not empty
    assert view["piles"]["waste"]["marks"] == ["empty"]
    assert view["piles"]["stock"]["focus"] and not view["piles"]["waste"]["focus"]
    assert view["piles"]["stock"]["label"] == pile_label(c.game, "stock", c.t, "en")
    assert view["piles"]["tableau-5"]["label"] is None                   # a column Canfield has not
    assert view["placeholders"]["foundation-2"][1].startswith("placeholder s")
    assert view["table"]["viewport"] == "1280x800"


def test_a_fresh_deal_lists_the_deal_flights_in_the_dealers_order():
    c = ui_helpers.make_controller()
    deal = view_of(c)["deal"]
    game = c.game
    assert deal["top"] == game.reserve[-1].id and deal["hidden"] == 13
    assert deal["base"] == [[game.foundations[0][0].id, "foundation-1"]]
    assert deal["rest"] == [[game.tableau[i][0].id, f"tableau-{i + 1}"] for i in range(4)]


def test_a_tap_on_the_stock_says_where_the_new_cards_slide_from():
    c = ui_helpers.make_controller()
    before = view_of(c)["motion"]
    c.dispatch(Tap("stock"))
    view = view_of(c)
    assert view["motion"]["anim_seq"] != before["anim_seq"]
    assert view["motion"]["slide_origin"] == "stock" and view["motion"]["animate"]
    assert view["texts"]["stock"] == "31"
    assert view["buttons"]["undo"]


def test_marks_follow_the_selection_the_hint_and_the_keyboard_cursor():
    c = ui_helpers.make_controller()
    game = c.game
    c.ui.selection = Selection("reserve", 1)
    c.ui.keyboard, c.ui.focus, c.ui.cursor = True, "tableau-2", 0
    hint = next(m for m in game.legal_moves() if m.src != "S")
    c.ui.hint = hint
    view = view_of(c)
    marks = {x["id"]: x["marks"] for x in view["cards"]}
    assert "selected" in marks[game.reserve[-1].id]
    assert "cursor" in marks[game.tableau[1][0].id]
    assert view["piles"]["tableau-2"]["focus"] and not view["piles"]["stock"]["focus"]
    assert "hint-dst" in view["piles"][TO_UI[hint.dst]]["marks"]
    assert "hint-src" in view["piles"][TO_UI[hint.src]]["marks"]
    src = view["piles"][TO_UI[hint.src]]["cards"]
    assert "hint-src" in marks[src[-1]]
    assert all(m == sorted(m) for m in marks.values())          # marks as sorted lists: one text a state


def test_the_panel_the_notice_and_a_casino_balance_are_in_the_texts():
    c = ui_helpers.make_controller()
    c.ui.panel = Panel("hint", "Play the 5", buttons=("undo",), move="T1-T2")
    c.ui.notice = Notice("Saved", 3)
    view = view_of(c, balance=-40)
    assert view["assist"]["kind"] == "hint" and view["assist"]["buttons"] == ["undo"]
    assert view["assist"]["labels"]["undo"] == c.t("action.undo")
    assert view["notice"] == {"text": "Saved", "seq": 3}
    assert view["texts"]["balance"] is None              # Canfield is not scored as a casino game
    casino = ui_helpers.make_controller("CC1-D1-AAAAACL")
    texts = view_of(casino, balance=-40)["texts"]
    assert texts["balance"] == "-40"
    assert texts["passes"] == "1/1" and texts["passes_label"] == casino.t("stock.pass", n=1, passes=1)
    assert view_of(casino)["texts"]["balance"] is None  # no balance kept yet: hidden


# ---- the long game -------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280.0, 800.0), (390.0, 844.0), (844.0, 390.0)],
                         ids=["1280x800", "390x844", "844x390"])
def test_the_long_game_gives_every_card_its_place_at_every_size(long_game, size):
    c = long_game
    view = view_of(c, size)
    check_cards_and_piles(view, c.game, layout_for(c.game, size))
    assert max(len(p["cards"]) for p in view["piles"].values()) == max(map(len, c.game.tableau)) == 37
    assert view["texts"]["score"] == str(c.game.score)
    assert view["texts"]["description"] == c.game.describe("en")
    assert view["table"]["viewport"] == f"{size[0]:g}x{size[1]:g}"
    for pile in ("tableau-1", "tableau-2", "tableau-3", "tableau-4"):
        assert view["piles"][pile]["label"] == pile_label(c.game, pile, c.t, "en")


def test_the_long_game_is_plain_data_and_its_json_round_trip_equals_it(long_game):
    view = view_of(long_game)
    assert plain(view) == []
    text = encode_view(view)
    assert json.loads(text) == view
    assert decode_view(text) == view
    assert encode_view(decode_view(text)) == text


def test_a_fresh_deal_with_every_part_filled_survives_the_json_round_trip():
    c = ui_helpers.make_controller()
    c.dispatch(Tap("stock"))
    c.ui.panel = Panel("lost", "No way out", buttons=("undo", "new"), undos=3, back_label="Back")
    c.ui.notice = Notice("Copied", 1)
    c.ui.slide_from = {"QC": (10.5, 20.0)}
    c.ui.celebrating = True
    view = view_of(c, (390.0, 844.0))
    assert plain(view) == []
    assert view["motion"]["slide_from"] == {"QC": [10.5, 20.0]}
    assert view["celebration"]["on"] and len(view["celebration"]["foundations"]) == 4
    assert decode_view(encode_view(view)) == view


@pytest.mark.parametrize("text", ["", "[]", "{}", '{"table": {}}', "not json", json.dumps({k: None for k in KEYS[1:]})])
def test_decode_view_refuses_what_is_not_a_view(text):
    with pytest.raises(ValueError):
        decode_view(text)


def test_encode_view_refuses_a_number_json_cannot_carry():
    c = ui_helpers.make_controller()
    view = view_of(c)
    view["cards"][0]["x"] = float("nan")
    with pytest.raises(ValueError):
        encode_view(view)


def test_a_card_class_read_from_the_id_alone_is_the_engines():
    for card in DECK_CARDS:
        want = f"card s{card.suit} {'red' if card.red else 'black'}"
        assert card_class(card.id) == card_class(card.code) == want, card.id


# ---- the renderer's imports ----------------------------------------------------------------------

def imports_of(path: Path, everywhere: bool = False) -> set[str]:
    """The modules `path` imports when it is imported (its top-level statements; `everywhere`: inside
    its functions too): absolute names, a relative one as "<its package>.<name>"."""
    out = set()
    package = path.parent.name
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in (ast.walk(tree) if everywhere else tree.body):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                if node.module:
                    out.add(package + "." + node.module)
                else:
                    out.update(package + "." + a.name for a in node.names)
            elif node.module in ("page", "shared", "worker"):
                out.update(node.module + "." + a.name for a in node.names)
            else:
                out.add(node.module)
    return out


def _file(module: str):
    """static/<package>/<name>.py of "<package>.<name>", or None (not a module of the house)."""
    parts = module.split(".")
    path = UI.parent.joinpath(*parts[:-1], parts[-1] + ".py") if len(parts) == 2 else None
    return path if path is not None and path.is_file() else None


def reached(name: str) -> set[str]:
    """Every module a module ("<package>.<name>") imports, through the house's own modules too."""
    seen, todo = set(), [name]
    while todo:
        mod = todo.pop()
        for dep in imports_of(_file(mod)):
            if dep not in seen:
                seen.add(dep)
                if _file(dep) is not None:
                    todo.append(dep)
    return seen


def is_engine(name: str) -> bool:
    return name == "canfield" or name.startswith("canfield.")


def test_the_renderer_imports_no_engine():
    """Not itself, anywhere in it, nor through the page modules it imports (loading it loads no engine)."""
    assert not {m for m in imports_of(UI.parent / "page" / "render.py", everywhere=True) if is_engine(m)}
    assert not {m for m in reached("page.render") if is_engine(m)}
    assert "worker.scene" not in reached("page.render") and "worker.a11y" not in reached("page.render")


def test_the_view_value_is_computed_without_the_dom():
    assert not {m for m in reached("worker.scene") if m.split(".")[0] in ("js", "pyodide", "pyscript")}


def test_the_check_finds_an_engine_import(tmp_path, monkeypatch):
    (tmp_path / "worker").mkdir()
    (tmp_path / "worker" / "a.py").write_text("from .b import x\n")
    (tmp_path / "worker" / "b.py").write_text("import json\n\nfrom canfield import Card\n")
    (tmp_path / "worker" / "c.py").write_text("def f():\n    from canfield import Game\n    return Game\n")
    monkeypatch.setitem(globals(), "UI", tmp_path / "worker")
    assert "canfield" in reached("worker.a")
    assert "canfield" not in reached("worker.c")
    assert "canfield" in imports_of(tmp_path / "worker" / "c.py", everywhere=True)
