"""What a screen reader hears (static/worker/a11y.py), under CPython: pile names, selections, the live region."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))

from canfield import Game, card_name  # noqa: E402
from page import announce  # noqa: E402
from worker import a11y, i18n, settings  # noqa: E402

# Seed 000's deal (see tests/browser/test_game.py): reserve top QC, base 7H, tableau 6C KH QH AS.
_USED = ["JS", "QS", "8H", "QC", "7H", "6C", "KH", "QH", "AS"]
_REST = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in _USED]
SEED_CODE = "CF1-D3-" + "".join(_REST[:9] + _USED + _REST[9:])


def label(game, pile, lang, **kw):
    return a11y.pile_label(game, pile, i18n.Translator(lang), lang, **kw)


def test_the_reserve_is_named_by_its_top_card_and_count_in_every_language():
    game = Game.from_code(SEED_CODE)
    assert label(game, "reserve", "fr") == "Dame de trèfle, réserve, 13 cartes"
    assert label(game, "reserve", "nl") == "Klaverenvrouw, reserve, 13 kaarten"
    assert label(game, "reserve", "en") == "Queen of clubs, reserve, 13 cards"


def test_pile_names_in_every_language():
    game = Game.from_code(SEED_CODE)
    assert label(game, "stock", "fr") == "Pioche, 34 cartes"
    assert label(game, "waste", "nl") == "Aflegstapel, leeg"
    assert label(game, "tableau-2", "fr") == "Roi de cœur, colonne 2, 1 carte"
    assert label(game, "foundation-1", "en") == "7 of hearts, foundation 1, 1 card, waits for 8 of hearts"
    assert label(game, "foundation-2", "fr") == "Fondation 2, vide, attend 7 de pique"
    assert label(game, "reserve", "en", selected=True) == "Queen of clubs, reserve, 13 cards, selected"


def test_the_cursor_names_the_card_under_it_in_a_column():
    game = Game.from_code(SEED_CODE)
    game.play("R-T2")
    assert label(game, "tableau-2", "fr", cursor=1) == "Dame de trèfle, colonne 2, 2 cartes"
    assert label(game, "tableau-2", "fr", cursor=0) == "Roi de cœur, colonne 2, 2 cartes"
    t = i18n.Translator("fr")
    assert a11y.cursor_text(game, "tableau-2", 0, t, "fr") == "roi de cœur, 2 cartes"
    assert a11y.selection_text(game, "tableau-2", 2, t, "fr") == "Sélection : roi de cœur, 2 cartes."
    assert a11y.selection_text(game, "reserve", 1, t, "fr") == "Sélection : 8 de cœur."


def test_every_card_name_appears_in_some_label():
    """Labels use the engine's names (no card vocabulary of the UI's own)."""
    game = Game.from_code(SEED_CODE)
    for lang in i18n.LANGUAGES:
        text = label(game, "reserve", lang)
        assert card_name(game.reserve[-1], lang).lower() in text.lower()


class FakeEl:
    textContent = ""


def test_announcer_repeats_an_identical_sentence_with_a_different_text():
    el = FakeEl()
    ann = announce.Announcer(el)
    ann.say("Coup impossible.")
    first = el.textContent
    ann.say("Coup impossible.")
    assert el.textContent != first and el.textContent.strip() == "Coup impossible."
    ann.say("")
    assert el.textContent.strip() == "Coup impossible."


@pytest.mark.parametrize("key", ["count.one", "a11y.pile", "a11y.selected", "settings.large_cards"])
def test_new_keys_in_every_language(key):
    for lang in i18n.LANGUAGES:
        assert i18n.MESSAGES[lang][key].strip()


def test_large_cards_setting_round_trips():
    s = settings.Settings.from_json('{"large_cards": true}')
    assert s.large_cards is True
    assert settings.Settings.from_json(s.to_json()).large_cards is True
    assert settings.Settings.from_json('{"large_cards": "yes"}').large_cards is False
    assert s.look_classes()["large-cards"] is True                         # what the page toggles on #game
    assert settings.Settings().look_classes()["large-cards"] is False


def test_every_message_key_the_ui_code_asks_for_exists():
    """A key missing from every table would show the key itself (the Translator's last fallback)."""
    import re

    used = set()
    for path in [p for folder in ("page", "shared", "worker") for p in sorted((REPO / "static" / folder).glob("*.py"))]:
        used |= set(re.findall(r'\bt\(\s*"([A-Za-z0-9_.]+)"', path.read_text(encoding="utf-8")))
    assert used, "no t(\"...\") call found: the pattern is out of date"
    missing = sorted(k for k in used if k not in i18n.EN)
    assert missing == [], f"keys used by static/ but in no message table: {missing}"


def test_a_foundation_is_named_as_the_player_sees_it_never_by_a_number():
    """No foundation shows a number on the table: a move or a refused drop names it by its top card
    (issue 47: a hint said "goes to foundation 5")."""
    game = Game.from_code(SEED_CODE)             # foundation 1: the 7 of hearts
    t = {lang: i18n.Translator(lang) for lang in ("fr", "nl", "en")}
    assert a11y.illegal_drop_text(game, "reserve", 1, "foundation-1", t["en"], "en") == (
        "Not a legal move: queen of clubs cannot go there (foundation: 7 of hearts). The card goes back.")
    assert "(fondation vide)" in a11y.illegal_drop_text(game, "reserve", 1, "foundation-2", t["fr"], "fr")
    assert "(leeg fundament)" in a11y.illegal_drop_text(game, "reserve", 1, "foundation-3", t["nl"], "nl")
    game.play("R-T2")
    move = game.play("R-F")                      # the 8 of hearts onto the 7
    said = {lang: game.describe_move(move, lang) for lang in t}
    assert said["en"] == "The 8 of hearts goes to the foundation, on the 7 of hearts."
    assert said["nl"] == "De harten 8 gaat naar het fundament, op de harten 7."
    for text in said.values():
        assert not any(ch.isdigit() for ch in text.replace("8", "").replace("7", "")), text
    game = Game.from_code("CF1-D3-AAAAACL")
    for _ in range(300):                         # play on (foundation moves first) until one starts a foundation
        moves = game.legal_moves()
        up = [m for m in moves if m[1].startswith("F")]
        opens = [m for m in up if not game.pile(m[1])]
        move = game.play((opens or up or moves)[0])
        if opens:
            assert game.describe_move(move, "en").endswith(" starts a foundation.")
            assert game.describe_move(move, "fr").endswith(" ouvre une fondation.")
            assert game.describe_move(move, "nl").endswith(" begint een fundament.")
            break
    else:
        raise AssertionError("no move started a foundation")
