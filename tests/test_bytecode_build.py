"""The bytecode build (scripts/build_vendor.py with scripts/pyodide_compile.*), under CPython: the
compiled stdlib zip keeps every file of Pyodide's, with bytecode for the modules a boot imports."""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
import build_vendor  # noqa: E402

VENDOR = REPO / "static" / "vendor"
ORIGINAL = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"
# Loaded by every Pyodide boot before any game code (Pyodide's own start and its event loop).
BARE_BOOT = ("_pyodide/__init__", "pyodide/__init__", "pyodide/ffi/__init__", "pyodide/webloop",
             "asyncio/__init__", "encodings/__init__", "json/__init__", "re/__init__", "typing")


def _pyc_name(module: str, names: set[str]) -> str:
    path = module.replace(".", "/")
    return f"{path}/__init__.pyc" if f"{path}/__init__.py" in names or f"{path}/__init__.pyc" in names \
        else f"{path}.pyc"


@pytest.fixture(scope="module")
def stdlib() -> zipfile.ZipFile:
    if not ORIGINAL.is_file():
        pytest.fail("node_modules/pyodide is missing: run `make vendor`")
    with zipfile.ZipFile(VENDOR / "pyodide" / build_vendor.STDLIB_ZIP) as z:
        yield z


def test_every_file_of_pyodides_stdlib_is_kept_as_source_or_bytecode(stdlib):
    with zipfile.ZipFile(ORIGINAL) as original:
        before = {i.filename for i in original.infolist()}
    after = set(stdlib.namelist())
    compiled = {n[:-1] for n in after if n.endswith(".pyc")}
    assert compiled <= before
    assert (after - {n + "c" for n in compiled}) == before - compiled    # no module lost, none twice
    assert len(compiled) > 100


def test_the_modules_a_boot_imports_are_bytecode(stdlib):
    names = set(stdlib.namelist())
    wanted = set(build_vendor.boot_imports(REPO))
    assert {"json", "random", "dataclasses", "datetime", "html", "asyncio"} <= wanted   # asyncio: static/worker/main.py's
    for module in sorted(wanted - {"sys", "gc", "math", "time"}):  # those four are built into the runtime
        assert _pyc_name(module, names) in names, module
    for path in BARE_BOOT:
        assert path + ".pyc" in names, path


def test_stdlib_bytecode_is_unchecked_and_the_zip_stored(stdlib):
    # unchecked hash-based (flags 0b01): zipimport loads it without looking for a source
    magic = set()
    for info in stdlib.infolist():
        assert info.compress_type == zipfile.ZIP_STORED, info.filename  # the host compresses the whole zip
        if info.filename.endswith(".pyc"):
            header = stdlib.read(info)[:16]
            magic.add(header[:4])
            assert int.from_bytes(header[4:8], "little") == 0b01, info.filename
    with zipfile.ZipFile(VENDOR / build_vendor.GAME_ZIP) as game:
        magic |= {game.read(n)[:4] for n in game.namelist() if n.endswith(".pyc")}
    assert len(magic) == 1    # one Python version for all: the runtime's


def test_the_scan_keeps_module_level_imports_and_skips_deferred_ones(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("import json\nfrom urllib.parse import quote\nfrom . import sibling\n"
                   "try:\n    import html.entities\nexcept ImportError:\n    pass\n"
                   "class A:\n    import textwrap\n"
                   "def later():\n    import argparse\n"
                   "from js import document\nfrom canfield import Game\nfrom __future__ import annotations\n",
                   encoding="utf-8")
    assert build_vendor.game_imports([("m.py", src)]) == ["html", "json", "textwrap", "urllib",
                                                          "html.entities", "urllib.parse"]


def test_the_manifest_lists_the_built_files_and_their_inputs():
    manifest = json.loads((VENDOR / "manifest.json").read_text(encoding="utf-8"))
    paths = {f["path"] for f in manifest["files"]}
    assert {"pyodide/python_stdlib.zip", "game.zip"} <= paths
    assert len(manifest["compiled"]) == 64     # the hash of the compiler's inputs: an unchanged build is skipped
    assert build_vendor.game_archive_is_current(REPO)


def test_a_second_build_compiles_nothing():
    said = []
    build_vendor.build(REPO, log=said.append)
    assert build_vendor.build(REPO, log=said.append) is not None
    said.clear()
    build_vendor.build(REPO, log=said.append)
    assert not [line for line in said if "compiled" in line], said
