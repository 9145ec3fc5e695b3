"""One bounded JSON reader for everything the game stores or imports (saved game, statistics, settings).

`loads(data)` takes str, bytes or bytearray and returns what json.loads would, or raises `InvalidJSON`
(a ValueError) with a `reason`:

- "too-large": more than `max_chars` characters (bytes: more than `max_chars` bytes);
- "too-deep": arrays or objects nested deeper than MAX_DEPTH, found by a scan *before* parsing, because
  in Pyodide a text like "[" * 100000 overflows the browser's stack inside the parser (a fatal error that
  no `except` catches);
- "not-json": anything else: not UTF-8, not JSON, NaN / Infinity / -Infinity (not JSON either), a number that overflows to
  infinity (1e999), or a whole number that Python refuses to build (more than 4300 digits).

Our records nest at most 3 deep; MAX_DEPTH leaves room and is far below any stack limit.
"""

import json
import re

from .errors import InvalidJSON

MAX_DEPTH = 16
MAX_CHARS = 1_000_000  # a saved game of MAX_MOVES moves, or a statistics file, is far smaller

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def depth(text, stop=1 << 30):
    """How deep the brackets of a JSON text nest (strings skipped), without parsing; counts up to `stop`."""
    level = deepest = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub('""', text)):
        if ch in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if deepest >= stop:
                    break
        else:
            level -= 1
    return deepest


def _refuse_constant(name):
    raise ValueError(f"{name} is not JSON")


def _finite_float(text):
    value = float(text)
    if value - value != 0:  # inf or nan: "1e999" parses as inf
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def loads(data, max_chars=MAX_CHARS):
    """Parse stored or imported JSON with bounds on size and depth. Raises InvalidJSON only."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        if len(data) > max_chars:
            raise InvalidJSON(f"the text is larger than {max_chars} bytes", "too-large")
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidJSON(f"the text is not UTF-8 ({exc.reason})", "not-json") from None
    if not isinstance(data, str):
        raise InvalidJSON(f"JSON comes as text, not {type(data).__name__}", "not-json")
    if len(data) > max_chars:
        raise InvalidJSON(f"the text is larger than {max_chars} characters", "too-large")
    if depth(data, MAX_DEPTH + 1) > MAX_DEPTH:
        raise InvalidJSON(f"the text nests deeper than {MAX_DEPTH} levels", "too-deep")
    try:
        return json.loads(data, parse_constant=_refuse_constant, parse_float=_finite_float)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, the int-digits limit, NaN / Infinity
        raise InvalidJSON(f"the text is not JSON ({exc})", "not-json") from None
