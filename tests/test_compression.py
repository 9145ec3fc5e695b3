"""Precompressed files (scripts/precompress.mjs) and how scripts/serve.py serves them (no browser)."""

from __future__ import annotations

import gzip
import http.client
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import serve  # noqa: E402

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

TEXT = ("def f():\n    return 'the same line again and again'\n" * 400).encode()


def _site(root: Path) -> Path:
    (root / "static").mkdir(parents=True)
    (root / "index.html").write_bytes(b"<!doctype html><title>x</title>" + b"<p>board</p>" * 300)
    (root / "static" / "game.py").write_bytes(TEXT)
    (root / "static" / "tiny.js").write_bytes(b"1;")                # too small to be worth a copy
    (root / "static" / "noise.wasm").write_bytes(os.urandom(20000))  # incompressible: no copy
    (root / "static" / "icon.png").write_bytes(TEXT)                 # not a text or wasm type
    return root


@needs_node
def test_precompress_writes_copies_that_decode_to_the_file(tmp_path):
    site = _site(tmp_path / "site")
    out = subprocess.run([NODE, str(REPO / "scripts" / "precompress.mjs"), str(site), "--quiet"],
                         capture_output=True, text=True, check=True)
    assert "MB as served with brotli" in out.stdout
    assert gzip.decompress((site / "static" / "game.py.gz").read_bytes()) == TEXT
    br = (site / "static" / "game.py.br").read_bytes()
    assert len(br) < len(TEXT) / 10
    decoded = subprocess.run([NODE, "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
                              "require('fs').readFileSync(process.argv[1])))", str(site / "static" / "game.py.br")],
                             capture_output=True, check=True).stdout
    assert decoded == TEXT
    assert (site / "index.html.br").is_file()
    for skipped in ("tiny.js", "noise.wasm", "icon.png"):
        assert not (site / "static" / f"{skipped}.br").exists(), skipped
        assert not (site / "static" / f"{skipped}.gz").exists(), skipped


@pytest.fixture
def served(tmp_path):
    site = _site(tmp_path / "site")
    (site / "static" / "game.py.gz").write_bytes(gzip.compress(TEXT))
    (site / "static" / "game.py.br").write_bytes(b"brotli bytes stand-in")
    (site / "index.html.gz").write_bytes(gzip.compress((site / "index.html").read_bytes()))
    server, url = serve.serve_in_thread(root=site, port=0, quiet=True)
    host, port = server.server_address[:2]
    yield site, (lambda: http.client.HTTPConnection(host, port, timeout=10))
    server.shutdown()
    server.server_close()


def _get(conn_factory, path, **headers):
    conn = conn_factory()
    conn.request("GET", path, headers=headers)
    res = conn.getresponse()
    body = res.read()
    conn.close()
    return res, body


def test_serves_the_encoding_the_browser_prefers(served):
    site, conn = served
    res, body = _get(conn, "/static/game.py", **{"Accept-Encoding": "gzip, deflate, br"})
    assert res.status == 200
    assert res.getheader("Content-Encoding") == "br"
    assert body == b"brotli bytes stand-in"
    assert res.getheader("Content-Type").startswith("text/plain")
    assert res.getheader("Vary") == "Accept-Encoding"
    assert int(res.getheader("Content-Length")) == len(body)


def test_gzip_when_brotli_is_not_accepted_and_plain_when_nothing_is(served):
    site, conn = served
    res, body = _get(conn, "/static/game.py", **{"Accept-Encoding": "gzip, br;q=0"})
    assert res.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == TEXT
    res, body = _get(conn, "/static/game.py")
    assert res.getheader("Content-Encoding") is None
    assert body == TEXT


def test_the_folder_url_gets_the_compressed_index(served):
    site, conn = served
    res, body = _get(conn, "/", **{"Accept-Encoding": "gzip"})
    assert res.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == (site / "index.html").read_bytes()
    assert res.getheader("Content-Type").startswith("text/html")


def test_a_copy_older_than_its_file_is_not_trusted(served):
    site, conn = served
    gz = site / "static" / "game.py.gz"
    os.utime(gz, (1_000_000, 1_000_000))
    for sibling in (site / "static" / "game.py.br",):
        os.utime(sibling, (1_000_000, 1_000_000))
    res, body = _get(conn, "/static/game.py", **{"Accept-Encoding": "gzip, br"})
    assert res.getheader("Content-Encoding") is None
    assert body == TEXT


def test_revalidation_answers_304(served):
    site, conn = served
    res, _ = _get(conn, "/static/game.py", **{"Accept-Encoding": "gzip"})
    stamp = res.getheader("Last-Modified")
    res, body = _get(conn, "/static/game.py", **{"Accept-Encoding": "gzip", "If-Modified-Since": stamp})
    assert res.status == 304
    assert body == b""
