"""Games of several decks (issue 19): the copies of a card, explicit deals of 52 x decks cards, positions
and saved games of every game, descriptions, and the solver's "lost" against a plain brute force on rule
sets of two decks made to lose (foundations of one suit interchangeable, copies told apart by place)."""

import pickle
import random

import pytest

from canfield import CARDS, RULESETS, Card, Game, InvalidCode, InvalidDeck, InvalidPosition, card_name
from canfield.cards import DECK_CARDS
from canfield.rules import RuleSet
from canfield.save import dumps, from_save
from canfield.solver import LOST, UNKNOWN, WON, solve
from engine_helpers import brute_force_won

MULTI = [name for name, r in RULESETS.items() if r.decks > 1]


# ---- cards ----------------------------------------------------------------------------------------

def test_one_deck_cards_are_as_before_and_copies_have_their_own_identity():
    assert len(CARDS) == 52 and CARDS[0] is Card.parse("AS") and CARDS[51] is Card.parse("KC")
    assert all(c.copy == 1 and c.id == c.code for c in CARDS)
    assert repr(Card.parse("qc")) == "Card.parse('QC')"
    second = DECK_CARDS[52 + CARDS.index(Card.parse("QC"))]
    assert (second.code, second.id, second.copy, second.rank, second.suit, second.red) == ("QC", "QC2", 2, 12, "C",
                                                                                            False)
    assert second != Card.parse("QC") and hash(second) != hash(Card.parse("QC"))
    assert Card.parse_id("QC2") is second and Card.parse_id("qc") is Card.parse("QC")
    assert Card.parse_id("10h4") is DECK_CARDS[3 * 52 + 13 + 9]
    assert pickle.loads(pickle.dumps(second)) is second
    assert eval(repr(second), {"Card": Card}) is second
    assert len({c.id for c in DECK_CARDS}) == 208


@pytest.mark.parametrize("lang,name", [("fr", "dame de trèfle"), ("nl", "klaverenvrouw"), ("en", "queen of clubs")])
def test_every_copy_is_named_as_its_card(lang, name):
    for copy in range(4):
        assert card_name(DECK_CARDS[copy * 52 + 51 - 1], lang) == name
        assert card_name(copy * 52 + 50, lang) == name


@pytest.mark.parametrize("name", MULTI)
def test_every_card_of_a_deal_has_a_unique_id_beginning_with_its_code(name):
    g = Game.new(rules=name, number=12345)
    cards = [c for pile in (g.stock, g.waste, g.reserve, *g.foundations, *g.tableau) for c in pile]
    assert len(cards) == 52 * g.rules.decks
    assert len({c.id for c in cards}) == len(cards)
    assert all(c.id.startswith(c.code) and len(c.code) == 2 for c in cards)
    assert sorted(c.index for c in cards) == list(range(52 * g.rules.decks))


# ---- explicit deals ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", MULTI)
def test_an_explicit_deal_lists_each_code_decks_times_and_its_code_gives_it_back(name):
    r = RULESETS[name]
    numbered = Game.new(rules=name, number=99)
    body = "".join(c.code for c in numbered.deck)
    assert len(body) == 104 * r.decks
    draw = numbered.draw
    explicit = Game.from_code(f"{r.prefix}-D{draw}-{body}")
    assert explicit.position() == numbered.position()
    assert explicit.code == f"{r.prefix}-D{draw}-{body}"
    assert Game.from_code(explicit.code).deck == explicit.deck
    # copies are told apart by their order in the deal
    assert [c.copy for c in explicit.deck if c.code == "QC"] == list(range(1, r.decks + 1))
    assert Game.from_deck(body, draw=draw, rules=name).position() == numbered.position()


def test_a_deal_of_two_decks_refuses_a_third_copy_and_a_wrong_size():
    body = "".join(c.code for c in Game.new(rules="double", number=5).deck)
    i = body.index("QC", body.index("QC") + 2)
    third = body[:i] + body[i:].replace("QC", "QC", 1)
    j = body.index("KH")
    bad = body[:j] + "QC" + body[j + 2:]  # a third queen of clubs instead of a king of hearts
    with pytest.raises(InvalidCode, match="QC appears 3 times"):
        Game.from_code("DC1-D3-" + bad)
    with pytest.raises(InvalidCode, match="208 characters"):
        Game.from_code("DC1-D3-" + third + body[:104])  # 312 characters: three decks' worth
    with pytest.raises(InvalidDeck, match="a deck of 2 packs has 104 cards, this one has 52"):
        Game.from_deck(body[:104], rules="double")


# ---- positions and saved games ---------------------------------------------------------------------

def random_game(name, number, moves, seed):
    g = Game.new(rules=name, number=number)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = g.legal_moves()
        if not legal:
            break
        # foundation moves first half of the time, so the games get somewhere
        to_f = [m for m in legal if m.dst[0] == "F"]
        g.play(rng.choice(to_f if to_f and rng.random() < 0.5 else legal))
    return g


@pytest.mark.parametrize("name", list(RULESETS))
def test_save_and_load_round_trip_in_every_game(name):
    for seed in range(3):
        g = random_game(name, 1000 + seed, 150, seed)
        for _ in range(min(5, len(g.history))):
            g.undo()
        back = from_save(dumps(g))
        assert back.position() == g.position() and back.state() == g.state()
        assert back.history == g.history and back.redo_moves == g.redo_moves and back.code == g.code


@pytest.mark.parametrize("name", MULTI)
def test_positions_of_several_decks_read_back(name):
    for seed in range(3):
        g = random_game(name, 2000 + seed, 120, seed)
        text = g.position()
        h = Game.from_position(text)
        assert h.position() == text
        assert {m.text() for m in h.legal_moves()} == {m.text() for m in g.legal_moves()}
        assert len({c.id for pile in (h.stock, h.waste, h.reserve, *h.foundations, *h.tableau) for c in pile}) == (
            52 * g.rules.decks)


def test_a_position_with_a_card_more_times_than_the_decks_is_refused():
    g = Game.new(rules="double", number=3)
    fields = g.position().split(" ")
    card = fields[7][-2:].upper()  # the stock's next card, a third copy of it put on the (empty) waste
    assert fields[6] == "-"
    fields[6] = card
    with pytest.raises(InvalidPosition, match=f"position: {card} is in .* and in .* and in the waste"):
        Game.from_position(" ".join(fields))


# ---- the solver on two decks: "lost" stays a proof ---------------------------------------------------

# Rule sets of two decks made to lose often (three columns, one pass), each with what the family varies;
# take-backs on in some, so the interchangeable foundations are taken from in both directions.
HARD = [
    RuleSet("t-alt", "X1", "two decks, alternate", decks=2, columns=3, passes=1, draws=(1,), moves="top_or_whole",
            takeback=False),
    RuleSet("t-suit", "X2", "two decks, in suit", decks=2, columns=3, passes=1, draws=(1,), build="suit",
            moves="single", takeback=False),
    RuleSet("t-back", "X3", "two decks, take-backs", decks=2, columns=3, passes=1, draws=(1,), takeback=True),
    RuleSet("t-any", "X4", "two decks, free columns", decks=2, columns=3, passes=2, draws=(3,), fill="any",
            wrap=False, takeback=False),
    RuleSet("t-unl", "X5", "two decks, unlimited", decks=2, columns=3, draws=None, fill="reserve_then_waste",
            takeback=False),
]


def hard_position(rules, rng, left):
    """A random position of `rules`: each foundation in order up to a random height, `left` cards off them
    shuffled over the columns (one each), the reserve, the waste and the stock."""
    ranks = "A23456789TJQK"
    base = rng.randint(1, 13)
    nf = 4 * rules.decks
    suits = rng.sample("SHDC" * rules.decks, nf)
    heights = [13] * nf
    while sum(heights) > 52 * rules.decks - left:
        i = rng.randrange(nf)
        if heights[i]:
            heights[i] -= 1
    found, rest = [], []
    for s, h in zip(suits, heights):
        cards = [ranks[(base - 1 + n) % 13] + s for n in range(13)]
        found.append(cards[:h])
        rest += cards[h:]
    rng.shuffle(rest)
    cols = [[rest.pop()] for _ in range(rules.columns)]
    reserve = [rest.pop() for _ in range(rng.randint(0, min(8, len(rest))))]
    waste = [rest.pop() for _ in range(rng.randint(0, len(rest)))]
    return Game.from_piles(stock=rest, waste=waste, reserve=reserve, foundations=found, tableau=cols,
                           base_rank=base, foundation_suits=suits, draw=rules.draws[0] if rules.draws else 3,
                           rules=rules)


@pytest.mark.parametrize("rules", HARD, ids=[r.name for r in HARD])
def test_the_solver_agrees_with_the_brute_force_on_two_decks(rules):
    rng = random.Random(rules.name)
    verdicts = []
    for _ in range(40):
        g = hard_position(rules, rng, left=rng.randint(14, 24))
        expected = brute_force_won(g, limit=4_000)
        if expected is None:
            continue
        res = solve(g, max_nodes=50_000)
        if res.verdict == UNKNOWN:  # some wins the brute force stumbles on early take the solver longer
            continue
        assert res.verdict == (WON if expected else LOST), g.position()
        if res.won:
            h = g.copy()
            for m in res.moves:
                h.play(m)
            assert h.won, g.position()
        verdicts.append(res.verdict)
    # a won verdict is checked by its line; a wrong "lost" shows against the won positions
    assert len(verdicts) >= 30 and verdicts.count(WON) >= 20, (verdicts.count(WON), verdicts.count(LOST))
    assert verdicts.count(LOST) >= (3 if rules.passes == 1 and not rules.takeback else 0)


def test_a_safe_foundation_move_takes_only_the_last_copy_of_a_card():
    """Two 5H: the reserve's may go up on the hearts at 4 only if no other copy still
    needs that foundation. The waste's 5H covers the 4H that the other hearts foundation (at 2) needs: the
    win puts the waste's 5H up first; putting the reserve's up first leaves the waste's with nowhere to go."""
    rules = HARD[0]
    full = [[r + s for r in "A23456789TJQK"] for s in "SSCCDD"]
    hearts = [[r + "H" for r in "A234"], ["AH", "2H"]]
    g = Game.from_piles(
        stock=[], waste=["4H", "5H"], reserve="JH TH 9H 8H 7H KH QH JH TH 9H 8H 7H 6H 6H 5H".split(),
        foundations=full + hearts, tableau=[["3H"], ["KH"], ["QH"]], base_rank=1,
        foundation_suits="SSCCDDHH", draw=1, rules=rules)
    assert brute_force_won(g) is True
    res = solve(g)
    assert res.won
    for m in res.moves:
        g.play(m)
    assert g.won


def test_a_won_game_of_four_decks_is_counted_and_its_score_read_back():
    from canfield.stats import Stats, key

    g = Game.new(rules="quadruple", number=0)
    res = solve(g, max_nodes=20_000)
    assert res.won
    for m in res.moves:
        g.play(m)
    assert g.won and g.score == 5 * (208 - 1)  # every card but the base card sent up
    s = Stats()
    k = key(g.rules, g.draw)
    s.start(k, "q")
    assert s.win("q", g.score, 600, len(g.history))
    again = Stats.from_json(s.to_json())
    t = again.table("quadruple-D3")
    assert (t["played"], t["won"], t["best_score"]) == (1, 1, 1035)
