"""The build, under CPython (no browser needed, so these run even without Playwright): the vendored
runtime and its manifest, scripts/build_vendor.py's errors, scripts/build_offline.py's release list,
cache name and dist/, and the web app manifest."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from build_helpers import build as _build, build_offline, expected_files as _expected_files, thin_page_files

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def release() -> dict:
    """The repository's release file, rebuilt now so that it matches the files on disk."""
    return _build(REPO)


def test_vendor_holds_exactly_the_runtime_listed_in_its_manifest():
    vendor = REPO / "static" / "vendor"
    manifest = json.loads((vendor / "manifest.json").read_text(encoding="utf-8"))
    pins = json.loads((REPO / "package.json").read_text(encoding="utf-8"))["dependencies"]
    assert manifest["pyodide"] == pins["pyodide"]
    assert manifest["pyscript"] == pins["@pyscript/core"]
    listed = {f["path"]: f for f in manifest["files"]}
    on_disk = {p.relative_to(vendor).as_posix() for p in vendor.rglob("*") if p.is_file()} - {"manifest.json"}
    assert on_disk == set(listed)
    for rel, entry in listed.items():
        data = (vendor / rel).read_bytes()
        assert len(data) == entry["size"] and hashlib.sha256(data).hexdigest() == entry["sha256"], rel
    pyodide = sorted(p for p in listed if p.startswith("pyodide/"))
    assert pyodide == [
        "pyodide/pyodide-lock.json", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
        "pyodide/pyodide.mjs", "pyodide/python_stdlib.zip",
    ]
    assert "pyscript/core.js" in listed and "pyscript/core.css" in listed
    assert not [p for p in listed if p.endswith(".map")]
    # the runtime's big files carry their gzip size (static/boot.js's estimate of the bytes on the wire)
    for rel in (p for p in pyodide if p != "pyodide/pyodide.mjs"):
        data = (vendor / rel).read_bytes()
        assert listed[rel]["gzip"] == len(gzip.compress(data, compresslevel=6, mtime=0)), rel
    assert "gzip" not in listed["pyodide/pyodide.mjs"]


def test_micropython_is_vendored_from_node_modules_at_its_pin():
    """The thin layer's interpreter (PyScript's `<script type="mpy">`): the two files of the pinned npm
    package, byte for byte, under static/vendor/micropython/; nothing of it comes from a CDN."""
    vendor = REPO / "static" / "vendor"
    manifest = json.loads((vendor / "manifest.json").read_text(encoding="utf-8"))
    pins = json.loads((REPO / "package.json").read_text(encoding="utf-8"))["dependencies"]
    name = "@micropython/micropython-webassembly-pyscript"
    assert re.fullmatch(r"\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?", pins[name]), "an exact version, no range"
    lock = json.loads((REPO / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][f"node_modules/{name}"]["version"] == pins[name]
    assert manifest["micropython"] == pins[name]
    listed = sorted(f["path"] for f in manifest["files"] if f["path"].startswith("micropython/"))
    assert listed == ["micropython/micropython.mjs", "micropython/micropython.wasm"]
    for rel in listed:
        npm = REPO / "node_modules" / name / rel.split("/", 1)[1]
        assert (vendor / rel).read_bytes() == npm.read_bytes(), rel
    # the loader finds its wasm beside itself (import.meta.url), not on a CDN
    loader = (vendor / "micropython" / "micropython.mjs").read_text(encoding="utf-8")
    assert "micropython.wasm" in loader and "cdn.jsdelivr" not in loader and "unpkg" not in loader


def test_build_vendor_without_node_modules_says_what_to_run(tmp_path):
    (tmp_path / "package.json").write_text((REPO / "package.json").read_text(encoding="utf-8"), encoding="utf-8")
    result = subprocess.run([sys.executable, str(REPO / "scripts" / "build_vendor.py"), "--root", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "npm ci" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "static").exists()


def test_build_vendor_refuses_a_node_modules_of_other_versions(tmp_path):
    pins = json.loads((REPO / "package.json").read_text(encoding="utf-8"))
    pins["dependencies"]["pyodide"] = "0.0.1"
    (tmp_path / "package.json").write_text(json.dumps(pins), encoding="utf-8")
    (tmp_path / "node_modules").symlink_to(REPO / "node_modules")
    result = subprocess.run([sys.executable, str(REPO / "scripts" / "build_vendor.py"), "--root", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "pins 0.0.1" in result.stderr and "npm ci" in result.stderr
    assert not (tmp_path / "static").exists()


# --------------------------------------------------------------------------- the build (CPython)

def test_release_lists_every_file_the_game_needs(release):
    urls = [f["url"] for f in release["files"]]
    assert urls[0] == "./" and len(urls) == len(set(urls))
    assert set(urls[1:]) == {"./" + rel for rel in _expected_files(REPO)}
    for must in ("./index.html", "./app.webmanifest", "./static/sw-register.js",
                 "./static/vendor/pyodide/pyodide.asm.wasm", "./static/vendor/pyodide/pyodide-lock.json",
                 "./static/vendor/pyodide/python_stdlib.zip", "./static/vendor/pyscript/core.js",
                 "./static/icons/maskable-512.png", "./static/vendor/game.zip", "./static/page/main.py",
                 "./static/worker/main.py", "./static/worker/solver_worker.py", "./static/pyodide-worker.mjs",
                 "./static/engine-worker.mjs"):
        assert must in urls, must
    assert not [u for u in urls if "__pycache__" in u or u.endswith(".pyc")]
    # the game's sources travel in static/vendor/game.zip, the page's compiled in static/vendor/mpy/: no
    # second copy in the cache
    thin = {"./" + rel for rel in thin_page_files(REPO)}
    assert thin and all(u.startswith("./static/vendor/mpy/") and u.endswith(".mpy") for u in thin), thin
    assert not [u for u in urls if u.startswith(("./canfield/", "./static/page/", "./static/shared/", "./static/worker/"))
                and u not in ("./static/page/main.py", "./static/worker/main.py", "./static/worker/solver_worker.py")]
    assert release["files"][0]["sha256"] == next(f for f in release["files"] if f["url"] == "./index.html")["sha256"]
    assert release["cache"] == "canfield-" + release["hash"][:16]
    # index.html's config (the page's) maps files that must all be in the list (what PyScript fetches at
    # boot), and names an interpreter that must be too
    index = (REPO / "index.html").read_text(encoding="utf-8")
    configs = re.findall(r"<script type=\"(?:mpy|py)\"[^>]* config='([^']*)'", index)
    assert len(configs) == 1
    for config in map(json.loads, configs):
        for src in [config["interpreter"], *config["files"]]:
            assert src in urls, src
    # and so must what the engine's worker fetches (static/engine-worker.mjs: URLs relative to static/)
    worker = (REPO / "static" / "engine-worker.mjs").read_text(encoding="utf-8")
    fetched = re.findall(r'new URL\("\./([^"]+)", import\.meta\.url\)', worker)
    assert sorted(fetched) == ["vendor/game.zip", "worker/main.py", "worker/solver_worker.py"], fetched
    for rel in fetched:
        assert "./static/" + rel in urls, rel


def _tiny_site(root: Path) -> None:
    for rel, text in {"index.html": "<!doctype html>", "app.webmanifest": "{}", "sw.js": "// sw",
                      "canfield/a.py": "x = 1\n", "static/worker/b.py": "y = 2\n", "static/game.css": "a{}", "static/vendor/game.zip": "zip",
                      "static/vendor/manifest.json": "{}", "static/worker/__pycache__/a.pyc": "junk"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_the_cache_name_follows_every_file(tmp_path):
    site = tmp_path / "site"
    _tiny_site(site)
    first = _build(site)
    # the game's Python sources are not listed: static/vendor/game.zip carries them
    assert [f["url"] for f in first["files"]] == ["./", "./app.webmanifest", "./index.html", "./static/game.css",
                                                   "./static/vendor/game.zip", "./static/vendor/manifest.json"]
    assert _build(site) == first                      # same files, same release
    for rel in ("static/game.css", "static/vendor/game.zip", "sw.js", "static/vendor/manifest.json"):
        before = (site / rel).read_text(encoding="utf-8")
        (site / rel).write_text(before + " ", encoding="utf-8")
        changed = _build(site)
        assert changed["cache"] != first["cache"], rel
        (site / rel).write_text(before, encoding="utf-8")
    (site / "static" / "new.js").write_text("", encoding="utf-8")
    assert _build(site)["cache"] != first["cache"]
    (site / "static" / "worker" / "__pycache__" / "b.pyc").write_text("more junk", encoding="utf-8")
    (site / "static" / "new.js").unlink()
    assert _build(site) == first                      # caches of the interpreter are no part of it


def test_dist_holds_exactly_the_site(tmp_path):
    site, dist = tmp_path / "site", tmp_path / "dist"
    _tiny_site(site)
    data = _build(site, "--dist", str(dist))
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert on_disk == {f["url"][2:] for f in data["files"][1:]} | {"sw.js", "sw-release.js"}
    assert build_offline.read_release(dist) == data
    (dist / "stale.txt").write_text("from an older build", encoding="utf-8")
    _build(site, "--dist", str(dist))                 # rebuilt from scratch
    assert not (dist / "stale.txt").exists()
    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "cat.jpg").write_text("not ours", encoding="utf-8")
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "build_offline.py"), "--root", str(site),
                           "--dist", str(foreign)], capture_output=True, text=True)
    assert done.returncode == 1 and "refusing" in done.stderr and "Traceback" not in done.stderr
    assert (foreign / "cat.jpg").exists()


def test_build_says_what_is_missing(tmp_path):
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "build_offline.py"), "--root", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "index.html is missing" in done.stderr and "Traceback" not in done.stderr
    _tiny_site(tmp_path)
    shutil.rmtree(tmp_path / "static" / "vendor")
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "build_offline.py"), "--root", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "build_vendor.py" in done.stderr


# --------------------------------------------------------------------------- the manifest (CPython)

def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def test_manifest_makes_an_installable_app():
    manifest = json.loads((REPO / "app.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {}
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./"), icon
        path = REPO / icon["src"][2:]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            w, h = _png_size(path)
            assert icon["sizes"] == f"{w}x{h}", icon
            assert path.stat().st_size < 20_000, f"{path} is {path.stat().st_size} bytes"
            sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
        else:
            assert icon["type"] == "image/svg+xml" and path.read_text(encoding="utf-8").startswith("<svg")
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]
    html = (REPO / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./app.webmanifest">' in html
    assert 'src="./static/sw-register.js"' in html
    touch = re.search(r'<link rel="apple-touch-icon" href="\./([^"]+)"', html)
    assert touch and _png_size(REPO / touch.group(1)) == (180, 180)
