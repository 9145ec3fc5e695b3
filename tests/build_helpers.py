"""Helpers shared by tests/test_build.py (CPython) and tests/browser/test_offline.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import build_offline  # scripts/ (pytest.ini's pythonpath)

REPO = Path(__file__).resolve().parents[1]


def expected_files(root: Path) -> set[str]:
    """What the game needs, listed independently of build_offline.site_files. The game's Python files
    (canfield/*.py, static/ui/*.py) are not among them: static/vendor/game.zip carries them."""
    files = {"index.html", "pyscript.json", "pyscript.toml", "app.webmanifest"}
    for p in (root / "static").rglob("*"):
        rel = p.relative_to(root)
        if p.is_file() and "__pycache__" not in rel.parts and p.suffix != ".pyc" \
                and not any(part.startswith(".") for part in rel.parts) \
                and not (rel.parts[:2] == ("static", "ui") and p.suffix == ".py"):
            files.add(rel.as_posix())
    return files


def build(root: Path, *extra: str) -> dict:
    """Run scripts/build_offline.py (the command line, as `make vendor` does) for ROOT."""
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "build_offline.py"), "--quiet",
                           "--root", str(root), *extra], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return build_offline.read_release(root)
