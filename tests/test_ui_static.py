"""The browser layer's pure-Python parts, under CPython: message tables, settings, table logic."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from canfield import Game
from shared import table
from worker import choices, i18n, settings
from worker.layout import pile_ids

REPO = Path(__file__).resolve().parents[1]

SEED_DECK = None  # see tests/browser/test_game.py for the seed deal


def _fields(text):
    return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)


def test_every_language_has_every_key_with_the_same_placeholders():
    keys = set(i18n.EN)
    for lang in i18n.LANGUAGES:
        table = i18n.MESSAGES[lang]
        assert set(table) == keys, f"{lang}: missing {keys - set(table)}, extra {set(table) - keys}"
        for key in keys:
            assert _fields(table[key]) == _fields(i18n.EN[key]), f"{lang} {key}: placeholders differ"
            assert table[key].strip() or key.endswith(".hint"), f"{lang} {key} is empty"


def test_seed_vocabulary():
    fr, nl = i18n.FR, i18n.NL
    assert fr["pile.stock"] == "Pioche" and nl["pile.stock"] == "Trekstapel"
    assert fr["action.new"] == "Nouvelle partie" and nl["action.new"] == "Nieuw spel"
    assert fr["action.undo"] == "Annuler" and nl["action.undo"] == "Ongedaan maken"
    # the setting is named for what it does (a tap also plays onto a column), the seed's word kept
    assert "Double clic" in fr["settings.double_click"] and "Dubbelklik" in nl["settings.double_click"]
    assert "colonne" in fr["settings.double_click"] and "kolom" in nl["settings.double_click"]
    assert (fr["newgame.draw3"], fr["newgame.draw3.hint"]) == ("3 cartes", "Difficile")
    assert (fr["newgame.draw1"], fr["newgame.draw1.hint"]) == ("1 carte", "Facile")
    assert (nl["newgame.draw3"], nl["newgame.draw3.hint"]) == ("3 kaarten", "Moeilijk")


def test_index_html_boot_texts_match_the_tables():
    html = (REPO / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<script type="application/json" id="boot-text">(.*?)</script>', html, re.S)
    assert match, "index.html lacks its #boot-text table"
    boot = json.loads(match.group(1))
    assert set(boot) == set(i18n.LANGUAGES)
    for lang in i18n.LANGUAGES:
        assert boot[lang] == {k: i18n.MESSAGES[lang][k] for k in i18n.BOOT_KEYS}, lang


def test_index_html_uses_only_relative_urls():
    html = (REPO / "index.html").read_text(encoding="utf-8")
    for url in re.findall(r'(?:src|href|config)="([^"]+)"', html):
        if url.startswith(("#f-", "#i-")):   # the card faces' and the icons' symbols, in the document itself
            continue
        assert url.startswith("./"), f"index.html refers to {url!r}: only ./relative URLs"


def test_every_data_t_key_exists():
    html = (REPO / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-t(?:-label|-title)?="([^"]+)"', html))
    assert keys and not keys - set(i18n.EN), f"unknown message keys: {keys - set(i18n.EN)}"


@pytest.mark.parametrize("cands, want", [
    (("fr-BE",), "fr"), (("nl_NL",), "nl"), (("de", "NL"), "nl"), ((None, "", "es"), "en"), ((), "en"),
])
def test_pick_language(cands, want):
    assert i18n.pick_language(*cands) == want


def test_card_labels_per_language():
    assert i18n.Translator("fr").card_label(12, "C") == "D♣"
    assert i18n.Translator("nl").card_label(13, "H") == "H♥"
    assert i18n.Translator("en").card_label(10, "S") == "10♠"


def test_settings_round_trip_and_bad_input():
    s = settings.Settings(draw=1, rules="classic", tap_to_columns=False, auto_finish=True, four_color=True, lang="nl")
    back = settings.Settings.from_json(s.to_json(), ("canfield", "classic"))
    assert back == s
    for bad in (None, "", "{", "[]", "null", '"x"', '{"draw": 2, "rules": "nope", "double_click": "yes", "lang": "de"}'):
        assert settings.Settings.from_json(bad, ("canfield",)) == settings.Settings()


RULESETS = ("canfield", "classic")
# What each field may hold, as stored: every other value, of any type, is refused.
ALLOWED = {
    "draw": (1, 3), "rules": RULESETS, "lang": ("", *i18n.LANGUAGES),
    **{name: (True, False) for name in settings.TOGGLES + ("winnable",)},
    **settings.CHOICES,
}
# Wrong types, right types with wrong values, and one good value of each kind.
VALUES = ([], {}, [1], {"a": 1}, None, 1.5, "x" * 10, 2, 0, True, False, 3, "classic", "fr", "dark", "red", "", "fast")


def _allowed(field, value) -> bool:
    return any(type(value) is type(v) and value == v for v in ALLOWED[field])  # True is not 1 here


def test_every_settings_field_has_its_allowed_values_listed():
    assert set(ALLOWED) == set(settings.FIELDS)
    for field in settings.FIELDS:
        assert _allowed(field, getattr(settings.Settings(), field)), field  # the default is allowed
        assert any(_allowed(field, v) for v in VALUES) and not all(_allowed(field, v) for v in VALUES), field


@pytest.mark.parametrize("field", settings.FIELDS)
@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_every_settings_field_is_checked_by_type_and_value(field, value):
    """Defect 1: {"lang": []} (any unhashable value in any field) raised TypeError and locked the game.
    Every case checks something: an allowed value is kept and the record is sound; any other value
    (of a wrong type, or of the right type but not allowed, as {"theme": "xxxxxxxxxx"}) keeps the default
    and the record is not sound, so the page sets it aside with a notice."""
    got, sound = settings.Settings.read(json.dumps({field: value}), RULESETS)
    if _allowed(field, value):
        assert (getattr(got, field), type(getattr(got, field)), sound) == (value, type(value), True)
    else:
        assert (getattr(got, field), sound) == (getattr(settings.Settings(), field), False)
        assert got == settings.Settings()  # nothing else changed either


def test_bad_settings_fall_back_to_defaults_field_by_field():
    """The record the browser suite once stored and checked in the page: each bad field takes its default,
    each good one is kept."""
    got, sound = settings.Settings.read(json.dumps(
        {"version": 1, "draw": 7, "rules": "nope", "double_click": "yes", "auto_finish": True,
         "four_color": 1, "lang": "nl"}), RULESETS)
    assert not sound
    assert (got.draw, got.rules, got.tap_to_columns, got.auto_finish, got.four_color, got.lang) == \
        (3, "canfield", True, True, False, "nl")


def test_settings_read_says_whether_the_record_was_sound():
    s = settings.Settings(draw=1, lang="fr")
    assert settings.Settings.read(s.to_json()) == (s, True)
    assert settings.Settings.read(None) == (settings.Settings(), True)  # nothing stored: nothing to set aside
    for bad in ("{", "[]", "[" * 100_000, b"\xff", '{"version": 2}', '{"draw": 1, "lang": []}', "{}" + " " * 5000):
        assert not settings.Settings.read(bad)[1]
    assert settings.Settings.read('{"draw": 1, "lang": []}')[0].draw == 1  # the good fields are kept


def test_code_from_hash():
    assert table.code_from_hash("#CF1-D3-AAAAACL") == "CF1-D3-AAAAACL"
    assert table.code_from_hash("#%20CF1-D3-AAAAACL%20") == "CF1-D3-AAAAACL"
    assert table.code_from_hash("") == "" and table.code_from_hash(None) == ""
    assert table.code_from_hash("#caf%C3%A9%2") == "café%2"
    from urllib.parse import unquote
    for text in ("a%20b", "%e2%99%a0", "%zz", "100%", "%C3%28"):
        assert table.code_from_hash(text) == unquote(text, errors="replace")


def test_visible_cards_and_counts():
    game = Game.from_code("CF1-D3-AAAAACL")
    view = table.visible_cards(game)
    assert set(view) == set(pile_ids(4, 4))      # the piles of a one-deck table (PILES has up to 8 and 16)
    assert view["stock"] == () and view["waste"] == ()
    assert view["reserve"] == (game.reserve[-1].code,)
    assert view["foundation-1"] == (game.foundations[0][0].code,)
    assert [view[f"tableau-{i}"] for i in range(1, 5)] == [tuple(c.code for c in t) for t in game.tableau]
    game.play("S")
    assert table.visible_cards(game)["waste"] == tuple(c.code for c in game.waste[-3:])
    assert table.move_count(game, "reserve", 0) == 1
    assert table.move_count(game, "tableau-1", 0) == len(game.tableau[0])


def test_moves_from_only_reflects_the_engine():
    game = Game.from_code("CF1-D3-AAAAACL")
    for pile in table.PILES:
        if pile == "stock":
            continue
        for count in (1, 2):
            got = table.moves_from(game, pile, count)
            want = {m for m in game.legal_moves() if m.src == table.TO_ENGINE[pile] and m.count == count}
            assert set(got.values()) == want
            assert all(table.TO_ENGINE[d] == m.dst for d, m in got.items())


def test_stock_move_draws_then_recycles():
    game = Game.from_code("CF1-D1-AAAAACL")
    while game.stock:
        move = table.stock_move(game)
        assert move.src == "S"
        game.play(move)
    move = table.stock_move(game)
    assert (move.src, move.dst) == ("W", "S")


def test_key_neighbours_cover_the_grid():
    seen = {"stock"}
    todo = ["stock"]
    while todo:
        pile = todo.pop()
        for d in ("left", "right", "up", "down"):
            nxt = table.key_neighbour(pile, d)
            assert nxt in table.PILES
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    # a table of one reserve (the default), and one of several
    assert seen == set(table.PILES) - set(table.RESERVES)
    several = set(table.PILES) - {"reserve"}
    seen, todo = {"stock"}, ["stock"]
    while todo:
        pile = todo.pop()
        for d in ("left", "right", "up", "down"):
            nxt = table.key_neighbour(pile, d, several)
            assert nxt in several
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == several
    assert table.key_neighbour("foundation-2", "down") == "tableau-2"
    assert table.key_neighbour("tableau-3", "up") == "foundation-3"
    assert table.key_neighbour("reserve", "up") == "stock"


def test_route_hash_keeps_the_game_in_progress_on_a_bad_code():
    """Defect 6: an invalid code in the address replaced the game in progress (and counted a loss)."""
    assert choices.route_hash("", "CF1-D3-AAAAACL") == ("stay", None)
    assert choices.route_hash("CF1-D3-AAAAACL", "CF1-D3-AAAAACL") == ("stay", None)
    assert choices.route_hash("cf1-d3-aaaaacl", "CF1-D3-AAAAACL") == ("stay", None)
    for bad in ("nonsense", "CF1-D3-AAAAAC!", "CF9-D3-AAAAACL", "CF1-D3-" + "A" * 5000):
        assert choices.route_hash(bad, "CF1-D3-AAAAACL") == ("refuse", None)
        assert choices.route_hash(bad, None) == ("refuse", None)
    what, game = choices.route_hash("CL1-D1-AAAAAAB", "CF1-D3-AAAAACL")
    assert what == "deal" and game.code == "CL1-D1-AAAAAAB"


def test_arrow_paths_reach_every_pile():
    from keyboard_paths import arrows

    for present in (set(table.PILES) - set(table.RESERVES), set(table.PILES) - {"reserve"}):
        for a in present:
            for b in present:
                arrows(a, b, present)


def test_the_page_never_imports_the_solver():
    """The solver is imported at the worker's first search (static/worker/solver_worker.py); compiling its module
    at boot, on the page's main thread or in the worker's start, would only slow the start (the page sends
    no node budget: the worker's default is canfield.solver's)."""
    import ast

    for path in [p for folder in ("page", "shared", "worker") for p in sorted((REPO / "static" / folder).glob("*.py"))
                 if p.name != "solver_worker.py"]:      # the worker's script that runs the searches
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for worker_only in ("canfield.solver", "canfield.search", "canfield.tasks", "canfield.insight",
                                "canfield.daily"):
                assert not any(n == worker_only or n.startswith(worker_only + ".") for n in names), path.name


def test_the_page_has_a_slot_for_each_pile_the_largest_table_needs():
    """index.html writes out the piles' elements by hand (the board is painted before any script runs): one
    for each of shared.table.PILES (once), the foundations and columns in order, and those a one-deck table of four
    columns lacks hidden."""
    html = (REPO / "index.html").read_text(encoding="utf-8")
    slots = re.findall(r'<div class="slot s-(\w+)" role="none"( hidden)?><div class="pile (\w+)" data-pile="([\w-]+)"',
                       html)
    piles = re.findall(r'data-pile="([\w-]+)"', html)
    assert sorted(piles) == sorted(table.PILES) and len(piles) == len(set(piles))
    shown = set(pile_ids(4, 4))
    # the foundations in the first row; several reserves, then the columns, in the second
    assert [p for *_, p in slots] == [p for kind in ("foundation-", "reserve-", "tableau-") for p in table.PILES
                                      if p.startswith(kind)]
    for slot, hidden, kind, pile in slots:
        assert pile.startswith(kind) and slot == kind[0] + pile.rsplit("-", 1)[1], (slot, pile)
        assert bool(hidden) == (pile not in shown), pile
