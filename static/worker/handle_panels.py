"""The controller's panels and notices: the solver's #assist panel and its lost-position offer, the hint
marks, the notice and its timer, the live region's sentences from elsewhere, a dialog closed, and the
window and dock sizes the board is laid out in.

Each handler takes the controller `c` (static/worker/controller.py) and the action; `HANDLERS` says which
handler takes which action.
"""

from shared.vocab import (
    Announce, DialogClosed, Dock, FocusPile, GoBack, HideNotice, HidePanel, HintShown, Panel, Relayout, Resize,
    ShowNotice, ShowPanel,
)


def on_hint_shown(c, a):
    """The hint's move marked on the board until the position changes (its text read in this position)."""
    move = None
    if a.move is not None:
        try:
            move = c.game.parse_move(a.move)
        except ValueError:        # a move of another position: nothing to mark
            move = None
    c.ui.hint = move


def on_show_panel(c, a):
    ui, panel = c.ui, a.panel
    ui.panel = panel
    if panel.kind == "lost" and panel.undos:
        ui.lost_offer = int(panel.undos)
    c.say(panel.text)


def on_hide_panel(c, a):
    c.ui.panel = None


def on_go_back(c, a):
    ui = c.ui
    ui.selection = None
    undos = a.undos
    if undos is None:               # the panel's offer: only for the position it was made for
        undos, ui.panel = ui.lost_offer, None
        if undos is None:
            return
    undone = 0
    for _ in range(undos):
        if not c.game.undo():
            break
        undone += 1
    if undone:
        c.changed()
    if a.undos is None:
        on_show_panel(c, ShowPanel(Panel("note", c.t("assist.went_back"))))


def on_show_notice(c, a):
    c.notice(a.text, a.ms)


def on_hide_notice(c, a):
    if c.ui.notice is not None and a.seq in (None, c.ui.notice.seq):
        c.ui.notice = None


def on_announce(c, a):
    c.say(a.text)


def on_dialog_closed(c, a):
    c.emit(FocusPile(c.ui.focus))


def on_resize(c, a):
    c.ui.viewport = (a.width, a.height)
    c.emit(Relayout())


def on_dock(c, a):
    height = max(0.0, float(a.height))
    if height != c.ui.dock:
        c.ui.dock = height
        c.emit(Relayout())


HANDLERS = {
    HintShown: on_hint_shown, ShowPanel: on_show_panel, HidePanel: on_hide_panel, GoBack: on_go_back,
    ShowNotice: on_show_notice, HideNotice: on_hide_notice, Announce: on_announce, DialogClosed: on_dialog_closed,
    Resize: on_resize, Dock: on_dock,
}
