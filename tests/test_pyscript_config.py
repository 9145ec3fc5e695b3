"""pyscript.toml loads the local runtime and maps every Python file the page imports (no CDN, no wildcard)."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _config():
    return tomllib.loads((REPO / "pyscript.toml").read_text(encoding="utf-8"))


def _mapped(config):
    """Destination path in Pyodide of every [files] entry, keyed by its source path in the repo."""
    out = {}
    for src, dst in config.get("files", {}).items():
        name = src.removeprefix("./")
        target = dst.removeprefix("./")
        out[name] = target + Path(name).name if target.endswith("/") else target
    return out


def test_every_engine_file_is_mapped_unchanged_into_pyodide():
    mapped = _mapped(_config())
    engine = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "canfield").glob("*.py"))
    assert engine, "no canfield/*.py found"
    missing = [f for f in engine if f not in mapped]
    assert not missing, f"pyscript.toml [files] lacks {missing}: add a line per file"
    for f in engine:
        assert mapped[f] == f, f"{f} is mapped to {mapped[f]!r}: the engine must keep its package path"


def test_every_ui_module_is_mapped_into_the_ui_package():
    mapped = _mapped(_config())
    ui = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "static" / "ui").glob("*.py"))
    assert "static/ui/__init__.py" in ui
    missing = [f for f in ui if f not in mapped]
    assert not missing, f"pyscript.toml [files] lacks {missing}"
    for f in ui:
        assert mapped[f] == "ui/" + Path(f).name


def test_every_mapped_file_exists():
    for src in _mapped(_config()):
        assert (REPO / src).is_file(), f"pyscript.toml maps {src}, which does not exist"


def test_interpreter_is_the_vendored_pyodide_by_a_relative_url():
    interpreter = _config()["interpreter"]
    assert interpreter == "./static/vendor/pyodide/pyodide.mjs"
    assert "://" not in interpreter and not interpreter.startswith("/")


def test_the_traceback_banner_is_off():
    # start-up errors go to the page's own message with a retry (static/boot.js)
    assert "!error" in _config().get("plugins", [])
