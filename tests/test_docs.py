"""The docs quote the code: each constant a doc states (a bound, a batch size, a delay, a runtime's version,
a count) is read here from the doc's text and from the code, and the test fails when they differ, or when
the doc no longer says it where it did (a quote reworded must be looked at again, not dropped silently).

Checked: docs/architecture.md, docs/loading.md, docs/testing.md, docs/deploy.md and README.md, the docs
that describe the code as it is (docs/benchmarks.md and CHANGELOG.md keep the figures and history of their
day, older versions included). Lists the docs give in full are checked too: the vocabulary's actions,
effects and messages, the reply's fields, the session's ROUTES, the modules of each runtime's folder.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import build_vendor
from canfield import jsonio
from canfield.rules import RULESETS
from page import layer, pointer
from shared import storage_keys, vocab
from worker import session

REPO = Path(__file__).resolve().parents[1]
STATIC = REPO / "static"
DOCS = ("docs/architecture.md", "docs/loading.md", "docs/testing.md", "docs/deploy.md", "README.md")
WORDS = {"eight": 8, "twelve": 12, "sixteen": 16, "eighteen": 18, "twenty": 20, "thirty": 30}


def text(doc: str) -> str:
    """The doc's text with its lines joined: a quote may wrap."""
    return re.sub(r"\s+", " ", (REPO / doc).read_text(encoding="utf-8"))


def number(s: str) -> float:
    s = s.replace(",", "")
    return WORDS[s] if s in WORDS else float(s)


def quoted(doc: str, pattern: str) -> list[float]:
    """Every number the doc states where `pattern` (one group: the number) matches; at least one."""
    found = [number(m) for m in re.findall(pattern, text(doc))]
    assert found, f"{doc} no longer states {pattern!r}: update the doc or this test"
    return found


def constant(path: Path, name: str):
    """A module-level constant of a file, read without importing it (the worker's scripts import what
    only Pyodide has, or run at import)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{path} has no {name}")


def js_constant(path: Path, name: str) -> int:
    m = re.search(rf"\b{name}\s*=\s*(\d+)", path.read_text(encoding="utf-8"))
    assert m, f"{path} has no {name}"
    return int(m.group(1))


def test_the_longest_reply_is_the_sessions_max_answer():
    assert quoted("docs/architecture.md", r"`MAX_ANSWER` \(static/worker/session\.py: ([\d,]+) characters") == [
        session.MAX_ANSWER]
    assert "32 kB" not in text("docs/architecture.md")


def test_the_records_bound_is_the_code_s():
    assert storage_keys.RECORD_MAX_CHARS == jsonio.MAX_CHARS, "the page's bound is the engine's reader's"
    for doc in ("docs/architecture.md", "docs/loading.md", "docs/testing.md"):
        for n in quoted(doc, r"records' bound[^.;]{0,40}?\b([\d,]{5,}) characters"):
            assert n == storage_keys.RECORD_MAX_CHARS, doc


def test_the_batch_size_is_the_code_s():
    assert layer.MAX_BATCH == session.MAX_BATCH, "the page's batch is the session's"
    assert quoted("docs/architecture.md", r"`MAX_BATCH` \((\d+)\)") == [session.MAX_BATCH]
    assert quoted("docs/architecture.md", r"\(1 to (\d+), each handled in order\)") == [session.MAX_BATCH]


def test_the_page_s_timings_and_thresholds_are_the_code_s():
    arch = "docs/architecture.md"
    assert quoted(arch, r"`FRAME_MS`, (\d+) ms") == [layer.FRAME_MS]
    assert quoted(arch, r"`DRAG_THRESHOLD` \((\d+) px\)") == [pointer.DRAG_THRESHOLD]
    kept = js_constant(STATIC / "paint.js", "MAX_QUEUE")
    assert quoted(arch, r"until the game is live \(at most (\d+);") == [kept]
    assert quoted("docs/loading.md", r"keeps the taps and keys made on the painted board \(at most (\d+)\)") == [kept]


def test_the_worker_s_timings_and_slices_are_the_code_s():
    main = STATIC / "worker" / "main.py"
    arch = "docs/architecture.md"
    assert quoted(arch, r"`PROGRESS_S`, ([\d.]+) s") == [constant(main, "PROGRESS_S")]
    assert quoted(arch, r"`SNAPSHOT_DELAY_S`, ([\d.]+) s") == [constant(main, "SNAPSHOT_DELAY_S")]
    assert quoted("docs/loading.md", r"next visit's painter ([\d.]+) s after the saved game changes") == [
        constant(main, "SNAPSHOT_DELAY_S")]
    assert quoted(arch, r"`SLICE` \(([\d,]+)\) positions a slice") == [
        constant(STATIC / "worker" / "solver_worker.py", "SLICE")]


def test_the_runtimes_versions_are_the_pinned_ones():
    pins = json.loads((REPO / "package.json").read_text(encoding="utf-8"))["dependencies"]
    wanted = {"Pyodide": pins["pyodide"], "PyScript": pins["@pyscript/core"], "@pyscript/core": pins["@pyscript/core"],
              "MicroPython": pins["@micropython/micropython-webassembly-pyscript"]}
    seen = set()
    for doc in DOCS:
        for name, version in re.findall(r"(@pyscript/core|PyScript|Pyodide|MicroPython) (\d+\.\d+\.\d+(?:-\d+)?)\b",
                                        text(doc)):
            assert version == wanted[name], f"{doc}: {name} {version}, package.json pins {wanted[name]}"
            seen.add(name)
    assert seen == set(wanted), f"no longer quoted: {sorted(set(wanted) - seen)}"


def test_the_counts_are_the_code_s():
    assert quoted("docs/architecture.md", r"`RULESETS`: (\w+) games") == [len(RULESETS)]
    deals = (STATIC / "deals.js").read_text(encoding="utf-8")
    count = len(json.loads(deals[deals.index("{"):deals.rindex("}") + 1])["deals"])
    assert quoted("docs/architecture.md", r"the (\d+) first-visit deals") == [count]


def test_the_memory_snapshot_s_format_is_the_build_s():
    doc = "docs/loading.md"
    assert quoted(doc, r"The file is a (\d+)-byte header") == [build_vendor.SNAPSHOT_HEADER]
    assert quoted(doc, r"runs of (\d+) or more zero bytes are left out") == [build_vendor.SNAPSHOT_ZERO_RUN]
    magic = build_vendor.SNAPSHOT_MAGIC.decode().replace("\n", "\\n")
    assert f"(`{magic}`," in text(doc)
    manifest = REPO / "static" / "vendor" / "manifest.json"
    if not manifest.is_file():
        pytest.skip("no static/vendor/manifest.json (make vendor): the heap's size is the build's")
    heap = json.loads(manifest.read_text(encoding="utf-8"))["memory_snapshot"]["heap"]
    assert [n * 2 ** 20 for n in quoted(doc, r"past its initial size \((\d+) MiB\)")] == [heap]


def _bullet(doc_text: str, head: str) -> set[str]:
    """The `Names` of the doc's bullet that starts with `head`, up to the next bullet or heading."""
    m = re.search(re.escape(head) + r"(.*?)(?: - [A-Z]| ## )", doc_text)
    assert m, f"no bullet {head!r}"
    return set(re.findall(r"`([A-Z]\w+)`", m.group(1)))


def test_the_vocabulary_lists_are_complete():
    arch = text("docs/architecture.md")
    assert _bullet(arch, "- Actions (`ACTIONS`") >= {c.__name__ for c in vocab.ACTIONS}
    assert _bullet(arch, "- Effects (`EFFECTS`") >= {c.__name__ for c in vocab.EFFECTS}
    assert _bullet(arch, "- Messages (`MESSAGES`") >= {c.__name__ for c in vocab.MESSAGES}
    stated = _bullet(arch, "- Actions (`ACTIONS`") | _bullet(arch, "- Effects (`EFFECTS`") | \
        _bullet(arch, "- Messages (`MESSAGES`")
    named = {c.__name__ for c in vocab.ACTIONS + vocab.EFFECTS + vocab.MESSAGES} | {"Panel", "Game", "ACTIONS",
                                                                                    "EFFECTS", "MESSAGES",
                                                                                    "MESSAGE_KINDS"}
    assert stated <= named, f"not in the vocabulary: {sorted(stated - named)}"


def test_the_reply_s_fields_are_the_code_s():
    arch = (REPO / "docs/architecture.md").read_text(encoding="utf-8")
    table = arch[arch.index("Worker -> page:"):arch.index("A stock tap answers")]
    rows = re.findall(r"^\| `(\w+)` \|", table, re.M)
    assert rows == [f[0] for f in vocab.Reply.FIELDS]


def test_the_session_s_routes_are_named():
    arch = text("docs/architecture.md")
    part = arch[arch.index("through `ROUTES`"):arch.index("- an action: `Controller.dispatch`")]
    assert set(session.ROUTES) <= set(re.findall(r"`(\w+)`", part))


def test_each_runtime_s_modules_are_listed():
    arch = (REPO / "docs/architecture.md").read_text(encoding="utf-8")
    for folder in ("page", "shared", "worker"):
        row = re.search(rf"^\| static/{folder}/ \([^)]*\) \| (.*) \|$", arch, re.M)
        assert row, f"no row for static/{folder}/"
        for path in sorted((STATIC / folder).glob("*.py")):
            name = path.name
            if name == "__init__.py" or (name.startswith("handle_") and "handle_*.py" in row.group(1)):
                continue
            assert re.search(rf"(?<![\w/]){re.escape(name)}", row.group(1)), f"static/{folder}/{name} not listed"


def test_the_worker_s_python_is_the_vendored_pyodide_s():
    lock = REPO / "static" / "vendor" / "pyodide" / "pyodide-lock.json"
    if not lock.is_file():
        pytest.skip("no static/vendor/pyodide (make vendor): Pyodide's Python version is its lock file's")
    python = json.loads(lock.read_text(encoding="utf-8"))["info"]["python"]
    stated = re.findall(r"Pyodide [\d.]+ \(Python (\d+\.\d+)\)", text("docs/architecture.md"))
    assert stated and all(python.startswith(v + ".") for v in stated), (stated, python)
