"""The page's Python under MicroPython itself: one node process (tests/micropython_page.mjs) running the
vendored MicroPython with the page's compiled modules (static/vendor/mpy, built by `make vendor`), asked
one call at a time through tests/page_calls.py, which CPython runs too (`cpython`)."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import page_calls

REPO = Path(__file__).resolve().parents[1]
MICROPYTHON = REPO / "static" / "vendor" / "micropython" / "micropython.mjs"
MPY = REPO / "static" / "vendor" / "mpy"
HERE = Path(__file__).resolve().parent


def available() -> str | None:
    """Why the page's MicroPython cannot run here, or None."""
    if shutil.which("node") is None:
        return "no node"
    if not MICROPYTHON.is_file() or not (MPY / "page" / "layer.mpy").is_file():
        return "static/vendor has no MicroPython or compiled page modules: run make vendor"
    return None


class MicroPythonPage:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            ["node", str(HERE / "micropython_page.mjs"), str(MICROPYTHON), str(MPY), str(HERE / "page_calls.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")

    def call(self, fn: str, *args):
        """page_calls.call's answer under MicroPython: {"ok": value} or {"error": ...}."""
        # raw UTF-8, as the worker writes its texts: MicroPython's json reads an escaped surrogate pair
        # ("\\ud83c\\udca1") as two characters, and six characters an escape weigh on its heap
        self.proc.stdin.write(json.dumps({"fn": fn, "args": list(args)}, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("MicroPython's node process ended: " + self.proc.stderr.read()[-2000:])
        return json.loads(line)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def cpython(fn: str, *args):
    """The same call under CPython (its answer through JSON, as MicroPython's comes)."""
    return json.loads(json.dumps(page_calls.call(fn, list(args))))


def same(a, b, texts_are_json: bool = False) -> bool:
    """Equal answers, floats to 1e-9 (the two Pythons write a float's digits differently); with
    `texts_are_json`, the answer's text (or each text of a list or an object) is compared as the JSON value
    it holds."""
    if isinstance(a, str) and isinstance(b, str):
        if a == b:
            return True
        if not texts_are_json:
            return False
        try:
            return same(json.loads(a), json.loads(b))     # the values inside: texts as texts
        except ValueError:
            return False
    if isinstance(a, float) or isinstance(b, float):
        return (isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool)
                and not isinstance(b, bool) and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k], texts_are_json) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y, texts_are_json) for x, y in zip(a, b))
    return type(a) is type(b) and a == b
