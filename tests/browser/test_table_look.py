"""Issue 11's visual parts in Chromium: card faces (indices readable in a column's strip and in
the waste fan), themes, card backs and tables (each audited by axe-core), the theme following
prefers-color-scheme, the rules and help dialog (button, ? and F1, each language, axe-core), the
sound setting, and screenshots of each theme on a phone and a desktop."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from canfield import Game
from test_a11y import audit
from test_game import LONG_CODE, SEED_CODE, SHOTS, card, drag, expect_game, expect_view, view_of

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

THEMES = ("light", "dark", "contrast", "auto")
RULES_NAME = {"fr": "Règles et aide", "nl": "Spelregels en hulp", "en": "Rules and help"}


def open_lang(open_game, lang, code=SEED_CODE):
    return open_game(code, path=f"index.html?lang={lang}")


def settle(page):
    page.wait_for_function("() => document.getAnimations().length === 0")


def choose(page, **values):
    """Set settings through the settings dialog (selects and checkboxes), then close it."""
    page.locator('header [data-action="settings"]').click()
    dlg = page.locator("#dlg-settings")
    expect(dlg).to_be_visible()
    for name, value in values.items():
        if isinstance(value, bool):
            dlg.locator(f'input[name="{name}"]').set_checked(value)
        else:
            dlg.locator(f'select[name="{name}"]').select_option(value)
    dlg.locator('[data-dialog="close"]').click()
    expect(dlg).to_be_hidden()


def long_game(page, open_game, lang="en"):
    """A 14-card column (the reserve played out onto it): the longer game of the screenshots."""
    open_game(LONG_CODE, path=f"index.html?lang={lang}")
    game = Game.from_code(LONG_CODE)
    for _ in range(12):
        settle(page)
        card(page, game.reserve[-1].code).click()
        game.play(game.tap_move("R"))
        expect_view(page, view_of(game))
    settle(page)
    drag(page, "KH", "tableau-1")
    game.play("T2-T1")
    expect_game(page, game, lang=lang)
    page.locator('[data-pile="stock"]').click()   # three cards on the waste: a fan
    game.play("S")
    expect_view(page, view_of(game))
    settle(page)
    return game


# --------------------------------------------------------------------------- the faces

FACE_BOXES = """() => [...document.querySelectorAll('[data-card]')].map(c => {
    const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const art = c.querySelector('.art');
    return {code: c.dataset.card, pile: c.closest('[data-pile]').dataset.pile, card: box(c),
            c1: box(c.querySelector('.c')), c2: box(c.querySelector('.c2')), art: box(art),
            text: c.querySelector('.c').dataset.face,
            uses: [...art.querySelectorAll('use')].map(u => [u.getAttribute('href'),
                   !!document.getElementById(u.getAttribute('href').slice(1)), getComputedStyle(u).fill])};
})"""


@pytest.mark.own_page
@pytest.mark.parametrize("size,strip,large", [((390, 844), 12, False), ((1280, 800), 12, False),
                                              ((844, 390), 8, False), ((1280, 800), 12, True)])
def test_faces_indices_stay_readable_in_column_strips_and_the_waste_fan(open_game, page, size, strip, large):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    if large:
        page.add_init_script("try { localStorage.setItem('canfield.settings', '{\"large_cards\": true}') } catch (e) {}")
    game = long_game(page, open_game, lang="fr")
    expect(page.locator("#game")).to_have_class(re.compile(r"\blarge-cards\b" if large else r"^(?!.*\blarge-cards\b)"))
    faces = {f["code"]: f for f in page.evaluate(FACE_BOXES)}
    assert len(faces) >= 20
    for f in faces.values():
        # the art names its card's symbols (index.html's), which are there
        figure = f["code"][0] in "JQK"
        assert [u[0] for u in f["uses"]] == [f"#f-{f['code'][:2]}"] + ([f"#f-{f['code'][:2]}g"] if figure else []), f
        assert all(u[1] for u in f["uses"]), f
        left, t, r, b = f["card"]
        assert f["c1"][0] >= left and f["c1"][1] >= t and f["c2"][2] <= r + 0.5 and f["c2"][3] <= b + 0.5
        assert f["art"][1] >= f["c1"][3] - 0.5 and f["art"][3] <= f["c2"][1] + 0.5, f  # art between the indices
        if figure:      # the gold part in gold, the rest in the card's colour
            assert f["uses"][1][2] != f["uses"][0][2], f
    assert faces["QH"]["text"] == "D♥" and faces["JC"]["text"] == "V♣"
    column = [c.code for c in game.tableau[0]]
    assert len(column) == 14
    for below, above in zip(column, column[1:]):
        shown = faces[above]["card"][1] - faces[below]["card"][1]    # the strip the covered card keeps
        assert shown >= strip, (below, shown)
        assert faces[below]["c1"][3] <= faces[above]["card"][1] + 0.5, f"{below}: index cut by {above}"
    waste = [c.code for c in game.waste[-3:]]
    # the widest index is a 10's ("10♥"): written into the covered waste cards, it must still show whole
    widest = page.evaluate("""codes => codes.map(code => {
        const i = document.querySelector(`[data-card="${code}"] .c`);
        i.querySelector('b').dataset.f = '10';
        return i.getBoundingClientRect().right; })""", waste[:-1])
    for (under, over), right in zip(zip(waste, waste[1:]), widest):
        assert faces[under]["c1"][2] <= faces[over]["card"][0] + 0.5, f"{under}: index covered in the waste fan"
        assert right <= faces[over]["card"][0] + 0.5, f"a 10 in place of {under}: index covered in the waste fan"


def test_four_colour_and_large_cards_recolour_the_art(open_game, page):
    open_lang(open_game, "en")
    colour = "code => getComputedStyle(document.querySelector(`[data-card='${code}'] .art svg`)).fill"
    before = page.evaluate(colour, "QC")
    choose(page, four_color=True, large_cards=True)
    expect(page.locator("#game")).to_have_class(re.compile(r"\bfour-color\b.*\blarge-cards\b|\blarge-cards\b.*\bfour-color\b"))
    after = page.evaluate(colour, "QC")
    assert before != after and after == page.evaluate(
        "() => getComputedStyle(document.querySelector('[data-card=QC]')).color")
    audit(page, "four colours, large cards")


# --------------------------------------------------------------------------- themes, backs, tables

@pytest.mark.own_page
def test_every_theme_back_and_table_passes_axe_and_is_kept(open_game, page):
    open_lang(open_game, "fr")
    card(page, "QC").click()
    game_el = page.locator("#game")
    looks = []
    for theme in THEMES:
        choose(page, theme=theme)
        expect(game_el).to_have_class(re.compile(rf"\btheme-{theme}\b"))
        audit(page, f"theme {theme}")
        looks.append(page.evaluate("() => getComputedStyle(document.getElementById('game')).backgroundColor"))
    assert len(set(looks[:3])) == 3, looks          # light, dark and high contrast differ
    for back in ("blue", "red", "green"):
        choose(page, back=back)
        expect(game_el).to_have_class(re.compile(rf"\bback-{back}\b"))
        audit(page, f"back {back}")
    backs = set()
    for table in ("green", "blue", "red"):
        choose(page, table=table, theme="light")
        audit(page, f"table {table}")
        backs.add(page.evaluate("() => getComputedStyle(document.getElementById('game')).backgroundColor"))
    assert len(backs) == 3
    choose(page, theme="contrast", back="red", table="blue")
    page.locator('header [data-action="settings"]').click()
    audit(page, "settings dialog, high contrast")
    page.locator('#dlg-settings [data-dialog="close"]').click()
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('canfield.settings'))")
    assert (saved["theme"], saved["back"], saved["table"]) == ("contrast", "red", "blue")
    page.reload()
    page.wait_for_selector('#game[data-ready="true"]')
    expect(game_el).to_have_class(re.compile(r"(?=.*\btheme-contrast\b)(?=.*\bback-red\b)(?=.*\btable-blue\b)"))


def test_automatic_theme_follows_the_system(open_game, page):
    page.emulate_media(color_scheme="light")
    open_lang(open_game, "en")
    expect(page.locator("#game")).to_have_class(re.compile(r"\btheme-auto\b"))
    felt = "() => getComputedStyle(document.getElementById('game')).backgroundColor"
    light = page.evaluate(felt)
    page.emulate_media(color_scheme="dark")
    page.wait_for_function(f"light => ({felt})() !== light", arg=light)
    dark = page.evaluate(felt)
    page.locator('header [data-action="rules"]').click()
    audit(page, "system dark theme, rules dialog")
    page.keyboard.press("Escape")
    choose(page, theme="dark")
    assert page.evaluate(felt) == dark                # the dark theme is the system's dark look
    choose(page, theme="light")
    assert page.evaluate(felt) == light               # a chosen light theme ignores the system


@pytest.mark.own_page
def test_bad_stored_look_settings_fall_back_to_defaults(open_game, page):
    page.add_init_script("""try { localStorage.setItem('canfield.settings',
        JSON.stringify({theme: 'neon', back: 7, table: 'blue', sound: 'loud', four_color: true})) } catch (e) {}""")
    open_lang(open_game, "en")
    cls = page.locator("#game")
    expect(cls).to_have_class(re.compile(r"(?=.*\btheme-auto\b)(?=.*\bback-blue\b)(?=.*\btable-blue\b)(?=.*\bfour-color\b)"))


# --------------------------------------------------------------------------- the rules dialog

@pytest.mark.parametrize("lang", ["fr", "nl", "en"])
def test_rules_dialog_by_button_and_keys_in_each_language(open_game, page, lang):
    open_lang(open_game, lang)
    dlg = page.locator("#dlg-rules")
    button = page.locator('header [data-action="rules"]')
    expect(button).to_have_attribute("aria-label", RULES_NAME[lang])
    button.click()
    expect(dlg).to_be_visible()
    expect(dlg.locator("h2")).to_have_text(RULES_NAME[lang])
    expect(dlg.locator(".rules-body .mini").first).to_be_visible()
    audit(page, f"rules dialog ({lang})")
    page.keyboard.press("Escape")
    expect(dlg).to_be_hidden()
    for key in ("F1", "?"):
        page.locator('[data-pile="stock"]').focus()
        page.keyboard.press(key)
        expect(dlg).to_be_visible()
        dlg.locator('[data-dialog="close"]').click()
        expect(dlg).to_be_hidden()
    expect(page.locator("#score")).to_have_text("0")   # the keys did nothing else


def test_rules_dialog_says_the_rules_being_played(open_game, page):
    code = Game.new(draw=1, rules="classic").code
    open_game(code, path="index.html?lang=en")
    page.keyboard.press("F1")
    body = page.locator("#rules-body")
    expect(body).to_contain_text("Rules: Classic Canfield")
    expect(body).to_contain_text("Only a column's bottom card moves, or the whole column at once.")
    expect(body).to_contain_text("turn 1 card onto the waste")
    expect(body.locator('[role="img"]').first).to_have_attribute("aria-label", re.compile(r"of hearts"))
    expect(page.locator("#dlg-rules [data-card]")).to_have_count(0)   # only the board's cards carry data-card


# --------------------------------------------------------------------------- sound

COUNT_SOUNDS = """(() => {
    window.__sounds = {contexts: 0, started: 0};
    const Real = window.AudioContext;
    window.AudioContext = function (...a) { window.__sounds.contexts++; const c = new Real(...a);
        for (const make of ['createOscillator', 'createBufferSource']) {
            const orig = c[make].bind(c);
            c[make] = () => { const n = orig(); const s = n.start.bind(n);
                n.start = (...b) => { window.__sounds.started++; return s(...b); }; return n; };
        }
        return c; };
})()"""


@pytest.mark.own_page
def test_sound_is_off_by_default_and_plays_on_moves_when_on(open_game, page):
    page.add_init_script(COUNT_SOUNDS)
    open_lang(open_game, "en")
    card(page, "QC").click()
    expect(page.locator("#score")).to_have_text("0")
    settle(page)
    assert page.evaluate("() => window.__sounds") == {"contexts": 0, "started": 0}
    choose(page, sound=True)
    card(page, "8H").click()
    page.wait_for_function("() => window.__sounds.started >= 2")
    assert page.evaluate("() => window.__sounds.contexts") == 1
    choose(page, sound=False)
    before = page.evaluate("() => window.__sounds.started")
    page.locator('[data-pile="stock"]').click()
    settle(page)
    assert page.evaluate("() => window.__sounds.started") == before


# --------------------------------------------------------------------------- screenshots, looked at

@pytest.mark.own_page
@pytest.mark.reduced_motion   # the still pictures only: the deal and the slides would be waited out
@pytest.mark.parametrize("theme", ["light", "dark", "contrast"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_screenshots_of_each_theme(open_game, page, theme, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script("try { localStorage.setItem('canfield.settings', JSON.stringify({theme: '%s'})) } catch (e) {}" % theme)
    open_lang(open_game, "en")
    SHOTS.mkdir(parents=True, exist_ok=True)
    settle(page)
    page.screenshot(path=str(SHOTS / f"theme-{theme}-fresh-{size[0]}x{size[1]}.png"))
    long_game(page, open_game)
    expect(page.locator("#game")).to_have_class(re.compile(rf"\btheme-{theme}\b"))
    page.screenshot(path=str(SHOTS / f"theme-{theme}-long-{size[0]}x{size[1]}.png"))
