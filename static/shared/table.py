"""The table as the view sees it: pile names, the cards each pile shows, the moves from a pile, the
keyboard grid, the deal code in the address.

No DOM here (pure Python, tested under CPython). Rules come from the engine
only: this module asks `game.legal_moves()` / `game.tap_move()` and checks
membership, chessground style; it never decides on its own what is legal.
"""

# The most piles of a table of the family (12 columns: The Plot; 16 foundations: Quadruple Canfield; 4
# reserves: Duke); index.html has an element for each, and a game of fewer leaves the others hidden.
MAX_COLUMNS = 12
MAX_FOUNDATIONS = 16
MAX_RESERVES = 4

# Pile ids of the page (the data-pile hooks) and the engine's pile names: "reserve" is the one reserve
# (R), "reserve-1".."reserve-4" those of a game of several (R1-R4).
RESERVES = tuple(f"reserve-{i}" for i in range(1, MAX_RESERVES + 1))
PILES = (("stock", "waste", "reserve") + tuple(f"foundation-{i}" for i in range(1, MAX_FOUNDATIONS + 1)) + RESERVES
         + tuple(f"tableau-{i}" for i in range(1, MAX_COLUMNS + 1)))
TO_ENGINE = {"stock": "S", "waste": "W", "reserve": "R"}
TO_ENGINE.update({f"reserve-{i}": f"R{i}" for i in range(1, MAX_RESERVES + 1)})
TO_ENGINE.update({f"foundation-{i}": f"F{i}" for i in range(1, MAX_FOUNDATIONS + 1)})
TO_ENGINE.update({f"tableau-{i}": f"T{i}" for i in range(1, MAX_COLUMNS + 1)})
TO_UI = {v: k for k, v in TO_ENGINE.items()}

# Keyboard grid: rows in reading order (the stock's row, then the reserve's and the columns').
# Left and right follow a row; up and down go to the pile of the other row nearest on screen
# (`key_neighbour` asks the layout where the piles are, so many foundations in two rows, a side
# layout or a mirrored table all move the way the arrows point).
KEY_ROWS = (
    ("stock", "waste") + tuple(f"foundation-{i}" for i in range(1, MAX_FOUNDATIONS + 1)),
    ("reserve",) + RESERVES + tuple(f"tableau-{i}" for i in range(1, MAX_COLUMNS + 1)),
)
# Where a pile sits when no layout is given: the stock above the reserve, foundation i above column i;
# several reserves take the columns' first places (static/worker/layout.py), so the columns move right by as
# many (`_visual_cols`).
_VISUAL_COL = {"stock": 0, "waste": 1, "reserve": 0}
_VISUAL_COL.update({f"reserve-{i}": 1 + i for i in range(1, MAX_RESERVES + 1)})
_VISUAL_COL.update({f"foundation-{i}": 1 + i for i in range(1, MAX_FOUNDATIONS + 1)})
_VISUAL_COL.update({f"tableau-{i}": 1 + i for i in range(1, MAX_COLUMNS + 1)})

WASTE_FAN = {3: 3, 1: 1}  # cards of the waste drawn face up, by draw count


def _unquote(text: str) -> str:
    """Percent-decoding as in a URL, bytes that are no UTF-8 as U+FFFD, as CPython's
    `urllib.parse.unquote` does (which costs a quarter of a second to import in Pyodide). Written for
    MicroPython too, which runs it on the page: its `bytes.decode` takes no `errors` and its `int` no bytes."""
    if "%" not in text:
        return text
    raw = text.encode("utf-8")
    out = bytearray()
    i = 0
    while i < len(raw):
        if raw[i] == 0x25 and i + 2 < len(raw) and _hex(raw[i + 1]) >= 0 and _hex(raw[i + 2]) >= 0:
            out.append(_hex(raw[i + 1]) * 16 + _hex(raw[i + 2]))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return _utf8_replace(bytes(out))


def _hex(c: int) -> int:
    """The value of the hex digit whose byte is `c`, or -1."""
    if 48 <= c <= 57:
        return c - 48
    if 65 <= c <= 70 or 97 <= c <= 102:
        return (c | 32) - 87
    return -1


# A UTF-8 sequence's second byte by its lead byte (the Unicode standard's table 3-7): its range and how many
# bytes the sequence has; any other byte after the first must be 0x80..0xBF.
_LEADS = {}
for _b in range(0xC2, 0xE0):
    _LEADS[_b] = (0x80, 0xBF, 2)
_LEADS[0xE0] = (0xA0, 0xBF, 3)
for _b in list(range(0xE1, 0xED)) + [0xEE, 0xEF]:
    _LEADS[_b] = (0x80, 0xBF, 3)
_LEADS[0xED] = (0x80, 0x9F, 3)
_LEADS[0xF0] = (0x90, 0xBF, 4)
for _b in range(0xF1, 0xF4):
    _LEADS[_b] = (0x80, 0xBF, 4)
_LEADS[0xF4] = (0x80, 0x8F, 4)


def _utf8_replace(raw: bytes) -> str:
    """`raw` decoded as UTF-8, each maximal ill-formed part as one U+FFFD (CPython's errors="replace").
    Checked here byte by byte: MicroPython's own decoding takes an encoded surrogate (ED A0 80) as valid."""
    if not raw or max(raw) < 0x80:
        return raw.decode("utf-8")
    parts = []
    start = i = 0
    n = len(raw)
    while i < n:
        b = raw[i]
        if b < 0x80:
            i += 1
            continue
        lead = _LEADS.get(b)
        size = 0
        if lead is not None and i + 1 < n and lead[0] <= raw[i + 1] <= lead[1]:
            size = 2
            while size < lead[2] and i + size < n and 0x80 <= raw[i + size] <= 0xBF:
                size += 1
        if lead is not None and size == lead[2]:
            i += size
            continue
        parts.append(raw[start:i].decode("utf-8"))
        parts.append("\ufffd")
        i += max(size, 1)
        start = i
    parts.append(raw[start:].decode("utf-8"))
    return "".join(parts)


def code_from_hash(hash_text: str | None) -> str:
    """The deal code in a location.hash ("#CF1-D3-AAAAACL" -> "CF1-D3-AAAAACL"), "" if none."""
    return _unquote((hash_text or "").lstrip("#")).strip(_SPACES)


# What `code_from_hash` strips: ASCII's white space, the same under both Pythons (CPython's bare strip()
# also takes U+001C..U+001F and Unicode's spaces, MicroPython's does not).
_SPACES = " \t\n\r\x0b\x0c"


BACK = "~"   # the id of a face-down card drawn as a back starts with it: "~T3.0", "~R.12" (see `back_id`)


def back_id(pile: str, index: int) -> str:
    """The id of the face-down card at `index` (0 = bottom) of `pile`, drawn as a card back: it names a
    place, never the card ("~T3.0": column 3's bottom card), so the page's DOM does not give it away."""
    return f"{BACK}{TO_ENGINE[pile]}.{index}"


def is_back(card_id: str) -> bool:
    return card_id[:1] == BACK


def reserve_piles(game) -> tuple[str, ...]:
    """The page's ids of the game's reserves: ("reserve",) for the one reserve (R), else "reserve-1"..
    (R1..R4)."""
    names = game.reserve_names
    return ("reserve",) if names == ("R",) else tuple(TO_UI[n] for n in names)


def visible_cards(game) -> dict[str, tuple[str, ...]]:
    """The ids of the cards drawn in each pile of the game's table, bottom to top (the face-down stock
    draws none). A card's id is its code for the first copy ("QC", so every one-deck table names its cards
    as before) and the code and copy number for the others ("QC2"): the page's `data-card`, unique. A
    face-down card of a column, or the face-down top of a reserve, is drawn as a back (`back_id`)."""
    waste = game.waste[-WASTE_FAN.get(game.draw, 1):] if game.waste else ()
    out = {"stock": (), "waste": tuple(c.id for c in waste)}
    up = game.rules.reserve_face_up
    for pile, cards, faces in zip(reserve_piles(game), game.reserves, game.reserve_faces):
        if not cards:
            out[pile] = ()
        elif up:         # a face-up reserve shows every card (fanned, static/worker/layout.py)
            out[pile] = tuple(c.id for c in cards)
        else:            # else only its top, face up or a back
            out[pile] = (cards[-1].id if faces[-1] else back_id(pile, len(cards) - 1),)
    out.setdefault("reserve", ())
    for i, pile in enumerate(game.foundations, 1):
        out[f"foundation-{i}"] = (pile[-1].id,) if pile else ()
    for i, (pile, faces) in enumerate(zip(game.tableau, game.tableau_faces), 1):
        name = f"tableau-{i}"
        out[name] = tuple(c.id if f else back_id(name, j) for j, (c, f) in enumerate(zip(pile, faces)))
    return out


def pile_length(game, pile: str) -> int:
    return len(game.pile(TO_ENGINE[pile]))


def move_count(game, pile: str, index: int) -> int:
    """Cards taken by touching the card at `index` (0 = bottom) of `pile`.

    A column gives its tail from that card; any other pile gives its top card.
    """
    if pile.startswith("tableau-"):
        return max(1, pile_length(game, pile) - index)
    return 1


def moves_from(game, pile: str, count: int) -> dict[str, object]:
    """Legal moves of `count` cards from `pile`, keyed by destination pile id."""
    src = TO_ENGINE[pile]
    return {TO_UI[m.dst]: m for m in game.legal_moves() if m.src == src and m.count == count}


def stock_move(game):
    """The move a touch on the stock makes: draw, or recycle the waste; None if neither is legal."""
    recycle = None
    for m in game.legal_moves():
        if m.src == "S":
            return m
        if m.src == "W" and m.dst == "S":
            recycle = m
    return recycle


def key_neighbour(pile: str, direction: str, present=None, mirrored: bool = False) -> str:
    """The pile reached from `pile` by an arrow key ("left", "right", "up", "down"); `present`: the pile
    ids the table has (a game of three columns has no tableau-4), all of a table of one reserve unless
    given; `mirrored`:
    the left-handed table, drawn as the mirror image (static/worker/layout.py), where the stock is on the
    right: the arrows still move the way they point on screen."""
    if present is None:      # every pile of a table of one reserve (no table has both kinds)
        present = set(PILES) - set(RESERVES)
    rows = tuple(tuple(p for p in r if p in present) for r in KEY_ROWS)
    row = 0 if pile in rows[0] else 1
    piles = rows[row]
    if direction in ("left", "right"):
        i = piles.index(pile) + (1 if (direction == "right") != mirrored else -1)
        return piles[max(0, min(len(piles) - 1, i))]
    other = rows[1 - row]
    if (direction == "down") == (row == 1):
        return pile  # already on the edge
    cols = _visual_cols(rows[1])
    col = cols[pile]
    return min(other, key=lambda p: (abs(cols[p] - col), cols[p]))


def _visual_cols(second_row) -> dict:
    """_VISUAL_COL, the columns moved right past the reserves of a game of several (`second_row`: the
    reserve's and the columns' row of the table's piles)."""
    n = sum(1 for p in second_row if p.startswith("reserve-"))
    if not n:
        return _VISUAL_COL
    cols = dict(_VISUAL_COL)
    cols.update({f"tableau-{i}": 1 + n + i for i in range(1, MAX_COLUMNS + 1)})
    return cols


class Selection:
    """A picked-up card or tail waiting for a target (tap-tap or keyboard)."""

    __slots__ = ("pile", "count")

    def __init__(self, pile: str, count: int):
        self.pile = pile
        self.count = count

    def __eq__(self, other):
        return isinstance(other, Selection) and (self.pile, self.count) == (other.pile, other.count)

    def __repr__(self):
        return f"Selection({self.pile!r}, {self.count})"
