"""The board on screen before Python (issue 12, item 1): static/paint.js, static/worker/snapshot.py.

- a first visit paints one of static/deals.js's deals, and that is the deal the game starts with;
  a deal code in the address overrides it (nothing painted, that deal is played);
- a returning visit paints the snapshot of the last board; once Python is ready the live board is the
  painted one: same cards in the same piles, same counters, every card within 1 px;
- a tap or a key before the game is live is kept and applied, or refused visibly;
- a corrupt or hostile snapshot is ignored without an error and without injecting markup;
- the painter's copy of the fresh-deal layout equals static/worker/layout.py at many window sizes;
- offline (service worker, network off) the snapshot is still painted.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from canfield import Game

from conftest import BOOT_TIMEOUT_MS, poll_until, wait_until_ready
from test_offline import wait_offline_ready
from shared.table import PILES, back_id
from worker.layout import compute
from worker.snapshot import save_hash

REPO = Path(__file__).resolve().parents[2]

SEED_CODE = "CF1-D3-AAAAACL"
DEALS = json.loads((REPO / "static" / "deals.js").read_text(encoding="utf-8").split("=", 1)[1].strip().rstrip(";"))

# The board as the player sees it, in screen pixels: run once the painter has run (the page's
# DOMContentLoaded, Python not started yet) and again when the game is live.
BOARD_JS = """() => {
  const g = document.getElementById('game'), out = {piles: {}, slots: {}, counters: {}, words: {},
    ready: g.dataset.ready, painted: g.dataset.painted || null, classes: [...g.classList].sort()};
  for (const p of document.querySelectorAll('#board [data-pile]')) {
    out.piles[p.dataset.pile] = [...p.querySelectorAll('[data-card], [data-back]')].map(c => {
      const r = c.getBoundingClientRect(); return [c.dataset.card || c.dataset.back, r.left, r.top, r.width, r.height]; });
    const r = p.parentElement.getBoundingClientRect();
    out.slots[p.dataset.pile] = [r.left, r.top, r.width, r.height, p.classList.contains('empty')];
  }
  for (const id of ['score', 'deal-code', 'stock-count', 'reserve-count', 'moves']) out.counters[id] = document.getElementById(id).textContent;
  for (const id of ['moves-box', 'clock-box']) out.counters[id] = document.getElementById(id).hidden;
  for (const el of document.querySelectorAll('header [data-t]')) out.words[el.dataset.t] = el.textContent;
  out.placeholders = [...document.querySelectorAll('.placeholder')].map(p => [p.dataset.f || '', p.className]);
  out.cards = document.querySelectorAll('[data-card], [data-back]').length;
  // the face-down cards as drawn: a back names its place only, wears no face, has no data-card
  out.backs = [...document.querySelectorAll('#board .card.down, #board [data-back]')].map(c =>
    [c.dataset.back || '', c.className, c.hasAttribute('data-card'), c.childElementCount, c.textContent]);
  out.html = document.getElementById('board').outerHTML + document.querySelector('header').outerHTML;
  return out;
}"""
CAPTURE = ("document.addEventListener('DOMContentLoaded', () => { window.__board = " + BOARD_JS
           + "; window.__painted = window.__board(); });")


def _capturing(page):
    page.add_init_script(CAPTURE)
    return page


def _goto(page, url):
    page.goto(url, wait_until="commit")
    wait_until_ready(page)
    return page.evaluate("window.__painted")


def _same_board(painted, live):
    assert painted["ready"] == "false"
    assert live["ready"] == "true"
    for pile, cards in live["piles"].items():
        assert [c[0] for c in painted["piles"][pile]] == [c[0] for c in cards], pile
        for a, b in zip(painted["piles"][pile], cards):
            assert all(abs(x - y) <= 1 for x, y in zip(a[1:], b[1:])), (pile, a, b)
        assert all(abs(x - y) <= 1 for x, y in zip(painted["slots"][pile][:4], live["slots"][pile][:4])), pile
        assert painted["slots"][pile][4] == live["slots"][pile][4], pile
    assert painted["counters"] == live["counters"]
    assert painted["words"] == live["words"]
    assert painted["placeholders"] == live["placeholders"]
    assert painted["backs"] == live["backs"]
    assert painted["cards"] == live["cards"]   # no card doubled: the painted ones were replaced


def _wait_snapshot(page):
    """Until the snapshot in storage shows the stock count on screen (it is written after a short delay)."""
    page.wait_for_function("""() => { const t = localStorage.getItem('canfield.snapshot');
        if (!t) return false; const r = JSON.parse(t);
        return r.counts.stock === document.getElementById('stock-count').textContent
            && r.save === window.canfieldPaint.hash(localStorage.getItem('canfield.save')); }""")


def _played(page, open_game, code=SEED_CODE):
    open_game(code, page=page)
    for _ in range(2):
        before = page.locator("#stock-count").inner_text()
        page.locator('[data-pile="stock"]').click()
        page.wait_for_function("b => document.getElementById('stock-count').textContent !== b", arg=before)
    _wait_snapshot(page)


# ---------------------------------------------------------------------------------- first visit

def test_a_first_visit_paints_a_deal_and_plays_that_deal(page, server):
    painted = _goto(_capturing(page), f"{server}/index.html")
    live = page.evaluate("window.__board()")
    assert painted["painted"] == "deal"
    codes = {d["code"] for d in DEALS["deals"]}
    assert painted["counters"]["deal-code"] in codes
    assert live["counters"]["deal-code"] == painted["counters"]["deal-code"]
    assert sum(len(c) for c in painted["piles"].values()) == 6   # reserve top, four columns, one foundation
    _same_board(painted, live)
    assert page.evaluate("performance.getEntriesByName('canfield-painted').length") == 1
    expect(page.locator("[data-painted]")).to_have_count(0)


def test_a_deal_code_in_the_address_overrides_the_first_visit_deal(page, server):
    painted = _goto(_capturing(page), f"{server}/index.html#{SEED_CODE}")
    assert painted["painted"] is None and painted["cards"] == 0
    assert page.locator("#deal-code").inner_text() == SEED_CODE


def test_stored_draw_one_paints_no_draw_three_deal(page, server):
    page.add_init_script("if (!sessionStorage.getItem('x')) { sessionStorage.setItem('x', '1');"
                         " localStorage.setItem('canfield.settings', JSON.stringify({version: 1, draw: 1})); }")
    painted = _goto(_capturing(page), f"{server}/index.html")
    assert painted["painted"] is None and painted["cards"] == 0
    assert "-D1-" in page.locator("#deal-code").inner_text()


# ---------------------------------------------------------------------------------- returning visit

@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)])
def test_the_snapshot_is_painted_and_equals_the_live_board(page, open_game, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    _played(page, open_game)
    before = page.evaluate(BOARD_JS)
    _capturing(page).reload(wait_until="commit")
    wait_until_ready(page)
    painted, live = page.evaluate("window.__painted"), page.evaluate("window.__board()")
    assert painted["painted"] == "snapshot"
    _same_board(painted, live)
    assert live["piles"] == before["piles"] or all(
        [c[0] for c in live["piles"][p]] == [c[0] for c in before["piles"][p]] for p in before["piles"])
    assert painted["counters"] == before["counters"]


def test_every_return_paints_the_board_with_or_without_a_move_before(page, open_game):
    """Four returns in a row: the board is painted before Python each time, whether the visit before made
    a move or not (a return without a move writes the saved game again, its time: the snapshot follows)."""
    _played(_capturing(page), open_game)
    for i, move in enumerate((False, False, True, False)):
        if move:
            before = page.locator("#stock-count").inner_text()
            page.locator('[data-pile="stock"]').click()
            page.wait_for_function("b => document.getElementById('stock-count').textContent !== b", arg=before)
            _wait_snapshot(page)
        page.reload(wait_until="commit")
        wait_until_ready(page)
        painted, live = page.evaluate("window.__painted"), page.evaluate("window.__board()")
        assert painted["painted"] == "snapshot", (i, move)
        _same_board(painted, live)


def test_another_window_size_paints_nothing(page, open_game, record_page):
    _played(page, open_game)
    # another tab of another size (this one, resized, would write a snapshot for its new size)
    other = _capturing(page.context.new_page())
    record_page(other)
    other.set_viewport_size({"width": 1000, "height": 700})
    assert _goto(other, page.url)["painted"] is None
    other.close()


# ---------------------------------------------------------------------------------- early input

def _before_ready(page, server, hash_=""):
    """The page painted, Python held back (its main.py request waits) until `go()` is called."""
    held = []
    page.route("**/static/page/main.py", lambda route: held.append(route))
    page.goto(f"{server}/index.html{hash_}", wait_until="commit")
    page.wait_for_function("window.canfieldPaint && window.canfieldPaint.painted")

    def go():
        page.wait_for_function("true")   # let Playwright dispatch the pending route event
        poll_until(page, lambda: held, "the page to ask for static/page/main.py", BOOT_TIMEOUT_MS / 1000, interval_ms=50)
        held[0].continue_()
        page.unroute("**/static/page/main.py")
        wait_until_ready(page)
    return go


def test_an_early_tap_and_key_are_kept_and_applied(page, server):
    go = _before_ready(page, server)
    stock = page.locator('[data-pile="stock"]')
    assert page.locator("#stock-count").inner_text() == "34"
    stock.click(timeout=BOOT_TIMEOUT_MS)   # the page is busy starting PyScript and MicroPython: a click may wait
    page.keyboard.press("d")
    state = page.evaluate("[document.getElementById('game').dataset.ready, window.canfieldPaint.queue.length,"
                          " document.querySelector('[data-pile=stock]').classList.contains('early-kept')]")
    assert state == ["false", 2, True], "the tap and the key must happen before the game is live"
    go()
    expect(page.locator("#stock-count")).to_have_text("28")        # two draws of three
    expect(page.locator('[data-pile="waste"] [data-card]')).to_have_count(3)
    expect(page.locator(".early-kept")).to_have_count(0)


def test_too_many_early_taps_are_refused_visibly(page, server):
    go = _before_ready(page, server)
    stock = page.locator('[data-pile="stock"]')
    for _ in range(9):
        stock.click(timeout=BOOT_TIMEOUT_MS)   # PyScript's start may hold the main thread: a click waits for it
    assert page.evaluate("document.getElementById('game').dataset.ready") == "false"
    expect(stock).to_have_class("pile stock early-kept early-refused")
    go()
    expect(page.locator("#stock-count")).to_have_text("10")        # eight draws of three


def test_an_early_tap_on_a_card_no_longer_there_is_refused_with_a_notice(page, server):
    go = _before_ready(page, server)
    page.evaluate("window.canfieldPaint.queue.push({t: 'tap', pile: 'tableau-1', index: 0, card: 'ZZ'})")
    go()
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice .notice-text")).to_contain_text("could not be applied")
    expect(page.locator("#stock-count")).to_have_text("34")


def _returning_before_ready(new_context, record_page, open_game, server, code=SEED_CODE):
    """A returning visit (a saved game after two draws, its snapshot stored), painted, Python held back
    until `go()`. Its own context, with service workers blocked: the held request must reach the page's
    route, not a service worker's cache."""
    ctx = new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    page = ctx.new_page()
    record_page(page)
    _played(page, open_game, code)                 # two draws (of three in SEED_CODE: 28 left)
    page.goto("about:blank")
    return page, _before_ready(page, server, "#" + code)


def test_a_first_early_tap_on_the_stock_shows_the_engines_draw_at_once(new_context, record_page, open_game, server):
    """A returning visit: the snapshot holds what a tap on the stock makes (the engine's draw, recorded by
    static/worker/snapshot.py); the painter shows it at once, and Python, once live, plays that tap before its
    first drawing: the same board, one draw, never back to before it."""
    page, go = _returning_before_ready(new_context, record_page, open_game, server)
    assert page.evaluate("window.canfieldPaint.painted") == "snapshot"
    page.locator('[data-pile="stock"]').click(timeout=BOOT_TIMEOUT_MS)
    shown = page.evaluate(BOARD_JS)
    assert shown["ready"] == "false" and shown["counters"]["stock-count"] == "25"
    assert shown["counters"]["moves"] == "3" and len(shown["piles"]["waste"]) == 3
    # from the painted answer to the live board, no frame shows the board before the tap
    page.evaluate("""() => { window.__counts = []; const c = document.getElementById('stock-count');
        new MutationObserver(() => window.__counts.push(c.textContent)).observe(c,
            {childList: true, characterData: true, subtree: true}); }""")
    go()
    game = Game.from_code(SEED_CODE)
    for _ in range(3):
        game.play("S")
    live = page.evaluate(BOARD_JS)
    assert live["counters"]["stock-count"] == "25" and live["counters"]["moves"] == "3"
    assert [c[0] for c in live["piles"]["waste"]] == [c.code for c in game.waste[-3:]]
    assert [c[0] for c in shown["piles"]["waste"]] == [c[0] for c in live["piles"]["waste"]]
    assert "28" not in page.evaluate("window.__counts")
    expect(page.locator(".early-kept")).to_have_count(0)


def test_a_second_early_tap_is_kept_and_played_after_the_shown_one(new_context, record_page, open_game, server):
    page, go = _returning_before_ready(new_context, record_page, open_game, server)
    stock = page.locator('[data-pile="stock"]')
    stock.click(timeout=BOOT_TIMEOUT_MS)
    stock.click(timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#stock-count").inner_text() == "25"   # only the first one is answered early
    expect(stock).to_have_class(re.compile(r"\bearly-kept\b"))
    go()
    expect(page.locator("#stock-count")).to_have_text("22")


def test_an_early_tap_on_a_painted_back_is_the_live_boards_tap_on_it(new_context, record_page, open_game, server):
    """A returning visit to a table of face-down column cards (Munger): a tap on a painted back is kept as a
    tap on that back (its place's id and index, as the live board's hit test gives it), not as a tap beside
    the column, which would play the column's top card (T2's 6H onto T4): a tap on a back moves nothing."""
    code = Game.new(rules="munger", number=31).code
    page, go = _returning_before_ready(new_context, record_page, open_game, server, code)
    assert page.evaluate("window.canfieldPaint.painted") == "snapshot"
    back = page.locator('[data-pile="tableau-2"] [data-back="~T2.0"]')
    expect(back).to_have_class("card down")
    back.click(position={"x": 12, "y": 8}, timeout=BOOT_TIMEOUT_MS)
    state = page.evaluate("[document.getElementById('game').dataset.ready, window.canfieldPaint.queue]")
    assert state[0] == "false", "the tap must happen before the game is live"
    assert state[1] == [{"t": "tap", "pile": "tableau-2", "index": 0, "card": "~T2.0", "shown": False}]
    go()
    expect(page.locator("#moves")).to_have_text("2")
    expect(page.locator('[data-pile="tableau-2"] [data-card="6H"]')).to_have_count(1)
    expect(page.locator('[data-pile="tableau-2"] [data-back="~T2.0"]')).to_have_count(1)
    expect(page.locator("[data-painted][data-back]")).to_have_count(0)


# ---------------------------------------------------------------------------------- hostile storage

def _variants(text: str) -> dict[str, str]:
    good = json.loads(text)

    def edit(fn):
        rec = json.loads(text)
        fn(rec)
        return json.dumps(rec)

    some_pile = next(p for p, cards in good["cards"].items() if cards)
    return {
        "not json": text[:-5],
        "markup as a card": edit(lambda r: r["cards"][some_pile][0].__setitem__(0, '<img src=x onerror="window.__pwned=1">')),
        "unknown card": edit(lambda r: r["cards"][some_pile][0].__setitem__(0, "ZZ")),
        "a card twice": edit(lambda r: r["cards"]["tableau-1"].append(list(r["cards"][some_pile][0]))),
        "markup as the code": edit(lambda r: r.__setitem__("code", "<b>x</b>")),
        "markup as a rank": edit(lambda r: r["ranks"].__setitem__("K", "<svg onload=alert(1)>")),
        "a huge text": edit(lambda r: r["texts"].__setitem__("score", "x" * 5000)),
        "a string for a number": edit(lambda r: r["layout"].__setitem__("cw", "80px")),
        "a huge number": edit(lambda r: r["layout"]["piles"]["stock"].__setitem__(0, 1e300)),
        "cards not a list": edit(lambda r: r["cards"].__setitem__("waste", {"0": "AS"})),
        "an unknown arrangement": edit(lambda r: r["layout"].__setitem__("arrangement", "x")),
        "another format": edit(lambda r: r.__setitem__("v", 2)),
        "another window": edit(lambda r: r.__setitem__("vw", r["vw"] + 10)),
        "another language": edit(lambda r: r.__setitem__("lang", "xx")),
        "another save": edit(lambda r: r.__setitem__("save", "00000000")),
        "another look": edit(lambda r: r.__setitem__("look", ["theme-dark"])),
        "an array": "[1, 2, 3]",
        "null": "null",
        "too long": text + " " * 70000,
    }


def test_corrupt_or_hostile_snapshots_are_refused(page, open_game):
    _played(page, open_game)
    text, save = page.evaluate("[localStorage.getItem('canfield.snapshot'), localStorage.getItem('canfield.save')]")
    assert page.evaluate("([t, s]) => window.canfieldPaint.accepts(t, s)", [text, save]), "the good one is painted"
    for name, bad in _variants(text).items():
        assert not page.evaluate("([t, s]) => window.canfieldPaint.accepts(t, s)", [bad, save]), name
    # the same hash both sides, for any text (surrogate pairs included)
    sample = save + "é😀"
    assert page.evaluate("t => window.canfieldPaint.hash(t)", sample) == save_hash(sample)

    # end to end: a hostile record in storage, a reload: nothing painted, nothing injected, no error
    # (put there as the next page starts: the page going away writes its own snapshot first)
    page.add_init_script("if (!sessionStorage.getItem('hostile')) { sessionStorage.setItem('hostile', '1');"
                         " localStorage.setItem('canfield.snapshot', " + json.dumps(_variants(text)["markup as a card"])
                         + "); }")
    _capturing(page).reload(wait_until="commit")
    wait_until_ready(page)
    assert page.evaluate("window.__painted")["painted"] is None
    assert page.evaluate("window.__pwned") is None
    expect(page.locator("#board img")).to_have_count(0)


def _table_variants(text: str) -> dict[str, str]:
    """Hostile records of a table of several reserves (reserve-1.., the one "reserve" empty and without a
    place) or of twelve columns: every pile of the table and no other, each with its place."""
    good = json.loads(text)

    def edit(fn):
        rec = json.loads(text)
        fn(rec)
        return json.dumps(rec)

    def drop(*piles):
        def fn(r):
            for pile in piles:
                for part in (r["cards"], r["layout"]["piles"], r["layout"]["col_fs"]):
                    part.pop(pile, None)
        return fn

    def add(pile):
        def fn(r):
            r["cards"][pile] = []
            r["layout"]["piles"][pile] = list(r["layout"]["piles"]["stock"])
        return fn

    def many(pile, n):      # n cards of a fourth deck's copies (no record holds them: none is twice)
        codes = [f"{rank}{suit}4" for rank in "A23456789TJQK" for suit in "SHDC"]
        return lambda r: r["cards"].__setitem__(pile, [[c, 0, 0] for c in codes[:n]])

    out = {
        "a placeholder of no suit, red": edit(lambda r: r["ph"].__setitem__("foundation-1", ["A", None, True])),
        "a placeholder of an unknown suit": edit(lambda r: r["ph"].__setitem__("foundation-1", ["A", "X", False])),
        "a pile of no table": edit(add("tableau-13")),
        "a fifth reserve": edit(add("reserve-5")),
        "a place for no pile": edit(lambda r: r["layout"]["piles"].__setitem__("foundation-16", [0, 0, 1, 1])),
    }
    if "reserve-1" in good["cards"]:
        out.update({
            "cards in the one reserve beside several": edit(
                lambda r: r["cards"]["reserve"].append(r["cards"]["reserve-1"].pop())),
            "a place for the one reserve beside several": edit(
                lambda r: r["layout"]["piles"].__setitem__("reserve", list(r["layout"]["piles"]["reserve-1"]))),
            "a font size for the one reserve beside several": edit(lambda r: r["layout"]["col_fs"].__setitem__("reserve", 12)),
            "no one reserve beside several": edit(lambda r: r["cards"].pop("reserve")),
            "a lone first reserve": edit(drop("reserve-2", "reserve-3", "reserve-4")),
            "a gap in the reserves": edit(drop("reserve-1")),
            "a reserve without its place": edit(lambda r: r["layout"]["piles"].pop("reserve-2")),
            "a reserve of 41 cards": edit(many("reserve-2", 41)),
        })
    if "tableau-12" in good["cards"]:
        out.update({
            "a gap in the columns": edit(drop("tableau-9")),
            "a column without its place": edit(lambda r: r["layout"]["piles"].pop("tableau-12")),
            "a font size for a pile without a place": edit(lambda r: r["layout"]["col_fs"].__setitem__("reserve-1", 12)),
            "a font size for a thirteenth column": edit(lambda r: r["layout"]["col_fs"].__setitem__("tableau-13", 12)),
            "a reserve beside the one reserve": edit(add("reserve-1")),
        })
    return out


def _back_variants(text: str) -> dict[str, str]:
    """Hostile records of a table showing a face-down card (a back, static/shared/table.py back_id: "~T1.0",
    "~R.12"): a back is only a place, in a column at its own index or alone in a reserve, never a card's name,
    never in another pile, never with a face, and not more of them than four decks hold."""
    good = json.loads(text)
    pile, j = next((p, j) for p, cards in good["cards"].items() for j, c in enumerate(cards) if c[0].startswith("~"))
    back = good["cards"][pile][j][0]

    def edit(fn):
        rec = json.loads(text)
        fn(rec)
        return json.dumps(rec)

    def named(new_id):
        return edit(lambda r: r["cards"][pile][j].__setitem__(0, new_id))

    def backs(r):             # three columns of 80 backs each, every one at its own place
        for i in (1, 2, 3):
            r["cards"][f"tableau-{i}"] = [[f"~T{i}.{k}", 0, 0] for k in range(80)]

    column = pile.startswith("tableau-")
    out = {
        "a back naming a card": named("~" + next(c[0] for cards in good["cards"].values() for c in cards
                                                 if not c[0].startswith("~"))),
        "markup as a back": named('~T1.0"><img src=x onerror="window.__pwned=1">'),
        "a back of no place": named("~X1.0"),
        "a back of another pile": named(back.replace("~T", "~T1") if column else "~T1." + back.split(".")[1]),
        "a back beyond four decks": named(back.split(".")[0] + ".999"),
        "a back with a face": edit(lambda r: r["cards"][pile][j].append("AS")),
        "a back in the waste": edit(lambda r: r["cards"].__setitem__("waste", [["~W.0", 0, 0]])),
        "a back on a foundation": edit(lambda r: r["cards"].__setitem__("foundation-1", [["~F1.0", 0, 0]])),
        "a back under a reserve's top": edit(lambda r: r["cards"]["reserve"].insert(0, ["~R.40", 0, 0])),
        "too many backs": edit(backs),
    }
    if column:
        out["a back at another index"] = named(back.split(".")[0] + f".{j + 1}")
    return out


@pytest.mark.parametrize("name", ["duke", "the-plot", "munger", "eagle-wing"])
def test_records_of_every_table_are_painted_and_hostile_ones_refused(page, open_game, name):
    """The painter takes the record of a table of four reserves (Duke), twelve columns (The Plot), face-down
    column cards (Munger) or a face-down reserve top (Eagle Wing) as any other, and refuses every hostile one
    as it refuses today's table's, one whose piles are not those of a table of the family (a gap, a pile too
    many, a place for a pile without one), and one whose backs are not the live board's."""
    code = Game.new(rules=name, number=31).code
    _played(page, open_game, code)
    text, save = page.evaluate("[localStorage.getItem('canfield.snapshot'), localStorage.getItem('canfield.save')]")
    assert page.evaluate("([t, s]) => window.canfieldPaint.accepts(t, s)", [text, save]), "the good one is painted"
    face_down = name in ("munger", "eagle-wing")
    assert ('"~' in text) == face_down
    variants = {**_variants(text), **_table_variants(text), **(_back_variants(text) if face_down else {})}
    assert len(variants) > len(_variants(text)) + (14 if face_down else 8)
    for label, bad in variants.items():
        assert not page.evaluate("([t, s]) => window.canfieldPaint.accepts(t, s)", [bad, save]), label
    if face_down:    # the painter's copy of back_id, for every pile
        got = page.evaluate("ps => ps.map(([p, i]) => window.canfieldPaint.backId(p, i))",
                            [[p, i] for p in PILES for i in (0, 7, 103)])
        assert got == [back_id(p, i) for p in PILES for i in (0, 7, 103)]

    # end to end: a hostile record of this table in storage, a reload: nothing painted, nothing injected (and
    # no page error: the page fixture's log)
    hostile = {"duke": "cards in the one reserve beside several", "the-plot": "a gap in the columns"}
    bad = (_back_variants(text)["markup as a back"] if face_down else _table_variants(text)[hostile[name]])
    page.add_init_script("if (!sessionStorage.getItem('hostile')) { sessionStorage.setItem('hostile', '1');"
                         " localStorage.setItem('canfield.snapshot', " + json.dumps(bad) + "); }")
    _capturing(page).reload(wait_until="commit")
    wait_until_ready(page)
    assert page.evaluate("window.__painted")["painted"] is None
    assert page.evaluate("window.__pwned") is None


# ---------------------------------------------------------------------------------- layout copy

def test_the_painters_layout_equals_layout_py(page, open_game):
    open_game(SEED_CODE)
    sizes = [(w, h) for w in range(200, 2700, 97) for h in range(200, 1500, 89)]
    sizes += [(390, 844), (844, 390), (1280, 800), (360, 640), (640, 360), (768, 1024), (1920, 1080), (2560, 1440)]
    cases = [(w, h, draw, large, coarse) for (w, h) in sizes for draw in (3, 1)
             for large in (False, True) for coarse in (False, True) if (w + h + draw) % 3 != 1 or large == coarse]
    got = page.evaluate("""cases => cases.map(([w, h, d, l, c]) => {
        const L = window.canfieldPaint.layout(w, h, [1, 1, 1, 1], d, l, c);
        return [L.arrangement, L.bar_h, L.help, L.board_h, L.gap, L.cw, L.ch, L.fs, L.piles, L.col_fs]; })""",
                        [list(c) for c in cases])
    assert len(cases) > 500
    for case, js in zip(cases, got):
        w, h, draw, large, coarse = case
        py = compute(w, h, (1, 1, 1, 1), draw=draw, large=large, coarse=coarse)
        assert js[:3] == [py.arrangement, py.bar_h, py.help], case
        for a, b in zip(js[3:8], (py.board_h, py.gap, py.cw, py.ch, py.fs)):
            assert abs(a - b) < 0.011, case
        for pile, rect in py.piles.items():
            assert all(abs(a - b) < 0.011 for a, b in zip(js[8][pile], rect)), (case, pile)
        for pile, fs in py.col_fs.items():
            assert abs(js[9][pile] - fs) < 0.011, (case, pile)


# ---------------------------------------------------------------------------------- offline

@pytest.mark.service_worker
def test_offline_the_snapshot_is_still_painted(page, open_game, server, release):
    _played(page, open_game)
    wait_offline_ready(page, server, release)
    page.context.set_offline(True)
    try:
        _capturing(page).reload(wait_until="commit")
        page.wait_for_selector('#game[data-ready="true"]', state="attached", timeout=BOOT_TIMEOUT_MS)
        painted = page.evaluate("window.__painted")
        assert painted["painted"] == "snapshot"
        _same_board(painted, page.evaluate("window.__board()"))
    finally:
        page.context.set_offline(False)


def test_a_tap_between_the_layer_and_the_worker_plays_once(page, server):
    """The page's layer is bound (its MicroPython ran) but the worker not connected yet (its files held):
    a tap on the painted stock is static/paint.js's to keep, handed over in the `Start`; the layer takes
    none of it, or the draw would be played twice. After the hand-over the layer takes the taps."""
    held = []
    page.route("**/static/vendor/game.zip", lambda route: held.append(route))
    page.goto(f"{server}/index.html", wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('canfield:layer').length > 0", timeout=BOOT_TIMEOUT_MS)
    poll_until(page, lambda: held, "the worker to ask for game.zip", BOOT_TIMEOUT_MS / 1000, interval_ms=50)
    assert page.locator("#stock-count").inner_text() == "34"
    page.locator('[data-pile="stock"]').click()
    page.keyboard.press("d")
    assert page.evaluate("document.getElementById('game').dataset.ready") == "false"
    held[0].continue_()
    page.unroute("**/static/vendor/game.zip")
    wait_until_ready(page)
    expect(page.locator("#stock-count")).to_have_text("28")        # two draws of three, each once
    page.locator('[data-pile="stock"]').click()
    expect(page.locator("#stock-count")).to_have_text("25")
