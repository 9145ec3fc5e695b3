"""The table's geometry (static/worker/layout.py) under CPython: every window size from 360x640 to 2560x1440 in
both orientations, every column length up to 36 cards (the longest of the winning line the issue plays): the table fits with no scroll, every covered
card keeps a readable strip, every top card is whole and on screen, nothing overlaps."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import example, given, settings, strategies as st

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "static"))

from canfield import Game  # noqa: E402
from worker import layout as L  # noqa: E402
from shared.table import PILES  # noqa: E402

EPS = 0.05


def sizes():
    short = st.integers(360, 1440)
    long = st.integers(640, 2560)
    return st.one_of(st.tuples(short, long), st.tuples(long, short)).filter(lambda wh: True)


columns = st.lists(st.integers(0, 36), min_size=4, max_size=4).filter(lambda c: sum(c) <= 52)


def _overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return min(ax + aw, bx + bw) - max(ax, bx) > EPS and min(ay + ah, by + bh) - max(ay, by) > EPS


def check(lay, cols, draw=3, reserve=None):
    """Everything fits the window, nothing overlaps, every covered card of a fan (a column, a face-up
    reserve of `reserve` cards) keeps a strip showing its corner index, every top card is whole."""
    W, H = lay.width, lay.height
    k = lay.counts
    assert tuple(lay.piles) == L.pile_ids(k.columns, k.foundations, k.reserves)
    assert lay.bar_h + lay.board_h + (L.HELP_H if lay.help else 0) <= H + EPS
    lengths = {f"tableau-{i + 1}": n for i, n in enumerate(cols)}
    if k.reserves > 1:
        lengths.update({f"reserve-{i}": k.reserve for i in range(1, k.reserves + 1)})
    elif k.reserve_up:
        lengths["reserve"] = k.reserve if reserve is None else reserve
    rects = {}
    for pile, (x, y, w, h) in lay.piles.items():
        assert x >= -EPS and x + w <= W + EPS, (pile, lay.piles[pile], W)
        assert y >= -EPS and y + h <= lay.board_h + EPS, (pile, lay.piles[pile], lay.board_h)
        if lay.fanned(pile):
            n = lengths[pile]
            fan = lay.fans[pile]
            if n > 1:
                assert fan >= lay.min_strip - EPS, (pile, n, fan)
                # the corner index fits the strip a covered card keeps
                assert lay.col_fs[pile] * L.LINE + 1 <= fan + EPS
                assert lay.col_fs[pile] >= (lay.min_strip - 2) / L.LINE - EPS, (pile, lay.col_fs[pile])
            last = max(n, 1) - 1
            cx, cy, cw, ch = lay.card_rect(pile, last)
            assert cy + ch <= lay.board_h + EPS, (pile, n, cy + ch, lay.board_h)   # the top card whole
            rects[pile] = (x, y, w, cy + ch - y)
        else:
            rects[pile] = (x, y, w, h)
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not _overlap(rects[a], rects[b]), (a, rects[a], b, rects[b], lay.arrangement)
    # the fanned waste shows "10♥" of every covered card
    if draw == 3:
        assert lay.waste_step >= L.index_width(lay.fs) - EPS
        assert lay.piles["waste"][2] >= lay.cw + 2 * lay.waste_step - EPS
    assert lay.fs * 2.25 + 5 <= lay.cw + EPS or lay.cw <= L.CW_MIN   # "10♥" fits inside a card


@settings(max_examples=400, deadline=None)
@given(sizes(), columns, st.sampled_from([1, 3]), st.booleans(), st.booleans())
@example((820, 500), [35, 1, 1, 1], 1, False, False)   # once overflowed: 21 px cards under 12 px strips
def test_everything_fits_every_window(wh, cols, draw, large, coarse):
    w, h = wh
    lay = L.compute(w, h, cols, draw=draw, large=large, coarse=coarse)
    check(lay, cols, draw)


def family_tables():
    """The tables of the family's parameters: 3 to 8 columns, 4 x decks foundations, a reserve of 0 to
    40 cards face down or 0 to 20 face up, columns up to 36 cards."""
    @st.composite
    def build(draw):
        decks = draw(st.integers(1, 4))
        ncols = draw(st.integers(3, 8))
        up = draw(st.booleans())
        # a face-up reserve holds at most 20 cards (American Toad's, the family's longest): 40 in one fan
        # cannot fit a 640x360 window's height even at 8 px strips
        reserve = draw(st.integers(0, 20 if up else 40 if decks > 1 else 13))
        lengths = draw(st.lists(st.integers(0, 36), min_size=ncols, max_size=ncols))
        counts = L.Counts(columns=ncols, foundations=4 * decks, reserve=reserve, reserve_up=up)
        return counts, lengths
    return build()


@settings(max_examples=300, deadline=None)
@given(sizes(), family_tables(), st.sampled_from([1, 3]), st.booleans(), st.booleans(), st.booleans())
@example((390, 844), (L.Counts(8, 16, 40, True), [36] * 8), 3, True, True, False)   # a tall window: 40 fit
@example((640, 360), (L.Counts(8, 8, 20, True), [36] * 8), 3, True, False, True)
@example((844, 390), (L.Counts(8, 16, 40, False), [36] * 8), 3, True, True, True)
@example((360, 640), (L.Counts(8, 8, 20, True), [20] * 8), 1, False, True, False)
@example((640, 360), (L.Counts(3, 8, 34, True), [0, 0, 0]), 1, False, False, False)   # a long face-up
# reserve under the stock in a low window: now a column of its own from the top
def test_every_table_of_the_family_fits_every_window(wh, table, draw, large, coarse, left):
    w, h = wh
    counts, cols = table
    lay = L.compute(w, h, cols, draw=draw, large=large, coarse=coarse, counts=counts, left_handed=left)
    check(lay, cols, draw)


def test_every_window_size_with_the_longest_columns_keeps_cards_readable():
    for w, h in ((1280, 800), (1366, 768), (390, 844), (844, 390), (360, 640), (640, 360), (2560, 1440)):
        for cols in ((1, 1, 1, 1), (36, 1, 1, 1), (22, 14, 9, 1), (13, 13, 13, 13)):
            lay = L.compute(w, h, cols)
            check(lay, cols)


def test_phone_landscape_uses_the_side_layout_one_bar_row_and_8px_strips():
    lay = L.compute(844, 390, (1, 1, 1, 1))
    assert lay.arrangement == "side" and lay.bar_h == L.BAR_PHONE_LANDSCAPE and lay.min_strip == 8
    assert lay.cw >= 70                                  # no longer 50 px cards and half the width empty
    x, y, w, h = lay.piles["tableau-1"]
    assert lay.piles["stock"][0] < x and lay.piles["foundation-1"][0] > lay.piles["tableau-4"][0]


def test_the_fan_compresses_before_cards_shrink_then_cards_shrink():
    short = L.compute(1280, 800, (5, 1, 1, 1))
    longer = L.compute(1280, 800, (16, 1, 1, 1))
    assert longer.cw == short.cw and longer.fans["tableau-1"] < short.fans["tableau-1"]
    longest = L.compute(390, 844, (36, 1, 1, 1))
    assert longest.cw < L.compute(390, 844, (8, 1, 1, 1)).cw
    assert longest.fans["tableau-1"] >= 12


def test_help_line_only_where_shown_and_never_over_cards():
    assert L.compute(1280, 800).help and not L.compute(1280, 800, coarse=True).help
    assert not L.compute(390, 844).help and not L.compute(1280, 590).help


def test_hit_test_uses_where_cards_rest():
    game = Game.from_code("CF1-D3-AAAAACL")
    lay = L.compute(1280, 800, (1, 1, 1, 1))
    lengths = {p: 1 for p in PILES}
    lengths.update(stock=0, waste=0)
    for pile in ("reserve", "tableau-2", "foundation-3"):
        x, y, w, h = lay.card_rect(pile, 0)
        assert L.hit_pile(lay, lengths, x + 3, y + 3)[0] == pile
    lay = L.compute(1280, 800, (6, 1, 1, 1))
    lengths["tableau-1"] = 6
    for i in range(6):
        x, y, w, h = lay.card_rect("tableau-1", i)
        assert L.hit_pile(lay, lengths, x + 5, y + 3) == ("tableau-1", i)
    x, y, w, h = lay.card_rect("tableau-1", 5)
    assert L.hit_pile(lay, lengths, x + 5, y + h + 20) == (None, None)     # below the last card: nothing
    assert game.code  # the deal used by the browser tests parses


def test_drop_target_is_the_pile_the_card_overlaps_most():
    lay = L.compute(1280, 800, (3, 1, 1, 1))
    lengths = {"tableau-1": 3, "tableau-2": 1, "tableau-3": 1, "tableau-4": 1}
    x, y, w, h = lay.card_rect("tableau-2", 0)
    dests = ["tableau-1", "tableau-2", "foundation-1"]
    assert L.drop_pile(lay, lengths, dests, (x + 10, y + 30, lay.cw, lay.ch)) == "tableau-2"
    # mostly over column 2, which refuses the card, partly over column 3, which takes it: column 2 (the card
    # goes back)
    assert L.drop_pile(lay, lengths, ["tableau-3"], (x + lay.cw * 0.3, y + 30, lay.cw, lay.ch)) == "tableau-2"
    # let go beside column 2, which takes the card, its centre past the column's edge, over the gap and more
    # over column 3, which refuses it, than over column 2 itself: column 2 (a drop area is generous)
    assert L.drop_pile(lay, lengths, ["tableau-2"], (x + lay.cw * 0.55, y + 30, lay.cw, lay.ch)) == "tableau-2"
    fx1, fy1, _, _ = lay.piles["tableau-1"]
    above = (fx1, fy1 - lay.ch * 0.2, lay.cw, lay.ch)       # over column 1, touching foundation 1's grown edge
    assert L.drop_pile(lay, lengths, ["foundation-1"], above) == "tableau-1"
    assert L.drop_pile(lay, lengths, dests, (x, lay.board_h - lay.ch / 3, lay.cw, lay.ch)) is None  # far below
    fx, fy, _, _ = lay.piles["foundation-1"]
    assert L.drop_pile(lay, lengths, dests, (fx - 5, fy + 5, lay.cw, lay.ch)) == "foundation-1"


def test_the_pure_ui_modules_import_no_browser_module():
    import ast

    for name in ("controller", "vocab", "state", "handle_moves", "handle_deals", "handle_replays", "handle_panels",
                 "handle_settings", "handle_keys", "layout", "view", "table", "a11y", "settings", "stuck", "i18n"):
        folder = "shared" if name in ("vocab", "table") else "worker"
        tree = ast.parse((REPO / "static" / folder / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for mod in mods:
                assert mod.split(".")[0] not in ("js", "pyodide", "pyscript"), f"{name}.py imports {mod}"


@settings(max_examples=150, deadline=None)
@given(sizes(), family_tables(), st.sampled_from([1, 3]), st.booleans())
def test_the_left_handed_table_is_the_mirror_of_the_other(wh, table, draw, large):
    w, h = wh
    counts, cols = table
    right = L.compute(w, h, cols, draw=draw, large=large, counts=counts)
    left = L.compute(w, h, cols, draw=draw, large=large, counts=counts, left_handed=True)
    assert (left.cw, left.fans, left.col_fs, left.arrangement) == (right.cw, right.fans, right.col_fs, right.arrangement)
    for pile, (x, y, pw, ph) in right.piles.items():
        lx, ly, lw, lh = left.piles[pile]
        assert abs(lx - (w - x - pw)) < 0.011 and (ly, lw, lh) == (y, pw, ph), pile
    assert left.piles["stock"][0] > right.piles["stock"][0] or right.arrangement == "side" and w < 2 * right.cw


def test_the_counts_come_from_the_rule_sets_parameters():
    from canfield import RULESETS

    for name, rules in RULESETS.items():
        game = Game.new(rules=name, number=5)
        k = L.counts_for(game)
        assert (k.columns, k.foundations, k.reserve_up) == (rules.columns, rules.foundations, rules.reserve_face_up)
        assert k.reserves == rules.reserves == len(game.reserves)
        assert k.reserve == (max(len(r) for r in game.reserves) if rules.reserve_face_up else rules.reserve)
        lay = L.compute(1280, 800, [len(t) for t in game.tableau], counts=k)
        assert [p for p in lay.piles if p.startswith("tableau-")] == [f"tableau-{i}" for i in range(1, rules.columns + 1)]
        check(lay, [len(t) for t in game.tableau], game.draw)


def test_a_face_up_reserve_is_fanned_and_any_of_its_cards_plays_its_top():
    k = L.Counts(reserve=13, reserve_up=True)
    lay = L.compute(1280, 800, (1, 1, 1, 1), counts=k)
    assert lay.fanned("reserve") and lay.fans["reserve"] >= L.STRIP
    lengths = {p: 1 for p in lay.piles}
    lengths["reserve"] = 13
    for i in (0, 6, 12):
        x, y, w, h = lay.card_rect("reserve", i)
        assert L.hit_pile(lay, lengths, x + 4, y + 3) == ("reserve", 12)
    face_down = L.compute(1280, 800, (1, 1, 1, 1))
    assert not face_down.fanned("reserve") and face_down.card_offset("reserve", 5) == (0.0, 0.0)


def test_the_keyboard_never_reaches_a_column_the_table_has_not():
    from shared.table import key_neighbour

    present = set(L.pile_ids(3, 4))
    assert key_neighbour("tableau-3", "right", present) == "tableau-3"
    assert key_neighbour("foundation-4", "down", present) == "tableau-3"
    assert key_neighbour("tableau-3", "right") == "tableau-4"     # a table of four columns


def test_the_keyboard_walks_a_three_column_table_without_error():
    import itertools

    from shared.vocab import Key
    from ui_helpers import make_controller

    code = Game.new(rules="chameleon", number=3).code
    c = make_controller(code, rules="chameleon")
    seen = set()
    for key in itertools.islice(itertools.cycle(
            ["ArrowRight"] * 7 + ["ArrowDown", "Enter", "ArrowLeft", "Enter", "ArrowUp", "Escape"]), 120):
        c.dispatch(Key(key))
        c.take_effects()
        seen.add(c.ui.focus)
    assert "tableau-3" in seen and "tableau-4" not in seen


@settings(max_examples=300, deadline=None)
@given(sizes(), columns, st.sampled_from([1, 3]), st.booleans(), st.floats(0, 0.3))
@example((390, 844), [36, 6, 5, 5], 3, True, 254 / 844)   # the stuck panel and the replay bar, a long game
def test_the_board_ends_above_the_open_dock(wh, cols, draw, coarse, share):
    """The dock (the hint panel, the replay bar) takes its height at the window's bottom, above the
    help line: the board ends above it and everything still fits, every covered card keeping its strip."""
    w, h = wh
    dock = round(h * share)
    lay = L.compute(w, h, cols, draw=draw, coarse=coarse, dock=dock)
    closed = L.compute(w, h, cols, draw=draw, coarse=coarse)
    assert lay.bar_h + lay.board_h + (L.HELP_H if lay.help else 0) + lay.dock <= h + EPS
    assert lay.board_h == closed.board_h - lay.dock
    check(lay, cols, draw)
    assert lay.min_strip == closed.min_strip       # the dock never makes the strips smaller
    if lay.dock_cut:
        # the most room the board leaves: a pixel more and it would not fit (its cards at the minimum)
        assert lay.dock < dock
        more = L.compute(w, h, cols, draw=draw, coarse=coarse, dock=lay.dock + 1)
        assert more.dock_cut and more.dock <= lay.dock
    else:
        assert lay.dock == dock


def _random_game(name, seed, moves):
    import random

    game = Game.new(rules=name, number=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rnd.choice(legal))
    return game


def test_every_offered_game_fits_every_listed_window_at_the_deal_and_in_a_long_game():
    """Issue 34's games too (several reserves, 12 columns, 1 or 8 foundations): every card's corner
    readable, nothing overlapping, at the listed window sizes, at the deal and after random play."""
    from worker.choices import offered_rulesets

    sizes = ((360, 640), (640, 360), (390, 844), (844, 390), (1280, 800), (2560, 1440), (1440, 2560))
    for name in offered_rulesets():
        for game in (Game.new(rules=name, number=2), _random_game(name, 2, 150)):
            cols = [len(t) for t in game.tableau]
            for w, h in sizes:
                lay = L.compute(w, h, cols, draw=game.draw, counts=L.counts_for(game))
                check(lay, cols, game.draw)


def test_every_game_deals_readable_cards_on_a_phone_in_portrait():
    """Thirty games on a phone (360x640, 390x844, touch): at the deal every card at least 40 px wide, its
    corner index at least 11 px (a covered card's strip keeps its own rule, `check`); a wide table takes the
    screen's height (its columns in two rows) rather than a strip at the top."""
    from worker.choices import offered_rulesets

    for name, rules in offered_rulesets().items():
        for draw in ((1, 3) if rules.draws is None else (None,)):
            game = Game.new(rules=name, draw=draw, number=3)
            cols = [len(t) for t in game.tableau]
            for w, h in ((360, 640), (390, 844)):
                lay = L.compute(w, h, cols, draw=game.draw, coarse=True, counts=L.counts_for(game))
                check(lay, cols, game.draw)
                assert lay.cw >= 40 and lay.fs >= 11, (name, draw, w, h, lay.cw, lay.fs)
                slots = lay.counts.columns + (lay.counts.reserves if lay.counts.reserves > 1 else 0)
                if slots >= 7 and lay.crows == 2:
                    lowest = max(y + lay.ch for x, y, _, _ in lay.piles.values())
                    assert lowest > lay.board_h / 2, (name, w, h)   # the second row in the lower half


def test_several_reserves_fan_in_the_columns_row_left_of_the_columns():
    """...or, on a phone in portrait whose columns take two rows, in the first row, above the columns."""
    k = L.Counts(columns=4, foundations=4, reserve=5, reserve_up=True, reserves=4)
    for w, h in ((390, 844), (844, 390), (1280, 800)):
        lay = L.compute(w, h, (1, 1, 1, 1), counts=k)
        assert "reserve" not in lay.piles
        names = [f"reserve-{i}" for i in range(1, 5)] + [f"tableau-{i}" for i in range(1, 5)]
        # each reserve's name in a band above its fan, inside its place in the row (static/game.css .pile-name)
        places = [(round(lay.piles[p][1] - (L.NAME_H if p.startswith("reserve") else 0), 2), lay.piles[p][0])
                  for p in names]                                       # reading order: row, then x
        assert places == sorted(places)
        assert len({y for y, _ in places}) == lay.crows
        for i in range(1, 5):
            x, y, w_, _ = lay.piles[f"reserve-{i}"]
            band = (x, y - 15, x + w_, y)          # static/game.css .pile-name's height
            for other, (ox, oy, ow, oh) in lay.piles.items():
                if other != f"reserve-{i}":       # no card of another pile under the name
                    assert not (ox < band[2] and band[0] < ox + ow and oy < band[3] and band[1] < oy + lay.ch), other
        assert all(lay.fanned(f"reserve-{i}") for i in range(1, 5))
        lengths = {p: 1 for p in lay.piles}
        lengths.update({f"reserve-{i}": 5 for i in range(1, 5)})
        x, y, _, _ = lay.card_rect("reserve-3", 1)
        assert L.hit_pile(lay, lengths, x + 3, y + 3) == ("reserve-3", 4)   # any card of it plays its top
        check(lay, [1, 1, 1, 1])
        assert tuple(lay.piles) == L.pile_ids(4, 4, 4)
    # long reserves: their fans fit as a column's (every corner readable, the top card whole)
    for w, h in ((640, 360), (844, 390), (360, 640), (1280, 800)):
        k = L.Counts(columns=8, foundations=4, reserve=16, reserve_up=True, reserves=2)
        check(L.compute(w, h, [3] * 8, counts=k), [3] * 8)


def test_the_keyboard_reaches_every_reserve_and_the_twelve_columns():
    from shared.table import KEY_ROWS, key_neighbour

    present = set(L.pile_ids(12, 8, 1))
    assert key_neighbour("tableau-11", "right", present) == "tableau-12"
    assert key_neighbour("tableau-12", "right", present) == "tableau-12"
    present = set(L.pile_ids(4, 4, 4))
    seen, pile = [], "reserve-1"
    for _ in range(10):
        seen.append(pile)
        pile = key_neighbour(pile, "right", present)
    assert seen[:8] == ["reserve-1", "reserve-2", "reserve-3", "reserve-4", "tableau-1", "tableau-2", "tableau-3",
                        "tableau-4"]
    assert key_neighbour("reserve-2", "left", present) == "reserve-1"
    assert key_neighbour("stock", "down", present).startswith("reserve-")
    assert key_neighbour("reserve-1", "up", present) in present
    assert all(p in KEY_ROWS[0] + KEY_ROWS[1] for p in L.pile_ids(12, 16, 4))


def test_up_and_down_go_between_a_reserve_of_several_and_the_foundation_above_it():
    from shared.table import key_neighbour

    present = set(L.pile_ids(4, 4, 4))
    assert key_neighbour("reserve-2", "up", present) == "foundation-2"
    assert key_neighbour("foundation-3", "down", present) == "reserve-3"
    assert key_neighbour("stock", "down", present) == "reserve-1"
    assert key_neighbour("tableau-1", "up", present) == "foundation-4"
    one = set(L.pile_ids(4, 4))
    assert key_neighbour("foundation-3", "down", one) == "tableau-3"   # a game of one reserve as before
