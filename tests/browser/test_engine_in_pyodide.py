"""The engine, unchanged, gives the same results inside the vendored Pyodide (Python 3.14) as under CPython."""

import json
from pathlib import Path

import engine_check

REPO = Path(__file__).resolve().parents[2]


def test_engine_digest_is_the_same_in_pyodide(page, server):
    files = {f"canfield/{p.name}": p.read_text(encoding="utf-8") for p in (REPO / "canfield").glob("*.py")}
    files["engine_check.py"] = (REPO / "tests" / "engine_check.py").read_text(encoding="utf-8")
    page.goto(f"{server}/tests/browser/pyodide_engine.html")
    page.wait_for_selector('#status[data-ready="true"]', timeout=60_000)
    result = page.evaluate(
        """async (files) => {
            const py = window.pyodide;
            py.FS.mkdirTree('/home/pyodide/canfield');
            for (const [path, text] of Object.entries(files)) py.FS.writeFile('/home/pyodide/' + path, text);
            const version = py.runPython('import sys; sys.version');
            const digest = py.runPython(
                'import sys, json\\nsys.path.insert(0, "/home/pyodide")\\nimport engine_check\\n'
                + 'json.dumps(engine_check.digest())');
            return {version, digest};
        }""",
        files,
    )
    assert result["version"].startswith("3.1")
    expected = json.loads(json.dumps(engine_check.digest()))
    got = json.loads(result["digest"])
    assert got["codes"] == expected["codes"]
    assert got["errors"] == expected["errors"]
    for code in expected["play"]:
        assert got["play"][code] == expected["play"][code], code
    assert got == expected
