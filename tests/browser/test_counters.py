"""The move counter #moves and the game clock #clock in the page: they count, survive a reload, the clock
pauses while the page is hidden, the settings hide them; the win dialog's moves, time and personal best;
the toolbar's labels at a desktop's and a phone's sizes (static/shared/counters.py, static/game.css)."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from playwright.sync_api import expect

from canfield import Game
from canfield.save import to_save
from canfield.stats import Stats
from conftest import resize
from test_a11y import audit
from test_game import card
from test_persist import put_storage, saved
from engine_helpers import foundation_only_deal

# the boot-once tab: each test's game started over through the page (tests/browser/conftest.py)
pytestmark = pytest.mark.shared_page

EN = "index.html?lang=en"
CODE = "CF1-D3-AAAAACL"


def clock_seconds(page) -> int:
    text = page.locator("#clock").text_content()
    parts = [int(p) for p in text.split(":")]
    return parts[0] * 60 + parts[1] if len(parts) == 2 else parts[0] * 3600 + parts[1] * 60 + parts[2]


def wait_clock_at_least(page, seconds: int, timeout=10_000) -> None:
    page.wait_for_function("""n => { const p = document.getElementById('clock').textContent.split(':').map(Number);
        return (p.length === 2 ? p[0] * 60 + p[1] : p[0] * 3600 + p[1] * 60 + p[2]) >= n; }""",
                           arg=seconds, timeout=timeout)


def let_time_pass(page, ms: int) -> None:
    """Wait until the page's own clock says `ms` have passed (what a pause must not count)."""
    start = page.evaluate("() => performance.now()")
    page.wait_for_function("t => performance.now() >= t", arg=start + ms, timeout=ms + 10_000)


def set_visibility(page, state: str) -> None:
    page.evaluate("""s => { Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => s});
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => s === 'hidden'});
        document.dispatchEvent(new Event('visibilitychange')); }""", state)


def save_record(game: Game, seconds: float, gid="g1", **extra) -> str:
    rec = to_save(game)
    rec.update(id=gid, started=bool(game.history), seconds=seconds, **extra)
    return json.dumps(rec)


# --------------------------------------------------------------------------- counting

def test_moves_and_clock_count_undo_takes_a_move_back(open_game):
    page = open_game(CODE, path=EN)
    expect(page.locator("#moves")).to_have_text("0")
    expect(page.locator("#clock")).to_have_text("0:00")
    let_time_pass(page, 1200)
    expect(page.locator("#clock")).to_have_text("0:00")        # the clock starts at the first move
    page.locator('[data-pile="stock"]').click()                 # a draw counts
    expect(page.locator("#moves")).to_have_text("1")
    wait_clock_at_least(page, 2)                                # and the clock ticks by itself
    page.keyboard.press("d")
    expect(page.locator("#moves")).to_have_text("2")
    page.locator('header [data-action="undo"]').click()
    expect(page.locator("#moves")).to_have_text("1")
    page.locator('header [data-action="redo"]').click()
    expect(page.locator("#moves")).to_have_text("2")
    page.locator('header [data-action="restart"]').click()
    expect(page.locator("#moves")).to_have_text("0")
    # named for assistive technology, and not a live region (the announcer says each move)
    expect(page.locator("#moves")).to_have_attribute("aria-label", "Moves")
    expect(page.locator("#moves")).to_have_attribute("aria-live", "off")
    expect(page.locator("#clock")).to_have_attribute("role", "timer")


@pytest.mark.own_page
def test_moves_and_clock_survive_a_reload_and_the_clock_goes_on(open_game, page, server):
    game = Game.from_code(CODE)
    for _ in range(5):
        game.play("S")
    put_storage(page, server, {"canfield.save": save_record(game, 125.0)})
    open_game(CODE, path=EN)
    expect(page.locator("#moves")).to_have_text("5")
    assert clock_seconds(page) >= 125                           # at least the saved time
    wait_clock_at_least(page, 127)                              # and it keeps going
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#moves")).to_have_text("6")
    assert saved(page)["seconds"] >= 127


def test_the_clock_pauses_while_the_page_is_hidden(open_game):
    page = open_game(CODE, path=EN)
    page.locator('[data-pile="stock"]').click()
    wait_clock_at_least(page, 1)
    set_visibility(page, "hidden")
    kept = saved(page)["seconds"]                               # saved when the page was hidden
    shown = clock_seconds(page)
    assert abs(kept - shown) < 1.2
    let_time_pass(page, 2500)
    assert clock_seconds(page) == shown                         # no tick while hidden
    set_visibility(page, "visible")
    wait_clock_at_least(page, shown + 1)
    # the hidden seconds did not count: the clock went on from where it stopped
    assert clock_seconds(page) <= shown + 1
    page.keyboard.press("d")
    expect(page.locator("#moves")).to_have_text("2")
    assert saved(page)["seconds"] < kept + 2.2


# --------------------------------------------------------------------------- the settings

def test_the_settings_hide_the_counters_and_keep_that_across_a_reload(open_game):
    page = open_game(CODE, path="index.html?lang=fr")
    expect(page.locator("#moves-box")).to_be_visible()
    expect(page.locator("#clock-box")).to_be_visible()
    page.locator('header [data-action="settings"]').click()
    dlg = page.locator("#dlg-settings")
    expect(dlg.locator('input[name="show_moves"]')).to_be_checked()
    expect(dlg).to_contain_text("Afficher le nombre de coups")
    dlg.locator('input[name="show_moves"]').uncheck()
    expect(page.locator("#moves-box")).to_be_hidden()
    dlg.locator('input[name="show_clock"]').uncheck()
    expect(page.locator("#clock-box")).to_be_hidden()
    dlg.locator('[data-dialog="close"]').click()
    # hidden is not announced either: out of the accessibility tree
    assert page.locator("#moves").evaluate("el => el.closest('[hidden]') !== null")
    open_game(CODE, path="index.html?lang=fr")
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")
    expect(page.locator("#moves-box")).to_be_hidden()
    expect(page.locator("#clock-box")).to_be_hidden()
    page.locator('header [data-action="settings"]').click()
    page.locator('#dlg-settings input[name="show_clock"]').check()
    expect(page.locator("#clock-box")).to_be_visible()
    expect(page.locator("#moves-box")).to_be_hidden()


# --------------------------------------------------------------------------- the win dialog

def one_move_from_winning():
    code = foundation_only_deal()
    game = Game.from_code(code)
    moves = game.finish_moves()
    for m in moves[:-1]:
        game.play(m)
    assert str(moves[-1]) == "W-F2" and game.waste[-1].code == "6S"
    return game, len(moves)


def end_the_celebration(page):
    """The win's cascade comes first (motion is on): a tap ends it, then the win dialog opens."""
    expect(page.locator("#celebration")).to_have_count(1, timeout=30_000)
    page.locator("#celebration").click()
    win = page.locator("#dlg-win")
    expect(win).to_be_visible()
    return win


def local_day(page, offset=0) -> str:
    y, m, d = page.evaluate("() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; }")
    return (datetime.date(y, m, d) + datetime.timedelta(days=offset)).isoformat()


@pytest.mark.own_page
def test_the_win_dialog_shows_moves_time_and_the_records_beaten(open_game, page, server):
    game, total = one_move_from_winning()
    stats = Stats()
    stats.start("canfield-D1", "old", at=1.0)
    stats.win("old", 100, 500.0)              # the record so far: 100 points, 8:20
    stats.start("canfield-D1", "g1", at=2.0)  # the game in the save, started
    put_storage(page, server, {"canfield.save": save_record(game, 200.0), "canfield.stats": stats.to_json()})
    open_game("", path=EN)
    expect(page.locator("#moves")).to_have_text(str(total - 1))
    card(page, "6S").click()                  # the last card to its foundation
    win = end_the_celebration(page)
    expect(win.locator("#win-score")).to_have_text("Score: 255 points")
    expect(win.locator("#win-moves")).to_have_text(f"Moves: {total}")
    expect(win.locator("#win-time")).to_have_text(re.compile(r"^Time: 3:[2-5]\d$"))
    expect(win.locator("#win-best")).to_have_text("Personal best: best score, fastest win.")
    expect(win.locator('[data-dialog="next-daily"]')).to_be_hidden()     # not a daily deal
    expect(page.locator("#moves")).to_have_text(str(total))
    stopped = clock_seconds(page)
    let_time_pass(page, 1500)
    assert clock_seconds(page) == stopped     # the clock stopped on the win
    audit(page, "win dialog with moves, time and a personal best")


@pytest.mark.own_page
def test_after_todays_daily_deal_the_next_one_comes_tomorrow(open_game, page, server):
    game, _ = one_move_from_winning()
    put_storage(page, server, {})             # a plain page of the origin (no game) to read the player's date
    today, tomorrow = local_day(page), local_day(page, 1)
    stats = Stats()
    stats.start("canfield-D1", "g1", at=2.0)  # the first game of these rules, started
    put_storage(page, server, {"canfield.save": save_record(game, 60.0, daily=today, dailies=[today]),
                               "canfield.stats": stats.to_json()})
    open_game("", path="index.html?lang=fr")
    card(page, "6S").click()
    win = end_the_celebration(page)
    expect(win.locator("#win-best")).to_have_text("Première victoire avec ces règles et cette pioche !")
    line = win.locator("#win-daily")
    expect(line).to_contain_text("La prochaine donne du jour sera là demain")
    expect(line).to_contain_text(str(int(tomorrow[8:])))       # tomorrow's day of the month, in words
    nxt = win.locator('[data-dialog="next-daily"]')
    expect(nxt).to_be_visible()
    nxt.click()                                                  # tomorrow's is not there yet: it says so
    expect(page.locator("#announce")).to_contain_text("demain")
    expect(win).to_be_visible()


# --------------------------------------------------------------------------- the toolbar

TOOLS = ("undo", "redo", "restart", "hint", "show-me-how", "share", "new", "stats", "rules", "settings")


def header_boxes(page):
    return page.evaluate("""() => {
        const out = {};
        for (const el of document.querySelectorAll('header .tools button, header .score, header .counter, header .deal')) {
            const r = el.getBoundingClientRect();
            const txt = el.querySelector('.txt');
            out[el.dataset.action || el.id || el.className] = {
                box: [r.left, r.top, r.right, r.bottom], title: el.title, name: el.getAttribute('aria-label'),
                label: txt ? txt.textContent : null, shown: txt ? getComputedStyle(txt).display !== 'none' && txt.offsetWidth > 0 : null,
                // its name cut inside its span, or running past its button's box ("Recommencer" at 360 px)
                clipped: txt ? txt.scrollWidth > txt.clientWidth + 0.5 || txt.getBoundingClientRect().width > r.width + 0.5
                               || el.scrollWidth > el.clientWidth + 0.5 : el.scrollWidth > el.clientWidth + 0.5,
                hit: el.tagName === 'BUTTON' ? document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)?.closest('button') === el : true,
            };
        }
        return {items: out, vw: innerWidth, vh: innerHeight, bar: document.querySelector('header').getBoundingClientRect().bottom};
    }""")


def overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("lang", ["fr", "nl", "en"])
@pytest.mark.parametrize("code", [CODE, "CC1-D1-AAAAAAH"], ids=["canfield", "casino"])   # a casino game: its balance too
def test_toolbar_labels_fit_at_desktop_and_phone_sizes(open_game, page, lang, code):
    open_game(code, path=f"index.html?lang={lang}")
    page.locator('[data-pile="stock"]').click()   # undo and restart enabled
    for w, h in ((1280, 800), (1024, 768), (1000, 700), (820, 1180), (768, 1024), (600, 900), (390, 844), (384, 700),
                 (360, 640), (844, 390), (700, 400), (640, 360), (1920, 1080)):
        resize(page, w, h)
        info = header_boxes(page)
        items = info["items"]
        for name in TOOLS:
            it = items[name]
            x0, y0, x1, y1 = it["box"]
            where = f"{lang} {w}x{h} {name}"
            assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= info["bar"] + 0.5, f"{where} outside: {it['box']}"
            assert it["shown"] and it["label"] and not it["clipped"], f"{where}: label {it}"
            assert it["title"] and it["title"] == it["name"] == it["label"], f"{where}: tooltip and name {it}"
            assert it["hit"], f"{where}: not reachable at its centre"
        assert not items["copy"]["clipped"], f"{lang} {w}x{h}: the deal code cut"   # Casino's was, on a phone
        if (w, h) == (844, 390):      # a landscape phone: the score says what it counts, not a bare number
            assert page.locator("header .score .lbl[data-t=score]").is_visible(), f"{lang} {w}x{h}: the word Score"
        names = list(items)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                assert not overlap(items[a]["box"], items[b]["box"]), f"{lang} {w}x{h}: {a} overlaps {b}"
    for name in TOOLS:                            # every button still works from the phone's toolbar
        page.locator(f'header [data-action="{name}"]').scroll_into_view_if_needed()
    if lang == "nl" and code == CODE:
        audit(page, "phone toolbar with labels and counters")


# Every control of the Settings dialog inside the dialog, none clipped: its Theme list ran to 498 px in
# French at 390 px (its first choice's long name).
SETTINGS_FIT_JS = """() => { const d = document.getElementById('dlg-settings'), r = d.getBoundingClientRect(), out = [];
    for (const el of d.querySelectorAll('label, select, button, input, legend, small, span')) {
        const q = el.getBoundingClientRect();
        if (!q.width) continue;
        if (q.left < r.left - 0.5 || q.right > r.right + 0.5) out.push(['outside', el.tagName, el.textContent.trim().slice(0, 30)]);
        else if (el.scrollWidth > el.clientWidth + 1 && ['LABEL', 'SELECT', 'BUTTON'].includes(el.tagName))
            out.push(['clipped', el.tagName, el.textContent.trim().slice(0, 30)]);
        else if (el.tagName === 'SELECT') {       // the chosen option's name whole in the closed list (its arrow beside)
            const c = document.createElement('canvas').getContext('2d');
            c.font = getComputedStyle(el).font;
            const text = el.options[el.selectedIndex].text, s = getComputedStyle(el);
            const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16;
            if (c.measureText(text).width > room) out.push(['cut', el.name, text]);
        }
    }
    return out; }"""


@pytest.mark.parametrize("lang", ["fr", "nl", "en"])
def test_the_settings_dialog_fits_a_phone(open_game, page, lang):
    open_game(CODE, path=f"index.html?lang={lang}")
    for w, h in ((360, 640), (390, 844)):
        resize(page, w, h)
        page.locator('header [data-action="settings"]').click()
        expect(page.locator("#dlg-settings")).to_be_visible()
        assert page.evaluate(SETTINGS_FIT_JS) == [], f"{lang} {w}x{h}"
        page.locator('#dlg-settings [data-dialog="close"]').click()
        expect(page.locator("#dlg-settings")).to_be_hidden()
