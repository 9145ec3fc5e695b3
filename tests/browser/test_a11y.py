"""Accessibility of the game page in Chromium: an axe-core audit of every state, the board as an
ARIA grid with one tab stop, the live region's sentences in fr, nl and en, the language switch,
large cards with the four-colour deck, and screenshots of each language on a desktop and a phone.

axe-core comes from its npm package (devDependencies in package.json, installed by `make test`),
injected into the page by Playwright: the page itself never loads it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from canfield import Game
from test_game import SEED_CODE, SHOTS, _foundation_only_deal, card
from worker import i18n

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

REPO = Path(__file__).resolve().parents[2]

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"


def audit(page, what: str) -> None:
    """Run axe-core (every rule it runs by default: WCAG 2.x A/AA and best practices) on the page."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is pinned in package.json devDependencies)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script> tag: the page's policy forbids inline code
    page.wait_for_function("() => document.getAnimations().length === 0")
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
    }""")
    assert result == [], f"axe-core violations ({what}):\n" + "\n".join(
        f"- {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in result)


def open_lang(open_game, lang, code=SEED_CODE):
    return open_game(code, path=f"index.html?lang={lang}")


# --------------------------------------------------------------------------- axe-core audits

@pytest.mark.parametrize("lang", ["fr", "en"])
def test_axe_board_and_dialogs(open_game, lang):
    page = open_lang(open_game, lang)
    audit(page, "board")
    card(page, "QC").click()                                   # a move: labels and live region change
    audit(page, "board after a move")
    page.locator('[data-pile="stock"]').focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")                               # a keyboard selection
    expect(page.locator(".card.selected")).to_have_count(1)
    audit(page, "board with a selection and the keyboard cursor")
    page.keyboard.press("Escape")
    page.locator('header [data-action="new"]').click()
    expect(page.locator("#dlg-new")).to_be_visible()
    audit(page, "new game dialog")
    page.locator('#dlg-new [data-dialog="close"]').click()
    page.locator('header [data-action="settings"]').click()
    expect(page.locator("#dlg-settings")).to_be_visible()
    audit(page, "settings dialog")
    page.locator('#dlg-settings [data-dialog="close"]').click()


def test_axe_large_four_colour_cards(open_game):
    page = open_lang(open_game, "nl")
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="four_color"]').check()
    page.locator('#dlg-settings input[name="large_cards"]').check()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    expect(page.locator("#game")).to_have_class(re.compile(r"\blarge-cards\b"))
    audit(page, "large four-colour cards")


@pytest.mark.reduced_motion   # the dialog's audit; the animated finish is test_motion.py's
def test_axe_win_dialog(open_game):
    page = open_game(_foundation_only_deal(), path="index.html?lang=fr")
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="auto_finish"]').check()
    expect(page.locator("#dlg-win")).to_be_visible(timeout=30_000)   # after the animated finish
    audit(page, "win dialog")


def test_axe_error_message(open_game):
    page = open_game("CF1-D3-NOPE!", path="index.html?lang=nl")
    expect(page.locator("#notice")).to_be_visible()
    audit(page, "invalid deal code notice")


# --------------------------------------------------------------------------- the grid

def test_board_is_one_grid_with_one_tab_stop(open_game):
    page = open_lang(open_game, "fr")
    board = page.locator("#board")
    expect(board).to_have_attribute("role", "grid")
    expect(board).to_have_attribute("aria-label", "Table de jeu")
    assert page.locator('#board > [role="row"]').count() == 2
    cells = page.locator('#board [role="gridcell"]:visible')   # the slots of larger games are hidden
    assert cells.count() == 11
    assert page.locator('#board [tabindex="0"]').count() == 1
    expect(page.locator('[data-pile="reserve"]')).to_have_attribute("aria-label", "Dame de trèfle, réserve, 13 cartes")
    expect(page.locator('[data-pile="stock"]')).to_have_attribute("aria-label", "Pioche, 34 cartes")
    expect(page.locator('[data-pile="tableau-2"]')).to_have_attribute("aria-label", "Roi de cœur, colonne 2, 1 carte")
    # Tab from the last header button enters the board once, and the next Tab leaves it
    page.locator("header button:not([disabled])").last.focus()
    page.keyboard.press("Tab")
    expect(page.locator('[data-pile="stock"]')).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator('[data-pile="waste"]')).to_be_focused()
    expect(page.locator('[data-pile="waste"]')).to_have_attribute("tabindex", "0")   # the roving tab stop moved
    expect(page.locator('#board [tabindex="0"]')).to_have_count(1)
    page.keyboard.press("Tab")
    assert page.evaluate("() => !document.activeElement.closest('#board')")
    page.keyboard.press("Shift+Tab")
    expect(page.locator('[data-pile="waste"]')).to_be_focused()  # back to where it was


def test_focus_is_visible_on_piles_and_buttons(open_game):
    page = open_lang(open_game, "en")
    page.locator("header button:not([disabled])").last.focus()
    page.keyboard.press("Tab")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle + ' ' + "
                            "getComputedStyle(document.activeElement).outlineWidth")
    assert outline.startswith("solid") and not outline.endswith(" 0px"), outline
    page.keyboard.press("Shift+Tab")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"


# --------------------------------------------------------------------------- the live region

@pytest.mark.parametrize("lang", ["fr", "nl", "en"])
def test_live_region_says_each_move_in_the_engines_words(open_game, lang):
    page = open_lang(open_game, lang)
    game = Game.from_code(SEED_CODE)
    announce = page.locator("#announce")
    expect(announce).to_have_attribute("aria-live", "polite")
    expect(page.locator("#description")).to_have_attribute("aria-live", "off")  # not read at every move
    card(page, "QC").click()
    move = game.play("R-T2")
    expect(announce).to_have_text(game.describe_move(move, lang))
    expect(page.locator("#description")).to_have_text(game.describe(lang))
    card(page, "8H").click()
    move = game.play("R-F1")
    expect(announce).to_have_text(game.describe_move(move, lang))
    # by keyboard: the king of hearts with the queen of clubs onto the ace of spades
    page.locator('[data-pile="stock"]').focus()
    kb = page.keyboard
    for key in ("ArrowDown", "ArrowRight", "ArrowRight", "ArrowUp"):
        kb.press(key)
    expect(announce).to_have_text({"fr": "roi de cœur, 2 cartes", "nl": "hartenheer, 2 kaarten",
                                   "en": "king of hearts, 2 cards"}[lang])
    kb.press("Enter")
    expect(announce).to_have_text({"fr": "Sélection : roi de cœur, 2 cartes.",
                                   "nl": "Geselecteerd: hartenheer, 2 kaarten.",
                                   "en": "Selected: king of hearts, 2 cards."}[lang])
    kb.press("ArrowRight")
    kb.press("ArrowRight")
    kb.press("Enter")
    move = game.play("T2:2-T4")
    expect(announce).to_have_text(game.describe_move(move, lang))
    kb.press("u")
    game.undo()
    expect(announce).to_have_text(i18n.MESSAGES[lang]["a11y.undo"])
    kb.press("r")
    game.redo()
    expect(announce).to_have_text(game.describe_move(game.history[-1], lang))
    kb.press("b")
    expect(announce).to_have_text(game.describe(lang))
    kb.press("d")
    move = game.play("S")
    expect(announce).to_have_text(game.describe_move(move, lang))


def test_the_seed_deal_moves_are_read_in_the_engine_words_in_french(open_game):
    """Issue 6's example: the queen of clubs onto the king of hearts, and the refill from the reserve."""
    # column 2 empties when its king goes on the ace of spades; the reserve's queen of spades fills it
    page = open_lang(open_game, "fr")
    game = Game.from_code(SEED_CODE)
    for code, text in (("QC", "R-T2"), ("8H", "R-F1")):
        card(page, code).click()
        game.play(text)
    card(page, "KH").click(position={"x": 20, "y": 8})
    move = game.play("T2:2-T4")
    said = game.describe_move(move, "fr")
    assert said == "Le roi de cœur et la carte posée dessus vont sur l’as de pique. Colonne 2 : la dame de pique sort de la réserve."
    expect(page.locator("#announce")).to_have_text(said)


def test_escape_and_illegal_moves_are_announced(open_game):
    page = open_lang(open_game, "en")
    page.locator('[data-pile="stock"]').focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_have_text("Selected: queen of clubs.")
    expect(page.locator('[data-pile="reserve"]')).to_have_attribute("aria-label", re.compile(r", selected$"))
    page.keyboard.press("Escape")
    expect(page.locator("#announce")).to_have_text("Selection cancelled.")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")                          # column 1: the 6 of clubs takes no queen
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_have_text("Not a legal move.")
    expect(page.locator(".card.selected")).to_have_count(0)


# --------------------------------------------------------------------------- single pointer

def test_every_move_has_a_single_pointer_alternative(open_game):
    """WCAG 2.5.7: with the double click off, a tap picks a card up and a tap on a pile puts it down."""
    page = open_lang(open_game, "en")
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="double_click"]').uncheck()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    game = Game.from_code(SEED_CODE)
    card(page, "QC").click()
    expect(card(page, "QC")).to_have_class(re.compile(r"\bselected\b"))
    expect(page.locator("#announce")).to_have_text("Selected: queen of clubs.")
    page.locator('[data-pile="tableau-2"]').click(position={"x": 10, "y": 100})   # below the king: the pile
    game.play("R-T2")
    expect(page.locator("#announce")).to_have_text(game.describe_move(game.history[-1], "en"))
    card(page, "KH").click(position={"x": 20, "y": 8})         # the king and the queen on it
    card(page, "AS").click()                                    # onto the ace's column
    game.play("T2:2-T4")
    expect(page.locator("#description")).to_have_text(game.describe("en"))


# --------------------------------------------------------------------------- languages

TEXTS_JS = """() => {
    const out = {};
    const path = el => { const p = []; for (; el && el !== document.body; el = el.parentElement)
        p.unshift(el.tagName + ':' + [...el.parentElement.children].indexOf(el)); return p.join('/'); };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || el.closest('script, style, [hidden], #boot') || !n.textContent.trim()) continue;
        out[path(el) + '#' + [...el.childNodes].indexOf(n)] = n.textContent.trim();
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title]'))
        for (const a of ['aria-label', 'title']) if (el.getAttribute(a)) out[path(el) + '@' + a] = el.getAttribute(a);
    out['title'] = document.title;
    return out;
}"""


# it reads every text of the page: a page booted for it, with no dialog filled by a test before
@pytest.mark.own_page
def test_switching_language_changes_every_visible_text(open_game):
    page = open_lang(open_game, "en")
    game = Game.from_code(SEED_CODE)
    card(page, "QC").click()
    game.play("R-T2")
    expect(page.locator("#announce")).not_to_be_empty()
    before = page.evaluate(TEXTS_JS)
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings select[name="lang"]').select_option("fr")
    page.locator('#dlg-settings [data-dialog="close"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#description")).to_have_text(game.describe("fr"))
    after = page.evaluate(TEXTS_JS)
    # Texts the same in both languages by nature: figures, card faces, the deal code, proper names.
    same_ok = {v for k, v in i18n.EN.items() if i18n.FR.get(k) == v} | set(i18n.LANGUAGE_NAMES.values()) | {game.code}
    neutral = re.compile(r"^[\d\s♠♥♦♣↻↶↷⟲⚙∑?ℹ+A.,:…▶⇪⏮⏭⏸‹›-]*$")  # figures, suits, icons
    unchanged = {k: v for k, v in before.items() if after.get(k) == v and v not in same_ok and not neutral.match(v)}
    assert unchanged == {}, f"texts still in English after switching to French: {unchanged}"
    # no English message text anywhere on the French page
    english_only = {v for k, v in i18n.EN.items() if v not in same_ok and len(v) > 3 and "{" not in v}
    left = sorted({v for v in after.values() for e in english_only if v == e})
    assert left == [], left
    # the announcement of the move also speaks French after the switch
    card(page, "8H").click()
    move = game.play("R-F1")
    expect(page.locator("#announce")).to_have_text(game.describe_move(move, "fr"))


@pytest.mark.own_page
def test_language_is_remembered_and_comes_from_the_browser_first(open_game, new_context, record_page):
    ctx = new_context(locale="nl-BE")
    other = ctx.new_page()
    record_page(other)
    open_game(SEED_CODE, page=other)
    expect(other.locator("html")).to_have_attribute("lang", "nl")
    expect(other.locator('[data-pile="reserve"]')).to_have_attribute("aria-label", "Klaverenvrouw, reserve, 13 kaarten")
    other.locator('header [data-action="settings"]').click()
    other.locator('#dlg-settings select[name="lang"]').select_option("en")
    other.locator('#dlg-settings [data-dialog="close"]').click()
    other.reload()
    other.wait_for_selector('#game[data-ready="true"]', timeout=60000)
    expect(other.locator("html")).to_have_attribute("lang", "en")
    expect(other.locator('header [data-action="new"]')).to_have_attribute("aria-label", "New game")


# --------------------------------------------------------------------------- readability, screenshots

def _corner_font_px(page):
    return page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('[data-card=\"QC\"] .c')).fontSize)")


@pytest.mark.own_page
def test_large_cards_and_four_colours_are_bigger_and_remembered(open_game):
    page = open_lang(open_game, "en")
    small_w = card(page, "QC").bounding_box()["width"]
    small_font = _corner_font_px(page)
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="large_cards"]').check()
    page.locator('#dlg-settings input[name="four_color"]').check()
    page.locator('#dlg-settings [data-dialog="close"]').click()
    # the renderer places cards from the new layout at its next frame: waited for, not assumed drawn
    page.wait_for_function("w => document.querySelector('[data-card=\"QC\"]').getBoundingClientRect().width > w",
                           arg=small_w * 1.2)
    assert _corner_font_px(page) > small_font * 1.4
    # clubs are green and diamonds blue, and each card still carries its suit symbol
    assert page.evaluate("() => getComputedStyle(document.querySelector('[data-card=\"QC\"]')).color") == "rgb(19, 101, 58)"
    expect(card(page, "QC").locator(".c")).to_have_attribute("data-face", "Q♣")
    assert page.evaluate("() => getComputedStyle(document.querySelector('[data-card=\"QC\"] .c i'), '::before').content") == '"♣"'
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    page.reload()
    page.wait_for_selector('#game[data-ready="true"]', timeout=60000)
    expect(page.locator("#game")).to_have_class(re.compile(r"\blarge-cards\b.*\bfour-color\b|\bfour-color\b.*\blarge-cards\b"))


def _shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function("() => document.getAnimations().length === 0")
    page.screenshot(path=str(SHOTS / name))


@pytest.mark.own_page
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_screenshots_in_each_language_and_large_four_colour(open_game, new_context, record_page, size):
    ctx = new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size[0] < 500,
                      is_mobile=size[0] < 500)
    pg = ctx.new_page()
    record_page(pg)
    tag = f"{size[0]}x{size[1]}"
    for lang in ("fr", "nl", "en"):
        open_game(SEED_CODE, page=pg, path=f"index.html?lang={lang}")
        pg.locator('[data-card="QC"]').click()
        pg.locator('[data-pile="stock"]').click()
        expect(pg.locator("#score")).to_have_text("0")
        _shoot(pg, f"a11y-{lang}-{tag}.png")
    pg.locator('header [data-action="settings"]').click()
    _shoot(pg, f"a11y-settings-en-{tag}.png")
    pg.locator('#dlg-settings input[name="large_cards"]').check()
    pg.locator('#dlg-settings input[name="four_color"]').check()
    pg.locator('#dlg-settings [data-dialog="close"]').click()
    expect(pg.locator("#game")).to_have_class(re.compile(r"\blarge-cards\b"))
    _shoot(pg, f"a11y-large-four-colour-{tag}.png")
    assert pg.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_cursor_and_selection_differ_by_shape_not_only_colour(open_game):
    page = open_lang(open_game, "fr")
    page.locator("header button:not([disabled])").last.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")                           # reserve: the cursor on the queen of clubs
    page.keyboard.press("Enter")                               # picked up
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")                          # column 2: the cursor on the king of hearts
    expect(card(page, "KH")).to_have_class(re.compile(r"\bcursor\b"))
    def style(code, prop):
        return page.evaluate(f"() => getComputedStyle(document.querySelector('[data-card=\"{code}\"]')).{prop}")

    assert style("KH", "outlineStyle") == "dashed"             # the cursor: a dashed outline
    assert style("QC", "outlineStyle") == "none"               # the selection: a ring and a lift
    assert style("QC", "translate") not in ("none", "0px", "")
    _shoot(page, "a11y-keyboard-cursor-and-selection-1280x800.png")
