"""The page's preloads point at files the build ships, and cover what PyScript loads first.

index.html's <head> modulepreloads PyScript's own chunks (their hashed names are fixed by the pinned
@pyscript/core: a version bump changes them, and these tests fail until index.html follows) and the main
thread's interpreter, MicroPython's module; Pyodide is the worker's, and nothing of it is preloaded by the
page (a worker does not use the document's preloads: each file would come twice). Run after `make vendor`.
"""

from __future__ import annotations

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


def _static_imports(path: Path) -> set[str]:
    return set(re.findall(r'(?:from|import)\s*"\./([^"]+\.js)"', path.read_text(encoding="utf-8")))


@pytest.fixture(scope="module", autouse=True)
def _built():
    if not (PYSCRIPT / "core.js").is_file():
        pytest.fail("static/vendor is not built: run `make vendor`")


def test_every_preload_in_the_head_is_a_shipped_file():
    links = _head_links()
    assert links
    for rel, href in links:
        assert rel in ("modulepreload", "preload", "fetch"), (rel, href)
        assert href.startswith("./"), f"{href}: relative URLs only (the game also runs from a sub-path)"
        assert (REPO / href).is_file(), f"{href} is preloaded but does not exist (run `make vendor`, or follow a version bump)"


MICROPYTHON = "./static/vendor/micropython/micropython.mjs"


def test_the_head_preloads_no_big_file_and_nothing_of_pyodide():
    for _, href in _head_links():
        assert (REPO / href).stat().st_size < 200_000, f"{href} is preloaded in <head>"
        assert href.startswith("./static/vendor/pyscript/") or href == MICROPYTHON, href


def test_the_head_modulepreloads_the_pages_interpreter():
    preloaded = {href for rel, href in _head_links() if rel == "modulepreload"}
    assert MICROPYTHON in preloaded
    assert f'"interpreter": "{MICROPYTHON}"' in _index()


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
