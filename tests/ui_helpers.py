"""Shared helpers for the tests of the UI layer's pure parts (static/shared/ and static/worker/), run under CPython."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "static") not in sys.path:
    sys.path.insert(0, str(REPO / "static"))

from canfield import Game  # noqa: E402
from worker.controller import Controller  # noqa: E402
from worker.i18n import Translator  # noqa: E402
from worker.settings import Settings  # noqa: E402

CODE = "CF1-D3-AAAAACL"


def make_controller(code=CODE, **settings):
    """A controller on the deal CODE, in English, already showing it, its start-up effects taken."""
    c = Controller(Game.from_code(code), Settings(**settings), Translator("en"), "en")
    c.show_game(c.game, push=False)
    c.take_effects()
    return c
