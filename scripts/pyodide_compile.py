"""Runs INSIDE Pyodide (started by scripts/pyodide_compile.mjs under Node): bytecode for the browser.

The browser's Python is Pyodide's (3.14 for Pyodide 314.x); CPython on the build machine cannot write its
bytecode, so this step runs in the same Pyodide the page loads, and every .pyc matches the runtime exactly.

Reads /build/job.json:

    {"stdlib_in": "/build/python_stdlib.zip", "stdlib_out": "/build/out/python_stdlib.zip",
     "imports": ["json", ...],            stdlib modules the engine's worker imports
     "game": [["canfield/cards.py", "/build/src/0"], ...], "game_out": "/build/out/game.zip"}

Writes:

Both zips are stored, not deflated: the host's brotli or gzip then compresses the whole archive at once,
far better than deflate file by file (stdlib: 2.1 MB with brotli, against 3.2 MB deflated).

- stdlib_out: Pyodide's python_stdlib.zip where every module imported by a bare boot or by `imports`
  is replaced by its unchecked hash-based .pyc (zipimport prefers a .pyc; no source check, no compile
  at boot). Every other module stays a .py source: a module the game imports later still works.
- game_out: the game's files as a zip unpacked by the engine's worker at boot (one request instead of
  one per file): each .py with its __pycache__/NAME.<cache_tag>.pyc, a checked hash-based .pyc: Python
  hashes the source (fast, no compile) and uses the bytecode only if it matches, so a source edited in
  place is never run as stale bytecode. The source stays for tracebacks.
- /build/out/report.json: what was compiled, and the imports that failed (not in the stdlib).
"""

import importlib
import importlib.util
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

JOB = "/build/job.json"
REPORT = "/build/out/report.json"
# Fixed date for every entry: the same sources give the same archive bytes (a stable cache hash).
DATE = (2020, 1, 1, 0, 0, 0)


def pyc_bytes(source: bytes, filename: str, optimize: int = 0, checked: bool = False) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=checked))


def imported_from(stdzip: str) -> set[str]:
    """Names inside the stdlib zip of every module loaded from it so far ('json/decoder.py')."""
    names = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(stdzip + "/") and origin.endswith(".py"):
            names.add(origin[len(stdzip) + 1:])
    return names


def entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, DATE)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    return info


def build_stdlib(job: dict, report: dict) -> None:
    stdzip = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python314.zip
    failed = []
    for name in job["imports"]:
        try:
            importlib.import_module(name)
        except Exception as exc:
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
    wanted = imported_from(stdzip)
    compiled = []
    with zipfile.ZipFile(job["stdlib_in"]) as src, \
            zipfile.ZipFile(job["stdlib_out"], "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename in wanted:
                out.writestr(entry(info.filename + "c"), pyc_bytes(data, f"{stdzip}/{info.filename}", job.get("optimize", 0)))
                compiled.append(info.filename)
            else:
                out.writestr(info, data, compress_type=zipfile.ZIP_STORED)
    missing = sorted(wanted - set(compiled))
    if missing:
        raise SystemExit(f"modules loaded from the stdlib zip but not found in it: {missing}")
    report["stdlib_compiled"] = sorted(compiled)
    report["imports_failed"] = failed


def build_game(job: dict, report: dict) -> None:
    tag = sys.implementation.cache_tag
    names = []
    with zipfile.ZipFile(job["game_out"], "w", zipfile.ZIP_STORED) as out:
        for arcname, path in job["game"]:
            with open(path, "rb") as f:
                source = f.read()
            out.writestr(entry(arcname), source)
            if arcname.endswith(".py"):
                folder, _, base = arcname.rpartition("/")
                cached = (folder + "/" if folder else "") + f"__pycache__/{base[:-3]}.{tag}.pyc"
                # the path the file has once unpacked (into the worker's working folder)
                out.writestr(entry(cached), pyc_bytes(source, arcname, checked=True))
            names.append(arcname)
    report["game"] = names
    report["cache_tag"] = tag


def main() -> None:
    with open(JOB, encoding="utf-8") as f:
        job = json.load(f)
    report = {"python": sys.version.split()[0]}
    if job.get("game_out"):
        build_game(job, report)
    if job.get("stdlib_out"):
        build_stdlib(job, report)
    with open(REPORT, "w", encoding="utf-8") as f:
        json.dump(report, f)


main()
