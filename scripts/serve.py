#!/usr/bin/env python3
"""Static file server for the game (stdlib only). Used by `make play`, the tests and the benchmarks.

    python scripts/serve.py [--port 8000] [--bind 127.0.0.1] [--root DIR] [--prefix /some/dir/] [--quiet]

Sends the MIME types Pyodide and PyScript need (application/wasm for .wasm,
text/javascript for .mjs/.js), with `Cache-Control: no-cache` so a browser may
keep files but revalidates them (ETag / Last-Modified answer 304).

Every answer carries the Content-Security-Policy of the served index.html's
<meta http-equiv> (the same policy, as a header).

--prefix serves the root under a sub-path (http://host:port/some/dir/), to
check that the page only uses relative URLs; anything outside it is a 404.

Precompressed files are served as static hosts do (nginx's gzip_static and brotli_static):
when FILE.br or FILE.gz sits beside FILE (`make dist` writes them, scripts/precompress.mjs)
and the browser accepts that encoding, its bytes go out with Content-Encoding and FILE's
own type; `Vary: Accept-Encoding` tells caches that the answer depends on it.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os
import re
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".py": "text/plain",
    ".txt": "text/plain",
    ".md": "text/plain",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".map": "application/json",
}
# Cross-origin isolation: the runtime's SharedArrayBuffer is then available as browsers now require
# (without it Chromium logs a deprecation for Pyodide), and nothing from another origin can be embedded.
ISOLATION_HEADERS = (("Cross-Origin-Opener-Policy", "same-origin"), ("Cross-Origin-Embedder-Policy", "require-corp"))
# Preferred first: brotli is about 25% smaller than gzip on the runtime's wasm.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
_CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def content_security_policy(index=REPO / "index.html") -> str:
    """The policy of index.html's <meta http-equiv="Content-Security-Policy">: the header says the same."""
    match = _CSP_META.search(Path(index).read_text(encoding="utf-8"))
    if not match:
        raise RuntimeError(f"{index} has no Content-Security-Policy meta tag")
    return match.group(1)


TEXT_TYPES = ("text/", "application/json", "application/manifest+json", "image/svg+xml")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    quiet = False
    protocol_version = "HTTP/1.1"  # keep-alive: one connection for the page's many files

    def guess_type(self, path):
        ctype = super().guess_type(path)
        if ctype.startswith(TEXT_TYPES) and "charset" not in ctype:
            ctype += "; charset=utf-8"
        return ctype

    def _strip_prefix(self, path: str) -> str | None:
        """The request path relative to the served root, or None when outside the prefix."""
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if self.prefix == "/":
            return clean
        if not clean.startswith(self.prefix):
            return None
        return "/" + clean[len(self.prefix):]

    def translate_path(self, path):
        return super().translate_path(self._strip_prefix(path) or "/")

    def send_head(self):
        clean = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.prefix != "/" and clean + "/" == self.prefix:
            # /some/dir -> /some/dir/ so that relative URLs resolve inside it
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if self._strip_prefix(self.path) is None:
            self.send_error(404, f"outside the served prefix {self.prefix}")
            return None
        handled, body = self._send_encoded()
        return body if handled else super().send_head()

    def _accepted(self) -> set[str]:
        accepted = set()
        for item in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = item.strip().partition(";")
            q = params.strip().removeprefix("q=")
            if name and not (params and q.replace(".", "", 1).isdigit() and float(q) == 0):
                accepted.add(name.strip().lower())
        return accepted

    def _send_encoded(self):
        """Answer with FILE.br / FILE.gz for FILE when one fits: (True, open file or None for a 304);
        (False, None) when the plain file is to be sent."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return False, None
        accepted = self._accepted()
        original = os.stat(path)
        for name, ext in ENCODINGS:
            if name not in accepted or not os.path.isfile(path + ext):
                continue
            if os.stat(path + ext).st_mtime < original.st_mtime:
                continue  # older than the file it stands for: not trusted
            if self._not_modified(original.st_mtime):
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return True, None
            f = open(path + ext, "rb")
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", name)
            self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
            self.send_header("Last-Modified", self.date_time_string(original.st_mtime))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return True, f
        return False, None

    def _not_modified(self, mtime: float) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when is not None and int(mtime) <= when.timestamp()

    csp = ""
    isolated = True   # False: served as most static hosts serve it, without cross-origin isolation

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        if self.isolated:
            for name, value in ISOLATION_HEADERS:
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def log_error(self, format, *args):
        # 404s and the like stay visible even in quiet mode unless asked otherwise
        if not self.quiet:
            super().log_error(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    prefix = "/"

    def handle_error(self, request, client_address):
        # A browser cancelling a request (navigation, closed tab) is not an error worth a traceback.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path | str = REPO, port: int = 8000, bind: str = "127.0.0.1",
                prefix: str = "/", quiet: bool = False, handler_base: type = None) -> Server:
    """Build (not start) a server; port 0 picks a free port (see server.server_port).
    handler_base: a subclass of Handler to use (a benchmark counts the bytes it sends)."""
    root = Path(root).resolve()
    if not root.is_dir():
        raise SystemExit(f"serve.py: root {root} is not a directory")
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    try:  # the policy of the served index.html, as a header too (the header also covers workers' scripts)
        csp = content_security_policy(root / "index.html")
    except (OSError, RuntimeError):
        csp = ""
    handler = type("BoundHandler", (handler_base or Handler,), {"prefix": prefix, "quiet": quiet, "csp": csp})
    server = Server((bind, port), functools.partial(handler, directory=str(root)))
    server.prefix = prefix
    return server


def serve_in_thread(**kwargs) -> tuple[Server, str]:
    """Start a server on a background thread; return it and its base URL (ending in /)."""
    server = make_server(**kwargs)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{server.prefix}"


def _exit_with_parent(server: Server) -> None:
    """Shut down when the parent process is gone (a killed test run leaves no server behind)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        server.shutdown()

    threading.Thread(target=watch, daemon=True).start()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the game's static files.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any free port)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--root", type=Path, default=REPO, help="folder to serve (default: the repository)")
    parser.add_argument("--prefix", default="/", help="serve the root under this sub-path, e.g. /some/dir/")
    parser.add_argument("--quiet", "-q", action="store_true", help="no request log")
    parser.add_argument("--exit-with-parent", action="store_true",
                        help="stop when the process that started this one ends (tests, benchmarks)")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.root, args.port, args.bind, args.prefix, args.quiet)
    except OSError as err:
        print(f"serve.py: cannot listen on {args.bind}:{args.port}: {err}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    prefix = server.prefix
    # The exact line tests and benchmarks wait for; keep its format.
    print(f"Serving {Path(args.root).resolve()} at http://{host}:{port}{prefix}", flush=True)
    if not (Path(args.root) / "static" / "vendor" / "manifest.json").is_file():
        print("serve.py: warning: static/vendor is not built; run `make vendor`", file=sys.stderr, flush=True)
    if args.exit_with_parent:
        _exit_with_parent(server)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
