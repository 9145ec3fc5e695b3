"""A whole game won with the keyboard alone: the solver's winning line typed as keys.

The page's keyboard model (static/ui/input.py): one tab stop on the board, arrows move between
piles (state.key_neighbour), Up/Down move the cursor inside a column, Enter picks up and puts
down, D draws, Home goes back to the stock. Each move of the line becomes those keys; the live
region must say each move in the engine's words, and the game must end won.
"""

from __future__ import annotations

from playwright.sync_api import expect

from canfield import Game
from canfield.solver import solve
from keyboard_paths import arrows  # tests/test_ui_static.py checks it reaches every pile
from ui.state import TO_UI


# A draw-one deal the solver proves won in 257 moves (57 of them not draws) within its node budget.
CODE = "CF1-D1-AAAAATG"


def parse(text: str):
    """"T2:2-T4" -> ("tableau-2", 2, "tableau-4")."""
    src, dst = text.split("-")
    count = 1
    if ":" in src:
        src, n = src.split(":")
        count = int(n)
    return TO_UI[src], count, TO_UI[dst]


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
    focus = "stock"
    for i, text in enumerate(result.moves):
        if text == "S":
            kb.press("d")
            move = game.play("S")
        else:
            src, count, dst = parse(text)
            if src == focus and src.startswith("tableau-"):
                kb.press("Home")              # re-enter the column so that its cursor starts on top
                focus = "stock"
            for key in arrows(focus, src):
                kb.press(key)
            for _ in range(count - 1):
                kb.press("ArrowUp")           # the cursor onto the first card of the tail
            kb.press("Enter")
            for key in arrows(src, dst):
                kb.press(key)
            kb.press("Enter")
            focus = dst
            move = game.play(text)
            expect(announce).to_have_text(game.describe_move(move, "en"))
        if i % 40 == 0:
            expect(page.locator("#description")).to_have_text(game.describe("en"))
    assert game.won
    win = page.locator("#dlg-win")
    expect(win).to_be_visible(timeout=30_000)   # after the win cascade
    expect(win).to_contain_text(str(game.score))
    expect(page.locator("#description")).to_have_text(game.describe("en"))
    expect(announce).to_contain_text("Game won")
    expect(page.locator("#score")).to_have_text(str(game.score))
