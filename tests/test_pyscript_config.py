"""PyScript's configuration loads the local runtimes and ships every Python file of the game (no CDN).

index.html carries the page's config inline, as JSON in the script tag's config attribute (no file to
fetch, no TOML parser to download before the game starts), written by scripts/build_facts.py: the
MicroPython page's (static/page/ and static/shared/, fetched compiled). The engine's side is no
PyScript script: static/boot.js starts its module worker (static/engine-worker.mjs), whose Pyodide
(static/pyodide-worker.mjs, the vendored one) unpacks one archive, static/vendor/game.zip, built by
scripts/build_vendor.py from canfield/*.py, static/shared/*.py and static/worker/*.py: the tests here read the built archive
(`make vendor`), so a module missing from it fails here."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ARCHIVE = "./static/vendor/game.zip"


def _inline() -> dict:
    """The config of index.html's one <script type="mpy"> (the page)."""
    index = (REPO / "index.html").read_text(encoding="utf-8")
    tags = re.findall(r'<script type="mpy" src="\./static/page/main\.py" config=\'(\{[^\']*\})\'></script>', index)
    assert len(tags) == 1, "index.html must have one page script with its config inline"
    return json.loads(tags[0])


def _static(name) -> str:
    return (REPO / "static" / name).read_text(encoding="utf-8")


def _archive() -> zipfile.ZipFile:
    path = REPO / ARCHIVE
    assert path.is_file(), f"{ARCHIVE} is not built: run `make vendor`"
    return zipfile.ZipFile(path)


def test_the_page_runs_micropython_and_the_worker_pyodide_both_vendored():
    assert _inline()["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    index = (REPO / "index.html").read_text(encoding="utf-8")
    # no Pyodide through PyScript on the page: the engine is a module worker that static/boot.js starts
    assert '<script type="py"' not in index and "<py-script" not in index
    assert re.search(r'new Worker\(new URL\("\./static/engine-worker\.mjs", document\.baseURI\), \{ type: "module"',
                     _static("boot.js"))
    assert re.search(r'^import \{ loadPyodide, snapshotCached \} from "\./pyodide-worker\.mjs";$', _static("engine-worker.mjs"), re.M)
    # a module of ours that re-exports the vendored Pyodide (restoring its memory snapshot), by a relative URL
    assert re.search(r'^import \{ loadPyodide as realLoadPyodide, version \} from "\./vendor/pyodide/pyodide\.mjs";$',
                     _static("pyodide-worker.mjs"), re.M)
    assert re.search(r"^export function loadPyodide\(", _static("pyodide-worker.mjs"), re.M)


def test_the_game_files_come_in_one_archive_unpacked_into_the_working_folder():
    # unpacked into Pyodide's working folder (sys.path[0]), where the memory snapshot imported them from
    worker = _static("engine-worker.mjs")
    assert 'new URL("./vendor/game.zip", import.meta.url)' in worker and ARCHIVE == "./static/vendor/game.zip"
    assert re.search(r'py\.unpackArchive\(game, "zip"\);', worker)


def test_every_engine_file_is_in_the_archive_unchanged_at_its_package_path():
    names = set(_archive().namelist())
    engine = sorted(p for p in (REPO / "canfield").glob("*.py"))
    assert engine, "no canfield/*.py found"
    with _archive() as z:
        for path in engine:
            name = f"canfield/{path.name}"
            assert name in names, f"{ARCHIVE} lacks {name}: run `make vendor`"
            assert z.read(name) == path.read_bytes(), f"{ARCHIVE} holds an old {name}: run `make vendor`"


def test_every_shared_and_worker_module_is_in_the_archive_in_its_package():
    scripts = {"worker/main.py", "worker/solver_worker.py"}      # fetched beside the archive
    modules = [p for folder in ("shared", "worker") for p in sorted((REPO / "static" / folder).glob("*.py"))
               if f"{folder}/{p.name}" not in scripts]
    assert {"shared/__init__.py", "worker/__init__.py"} <= {f"{p.parent.name}/{p.name}" for p in modules}
    with _archive() as z:
        names = set(z.namelist())
        assert not scripts & names and not [n for n in names if n.startswith("page/")]
        for path in modules:
            name = f"{path.parent.name}/{path.name}"
            assert name in names, f"{ARCHIVE} lacks {name}: run `make vendor`"
            assert z.read(name) == path.read_bytes(), f"{ARCHIVE} holds an old {name}: run `make vendor`"


def test_the_archive_holds_only_the_game_and_a_checked_pyc_for_each_module():
    with _archive() as z:
        names = z.namelist()   # the worker runs no PyScript: nothing of PyScript's package
        sources = [n for n in names if n.endswith(".py")]
        assert {n.split("/")[0] for n in names} == {"canfield", "shared", "worker"}
        assert len(sources) == (len(list((REPO / "canfield").glob("*.py"))) + len(list((REPO / "static" / "shared").glob("*.py")))
                                + len(list((REPO / "static" / "worker").glob("*.py"))) - 2)
        pycs = [n for n in names if n.endswith(".pyc")]
        assert len(pycs) == len(sources) and len(names) == 2 * len(sources)
        magic = None
        for src in sources:
            folder, base = src.rsplit("/", 1)
            [pyc] = [n for n in pycs if re.fullmatch(re.escape(f"{folder}/__pycache__/{base[:-3]}.") + r"cpython-3\d+\.pyc", n)]
            header = z.read(pyc)[:16]
            magic = magic or header[:4]
            assert header[:4] == magic and header[2:4] == b"\r\n", pyc
            # flags 0b11: hash-based and checked (Python compares the source's hash, never runs stale code)
            assert int.from_bytes(header[4:8], "little") == 0b11, pyc


def test_the_traceback_banner_is_off():
    # start-up errors go to the page's own message with a retry (static/boot.js)
    assert "!error" in _inline().get("plugins", [])


def test_pyscript_toml_is_the_pages_config_and_index_html_holds_it_inline():
    """pyscript.toml at the top level is the page's PyScript config (the design card's); the build writes
    it into index.html's script tag, so the first visit fetches no config: the two are equal."""
    import tomllib
    with open(REPO / "pyscript.toml", "rb") as f:
        toml = tomllib.load(f)
    assert toml == _inline()
    assert toml["interpreter"].startswith("./static/vendor/") and toml["files"]
