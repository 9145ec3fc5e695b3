"""The page's preloads point at files the build ships, and cover what PyScript loads first.

index.html's <head> modulepreloads PyScript's own chunks (their hashed names are fixed by the pinned
@pyscript/core: a version bump changes them, and these tests fail until index.html follows);
static/paint.js preloads the runtime's big files after the board's first frame. Run after `make vendor`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PYSCRIPT = REPO / "static" / "vendor" / "pyscript"


def _index() -> str:
    return (REPO / "index.html").read_text(encoding="utf-8")


def _head_links() -> list[tuple[str, str]]:
    head = _index().split("</head>")[0]
    return re.findall(r'<link rel="(modulepreload|preload)" href="([^"]+)"', head)


def _paint_preloads() -> list[tuple[str, str]]:
    text = (REPO / "static" / "paint.js").read_text(encoding="utf-8")
    block = re.search(r"var RUNTIME_PRELOADS = (\[.*?\]);", text, re.S)
    assert block, "static/paint.js has no RUNTIME_PRELOADS list"
    return [tuple(pair) for pair in json.loads(block.group(1))]


def _static_imports(path: Path) -> set[str]:
    return set(re.findall(r'(?:from|import)\s*"\./([^"]+\.js)"', path.read_text(encoding="utf-8")))


@pytest.fixture(scope="module", autouse=True)
def _built():
    if not (PYSCRIPT / "core.js").is_file():
        pytest.fail("static/vendor is not built: run `make vendor`")


def test_every_preload_in_the_head_and_in_the_painter_is_a_shipped_file():
    links = _head_links() + _paint_preloads()
    assert links
    for rel, href in links:
        assert rel in ("modulepreload", "preload", "fetch"), (rel, href)
        assert href.startswith("./"), f"{href}: relative URLs only (the game also runs from a sub-path)"
        assert (REPO / href).is_file(), f"{href} is preloaded but does not exist (run `make vendor`, or follow a version bump)"


# Pyodide's start and the loader it imports: small modules the head may preload beside PyScript's.
EARLY_MODULES = ("./static/pyodide-early.mjs", "./static/vendor/pyodide/pyodide.mjs")


def test_the_head_preloads_no_big_file_before_the_board_is_painted():
    # the runtime's megabytes are started by static/paint.js after the first frame, not by the parser
    for _, href in _head_links():
        assert (REPO / href).stat().st_size < 200_000, f"{href} is preloaded in <head>"
        assert href.startswith("./static/vendor/pyscript/") or href in EARLY_MODULES, href


def test_the_head_modulepreloads_pyodides_start_and_the_loader_it_imports():
    preloaded = {href for rel, href in _head_links() if rel == "modulepreload"}
    assert set(EARLY_MODULES) <= preloaded
    early = (REPO / "static" / "pyodide-early.mjs").read_text(encoding="utf-8")
    imported = {"./static/" + m for m in re.findall(r'from\s*"\./([^"]+\.mjs)"', early)}
    assert imported and imported <= preloaded, f"not modulepreloaded: {sorted(imported - preloaded)}"


def test_the_head_modulepreloads_every_chunk_core_js_imports_and_the_error_plugin():
    preloaded = {href.rsplit("/", 1)[1] for rel, href in _head_links() if rel == "modulepreload"}
    wanted = set()
    todo = ["core.js"]
    while todo:   # core.js's static import graph
        name = todo.pop()
        for dep in _static_imports(PYSCRIPT / name) - wanted:
            wanted.add(dep)
            todo.append(dep)
    # the config's "!error" makes PyScript import the error plugin (its notOnDOM) before it starts
    errors = [p.name for p in PYSCRIPT.glob("error-*.js")]
    assert len(errors) == 1
    wanted.add(errors[0])
    assert wanted <= preloaded, f"not modulepreloaded in index.html: {sorted(wanted - preloaded)}"


def test_the_painter_preloads_the_runtime_files_pyodide_and_pyscript_fetch():
    hrefs = {href for _, href in _paint_preloads()}
    for name in ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert f"./static/vendor/pyodide/{name}" in hrefs, name
    # the page's interpreter (which imports pyodide.mjs) is imported by the painter itself, at once
    config = json.loads((REPO / "pyscript.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/pyodide-early.mjs"
    paint = (REPO / "static" / "paint.js").read_text(encoding="utf-8")
    assert 'import("./pyodide-early.mjs")' in paint
    assert 'from "./vendor/pyodide/pyodide.mjs"' in (REPO / config["interpreter"]).read_text(encoding="utf-8")
    for archive in config["files"]:
        assert archive in hrefs, archive
    assert re.search(r'<script type="py" src="(\./static/main\.py)"', _index()).group(1) in hrefs
