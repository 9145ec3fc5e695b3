"""Benchmark of the solver over numbered deals: verdict counts, time per deal, positions per second.

    python bench/bench_solver.py [N] [--start 0] [--draw 3] [--rules canfield] [--nodes 2000000] [--seconds 10]

Prints won/lost/unknown counts and percentages, the median and 95th-percentile time per deal and the
positions searched per second. Figures, not pass/fail: the targets are read by people.

Measured 2026-11-29, CPython 3.11.7, 2-core machine shared with other jobs (wall times inflated; CPU
times given too), 200 deals from 0, 10 s per deal:
    draw 3 canfield:  won 91.5%  lost 7.0%  unknown 1.5%  decided 98.5%  median 35 ms (13 ms CPU)  p95 0.76 s
    (deals 200-399:   won 92.0%  lost 6.5%  unknown 1.5%  decided 98.5%  median 29 ms (12 ms CPU)  p95 1.5 s)
    draw 1 canfield:  won 97.5%  lost 0.5%  unknown 2.0%  decided 98.0%  median 12 ms (6 ms CPU)   p95 0.42 s
    draw 3 classic:   won 64.0%  lost 12.0% unknown 24.0% decided 76.0%  median 42 ms (21 ms CPU)  p95 10 s
about 35,000-50,000 positions per CPU second.
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from canfield import Game  # noqa: E402
from canfield.deal import shuffled_deck  # noqa: E402
from canfield.solver import Solver  # noqa: E402


def percentile(values, q):
    values = sorted(values)
    if not values:
        return 0.0
    i = min(len(values) - 1, max(0, int(round(q * (len(values) - 1)))))
    return values[i]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=200, help="number of deals (default 200)")
    ap.add_argument("--start", type=int, default=0, help="first deal number (default 0)")
    ap.add_argument("--draw", type=int, choices=(1, 3), default=3)
    ap.add_argument("--rules", default="canfield", help="canfield, classic, storehouse or rainbow")
    ap.add_argument("--nodes", type=int, default=2_000_000, help="node budget per deal (default 2000000)")
    ap.add_argument("--seconds", type=float, default=10.0, help="time limit per deal (default 10)")
    ap.add_argument("--verbose", "-v", action="store_true", help="one line per deal")
    args = ap.parse_args(argv)

    counts = {"won": 0, "lost": 0, "unknown": 0}
    times = []
    cpu_times = []
    node_counts = []
    total_nodes = 0
    t_all = time.perf_counter()
    for number in range(args.start, args.start + args.n):
        game = Game(shuffled_deck(number), args.draw, args.rules, number)
        t0 = time.perf_counter()
        c0 = time.process_time()
        res = Solver(game, args.nodes, args.seconds).run()
        dt = time.perf_counter() - t0
        times.append(dt)
        cpu_times.append(time.process_time() - c0)
        total_nodes += res.nodes
        node_counts.append(res.nodes)
        counts[res.verdict] += 1
        if args.verbose:
            print(f"{game.code} {res.verdict:7} {res.nodes:9d} nodes {dt:8.3f} s {res.reason or ''}", flush=True)
    wall = time.perf_counter() - t_all
    n = args.n
    print(f"solver benchmark: {n} deals from {args.start}, draw {args.draw}, {args.rules} rules, "
          f"budget {args.nodes} nodes / {args.seconds} s per deal, Python {sys.version.split()[0]}")
    for v in ("won", "lost", "unknown"):
        print(f"  {v:8} {counts[v]:5d}  {100.0 * counts[v] / n:5.1f}%")
    print(f"  decided  {counts['won'] + counts['lost']:5d}  {100.0 * (counts['won'] + counts['lost']) / n:5.1f}%")
    print(f"  time per deal: median {1000 * statistics.median(times):.1f} ms, "
          f"p95 {1000 * percentile(times, 0.95):.1f} ms, max {1000 * max(times):.1f} ms, total {wall:.1f} s")
    print(f"  CPU time per deal: median {1000 * statistics.median(cpu_times):.1f} ms, "
          f"p95 {1000 * percentile(cpu_times, 0.95):.1f} ms (wall times suffer when the machine is busy)")
    nodes_sorted = sorted(node_counts)
    print(f"  positions per deal: median {statistics.median(nodes_sorted):.0f}, p95 {percentile(nodes_sorted, 0.95)}")
    print(f"  positions: {total_nodes} in all, {total_nodes / max(sum(times), 1e-9):.0f} per second "
          f"({total_nodes / max(sum(cpu_times), 1e-9):.0f} per CPU second)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
