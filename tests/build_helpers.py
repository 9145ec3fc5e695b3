"""Helpers shared by tests/test_build.py (CPython) and tests/browser/test_offline.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import build_offline  # scripts/ (pytest.ini's pythonpath)

SCRIPTS = ("static/page/main.py", "static/worker/main.py", "static/worker/solver_worker.py")   # fetched as sources

REPO = Path(__file__).resolve().parents[1]


def thin_page_files(root: Path) -> set[str]:
    """The files index.html's MicroPython script fetches one by one (its config's "files"), from the page."""
    html = (root / "index.html").read_text(encoding="utf-8")
    config = re.search(r'<script type="mpy"[^>]*config=\'([^\']*)\'', html)
    return {src[2:] for src in json.loads(config.group(1))["files"]}


def expected_files(root: Path) -> set[str]:
    """What the game needs, listed independently of build_offline.site_files. The game's Python files
    (canfield/*.py, static/page/*.py, static/shared/*.py, static/worker/*.py) are not among them: static/vendor/game.zip carries
    them, and the page's MicroPython layer fetches its own compiled (`thin_page_files`), but its script
    static/page/main.py as a source."""
    files = {"index.html", "app.webmanifest"}
    return files | _static(root) | thin_page_files(root)


def _static(root: Path) -> set[str]:
    out = set()
    for p in (root / "static").rglob("*"):
        rel = p.relative_to(root)
        if p.is_file() and "__pycache__" not in rel.parts and p.suffix != ".pyc" \
                and not any(part.startswith(".") for part in rel.parts) \
                and not (rel.parts[:2] in (("static", "page"), ("static", "shared"), ("static", "worker"))
                         and p.suffix == ".py" and rel.as_posix() not in SCRIPTS):
            out.add(rel.as_posix())
    return out


def build(root: Path, *extra: str) -> dict:
    """Run scripts/build_offline.py (the command line, as `make vendor` does) for ROOT."""
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "build_offline.py"), "--quiet",
                           "--root", str(root), *extra], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return build_offline.read_release(root)
