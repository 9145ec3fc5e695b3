"""Fuzz every loader with random and mutated inputs; print how many were tried, accepted and refused.

    python bench/fuzz_loaders.py [--n 20000] [--seed 1]

Loaders: Game.from_code, Game.play, canfield.save.from_save, Stats.from_json, Settings.read. Inputs are
random text and bytes, valid records with a few characters mutated (flipped, inserted, deleted,
duplicated), records with a field swapped for an odd value, and deep or huge texts. Any exception other
than the loader's documented errors is printed with its input and makes the exit status 1; every accepted
record must go back to valid JSON that reads the same. Not a timed benchmark: it prints counts.
"""

import argparse
import json
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "static"))

from canfield import Game, IllegalMove, InvalidCode, InvalidDeck  # noqa: E402
from canfield.save import InvalidSave, dumps, from_save  # noqa: E402
from canfield.stats import InvalidStats, Stats  # noqa: E402
from worker.settings import Settings  # noqa: E402

ODD = [None, True, False, 0, -1, 1.5, 1e308, float("inf"), float("nan"), "", "x", [], {}, [[]], {"a": []},
       10**30, "9" * 5000, "CF1-D3-AAAAACL", "S", "R-T2"]
CHARS = '[]{}",:-0123456789.eE+ \\/ntrufalsTFDSWR\x00\xff\u2028\ud800'


def mutate(rng, text):
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(CHARS)
        elif op == 1:
            chars.insert(i, rng.choice(CHARS))
        elif op == 2 and chars:
            del chars[min(i, len(chars) - 1)]
        else:
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[min(i, j):max(i, j)][:50]
    return "".join(chars)


def swap_field(rng, record):
    rec = json.loads(json.dumps(record))
    node = rec
    while isinstance(node, (dict, list)) and node and rng.random() < 0.6:
        k = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        if not isinstance(node[k], (dict, list)) or not node[k]:
            break
        node = node[k]
    if isinstance(node, dict) and node:
        node[rng.choice(list(node))] = rng.choice(ODD)
    elif isinstance(node, list) and node:
        node[rng.randrange(len(node))] = rng.choice(ODD)
    return json.dumps(rec)


def random_text(rng):
    kind = rng.randrange(5)
    if kind == 0:
        return "".join(rng.choice(CHARS) for _ in range(rng.randint(0, 60)))
    if kind == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 60)))
    if kind == 2:
        n = rng.choice([20, 100, 10_000, 100_000])
        return rng.choice(["[", "{", '{"a":']) * n
    if kind == 3:
        return rng.choice(["[", '"', "1"]) * rng.choice([10_000, 1_100_000])
    return json.dumps(rng.choice(ODD))


def samples():
    """Valid records to mutate: a few games with history and redo, statistics, settings."""
    rng = random.Random(7)
    saves, stats, codes = [], [], []
    for n in range(6):
        g = Game.new(number=rng.randrange(26 ** 7), draw=1 + 2 * (n % 2), rules=["canfield", "classic"][n % 2])
        for _ in range(rng.randint(0, 40)):
            g.play(rng.choice(g.legal_moves()))
        g.undo()
        saves.append(dumps(g))
        codes.append(g.code)
    codes.append("CF1-D3-" + "".join(c.code for c in Game.from_code("CF1-D3-AAAAACL").stock) + "X" * 36)
    s = Stats()
    for i in range(12):
        s.start(["canfield-D3", "classic-D1"][i % 2], f"g{i}", at=1000.0 + i)
        if i % 3 == 0:
            s.win(f"g{i}", 200 + i, 100.0 + i)
    stats.append(s.to_json())
    stats.append(json.dumps({"format": "canfield-stats", "version": 1, "open": None, "tables": {
        "canfield-D3": {"played": 3, "won": 1, "streak": 1, "best_streak": 1, "best_score": 255, "fastest": 80}}}))
    settings = [Settings(draw=1, lang="nl", four_color=True).to_json(), Settings().to_json()]
    return saves, stats, settings, codes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20_000, help="inputs per loader")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    saves, stats_texts, settings_texts, codes = samples()
    failures = 0

    def run(name, make, load, refused, check):
        nonlocal failures
        tried = accepted = rejected = 0
        start = time.process_time()
        for _ in range(args.n):
            data = make()
            tried += 1
            try:
                value = load(data)
            except refused:
                rejected += 1
                continue
            except Exception:  # exactly what this run hunts for
                failures += 1
                print(f"  {name}: undocumented error for {data!r:.200}\n{traceback.format_exc()}")
                continue
            accepted += 1
            try:
                check(data, value)
            except Exception:
                failures += 1
                print(f"  {name}: accepted but does not round-trip: {data!r:.200}\n{traceback.format_exc()}")
        print(f"{name:<20} tried {tried:>7}  accepted {accepted:>7}  refused {rejected:>7}  "
              f"({time.process_time() - start:.1f} s CPU)")

    def pick(valid, mutate_p=0.5, swap_p=0.3):
        def make():
            r = rng.random()
            base = rng.choice(valid)
            if r < mutate_p:
                return mutate(rng, base)
            if r < mutate_p + swap_p:
                return swap_field(rng, json.loads(base))
            if r < mutate_p + swap_p + 0.1:
                return base if rng.random() < 0.5 else base.encode()
            return random_text(rng)
        return make

    def code_input():
        r = rng.random()
        if r < 0.6:
            return mutate(rng, rng.choice(codes))
        if r < 0.8:
            return rng.choice(codes).lower() if rng.random() < 0.5 else " " + rng.choice(codes) + " "
        return rng.choice(ODD) if rng.random() < 0.5 else random_text(rng)

    run("Game.from_code", code_input, Game.from_code, (InvalidCode, InvalidDeck),
        lambda data, g: Game.from_code(g.code).state() == g.state() or _fail("code round trip"))

    game = Game.from_code("CF1-D3-AAAAACL")
    moves = ["S", "R-T2", "W-F1", "T1-F", "F-T3", "T2:2-T4", "T1:13-T2", "T1-T2", "W-F"]

    def move_input():
        r = rng.random()
        if r < 0.1:  # keep the position moving so that more moves are legal
            legal = game.legal_moves()
            return rng.choice(legal) if legal else "S"
        if r < 0.6:
            return mutate(rng, rng.choice(moves))
        if r < 0.8:
            return (rng.choice(ODD + ["R", "T1", "F1"]), rng.choice(ODD + ["T2", "F2"]), rng.choice(ODD + [1, 2]))
        return rng.choice(ODD) if rng.random() < 0.5 else random_text(rng)

    def play(m):
        if len(game.history) > 300:
            game.restart()
        before = game.state()
        try:
            return game.play(m)
        except IllegalMove:
            if game.state() != before:
                _fail("an illegal move changed the game")
            raise

    run("Game.play", move_input, play, IllegalMove, lambda data, m: None)
    run("from_save", pick(saves), from_save, InvalidSave,
        lambda data, g: from_save(dumps(g)).state() == g.state() or _fail("save round trip"))
    run("Stats.from_json", pick(stats_texts), Stats.from_json, InvalidStats,
        lambda data, s: Stats.from_json(s.to_json()).to_json() == s.to_json() or _fail("stats round trip"))
    def read_settings(text):
        got, sound = Settings.read(text, ("canfield", "classic"))  # never raises
        if Settings.from_json(got.to_json(), ("canfield", "classic")) != got:
            _fail("settings round trip")
        if not sound:
            raise SetAside  # counted as refused: the page sets the record aside, defaults apply
        return got

    run("Settings.read", pick(settings_texts), read_settings, SetAside, lambda data, got: None)
    print("undocumented errors or broken round trips:", failures)
    return 1 if failures else 0


class SetAside(Exception):
    """Settings.read answered "not sound"."""


def _fail(what):
    raise AssertionError(what)


if __name__ == "__main__":
    sys.exit(main())
