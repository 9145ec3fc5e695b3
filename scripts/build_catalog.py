"""Build canfield/catalog_data.py, the shipped catalogue of proved-winnable deals, from the solver.

    python scripts/build_catalog.py                          # every pair, 366 entries each
    python scripts/build_catalog.py --games canfield,superior --draws 3 --count 366 --jobs 1
    python scripts/build_catalog.py --max-tries 1500         # stop a pair after 1500 deals tried
    python scripts/build_catalog.py --verify --jobs 2        # re-grade what the file has, then go on

For each game and draw the page offers (canfield.catalog.PAIRS), deal numbers from 0 upward are graded with
``canfield.solver.grade(Game.new(rules=..., number=n, draw=d))``; the won ones are kept until the pair has
``--count`` entries (or ``--max-tries`` deals were tried). Standard library and the engine only.

Resumable: the data file records, per pair, how many deal numbers from 0 on were tried (``TRIED``); a run
keeps what the file has for a pair and goes on from there. ``--verify`` first re-grades every deal number
the file tried for the pair (won or not), keeps the pair as today's solver grades it (the same as a fresh
build: entries whose grade or par moved are updated, deals it now wins are added, deals it no longer
proves are dropped) and says how many deals changed, then extends the pair to ``--count``: the way to
refresh the data after a change to the solver. A file made with another node budget
(``SOLVER_NODES``) is not kept. The file is rewritten after each pair and every ``--save-every`` seconds, so
an interrupted run loses little. Prints, per pair: the entries, the deals tried, and the CPU time spent
grading (summed over the worker processes).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from canfield import catalog  # noqa: E402
from canfield.game import Game  # noqa: E402
from canfield.insight import GRADE_NODES  # noqa: E402
from canfield.rules import get_rules  # noqa: E402
from canfield.solver import grade  # noqa: E402

DATA = REPO / "canfield" / "catalog_data.py"
CHUNK = 60  # characters of entries per line of the data file


def grade_deal(job):
    """(number, grade, par, cpu seconds) of one deal: the catalogue's definition of an entry."""
    name, draw, number = job
    t0 = time.process_time()
    g, par = grade(Game.new(rules=name, number=number, draw=draw))
    return number, g, par, time.process_time() - t0


def verify(run, name, draw, have, start, count):
    """Re-grades every deal number the file tried for a pair (0 to start - 1), so that the pair comes out
    exactly as a fresh build with today's solver would make it: (entries, deals tried, how many deals
    grade otherwise than the file says, cpu seconds)."""
    old = {e.number: (e.grade, e.par) for e in have}
    fresh, changed, cpu = [], 0, 0.0
    for number, g, par, sec in run(grade_deal, [(name, draw, i) for i in range(start)]):
        cpu += sec
        if (g, par) != old.get(number, (None, None)) and (g is not None or number in old):
            changed += 1
        if g is not None:
            fresh.append(catalog.Entry(number, g, par))
    if len(fresh) >= count:  # the solver wins more now: the pair is complete before the old end
        fresh = fresh[:count]
        start = fresh[-1].number + 1
    return fresh, start, changed, cpu


def load(path):
    """(entries by key, tried by key) of an existing data file, or empty ones."""
    if not path.exists():
        return {}, {}
    ns = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), ns)

    class Data:
        FORMAT = ns.get("FORMAT")
        ENTRIES = ns.get("ENTRIES")
        TRIED = ns.get("TRIED")

    if ns.get("SOLVER_NODES") != GRADE_NODES:
        print(f"{path.name}: made with {ns.get('SOLVER_NODES')} nodes a grade, not {GRADE_NODES}: not kept")
        return {}, {}
    entries, tried = catalog.check_data(Data)
    return {k: list(v) for k, v in entries.items()}, dict(tried)


def write(path, entries, tried):
    lines = [
        '"""The catalogue\'s data (canfield.catalog reads it): made by scripts/build_catalog.py, not by hand.',
        "",
        "Per game and draw: ENTRIES the proved-winnable deals (format in canfield/catalog.py), TRIED the deal",
        'numbers from 0 on that were graded."""',
        "",
        f"FORMAT = {catalog.FORMAT}",
        f"SOLVER_NODES = {GRADE_NODES}",
        "ENTRIES = {",
    ]
    order = [f"{n}/{d}" for n, d in catalog.PAIRS]
    for k in order:
        if k not in entries:
            continue
        text = catalog.encode(entries[k])
        if not text:
            lines.append(f'    "{k}": "",')
            continue
        lines.append(f'    "{k}": (')
        for i in range(0, len(text), CHUNK):
            lines.append(f'        "{text[i:i + CHUNK]}"')
        lines.append("    ),")
    lines.append("}")
    lines.append("TRIED = {")
    for k in order:
        if k in tried:
            lines.append(f'    "{k}": {tried[k]},')
    lines.append("}")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python scripts/build_catalog.py", description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="", help="rule set names, comma-separated (default: all)")
    parser.add_argument("--draws", default="", help="draws, comma-separated: 1, 3 (default: both)")
    parser.add_argument("--count", type=int, default=catalog.TARGET, help="entries wanted per pair (default 366)")
    parser.add_argument("--max-tries", type=int, default=None, help="stop a pair after this many deals tried")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--verify", action="store_true",
                        help="re-grade every deal the file tried first (after a change to the solver)")
    parser.add_argument("--save-every", type=float, default=30.0, help="seconds between progress writes")
    parser.add_argument("--out", type=Path, default=DATA, help="the data file (default canfield/catalog_data.py)")
    args = parser.parse_args(argv)
    try:
        games = [get_rules(g.strip()).name for g in args.games.split(",") if g.strip()]
        draws = [int(d) for d in args.draws.split(",") if d.strip()]
    except ValueError as exc:
        parser.error(str(exc))
    if any(d not in (1, 3) for d in draws):
        parser.error("--draws takes 1 and 3")
    if args.count < 1 or args.jobs < 1 or (args.max_tries is not None and args.max_tries < 0):
        parser.error("--count and --jobs must be at least 1, --max-tries at least 0")
    pairs = [(n, d) for n, d in catalog.PAIRS if (not games or n in games) and (not draws or d in draws)]
    if not pairs:
        parser.error("no game and draw the page offers matches")

    entries, tried = load(args.out)
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    run = pool.imap if pool else map
    total_cpu = 0.0
    try:
        for name, draw in pairs:
            k = f"{name}/{draw}"
            have = entries.get(k, [])
            start = tried.get(k, 0)
            cpu = 0.0
            if start and args.verify:
                have, start, changed, sec = verify(run, name, draw, have, start, args.count)
                cpu += sec
                print(f"{k:18} verified {tried[k]} deals: {changed} graded otherwise now", flush=True)
            entries[k], tried[k] = have, start
            last_save = time.monotonic()
            n = start
            while len(have) < args.count and (args.max_tries is None or n < args.max_tries):
                stop = n + max(1, args.jobs) * 8
                if args.max_tries is not None:
                    stop = min(stop, args.max_tries)
                for number, g, par, sec in run(grade_deal, [(name, draw, i) for i in range(n, stop)]):
                    cpu += sec
                    n = number + 1
                    if g is not None:
                        have.append(catalog.Entry(number, g, par))
                        if len(have) >= args.count:
                            break
                tried[k] = n
                if time.monotonic() - last_save > args.save_every:
                    write(args.out, entries, tried)
                    last_save = time.monotonic()
            write(args.out, entries, tried)
            total_cpu += cpu
            print(f"{k:18} entries {len(have):4}  tried {tried[k]:5}  cpu {cpu:7.1f} s", flush=True)
    finally:
        if pool:
            pool.terminate()
    print(f"total cpu {total_cpu:.1f} s; {args.out} is {args.out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
