"""The loading message counts the runtime's bytes as they arrive ("4.1 of 13.5 MB"), never stuck."""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
from build_helpers import build  # noqa: E402
RUNTIME = re.compile(r"pyodide/(pyodide\.asm\.wasm|python_stdlib\.zip|pyodide\.asm\.mjs|pyodide-lock\.json)$")

# Every text #boot-msg shows, in order, from the first paint on.
RECORD_MESSAGES = """
window.__bootMessages = [];
new MutationObserver(() => {
  const el = document.getElementById("boot-msg");
  const text = el && el.textContent;
  const list = window.__bootMessages;
  if (text && list[list.length - 1] !== text) list.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def _runtime_mb() -> float:
    manifest = json.loads((REPO / "static" / "vendor" / "manifest.json").read_text())
    return sum(f["size"] for f in manifest["files"] if RUNTIME.search(f["path"])) / 1e6


def _boot_messages(new_context, record_page, base: str) -> list[str]:
    """Every #boot-msg text of a first visit to BASE, its runtime downloaded at 3 MB/s."""
    # A private context: nothing cached, every byte of the runtime comes over the (throttled) wire.
    context = new_context(locale="en-US")
    context.add_init_script(RECORD_MESSAGES)
    page = context.new_page()
    record_page(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 5, "downloadThroughput": 3_000_000, "uploadThroughput": 1_000_000})
    page.goto(f"{base}/index.html?lang=en", wait_until="commit")
    page.wait_for_selector('#game[data-ready="true"]', timeout=120_000)
    return page.evaluate("window.__bootMessages")


def test_progress_counts_megabytes_then_names_the_stages(new_context, record_page, server):
    messages = _boot_messages(new_context, record_page, server)
    total = f"{_runtime_mb():.1f}"
    counted = [m for m in messages if m.startswith("Loading the game: ")]
    assert len(counted) >= 3, messages
    done = []
    for m in counted:
        found = re.fullmatch(r"Loading the game: (\d+\.\d) of (\d+\.\d) MB", m)
        assert found, m
        assert found.group(2) == total, (m, total)
        done.append(float(found.group(1)))
    assert done == sorted(done) and done[0] < done[-1], done          # it moves, forward only
    assert done[-1] >= float(total) * 0.9, done                       # up to the end of the download
    # then the stages that have no bytes to count, in order
    after = messages[messages.index(counted[-1]) + 1:]
    assert "Starting Python…" in after and after.index("Starting Python…") < after.index("Dealing…"), messages


def test_a_compressing_host_shows_the_bytes_on_the_wire(new_context, record_page, serve, tmp_path):
    # The built site with the runtime's files also gzipped beside them: scripts/serve.py then sends them
    # with Content-Encoding, as static hosts do, and the message counts compressed bytes, not decoded ones.
    site = tmp_path / "site"
    build(REPO, "--dist", str(site))
    wire = 0
    for path in (site / "static" / "vendor").rglob("*"):
        if RUNTIME.search(path.as_posix()):
            packed = gzip.compress(path.read_bytes(), compresslevel=6)
            (path.parent / f"{path.name}.gz").write_bytes(packed)
            wire += len(packed)
    assert wire and wire < _runtime_mb() * 1e6 / 2
    messages = _boot_messages(new_context, record_page, serve(root=site))

    counted = [re.fullmatch(r"Loading the game: (\d+\.\d) of (\d+\.\d) MB", m)
               for m in messages if m.startswith("Loading the game: ")]
    assert len(counted) >= 3 and all(counted), messages
    totals = [float(m.group(2)) for m in counted]
    done = [float(m.group(1)) for m in counted]
    assert abs(totals[-1] - wire / 1e6) <= 0.15, (totals, wire)   # the compressed bytes, not the 21 MB decoded
    assert done == sorted(done) and done[0] < done[-1], done
    assert done[-1] >= totals[-1] * 0.9, (done, totals)
