"""The one way from an input to a change: `Controller.dispatch(action)`.

Pure Python (no DOM; tested under CPython). Every input of the page becomes an action (static/shared/vocab.py):
a tap on a pile, a drop, a key, a button, the address's hash, an answer of the solver, a new window size.
`dispatch` hands it to its handler, by feature:

    handle_moves.py     taps, drops, drags, draw, undo, redo, restart, sure cards, the auto-finish, the win
    handle_deals.py     a new deal, the address, the confirmation before a started game is left
    handle_replays.py   game links, the replay bar, "Show me how", Share
    handle_panels.py    the solver's panel and offer, the hint marks, notices, the window and the dock
    handle_settings.py  new settings, the language, the system's reduced motion
    handle_keys.py      the keyboard map, the focus and cursor, the toolbar's buttons

A handler asks the engine what the action means (`game.tap_move`, `legal_moves`, `play`, `undo`),
updates the small `UIState` (static/worker/state.py) and lists what the page must do beyond drawing, as
effect values (`take_effects`: say a sentence, shake a pile, show a notice, open a dialog, write the
hash...). The page runs the effects after each dispatch (static/worker/effects.py) and draws `(game, ui)` at
the next animation frame. This module keeps what every feature shares: the state, the effects listed,
a change of position, a notice, a game put on the table.
"""

from __future__ import annotations

from dataclasses import replace

from . import handle_deals, handle_keys, handle_moves, handle_panels, handle_replays, handle_settings
from .handle_keys import handles
from .state import POSITION_PANELS, Notice, UIState, motion_on
from shared.table import TO_ENGINE
from shared.vocab import (
    ACTIONS, NOTICE_MS, Announce, Celebrate, Changed, Confirm, DialogClosed, Dock, Effect, FinishStep, Focus, Helped,
    HideNotice, HidePanel, HintShown, MotionPreference, NoticeShown, OpenDialog, Pointer, ReplayChanged, ReplayTick,
    Resize, SaveSettings, Say, ShowNotice, ShowPanel, WriteHash,
)

FEATURES = (handle_moves, handle_deals, handle_replays, handle_panels, handle_settings, handle_keys)
# action kind -> its handler, from the features' tables
HANDLERS = {}
for _feature in FEATURES:
    for _cls, _handler in _feature.HANDLERS.items():
        if _cls.kind in HANDLERS:
            raise ValueError("two handlers for " + _cls.kind)
        HANDLERS[_cls.kind] = _handler
_missing = [cls.kind for cls in ACTIONS if cls.kind not in HANDLERS]
if _missing:
    raise ValueError("no handler for " + ", ".join(_missing))

# actions that may come while the animated auto-finish plays without ending it first
BESIDE_FINISH = (FinishStep, Resize, Dock, Pointer, HintShown, MotionPreference, Announce, DialogClosed,
                 ShowPanel, HidePanel, ShowNotice, HideNotice, ReplayTick, Focus)
# effects that end a drag in progress (the cards go back, nothing is dropped)
ENDS_DRAG = (Changed, OpenDialog, Confirm, Celebrate)


class Controller:
    """Owns the game on the table and the UI state; every change goes through `dispatch`."""

    def __init__(self, game, settings, t, lang: str):
        self.game = game
        self.settings = settings
        self.t = t
        self.lang = lang
        self.ui = UIState()
        self.effects = []

    @property
    def motion(self) -> bool:
        """Animations on (`motion_on`)."""
        return motion_on(self.settings.motion, self.ui.reduced_motion)

    @property
    def reduced_motion(self) -> bool:
        return self.ui.reduced_motion

    @reduced_motion.setter
    def reduced_motion(self, reduced: bool) -> None:
        self.ui.reduced_motion = bool(reduced)

    # ---- dispatch -----------------------------------------------------------------------

    def dispatch(self, action) -> None:
        if self.ui.finishing and not isinstance(action, BESIDE_FINISH):
            # anything else during the animated auto-finish: the finish ends first, then the action
            handle_moves.on_finish_step(self, FinishStep(self.ui.finish_seq, rest=True))
        handler = HANDLERS.get(getattr(action, "kind", None))
        if handler is None or not isinstance(action, ACTIONS):
            raise TypeError("not an action: " + repr(action)[:80])
        before = len(self.effects)
        handler(self, action)
        if self.ui.drag is not None and any(isinstance(e, ENDS_DRAG) for e in self.effects[before:]):
            self.ui.drag = None            # a key, a hash change or a dialog in mid-drag: nothing is dropped

    def take_effects(self) -> list:
        """The effects listed since the last call (static/shared/vocab.py's effect values), in order."""
        out, self.effects = self.effects, []
        return out

    def handles(self, a) -> bool:
        """Whether the key does something here (the page then stops the browser's default for it)."""
        return handles(a, self.ui)

    # ---- what every feature shares --------------------------------------------------------

    def emit(self, effect) -> None:
        if not isinstance(effect, Effect):
            raise TypeError("not an effect: " + repr(effect)[:80])
        self.effects.append(effect)

    def say(self, text: str) -> None:
        if text:
            self.emit(Say(text))

    def notice(self, text: str, ms: int = NOTICE_MS) -> None:
        """Show a notice (the renderer draws UIState.notice); the page hides it after `ms` (HideNotice)."""
        ui = self.ui
        ui.notice_seq += 1
        ui.notice = Notice(text, ui.notice_seq)
        self.emit(NoticeShown(text, ms, ui.notice_seq))

    def changed(self, animate=True) -> None:
        """The position changed: marks for the old one go, the page saves and redraws."""
        ui = self.ui
        ui.version += 1
        ui.hint = None
        ui.animate = animate
        ui.anim_seq += 1
        ui.slide_from = {}
        ui.slide_origin = None
        ui.lost_offer = None
        if ui.panel is not None and ui.panel.kind in POSITION_PANELS:
            ui.panel = None
        self.emit(Changed())
        if self.game.won:
            # with motion, the win celebration first (static/page/celebrate.py), then the dialog
            if animate and self.motion:
                self.emit(Celebrate())
            else:
                self.emit(OpenDialog("win"))

    def touched(self) -> bool:
        """A started game: leaving it loses something (unless it is won)."""
        g = self.game
        return not g.won and bool(g.history or g.redo_moves or self.ui.restart_undo)

    def helped(self) -> None:
        """The game was helped (a hint, an undo, a replay, "Show me how"): its win will not be clean."""
        self.ui.helped = True
        self.emit(Helped())

    def ask(self, pending) -> None:
        """Leaving a started game asks first: `pending` goes on after a yes (Answer)."""
        self.ui.pending = pending
        self.emit(Confirm(self.t("confirm.leave")))

    def end_replay(self) -> None:
        self.ui.replay = None
        self.ui.replay_seq += 1   # a timer still running does nothing
        self.emit(ReplayChanged())

    def show_game(self, game, push=True, deal=True) -> None:
        """`game` on the table, its code in the address bar. `deal`: the cards fly in from the stock
        (not at boot, where the board is already on screen)."""
        self.game = game
        ui = self.ui
        ui.finishing = []
        if deal:
            ui.deal_seq += 1
        ui.selection = None
        ui.restart_undo = None
        ui.pending = None
        if ui.replay is not None:
            self.end_replay()
        ui.challenge = None
        ui.helped = False
        if TO_ENGINE.get(ui.focus) not in game.pile_names:
            ui.focus = "stock"   # a deal of fewer columns or foundations has no such pile
        n = len(game.pile(TO_ENGINE[ui.focus])) if ui.focus.startswith("tableau-") else 0
        ui.cursor = max(0, n - 1)
        # the player's draw choice follows the game, unless its rules fix the draw (a Rainfall deals 1 card
        # whatever the choice): then the choice is kept for the next game that offers one
        draw = self.settings.draw if game.rules.draws is not None else game.draw
        self.settings = replace(self.settings, draw=draw, rules=game.rules.name)
        self.emit(SaveSettings())
        self.emit(WriteHash(game.code or "", push))
        if push:
            self.say(self.t("a11y.new_deal", code=game.code, draw=game.draw))
        self.changed(animate=False)

    def play(self, move, drawn_at=None) -> None:
        """Play `move` as the player's (static/worker/handle_moves.py)."""
        handle_moves.play(self, move, drawn_at)

    def share_link(self) -> tuple:
        """What Share sends: the game's link and a sentence (static/worker/handle_replays.py)."""
        return handle_replays.share_link(self)
