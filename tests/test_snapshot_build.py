"""The build's memory snapshot (heap snapshot of Pyodide, issue 18 item 1; not the board snapshot of
static/worker/snapshot.py): which modules it may hold, its key, the built file, and the maker's guards.

The maker (scripts/pyodide_snapshot.mjs) runs the vendored Pyodide under Node: those tests need
`make vendor` and Node, and are skipped without them.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
import build_vendor  # noqa: E402

VENDOR = REPO / "static" / "vendor"
NODE = shutil.which("node")
needs_vendor = pytest.mark.skipif(not (VENDOR / "manifest.json").is_file() or NODE is None,
                                  reason="needs `make vendor` and Node")


def _tree(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_pure_modules_leave_out_every_module_reaching_a_browser_module(tmp_path):
    root = _tree(tmp_path, {
        "canfield/__init__.py": "from .game import Game\n",
        "canfield/game.py": "import json\nclass Game: pass\n",
        "static/worker/__init__.py": "",
        "static/worker/dom.py": "from js import document\n",
        "static/worker/uses_dom.py": "from .dom import document\n",            # through another module
        "static/worker/deep.py": "from worker.uses_dom import document\n",    # two steps, absolute
        "static/page/ffi.py": "try:\n    import pyodide.ffi\nexcept ImportError:\n    pass\n",
        "static/worker/later.py": "def f():\n    import js\n    return js\n",   # only inside a function
        "static/worker/sibling.py": "from . import later\nfrom canfield import Game\n",
        "static/worker/pkgjs.py": "import pyscript.web\n",
        "static/shared/__init__.py": "",
        "static/shared/codec.py": "import json\n",
    })
    pure = build_vendor.pure_modules(build_vendor.game_files(root))
    assert pure == ["canfield", "shared", "worker", "canfield.game", "shared.codec", "worker.later", "worker.sibling"]


def test_the_real_game_keeps_its_page_modules_out():
    """game.zip holds the worker's and the shared modules, every one pure (the memory snapshot holds them
    all); the page's, which reach the DOM, are not in it."""
    files = build_vendor.game_files(REPO)
    pure = set(build_vendor.pure_modules(files))
    assert {"canfield", "canfield.game", "canfield.rules", "shared", "worker", "worker.session", "shared.vocab"} <= pure
    assert {build_vendor.module_name(arc) for arc, _ in files} == pure
    assert not [arc for arc, _ in files if arc.startswith("page/")]
    top_level_js = 0
    for path in (REPO / "static" / "page").glob("*.py"):
        lines = path.read_text(encoding="utf-8").splitlines()
        # an import of js at the module's top level (column 0), not one deferred into a function
        if any(re.match(r"(from js import |import js\b)", line) for line in lines):
            top_level_js += 1
    assert top_level_js


def test_the_key_covers_the_wasm_the_stdlib_and_game_zip():
    hashes = {rel: hashlib.sha256(rel.encode()).hexdigest() for rel in build_vendor.SNAPSHOT_KEY_FILES}
    key = build_vendor.memory_snapshot_key(hashes)
    for rel in build_vendor.SNAPSHOT_KEY_FILES:
        other = dict(hashes, **{rel: "0" * 64})
        assert build_vendor.memory_snapshot_key(other) != key, rel
    assert set(build_vendor.SNAPSHOT_KEY_FILES) == {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "game.zip"}


@needs_vendor
def test_the_built_snapshot_names_the_key_of_the_files_beside_it():
    manifest = json.loads((VENDOR / "manifest.json").read_text(encoding="utf-8"))
    entry = manifest["memory_snapshot"]
    files = {f["path"]: f for f in manifest["files"]}
    hashes = {rel: build_vendor._sha256(VENDOR / rel) for rel in build_vendor.SNAPSHOT_KEY_FILES}
    assert {rel: files[rel]["sha256"] for rel in hashes} == hashes
    assert entry["key"] == build_vendor.memory_snapshot_key(hashes)
    data = (VENDOR / entry["path"]).read_bytes()
    assert data.startswith(build_vendor.SNAPSHOT_MAGIC + entry["key"].encode() + b"\n")
    assert files[entry["path"]]["size"] == len(data) and entry["header"] % 16 == 0
    # Pyodide's own snapshot follows our header, without its runs of zeros: put back together, it begins
    # with its magic "\0snp" as a little-endian uint32 and has the size the page's buffer is made
    full = build_vendor.unsparse_snapshot(data[entry["header"]:])
    assert full[:4] == (0x706E7300).to_bytes(4, "little")
    assert len(full) == entry["restored_size"] > 30 << 20
    assert len(data) < len(full) * 0.6   # the zeros left out: about half the heap
    # its modules: the game's pure ones, found by the scan (not a list kept by hand)
    assert entry["modules"][:len(build_vendor.pure_modules(build_vendor.game_files(REPO)))] == \
        build_vendor.pure_modules(build_vendor.game_files(REPO))
    # an unchanged build keeps it (no new 31 MB file, no new precompressed copies)
    before = (VENDOR / entry["path"]).stat().st_mtime_ns
    build_vendor.build(REPO, log=lambda *_: None)
    assert (VENDOR / entry["path"]).stat().st_mtime_ns == before


def test_the_sparse_form_gives_back_every_byte_and_leaves_out_only_long_runs_of_zeros():
    cases = [b"", b"\0" * 63, b"\0" * 64, b"x" + b"\0" * 200, b"\0" * 200 + b"x", b"ab" * 100,
             b"x" + b"\0" * 64 + b"y" + b"\0" * 63 + b"z" + b"\0" * 5000, bytes(range(256)) * 40]
    for data in cases:
        sparse = build_vendor.sparse_snapshot(data)
        assert build_vendor.unsparse_snapshot(sparse) == data, data[:80]
    # a run of 64 zeros goes, one of 63 stays: (the table: size, count, one run) + the one byte kept
    assert len(build_vendor.sparse_snapshot(b"x" + b"\0" * 64)) == 8 + 8 + 1
    assert len(build_vendor.sparse_snapshot(b"x" + b"\0" * 63)) == 8 + 8 + 64
    with pytest.raises(ValueError):
        build_vendor.unsparse_snapshot(build_vendor.sparse_snapshot(b"abc") + b"more")


def _make(tmp_path: Path, modules: dict[str, str], imports: list[str]) -> subprocess.CompletedProcess:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in modules.items():
            z.writestr(name, text)
    (tmp_path / "game.zip").write_bytes(buf.getvalue())
    job = {"indexURL": str(VENDOR / "pyodide") + "/", "game_zip": str(tmp_path / "game.zip"), "imports": imports,
           "out": str(tmp_path / "heap")}
    (tmp_path / "job.json").write_text(json.dumps(job), encoding="utf-8")
    return subprocess.run([NODE, str(REPO / build_vendor.SNAPSHOT_MAKER), str(tmp_path / "job.json")],
                          capture_output=True, text=True, timeout=300)


@needs_vendor
def test_the_maker_fails_loudly_when_the_heap_grew(tmp_path):
    # 64 MB made at import: more than the 30 MiB heap Pyodide starts with
    done = _make(tmp_path, {"big.py": "BLOB = bytearray(64 << 20)\n"}, ["big"])
    assert done.returncode == 1
    assert "the heap grew" in done.stderr
    assert not (tmp_path / "heap").exists()


@needs_vendor
def test_the_maker_refuses_a_module_holding_a_javascript_object(tmp_path):
    done = _make(tmp_path, {"dom.py": "from js import Object\nKEPT = Object.new()\n"}, ["dom"])
    assert done.returncode == 1
    assert "could not make the memory snapshot" in done.stderr


@needs_vendor
def test_the_maker_reports_a_module_it_cannot_import(tmp_path):
    done = _make(tmp_path, {"ok.py": "X = 1\n"}, ["ok", "no_such_module"])
    assert done.returncode == 1
    assert "no_such_module" in done.stderr


@needs_vendor
def test_the_maker_writes_a_snapshot_of_the_initial_heap(tmp_path):
    done = _make(tmp_path, {"ok.py": "X = 1\n"}, ["ok"])
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["imported"] == ["ok"] and report["heap"] == report["heap_initial"]
    assert (tmp_path / "heap").stat().st_size == report["size"]
