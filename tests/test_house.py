"""The house by runtime: static/page/ is what MicroPython runs on the page, static/worker/ what Pyodide runs
in the engine's worker, static/shared/ what both run (the protocol's codec and the pure modules the page
draws with). The boundaries, read off every import statement (in functions too):

- a shared module imports only shared modules and the standard library both Pythons have;
- a page module never imports the engine (canfield) or a worker module;
- a worker module never imports a page module, nor the browser's modules when it is imported (the
  worker's memory snapshot holds it: a call may import js, the worker's own global scope);
- no import circle among the house's modules;
- the page's module list (scripts/build_vendor.py PAGE_MODULES, what index.html's config fetches) is its
  folders', not a list kept by hand.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import build_vendor

STATIC = Path(__file__).resolve().parents[1] / "static"
FOLDERS = ("page", "shared", "worker")
# what a shared module may import besides the shared ones: MicroPython has these
SHARED_STDLIB = {"json", "math"}


def modules() -> dict[str, Path]:
    """"<folder>.<name>" -> its file, for every module of the three folders."""
    return {f"{folder}.{p.stem}": p for folder in FOLDERS for p in sorted((STATIC / folder).glob("*.py"))}


def imports(path: Path, top_only: bool = False) -> set[str]:
    """The modules `path` imports (absolute names; a relative import as "<its folder>.<name>"); with
    `top_only`, only the statements run when it is imported."""
    folder = path.parent.name
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = build_vendor._run_at_import(tree) if top_only else ast.walk(tree)
    out = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = folder if node.level else (node.module or "")
            if node.level and node.module:
                out.add(f"{folder}.{node.module}")
            elif node.level or base in FOLDERS:
                out |= {f"{base}.{a.name}" for a in node.names}
            else:
                out.add(base)
    return out


def root(name: str) -> str:
    return name.split(".")[0]


def test_the_three_folders_hold_every_python_module_of_the_page_and_the_worker():
    assert not list(STATIC.glob("*.py")), "a module of static/ belongs in page/, shared/ or worker/"
    assert not (STATIC / "ui").exists()
    assert all((STATIC / folder / "__init__.py").is_file() for folder in FOLDERS)


@pytest.mark.parametrize("name", [n for n in modules() if n.startswith("shared.")])
def test_a_shared_module_imports_only_shared_modules(name):
    path = modules()[name]
    other = {m for m in imports(path) if root(m) != "shared" and m not in SHARED_STDLIB and m != "__future__"}
    assert other == set(), f"{path.name} (run by both sides) imports {sorted(other)}"


@pytest.mark.parametrize("name", [n for n in modules() if n.startswith("page.")])
def test_a_page_module_never_imports_the_engine_or_the_worker(name):
    path = modules()[name]
    bad = {m for m in imports(path) if root(m) in ("canfield", "worker")}
    assert bad == set(), f"{path.name} (MicroPython, on the page) imports {sorted(bad)}"


@pytest.mark.parametrize("name", [n for n in modules() if n.startswith("worker.")])
def test_a_worker_module_never_imports_the_page(name):
    path = modules()[name]
    bad = {m for m in imports(path) if root(m) == "page"}
    bad |= {m for m in imports(path, top_only=True) if root(m) in ("js", "pyodide", "pyscript")}   # the snapshot's
    assert bad == set(), f"{path.name} (Pyodide, in the worker) imports {sorted(bad)}"


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph` (module -> the house's modules it imports), each once."""
    found, state = [], {}

    def visit(node, trail):
        state[node] = "open"
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == "open":
                found.append(trail[trail.index(dep):] + [dep])
            elif dep not in state:
                visit(dep, trail + [dep])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def house_graph(top_only: bool) -> dict[str, set[str]]:
    mods = modules()
    return {name: {m for m in imports(path, top_only) if m in mods and m != name} for name, path in mods.items()}


def test_no_import_circle_in_the_house():
    """Neither among the imports run at import time nor counting those deferred into functions."""
    assert cycles(house_graph(top_only=True)) == []
    assert cycles(house_graph(top_only=False)) == []


def test_the_circle_check_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_pages_modules_are_its_folders():
    want = tuple(sorted(f"{folder}/{p.name}" for folder in ("page", "shared") for p in (STATIC / folder).glob("*.py")
                        if p.name != "main.py" or folder != "page"))
    assert build_vendor.PAGE_MODULES == want
    assert "page/main.py" not in want and not [m for m in want if m.startswith("worker/")]
