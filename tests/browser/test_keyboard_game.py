"""A whole game won with the keyboard alone: the solver's winning line typed as keys.

The page's keyboard model (static/worker/handle_keys.py, the keys forwarded by static/page/layer.py): one
tab stop on the board, arrows move between piles (state.key_neighbour), Up/Down move the cursor inside a
column, Enter picks up and puts down, D draws, Home goes back to the stock. Each move of the line becomes
those keys; the live region must say each move in the engine's words, and the game must end won.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.solver import solve
from keyboard_paths import play_by_keyboard  # tests/test_ui_static.py checks its paths reach every pile


# A draw-one deal the solver proves won in 257 moves (57 of them not draws) within its node budget.
CODE = "CF1-D1-AAAAATG"


@pytest.mark.reduced_motion   # the keys and what the live region says; motion is test_motion.py's
def test_a_whole_game_by_keyboard_alone(open_game):
    game = Game.from_code(CODE)
    result = solve(game, max_nodes=300_000)
    assert result.verdict == "won", result
    page = open_game(CODE, path="index.html?lang=en")
    kb = page.keyboard
    stock = page.locator('[data-pile="stock"]')
    for _ in range(30):                       # Tab from the top of the page to the board
        kb.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.dataset.pile === 'stock'"):
            break
    expect(stock).to_be_focused()
    announce = page.locator("#announce")

    def check(i, text, move):
        if text != "S":
            expect(announce).to_have_text(game.describe_move(move, "en"))
        if i % 40 == 0:
            expect(page.locator("#description")).to_have_text(game.describe("en"))

    play_by_keyboard(page, game, result.moves, check)
    assert game.won
    win = page.locator("#dlg-win")
    expect(win).to_be_visible(timeout=30_000)   # after the win cascade
    expect(win).to_contain_text(str(game.score))
    expect(page.locator("#description")).to_have_text(game.describe("en"))
    expect(announce).to_contain_text("Game won")
    expect(page.locator("#score")).to_have_text(str(game.score))
