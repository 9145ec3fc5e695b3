"""The page's side of the drawing (static/shared/apply.py): the DOM operations from the view applied last to
the next, for a fresh deal and the views along a long game (170 moves into the solver's winning line of
CF1-D3-AAAAACL), checked under CPython and, when node_modules has PyScript's MicroPython, under
MicroPython too (the same checks, tests/ui_apply_checks.py), which must give exactly the same operations;
and the module imports nothing MicroPython lacks."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from pathlib import Path

import pytest

import ui_apply_checks
import ui_helpers
from canfield import Game
from canfield.solver import solve
from shared import apply
from worker.layout import compute, counts_for
from worker.scene import encode_view, scene
from worker.view import column_lengths
from shared.vocab import Focus

REPO = Path(__file__).resolve().parents[1]
UI = REPO / "static" / "shared"
CHECKS = Path(ui_apply_checks.__file__)
MICROPYTHON = REPO / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
LONG = 170
PURE = ("apply", "flights")          # the page's side: what MicroPython runs
ALLOWED = {"json", "math"}          # what they import besides each other


def view_of(c, size=(1280.0, 800.0)):
    c.ui.viewport = size
    layout = compute(size[0], size[1], column_lengths(c.game), draw=c.game.draw, counts=counts_for(c.game))
    return scene(c.game, c.ui, layout, c.t, c.lang)


@pytest.fixture(scope="module")
def views_text():
    """A fresh deal's view (its deal flying in), then one view per move of the long game, the last ones
    at a phone's size, with a notice; the keyboard's cursor on a column along the way."""
    c = ui_helpers.make_controller()
    c.ui.deal_seq += 1
    views = [encode_view(view_of(c))]
    line = solve(Game.from_code(ui_helpers.CODE)).moves
    for i, move in enumerate(line[:LONG]):
        if i in (40, 41):                     # the keyboard's cursor comes to a column, then goes
            c.dispatch(Focus("tableau-2", keyboard=(i == 40)))
            c.ui.keyboard = i == 40
        c.play(c.game.parse_move(move))
        c.take_effects()
        views.append(encode_view(view_of(c)))
    c.notice("Copied.")
    views.append(encode_view(view_of(c, (390.0, 844.0))))
    return json.dumps(views)


def test_the_operations_bring_the_page_to_every_view(views_text):
    out = ui_apply_checks.run(apply, views_text)
    assert len(out) == LONG + 2
    kinds = {op[0] for ops in out for op in ops}
    assert {"finish_deal", "deal", "measure", "slide", "append", "place", "marks", "pile_marks", "text",
            "label", "placeholder", "below", "tab_stops", "table", "notice", "buttons"} <= kinds
    assert sum(1 for ops in out for op in ops if op[0] == "slide" and any(flip for _, flip in op[1])) > 0


def test_the_deal_flies_as_the_motion_plan_says(views_text):
    from worker.motion import DEAL_MS, FLIGHT_MS, deal_flights, deal_plan
    view = json.loads(json.loads(views_text)[0])
    (deal,) = [op[1] for op in apply.operations(None, view) if op[0] == "deal"]
    d = view["deal"]
    plan = deal_plan(d["top"], d["hidden"], [tuple(b) for b in d["base"]], [tuple(r) for r in d["rest"]],
                     total_ms=DEAL_MS, flight_ms=FLIGHT_MS)
    places = {c["id"]: (c["pile"], c["x"], c["y"]) for c in view["cards"]}
    assert deal == {"reserve": view["table"]["piles"]["reserve"][:2],
                    "flights": deal_flights(plan, view["table"]["piles"], places)}
    assert len(deal["flights"]) == len(view["cards"]) + d["hidden"] - (1 if d["top"] else 0)


def test_round1_is_cpythons_round():
    import random
    from shared.flights import round1
    rng = random.Random(7)
    values = [0.05, -0.05, 2.675, 0.25, -0.25, 0.35, -0.04, -0.0, 0.0, 1e300, 5e-324, 123.45, -123.45]
    values += [rng.uniform(-3000, 3000) for _ in range(20000)]
    values += [rng.randint(-300000, 300000) / 20 for _ in range(20000)]
    assert [repr(round1(v)) for v in values] == [repr(round(v, 1)) for v in values]


def imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


@pytest.mark.parametrize("name", PURE)
def test_the_page_side_imports_only_what_micropython_has(name):
    """json, math and each other, nothing else (no js, pyodide, dataclasses, typing, __future__); no
    annotations, f-strings or decorators either: MicroPython runs them (the test below, when it can)."""
    path = UI / (name + ".py")
    assert imports(path) - ALLOWED - {"." + p for p in PURE} == set()
    bad = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.JoinedStr):
            bad.append(f"line {node.lineno}: an f-string")
        elif isinstance(node, ast.AnnAssign) or (isinstance(node, ast.arg) and node.annotation is not None):
            bad.append(f"line {node.lineno}: an annotation")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (node.returns or node.decorator_list):
            bad.append(f"line {node.lineno}: a return annotation or a decorator")
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("round", "isinstance"):
            bad.append(f"line {node.lineno}: {node.func.id} (MicroPython's differs)")
    assert bad == []


def test_the_renderer_takes_its_operations_from_the_pure_module():
    render, scene = UI.parent / "page" / "render.py", UI.parent / "worker" / "scene.py"
    assert "shared.apply" in imports(render)
    assert not {m for m in imports(render) if "motion" in m}
    assert "shared.apply" in imports(scene)         # one decoder: the page's


NODE_SCRIPT = """
const [,, mjs, ui, checks, views] = process.argv;
const fs = await import('node:fs');
const {loadMicroPython} = await import(mjs);
let out = '';
const mp = await loadMicroPython({heapsize: 256 * 1024 * 1024,
                                  stdout: (t) => { out += t + '\\n'; }, stderr: (t) => { out += t + '\\n'; }});
mp.FS.mkdirTree('/apply_check/shared');
mp.FS.writeFile('/apply_check/shared/__init__.py', '');
for (const name of ['apply', 'flights']) {
  mp.FS.writeFile('/apply_check/shared/' + name + '.py', fs.readFileSync(ui + '/' + name + '.py', 'utf8'));
}
mp.FS.writeFile('/apply_check/ui_apply_checks.py', fs.readFileSync(checks, 'utf8'));
mp.FS.writeFile('/apply_check/views.json', fs.readFileSync(views, 'utf8'));
try {
  mp.runPython([
    'import sys, json', 'sys.path.append("/apply_check")', 'from shared import apply', 'import ui_apply_checks',
    'text = open("/apply_check/views.json").read()',
    'out = ui_apply_checks.run(apply, text)',
    'print("checked", len(out), sys.implementation.version)',
    'print(json.dumps(out))',
  ].join('\\n'));
} catch (e) { out += String(e); }
process.stdout.write(out);
"""


@pytest.mark.skipif(not MICROPYTHON.is_file() or shutil.which("node") is None,
                    reason="no node, or node_modules has no @micropython/micropython-webassembly-pyscript")
def test_the_same_checks_give_the_same_operations_under_micropython(tmp_path, views_text):
    script = tmp_path / "run.mjs"
    script.write_text(NODE_SCRIPT, encoding="utf-8")
    views = tmp_path / "views.json"
    views.write_text(views_text, encoding="utf-8")
    done = subprocess.run(["node", str(script), MICROPYTHON.as_uri(), str(UI), str(CHECKS), str(views)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.startswith("checked"), (done.stdout + done.stderr)[-3000:]
    first, ops = done.stdout.rstrip("\n").split("\n", 1)
    assert first.split()[1] == str(LONG + 2)
    assert json.loads(ops) == ui_apply_checks.run(apply, views_text)   # the same operations in both
