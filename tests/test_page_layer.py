"""The thin page's main-thread modules (static/page/, and the static/ui/ modules index.html's MicroPython
fetches, scripts/build_vendor.py PAGE_MODULES): every one compiles under MicroPython (through node, when
node_modules has PyScript's MicroPython), the layer imports under CPython, and its pure parts (the
`Start` it builds, the message table's placeholders) give what the worker expects."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from build_vendor import PAGE_MODULES
from page import layer
from ui.vocab import Start, decode

REPO = Path(__file__).resolve().parents[1]
MICROPYTHON = REPO / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

NODE_SCRIPT = """
const [,, mjs, root, ...files] = process.argv;
const fs = await import('node:fs');
const {loadMicroPython} = await import(mjs);
let out = '';
const mp = await loadMicroPython({stdout: (t) => { out += t + '\\n'; }, stderr: (t) => { out += t + '\\n'; }});
for (const f of files) {
  mp.FS.writeFile('/check.py', fs.readFileSync(root + '/' + f, 'utf8'));
  try { mp.runPython('compile(open("/check.py").read(), "' + f + '", "exec")'); out += 'ok ' + f + '\\n'; }
  catch (e) { out += 'bad ' + f + ': ' + String(e).split('\\n').slice(-2).join(' ') + '\\n'; }
}
process.stdout.write(out);
"""


@pytest.mark.skipif(not MICROPYTHON.is_file() or shutil.which("node") is None,
                    reason="no node, or node_modules has no @micropython/micropython-webassembly-pyscript")
def test_every_page_module_compiles_under_micropython(tmp_path):
    script = tmp_path / "compile.mjs"
    script.write_text(NODE_SCRIPT, encoding="utf-8")
    files = list(PAGE_MODULES) + ["page/main.py"]
    done = subprocess.run(["node", str(script), MICROPYTHON.as_uri(), str(REPO / "static"), *files],
                          capture_output=True, text=True, timeout=120)
    lines = done.stdout.splitlines()
    bad = [line for line in lines if not line.startswith("ok ")]
    # main.py awaits at its top level (PyScript runs it so): the only error MicroPython's compile may give
    assert bad == ["bad page/main.py: SyntaxError: 'await' outside function "] or bad == [], lines
    assert len(lines) == len(files)


def test_the_page_modules_are_fetched_by_the_thin_page():
    html = (REPO / "index.html").read_text(encoding="utf-8")
    assert '<script type="mpy" src="./static/page/main.py"' in html
    assert '<script type="py" worker name="engine" src="./static/worker.py"' in html
    for rel in PAGE_MODULES:
        assert f'"./static/{rel}": "./{rel}"' in html, rel


def test_the_start_message_carries_the_pages_facts():
    storage = {"canfield.save": "SAVE", "canfield.settings": "{}"}.get
    text = layer.start_message(390, 844.5, "#CF1-D3-AAAAACL", storage, "nl", ["fr-BE", "", "en"], "CF1-D3-AAAAAAB",
                               True, False, 12)
    start = decode(text)
    assert isinstance(start, Start)
    assert (start.width, start.height, start.code, start.save, start.stats, start.settings) == \
        (390.0, 844.5, "CF1-D3-AAAAACL", "SAVE", None, "{}")
    assert (start.lang, start.languages, start.painted, start.coarse, start.reduced, start.dock) == \
        ("nl", ("fr-BE", "en"), "CF1-D3-AAAAAAB", True, False, 12.0)
    assert json.loads(text)["kind"] == "Start"


def test_a_message_of_the_table_gets_its_values():
    messages = {"notice.copy_failed": "Copy this link: {url}"}
    assert layer.translate(messages, "notice.copy_failed", url="https://x/#A") == "Copy this link: https://x/#A"
    assert layer.translate(messages, "missing.key") == "missing.key"


def test_another_pages_write_goes_to_the_worker_only_for_the_games_keys():
    m = layer.stored_message("canfield.stats", '{"x": 1}')
    assert (m.kind, m.key, m.value) == ("Stored", "canfield.stats", '{"x": 1}')
    assert layer.stored_message("canfield.save", None).value is None       # removed there
    assert layer.stored_message("other.app", "x") is None and layer.stored_message(None, None) is None


def test_the_leaving_write_puts_the_clocks_time_in_the_saved_game():
    text = json.dumps({"code": "CF1-D3-AAAAACL", "id": "g1", "seconds": 12.3, "moves": ["x"]})
    out = json.loads(layer.with_seconds(text, 57.04))
    assert out == {"code": "CF1-D3-AAAAACL", "id": "g1", "seconds": 57.0, "moves": ["x"]}
    assert layer.with_seconds(None, 5) is None and layer.with_seconds("{broken", 5) is None
    assert layer.with_seconds('{"code": "x"}', 5) is None and layer.with_seconds("[1]", 5) is None
    assert layer.with_seconds(text, 12.34) is None          # the time it holds: left as the worker wrote it
