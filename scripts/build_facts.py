"""Write the parts of index.html and static/game.css that copy Python: the facts boot.js and paint.js read,
the page's texts, and the layout's sizes and breakpoints the style sheet uses.

    python scripts/build_facts.py          # rewrite those parts of index.html and static/game.css
    python scripts/build_facts.py --check  # exit 1 if a committed file differs from what it would write

Standard library, the engine, static/shared and static/worker (CPython). Three parts of index.html are written, nothing else:

- the `<script type="application/json" id="facts">` block: the storage keys, how a settings record is
  read (each field's default and allowed values, the size and depth limits), how the look classes on
  #game follow from the settings, the languages, the snapshot's format and board words, the rank letters
  and suit symbols, and static/worker/layout.py's constants (every upper-case name: the card's ratio, the bar's
  heights, the breakpoints, the strips...; paint.js's copy of the layout reads them, it holds no number of
  its own). static/boot.js (the language, and the settings record it may name) and
  static/paint.js (the board before Python) read it; it sits in the page, so the painter's path has no
  extra request;
- the `#boot-text` block: the loading box's texts in every language (static/worker/i18n.py's boot.* keys);
- the English texts the page holds before Python translates it: the text of every `data-t` element, the
  `aria-label` of every `data-t-label` one, the `title` of every `data-t-title` one, and the loading
  box's first message and retry button (keys in BOOT_IDS).

It also writes pyscript.toml, the page's PyScript config (the vendored MicroPython, the plugins turned off,
the page's compiled modules from build_vendor.PAGE_MODULES), and index.html's inline copy of it in the
`<script type="mpy">` tag's config attribute, so that the first visit fetches no config.

Two kinds of parts of static/game.css are written from static/worker/layout.py's constants:

- the part between the `/* ---- written by scripts/build_facts.py` and `/* ---- end of the written part`
  lines: the skeleton card's size before Python (@property --cw, --ch, --fs), --help-h and --line (the
  help line's height, the corner index's line height) and the toolbar's height --bar-h with the media
  queries that switch it, which are bar_height()'s conditions (checked against bar_height on a grid of
  window sizes before anything is written);
- the condition of every `@media` or `@container` rule marked with a comment naming it in the layout's
  terms, e.g. `@container /* layout: width < NARROW */ (max-width: 559.98px) {`: the terms are
  `landscape`, `width` or `height` `<` or `>=` a layout constant's name (or a number of the style sheet's
  own), joined by `and`, clauses by `or`. A rule whose condition holds a layout breakpoint without such
  a mark is refused: CSS takes no variable in a media query, so the number would be a copy.

What cannot be data here is an algorithm written in both languages (the settings reader, the look
classes, the save hash, the card markup, the language choice): tests/browser/test_facts_parity.py runs
the JS copies in Chromium and compares them with the Python functions on many inputs.

The settings facts are read off `worker.settings.Settings` itself (its fields and defaults, what `read`
accepts, what `look_classes` turns on), not from its module's private tables, and the result is checked
against `look_classes` on every combination before anything is written. tests/test_facts.py fails when
a committed file is out of date.
"""

from __future__ import annotations

import argparse
import html
import itertools
import json
import re
import sys
from dataclasses import fields
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "static"))
from worker.choices import offered_rulesets  # noqa: E402
from canfield.jsonio import MAX_DEPTH  # noqa: E402
from shared import storage_keys  # noqa: E402
from worker import layout, persist, snapshot  # noqa: E402
from shared.cardface import RANKS, SUIT_SYMBOLS  # noqa: E402
from worker.i18n import LANGUAGES, Translator, pick_language  # noqa: E402
from worker.settings import STORAGE_KEY, STORED_NAMES, Settings  # noqa: E402

sys.path.insert(0, str(REPO / "scripts"))
import build_vendor  # noqa: E402

INDEX = REPO / "index.html"
GAME_CSS = REPO / "static" / "game.css"
PLUGINS_OFF = ["!error", "!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]
FORMAT = 1
# Elements whose first text static/boot.js rewrites: not data-t (Python's translation would write them back
# to their first message), so named here by id.
BOOT_IDS = {"boot-msg": "boot.loading", "boot-retry": "boot.retry"}


class FactsError(Exception):
    """index.html or the Python side is not as this script expects; printed without traceback."""


# ---- the settings record, as Settings.read reads it ------------------------------------------------

def _accepts(name: str, value) -> bool:
    """Whether Settings.read keeps `value` for field `name` (and finds the record intact)."""
    got, intact = Settings.read(json.dumps({name: value}), tuple(offered_rulesets()))
    return intact and getattr(got, name) == value and type(getattr(got, name)) is type(value)


def _limit(make, top: int) -> int:
    """The largest n in [0, top) for which Settings.read finds make(n) intact (it is monotonic)."""
    lo, hi = 0, top
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if Settings.read(make(mid))[1] else (lo, mid)
    return lo


def settings_facts() -> dict:
    defaults = Settings()
    look = defaults.look_classes()
    fields_ = [f.name for f in fields(Settings)]
    flags = [n for n in fields_ if type(getattr(defaults, n)) is bool]
    choices = {}
    for name in fields_:
        default = getattr(defaults, name)
        if type(default) is bool:
            continue
        if type(default) is int:
            candidates = list(range(-2, 20))
        else:
            candidates = ["", *LANGUAGES, *offered_rulesets(), *(k[len(name) + 1:] for k in look if k.startswith(name + "-"))]
        allowed = [v for v in dict.fromkeys([default, *candidates]) if _accepts(name, v)]
        if default not in allowed:
            raise FactsError(f"Settings.read refuses the default of {name!r}: {default!r}")
        choices[name] = allowed
    # the look: a class per flag that turns it on, and "<field>-<value>" for each choice field
    look_flags = {}
    for name in flags:
        on = {k for k, v in Settings(**{name: True}).look_classes().items() if v}
        off = {k for k, v in Settings(**{name: False}).look_classes().items() if v}
        if on - off:
            (cls,) = on - off
            look_flags[name] = cls
    look_choices = [n for n in choices if any(k.startswith(n + "-") for k in look)]
    facts = {
        "defaults": {n: getattr(defaults, n) for n in fields_},
        "flags": flags,
        # the field names a stored record uses where they differ from the code's (read after the code's)
        "stored": {n: STORED_NAMES[n] for n in flags if n in STORED_NAMES},
        "choices": choices,
        # Settings.read: the text's size in characters (code points), its brackets' depth (canfield.jsonio)
        "max_chars": _limit(lambda n: "{}" + " " * (n - 2) if n >= 2 else "{}", 1 << 20),
        "max_depth": MAX_DEPTH,
        "look": {"flags": look_flags, "choices": look_choices},
    }
    _check_look(facts)
    return facts


def look_from_facts(facts: dict, s: Settings) -> list[str]:
    """The look classes on, as static/paint.js derives them from the facts."""
    out = [cls for name, cls in facts["look"]["flags"].items() if getattr(s, name)]
    out += [f"{name}-{getattr(s, name)}" for name in facts["look"]["choices"]]
    return sorted(out)


def _check_look(facts: dict) -> None:
    names = list(facts["look"]["flags"]) + facts["look"]["choices"]
    values = [(False, True) if n in facts["look"]["flags"] else facts["choices"][n] for n in names]
    for combo in itertools.product(*values):
        s = Settings(**dict(zip(names, combo)))
        want = sorted(k for k, on in s.look_classes().items() if on)
        if look_from_facts(facts, s) != want:
            raise FactsError(f"the look classes of {combo} are not a class per flag and one per choice: {want}")


# ---- all the facts ---------------------------------------------------------------------------------

def facts() -> dict:
    en = Translator("en")
    return {
        "format": FORMAT,
        "languages": list(LANGUAGES),
        "default_language": pick_language(),
        "keys": {"settings": STORAGE_KEY, "save": persist.SAVE_KEY, "stats": persist.STATS_KEY,
                 "snapshot": snapshot.KEY},
        "settings": settings_facts(),
        "records": {"max_chars": storage_keys.RECORD_MAX_CHARS, "page_chars": storage_keys.PAGE_READ_MAX_CHARS,
                    "broken": storage_keys.BROKEN_SUFFIX},
        "snapshot": {"format": snapshot.FORMAT, "max_chars": snapshot.MAX_BYTES, "text_keys": list(snapshot.texts(en))},
        "cards": {"ranks": RANKS, "suits": dict(SUIT_SYMBOLS)},
        "layout": layout_facts(),
    }


def layout_facts() -> dict:
    """static/worker/layout.py's constants: every upper-case name holding a number or a tuple of names."""
    out = {}
    for name, value in vars(layout).items():
        if not name.isupper():
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[name] = value
        elif isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            out[name] = list(value)
    return out


def boot_texts() -> dict:
    """static/worker/i18n.py's boot.* messages, per language."""
    keys = [k for k in Translator("en").table if k.startswith("boot.")]
    return {lang: {k: Translator(lang)(k) for k in keys} for lang in LANGUAGES}


# ---- index.html --------------------------------------------------------------------------------------

def _block(page: str, block_id: str, body: str) -> str:
    pattern = re.compile(r'(<script type="application/json" id="' + block_id + r'">\n).*?(\n</script>)', re.S)
    if len(pattern.findall(page)) != 1:
        raise FactsError(f'index.html needs one <script type="application/json" id="{block_id}"> block, '
                         'its content on lines of its own')
    return pattern.sub(lambda m: m.group(1) + body + m.group(2), page)


_TEXT = re.compile(r'(<(\w+)\b[^<>]*\bdata-t="([^"]+)"[^<>]*>)([^<]*)(</\2>)')
_ID_TEXT = re.compile(r'(<(\w+)\b[^<>]*\bid="([^"]+)"[^<>]*>)([^<]*)(</\2>)')
_TAG = re.compile(r"<\w+\b[^<>]*>")


def _attr(tag: str, source: str, target: str, t) -> str:
    key = re.search(r'\b' + source + r'="([^"]+)"', tag)
    if not key:
        return tag
    value = html.escape(t(key.group(1)), quote=True)
    if not re.search(r'\s' + target + r'="[^"]*"', tag):
        raise FactsError(f"index.html: {tag} has {source} but no {target} to hold its English text")
    return re.sub(r'(\s' + target + r')="[^"]*"', lambda m: f'{m.group(1)}="{value}"', tag, count=1)


def _button_title(tag: str, t) -> str:
    """A button named by data-t-label also shows its name as its tooltip (static/paint.js `texts` does the
    same in another language)."""
    key = re.search(r'\bdata-t-label="([^"]+)"', tag)
    if not tag.startswith("<button") or not key:
        return tag
    value = html.escape(t(key.group(1)), quote=True)
    if re.search(r'\stitle="[^"]*"', tag):
        return re.sub(r'(\stitle)="[^"]*"', lambda m: f'{m.group(1)}="{value}"', tag, count=1)
    return tag[:-1].rstrip("/") + f' title="{value}">'


def english_texts(page: str) -> str:
    en = Translator("en")
    head, sep, body = page.partition("<body>")
    if not sep:
        raise FactsError("index.html has no <body>")
    wanted = len(re.findall(r'\bdata-t="', body))
    done = len(_TEXT.findall(body))
    if done != wanted:
        raise FactsError(f"index.html: {wanted - done} data-t element(s) hold markup or no end tag: "
                         "a data-t element holds only its text")
    for key in re.findall(r'data-t(?:-label|-title)?="([^"]+)"', body):
        if en(key) == key:
            raise FactsError(f"index.html: no message {key!r} in static/worker/i18n.py")
    body = _TEXT.sub(lambda m: m.group(1) + html.escape(en(m.group(3)), quote=False) + m.group(5), body)
    body = _ID_TEXT.sub(lambda m: m.group(1) + html.escape(en(BOOT_IDS[m.group(3)]), quote=False) + m.group(5)
                        if m.group(3) in BOOT_IDS else m.group(0), body)
    body = _TAG.sub(lambda m: _button_title(_attr(_attr(m.group(0), "data-t-label", "aria-label", en), "data-t-title",
                                                  "title", en), en), body)
    # the language the page's texts are in (static/paint.js `texts` sets it; the thin layer skips a table
    # the page already shows)
    html_tag = re.search(r"<html[^>]*>", head)
    if html_tag is None:
        raise FactsError("index.html has no <html> tag")
    tag = re.sub(r' data-texts="[^"]*"', "", html_tag.group(0))[:-1] + ' data-texts="en">'
    head = head[:html_tag.start()] + tag + head[html_tag.end():]
    return head + sep + body


def render(page: str) -> str:
    page = _block(page, "facts", json.dumps(facts(), ensure_ascii=False, separators=(",", ":")))
    table = ",\n".join(f"  {json.dumps(lang)}: {json.dumps(texts, ensure_ascii=False)}"
                       for lang, texts in boot_texts().items())
    page = _block(page, "boot-text", "{\n" + table + "\n}")
    return english_texts(page)


# ---- static/game.css --------------------------------------------------------------------------------

SKELETON_CW = 60       # the card width of the skeleton before Python places the cards (game.css's @property)
# the toolbar's height, as static/worker/layout.py's bar_height picks it: each rule after the first overrides the
# ones before it where its condition holds (checked against bar_height by _check_bar)
BAR_RULES = (
    ("", "BAR_WIDE"),
    ("width < BAR_ONE_ROW", "BAR_MEDIUM"),
    ("width < NARROW", "BAR_NARROW"),
    ("landscape and height < PHONE_LANDSCAPE_H or landscape and height < LOW_H and width < BAR_ONE_ROW",
     "BAR_PHONE_LANDSCAPE"),
)
CSS_START = "/* ---- written by scripts/build_facts.py from static/worker/layout.py: edit there, then run it ---- */"
CSS_END = "/* ---- end of the written part ---- */"
_MARKED = re.compile(r"(@(?:media|container) /\* layout: ([^*]+?) \*/ )([^{]*?)( ?\{)")
_AT_RULE = re.compile(r"@(?:media|container)\b([^{]*)\{")
_TERM = re.compile(r"(width|height) (<|>=) ([A-Z][A-Z0-9_]*|\d+(?:\.\d+)?)")


def _px(v: float) -> str:
    return f"{round(v, 2):g}px"


def _value(name: str) -> float:
    if name[0].isdigit():
        return float(name)
    value = layout_facts().get(name)
    if not isinstance(value, (int, float)):
        raise FactsError(f"static/game.css: no number {name!r} in static/worker/layout.py")
    return value


def condition(expr: str) -> tuple[str, object]:
    """A condition in the layout's terms ("landscape and height < LOW_H or width < NARROW"): its CSS media
    or container query, and a test of a (width, height) as static/worker/layout.py writes it."""
    css, tests = [], []
    for clause in expr.split(" or "):
        parts, terms = [], []
        for term in clause.split(" and "):
            if term == "landscape":
                parts.append("(orientation: landscape)")
                terms.append(lambda w, h: w > h)
                continue
            m = _TERM.fullmatch(term)
            if not m:
                raise FactsError(f"static/game.css: {term!r} in {expr!r} is not landscape, width/height < or >= a name")
            side, op, v = m.group(1), m.group(2), _value(m.group(3))
            # below v: up to v - 0.02 (fractional window sizes), as the rules always wrote it
            parts.append(f"(max-{side}: {_px(v - 0.02)})" if op == "<" else f"(min-{side}: {_px(v)})")
            index = 0 if side == "width" else 1
            terms.append((lambda i, v: lambda w, h: (w, h)[i] < v)(index, v) if op == "<"
                         else (lambda i, v: lambda w, h: (w, h)[i] >= v)(index, v))
        css.append(" and ".join(parts))
        tests.append(terms)
    return ", ".join(css), lambda w, h: any(all(t(w, h) for t in terms) for terms in tests)


def _check_bar() -> None:
    """BAR_RULES give bar_height at every window size (whole pixels, both sides of each breakpoint)."""
    rules = [(condition(expr)[1] if expr else (lambda w, h: True), getattr(layout, bar)) for expr, bar in BAR_RULES]
    edges = {layout.BAR_ONE_ROW, layout.NARROW, layout.LOW_H, layout.PHONE_LANDSCAPE_H}
    sizes = sorted({*range(200, 2700, 37), *(e + d for e in edges for d in (-1, 0, 1))})
    for w in sizes:
        for h in sizes:
            got = [bar for test, bar in rules if test(w, h)][-1]
            if got != layout.bar_height(w, h):
                raise FactsError(f"the --bar-h rules give {got} px at {w}x{h}, bar_height {layout.bar_height(w, h)}")


def css_written() -> str:
    """The written part of static/game.css."""
    _check_bar()
    cw = SKELETON_CW
    lines = [CSS_START]
    for name, v in (("--cw", cw), ("--ch", cw * layout.RATIO), ("--fs", layout.font_size(cw))):
        lines.append(f"@property {name} {{ syntax: '<length>'; inherits: true; initial-value: {_px(v)}; }}")
    lines.append(f":root {{ --help-h: {_px(layout.HELP_H)}; --line: {layout.LINE:g}; }}")
    for expr, bar in BAR_RULES:
        # on :root, so that what sits outside #game (the service worker's update notice) sits under the bar too
        rule = f":root {{ --bar-h: {_px(getattr(layout, bar))}; }}"
        lines.append(f"@media {condition(expr)[0]} {{ {rule} }}" if expr else rule)
    lines.append(CSS_END)
    return "\n".join(lines)


def _breakpoints() -> set[str]:
    """The media query numbers the layout's breakpoints give (a copy if not marked)."""
    names = ("BAR_ONE_ROW", "NARROW", "LOW_H", "PHONE_LANDSCAPE_H", "HELP_MIN_H")
    return {p for n in names for p in (_px(getattr(layout, n)), _px(getattr(layout, n) - 0.02))}


def render_css(css: str) -> str:
    if css.count(CSS_START) != 1 or css.count(CSS_END) != 1 or css.index(CSS_START) > css.index(CSS_END):
        raise FactsError(f"static/game.css needs one written part, from a line {CSS_START!r} to {CSS_END!r}")
    head, rest = css.split(CSS_START)
    _, tail = rest.split(CSS_END)
    marked = _MARKED.sub(lambda m: m.group(1) + condition(m.group(2))[0] + m.group(4), head + "\x00" + tail)
    numbers = _breakpoints()
    for m in _AT_RULE.finditer(_MARKED.sub("", marked)):
        found = sorted(n for n in numbers if re.search(r"(?<![\d.])" + re.escape(n), m.group(1)))
        if found:
            raise FactsError(f"static/game.css: @{m.group(0).strip()} holds the layout's {', '.join(found)}: "
                             "mark it with /* layout: ... */ (see scripts/build_facts.py)")
    head, tail = marked.split("\x00")
    return head + css_written() + tail


# the page's script (written here: its config follows build_vendor.PAGE_MODULES); a named PyScript worker
# "engine" of before (the engine's worker is static/engine-worker.mjs, started by static/boot.js) is taken out
_SCRIPTS = re.compile(r'<script type="mpy" src="./static/page/main.py"[^\n]*</script>\n'
                      r'(?:<script type="py" worker name="engine"[^\n]*</script>\n)?')


PYSCRIPT_TOML = REPO / "pyscript.toml"
_TOML_HEAD = """\
# The page's PyScript config (index.html's <script type="mpy"> of static/page/main.py): MicroPython from
# static/vendor (no CDN), PyScript's plugins the page does not use turned off, and the page's modules, fetched
# compiled (static/vendor/mpy, scripts/build_vendor.py). Written by scripts/build_facts.py from the page's
# module list, and by it into index.html as the script's inline config (so the first visit fetches no
# config): edit the script, not this file; tests/test_pyscript_config.py holds the two equal.
"""


def page_config() -> dict:
    """The page's PyScript config: pyscript.toml, and index.html's inline copy."""
    return {"interpreter": "./static/vendor/micropython/micropython.mjs", "plugins": PLUGINS_OFF,
            "files": {f"./static/vendor/{build_vendor.page_bytecode_path(m)}": f"./{m[:-3]}.mpy"
                      for m in build_vendor.PAGE_MODULES}}


def _toml_value(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value)      # a TOML basic string is a JSON string (the names here are plain ASCII)


def config_toml(config: dict) -> str:
    """`config` as pyscript.toml's text."""
    lines = [f"{key} = {_toml_value(value)}" for key, value in config.items() if not isinstance(value, dict)]
    for key, table in config.items():
        if isinstance(table, dict):
            lines += ["", f"[{key}]"] + [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in table.items()]
    return _TOML_HEAD + "\n" + "\n".join(lines) + "\n"


def page_scripts(index: str) -> str:
    """index.html with the two-sided page's script: MicroPython for the thin layer on the main thread
    (static/page/main.py, its modules fetched compiled by its config's "files"), its config (pyscript.toml's)
    written inline. The engine's side is no script of the page: static/boot.js starts its worker
    (static/engine-worker.mjs) while the head is parsed."""
    old_script = _SCRIPTS.search(index)
    if old_script is None:
        raise FactsError("index.html has no <script type=\"mpy\"> of static/page/main.py")
    scripts = f"<script type=\"mpy\" src=\"./static/page/main.py\" config='{json.dumps(page_config())}'></script>\n"
    return index[:old_script.start()] + scripts + index[old_script.end():]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed index.html, write nothing")
    args = ap.parse_args(argv)
    try:
        files = []
        for path, write in ((INDEX, lambda page: page_scripts(render(page))), (GAME_CSS, render_css),
                            (PYSCRIPT_TOML, lambda _: config_toml(page_config()))):
            old = path.read_text(encoding="utf-8") if path.is_file() else ""
            files.append((path, old, write(old)))
    except FactsError as err:
        print(f"build_facts: error: {err}", file=sys.stderr)
        return 1
    stale = [path for path, old, new in files if new != old]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(REPO)} is out of date: run python scripts/build_facts.py", file=sys.stderr)
        return 1 if stale else 0
    for path, old, new in files:
        if new != old:
            path.write_text(new, encoding="utf-8")
        print(f"{path.relative_to(REPO)}: {'rewrote its written parts' if new != old else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
