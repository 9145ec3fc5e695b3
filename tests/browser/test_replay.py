"""Replays, game links, Share, "Show me how" and the speed setting in Chromium (issue 20, items 4-5).

The engine under CPython is the oracle: a link is written by canfield.links, the position the page shows
after each step is the engine's after the same moves, and the link Share copies is read back by it.
"""

from __future__ import annotations

import pytest

from playwright.sync_api import expect

from canfield import Game, links
from canfield.solver import solve
from conftest import resize
from test_a11y import audit
from test_game import expect_view, view_of

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

BAR = "#replay"
EN = "index.html?lang=en"
SOLVER_BOOT_MS = 90_000 + 30_000   # the first request boots the worker's own Pyodide
# Deal 20 in draw 1: the solver wins it in a few dozen positions.
WINNABLE = "CF1-D1-AAAAAAU"


def _line_game(moves: int, code: str = WINNABLE) -> Game:
    game = Game.from_code(code)
    for m in solve(game, max_nodes=100_000).moves[:moves]:
        game.play(m)
    return game


def _at(page, text: str) -> None:
    expect(page.locator(BAR)).to_have_attribute("data-at", text, timeout=30_000)


def _step(page, name: str) -> None:
    page.locator(f'{BAR} [data-replay="{name}"]').click()


def _set(page, **choices) -> None:
    """The Settings dialog: each select set to its value, each checkbox to its state; then closed."""
    page.locator('header [data-action="settings"]').click()
    dlg = page.locator("#dlg-settings")
    expect(dlg).to_be_visible()
    for name, value in choices.items():
        if isinstance(value, bool):
            dlg.locator(f'input[name="{name}"]').set_checked(value)
        else:
            dlg.locator(f'select[name="{name}"]').select_option(value)
    dlg.locator('[data-dialog="close"]').click()
    expect(dlg).to_be_hidden()


def test_a_replay_link_is_stepped_and_played_and_becomes_a_game(open_game):
    game = _line_game(6)
    page = open_game(links.encode(game), path=EN)
    expect(page.locator(BAR)).to_be_visible()
    _at(page, "0/6")
    expect_view(page, view_of(Game.from_code(game.code)))
    audit(page, "the replay bar")
    _step(page, "forward")
    _at(page, "1/6")
    first = Game.from_code(game.code)
    first.play(game.history[0])
    expect_view(page, view_of(first))
    _step(page, "back")
    _at(page, "0/6")
    _step(page, "end")
    _at(page, "6/6")
    expect_view(page, view_of(game))
    expect(page.locator(f'{BAR} [data-replay="forward"]')).to_be_disabled()
    _step(page, "start")
    _at(page, "0/6")
    _step(page, "play")                           # the normal motion, one move after another, to the end
    expect(page.locator(f'{BAR} [data-replay="play"]')).to_have_attribute("aria-pressed", "true")
    _at(page, "6/6")
    expect(page.locator(f'{BAR} [data-replay="play"]')).to_have_attribute("aria-pressed", "false")
    expect_view(page, view_of(game))
    expect(page.locator("#score")).to_have_text(str(game.score))
    _step(page, "take")                           # Play from here
    expect(page.locator(BAR)).to_be_hidden()
    page.locator('header [data-action="undo"]').click()
    before = game.copy()
    before.undo()
    expect_view(page, view_of(before))


def test_a_bad_link_says_so_and_changes_nothing(open_game):
    page = open_game(WINNABLE, path=EN)
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#moves")).to_have_text("1")
    drawn = Game.from_code(WINNABLE)
    drawn.play("S")
    expect_view(page, view_of(drawn))
    bad = links.encode(_line_game(4))[:-1] + "Z"          # a damaged link: its last move cannot be read
    page.evaluate("h => { location.hash = h; }", bad)
    expect(page.locator("#notice .notice-text")).to_contain_text("damaged or incomplete")
    expect(page.locator(BAR)).to_be_hidden()
    expect(page.locator("#moves")).to_have_text("1")
    expect(page.locator("#deal-code")).to_have_text(WINNABLE)
    page.wait_for_function("code => location.hash === '#' + code", arg=WINNABLE)
    expect_view(page, view_of(drawn))
    expect(page.locator("#score")).to_have_text(str(drawn.score))


def test_share_without_the_web_share_api_copies_the_games_link(open_game):
    page = open_game(WINNABLE, path=EN)
    # a browser without navigator.share; the clipboard write is watched, and still made
    page.evaluate("""() => { Object.defineProperty(Navigator.prototype, 'share', {value: undefined, configurable: true});
        const write = navigator.clipboard.writeText.bind(navigator.clipboard);
        navigator.clipboard.writeText = t => { window.__copied = t; return write(t).catch(() => {}); }; }""")
    page.locator('[data-pile="stock"]').click()
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#moves")).to_have_text("2")
    page.locator('header [data-action="share"]').click()
    page.wait_for_function("() => typeof window.__copied === 'string'")
    url = page.evaluate("() => window.__copied")
    assert url.split("#", 1)[0].endswith("/index.html")
    link = links.read(url.split("#", 1)[1])
    assert [str(m) for m in link.game.history] == ["S", "S"] and link.moves == 2
    expect(page.locator("#notice .notice-text")).to_contain_text(
        "Game link copied")


def test_show_me_how_plays_the_solvers_line_to_a_win(open_game):
    near = _line_game(len(solve(Game.from_code(WINNABLE), max_nodes=100_000).moves) - 12)
    page = open_game(links.encode(near), path=EN)
    _set(page, speed="fast")
    _step(page, "end")
    _step(page, "take")
    expect(page.locator(BAR)).to_be_hidden()
    page.locator('header [data-action="show-me-how"]').click()
    expect(page.locator(BAR)).to_be_visible(timeout=SOLVER_BOOT_MS)
    expect(page.locator("#dlg-win")).to_be_visible(timeout=60_000)
    assert page.locator("#score").inner_text() != str(near.score)


def _watch_animations(page) -> None:
    """Every Web Animation the page starts, its duration noted (a short slide may end between two polls)."""
    page.evaluate("""() => { window.__durations = []; const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) { const a = animate.apply(this, args);
            window.__durations.push(a.effect.getTiming().duration); return a; }; }""")


def _durations_of_a_draw(page) -> list[float]:
    page.evaluate("() => { window.__durations = []; }")
    moves = page.locator("#moves").inner_text()
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#moves")).not_to_have_text(moves)
    page.wait_for_function("() => document.getAnimations().length === 0")
    return page.evaluate("() => window.__durations")


def test_the_speed_setting_scales_the_motion_and_reduced_motion_still_wins(open_game):
    page = open_game(WINNABLE, path=EN)
    _watch_animations(page)
    times = {}
    for speed in ("normal", "slow", "fast"):
        _set(page, speed=speed)
        times[speed] = max(_durations_of_a_draw(page), default=0)
    assert times["normal"] > 0 and times["slow"] == 2 * times["normal"] == 4 * times["fast"], times
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("() => document.getElementById('game').classList.contains('no-motion')")
    _set(page, speed="slow")
    assert _durations_of_a_draw(page) == []
    page.emulate_media(reduced_motion="no-preference")


OFF_SCREEN = """() => {
    const bad = [];
    const el = document.documentElement;
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
        bad.push('scroll ' + el.scrollWidth + 'x' + el.scrollHeight);
    for (const x of document.querySelectorAll('header [data-action], [data-pile]')) {
        const r = x.getBoundingClientRect();
        if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
            bad.push((x.dataset.action || x.dataset.pile) + ' ' + JSON.stringify(r));
    }
    return bad; }"""


def test_the_new_buttons_keep_the_whole_table_on_screen(open_game, page):
    """Share and Show me how join the bar: at a phone's sizes the page still has no scroll and every
    button and pile is inside the window (once the page has laid the table out for the new size)."""
    open_game(WINNABLE, path=EN)
    for width, height in ((360, 640), (390, 844), (844, 390), (1280, 800)):
        resize(page, width, height)
        assert page.evaluate(OFF_SCREEN) == [], (width, height)


def test_a_phone_in_landscape_keeps_one_toolbar_row(open_game, page):
    """tests/browser/test_table.py's landscape rule, with the two new buttons: one row, at most 40 px."""
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(WINNABLE, path=EN)
    assert page.locator("header.bar").bounding_box()["height"] <= 40
    # the tools in one row (the deal's code sits under the scores)
    tops = page.evaluate("() => [...document.querySelectorAll('header.bar .tools button')].map(b => b.getBoundingClientRect().top)")
    assert max(tops) - min(tops) < 8, tops
