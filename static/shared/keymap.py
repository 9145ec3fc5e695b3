"""The keyboard map: what a key stands for, the one place that says it.

Runs under CPython and MicroPython alike: the controller (static/worker/handle_keys.py) acts on the
command, and the page's thin layer (static/page/layer.py) stops the browser's default for a key that has
one, before the worker answers. No imports, no annotations, no f-strings.
"""

_LETTER_KEYS = {"u": "undo", "r": "redo", "d": "draw", "n": "new", "h": "hint"}
_BOARD_KEYS = {"ArrowLeft": "arrow-left", "ArrowRight": "arrow-right", "ArrowUp": "arrow-up",
               "ArrowDown": "arrow-down", "Enter": "enter", " ": "enter", "Home": "home"}


def key_command(a):
    """What a key stands for: "undo", "redo", "draw", "new", "hint", "rules", "unselect", "describe",
    "arrow-<direction>", "enter", "home"; None for a key the page leaves to the browser. Arrows, Enter,
    Space and Home act only with the focus on the board; "unselect" only when something is selected."""
    key = a.key
    lower = key.lower() if len(key) == 1 else key
    if a.ctrl:
        if lower == "z":
            return "redo" if a.shift else "undo"
        return "redo" if lower == "y" else None
    if lower in _LETTER_KEYS:
        return _LETTER_KEYS[lower]
    if key in ("?", "F1"):
        return "rules"
    if key == "Escape":
        return "unselect"
    if lower == "b" and not a.shift:
        return "describe"
    return _BOARD_KEYS.get(key) if a.in_board else None
