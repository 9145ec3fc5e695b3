"""The page's pure functions by name, for the same call under CPython and under MicroPython
(tests/micropython_page.mjs runs this file beside the page's compiled modules; tests/test_page_micropython.py
compares the answers). Plain Python that MicroPython runs: no f-strings needed, no typing, no dataclasses.

`serve(text)`: the request {"fn": name, "args": [...]} (JSON) -> JSON text {"ok": value} or
{"error": "ValueError"} (any other exception: {"error": "<its type>: <message>"}, which no test expects)."""

import json

from page import clock, layer, storage
from shared import apply, vocab
from shared.table import code_from_hash


def _decode(text):
    """A protocol text read back: its canonical text (encode(decode(text)))."""
    return vocab.encode(vocab.decode(text))


def _stored(key, value):
    m = storage.stored_message(key, value)
    return None if m is None else vocab.encode(m)


def _view(text):
    view = apply.decode_view(text)
    return sorted(view.keys()) if isinstance(view, dict) else type(view).__name__


CALLS = {
    "code_from_hash": code_from_hash,
    "start_message": layer.start_message,
    "with_seconds": clock.with_seconds,
    "stored_message": _stored,
    "translate": lambda messages, key, values: layer.translate(messages, key, **values),
    "decode": _decode,
    "decode_view": _view,
    "read_reply": lambda text: vocab.encode(layer.read_reply(text)),
}


def call(name, args):
    try:
        return {"ok": CALLS[name](*args)}
    except ValueError:
        return {"error": "ValueError"}
    except Exception as exc:   # a crash of the page's code: what the tests look for
        return {"error": type(exc).__name__ + ": " + str(exc)}


def serve(text):
    request = json.loads(text)
    return json.dumps(call(request["fn"], request["args"]))
