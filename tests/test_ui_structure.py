"""The page layer's structure (static/ui/): no module but the start-up wiring holds or receives the page
object, every change goes through the controller, and the effect table covers what the controller asks."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import ui_helpers  # noqa: F401 - puts static/ on sys.path

UI = Path(__file__).resolve().parents[1] / "static" / "ui"
WIRING = "app.py"           # the start-up and wiring module: the only one that may build and hold it all
# the project's own check, as a grep: it must come back empty
PATTERN = re.compile(r"\bself\.app\b|def [a-z_]+\(self, app\b")


def modules():
    return sorted(p for p in UI.glob("*.py") if p.name != WIRING)


def holds_or_receives_app(source: str) -> list[str]:
    """Where a module holds the App (`self.app`) or receives it (a parameter named `app`)."""
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


def test_the_wiring_module_is_the_one_left_out_and_exists():
    assert (UI / WIRING).is_file() and UI / WIRING not in modules()


def test_no_module_writes_a_setting_by_setattr_or_the_ui_state_from_outside():
    """Settings change through SettingsChanged (the controller replaces them); the UI state is the
    controller's: no other module assigns to `settings.x` or `.ui.x`."""
    bad = []
    for path in sorted(UI.glob("*.py")):
        if path.name in ("controller.py", "settings.py"):
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


def test_every_effect_the_controller_lists_has_a_handler_in_the_table():
    """The kinds `_do("...")` can emit, against the kinds the page registers (`on("...")`)."""
    emitted = set(re.findall(r'_do\(\s*"([a-z_]+)"', (UI / "controller.py").read_text(encoding="utf-8")))
    wiring = (UI / WIRING).read_text(encoding="utf-8") + (UI / "effects.py").read_text(encoding="utf-8")
    handled = set(re.findall(r'\bon\(\s*"([a-z_]+)"', wiring))
    assert emitted and emitted <= handled, sorted(emitted - handled)
