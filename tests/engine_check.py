"""A digest of what the engine does, computed the same way under CPython and inside Pyodide.

`digest()` plays fixed scenarios (golden codes, every rule set and draw, pseudo-random play with undo and
redo, descriptions in the three languages, error messages) and returns JSON-able results; the browser test
compares Pyodide's digest with CPython's, so both Pythons are held to the same behaviour.
"""

import hashlib


def _lcg(seed):
    # A tiny fixed generator, so that the choice of moves is the same on every Python.
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield state >> 33


def digest(n_games=22, moves=250):
    from canfield import RULESETS, Game, IllegalMove, InvalidCode, InvalidPosition, Move
    from canfield.rules import LEGACY

    games = {**RULESETS, **LEGACY}

    out = {"codes": {}, "play": {}, "errors": []}
    for number in (0, 1, 63, 26 ** 7 - 1, 123456789):
        for rules in games.values():
            for draw in (1, 3):
                code = Game.new(draw=draw, rules=rules.name, number=number).code
                g = Game.from_code(code)
                out["codes"][code] = "".join(c.code for c in g.deck)
    rng = _lcg(2026)
    for i in range(n_games):
        rules = list(games)[i % len(games)]
        g = Game.new(draw=1 + 2 * (i % 2), rules=rules, number=next(rng) % (26 ** 7))
        h = hashlib.sha256()
        for step in range(moves):
            r = next(rng) % 10
            if r == 0:
                g.undo()
            elif r == 1:
                g.redo()
            else:
                legal = g.legal_moves()
                if not legal:
                    break
                m = legal[next(rng) % len(legal)]
                g.play(str(m))
                h.update(g.describe_move(m, ("fr", "nl", "en")[step % 3]).encode())
            h.update(repr(g.state()).encode())
        out["play"][g.code] = {
            "hash": h.hexdigest(), "score": g.score, "history": " ".join(map(str, g.history)),
            "fr": g.describe("fr"), "nl": g.describe("nl"), "en": g.describe("en"),
            "tap": [str(g.tap_move(p)) for p in ("W", "R", "T1", "T2", "T3", "T4", "T8")],
            "position": g.position(),
            "again": Game.from_position(g.position()).position(),
            "parsed": [repr(Move.parse(m.text())) for m in g.legal_moves()],
        }
    for bad in ("CF1-D3-AAAA", "ZZ1-D3-AAAAAAA", "CF1-D2-AAAAAAA", "CF1-D3-" + "QC" * 52):
        try:
            Game.from_code(bad)
        except InvalidCode as exc:
            out["errors"].append(str(exc))
    g = Game.new(number=5)
    for bad in ("T1-R", "X", "T1:9-T2"):
        try:
            g.play(bad)
        except IllegalMove as exc:
            out["errors"].append(str(exc))
    for bad in ("CF1-D3 A", "CF1-D3 A SHDC -/-/-/- -/-/-/- - - - 1 0"):
        try:
            Game.from_position(bad)
        except InvalidPosition as exc:
            out["errors"].append(str(exc))
    return out
