"""The controller's keys and buttons: the keyboard map (the one place that says what a key does), the
keyboard focus and cursor, and the toolbar's buttons. A key and a button that mean the same command run
the same code (static/worker/handle_moves.py, handle_deals.py, handle_replays.py).

Each handler takes the controller `c` (static/worker/controller.py) and the action; `HANDLERS` says which
handler takes which action.
"""

from . import handle_deals, handle_moves, handle_replays
from .a11y import cursor_text
from shared.keymap import key_command
from shared.table import TO_ENGINE, TO_UI, key_neighbour
from shared.vocab import AskAnalysis, AskHint, AskLine, Button, CopyLink, Focus, FocusPile, Key, OpenDialog, Pointer, Replay

def handles(a, ui):
    """Whether key `a` does something with the UI state `ui` (the page then stops the browser's default)."""
    command = key_command(a)
    return command is not None and (command != "unselect" or ui.selection is not None)


# ---- keys -------------------------------------------------------------------------------------

def on_key(c, a):
    if not handles(a, c.ui):
        return
    command = key_command(a)
    if command.startswith("arrow-"):
        _arrow(c, command[6:])
        return
    _COMMANDS[command](c)


def _hint(c):
    c.helped()
    c.emit(AskHint())


def _dialog(c, name):
    c.ui.selection = None
    c.emit(OpenDialog(name))


def _unselect(c):
    c.ui.selection = None
    c.say(c.t("a11y.unselected"))


def _enter(c):
    ui = c.ui
    ui.keyboard = True
    index = ui.cursor if ui.focus.startswith("tableau-") else None
    handle_moves.tap_or_enter(c, ui.focus, index, by_key=True)


_COMMANDS = {
    "undo": handle_moves.undo,
    "redo": handle_moves.redo,
    "draw": handle_moves.draw,
    "new": lambda c: c.emit(OpenDialog("new")),
    "hint": _hint,
    "rules": lambda c: _dialog(c, "rules"),
    "unselect": _unselect,
    "describe": lambda c: c.say(c.game.describe(c.lang)),
    "enter": _enter,
    "home": lambda c: _move_focus(c, "stock"),
}


def _arrow(c, direction):
    ui = c.ui
    ui.keyboard = True
    pile = ui.focus
    if pile.startswith("tableau-") and direction in ("up", "down"):
        n = len(c.game.pile(TO_ENGINE[pile]))
        ui.cursor = max(0, min(ui.cursor, n - 1))   # the column may have lost cards since the cursor was put
        if direction == "up" and ui.cursor > 0 and n:
            ui.cursor -= 1
            _say_cursor(c)
            return
        if direction == "down" and ui.cursor < n - 1:
            ui.cursor += 1
            _say_cursor(c)
            return
    _move_focus(c, key_neighbour(pile, direction, {TO_UI[n] for n in c.game.pile_names},
                                 mirrored=c.settings.left_handed))


def _focus_pile(c, pile):
    """The board's tab stop on `pile`, the cursor on its top card."""
    ui = c.ui
    if pile != ui.focus:
        ui.focus = pile
        n = len(c.game.pile(TO_ENGINE[pile])) if pile.startswith("tableau-") else 0
        ui.cursor = max(0, n - 1)


def _move_focus(c, pile):
    c.ui.keyboard = True
    _focus_pile(c, pile)
    c.emit(FocusPile(pile))


def _say_cursor(c):
    c.say(cursor_text(c.game, c.ui.focus, c.ui.cursor, c.t, c.lang))


def on_focus(c, a):
    _focus_pile(c, a.pile)
    c.ui.keyboard = a.keyboard


def on_pointer(c, a):
    c.ui.keyboard = False


# ---- buttons ----------------------------------------------------------------------------------

def on_button(c, a):
    name = a.name
    if name == "undo":
        handle_moves.undo(c)
    elif name == "redo":
        handle_moves.redo(c)
    elif name == "restart":
        handle_moves.restart(c)
    elif name in ("new", "settings", "stats", "rules"):
        _dialog(c, name)
    elif name == "copy":
        c.emit(CopyLink(c.game.code or ""))
    elif name == "hint":
        _hint(c)
    elif name == "show-me-how":
        r = c.ui.replay
        if r is not None and r.source == "solver" and (r.playing or c.game.can_redo):
            handle_replays.on_replay(c, Replay("play"))   # the same button pauses the line shown, and plays it on
        else:
            c.ui.selection = None
            c.emit(AskLine())
    elif name == "share":
        handle_replays.share(c)
    elif name == "analyse":         # where the game was lost (the solver, static/worker/solver_worker.py)
        c.ui.selection = None
        c.emit(AskAnalysis())
    elif name in ("deal", "daily"):
        handle_deals.deal(c, name, a.draw, a.rules, a.grade)


HANDLERS = {Key: on_key, Focus: on_focus, Pointer: on_pointer, Button: on_button}
