"""The solver inside Pyodide (Chromium) beside CPython: the same deals, the same node budgets.

    python bench/bench_solver_pyodide.py [N] [--start 0] [--draw 3] [--rules canfield] [--nodes 100000]
                                         [--where page|worker|both]

Runs the solver over N numbered deals under this CPython, then inside the vendored Pyodide in Chromium
(the engine files unchanged), with node budgets only, so both do exactly the same search; checks that
the verdicts and node counts agree, and prints the median time per deal and positions per second of
each, and their ratio. `--where worker` runs Pyodide in a module worker (bench/solver_worker.js), where
the page runs its solver; `page` on the page's main thread; `both` (the default) one after the other.
Needs static/vendor built (`make vendor`).
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

import chromium  # noqa: E402

RUN = """
import json, time, gc
from canfield import Game
from canfield.deal import shuffled_deck
from canfield.rules import get_rules
from canfield.solver import Solver
out = []
for number in range({start}, {start} + {n}):
    game = Game(shuffled_deck(number, get_rules({rules!r}).decks), {draw}, {rules!r}, number)
    t = time.perf_counter()
    res = Solver(game, {nodes}, None).run()
    out.append([number, res.verdict, res.nodes, time.perf_counter() - t])
json.dumps(out)
"""


def summary(rows):
    times = [r[3] for r in rows]
    nodes = sum(r[2] for r in rows)
    return statistics.median(times), nodes / sum(times)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=30)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--draw", type=int, choices=(1, 3), default=3)
    ap.add_argument("--rules", default="canfield")
    ap.add_argument("--nodes", type=int, default=100_000)
    ap.add_argument("--where", choices=("page", "worker", "both"), default="both")
    args = ap.parse_args(argv)
    code = RUN.format(start=args.start, n=args.n, draw=args.draw, rules=args.rules, nodes=args.nodes)

    scope = {}
    exec(code.rsplit("\n", 2)[0], scope)  # everything but the final json.dumps expression
    cpython = scope["out"]

    from playwright.sync_api import sync_playwright

    server = subprocess.Popen([sys.executable, str(REPO / "scripts" / "serve.py"), "--port", "0", "--quiet",
                               "--root", str(REPO)], stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"at (http://\S+)", server.stdout.readline()).group(1).rstrip("/")
        files = {f"canfield/{p.name}": p.read_text(encoding="utf-8") for p in (REPO / "canfield").glob("*.py")}
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options(p.chromium.executable_path))
            page = browser.new_page()
            page.goto(f"{url}/tests/browser/pyodide_engine.html")
            runs = {}
            if args.where in ("page", "both"):
                page.wait_for_selector('#status[data-ready="true"]', timeout=120_000)
                runs["page"] = page.evaluate(
                    """([files, code]) => {
                        const py = window.pyodide;
                        py.FS.mkdirTree('/home/pyodide/canfield');
                        for (const [path, text] of Object.entries(files)) py.FS.writeFile('/home/pyodide/' + path, text);
                        py.runPython('import sys; sys.path.insert(0, "/home/pyodide")');
                        return [py.runPython('import sys; sys.version.split()[0]'), py.runPython(code)];
                    }""",
                    [files, code],
                )
            if args.where in ("worker", "both"):
                runs["worker"] = page.evaluate(
                    """([files, code]) => new Promise((resolve, reject) => {
                        const w = new Worker('../../bench/solver_worker.js', { type: 'module' });
                        w.onmessage = ({ data }) => data.error ? reject(new Error(data.error)) : resolve([data.version, data.text]);
                        w.onerror = (e) => reject(new Error(e.message));
                        w.postMessage({ files, code });
                    })""",
                    [files, code],
                )
            browser.close()
    finally:
        server.terminate()
    cm, cr = summary(cpython)
    print(f"{args.n} deals from {args.start}, draw {args.draw}, {args.rules}, {args.nodes:,} positions at most")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"CPython {sys.version.split()[0]:8s} median {cm * 1000:8.1f} ms/deal  {cr:10,.0f} positions/s")
    for where, (version, text) in runs.items():
        pyodide = json.loads(text)
        same = sum(a[:3] == b[:3] for a, b in zip(cpython, pyodide))
        pm, pr = summary(pyodide)
        print(f"Pyodide {version} ({where}): median {pm * 1000:8.1f} ms/deal  {pr:10,.0f} positions/s; "
              f"same verdicts and node counts {same}/{len(pyodide)}")
        print(f"  Pyodide ({where}) / CPython: time per deal x{pm / cm:.2f}, positions per second x{pr / cr:.2f}")


if __name__ == "__main__":
    main()
