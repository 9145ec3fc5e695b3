"""The position text (a FEN for Canfield): `Game.position` writes it with `write`, `Game.from_position`
reads it with `read`. The format, field by field, is in docs/engine.md ("The position text"):

    CF1-D3 7 HSDC 7H8H/-/-/- 6C/QS/QH/ASKHQC jsqs...8H - ...5c4d 1 10
    rules+draw base suits foundations columns reserve waste stock pass score

rules+draw  the deal code's first two parts: the rule set's prefix and the draw (CF1-D3);
base        the foundations' start rank (A 2-9 T J Q K); "-" while none is set (a base the player
            chooses, or a game with no base);
suits       the suit of each foundation, F1 first (HSDC); "-" for a foundation of any suit;
foundations, columns  the piles, "/" between them, F1 / T1 first;
reserve, waste, stock  one pile each (the stock's last card is the next one drawn); several
            reserves "/" between them, R1 first;
pass        the pass through the stock (1 before the first recycle);
score       the points so far.
Each pile lists its cards bottom to top, run together, two characters each, or "-" when empty.
A face-up card is written in capitals ("QC"), a face-down one in small letters ("qc"): the stock's
cards, the reserve's cards under its top, and a column's cards dealt face down and not turned yet.
"""

from .cards import DECK_CARDS as CARDS, RANKS, SUITS, parse_card_index
from .errors import CanfieldError, InvalidCard, InvalidPosition
from .rules import check_draw, rules_for_prefix

MAX_POSITION_CHARS = 2000  # a position of four decks is under 1000 characters


def write(game):
    """The position of `game` as one line of text."""
    def pile(cards, down=()):
        return "".join(CARDS[c].code.lower() if c in down else CARDS[c].code for c in cards) or "-"

    def faced(cards, n_down):
        return "".join(CARDS[c].code.lower() if i < n_down else CARDS[c].code for i, c in enumerate(cards)) or "-"

    rules = game.rules
    return " ".join((
        f"{rules.prefix}-D{game.draw}",
        "-" if game.base_rank is None else RANKS[game._base],
        "".join("-" if s is None else SUITS[s] for s in game._fsuits),
        "/".join(pile(f) for f in game._found),
        "/".join(pile(t, game._down) for t in game._tab),
        "/".join(faced(r, rules.reserve_faces(len(r)).count(False)) for r in game._reserves),
        pile(game._waste),
        faced(game._stock, len(game._stock)),
        str(game._recycles + 1),
        str(game._score),
    ))


def read(text):
    """The position that `text` describes, as the arguments of `Game._from_split`: (the piles split as
    stock, waste, reserve, foundations, columns; base rank; foundation suits; draw; rule set; the error
    to raise; score; recycles; every reserve; the face-down column cards). Raises InvalidPosition."""
    if not isinstance(text, str):
        raise InvalidPosition(f"a position is text (see Game.position), not {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise InvalidPosition(f"a position has at most {MAX_POSITION_CHARS} characters, not {len(text)}")
    fields = text.split()
    names = ("rules+draw", "base", "suits", "foundations", "columns", "reserve", "waste", "stock", "pass",
             "score")
    if len(fields) != len(names):
        raise InvalidPosition(f"a position has {len(names)} fields ({' '.join(names)}), "
                              f"this one has {len(fields)}: {text!r:.80}")
    head, base, suits, found, cols, reserve, waste, stock, passes, score = fields
    prefix, _, draw = head.upper().partition("-")
    try:
        rules = rules_for_prefix(prefix, head)
    except CanfieldError as exc:
        raise InvalidPosition(f"position {text!r:.40}: {exc}") from None
    if draw not in ("D1", "D3"):
        raise InvalidPosition(f"position: the draw is D1 or D3, not {draw!r:.20}")
    try:
        check_draw(rules, int(draw[1]))
    except ValueError as exc:
        raise InvalidPosition(f"position: {exc}") from None
    no_base = rules.base_rank == "player" or rules.foundation == "set"
    if not (len(base) == 1 and base.upper() in RANKS and rules.foundation != "set" or base == "-" and no_base):
        allowed = "-" if rules.foundation == "set" else f"one of {RANKS}" + (" or -" if no_base else "")
        raise InvalidPosition(f"position: the base rank is {allowed}, not {base!r:.20}")
    nf = rules.foundations
    if rules.foundation in ("rank", "set"):
        if suits != "-" * nf:
            raise InvalidPosition(f"position: the foundations take any suit: write {'-' * nf}, not {suits!r:.20}")
    elif rules.foundation == "up_down":
        if suits.upper() != SUITS * 2:
            raise InvalidPosition(f"position: the foundations' suits are {SUITS * 2}, not {suits!r:.20}")
    elif len(suits) != nf or sorted(suits.upper()) != sorted(SUITS * rules.decks):
        each = "once" if rules.decks == 1 else f"{rules.decks} times"
        raise InvalidPosition(f"position: the foundations' suits are the letters {SUITS}, each {each}, "
                              f"in some order, not {suits!r:.20}")
    reserve_texts = reserve.split("/") if rules.reserves > 1 else [reserve]
    if len(reserve_texts) != rules.reserves:
        raise InvalidPosition(f"position: {rules.name} has {rules.reserves} reserves, '/' between them, "
                              f"not {len(reserve_texts)}")
    fpiles, tpiles = found.split("/"), cols.split("/")
    if len(fpiles) != nf or len(tpiles) != rules.columns:
        raise InvalidPosition(f"position: {rules.name} has {nf} foundations and {rules.columns} columns, "
                              f"not {len(fpiles)} and {len(tpiles)}")
    # a casino game's score is its balance, below 0 until it has won back its stake
    signed = rules.scoring == "casino" and score.startswith("-")
    for name, value in (("pass", passes), ("score", score[1:] if signed else score)):
        if not value.isdigit() or len(value) > 6:
            raise InvalidPosition(f"position: the {name} is a whole number, not {value!r:.20}")
    if int(passes) < 1:
        raise InvalidPosition("position: the pass is 1 or more")
    split, seen, down_cards = [], {}, set()  # seen: card index -> the pile it was read in (copies: in reading order)
    nr = len(reserve_texts)
    labels = (["the stock", "the waste"] + (["the reserve"] if nr == 1 else [f"reserve {j}" for j in range(1, nr + 1)])
              + [f"foundation {i}" for i in range(1, nf + 1)] + [f"column {i}" for i in range(1, rules.columns + 1)])
    first_col = 2 + nr + nf
    deal = rules.column_deal
    for n, (label, pl) in enumerate(zip(labels, [stock, waste] + reserve_texts + fpiles + tpiles)):
        cards = _read_pile(pl, label)
        down = (len(cards) if n == 0 else rules.reserve_faces(len(cards)).count(False) if 2 <= n < 2 + nr else 0)
        for i, (c, up) in enumerate(cards):
            # a column's card may lie face down where the deal put one, under the column's top
            may_be_down = n >= first_col and i < min(len(deal), len(cards) - 1) and not deal[i]
            if up == (i < down) and not (may_be_down and not up):
                state = "face up" if i >= down else "face down"
                raise InvalidPosition(f"position: {CARDS[c].code} in {label} is {state} in {rules.name}: "
                                      f"write it in {'capitals' if i >= down else 'small letters'}")
            copy = next((c + 52 * k for k in range(rules.decks) if c + 52 * k not in seen), None)
            if copy is None:
                where = " and in ".join(seen[c + 52 * k] for k in range(rules.decks))
                raise InvalidPosition(f"position: {CARDS[c].code} is in {where} and in {label}")
            seen[copy] = label
            cards[i] = (copy, up)
        split.append([c for c, _ in cards])
        if n >= first_col:
            down_cards.update(c for c, up in cards if not up)
    if len(seen) != rules.cards:
        missing = " ".join(c.code for c in CARDS[:rules.cards] if c.index not in seen)
        raise InvalidPosition(f"position: the {rules.cards} cards are each in one pile; missing: {missing}")
    reserves = split[2:2 + nr]
    split = split[:2] + [reserves[0]] + split[2 + nr:]
    fsuits = tuple(None if x == "-" else SUITS.index(x) for x in suits.upper())
    return (split, None if base == "-" else RANKS.index(base.upper()) + 1, fsuits, int(draw[1]), rules,
            InvalidPosition, int(score), int(passes) - 1, reserves, down_cards)


def _read_pile(text, label):
    """The (card index, face up) pairs of one pile of a position text; raises InvalidPosition."""
    if text == "-":
        return []
    if len(text) % 2:
        raise InvalidPosition(f"position: {label} {text!r:.40} is not cards of two characters each (or '-')")
    out = []
    for i in range(0, len(text), 2):
        t = text[i:i + 2]
        up = t.isupper() or (t[0].isdigit() and t[1].isupper())
        down = t.islower() or (t[0].isdigit() and t[1].islower())
        if up == down:
            raise InvalidPosition(f"position: {t!r} in {label}: write a card all in capitals (face up) or all "
                                  "in small letters (face down)")
        try:
            out.append((parse_card_index(t), up))
        except InvalidCard as exc:
            raise InvalidPosition(f"position: {label}: {exc}") from None
    return out
