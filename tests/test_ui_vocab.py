"""The page's vocabulary (static/shared/vocab.py and its parts: codec.py, actions.py, messages.py, reply.py):
every action, effect, message and reply a typed value with one text codec, checked under CPython and, when
node_modules has PyScript's MicroPython, under MicroPython too (the same checks, tests/ui_vocab_checks.py);
and the modules keep to what both Pythons run."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from pathlib import Path

import pytest

import ui_helpers  # noqa: F401 - puts static/ on sys.path
import ui_vocab_checks
from shared import vocab

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO / "static" / "shared"
# the protocol's modules: vocab.py and the parts it imports
PROTOCOL = ("vocab.py", "codec.py", "actions.py", "messages.py", "reply.py")
CHECKS = Path(ui_vocab_checks.__file__)
MICROPYTHON = REPO / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def test_every_kind_round_trips_through_its_text_and_bad_text_is_a_value_error():
    assert ui_vocab_checks.run(vocab) > len(vocab.ACTIONS) + len(vocab.EFFECTS)


def test_the_text_is_json_with_the_kind_first_and_the_fields_in_order():
    text = vocab.encode(vocab.Drop("reserve", 1, "tableau-2", {"QC": (1.5, 2), "AS": (0, 0)}))
    assert text == ('{"kind": "Drop", "pile": "reserve", "count": 1, "dest": "tableau-2", '
                    '"drawn_at": {"AS": [0, 0], "QC": [1.5, 2]}}')
    assert json.loads(vocab.encode(vocab.Say('a "b"\n\u00e9'))) == {"kind": "say", "text": 'a "b"\n\u00e9'}


def test_a_repr_reads_like_the_constructor_call():
    assert repr(vocab.Tap("stock")) == "Tap(pile='stock', index=None)"
    assert repr(vocab.WriteHash("CF1", False)) == "WriteHash(code='CF1', push=False)"


def test_a_game_or_a_move_given_is_taken_by_its_text():
    from canfield import Game
    game = Game.from_code("CF1-D3-AAAAACL")
    move = game.legal_moves()[0]
    assert vocab.NewDeal(game, push=False) == vocab.NewDeal("CF1-D3-AAAAACL", push=False)
    assert vocab.HintShown(move) == vocab.HintShown(str(move))


def test_vocab_imports_the_protocol_s_modules_and_nothing_else():
    tree = ast.parse((SHARED / "vocab.py").read_text(encoding="utf-8"))
    imported = {f"{n.module}.py" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1}
    assert imported == set(PROTOCOL) - {"vocab.py"}


def test_the_registry_is_complete():
    """Every value with a kind is registered once, under its kind; every nested type and union names a value."""
    from shared import actions, codec, messages, reply
    valued = [c for m in (actions, messages, reply) for c in vars(m).values()
              if isinstance(c, type) and issubclass(c, codec.Value) and c.kind]
    assert {c.kind: c for c in valued} == {**vocab.KINDS, **vocab.MESSAGE_KINDS}
    assert set(vocab.KINDS) & set(vocab.MESSAGE_KINDS) == set()
    dialogs = [c for c in vars(reply).values() if isinstance(c, type) and issubclass(c, reply.Dialog) and c.name]
    assert vocab.UNIONS == {"dialog": {c.name: c for c in dialogs}} and len(dialogs) == 5
    specs = {f[1].rstrip("?") for c in valued + dialogs for f in c.FIELDS}
    assert {s for s in specs if s in vocab.NESTED or s in vocab.UNIONS} >= {"panel", "facts", "dialog", "analysis"}
    for spec in specs:       # a field type the codec does not know is refused when a value is written
        assert spec in vocab.NESTED or spec in vocab.UNIONS or spec in KNOWN, spec


KNOWN = {"str", "int", "num", "bool", "strs", "pair", "points", "changes", "texts", "flags", "lines", "json", "object",
         "store", "options", "notes", "toggles", "choices", "attrs", "throws"}


@pytest.mark.parametrize("name", PROTOCOL)
def test_the_module_uses_only_what_micropython_runs(name):
    """No import but json and the protocol's own modules, no annotations, no f-strings, no dataclasses or
    typing: MicroPython runs it as CPython does (the MicroPython test below runs it when it can)."""
    tree = ast.parse((SHARED / name).read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [
                node.module if not node.level else f"{node.module}.py"]
            bad += [f"line {node.lineno}: import {n}" for n in names if n != "json" and n not in PROTOCOL]
        elif isinstance(node, ast.JoinedStr):
            bad.append(f"line {node.lineno}: an f-string")
        elif isinstance(node, ast.AnnAssign) or (isinstance(node, ast.arg) and node.annotation is not None):
            bad.append(f"line {node.lineno}: an annotation")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            bad.append(f"line {node.lineno}: a return annotation")
        elif isinstance(node, ast.FunctionDef) and node.decorator_list:
            bad.append(f"line {node.lineno}: a decorator")
        elif isinstance(node, (ast.Match, ast.Try)) and getattr(node, "finalbody", None):
            bad.append(f"line {node.lineno}: try/finally")
    assert bad == []


NODE_SCRIPT = """
const [,, mjs, shared, checks, ...modules] = process.argv;
const fs = await import('node:fs');
const {loadMicroPython} = await import(mjs);
let out = '';
const mp = await loadMicroPython({stdout: (t) => { out += t + '\\n'; }, stderr: (t) => { out += t + '\\n'; }});
mp.FS.mkdirTree('/vocab_check/shared');
mp.FS.writeFile('/vocab_check/shared/__init__.py', '');
for (const m of modules) mp.FS.writeFile('/vocab_check/shared/' + m, fs.readFileSync(shared + '/' + m, 'utf8'));
mp.FS.writeFile('/vocab_check/ui_vocab_checks.py', fs.readFileSync(checks, 'utf8'));
try {
  mp.runPython([
    'import sys', 'sys.path.append("/vocab_check")', 'from shared import vocab', 'import ui_vocab_checks',
    'print("checked", ui_vocab_checks.run(vocab), sys.implementation.version)',
    'print(ui_vocab_checks.texts(vocab))',
  ].join('\\n'));
} catch (e) { out += String(e); }
process.stdout.write(out);
"""


@pytest.mark.skipif(not MICROPYTHON.is_file() or shutil.which("node") is None,
                    reason="no node, or node_modules has no @micropython/micropython-webassembly-pyscript")
def test_the_same_checks_pass_under_micropython(tmp_path):
    script = tmp_path / "run.mjs"
    script.write_text(NODE_SCRIPT, encoding="utf-8")
    done = subprocess.run(["node", str(script), MICROPYTHON.as_uri(), str(SHARED), str(CHECKS), *PROTOCOL],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "checked" in done.stdout, done.stdout + done.stderr
    first, texts = done.stdout.rstrip("\n").split("\n", 1)
    assert int(first.split()[1]) == ui_vocab_checks.run(vocab)
    assert texts == ui_vocab_checks.texts(vocab)      # the same text from both Pythons
