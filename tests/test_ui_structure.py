"""The UI modules' structure (static/page/, static/shared/, static/worker/): no module holds or receives a page object, every change goes
through the controller (controller.py and its handlers, handle_*.py), every action has one handler, and
every effect of the vocabulary (vocab.py) is handled: by the records' bookkeeping (effects.py), by the
worker's session (session.py) or by the page's thin layer (static/page/layer.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import ui_helpers
from shared import vocab
from worker import controller
from worker.effects import Effects

STATIC = Path(__file__).resolve().parents[1] / "static"
UI = STATIC / "worker"                # the controller, its handlers and the view model
LAYER = STATIC / "page" / "layer.py"
# the project's own check, as a grep: it must come back empty
PATTERN = re.compile(r"\bself\.app\b|def [a-z_]+\(self, app\b")


def controller_modules():
    """The controller: its core and its handlers by feature."""
    return [UI / "controller.py"] + sorted(UI.glob("handle_*.py"))


def modules():
    return sorted(p for folder in ("page", "shared", "worker") for p in (STATIC / folder).glob("*.py"))


def holds_or_receives_app(source: str) -> list[str]:
    """Where a module holds a page object (`self.app`) or receives it (a parameter named `app`)."""
    found = [f"line {source[:m.start()].count(chr(10)) + 1}: {m.group(0)}" for m in PATTERN.finditer(source)]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            for arg in args.posonlyargs + args.args + args.kwonlyargs:
                if arg.arg == "app":
                    found.append(f"line {node.lineno}: a parameter named app")
        elif isinstance(node, ast.Attribute) and node.attr == "app" and isinstance(node.value, ast.Name) \
                and node.value.id == "self":
            found.append(f"line {node.lineno}: self.app")
    return found


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.name)
def test_no_module_holds_or_receives_the_app(path):
    assert holds_or_receives_app(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("source", [
    "class A:\n    def __init__(self, app):\n        pass\n",
    "class A:\n    def start(self):\n        return self.app.controller\n",
    "def replay(app):\n    return app\n",
    "f = lambda app: app\n",
    "class A:\n    def __init__(self, *, app=None):\n        self.x = app\n",
])
def test_the_check_finds_a_module_that_does(source):
    assert holds_or_receives_app(source)


def test_no_module_writes_a_setting_by_setattr_or_the_ui_state_from_outside():
    """Settings change through SettingsChanged (the controller replaces them); the UI state is the
    controller's: no other module assigns to `settings.x` or `.ui.x`."""
    bad = []
    for path in sorted(UI.glob("*.py")):
        if path in controller_modules() or path.name == "settings.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
                if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for t in targets:
                text = ast.unparse(t)
                if re.search(r"\bsettings\.\w+$|\.ui\.\w+$", text):
                    bad.append(f"{path.name}:{node.lineno}: {text}")
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "setattr" and node.args \
                    and "settings" in ast.unparse(node.args[0]):
                bad.append(f"{path.name}:{node.lineno}: setattr on settings")
    assert bad == []


def vocabulary_names(path: Path, call) -> set:
    """The classes of static/shared/vocab.py that `call` finds in the module at `path`: `call(node)` gives the
    expression naming a class (or None) for each call node."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            named = call(node)
            if isinstance(named, ast.Attribute):
                named = ast.Name(named.attr)
            if isinstance(named, ast.Name) and isinstance(getattr(vocab, named.id, None), type):
                found.add(getattr(vocab, named.id))
    return found


def constructed(node):
    return node.func


def registered(node):
    """The effect class of a registration `on(Effect, handler)` (`on`, `effects.on`, `self.effects.on`)."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return node.args[0] if name == "on" and len(node.args) == 2 else None


# Effects no code performs: the session's answer carries what they say in its own fields, compared at
# every answer (the page's facts: the look, the motion, the language; the replay bar's state).
IN_THE_ANSWER = {vocab.ApplySettings, vocab.MotionChanged, vocab.LanguageChanged, vocab.ReplayChanged}


def checked(node):
    """The effect classes an `isinstance(e, X)` or `isinstance(e, (X, Y))` call tests."""
    if isinstance(node.func, ast.Name) and node.func.id == "isinstance" and len(node.args) == 2:
        return node.args[1]
    return None


def page_kinds() -> set:
    """The effect classes the page performs: `kind == "<kind>"` in static/page/effects.py's `perform`."""
    kinds = set(re.findall(r'\bkind == "(\w+)"', (LAYER.parent / "effects.py").read_text(encoding="utf-8")))
    return {cls for cls in vocab.EFFECTS if cls.kind in kinds}


def test_every_effect_of_the_vocabulary_is_emitted_by_the_controller_and_handled():
    """The effects the controller can emit are the vocabulary's (Controller.emit takes nothing else); each
    one is built somewhere in the controller's modules, and handled: registered in the records' table
    (effects.py), tested for by the worker's session (session.py and its parts) or performed by the page
    (static/page/effects.py)."""
    effects = set(vocab.EFFECTS)
    emitted = set().union(*(vocabulary_names(p, constructed) for p in controller_modules())) & effects
    session = set()
    trees = [ast.parse((UI / f"{name}.py").read_text(encoding="utf-8"))
             for name in ("session", "session_solver", "session_records")]
    for node in (n for tree in trees for n in ast.walk(tree)):
        if isinstance(node, ast.Call) and (named := checked(node)) is not None:
            for name in (named.elts if isinstance(named, ast.Tuple) else [named]):
                if isinstance(name, ast.Name) and isinstance(getattr(vocab, name.id, None), type):
                    session.add(getattr(vocab, name.id))
    handled = vocabulary_names(UI / "effects.py", registered) | (session & effects) | page_kinds()
    assert emitted == effects, sorted(c.kind for c in effects - emitted)
    assert handled <= effects and effects - IN_THE_ANSWER <= handled, sorted(c.kind for c in effects - handled)
    assert not handled & IN_THE_ANSWER, sorted(c.kind for c in handled & IN_THE_ANSWER)


def test_the_controller_emits_only_effect_values():
    c = ui_helpers.make_controller()
    with pytest.raises(TypeError):
        c.emit(("say", "a tuple"))
    with pytest.raises(TypeError):
        c.dispatch(vocab.Say("an effect is no action"))


def test_every_action_has_one_handler_in_one_feature():
    owners = {}
    for feature in controller.FEATURES:
        for cls in feature.HANDLERS:
            owners.setdefault(cls, []).append(feature.__name__)
    assert {cls: len(names) for cls, names in owners.items()} == {cls: 1 for cls in vocab.ACTIONS}
    assert {m.__name__.rsplit(".", 1)[1] + ".py" for m in controller.FEATURES} == \
        {p.name for p in controller_modules()[1:]}


def test_the_effect_table_takes_only_effects_and_hands_each_its_value():
    fx = Effects()
    seen = []
    fx.on(vocab.Say, seen.append)
    fx.on(vocab.Say, lambda e: seen.append(e.text))
    with pytest.raises(TypeError):
        fx.on(vocab.Tap, seen.append)
    with pytest.raises(TypeError):
        fx.on("say", seen.append)
    fx.run([vocab.Say("one"), vocab.Changed()])
    assert seen == [vocab.Say("one"), "one"]
    with pytest.raises(TypeError):      # an effect is a value: the bare tuple it once was is refused
        fx.run([("say", "two")])


def test_each_language_has_one_message_table_written_in_one_place():
    """static/worker/i18n.py: FR, NL and EN are each one dict literal, never extended elsewhere (no
    `FR.update({...})` appended per feature, no item assignment)."""
    tree = ast.parse((UI / "i18n.py").read_text(encoding="utf-8"))
    tables = {"FR", "NL", "EN"}
    written = [t.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
               for t in node.targets if isinstance(t, ast.Name) and t.id in tables and isinstance(node.value, ast.Dict)]
    assert sorted(written) == sorted(tables)
    extended = [ast.unparse(node) for node in ast.walk(tree)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id in tables
                and node.func.attr in ("update", "setdefault", "__setitem__")]
    extended += [ast.unparse(node) for node in ast.walk(tree)
                 if isinstance(node, (ast.Assign, ast.AugAssign)) and any(
                     isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id in tables
                     for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))]
    assert extended == []
