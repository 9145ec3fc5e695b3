"""Benchmark of the solver over numbered deals: verdict counts, time per deal, positions per second.

    python bench/bench_solver.py [N] [--start 0] [--draw 3] [--rules canfield] [--nodes 2000000] [--seconds 10]
                                 [--clock cpu|wall] [--all] [-v]
    python bench/bench_solver.py N --all --games page --against REV [--nodes 15000] [--repeat 2]
    python bench/bench_solver.py N --rules chameleon --grade [-v]
    python bench/bench_solver.py N --all --games extended [--seconds 10]

--rules of one of issue 34's games (eagle-wing, gate, ..., the-plot; `rules.extended`) measures the generic
search (canfield/generic_search.py), which canfield.solver.Solver runs for them; --games extended runs all
twelve (both draws where the player chooses).

--grade grades each deal as the catalogue does (canfield.insight.rate: the depth-first search of
GRADE_NODES, then the rule set's beam search where insight.GRADE_BEAMS has one) and prints how many were won
by each search, the CPU time and positions per grade (median, p95).

The time limit counts this process's CPU time by default: on a machine shared with other jobs, a wall
limit gives a deal a fraction of its 10 s. --all runs every rule set with both draws and ends with a
summary table; each run says whether issue 13's target for it is met, or by how much it is missed.

--against REV compares this solver with the one of a git revision (its canfield package extracted to a
temporary folder and imported under another name), search by search in one process: each deal solved by
the old and the new in turn, --repeat times each, the fastest CPU time of each kept; the verdicts and
position counts must agree (the speed-ups change the work per position, not the search). Prints positions
per CPU second before and after, and their ratio, per game and for all.

Prints won/lost/unknown counts and percentages, the median and 95th-percentile time per deal and the
positions searched per second. Figures, not pass/fail: the targets are read by people.

Measured 2026-12-01, CPython 3.11.7, 2-core machine at load average 12-17 (the README's Speed section has
every rule set and draw), 200 deals from 0, 10 s of CPU a deal:
    draw 3 canfield:  won 91.5%  lost 7.5%  unknown 1.0%  decided 99.0%  median 9.4 ms CPU  (target met)
    draw 1 canfield:  won 98.5%  lost 0.5%  unknown 1.0%  decided 99.0%  median 3.5 ms CPU  (99.5%: missed)
    draw 3 classic:   won 65.0%  lost 13.0% unknown 22.0% decided 78.0%  median 15-19 ms CPU (95%: missed)
about 50,000-61,000 positions per CPU second.
"""

import argparse
import importlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from canfield import Game
from canfield.rules import LEGACY, RULESETS
from canfield.solver import Solver


def percentile(values, q):
    values = sorted(values)
    if not values:
        return 0.0
    i = min(len(values) - 1, max(0, int(round(q * (len(values) - 1)))))
    return values[i]


# Issue 13's targets, CPython, 10 s a deal: (decided %, median CPU ms or None) by (rules, draw).
# "draw 1 at least 99.5%" is read as Canfield draw 1; the other rule sets have no target.
TARGETS = {("canfield", 3): (99.0, 30.0), ("canfield", 1): (99.5, None), ("classic", 3): (95.0, None)}


def run(rules, draw, start, n, nodes, seconds, verbose=False, clock=time.process_time):
    """Solve deals start .. start+n-1; a dict of figures."""
    counts = {"won": 0, "lost": 0, "unknown": 0}
    times, cpu_times, node_counts = [], [], []
    for number in range(start, start + n):
        game = Game.new(draw, rules, number)
        t0 = time.perf_counter()
        c0 = time.process_time()
        res = Solver(game, nodes, seconds, clock=clock).run()
        dt = time.perf_counter() - t0
        times.append(dt)
        cpu_times.append(time.process_time() - c0)
        node_counts.append(res.nodes)
        counts[res.verdict] += 1
        if verbose:
            print(f"{game.code} {res.verdict:7} {res.nodes:9d} nodes {dt:8.3f} s {res.reason or ''}", flush=True)
    return {"clock": "CPU" if clock is time.process_time else "wall", "rules": rules, "draw": draw, "n": n, "counts": counts, "times": times, "cpu": cpu_times,
            "nodes": node_counts, "decided": 100.0 * (counts["won"] + counts["lost"]) / n}


def grade_run(rules, draw, start, n, verbose=False):
    """Grade deals start .. start+n-1 as the catalogue does; prints the figures."""
    from canfield.insight import GRADE_BEAMS, GRADE_NODES, rate

    counts = {"won (depth-first)": 0, "won (beam)": 0, "lost": 0, "unknown": 0}
    cpu, nodes, wins = [], [], []
    for number in range(start, start + n):
        game = Game.new(draw, rules, number)
        c0 = time.process_time()
        r = rate(game)
        dt = time.process_time() - c0
        cpu.append(dt)
        nodes.append(r.nodes)
        kind = r.verdict if r.verdict != "won" else ("won (beam)" if r.nodes > GRADE_NODES else "won (depth-first)")
        counts[kind] += 1
        if r.verdict == "won":
            wins.append((number, r.grade, r.par, r.nodes))
        if verbose:
            print(f"{game.code} {kind:18} {r.nodes:7d} positions {dt:7.3f} s CPU {r.grade or ''} {r.par or ''}",
                  flush=True)
    beam = GRADE_BEAMS.get(RULESETS[rules])
    print(f"grade benchmark: {n} deals from {start}, {rules} D{draw}, {GRADE_NODES} positions depth-first"
          + (f", then a beam of width {beam[0]}, at most {beam[1]} positions" if beam else ", no beam"))
    for k, v in counts.items():
        print(f"  {k:18} {v:5d}  {100.0 * v / n:5.1f}%")
    print(f"  CPU time per grade: median {1000 * statistics.median(cpu):.1f} ms, p95 {1000 * percentile(cpu, 0.95):.1f} ms, "
          f"total {sum(cpu):.1f} s")
    print(f"  positions per grade: median {statistics.median(nodes):.0f}, p95 {percentile(nodes, 0.95)}")
    print(f"  won: {wins}")


def target_line(fig):
    """Whether the figures meet issue 13's target for their rules and draw, and by how much not."""
    target = TARGETS.get((fig["rules"], fig["draw"]))
    if target is None:
        return "  target: none for these rules and draw"
    want, median_ms = target
    med = 1000 * statistics.median(fig["cpu"])
    parts = []
    ok = fig["decided"] >= want
    parts.append(f"decided {fig['decided']:.1f}% (target {want}%: " + ("met" if ok else
                 f"missed by {want - fig['decided']:.1f} points") + ")")
    if median_ms is not None:
        ok_t = med <= median_ms
        ok = ok and ok_t
        parts.append(f"median {med:.1f} ms CPU (target {median_ms:.0f} ms: " + ("met" if ok_t else
                     f"missed by {med - median_ms:.1f} ms") + ")")
    return "  target " + ("MET" if ok else "MISSED") + ": " + ", ".join(parts)


def report(fig, args_nodes, args_seconds, start):
    n = fig["n"]
    counts, times, cpu_times, node_counts = fig["counts"], fig["times"], fig["cpu"], fig["nodes"]
    total_nodes = sum(node_counts)
    print(f"solver benchmark: {n} deals from {start}, draw {fig['draw']}, {fig['rules']} rules, "
          f"budget {args_nodes} nodes / {args_seconds} s ({fig['clock']}) per deal, Python {sys.version.split()[0]}")
    for v in ("won", "lost", "unknown"):
        print(f"  {v:8} {counts[v]:5d}  {100.0 * counts[v] / n:5.1f}%")
    print(f"  decided  {counts['won'] + counts['lost']:5d}  {fig['decided']:5.1f}%")
    print(f"  time per deal: median {1000 * statistics.median(times):.1f} ms, "
          f"p95 {1000 * percentile(times, 0.95):.1f} ms, max {1000 * max(times):.1f} ms, total {sum(times):.1f} s")
    print(f"  CPU time per deal: median {1000 * statistics.median(cpu_times):.1f} ms, "
          f"p95 {1000 * percentile(cpu_times, 0.95):.1f} ms (wall times suffer when the machine is busy)")
    nodes_sorted = sorted(node_counts)
    print(f"  positions per deal: median {statistics.median(nodes_sorted):.0f}, p95 {percentile(nodes_sorted, 0.95)}")
    print(f"  positions: {total_nodes} in all, {total_nodes / max(sum(times), 1e-9):.0f} per second "
          f"({total_nodes / max(sum(cpu_times), 1e-9):.0f} per CPU second)")
    print(target_line(fig))


def load_average():
    try:
        return "load average %.2f %.2f %.2f" % os.getloadavg()
    except (AttributeError, OSError):
        return "load average unknown"


def load_revision(rev, root):
    """The canfield package of git revision `rev`, extracted under `root` and imported as its own package."""
    repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    name = "canfield_at_" + "".join(ch for ch in rev if ch.isalnum())
    archive = subprocess.run(["git", "-C", repo, "archive", rev, "canfield"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", root], input=archive, check=True)
    os.rename(os.path.join(root, "canfield"), os.path.join(root, name))
    sys.path.insert(0, root)
    try:
        return importlib.import_module(name), importlib.import_module(name + ".solver")
    finally:
        sys.path.remove(root)


def _print_ratio(label, sums):
    before, after = sums["nodes"] / sums["old"], sums["nodes"] / sums["new"]
    print(f"  {label}  {before:9.0f}  {after:9.0f}  x{after / before:.2f}", flush=True)


def compare(rev, configs, start, n, nodes, repeat):
    """This solver against revision `rev`'s on the same searches: prints the positions per CPU second
    before and after, and their ratio, per game and draw, then for all the searches together."""
    root = tempfile.mkdtemp(prefix="solver-ab-")
    try:
        old_pkg, old_solver = load_revision(rev, root)
        totals = {"nodes": 0, "old": 0.0, "new": 0.0}
        for rules, draw in configs:
            sums = {"nodes": 0, "old": 0.0, "new": 0.0}
            for number in range(start, start + n):
                best = {"old": None, "new": None}
                seen = {}
                for _ in range(repeat):
                    for side, game_cls, solver_cls in (("old", old_pkg.Game, old_solver.Solver),
                                                       ("new", Game, Solver)):
                        game = game_cls.new(draw, rules, number)
                        c0 = time.process_time()
                        res = solver_cls(game, nodes).run()
                        dt = time.process_time() - c0
                        seen[side] = (res.verdict, res.nodes)
                        if best[side] is None or dt < best[side]:
                            best[side] = dt
                if seen["old"] != seen["new"]:
                    raise SystemExit(f"{rules} D{draw} deal {number}: the searches differ, "
                                     f"{seen['old']} before, {seen['new']} after")
                sums["nodes"] += seen["new"][1]
                sums["old"] += best["old"]
                sums["new"] += best["new"]
            for k in totals:
                totals[k] += sums[k]
            _print_ratio(f"{rules:13}  D{draw}", sums)
        _print_ratio(f"{'all':13}    ", totals)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=200, help="number of deals (default 200)")
    ap.add_argument("--start", type=int, default=0, help="first deal number (default 0)")
    ap.add_argument("--draw", type=int, choices=(1, 3), default=3)
    ap.add_argument("--rules", default="canfield", help=f"one of {', '.join(RULESETS)}")
    ap.add_argument("--all", action="store_true",
                    help="every game (both draws where the player chooses), then a summary table")
    ap.add_argument("--games", default=None,
                    help="with --all: only these games, comma-separated (\"page\": the one-deck games the page offers; "
                         "\"extended\": issue 34's games, searched by canfield/generic_search.py)")
    ap.add_argument("--nodes", type=int, default=2_000_000, help="node budget per deal (default 2000000)")
    ap.add_argument("--seconds", type=float, default=10.0, help="time limit per deal (default 10)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="what the time limit measures: this process's CPU time (default: fair on a shared "
                         "machine) or wall time")
    ap.add_argument("--verbose", "-v", action="store_true", help="one line per deal")
    ap.add_argument("--against", metavar="REV", default=None,
                    help="compare positions per CPU second with the solver of this git revision")
    ap.add_argument("--repeat", type=int, default=2, help="with --against: runs of each search, the fastest kept")
    ap.add_argument("--grade", action="store_true",
                    help="grade each deal as the catalogue does (the depth-first search, then the beam where the "
                         "rule set has one)")
    args = ap.parse_args(argv)

    print(load_average() + " at the start")
    if args.grade:
        grade_run(args.rules, (RULESETS[args.rules].draws or (args.draw,))[0], args.start, args.n, args.verbose)
        print(load_average() + " at the end")
        return 0
    names = list(RULESETS)
    if args.games == "page":
        names = [name for name, r in RULESETS.items() if r.decks == 1 and name not in LEGACY]
    elif args.games == "extended":
        # issue 34's games, searched by canfield/generic_search.py
        names = [name for name, r in RULESETS.items() if getattr(r, "extended", False)]
    elif args.games:
        names = [name.strip() for name in args.games.split(",")]
        unknown = [name for name in names if name not in RULESETS]
        if unknown:
            ap.error(f"no such game: {', '.join(unknown)}")
    configs = ([(name, d) for name in names for d in ((3, 1) if RULESETS[name].draws is None else RULESETS[name].draws[:1])]
               if args.all else [(args.rules, (RULESETS[args.rules].draws or (args.draw,))[0])])
    if args.against:
        print(f"positions per CPU second, the solver of {args.against} and this one, deals {args.start}-"
              f"{args.start + args.n - 1}, at most {args.nodes} positions a search, fastest of {args.repeat}")
        print("  rules          draw     before      after  ratio")
        compare(args.against, configs, args.start, args.n, args.nodes, args.repeat)
        print(load_average() + " at the end")
        return 0
    figs = []
    for rules, draw in configs:
        clock = time.process_time if args.clock == "cpu" else time.perf_counter
        fig = run(rules, draw, args.start, args.n, args.nodes, args.seconds, args.verbose, clock)
        report(fig, args.nodes, args.seconds, args.start)
        figs.append(fig)
    if args.all:
        print(f"summary: {args.n} deals from {args.start} per line, {args.seconds} s / {args.nodes} nodes a deal")
        print("  rules          draw  won%  lost%  unknown%  decided%  median ms (CPU)  positions/CPU s")
        for f in figs:
            c, n = f["counts"], f["n"]
            pps = sum(f["nodes"]) / max(sum(f["cpu"]), 1e-9)
            print(f"  {f['rules']:13}  D{f['draw']}  {100 * c['won'] / n:5.1f}  {100 * c['lost'] / n:5.1f}  "
                  f"{100 * c['unknown'] / n:8.1f}  {f['decided']:8.1f}  "
                  f"{1000 * statistics.median(f['times']):6.1f} ({1000 * statistics.median(f['cpu']):5.1f})  "
                  f"{pps:12.0f}")
    print(load_average() + " at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
