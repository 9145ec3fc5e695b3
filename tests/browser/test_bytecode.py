"""Inside the vendored Pyodide, a boot compiles no Python: the stdlib modules the game and
Pyodide import come as bytecode from python_stdlib.zip, the game's from static/vendor/game.zip
(scripts/build_vendor.py builds both). A module missing from the build would be compiled here and named."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
import build_vendor  # noqa: E402

CHECK = """
import importlib, importlib._bootstrap_external as ext, json, sys, zipimport

compiled = []                      # every module Python had to compile from source
real_zip, real_src = zipimport._compile_source, ext.SourceLoader.source_to_code
def zip_compile(pathname, source):
    compiled.append(pathname)
    return real_zip(pathname, source)
def src_compile(self, data, path, *args, **kwargs):
    compiled.append(path)
    return real_src(self, data, path, *args, **kwargs)
zipimport._compile_source, ext.SourceLoader.source_to_code = zip_compile, src_compile
sys.dont_write_bytecode = True
try:
    for name in MODULES:
        importlib.import_module(name)
finally:
    zipimport._compile_source, ext.SourceLoader.source_to_code = real_zip, real_src
stdzip = next(p for p in sys.path if p.endswith(".zip"))
from_source = sorted(name for name, m in sys.modules.items()
                     if (getattr(getattr(m, "__spec__", None), "origin", None) or "").startswith(stdzip + "/")
                     and m.__spec__.origin.endswith(".py"))
json.dumps({"compiled": compiled, "from_source": from_source, "count": len(sys.modules)})
"""


# What the engine worker imports besides the game, listed here apart from the build's own list: zipfile
# reading game.zip's names (cp437), and static/worker/main.py's own (asyncio). Pyodide's own start is already
# done when the check begins.
WORKER_IMPORTS = ["asyncio", "encodings.cp437"]


def _run_beside_game_zip(page, server, code: str, name: str, value):
    """Run CODE in the vendored Pyodide (tests/browser/pyodide_engine.html) with game.zip unpacked in its
    working folder, as the engine's worker unpacks it, and that folder on sys.path; NAME holds VALUE; CODE's last
    expression is a JSON text, returned decoded."""
    page.goto(f"{server}/tests/browser/pyodide_engine.html")
    page.wait_for_selector('#status[data-ready="true"]', timeout=60_000)
    return page.evaluate(
        """async ([code, name, value]) => {
            const py = window.pyodide;
            const zip = await (await fetch('../../static/vendor/game.zip')).arrayBuffer();
            py.unpackArchive(zip, 'zip', {extractDir: '/home/pyodide'});
            py.runPython('import sys; sys.path.insert(0, "/home/pyodide")');
            py.globals.set(name, py.toPy(value));
            return JSON.parse(py.runPython(code));
        }""",
        [code, name, value],
    )


def test_a_boot_compiles_nothing(page, server):
    # what the engine worker runs: every engine module (the solver's at the first search) and the UI modules
    # the session imports; game.zip's other UI modules are the page's, which MicroPython runs (not Pyodide)
    files = build_vendor.game_files(REPO)
    game = [build_vendor.module_name(rel) for rel, _ in files]
    worker = set(build_vendor.import_order(files, "worker.session")) | {m for m in game if m.split(".")[0] == "canfield"}
    modules = WORKER_IMPORTS + sorted(worker)
    assert "worker.session" in modules and "canfield.game" in modules and "canfield.solver" in modules
    result = _run_beside_game_zip(page, server, CHECK, "MODULES", modules)
    assert result["compiled"] == []
    assert result["from_source"] == []
    assert result["count"] > 150
