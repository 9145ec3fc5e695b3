"""The controller's moves and finish: taps, drops and drags, a draw, undo, redo, restart, the setting
"move sure cards", the auto-finish (all at once, or animated one card per FinishStep) and the win cascade.

Each handler takes the controller `c` (static/worker/controller.py) and the action; `HANDLERS` says which
handler takes which action.
"""

from canfield.sure import sure_move

from .a11y import illegal_drop_text, selection_text
from .motion import speed_factor
from .state import Drag
from shared.table import TO_ENGINE, Selection, move_count, moves_from, stock_move, visible_cards
from shared.vocab import (
    AutoFinish, CelebrationEnd, CelebrationStart, DragStart, Drop, EarlyInputRefused, FinishStep, FinishTimer,
    NewRecord, PlaySound, Shake, Tap,
)

FINISH_MS = 80           # the animated auto-finish: one card to a foundation every 80 ms
FINISH_DRAW_MS = 40      # a draw or recycle inside the finish goes faster


# ---- a move -----------------------------------------------------------------------------------

def play(c, move, drawn_at=None):
    """Play `move` (checked by the engine), then the sure cards and the auto-finish the settings ask for."""
    game, ui = c.game, c.ui
    game.play(move)
    said = game.describe_move(move, c.lang)        # before auto-finish moves other cards
    ui.selection = None
    ui.restart_undo = None                         # a new move: the restart cannot come back
    if ui.replay is not None:                      # a move of the player's own: the replay is theirs now
        c.end_replay()
    if c.settings.sure_cards and move.src[0] != "F":   # never straight back up after a take-back
        said += _sure_cards(c)
    finish = game.finish_moves() if c.settings.auto_finish and not game.won else None
    if finish and not c.motion:
        for m in finish:          # all at once
            game.play(m)
    if finish:
        said += " " + c.t("notice.finishing")
        if game.won:
            said += " " + c.t("win.score", score=game.score)
    c.changed()
    c.emit(PlaySound("win" if game.won else "move"))
    ui.slide_from = dict(drawn_at or {})
    ui.slide_origin = "stock" if move.src == "S" else None
    c.say(said)
    if finish and c.motion:
        _start_finish(c, finish)


def _sure_cards(c):
    """The setting "move sure cards to the foundations": the engine's sure moves, each an undoable move
    of its own (canfield.sure decides); the sentences said for them."""
    game, said = c.game, ""
    for _ in range(game.rules.cards):     # each card goes up at most once
        move = sure_move(game)
        if move is None:
            break
        game.play(move)
        said += " " + game.describe_move(move, c.lang)
    return said


def refuse(c, pile, count=1):
    c.emit(Shake(pile, count))
    c.say(c.t("a11y.illegal"))


def draw(c):
    c.ui.selection = None
    move = stock_move(c.game)
    if move is None:
        refuse(c, "stock")
        return
    play(c, move)


def undo(c):
    game, ui = c.game, c.ui
    ui.selection = None
    if ui.replay is None and game.can_undo:
        c.helped()
    if game.undo():
        c.changed()
        c.say(c.t("a11y.undo"))
    elif ui.restart_undo is not None:
        history, redo_moves = ui.restart_undo
        ui.restart_undo = None
        for move in list(history) + list(redo_moves):    # the game as it was before the restart
            game.play(move)
        for _ in redo_moves:
            game.undo()
        c.changed(animate=False)
        c.say(c.t("a11y.restart_undone"))
    else:
        c.say(c.t("a11y.nothing_to_undo"))


def redo(c):
    game = c.game
    c.ui.selection = None
    if game.redo():
        c.changed()
        c.say(game.describe_move(game.history[-1], c.lang))
    else:
        c.say(c.t("a11y.nothing_to_redo"))


def restart(c):
    """Restart is an action like a move: Undo brings the game back as it was (its moves and its redo
    moves). A won game restarted is a new game for the records."""
    game, ui = c.game, c.ui
    ui.selection = None
    if not (game.history or game.redo_moves):
        return
    if game.won:
        c.emit(NewRecord())          # a won game stays won; the same deal again is a new game
        ui.restart_undo = None
    else:
        ui.restart_undo = (tuple(game.history), tuple(game.redo_moves))
    game.restart()
    c.changed(animate=False)
    ui.deal_seq += 1                 # the deal flies in again from the stock
    c.say(c.t("a11y.restart"))
    if ui.restart_undo is not None:
        c.notice(c.t("notice.restarted"))


# ---- taps and drops ---------------------------------------------------------------------------

def on_tap(c, a):
    tap_or_enter(c, a.pile, a.index, by_key=False)


def tap_or_enter(c, pile, index, by_key):
    """A tap on (or Enter over) `pile` at card `index`: the one rule for pointer and keyboard."""
    game, ui = c.game, c.ui
    if pile == "stock":
        draw(c)
        return
    sel = ui.selection
    if sel is not None:
        if sel.pile == pile and not by_key:
            ui.selection = None          # a second tap on the picked-up cards puts them down
            c.say(c.t("a11y.unselected"))
            return
        if sel.pile == pile:             # Enter on the selection: its automatic move, if any
            move = game.tap_move(TO_ENGINE[pile], sel.count, c.settings.tap_to_columns)
        else:
            move = moves_from(game, sel.pile, sel.count).get(pile)
        if move is None:
            refuse(c, sel.pile, sel.count)
            ui.selection = None
        else:
            play(c, move)
        return
    codes = visible_cards(game)[pile]
    if not codes:
        if by_key:
            refuse(c, pile, 1)
        return
    if index is None or not 0 <= index < len(codes):
        index = len(codes) - 1           # a tap beside the cards of a pile: its top card
    count = move_count(game, pile, index)
    if by_key:
        if moves_from(game, pile, count):
            ui.selection = Selection(pile, count)
            _say_selection(c)
        else:
            refuse(c, pile, count)
        return
    move = game.tap_move(TO_ENGINE[pile], count, c.settings.tap_to_columns)
    if move is not None:
        play(c, move)
    elif moves_from(game, pile, count):
        # no automatic target, but the card can go somewhere: picked up, the next tap says where
        ui.selection = Selection(pile, count)
        _say_selection(c)
    else:
        refuse(c, pile, count)


def _say_selection(c):
    sel = c.ui.selection
    c.say(selection_text(c.game, sel.pile, sel.count, c.t, c.lang))


def on_drop(c, a):
    ui = c.ui
    ui.selection = None
    ui.drag = None
    move = moves_from(c.game, a.pile, a.count).get(a.dest) if a.dest else None
    if move is None:
        # back where it came from, sliding from the drop point; never sent elsewhere (a tap's automatic
        # move is a tap's): a drop on a pile that refuses it names that pile, a drop back on its own pile
        # is no move at all, a drop on no pile (or a drag the pointer lost) says the card goes back
        ui.slide_from = dict(a.drawn_at)
        ui.animate = True
        ui.anim_seq += 1
        if a.dest is not None and a.dest != a.pile:
            c.say(illegal_drop_text(c.game, a.pile, a.count, a.dest, c.t, c.lang))
        elif a.dest is None and a.drawn_at:
            c.say(c.t("a11y.illegal_drop"))
        return
    play(c, move, drawn_at=a.drawn_at)


def on_drag_start(c, a):
    c.ui.drag = Drag(a.pile, a.count, tuple(moves_from(c.game, a.pile, a.count)))


def on_early_input_refused(c, a):
    for pile in a.piles:
        c.emit(Shake(pile, 0))
    if a.piles:
        c.notice(c.t("notice.early_refused"))


# ---- the auto-finish and the win cascade ------------------------------------------------------

def _start_finish(c, moves):
    """The animated auto-finish: the engine's moves (the authority), played one per FinishStep."""
    ui = c.ui
    ui.finishing = list(moves)
    ui.finish_seq += 1
    _next_step(c)


def _next_step(c):
    ui = c.ui
    if ui.finishing:
        ms = FINISH_DRAW_MS if ui.finishing[0].is_stock else FINISH_MS
        c.emit(FinishTimer(round(ms * speed_factor(c.settings.speed)), ui.finish_seq))


def on_finish_step(c, a):
    ui, game = c.ui, c.game
    if not ui.finishing or a.seq != ui.finish_seq:
        return                    # a timer of a finish that ended already
    if a.rest:
        moves, ui.finishing = ui.finishing, []
    else:
        moves = [ui.finishing.pop(0)]
    for move in moves:
        try:
            game.play(move)
        except ValueError:        # cannot happen while every other action waits for the finish
            ui.finishing = []
            break
    c.changed()
    if moves and moves[-1].is_stock and len(moves) == 1:
        ui.slide_origin = "stock"
    if game.won:
        ui.finishing = []
        c.emit(PlaySound("win"))
        c.say(c.t("win.score", score=game.score))
    else:
        c.emit(PlaySound("move"))
        _next_step(c)


def on_auto_finish(c, a):
    game = c.game
    if not c.settings.auto_finish or game.won or c.ui.finishing:
        return
    moves = game.finish_moves()
    if not moves:
        return
    c.ui.restart_undo = None
    if c.motion:
        _start_finish(c, moves)
        return
    for move in moves:
        game.play(move)
    c.changed()
    if game.won:
        c.emit(PlaySound("win"))


def on_celebration_start(c, a):
    if c.game.won and c.motion:
        ui = c.ui
        ui.celebrating = True
        ui.celebration_seq += 1
        ui.drag = None                 # a drag begun since the winning move ends


def on_celebration_end(c, a):
    c.ui.celebrating = False


HANDLERS = {
    Tap: on_tap, Drop: on_drop, DragStart: on_drag_start,
    EarlyInputRefused: on_early_input_refused, FinishStep: on_finish_step, AutoFinish: on_auto_finish,
    CelebrationStart: on_celebration_start, CelebrationEnd: on_celebration_end,
}
