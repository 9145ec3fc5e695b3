#!/usr/bin/env python3
"""Copy the runtime files the page needs from node_modules/ into static/vendor/.

Run after `npm ci`. Pure standard library; idempotent (unchanged files are not
rewritten, files no longer part of the runtime are removed).

Layout produced:

    static/vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs (or .js), pyodide.asm.wasm,
                             python_stdlib.zip, pyodide-lock.json
    static/vendor/pyscript/  every *.js and *.css of @pyscript/core/dist (no source maps)
    static/vendor/manifest.json   versions, every file with its sha256, and one
                             content hash over all of them (for a cache name)

Usage: python scripts/build_vendor.py [--root REPO] [--quiet]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
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


class BuildError(Exception):
    """A problem the person running the build can fix; printed without traceback."""


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


def _sync(sources: list[Path], dest: Path, log) -> list[Path]:
    """Copy sources into dest (skipping identical files); delete anything else there."""
    dest.mkdir(parents=True, exist_ok=True)
    wanted = {src.name for src in sources}
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

    vendor = root / "static" / "vendor"
    vendor.mkdir(parents=True, exist_ok=True)
    for entry in vendor.iterdir():  # only our two folders and the manifest live here
        if entry.name not in ("pyodide", "pyscript", "manifest.json"):
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
            log(f"removed stale {entry}")

    files = _sync(_pyodide_sources(pyodide_dir), vendor / "pyodide", log)
    files += _sync(_pyscript_sources(pyscript_dir), vendor / "pyscript", log)

    entries = []
    overall = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.relative_to(vendor).as_posix()):
        rel = path.relative_to(vendor).as_posix()
        digest = _sha256(path)
        entries.append({"path": rel, "size": path.stat().st_size, "sha256": digest})
        overall.update(f"{rel}\0{digest}\n".encode())
    manifest = {
        "pyodide": pyodide_version,
        "pyscript": pyscript_version,
        "hash": overall.hexdigest(),
        "files": entries,
    }
    text = json.dumps(manifest, indent=2) + "\n"
    manifest_path = vendor / "manifest.json"
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
