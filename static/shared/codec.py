"""The protocol's one text codec: the `Value` every action, effect, message and reply is made of, the
registry of kinds, and `encode` / `decode`, which check every field's type both ways.

The values themselves live by concern (static/shared/actions.py: the controller's actions and effects;
static/shared/messages.py: the page's messages and the worker's `Reply`; static/shared/payloads.py: the
reply's nested values); each registers its classes here when it is imported, and static/shared/vocab.py
imports them all, so that whoever imports vocab has the registry complete. It runs unchanged under
CPython and MicroPython (the page's main thread): no dataclasses, no typing, no annotations, plain
classes and the json module.

A value is immutable by convention: its fields are set once, by the constructor. Each class says its
`kind` (an action's is its class name, `Tap`; an effect's the page's verb for it, `say`, `hash`) and its
FIELDS, each a name, a type and, for an optional field, its default. The field types:

    str, int, num (an int or a float), bool, strs (a tuple of texts), pair (a tuple of two whole numbers),
    points (text -> (x, y)), changes (text -> a text, number, bool or None), texts (text -> text), flags
    (text -> bool), lines (text -> a text or None), json (any JSON value), object (a JSON object), store
    (text -> a text, None, or {"copy": text}), options (a <select>'s: [value, text] pairs, or [label,
    [[value, text]...]] groups), notes (text -> [a text or None, a text]), toggles (text -> [text, bool]),
    choices (text -> [text, [text...]]), attrs (text -> (text -> text)), throws (the win cascade's: [int,
    text, num, num, [[num, num, text]...]]), a nested value by its name in NESTED (panel, facts, counters, marks, replay, timeline,
    analysis, cascade), or one of a union of values by its tag (UNIONS: dialog, told by its "name");

each with "?" after it: that, or None.

`encode(value)` is JSON text of {"kind": ..., field: value...}, the same text under both Pythons;
`decode(text)` reads it back, checking every field's type, and raises ValueError for anything else.
"""

import json

MAX_TEXT = 3200000       # the longest text `decode` reads: a Start of three records of at most 1,000,000
                         # characters each (static/shared/storage_keys.py RECORD_MAX_CHARS), and the rest
MAX_DEPTH = 32           # how deep a "json" field's lists and objects may nest
TUPLES = ("strs", "pair")    # the field types kept as tuples (a list given becomes one)

KINDS = {}               # the controller's actions and effects: kind -> class (static/shared/actions.py)
MESSAGE_KINDS = {}       # kept apart from KINDS: the page's messages and the Reply (static/shared/messages.py)
NESTED = {}              # a nested value's field type -> its class (static/shared/payloads.py, actions.py)
UNIONS = {}              # a union's field type -> {tag: class}; each class says its TAG field and its tag


class Value:
    """A small immutable value: FIELDS set once by the constructor, compared, hashed and shown by them.
    LOOSE names the fields left out of the hash (a dict cannot be hashed; equal values still hash equal).
    TAG: for a member of a union, the name of the field its class's tag is written as (its value is the
    class attribute of that name)."""

    kind = ""
    FIELDS = ()
    LOOSE = ()
    TAG = None

    def __init__(self, *args, **kw):
        fields = self.FIELDS
        name = type(self).__name__
        if len(args) > len(fields):
            raise TypeError("%s() takes %d arguments, not %d" % (name, len(fields), len(args)))
        for i in range(len(fields)):
            field = fields[i]
            key = field[0]
            if i < len(args):
                if key in kw:
                    raise TypeError("%s() got %s twice" % (name, key))
                value = args[i]
            elif key in kw:
                value = kw.pop(key)
            elif len(field) > 2:
                value = field[2]
                if type(value) is dict:
                    value = {}             # a fresh one, never the default shared
                elif type(value) is list:
                    value = []
            else:
                raise TypeError("%s() needs %s" % (name, key))
            if value is not None and _base(field[1]) in TUPLES:
                value = tuple(value)
            setattr(self, key, value)
        for key in kw:
            raise TypeError("%s() has no field %s" % (name, key))

    def fields(self):
        """The field values, in order."""
        return tuple(getattr(self, f[0]) for f in self.FIELDS)

    def _hash_key(self):
        return tuple(getattr(self, f[0]) for f in self.FIELDS if f[0] not in self.LOOSE)

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self.fields() == other.fields()

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self):
        return hash((type(self).__name__,) + self._hash_key())

    def __repr__(self):
        shown = ", ".join(f[0] + "=" + repr(getattr(self, f[0])) for f in self.FIELDS)
        return type(self).__name__ + "(" + shown + ")"


def _base(spec):
    return spec[:-1] if spec[-1:] == "?" else spec


def register(classes, table):
    """Put `classes` in `table` (KINDS or MESSAGE_KINDS) by their kind; a kind taken twice is refused."""
    for cls in classes:
        if cls.kind in KINDS or cls.kind in MESSAGE_KINDS:
            raise ValueError("two values of kind " + cls.kind)
        table[cls.kind] = cls


def union(spec, classes):
    """The union field type `spec`: one of `classes`, told by its tag."""
    members = {}
    for cls in classes:
        tag = getattr(cls, cls.TAG)
        if tag in members:
            raise ValueError("two values of tag " + tag)
        members[tag] = cls
    UNIONS[spec] = members
    return members


def _registered(kind):
    """The class of `kind`: an action, an effect or a message; None for any other."""
    cls = KINDS.get(kind)
    return cls if cls is not None else MESSAGE_KINDS.get(kind)


# ---- the text codec ---------------------------------------------------------------------------

_SHORT = {"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _text(s):
    """A JSON string, the same under both Pythons: quotes, backslashes and controls escaped as CPython's
    json.dumps does (its own C code does it there: the worker's replies carry tens of kB of text)."""
    if _CPYTHON:
        return json.dumps(s, ensure_ascii=False)
    out = []
    for ch in s:
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ord(ch) < 0x20:
            out.append(_SHORT.get(ch) or "\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _dump(x):
    if x is None or type(x) is bool:
        return json.dumps(x)
    if type(x) is int:
        return str(x)
    if type(x) is float:
        if x - x != 0.0:
            raise ValueError("not a finite number: " + repr(x))
        return json.dumps(x)
    if type(x) is str:
        return _text(x)
    if type(x) is tuple or type(x) is list:
        return "[" + ", ".join(_dump(v) for v in x) + "]"
    if type(x) is dict:
        for k in x:
            if type(k) is not str:
                raise ValueError("a key that is not text: " + repr(k))
        return "{" + ", ".join(_text(k) + ": " + _dump(x[k]) for k in sorted(x)) + "}"
    if isinstance(x, Value):
        parts = [_text(x.TAG) + ": " + _text(getattr(x, x.TAG))] if x.TAG else []
        return "{" + ", ".join(parts + [_text(f[0]) + ": " + _dump(getattr(x, f[0])) for f in x.FIELDS]) + "}"
    raise ValueError("cannot encode " + type(x).__name__)


def encode(value):
    """`value` (an action, an effect or a message) as JSON text: {"kind": ..., then its fields in order}."""
    if not isinstance(value, Value) or _registered(value.kind) is not type(value):
        raise ValueError("not an action, an effect or a message: " + repr(value)[:80])
    for field in value.FIELDS:      # what decode would refuse is never written
        _check(field[1], getattr(value, field[0]), value.kind + "." + field[0])
    parts = [_text("kind") + ": " + _text(value.kind)]
    for field in value.FIELDS:
        parts.append(_text(field[0]) + ": " + _dump(getattr(value, field[0])))
    return "{" + ", ".join(parts) + "}"


def _bad(where, wanted, got):
    return ValueError("%s: %s wanted, not %s" % (where, wanted, repr(got)[:60]))


def _number(x):
    return (type(x) is int or type(x) is float) and x - x == 0


def _list(x):
    return type(x) is list or type(x) is tuple


def _pairs(x, where, second):
    """`x` as a list of [text, `second`] pairs (each checked by `second(value, where)`)."""
    for p in x:
        if not _list(p) or len(p) != 2 or type(p[0]) is not str:
            raise _bad(where, "[text, ...] pairs", p)
        second(p[1], where)


def _object(x, where, what, value):
    """`x` as an object of text keys, each value checked by `value(v, where)`; a copy of it."""
    if type(x) is not dict:
        raise _bad(where, what, x)
    for k in x:
        if type(k) is not str:
            raise _bad(where, what, {k: x[k]})
        value(x[k], where + "." + k[:40])
    return dict(x)


def _is(want, what, maybe=False):
    """A check that a value is of type `want` (str, bool, int), or None as well with `maybe`."""
    def check(v, where):
        if not (type(v) is want or (maybe and v is None)):
            raise _bad(where, what, v)
    return check


def _option(v, where):
    """An option's second half: its text, or a group's [[value, text]...]."""
    if type(v) is not str:
        if not _list(v):
            raise _bad(where, "a text or [[value, text]...]", v)
        _pairs(v, where, _is(str, "a text"))


def _strs(v, where):
    if not _list(v):
        raise _bad(where, "a list of texts", v)
    for s in v:
        _is(str, "a text")(s, where)


def _throw(t, where):
    if not _list(t) or len(t) != 5 or type(t[0]) is not int or type(t[1]) is not str or not _number(t[2]) \
            or not _number(t[3]) or not _list(t[4]):
        raise _bad(where, "[foundation, card, dx, duration, ys]", t)
    for y in t[4]:
        if not _list(y) or len(y) != 3 or not _number(y[0]) or not _number(y[1]) or type(y[2]) is not str:
            raise _bad(where, "[offset, dy, easing]", y)


def _check(spec, x, where):
    """`x` as field type `spec` wants it (JSON lists become tuples); ValueError if it is not one."""
    if spec[-1:] == "?":
        if x is None:
            return None
        spec = spec[:-1]
    if spec == "str":
        if type(x) is not str:
            raise _bad(where, "a text", x)
        return x
    if spec == "int":
        if type(x) is not int:
            raise _bad(where, "a whole number", x)
        return x
    if spec == "num":
        if not _number(x):
            raise _bad(where, "a number", x)
        return x
    if spec == "bool":
        if type(x) is not bool:
            raise _bad(where, "true or false", x)
        return x
    if spec == "strs":
        if not _list(x):
            raise _bad(where, "a list of texts", x)
        return tuple(_check("str", v, where) for v in x)
    if spec == "pair":
        if not _list(x) or len(x) != 2 or type(x[0]) is not int or type(x[1]) is not int:
            raise _bad(where, "two whole numbers", x)
        return (x[0], x[1])
    if spec in NESTED:
        return _nested(NESTED[spec], x, where)
    if spec in UNIONS:
        return _member(UNIONS[spec], x, where)
    if spec == "points":
        if type(x) is not dict:
            raise _bad(where, "an object of points", x)
        out = {}
        for k in x:
            p = x[k]
            if type(k) is not str or not _list(p) or len(p) != 2 or not _number(p[0]) or not _number(p[1]):
                raise _bad(where, "text -> [x, y]", {k: p})
            out[k] = (p[0], p[1])
        return out
    if spec == "changes":
        if type(x) is not dict:
            raise _bad(where, "an object of settings", x)
        for k in x:
            v = x[k]
            if type(k) is not str or not (v is None or type(v) is bool or type(v) is str or _number(v)):
                raise _bad(where, "text -> a text, number, true, false or null", {k: v})
        return dict(x)
    if spec == "texts" or spec == "flags":
        want = str if spec == "texts" else bool
        if type(x) is not dict:
            raise _bad(where, "an object", x)
        for k in x:
            if type(k) is not str or type(x[k]) is not want:
                raise _bad(where, "text -> " + ("a text" if want is str else "true or false"), {k: x[k]})
        return dict(x)
    if spec == "json":
        _json(x, where, 0)
        return x
    if spec == "object":
        if type(x) is not dict:
            raise _bad(where, "an object or null", x)
        _json(x, where, 0)
        return x
    if spec == "store":
        if type(x) is not dict:
            raise _bad(where, "an object of storage writes", x)
        for k in x:
            v = x[k]
            if type(k) is not str or not (v is None or type(v) is str or (
                    type(v) is dict and len(v) == 1 and type(v.get("copy")) is str)):
                raise _bad(where, 'key -> a text, null or {"copy": key}', {k: v})
        return dict(x)
    if spec == "options":
        if not _list(x):
            raise _bad(where, "a list of options", x)
        _pairs(x, where, _option)
        return x
    if spec == "lines":
        return _object(x, where, "text -> a text or null", _is(str, "a text or null", True))
    if spec == "notes":
        return _object(x, where, "text -> [note, line]", _note)
    if spec == "toggles":
        return _object(x, where, "text -> [setting, on]", lambda v, at: _pairs([v], at, _is(bool, "true or false")))
    if spec == "choices":
        return _object(x, where, "text -> [value, [value...]]", lambda v, at: _pairs([v], at, _strs))
    if spec == "attrs":
        return _object(x, where, "text -> (text -> text)",
                       lambda v, at: _object(v, at, "text -> text", _is(str, "a text")))
    if spec == "throws":
        if not _list(x):
            raise _bad(where, "a list of throws", x)
        for t in x:
            _throw(t, where)
        return x
    raise ValueError("%s: no field type %s" % (where, spec))


def _note(v, where):
    """A game's notes in the New game dialog: [its draw note or None, its line]."""
    if not _list(v) or len(v) != 2 or not (v[0] is None or type(v[0]) is str) or type(v[1]) is not str:
        raise _bad(where, "[a text or null, a text]", v)


def _json(x, where, depth):
    """ValueError unless `x` is a JSON value (null, true/false, a finite number, a text, a list, an object of
    text keys) nested at most MAX_DEPTH deep."""
    if x is None or type(x) is bool or type(x) is str or _number(x):
        return
    if depth >= MAX_DEPTH:
        raise _bad(where, "a value nested at most %d deep" % MAX_DEPTH, "...")
    if _list(x):
        for v in x:
            _json(v, where, depth + 1)
        return
    if type(x) is dict:
        for k in x:
            if type(k) is not str:
                raise _bad(where, "an object of text keys", k)
            _json(x[k], where, depth + 1)
        return
    raise _bad(where, "a JSON value", x)


def _nested(cls, x, where):
    """A field holding a value of `cls`: checked as given, or built from its JSON object."""
    if isinstance(x, cls):
        for field in cls.FIELDS:
            _check(field[1], getattr(x, field[0]), where + "." + field[0])
        return x
    return _build(cls, x, where)


def _member(members, x, where):
    """A field holding one of a union's values: the class its tag names."""
    for tag in members:
        if isinstance(x, members[tag]):
            return _nested(members[tag], x, where)
    if type(x) is not dict:
        raise _bad(where, "an object", x)
    key = members[next(iter(members))].TAG
    tag = x.get(key)
    if type(tag) is not str or tag not in members:
        raise _bad(where, "a %s of %s" % (key, ", ".join(sorted(members))), tag)
    return _build(members[tag], x, where + "(" + tag + ")")


try:     # CPython (the worker's Pyodide too) escapes as the loop does; the page's MicroPython has no ensure_ascii
    _CPYTHON = json.dumps("\n\x01\u00e9", ensure_ascii=False) == '"\\n\\u0001\u00e9"'
except Exception:
    _CPYTHON = False


def _build(cls, data, where, top=False):
    """A value of `cls` from its JSON object: every key a field (or, for a message, its "kind"; for a union's
    member, its tag), every field of its type, the fields without a default there."""
    if type(data) is not dict:
        raise _bad(where, "an object", data)
    names = [f[0] for f in cls.FIELDS]
    for key in data:
        if key not in names and not (key == "kind" and top) and not (key == cls.TAG):
            raise ValueError("%s: no field %s" % (where, repr(key)[:60]))
    kw = {}
    for field in cls.FIELDS:
        name = field[0]
        if name in data:
            kw[name] = _check(field[1], data[name], where + "." + name)
        elif len(field) < 3:
            raise ValueError("%s: %s missing" % (where, name))
    return cls(**kw)


def decode(text):
    """The action, effect or message `text` encodes (see encode). ValueError for anything else: not text, not
    JSON, not an object, an unknown kind, an unknown or missing field, a field of the wrong type."""
    if type(text) is not str:
        raise ValueError("not text: " + type(text).__name__)
    if len(text) > MAX_TEXT:
        raise ValueError("text too long: %d characters" % len(text))
    try:
        data = json.loads(text)
    except Exception:     # a syntax error, or nesting too deep for the parser
        raise ValueError("not JSON: " + repr(text[:60]))
    if type(data) is not dict:
        raise ValueError("not a JSON object: " + repr(text[:60]))
    kind = data.get("kind")
    cls = _registered(kind) if type(kind) is str else None
    if cls is None:
        raise ValueError("unknown kind: " + repr(kind)[:60])
    return _build(cls, data, kind, top=True)
