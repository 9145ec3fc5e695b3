"""Every pair's catalogue proved again, a little at every run: for each game and draw the page offers
(canfield.catalog.PAIRS) with entries, one entry drawn afresh (the seed is printed; set CATALOG_SEED to
replay a run) is graded again by the solver and must give the entry's grade and par; one deal the build
tried and left out must still not be proved won. tests/test_catalog.py checks the format of every pair."""

from __future__ import annotations

import os
import random

import pytest

from canfield import catalog, solver
from canfield.catalog import PAIRS
from canfield.game import Game

SEED = int(os.environ.get("CATALOG_SEED", random.SystemRandom().randrange(2 ** 32)))


@pytest.mark.parametrize("name, draw", [p for p in PAIRS if catalog.winnable(*p)], ids=lambda v: str(v))
def test_a_random_entry_of_each_pair_is_proved_won_again(name, draw):
    print(f"CATALOG_SEED={SEED}")
    rng = random.Random(f"{SEED}/{name}/{draw}")
    entry = rng.choice(catalog.winnable(name, draw))
    assert solver.grade(Game.new(rules=name, number=entry.number, draw=draw)) == (entry.grade, entry.par), (
        name, draw, entry, SEED)
    have = {e.number for e in catalog.winnable(name, draw)}
    left = [n for n in range(catalog.tried(name, draw)) if n not in have]
    if left:                     # every deal below TRIED that the solver wins is in the catalogue
        n = rng.choice(left)
        assert solver.grade(Game.new(rules=name, number=n, draw=draw))[0] is None, (name, draw, n, SEED)
