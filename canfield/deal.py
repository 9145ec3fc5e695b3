"""Deal numbers, the shuffle, and deal codes.

Deal code format (case-insensitive, surrounding spaces ignored):

    CF1-D3-AAAAACL
    │   │  └ 7 letters A-Z: the deal number in base 26, A=0, most significant first (0 .. 26**7-1)
    │   └ draw: D3 (three cards at a time) or D1 (one)
    └ rules and code version: each rule set's prefix (CF1 canfield, CL1 classic, ... DM1 demon: rules.py)

    CF1-D3-QC8HQSJS... an explicit deal: 104 characters, the 52 cards in dealing order,
                       two characters each (rank A23456789TJQK, suit SHDC); a game of several decks
                       lists 52 x decks cards, each code `decks` times (its n-th appearance its n-th copy)

From a deal number to the cards (a published, fixed algorithm, the same on every machine forever):
1. The generator is SplitMix64 (Steele, Lea, Flood 2014) with the deal number as its 64-bit seed:
       state = (state + 0x9E3779B97F4A7C15) mod 2**64
       z = state
       z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
       z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
       output z ^ (z >> 31)
2. below(n), a uniform integer 0 <= k < n, by rejection: draw x until x < 2**64 - (2**64 mod n),
   then k = x mod n.
3. The deck starts in the fixed order AS 2S .. KS, AH .. KH, AD .. KD, AC .. KC and is shuffled by
   Fisher-Yates: for i from 51 down to 1, j = below(i + 1), swap deck[i] and deck[j]. With several decks
   the decks follow each other in that order (copy 1, then copy 2, ...: 52 x decks cards) and i runs
   from 52 x decks - 1 down.
4. The shuffled deck is the deal, in dealing order: cards 1-13 the reserve from bottom to top,
   card 14 the base card, 15-18 the tableau columns 1-4, 19-52 the stock from top to bottom
   (other rule sets: their reserve size, then the base card, one card a column, the rest the stock).
   (Rule sets with a fixed base rank take the cards of that rank out first; see game.py.)
D1 and D3 codes of the same number deal the same cards.
"""

from .cards import CARDS, parse_card_index
from .errors import InvalidCard, InvalidCode, InvalidDeck
from .rules import check_draw, rules_for_prefix

MASK64 = (1 << 64) - 1
NUMBER_LETTERS = 7
MAX_NUMBER = 26 ** NUMBER_LETTERS - 1


class SplitMix64:
    """The deal generator (see the module docstring)."""

    __slots__ = ("state",)

    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled_deck(number, decks=1):
    """The 52 x `decks` card indices of deal `number` in dealing order (card i is copy i // 52 of card
    i % 52; one deck: today's deals exactly)."""
    if not 0 <= number <= MAX_NUMBER:
        raise InvalidCode(f"deal number {number} is out of range 0..{MAX_NUMBER}")
    rng = SplitMix64(number)
    deck = list(range(52 * decks))
    for i in range(52 * decks - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def number_to_letters(number):
    letters = []
    for _ in range(NUMBER_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def letters_to_number(letters):
    number = 0
    for ch in letters:
        number = number * 26 + ord(ch) - ord("A")
    return number


def deck_text(deck):
    """104 characters a deck: the two-character codes of the cards of `deck` (indices) run together."""
    return "".join(CARDS[i % 52].code for i in deck)


def check_deck(cards, decks=1):
    """Card indices from 52 x `decks` card texts (a list, or one string spaced or not), each card `decks`
    times: its n-th appearance is its n-th copy (index + 52 x (n - 1)); raises InvalidDeck."""
    from .cards import split_cards

    if isinstance(cards, str):
        texts = split_cards(cards)
    else:
        try:
            texts = list(cards)
        except TypeError:
            raise InvalidDeck(f"a deck is a list of 52 cards or one string, not {type(cards).__name__}") from None
    deck = []
    for pos, text in enumerate(texts, 1):
        if hasattr(text, "index") and hasattr(text, "code") and not isinstance(text, str):
            text = text.code
        try:
            deck.append(parse_card_index(text))
        except InvalidCard as exc:
            raise InvalidDeck(f"card {pos} of the deck: {exc}") from None
    n = 52 * decks
    if len(deck) != n:
        raise InvalidDeck(f"a deck of {decks} pack{'s' if decks > 1 else ''} has {n} cards, this one has {len(deck)}")
    seen = {}
    out = []
    for pos, idx in enumerate(deck, 1):
        where = seen.setdefault(idx, [])
        if len(where) == decks:
            times = "twice" if decks == 1 else f"{decks + 1} times"
            raise InvalidDeck(f"{CARDS[idx].code} appears {times} in the deck (cards "
                              f"{', '.join(map(str, where))} and {pos})")
        out.append(idx + 52 * len(where))
        where.append(pos)
    return out


def parse_code(code):
    """Parse a deal code: returns (rules, draw, number or None, deck indices). Raises InvalidCode."""
    if not isinstance(code, str):
        raise InvalidCode(f"a deal code is text such as 'CF1-D3-AAAAACL', not {type(code).__name__}")
    text = code.strip().upper()
    parts = text.split("-")
    if len(parts) != 3:
        raise InvalidCode(f"deal code {code!r} should have three parts separated by '-', such as CF1-D3-AAAAACL")
    prefix, draw_part, body = parts
    rules = rules_for_prefix(prefix, code)
    if draw_part not in ("D1", "D3"):
        raise InvalidCode(f"deal code {code!r}: the draw part must be D1 or D3, not {draw_part!r}")
    draw = int(draw_part[1])
    try:
        check_draw(rules, draw)
    except ValueError as exc:
        raise InvalidCode(f"deal code {code!r}: {exc} (its codes say D{rules.draws[0]})") from None
    if len(body) == NUMBER_LETTERS:
        if not all("A" <= ch <= "Z" for ch in body):
            raise InvalidCode(f"deal code {code!r}: the deal number must be {NUMBER_LETTERS} letters A-Z, not {body!r}")
        number = letters_to_number(body)
        return rules, draw, number, shuffled_deck(number, rules.decks)
    size = 104 * rules.decks
    if len(body) == size:
        try:
            deck = check_deck(body, rules.decks)
        except InvalidDeck as exc:
            raise InvalidCode(f"deal code {code!r}: {exc}") from None
        return rules, draw, None, deck
    raise InvalidCode(
        f"deal code {code!r}: after the draw comes a deal number of {NUMBER_LETTERS} letters A-Z "
        f"or an explicit deal of {size} characters ({52 * rules.decks} cards), not {len(body)} characters"
    )


def make_code(rules, draw, number, deck):
    body = number_to_letters(number) if number is not None else deck_text(deck)
    return f"{rules.prefix}-D{draw}-{body}"
