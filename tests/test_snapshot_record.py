"""The board kept for the next visit (static/worker/snapshot.py) and the first-visit deals
(scripts/build_deals.py -> static/deals.js), under CPython. The painter's side (static/paint.js: it
checks every record before painting) is tested in Chromium by tests/browser/test_snapshot.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))
sys.path.insert(0, str(REPO / "scripts"))

import build_deals  # noqa: E402
from canfield import Game  # noqa: E402
from worker.i18n import LANGUAGES, Translator  # noqa: E402
from worker.layout import compute, pile_ids  # noqa: E402
from worker.settings import Settings  # noqa: E402
from worker.snapshot import KEY, MAX_BYTES, TEXT_KEYS, encode, record, save_hash  # noqa: E402
from shared.table import visible_cards  # noqa: E402
from worker.view import column_lengths  # noqa: E402

CODE = re.compile(r"^[A2-9TJQK][SHDC]$")
SEED_CODE = "CF1-D3-AAAAACL"


def fnv1a_units(units) -> str:
    h = 0x811C9DC5
    for u in units:
        h = ((h ^ u) * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}"


def test_save_hash_is_fnv1a_over_utf16_code_units():
    assert save_hash(None) == ""
    assert save_hash("") == "811c9dc5"
    assert save_hash("a") == "e40c292c"            # the published FNV-1a 32 test vector
    assert save_hash("foobar") == "bf9cf968"
    # a character outside the BMP counts as its two surrogates, as JavaScript's charCodeAt sees it
    assert save_hash("é😀") == fnv1a_units([0xE9, 0xD83D, 0xDE00])
    # a lone surrogate (a stored text cut inside a pair) is one code unit too, not an error
    assert save_hash("x\ud83d") == fnv1a_units([0x78, 0xD83D])
    assert save_hash('{"a":1}') != save_hash('{"a":2}')


def _played(moves: int) -> Game:
    game = Game.from_code(SEED_CODE)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[0])
    return game


def _record(game, w=1280, h=800, lang="en"):
    t = Translator(lang)
    layout = compute(w, h, column_lengths(game), draw=game.draw)
    look = [k for k, on in Settings().look_classes().items() if on]
    return record(game, layout, t, lang, look, (w, h), False, '{"saved": 1}')


def test_a_record_holds_only_checked_data_and_every_card_once():
    for moves in (0, 5, 60):
        game = _played(moves)
        rec = _record(game)
        json.loads(encode(rec))  # plain JSON
        assert rec["v"] == 1 and rec["code"] == game.code and rec["save"] == save_hash('{"saved": 1}')
        assert set(rec["cards"]) == set(pile_ids(4, 4)) == set(rec["layout"]["piles"])   # the game's piles
        seen = [c[0] for cards in rec["cards"].values() for c in cards]
        assert all(CODE.match(c) for c in seen) and len(seen) == len(set(seen))
        assert {p: tuple(c[0] for c in cards) for p, cards in rec["cards"].items()} == visible_cards(game)
        for cards in rec["cards"].values():
            assert all(isinstance(x, (int, float)) for c in cards for x in c[1:])
        assert set(rec["texts"]) == set(TEXT_KEYS)
        assert set(rec["ranks"]) == set("A23456789TJQK")
        assert rec["counts"]["reserve"] == str(len(game.reserve))
        assert re.fullmatch(r"-?\d+", rec["counts"]["score"])
        assert rec["counts"]["moves"] == str(len(game.history))      # #moves, as the live bar
        assert rec["shown"] == {"moves": True, "clock": True} and "clock" not in rec["counts"]
    rec = record(game, compute(1280, 800, column_lengths(game)), Translator("en"), "en", [], (1280, 800), False,
                 None, clock="12:05", shown=(False, True))
    assert rec["counts"]["clock"] == "12:05" and rec["shown"] == {"moves": False, "clock": True}


def test_a_record_places_cards_where_the_layout_puts_them():
    game = _played(40)
    layout = compute(390, 844, column_lengths(game), draw=3)
    rec = record(game, layout, Translator("fr"), "fr", [], (390, 844), True, None)
    for pile, cards in rec["cards"].items():
        for i, (_code, x, y) in enumerate(cards):
            assert (x, y) == layout.card_offset(pile, i)
    assert rec["layout"]["arrangement"] == layout.arrangement and rec["save"] == ""
    assert rec["ranks"]["Q"] == "D" and rec["texts"]["score"] == Translator("fr")("score")


def test_a_record_holds_what_a_tap_on_the_stock_makes_as_the_engine_plays_it():
    from shared.table import stock_move
    for moves in (0, 7, 30):
        game = _played(moves)
        rec = _record(game)
        after = game.copy()
        move = stock_move(after)
        if move is None:
            assert rec["after_stock"] is None
            continue
        after.play(move)
        answer = rec["after_stock"]
        assert {p: tuple(c[0] for c in cards) for p, cards in answer["cards"].items()} == visible_cards(after)
        assert answer["counts"]["moves"] == str(len(game.history) + 1)
        assert answer["counts"]["stock"] == (str(len(after.stock)) if after.stock else ("↻" if after.waste else ""))
        assert answer["stock_empty"] == (not after.stock)
    # a stock that can do nothing (its three passes spent): no answer
    game = Game.new(rules="rainfall", number=5)
    while stock_move(game) is not None:
        game.play(stock_move(game))
    assert not game.stock and _record(game)["after_stock"] is None


def test_a_record_over_the_bound_is_not_kept():
    rec = _record(_played(10))
    text = encode(rec)
    assert text is not None and len(text.encode("utf-8")) < 8 * 1024   # ours are small
    rec["texts"]["keys.help"] = "x" * MAX_BYTES
    assert encode(rec) is None
    assert KEY == "canfield.snapshot"


def test_the_committed_deals_file_is_up_to_date():
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "build_deals.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _deals() -> dict:
    text = (REPO / "static" / "deals.js").read_text(encoding="utf-8")
    assert text.count("window.canfieldDeals = ") == 1
    return json.loads(text.split("window.canfieldDeals = ", 1)[1].rstrip().rstrip(";"))


def test_each_first_visit_deal_is_the_engines_deal_of_its_code():
    book = _deals()
    defaults = Settings()
    assert (book["draw"], book["rules"]) == (defaults.draw, defaults.rules)
    deals = book["deals"]
    assert len(deals) == build_deals.COUNT >= 24
    assert len({d["code"] for d in deals}) == len(deals)
    for deal in deals:
        game = Game.from_code(deal["code"])
        assert game.code == deal["code"] and game.draw == book["draw"] and game.rules.name == book["rules"]
        shown = {p: list(c) for p, c in visible_cards(game).items() if c}
        assert deal["cards"] == shown
        assert deal["counts"] == {"score": str(game.score), "stock": str(len(game.stock)),
                                  "reserve": str(len(game.reserve)), "moves": "0"}
        for i, nxt in enumerate(deal["next"]):
            want = game.foundation_next(i)
            assert nxt == ([("A23456789TJQK")[want.rank - 1], want.suit] if want else None)
    for lang in LANGUAGES:
        t = Translator(lang)
        assert book["lang"][lang]["texts"] == {k: t(k) for k in TEXT_KEYS}
        assert book["lang"][lang]["ranks"]["K"] == t("rank.13")


def test_the_deal_numbers_are_reproducible():
    assert build_deals.deal_numbers() == build_deals.deal_numbers()
    assert build_deals.book(3) == build_deals.book(3)


def _painted_placeholder(ph) -> list:
    """What static/paint.js writes in an empty foundation for a record's placeholder: [data-f, class]."""
    if not ph:
        return ["", "placeholder"]
    return [ph[0], f"placeholder s{ph[1]} {'red' if ph[2] else 'black'}" if ph[1] else "placeholder"]


def test_the_records_placeholders_are_the_live_views_in_every_game():
    """The painter draws each foundation's placeholder as the live view then draws it (static/worker/scene.py):
    a foundation of any suit (The Plot, Beehive) shows its rank or nothing, with no suit's class; one of any
    rank (Dutchess before its base is chosen) its suit's symbol, in its suit's colour."""
    from canfield.rules import RULESETS
    from worker.scene import _placeholders

    seen = set()
    for name in RULESETS:
        for moves in (0, 3):
            game = Game.new(rules=name, number=31)
            for _ in range(moves):
                legal = game.legal_moves()
                if legal:
                    game.play(legal[0])
            for lang in ("en", "fr"):
                t = Translator(lang)
                rec = _record(game, lang=lang)
                live = _placeholders(game, t)
                assert {p: _painted_placeholder(ph) for p, ph in rec["ph"].items()} == live, (name, moves, lang)
                for ph in rec["ph"].values():
                    assert ph is None or (len(ph[0]) <= 4 and (ph[1] in tuple("SHDC") or ph[1:] == [None, False]))
                    seen.add("no suit" if ph and ph[1] is None else "no rank" if ph and ph[0] in ("♠", "♥", "♦", "♣") else "card")
    assert seen == {"no suit", "no rank", "card"}


def test_a_record_of_several_reserves_or_twelve_columns_names_its_tables_piles():
    """The piles the painter expects (static/paint.js `isTable`): the layout's pile_ids, each with its place,
    and beside several reserves the one "reserve" too, empty and without a place."""
    from worker.layout import counts_for

    for name, piles in (("duke", pile_ids(4, 4, 4)), ("gate", pile_ids(8, 4, 2)), ("the-plot", pile_ids(12, 8))):
        game = Game.new(rules=name, number=31)
        layout = compute(1280, 800, column_lengths(game), draw=game.draw, counts=counts_for(game))
        rec = record(game, layout, Translator("en"), "en", [], (1280, 800), False, None)
        assert set(rec["layout"]["piles"]) == set(piles), name
        several = "reserve-1" in piles
        assert set(rec["cards"]) == set(piles) | {"reserve"}, name
        assert not several or rec["cards"]["reserve"] == []
        assert set(rec["layout"]["col_fs"]) <= set(piles)
        assert {p for p in piles if p.startswith("reserve-")} <= set(rec["layout"]["col_fs"])


FACE_DOWN_GAMES = ("minerva", "munger", "mystique", "candike", "eagle-wing")


def test_a_record_of_a_face_down_game_holds_what_the_live_board_draws_and_no_face_down_card():
    """The record of a table showing face-down cards (Minerva, Munger, Mystique, Candike: in the columns;
    Eagle Wing: its reserve's top) holds each as the live view draws it (static/worker/scene.py: a back
    named by its place, "~T3.0", "~R.12", at the view's place) and names no face-down card of a column or a
    reserve anywhere, in the board painted or in the answer to a tap on the stock (`after_stock`)."""
    from shared.table import back_id, is_back
    from worker.layout import counts_for
    from worker.scene import scene
    from worker.state import UIState

    for name in FACE_DOWN_GAMES:
        for moves in (0, 2, 9):
            game = Game.new(rules=name, number=31)
            for _ in range(moves):
                legal = game.legal_moves()
                if legal:
                    game.play(legal[0])
            layout = compute(1280, 800, column_lengths(game), draw=game.draw, counts=counts_for(game))
            t = Translator("en")
            rec = record(game, layout, t, "en", [], (1280, 800), False, None)
            live = scene(game, UIState(), layout, t, "en")
            drawn = {p: [] for p in rec["cards"]}
            for c in live["cards"]:
                drawn[c["pile"]].append([c["id"], c["x"], c["y"]])
                assert c["up"] == (not is_back(c["id"]))
            assert rec["cards"] == drawn, (name, moves)
            backs = [(p, j, c[0]) for p, cards in rec["cards"].items() for j, c in enumerate(cards) if is_back(c[0])]
            assert backs, (name, moves)
            for pile, j, card in backs:
                assert card == back_id(pile, j) if pile.startswith("tableau-") else rec["cards"][pile] == [[card, 0.0, 0.0]]
            secret = {c.id for pile, faces in zip((*game.reserves, *game.tableau), (*game.reserve_faces, *game.tableau_faces))
                      for c, up in zip(pile, faces) if not up}
            assert secret
            text = encode(rec)
            assert not [code for code in secret if f'"{code}"' in text], (name, moves)
            ids = [c[0] for part in (rec, rec["after_stock"] or {"cards": {}}) for cards in part["cards"].values() for c in cards]
            assert not secret & set(ids)
            assert all(is_back(c) or CODE.match(c) for c in ids)
