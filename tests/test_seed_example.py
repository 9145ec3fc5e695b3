"""Seed 000 (French) and 002 (Dutch): the example deal, its three moves and its descriptions."""

from pathlib import Path

import pytest

from engine_helpers import FR_AFTER, FR_BEFORE, seed_example_game

NL_BEFORE = (
    "Trekstapel: 34 kaarten; aflegstapel leeg; reserve: 13 kaarten, bovenste: klaverenvrouw. Fundamenten, "
    "startrang 7: harten tot en met harten 7 (1), schoppen leeg, ruiten leeg, klaveren leeg. kolom 1: klaveren 6; "
    "kolom 2: hartenheer; kolom 3: hartenvrouw; kolom 4: schoppenaas."
)
# Seed 002 writes "klavervrouw" here but "klaverenvrouw" above; the engine uses one form, the longer.
NL_AFTER_SEED = (
    "Trekstapel: 34 kaarten; aflegstapel leeg; reserve: 10 kaarten, bovenste: schoppenboer. Fundamenten, "
    "startrang 7: harten tot en met harten 8 (2), schoppen leeg, ruiten leeg, klaveren leeg. kolom 1: klaveren 6; "
    "kolom 2: schoppenvrouw; kolom 3: hartenvrouw; kolom 4: schoppenaas, hartenheer, klavervrouw."
)
NL_AFTER = NL_AFTER_SEED.replace("klavervrouw", "klaverenvrouw")
EN_BEFORE = (
    "Stock: 34 cards; waste empty; reserve: 13 cards, top: queen of clubs. Foundations, start rank 7: hearts up "
    "to 7 of hearts (1), spades empty, diamonds empty, clubs empty. column 1: 6 of clubs; column 2: king of hearts; "
    "column 3: queen of hearts; column 4: ace of spades."
)

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def play_three(game):
    return [str(game.play(m)) for m in ("R-T2", "R-F", "T2-T4")]


def test_example_descriptions_before_and_after_three_moves():
    g = seed_example_game()
    assert g.describe("fr") == FR_BEFORE
    assert g.describe("nl") == NL_BEFORE
    assert g.describe("en") == EN_BEFORE
    assert play_three(g) == ["R-T2", "R-F1", "T2:2-T4"]
    assert g.describe("fr") == FR_AFTER
    assert g.describe("nl") == NL_AFTER
    assert g.score == 5
    assert len(g.reserve) == 10


def test_example_move_sentences():
    g = seed_example_game()
    m = g.play("R-T2")
    assert g.describe_move(m, "fr") == "La dame de trèfle va sur le roi de cœur."
    assert g.describe_move(m, "nl") == "De klaverenvrouw gaat op de hartenheer."
    assert g.describe_move(m, "en") == "The queen of clubs goes on the king of hearts."
    m = g.play("R-F")
    assert g.describe_move(m, "fr") == "Le 8 de cœur monte en fondation sur le 7 de cœur."
    m = g.play("T2-T4")
    assert g.describe_move(m, "fr") == (
        "Le roi de cœur et la carte posée dessus vont sur l’as de pique. "
        "Colonne 2 : la dame de pique sort de la réserve."
    )


def test_unknown_language():
    with pytest.raises(ValueError, match="language"):
        seed_example_game().describe("de")


@pytest.mark.skipif(not SEEDS.is_dir(), reason="shared/seeds is not beside this checkout")
def test_sentences_are_the_seeds_own():
    fr = next(SEEDS.glob("000_*.txt")).read_text(encoding="utf-8").splitlines()
    nl = next(SEEDS.glob("002_*.txt")).read_text(encoding="utf-8").splitlines()
    assert [line for line in fr if line.startswith("Pioche :")] == [FR_BEFORE, FR_AFTER]
    assert [line for line in nl if line.startswith("Trekstapel:")] == [NL_BEFORE, NL_AFTER_SEED]


def test_descriptions_of_other_states():
    g = seed_example_game()
    g.play("S")
    fr = g.describe("fr")
    assert fr.startswith("Pioche : 31 cartes ; défausse : 3 cartes, dessus : ")
    g2 = seed_example_game(draw=1)
    for _ in range(33):
        g2.play("S")
    assert g2.describe("fr").startswith("Pioche : 1 carte ; défausse : 33 cartes")
    assert g2.describe("en").startswith("Stock: 1 card; waste: 33 cards")
    g2.play("S")
    assert g2.describe("nl").startswith("Trekstapel leeg; aflegstapel: 34 kaarten, bovenste: ")
