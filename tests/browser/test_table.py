"""The table in real windows: a long game (the solver's winning line of CF1-D3-AAAAACL, 170 moves and
more) played by drags and by taps at 1280x800, 1366x768, 390x844 and 844x390, checking at checkpoints
(one page.evaluate each) that the page does not scroll and that every card's corner is visible and
belongs to that card; a drag with a scroll in the middle; a click right after a drop; a restart
undone; screenshots (phone landscape among them) in $CANFIELD_SCREENSHOTS."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from canfield import Game, links
from canfield.solver import solve
from test_game import PILES_JS, view_of

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

CODE = "CF1-D3-AAAAACL"
SHOTS = Path(os.environ.get("CANFIELD_SCREENSHOTS", Path(tempfile.gettempdir()) / "canfield-screenshots"))
MOVES = 175            # the long game: columns reach 22 cards by move 97, 36 by move 170
CHECK_EVERY = 25
TO_UI = {"W": "waste", "R": "reserve", "S": "stock", **{f"T{i}": f"tableau-{i}" for i in range(1, 5)},
         **{f"F{i}": f"foundation-{i}" for i in range(1, 5)}}

# Everything checked in one evaluate: no page scroll; every shown pile's slot on screen; every card's
# corner on screen and its own (the element at the corner is that card); in a pile fanned downwards (a
# column, a face-up reserve) the corner index inside the strip the next card leaves; the top card of
# every pile whole on screen; nothing under the toolbar or the help line; no two slots overlapping.
CHECK_JS = """(minStrip) => {
  const bad = [];
  const se = document.scrollingElement;
  if (scrollX || scrollY) bad.push(`page scrolled ${scrollX},${scrollY}`);
  if (se.scrollHeight > innerHeight + 1 || se.scrollWidth > innerWidth + 1)
    bad.push(`page larger than the window: ${se.scrollWidth}x${se.scrollHeight}`);
  const bar = document.querySelector('header.bar').getBoundingClientRect();
  const help = document.getElementById('keys-help');
  const helpTop = help && getComputedStyle(help).display !== 'none' ? help.getBoundingClientRect().top : innerHeight;
  const shown = [...document.querySelectorAll('[data-pile]')].filter(p => !p.parentElement.hidden);
  for (const pile of shown) {
    const cards = [...pile.querySelectorAll('[data-card]')];
    cards.forEach((c, i) => {
      const r = c.getBoundingClientRect();
      const code = c.dataset.card;
      const x = r.left + 3, y = r.top + 3;
      if (r.left < 0 || r.top < bar.bottom - 0.5 || x > innerWidth || y > helpTop) { bad.push(code + ' corner off screen'); return; }
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit.closest('[data-card]') !== c) bad.push(code + ' corner covered by ' + (hit ? hit.outerHTML.slice(0, 60) : 'nothing'));
      const idx = c.querySelector('.c').getBoundingClientRect();
      if (idx.right > r.right + 0.5) bad.push(code + ' index wider than the card');
      const next = cards[i + 1];
      if (next) {
        const n = next.getBoundingClientRect();
        if (n.top - r.top > 0.5) {     // fanned downwards
          if (n.top - r.top < minStrip - 0.5) bad.push(`${code} strip ${(n.top - r.top).toFixed(1)}px`);
          if (idx.bottom > n.top + 0.5) bad.push(`${code} index cut (${idx.bottom.toFixed(1)} > ${n.top.toFixed(1)})`);
        } else if (idx.right > n.left + 0.5) {
          bad.push(`${code} index cut sideways`);
        }
      } else {
        if (r.bottom > helpTop + 0.5 || r.right > innerWidth + 0.5) bad.push(code + ' top card not whole on screen');
        const hit2 = document.elementFromPoint(r.left + 3, r.bottom - 3);
        if (!hit2 || hit2.closest('[data-card]') !== c) bad.push(code + ' top card covered at its bottom');
      }
    });
  }
  return bad;
}"""


def settle(page):
    page.wait_for_function("() => document.getAnimations().filter(a => a.playState === 'running').length === 0")


def wait_view(page, game):
    want = view_of(game)
    try:
        page.wait_for_function("want => { const got = (" + PILES_JS + ")(); return JSON.stringify(Object.keys(got)"
                               ".sort()) === JSON.stringify(Object.keys(want).sort()) && Object.keys(want).every("
                               "k => JSON.stringify(got[k]) === JSON.stringify(want[k])); }", arg=want, timeout=10_000)
    except Exception:
        assert page.evaluate(PILES_JS) == want
        raise


def check(page, min_strip):
    """Every card readable and reachable, once the table has settled: a relayout the worker answers late
    (a dock that just opened, a resize; the machine loaded) is waited for, up to 10 s, never assumed."""
    settle(page)
    try:
        page.wait_for_function("m => (" + CHECK_JS + ")(m).length === 0", arg=min_strip, timeout=10_000)
    except PlaywrightTimeout:       # the list says what is wrong
        pass
    bad = page.evaluate(CHECK_JS, min_strip)
    assert bad == [], bad[:10]


def min_strip(size):
    return 8 if size[0] > size[1] and size[1] < 500 else 12


def corner(page, code):
    settle(page)
    box = page.locator(f'[data-card="{code}"]').bounding_box()
    return box["x"] + min(8, box["width"] / 3), box["y"] + 4, box


def drag(page, src_code, dest_pile, scroll=False):
    x, y, box = corner(page, src_code)
    target = page.locator(f'[data-pile="{dest_pile}"]')
    last = target.locator("[data-card]").last
    t = (last if last.count() else target).bounding_box()
    tx, ty = t["x"] + box["width"] / 2, t["y"] + min(t["height"], box["height"]) / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y + 12, steps=2)
    if scroll:
        page.mouse.wheel(0, 400)           # a scroll in mid-drag: the drag must keep working
    page.mouse.move(tx, ty, steps=3)
    page.mouse.up()


def tap(page, pile, code=None):
    if code is None:
        page.locator(f'[data-pile="{pile}"]').click()
        return
    x, y, _ = corner(page, code)
    page.mouse.click(x, y)


def play_line(page, game, moves, mode, min_strip, name):
    """Play `moves` (texts) on the page and on `game`; `mode` "drag" or "tap" (taps: the engine's tap
    move when it is the line's move, else tap the card then its destination, else a drag)."""
    for n, text in enumerate(moves, 1):
        move = game.parse_move(text)
        if move.is_stock:
            tap(page, "stock")
        else:
            src = game.pile(move.src)
            code = src[len(src) - move.count].code
            if mode == "tap" and game.tap_move(move.src, move.count, True) == move:
                tap(page, TO_UI[move.src], code)
            elif mode == "tap" and game.tap_move(move.src, move.count, True) is None:
                tap(page, TO_UI[move.src], code)      # picked up: the next tap says where
                expect(page.locator(f'[data-card="{code}"]')).to_have_class(__import__("re").compile(r"\bselected\b"))
                dest = page.locator(f'[data-pile="{TO_UI[move.dst]}"] [data-card]').last
                if dest.count():
                    x, y, _ = corner(page, dest.get_attribute("data-card"))
                    page.mouse.click(x, y)
                else:
                    tap(page, TO_UI[move.dst])
            else:
                drag(page, code, TO_UI[move.dst])
        game.play(move)
        try:
            wait_view(page, game)
        except Exception as exc:
            got = page.evaluate(PILES_JS)
            diff = {k: (got[k], v) for k, v in view_of(game).items() if got[k] != v}
            raise AssertionError(f"move {n} {text} ({mode}): the page shows {diff}") from exc
        if (n % CHECK_EVERY == 0 or n == len(moves)) and not game.won:   # (the win dialog covers the table)
            check(page, min_strip)
        if n == 170:
            settle(page)
            page.screenshot(path=str(SHOTS / f"table-{name}-move170.png"))


@pytest.mark.reduced_motion
@pytest.mark.parametrize("size,mode", [((1280, 800), "drag"), ((1366, 768), "tap"), ((390, 844), "tap"),
                                       ((844, 390), "drag")], ids=["1280x800-drag", "1366x768-tap",
                                                                   "390x844-tap", "844x390-drag"])
def test_long_game_fits_and_every_card_is_readable(open_game, page, size, mode):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(CODE, path="index.html?lang=en")
    name = f"{size[0]}x{size[1]}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    min_strip = 8 if size[0] > size[1] and size[1] < 500 else 12
    check(page, min_strip)
    page.screenshot(path=str(SHOTS / f"table-{name}-start.png"))
    if size == (844, 390):   # one toolbar row on a phone in landscape
        assert page.locator("header.bar").bounding_box()["height"] <= 40
        # the tools in one row (the deal's code sits under the scores)
        tops = page.evaluate("() => [...document.querySelectorAll('header.bar .tools button')].map(b => b.getBoundingClientRect().top)")
        assert max(tops) - min(tops) < 8, tops
    game = Game.from_code(CODE)
    line = solve(game).moves
    assert len(line) >= MOVES
    play_line(page, game, line[:MOVES], mode, min_strip, name)
    assert max(len(t) for t in game.tableau) >= 22
    if size == (844, 390):
        # a resize in the middle of the game (the phone turned): everything fits again
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_function("() => document.getElementById('game').dataset.arrangement !== 'side'")
        check(page, 12)
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_function("() => document.getElementById('game').dataset.arrangement === 'side'")
        check(page, 8)
        page.screenshot(path=str(SHOTS / "table-phone-landscape.png"))


@pytest.mark.reduced_motion   # the slides and the win cascade are test_motion.py's; here the drags, taps and layout
def test_whole_winning_line_by_drags_and_taps_at_phone_portrait(open_game, page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(CODE, path="index.html?lang=en")
    game = Game.from_code(CODE)
    line = solve(game).moves
    half = len(line) // 2
    play_line(page, game, line[:half], "drag", 12, "390x844-first")
    play_line(page, game, line[half:], "tap", 12, "390x844-second")
    assert game.won
    expect(page.locator("#dlg-win")).to_be_visible(timeout=30_000)   # after the win cascade


def test_drag_with_a_scroll_in_the_middle(open_game, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(CODE, path="index.html?lang=en")
    game = Game.from_code(CODE)
    drag(page, "6D", "tableau-2", scroll=True)      # T4-T2, the deal's one column move
    game.play("T4-T2")
    wait_view(page, game)
    check(page, 12)
    # and a resize (a phone turned) in the middle of the next drag: the drop is judged where the
    # piles are after it
    assert str(game.parse_move("R-T4")) == "R-T4"
    x, y, box = corner(page, "9D")       # the reserve's new top onto the ten of spades
    grab = (x - box["x"], y - box["y"])
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 15, y + 15, steps=2)
    page.set_viewport_size({"width": 900, "height": 700})
    page.wait_for_function("() => innerWidth === 900 && getComputedStyle(document.getElementById('game'))"
                           ".getPropertyValue('--cw') !== '112px'")
    t = page.locator('[data-pile="tableau-4"]').bounding_box()
    page.mouse.move(t["x"] + 20, t["y"] + 30, steps=3)
    # drawn under the pointer, at the new size: once the worker's answers to the lift and the resize are
    # drawn (late on a loaded machine: waited for, up to 10 s)
    under = ("([gx, gy, px, py]) => { const r = document.querySelector('[data-card=\"9D\"]').getBoundingClientRect();"
             " return Math.abs(r.x + gx - px) < 2 && Math.abs(r.y + gy - py) < 2; }")
    try:
        page.wait_for_function(under, arg=[grab[0], grab[1], t["x"] + 20, t["y"] + 30], timeout=10_000)
    except PlaywrightTimeout:       # the assertion says where it is
        pass
    dragged = page.locator('[data-card="9D"]').bounding_box()
    assert abs(dragged["x"] + grab[0] - (t["x"] + 20)) < 2 and abs(dragged["y"] + grab[1] - (t["y"] + 30)) < 2
    page.mouse.up()
    game.play("R-T4")
    wait_view(page, game)
    check(page, 12)


def test_a_click_right_after_a_drop_goes_to_the_card_under_the_pointer(open_game, page):
    """The dropped card is still sliding when the next click comes: the click is for the card that
    will be there (the dropped one), never for the one the sliding card is passing over."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(CODE, path="index.html?lang=en")
    game = Game.from_code(CODE)
    page.evaluate("() => { window.__anims = []; window.__shaken = []; const a = Element.prototype.animate;"
                  " Element.prototype.animate = function (k, o) { const an = a.call(this, k, o);"
                  " window.__anims.push(an); if (k && k[1] && 'translate' in k[1])"
                  " window.__shaken.push(this.dataset.card || this.dataset.pile); return an; }; }")
    x, y, box = corner(page, "6D")
    target = page.locator('[data-card="7C"]').bounding_box()
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 15, y + 15, steps=2)
    # the worker lifted it: the page draws it under the pointer (a click before that:
    # test_a_press_before_the_drag_is_lifted_does_not_lose_the_drop)
    page.wait_for_function("() => document.querySelector('[data-card=\"6D\"]').style.transform !== ''")
    # drop far below the 7 of clubs but over column 2: the card slides up to its place
    drop_x, drop_y = target["x"] + target["width"] / 2, target["y"] + target["height"] * 0.9
    page.mouse.move(drop_x, drop_y, steps=2)
    page.mouse.up()
    # at once, a click where the six of diamonds comes to rest (its corner strip is on the 7C's face)
    six_y = target["y"] + target["height"] * 0.26 + 10
    page.mouse.click(target["x"] + 8, six_y)
    game.play("T4-T2")
    # the click is for the 6D in its final place (it has no move: it alone shakes), not for the 7C
    # that the sliding six was passing over (which would shake with the six on it)
    wait_view(page, game)
    expect(page.locator("#announce")).to_have_text("Not a legal move.")
    assert page.evaluate("() => window.__shaken") == ["6D"]
    assert page.evaluate("() => window.__anims.length") >= 2     # the slide, then the shake


def test_a_press_before_the_drag_is_lifted_does_not_lose_the_drop(open_game, page):
    """The worker's answer to a drag is slow: the pointer lets go, and presses again, before the drawing
    that lifts the cards. The drop is played where the card was let go, before the new press."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(CODE, path="index.html?lang=en")
    game = Game.from_code(CODE)
    # the worker answers a drag 400 ms late (the page's layer calls the worker object's `handle`)
    page.evaluate("""async () => {
      const worker = await window.canfieldEngine.ready, handle = worker.handle.bind(worker);
      worker.handle = (text) => String(text).includes('DragAt')
        ? new Promise((done) => setTimeout(() => handle(text).then(done), 400)) : handle(text);
    }""")
    x, y, box = corner(page, "6D")
    target = page.locator('[data-card="7C"]').bounding_box()
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 15, y + 15, steps=2)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] * 0.9, steps=2)
    page.mouse.up()
    board = page.locator("#board").bounding_box()
    page.mouse.click(board["x"] + board["width"] - 5, board["y"] + board["height"] - 5)   # on no pile
    game.play("T4-T2")
    wait_view(page, game)


def test_dragged_and_sliding_cards_are_drawn_above_every_pile(open_game, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(CODE, path="index.html?lang=en")
    x, y, box = corner(page, "TS")   # the reserve's ten, dragged over the columns (no legal drop)
    page.mouse.move(x, y)
    page.mouse.down()
    over = page.locator('[data-card="7C"]').bounding_box()
    page.mouse.move(over["x"] + 10, over["y"] + 10, steps=4)
    # lifted once the worker's answer to the drag is drawn (the view marks it "dragging"): not at once
    expect(page.locator('[data-card="TS"]')).to_have_class(re.compile(r"\bdragging\b"))
    page.wait_for_function("""([x, y]) => { const e = document.elementFromPoint(x, y);
        return e && e.closest('[data-card]') && e.closest('[data-card]').dataset.card === 'TS'; }""",
                           arg=[over["x"] + 12, over["y"] + 12])
    on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-card]').dataset.card",
                           [over["x"] + 12, over["y"] + 12])
    assert on_top == "TS"
    # the reserve shows its next card while its top is away, not an empty slot
    under = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); return e && e.closest('.under') ? "
                          "e.closest('.under').dataset.under : e && e.outerHTML.slice(0, 80); }", [x, y])
    assert under == Game.from_code(CODE).reserve[-2].code
    page.mouse.up()                  # illegal: it slides back, announced with the column that refused it
    expect(page.locator("#announce")).to_have_text(
        "Not a legal move: 10 of spades cannot go there (Column 2). The card goes back.")
    # the drag's layer (100) is left at the renderer's next frame, which may come after the announcement
    z = page.wait_for_function("() => { const z = getComputedStyle(document.querySelector('[data-card=\"TS\"]')).zIndex;"
                               " return z !== '100' && z; }").json_value()
    assert z in ("90", "auto")       # moving while it slides, then back in its pile
    settle(page)
    assert page.evaluate("() => document.querySelector('[data-pile=\"reserve\"] [data-card]').dataset.card") == "TS"


def test_notice_uses_the_phone_width_with_its_close_button_on_its_line(open_game, page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(CODE, path="index.html?lang=en")
    page.locator('[data-pile="stock"]').click()
    page.locator('header [data-action="restart"]').click()
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    box = notice.bounding_box()
    assert box["width"] >= 390 - 20
    close = notice.locator("[data-notice-close]").bounding_box()
    text = notice.locator(".notice-text").bounding_box()
    assert close["y"] < text["y"] + text["height"] and close["x"] > text["x"]
    notice.locator("[data-notice-close]").click()
    expect(notice).to_be_hidden()


# Casino deal 103 after 27 moves: no more moves, so the stuck panel opens above the replay bar.
STUCK_LINK = "G1.CC1-D1-AAAAADM.saSSSWsSSWrSSWqSSSSWdSSWcSSSSSWdSWt"


@pytest.mark.reduced_motion
@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_dock_covers_no_card_and_keeps_every_button_usable(open_game, page, size):
    """The hint panel and the replay bar stack in the dock, and the board ends above it: with both open
    every card's corner is visible and the replay bar's buttons take clicks; in a long game as well."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(STUCK_LINK, path="index.html?lang=en")
    page.locator('#replay [data-replay="end"]').click()
    expect(page.locator('#assist[data-kind="stuck"]')).to_be_visible()
    expect(page.locator("#replay")).to_be_visible()
    check(page, min_strip(size))
    page.locator('#replay [data-replay="take"]').click(timeout=5_000)   # fails when a panel takes the click
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator('#assist[data-kind="stuck"]')).to_be_visible()
    check(page, min_strip(size))
    page.locator('#assist [data-assist="close"]').click(timeout=5_000)
    expect(page.locator("#assist")).to_be_hidden()
    page.wait_for_function("() => document.getElementById('dock').offsetHeight === 0")
    check(page, min_strip(size))


@pytest.mark.reduced_motion
@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_game_runs_down_to_the_replay_bar_never_under_it(open_game, page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game = Game.from_code(CODE)
    for move in solve(game).moves[:MOVES]:
        game.play(move)
    open_game(links.encode(game), path="index.html?lang=en")
    page.locator('#replay [data-replay="end"]').click()
    expect(page.locator("#replay .replay-at")).to_have_text(f"{MOVES} / {MOVES}")
    wait_view(page, game)
    check(page, min_strip(size))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"table-{size[0]}x{size[1]}-dock.png"))
