"""Where everything goes on the screen: card size, pile places and the fan of every column.

Pure Python (no DOM, tested under CPython with hypothesis): from the window's size, the table's counts
(`Counts`: 3 to 12 columns, 1 to 16 foundations, 1 to 4 reserves, a reserve face down or face up, from the rule set's
parameters, never a game's name) and the length of each column it computes a `Layout` in CSS pixels, so
that the whole table fits the window with no page scroll, from 360x640 to 2560x1440 in both orientations:

- the toolbar takes a fixed height (one row; two on a narrower screen; three on a phone in portrait)
  and the keyboard-help
  line its own strip at the bottom (only where it is shown), and so does the dock (the hint panel and
  the replay bar) while it is open: cards never go under any of them;
- a column's fan compresses as the column grows; when even the smallest strip (`min_strip`: 12 px,
  8 px on a phone in landscape) would run the column off the screen, every card gets smaller;
- every covered card keeps a strip at least `min_strip` tall showing its corner index (rank and
  suit), whose font shrinks with the strip; the top card of every column is whole and on screen;
- a long column in a window too low for 12 px strips gets 8 px ones before cards too small to show
  the corner a 12 px strip would;
- several arrangements of the piles are tried and the one giving the largest cards wins: the
  classic two rows, a phone's three rows, one compact row above the columns, and a side layout
  (stock, waste and reserve on the left of the columns, the foundations on their right) that
  landscape phones use; many foundations go in one row or two, whichever gives larger cards; on a
  phone in portrait a table of seven columns or more (several reserves counted) may put its columns in
  two rows sharing the board's height, when that gives clearly larger cards;
- a face-up reserve fans down like a column (every card's corner readable, only its top plays);
- a left-handed table is the mirror image (the stock and the waste on the right); the cards inside a
  pile are not mirrored, so every corner index stays where the fans leave it readable.

Positions are relative to the board (the area under the toolbar); pile rectangles are
``(x, y, w, h)``; a column's rectangle runs from its top to the bottom of the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


RATIO = 1.4                 # card height / width
# The toolbar's height (px). Its ten buttons show their names under their icons (static/game.css):
BAR_WIDE = 48               # one row, from BAR_ONE_ROW px of width (the scores above the deal's code under 1400)
BAR_MEDIUM = 92             # two rows (scores, then the buttons), from NARROW to BAR_ONE_ROW
BAR_NARROW = 124            # a phone: the scores, then the buttons in two rows of five, under NARROW
BAR_PHONE_LANDSCAPE = 40    # one row of smaller buttons, names on up to two lines, the scores above the code
BAR_ONE_ROW = 1000          # the ten names, the scores and a casino's balance in one row, in Dutch too
NARROW = 560
HELP_H = 24                 # the keyboard-help line, where shown
HELP_MIN_H = 600            # shorter windows (and touch screens) do not show it
COMFORT = 8                 # columns up to this length fit at the comfortable fan without shrinking cards
COMFORT_LARGE = 4           # large cards: as large as the window allows while columns are short
COMFORT_TWO_ROWS = 6        # each of two rows of columns (a wide table on a phone)
FAN = 0.26                  # the comfortable fan, as a share of the card height
CW_MAX = 112
CW_MAX_LARGE = 150
CW_MIN = 14
STRIP = 12                  # smallest strip of a covered card (px)
STRIP_PHONE_LANDSCAPE = 8
PHONE_LANDSCAPE_H = 500     # landscape windows lower than this are phones
LOW_H = 600                 # landscape windows lower than this, and narrower than one bar row, get the low bar
LINE = 1.15                 # the corner index's line height, as a share of its font size
NAME_H = 15                 # several reserves: the band above each one's fan where its name is written

ARRANGEMENTS = ("rows", "stacked", "compact", "side")


@dataclass(frozen=True)
class Counts:
    """What the table holds, from the rule set's parameters (never a game's name): `columns` 3..12,
    `foundations` 4..16, `reserve_up`: the reserve is all face up, fanned down like a column (only its top
    plays), else a face-down pile showing its top; `reserve`: the cards in it now (the fan's length). A
    face-up reserve of up to 20 cards (the family's longest, American Toad's) fits every window from
    640x360; a longer one would need a second fan in the lowest windows. `reserves`: 1, or 2 to 4 face-up
    reserves ("reserve-1".., each fanned down like a column, left of the columns in their row; `reserve`
    is then the longest one's cards). `columns` goes up to 12, `foundations` from 1."""
    columns: int = 4
    foundations: int = 4
    reserve: int = 13
    reserve_up: bool = False
    reserves: int = 1


@dataclass(frozen=True)
class Layout:
    width: float
    height: float
    arrangement: str
    bar_h: float
    help: bool                  # the keyboard-help line is shown
    board_h: float              # the board's height (the window less the bar, the help line and the dock)
    gap: float
    cw: float                   # card width and height
    ch: float
    fs: float                   # corner index font size of an uncovered card
    min_strip: float
    waste_step: float           # horizontal offset between the fanned waste cards
    piles: dict = field(default_factory=dict)      # pile id -> (x, y, w, h), board coordinates
    fans: dict = field(default_factory=dict)       # tableau pile id -> vertical offset between its cards
    col_fs: dict = field(default_factory=dict)     # fanned pile id -> corner font size in that column
    counts: Counts = field(default_factory=lambda: Counts())
    left_handed: bool = False
    dock: float = 0.0           # the height left free for the dock below the board
    dock_cut: bool = False      # less than the dock asked for: the board needs the rest (it scrolls)
    frows: int = 1              # the foundations' rows
    crows: int = 1              # the columns' rows
    sized_for: int = 1          # the column length the cards are sized for (`compute`'s `plan`, or the longest)

    def fanned(self, pile: str) -> bool:
        """Whether `pile`'s cards fan downwards: a column, or a face-up reserve."""
        return pile in self.fans

    def card_offset(self, pile: str, index: int) -> tuple[float, float]:
        """Where card `index` (0 = bottom) of `pile` sits, relative to the pile's corner."""
        if pile in self.fans:
            return 0.0, round(index * self.fans[pile], 2)
        if pile == "waste":
            return round(index * self.waste_step, 2), 0.0
        return 0.0, 0.0

    def card_rect(self, pile: str, index: int) -> tuple[float, float, float, float]:
        x, y, _, _ = self.piles[pile]
        dx, dy = self.card_offset(pile, index)
        return x + dx, y + dy, self.cw, self.ch


def _gap(width: float, height: float) -> float:
    return round(max(4.0, min(12.0, 0.012 * min(width, height) + 1)), 1)


def font_size(cw: float, large: bool = False) -> float:
    """The corner index of an uncovered card: readable, yet "10♥" fits inside the card."""
    nominal = max(18.0, 0.28 * cw) if large else max(13.0, 0.19 * cw)
    return round(min(nominal, (cw - 4) / 2.4), 2)


def index_width(fs: float) -> float:
    """Width of the widest corner index ("10♥") at font size `fs`, with its left margin."""
    return 2.25 * fs + 5


def _waste_step(cw: float, fs: float, large: bool) -> float:
    return round(max((0.5 if large else 0.4) * cw, index_width(fs)), 2)


def pile_ids(columns: int = 4, foundations: int = 4, reserves: int = 1) -> tuple[str, ...]:
    """The page's pile ids (the data-pile hooks) of a table with these counts, in drawing order."""
    res = ("reserve",) if reserves == 1 else tuple(f"reserve-{i}" for i in range(1, reserves + 1))
    return ("stock", "waste", *res, *(f"foundation-{i}" for i in range(1, foundations + 1)),
            *(f"tableau-{i}" for i in range(1, columns + 1)))


def counts_for(game) -> Counts:
    """The counts of `game`'s table, from its rule set's parameters (a face-up reserve: its cards now,
    the longest one's of several)."""
    rules = game.rules
    up = bool(rules.reserve_face_up)
    n = max((len(r) for r in game.reserves), default=0)
    return Counts(columns=rules.columns, foundations=rules.foundations,
                  reserve=n if up else rules.reserve, reserve_up=up, reserves=len(game.reserves))


def _rows_variants(arrangement: str, foundations: int) -> tuple[int, ...]:
    """The foundations' rows tried: one row, or two when they are many (the side layout: a grid of two
    rows, or of four when one of two rows would be wider than the columns)."""
    if arrangement == "side":
        return (2,) if foundations <= 4 else (2, 4)
    return (1,) if foundations <= 4 else (1, 2)


def _place(arrangement: str, cw: float, g: float, ww: float, board_w: float, k: Counts, frows: int = 1,
           crows: int = 1, board_h: float = 0.0):
    """Pile rectangles of `arrangement` (columns and a face-up reserve without their height yet): returns
    (piles, the content's width, the columns' top, the bottom of the other piles), or None if it cannot
    be drawn. `frows`: the foundations' rows. Several reserves take the first places of the columns' row,
    placed as columns (the one reserve's place is left empty). `crows`: the columns' rows (2: a wide
    table on a phone in portrait, its columns in two rows of the board's height, `board_h`, shared
    equally; the first row's fans end above the second's)."""
    if k.reserves > 1:
        placed = _place(arrangement, cw, g, ww, board_w,
                        Counts(columns=k.columns + k.reserves, foundations=k.foundations, reserve=k.reserve), frows,
                        crows, board_h)
        if placed is None:
            return None
        p, width, top, bottom = placed
        del p["reserve"]
        out = {}
        for name, rect in p.items():
            if name.startswith("tableau-"):
                i = int(name[8:])
                if i <= k.reserves:     # its name above its fan (static/game.css .pile-name), inside its place
                    name = f"reserve-{i}"
                    rect = (rect[0], rect[1] + NAME_H, rect[2], rect[3])
                else:
                    name = f"tableau-{i - k.reserves}"
            out[name] = rect
        return out, width, top, bottom
    ch = cw * RATIO
    rh = ch + 1.6 * g                  # a row of cards and the space under it
    step = cw + g
    nc, nf, up = k.columns, k.foundations, k.reserve_up
    fper = -(-nf // frows)             # foundations a row
    p = {}

    def found(fx, fy, per):
        for i in range(nf):
            p[f"foundation-{i + 1}"] = (fx + (i % per) * step, fy + (i // per) * rh, cw, ch)

    def cols(tx, top, per=nc, second=0.0):
        for i in range(nc):
            p[f"tableau-{i + 1}"] = (tx + (i % per) * step, top + (i // per) * second, cw, 0)

    if arrangement == "rows":          # stock waste F.. / reserve . T..
        width = cw + ww + 2 * g + max(nc, fper) * step - g
        x0 = (board_w - width) / 2
        p["stock"] = (x0, g, cw, ch)
        p["waste"] = (x0 + cw + g, g, ww, ch)
        fx = x0 + cw + ww + 2 * g
        top = g + frows * rh
        p["reserve"] = (x0, g + rh, cw, 0 if up else ch)
        found(fx, g, fper)
        cols(fx, top)
        return p, width, top, g + rh + (0 if up else ch)
    if arrangement == "stacked":       # stock waste reserve / F.. / T.. (phones); a face-up reserve left of T1
        per = -(-nc // crows)          # columns a row
        slots = max(per + 1, 3) if up else max(per, 4)
        # the waste takes two slots; three on a table of five columns or more, whose narrow cards could
        # not fan three waste cards' corners over two (the reserve keeps the row's last slot)
        wslots = 3 if per >= 5 else 2
        if ww > wslots * step - g or fper > slots:
            return None
        width = slots * step - g
        x0 = (board_w - width) / 2
        p["stock"] = (x0, g, cw, ch)
        p["waste"] = (x0 + cw + g, g, wslots * step - g, ch)
        top = g + (1 + frows) * rh
        if up:
            p["reserve"] = (x0, top, cw, 0)
            tx = x0 + step
        else:
            p["reserve"] = (x0 + (slots - 1) * step, g, cw, ch)
            tx = x0 + (slots - per) / 2 * step
        found(x0 + (slots - fper) / 2 * step if not up else x0 + (slots - fper) * step, g + rh, fper)
        cols(tx, top, per, (band(board_h, g, top) + g) if crows > 1 else 0.0)
        return p, width, top, top
    if arrangement == "compact":       # stock waste reserve F.. / T.. under the foundations
        fx = x0_off = cw + ww + 2 * g + (0 if up else step)
        width = x0_off + max(nc, fper) * step - g
        x0 = (board_w - width) / 2
        fx = x0 + x0_off
        p["stock"] = (x0, g, cw, ch)
        p["waste"] = (x0 + cw + g, g, ww, ch)
        top = g + frows * rh
        p["reserve"] = (fx - step, top, cw, 0) if up else (fx - step, g, cw, ch)
        found(fx, g, fper)
        cols(fx, top)
        return p, width, top, top
    if arrangement == "side":          # stock waste / reserve | T.. | the foundations' grid
        big = 2 * g
        fcols = fper
        # a face-up reserve: a column of its own at the left, from the top (a low window's whole height)
        left = step if up else 0
        width = left + cw + ww + g + big + nc * step - g + big + fcols * step - g
        x0 = (board_w - width) / 2
        p["stock"] = (x0 + left, g, cw, ch)
        p["waste"] = (x0 + left + cw + g, g, ww, ch)
        p["reserve"] = (x0, g, cw, 0) if up else (x0, g + rh, cw, ch)
        tx = x0 + left + cw + ww + g + big
        cols(tx, g)
        found(tx + nc * step - g + big, g, fcols)
        return p, width, g, max(g + (frows - 1) * rh + ch, g + ch if up else g + rh + ch)
    raise ValueError(f"unknown arrangement {arrangement!r}")


def band(board_h: float, g: float, top: float) -> float:
    """The height of each of two rows of columns from `top`: the board's height shared equally, a gap
    between them and one under the second."""
    return (board_h - g - top - g) / 2


def _column_rows(arrangement: str, k: Counts) -> tuple[int, ...]:
    """The columns' rows tried: two on a phone in portrait (the stacked arrangement) for a table of
    seven columns or more (reserves fanned in their row counted), whose cards in one row would be narrow."""
    slots = k.columns + (k.reserves if k.reserves > 1 else 0)
    return (1, 2) if arrangement == "stacked" and slots >= 7 else (1,)


def _font(arrangement, cw, g, large):
    fs = font_size(cw, large)
    if arrangement == "stacked" and large:
        # a phone's waste spans two columns: its fanned corners must fit there
        fs = round(max(font_size(cw), min(fs, ((cw + g) / 2 - 5) / 2.25)), 2)
    return fs


def _waste_width(arrangement, cw, g, fs, large, draw):
    step = _waste_step(cw, fs, large)
    if arrangement == "stacked" and large:
        step = round(max(index_width(fs), min(step, (cw + g) / 2)), 2)
    return step, cw + (2 if draw == 3 else 0) * step


def _fits(arrangement, cw, g, board_w, board_h, longest, strip, draw, large, k=Counts(), frows=1, crows=1):
    fs = _font(arrangement, cw, g, large)
    if font_size(cw) < (strip - 2) / LINE:
        return None                   # a covered card's strip would show a corner larger than its card's
    _, ww = _waste_width(arrangement, cw, g, fs, large, draw)
    placed = _place(arrangement, cw, g, ww, board_w, k, frows, crows, board_h)
    if placed is None:
        return None
    piles, width, top, others_bottom = placed
    ch = cw * RATIO
    if width > board_w - 2 * g or others_bottom > board_h - g:
        return None
    room = board_h - g - top                      # from the columns' top to the board's bottom margin
    if crows > 1:
        room = band(board_h, g, top)              # each row of columns: half of it
    comfort = COMFORT_LARGE if large else (COMFORT_TWO_ROWS if crows > 1 else COMFORT)
    need = max(ch + (longest - 1) * strip, ch * (1 + FAN * (comfort - 1)))
    if k.reserves > 1:                            # several reserves fan in the columns' row, under their names
        need = max(need, NAME_H + ch + (max(k.reserve, 1) - 1) * strip)
    if need > room:
        return None
    if k.reserve_up and k.reserves == 1 and ch + (max(k.reserve, 1) - 1) * strip > board_h - g - piles["reserve"][1]:
        return None
    return piles, top, fs


def arrangements_for(width: float, height: float) -> tuple[str, ...]:
    """The arrangements tried at this window size, the preferred one first."""
    if width > height and height < PHONE_LANDSCAPE_H:
        return ("side",)
    if width < NARROW:
        return ("stacked", "compact")
    return ("rows", "compact", "side")


def bar_height(width: float, height: float) -> float:
    """The toolbar's height at this window size (static/game.css sets the same --bar-h)."""
    if width > height and (height < PHONE_LANDSCAPE_H or (height < LOW_H and width < BAR_ONE_ROW)):
        return BAR_PHONE_LANDSCAPE   # one low row: a two-row bar would take a sixth of the height
    if width >= BAR_ONE_ROW:
        return BAR_WIDE
    return BAR_MEDIUM if width >= NARROW else BAR_NARROW


def _best(order, g, width, board_h, longest, strip, draw, large, k, cw_max, only=None):
    """(score, arrangement, card width, foundations' rows, columns' rows) of the largest cards, or None;
    `only`: the (foundations' rows, columns' rows) to try, else every variant."""
    best = None
    for rank, arrangement in enumerate(order):
        for frows in _rows_variants(arrangement, k.foundations):
            for crows in _column_rows(arrangement, k):
                if only is not None and (frows, crows) != only:
                    continue
                found = None
                # the largest whole-pixel card width that fits (scanned down: a phone's stacked rows need
                # the waste's fan to fit two columns, which small cards cannot do, so it is not monotonic)
                for cw in range(int(cw_max), CW_MIN - 1, -1):
                    if _fits(arrangement, cw, g, width, board_h, longest, strip, draw, large, k, frows,
                             crows) is not None:
                        found = cw
                        break
                if found is None:
                    continue
                # the preferred arrangement keeps its place unless another gives clearly larger cards;
                # one row of columns unless two give clearly larger cards
                score = found * (1.0 if rank == 0 else 0.88) * (1.0 if crows == 1 else 0.9)
                if best is None or score > best[0]:
                    best = (score, arrangement, found, frows, crows)
    return best


def compute(width: float, height: float, columns=(1, 1, 1, 1), *, draw: int = 3, large: bool = False,
            coarse: bool = False, counts: Counts | None = None, left_handed: bool = False,
            dock: float = 0.0, plan: int = 0, keep: tuple | None = None, cap: float = 0.0) -> Layout:
    """The layout of a `width` x `height` window whose columns hold `columns` cards (one length a
    column), with the piles `counts` says (Counts(): four columns, four foundations, a face-down reserve).
    `left_handed`: the table mirrored, the stock and the waste on the right (the cards in a pile are
    not: every corner index stays at the left of its card, where the fans leave it readable).
    `dock`: the height the open dock (the hint panel, the replay bar) takes at the window's bottom, above
    the help line; the board ends above it, so that no panel ever covers a card. When the board cannot
    fit above that much (long columns in a small window), the dock gets the most that leaves the board
    as it is without it (the same strips), `dock_cut` says so, and the page scrolls the dock within it.
    `plan`: the cards are sized for columns of this many cards when the longest is shorter (a steady table
    through a game: static/worker/steady.py); `keep`: (arrangement, foundations' rows, columns' rows) kept from the
    game's layout before, used whenever it fits at all, at any strip, before the best of the others; `cap`:
    cards no wider than this (the game's cards only shrink while its columns grow)."""
    k = counts or Counts(columns=len(columns) if 3 <= len(columns) <= 12 else 4)
    columns = (list(columns) + [0] * k.columns)[:k.columns]
    width = max(float(width), 200.0)
    height = max(float(height), 200.0)
    phone_landscape = width > height and height < PHONE_LANDSCAPE_H
    bar_h = bar_height(width, height)
    show_help = not coarse and height >= HELP_MIN_H and width >= NARROW
    free_h = height - bar_h - (HELP_H if show_help else 0)   # the board's height with the dock closed
    dock = max(0.0, min(float(dock), free_h))
    g = _gap(width, height)
    if width < NARROW and k.columns + (k.reserves if k.reserves > 1 else 0) >= 8:
        g = 4.0       # eight piles a row on a phone: the smallest gap, for cards of readable width
    longest = max([1, *columns, int(plan)])
    cw_max = CW_MAX_LARGE if large else CW_MAX
    if cap:
        cw_max = max(CW_MIN, min(cw_max, int(cap)))
    order = arrangements_for(width, height)
    # a long column in a low window: 8 px strips, as on a phone in landscape, before cards too small for
    # the corner a 12 px strip shows
    strips = (STRIP_PHONE_LANDSCAPE,) if phone_landscape else (STRIP, STRIP_PHONE_LANDSCAPE)

    kept = keep if keep is not None and keep[0] in order else None

    def fit(board_h, strips, readable=False):
        if kept is not None:
            for strip in strips:
                found = _best((kept[0],), g, width, board_h, longest, strip, draw, large, k, cw_max, kept[1:])
                if found is not None and readable and _font(found[1], found[2], g, large) * 2.25 + 5 > found[2]:
                    found = None
                if found is not None:
                    return found, strip
        for strip in strips:
            found = _best(order, g, width, board_h, longest, strip, draw, large, k, cw_max)
            if found is not None and readable and _font(found[1], found[2], g, large) * 2.25 + 5 > found[2]:
                found = None          # the dock never shrinks the cards below a readable "10♥"
            if found is not None:
                return found, strip
        return None, strips[-1]

    dock_cut = False
    if not dock:
        best, strip = fit(free_h, strips)
    else:
        # the dock never makes the strips smaller than the board has with it closed
        best0, strip0 = fit(free_h, strips)
        closed = strips[:strips.index(strip0) + 1]
        best, strip = fit(free_h - dock, closed, True)
        if best is None:
            # the board does not fit above the whole dock: the dock gets the most room that keeps the
            # board as it is with the dock closed (its strips), found by halving, to a pixel
            dock_cut = True
            lo, hi = 0.0, dock          # fits with lo (or nothing fits at all), not with hi
            best, strip = best0, strip0
            while best0 is not None and hi - lo > 1:
                mid = math.floor((lo + hi) / 2)
                found, s2 = fit(free_h - mid, closed, True)
                if found is None:
                    hi = mid
                else:
                    lo, best, strip = mid, found, s2
            dock = lo
    board_h = free_h - dock
    if best is None:   # a window below every minimum: the smallest cards in the first arrangement
        arrangement, cw, frows, crows, strip = order[0], CW_MIN, 1, 1, strips[-1]
    else:
        _, arrangement, cw, frows, crows = best
    cw = float(cw)
    ch = round(cw * RATIO, 2)
    fs = _font(arrangement, cw, g, large)
    step, ww = _waste_width(arrangement, cw, g, fs, large, draw)
    piles, _, top, _ = (_place(arrangement, cw, g, ww, width, k, frows, crows, board_h)
                        or _place("rows", cw, g, ww, width, k, frows))
    bottom = board_h - g
    split = top + band(board_h, g, top) if crows > 1 else None   # the first row's fans end here
    fans, col_fs = {}, {}
    fanned = [(f"tableau-{i + 1}", n) for i, n in enumerate(columns)]
    if k.reserves > 1:
        fanned += [(f"reserve-{i}", k.reserve) for i in range(1, k.reserves + 1)]
    elif k.reserve_up:
        fanned.append(("reserve", k.reserve))
    for pile, n in fanned:
        x, y, w, _ = piles[pile]
        end = split if split is not None and y < split and pile != "reserve" else bottom
        piles[pile] = (x, y, w, max(ch, end - y))
        fan = max(FAN * ch, strip)       # small cards: the strip, not a share of the card
        if n > 1:
            fan = min(fan, (end - y - ch) / (n - 1))
        fans[pile] = math.floor(fan * 100) / 100
        col_fs[pile] = fs if n <= 1 else round(min(fs, (fans[pile] - 2) / LINE), 2)
    if left_handed:
        piles = {p: (width - x - w, y, w, h) for p, (x, y, w, h) in piles.items()}
    piles = {p: tuple(round(v, 2) for v in piles[p]) for p in pile_ids(k.columns, k.foundations, k.reserves)}
    return Layout(width=width, height=height, arrangement=arrangement, bar_h=bar_h, help=show_help,
                  board_h=board_h, gap=g, cw=cw, ch=ch, fs=fs, min_strip=strip, waste_step=step,
                  piles=piles, fans=fans, col_fs=col_fs, counts=k, left_handed=left_handed, dock=dock,
                  dock_cut=dock_cut, frows=frows, crows=crows, sized_for=longest)


def hit_pile(layout: Layout, lengths: dict, x: float, y: float):
    """The pile and card index under board point (x, y), from where the cards will rest (not where a
    sliding card is drawn right now), or (None, None). `lengths`: pile id -> cards drawn in it."""
    for pile, (px, py, pw, ph) in layout.piles.items():
        n = lengths.get(pile, 0)
        if layout.fanned(pile):
            bottom = py + (layout.card_offset(pile, n - 1)[1] if n else 0) + layout.ch
            if px <= x <= px + pw and py <= y <= bottom:
                if not n:
                    return pile, None
                if not pile.startswith("tableau-"):
                    return pile, n - 1            # a face-up reserve: every card seen, only the top plays
                for i in range(n - 1, -1, -1):
                    if y >= py + layout.card_offset(pile, i)[1]:
                        return pile, i
                return pile, 0
            continue
        if px <= x <= px + pw and py <= y <= py + ph:
            if pile == "waste" and n:
                for i in range(n - 1, -1, -1):
                    cx = px + layout.card_offset(pile, i)[0]
                    if cx <= x <= cx + layout.cw:
                        return pile, i
                return pile, None
            return pile, (n - 1 if n else None)
    return None, None


def drop_pile(layout: Layout, lengths: dict, dests, rect, margin: float = 0.35):
    """The pile the dragged card's rectangle `rect` (board coordinates) overlaps most, a pile of `dests`
    winning a tie; None if it overlaps none. Every pile competes, legal or not: a card let go over a
    column that refuses it is dropped on that column (and goes back), never on a legal pile whose edge it
    touches (a foundation just above that column took it). A pile of `dests` (one that takes the cards)
    counts its area grown by `margin` card widths on every side, so that a drop beside it or just below
    its last card, half over the gap, is on it; a refusing pile counts only the area it covers."""
    left, top, w, h = rect
    right, bottom = left + w, top + h
    best, best_key = None, (0.0, False)
    for pile, (px, py, pw, pile_h) in layout.piles.items():
        grow = layout.cw * margin if pile in dests else 0.0
        if layout.fanned(pile):
            n = lengths.get(pile, 0)
            pile_h = (layout.card_offset(pile, n - 1)[1] if n else 0) + layout.ch
        x0, y0, x1, y1 = px - grow, py - grow, px + pw + grow, py + pile_h + grow
        ow = min(right, x1) - max(left, x0)
        oh = min(bottom, y1) - max(top, y0)
        key = (ow * oh, pile in dests)
        if ow > 0 and oh > 0 and key > best_key:
            best, best_key = pile, key
    return best
