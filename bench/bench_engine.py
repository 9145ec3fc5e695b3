"""Engine speed: random legal games, timing legal-move listing, play + undo, and apply + undo.

    python bench/bench_engine.py [--games 200] [--moves 200] [--repeat 5]

Prints rates per second (median over repeats). A benchmark, not a test: figures vary with the machine.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canfield import Game


def positions(games, moves, seed):
    """Positions reached by random play: (game, the moves of the line played)."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        g = Game.new(draw=3 if i % 2 else 1, number=rng.randrange(26 ** 7))
        line = []
        for _ in range(moves):
            legal = g.legal_moves()
            if not legal:
                break
            m = rng.choice(legal)
            g.play(m)
            line.append(m)
        out.append((g, line))
    return out


def bench_listing(games):
    n = 0
    t = time.perf_counter()
    for g, line in games:
        for _ in line:
            g.legal_moves()
            g.undo()
            n += 1
        for _ in line:
            g.redo()
    return n / (time.perf_counter() - t)


def bench_play_undo(games, checked):
    n = 0
    t = time.perf_counter()
    for g, line in games:
        while g.undo():
            pass
        if checked:
            for m in line:
                g.play(m)
                g.undo()
                g.redo()
                n += 1
        else:
            apply, unapply = g.apply, g.unapply
            for m in line:
                apply(m)
                unapply()
                apply(m)
                n += 1
    return n / (time.perf_counter() - t)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    games = positions(args.games, args.moves, 2026)
    total = sum(len(line) for _, line in games)
    print(f"{args.games} random games, {total} positions, Python {sys.version.split()[0]}")
    rows = {"legal-move listings": [], "apply + undo (solver path)": [], "play + undo (checked)": []}
    for _ in range(args.repeat):
        rows["legal-move listings"].append(bench_listing(games))
        rows["apply + undo (solver path)"].append(bench_play_undo(games, checked=False))
        rows["play + undo (checked)"].append(bench_play_undo(games, checked=True))
    for name, rates in rows.items():
        print(f"{name:28s} median {statistics.median(rates):>10,.0f}/s   (min {min(rates):,.0f}, max {max(rates):,.0f})")


if __name__ == "__main__":
    main()
