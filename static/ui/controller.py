"""The one way from an input to a change: `Controller.dispatch(action)`.

Pure Python (no DOM; tested under CPython). Every input of the page becomes an action: a tap on a pile,
a drop, a key, a button, the address's hash, an answer of the solver, a new window size. `dispatch`
asks the engine what it means (`game.tap_move`, `legal_moves`, `play`, `undo`), updates the small
`UIState` (selection, keyboard focus and cursor, hint marks, the slide to run, the confirmation
waiting for an answer) and lists what the page must do beyond drawing (`effects`: say a sentence,
shake a pile, show a notice, open a dialog, write the hash...). The page drains the effects after each
dispatch and draws `(game, ui)` at the next animation frame.

Restart is an action like a move: Undo brings the game back as it was (its moves and its redo moves).
Leaving a started game (a new deal, another deal in the address) asks first, unless the game is won
or untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from canfield import Game, links
from canfield.errors import InvalidLink
from canfield.sure import sure_move

from .a11y import cursor_text, selection_text
from .i18n import LANGUAGE_NAMES, Translator
from .motion import REPLAY_STEP_MS, speed_factor
from .settings import FIELDS as SETTING_FIELDS
from .table import (
    TO_ENGINE, TO_UI, Selection, key_neighbour, move_count, moves_from, route_hash, stock_move, visible_cards,
)

NOTICE_MS = 5000         # how long a notice stays (the page's default too)
FINISH_MS = 80           # the animated auto-finish: one card to a foundation every 80 ms
FINISH_DRAW_MS = 40      # a draw or recycle inside the finish goes faster


# ---- actions ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tap:
    pile: str
    index: int | None = None     # the card touched (0 = bottom), None = the pile itself


@dataclass(frozen=True)
class Drop:
    pile: str
    count: int
    dest: str | None             # None: dropped nowhere legal
    drawn_at: dict = field(default_factory=dict, compare=False)   # code -> (x, y) where the card is drawn now


@dataclass(frozen=True)
class Key:
    key: str                     # KeyboardEvent.key
    ctrl: bool = False
    shift: bool = False
    in_board: bool = True        # the focus is on the board (arrows and Enter only act there)


@dataclass(frozen=True)
class Button:
    name: str                    # undo, redo, restart, new, settings, stats, copy, hint, deal, daily
    draw: int = 3
    rules: str = "canfield"


@dataclass(frozen=True)
class Focus:
    pile: str
    keyboard: bool = False       # the focus came from the keyboard: the cursor is drawn


@dataclass(frozen=True)
class Pointer:
    """A pointer went down: from now on no keyboard cursor is drawn."""


@dataclass(frozen=True)
class HashChanged:
    code: str


@dataclass(frozen=True)
class Answer:
    yes: bool                    # the confirmation dialog's answer


@dataclass(frozen=True)
class NewDeal:
    game: object                 # a Game to put on the table
    push: bool = True            # a new history entry (a deal the player asked for)
    daily: str = ""              # "YYYY-MM-DD": the game is that day's daily deal
    close_dialogs: bool = False  # a deal the solver found while a dialog was open: the dialogs close


@dataclass(frozen=True)
class SettingsChanged:
    """The player changed settings (the Settings dialog, the New game dialog's winnable box)."""
    changes: dict = field(compare=False)   # setting name -> new value (already one of the allowed)


@dataclass(frozen=True)
class MotionPreference:
    """The system's prefers-reduced-motion, at start and whenever it changes."""
    reduced: bool


@dataclass(frozen=True)
class EarlyInputRefused:
    """Taps kept before the game was live that the live board no longer shows (static/ui/early.py)."""
    piles: tuple


@dataclass(frozen=True)
class Announce:
    """A sentence for the live region (a text the page shows that the controller did not write)."""
    text: str


@dataclass(frozen=True)
class DialogClosed:
    """A dialog closed: the keyboard goes back to the board's current pile."""


@dataclass(frozen=True)
class ShowNotice:
    """A notice for the player (#notice), for `ms` milliseconds or until closed."""
    text: str
    ms: int = NOTICE_MS


@dataclass(frozen=True)
class HideNotice:
    """The notice goes: its time is up (`seq`: only that notice), or the player closed it (None)."""
    seq: int | None = None


@dataclass(frozen=True)
class Notice:
    """The notice shown (`seq` tells one from the next, so an old timer never hides a new one)."""
    text: str
    seq: int


@dataclass(frozen=True)
class DragStart:
    """The pointer picked up `count` cards of `pile` and carries them (static/ui/input.py)."""
    pile: str
    count: int


@dataclass(frozen=True)
class CelebrationStart:
    """The win cascade begins (the page asks once the winning card has landed; static/ui/celebrate.py)."""


@dataclass(frozen=True)
class CelebrationEnd:
    """The win cascade ends: a tap or a key asked, or its last card is gone."""


@dataclass(frozen=True)
class Drag:
    """The cards the pointer carries: the top `count` of `pile`, and the piles that would take them
    (UIState.drag; a change of position, a dialog, a drop or the win cascade ends it)."""
    pile: str
    count: int
    dests: tuple


@dataclass(frozen=True)
class Recover:
    """A handler failed: nothing stays picked up, the board is drawn again from the engine's state."""


@dataclass(frozen=True)
class HintShown:
    move: object | None          # the solver's move for this position (None clears the marks)


@dataclass(frozen=True)
class GoBack:
    """Take the solver's lost-position offer: undo that many moves (None: the offer standing in the UI
    state, if it is for this position)."""
    undos: int | None = None


@dataclass(frozen=True)
class Panel:
    """What the solver's #assist panel shows (static/ui/hint.py asks, the renderer draws)."""
    kind: str                    # "wait", "hint", "lost", "unknown", "stuck", "search", "note"
    text: str
    buttons: tuple = ()          # of "back", "undo", "new", "cancel" (the close button is always there)
    move: str | None = None      # the hinted move (data-move)
    undos: int | None = None     # the lost position's offer (data-undos)
    back_label: str = ""


@dataclass(frozen=True)
class ShowPanel:
    panel: Panel


@dataclass(frozen=True)
class HidePanel:
    """The #assist panel closes."""


@dataclass(frozen=True)
class Resize:
    width: float
    height: float


@dataclass(frozen=True)
class Dock:
    """The dock at the window's bottom (#dock: the hint panel, the replay bar) is now `height` tall:
    the board ends above it."""
    height: float


@dataclass(frozen=True)
class AutoFinish:
    """The auto-finish setting was switched on: finish now if the engine knows a sure win."""


# ---- replays and "Show me how" (issue 20) -----------------------------------------------------

@dataclass(frozen=True)
class Replay:
    """A button of the replay bar: "start", "back", "play" (play or pause), "forward", "end", or "take"
    (Play from here: the replay becomes the player's game)."""
    name: str


@dataclass(frozen=True)
class ReplayTick:
    """The page's timer while a replay plays: the next move (`seq` names the play it was set for)."""
    seq: int


@dataclass(frozen=True)
class LineFound:
    """The solver's winning line from the position of `version` ("Show me how"): played by the replay bar."""
    moves: tuple
    version: int


@dataclass
class ReplayState:
    source: str                  # "link" (a game link) or "solver" (Show me how)
    playing: bool = False


# ---- motion (the animated auto-finish) --------------------------------------------------------

@dataclass(frozen=True)
class FinishStep:
    """The page's timer for the animated auto-finish: play the next move of the finish (`seq` names
    the finish it was set for; a stale timer does nothing). `rest`: a tap or a key during the finish,
    play all that is left at once."""
    seq: int
    rest: bool = False


# actions that may come while the animated auto-finish plays without ending it first
_BESIDE_FINISH = (FinishStep, Resize, Dock, Pointer, Focus, HintShown, MotionPreference, Announce, DialogClosed,
                  ShowPanel, HidePanel, ShowNotice, HideNotice, ReplayTick)
# effects that end a drag in progress (the cards go back, nothing is dropped)
_ENDS_DRAG = ("changed", "dialog", "confirm", "celebrate")
# panels about the position on the table: a change of position closes them
POSITION_PANELS = ("wait", "hint", "lost", "unknown", "stuck")


def motion_on(setting: bool, reduced: bool) -> bool:
    """Whether anything moves: the motion setting, unless the system asks for reduced motion. The one
    place this is decided (the controller, the renderer and the page's no-motion class all ask it)."""
    return bool(setting) and not reduced


# ---- the keyboard map (the one place that says what a key does) ------------------------------

_LETTER_KEYS = {"u": "undo", "r": "redo", "d": "draw", "n": "new", "h": "hint"}
_BOARD_KEYS = {"ArrowLeft": "arrow-left", "ArrowRight": "arrow-right", "ArrowUp": "arrow-up",
               "ArrowDown": "arrow-down", "Enter": "enter", " ": "enter", "Home": "home"}


def key_command(a: Key) -> str | None:
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


def handles(a: Key, ui) -> bool:
    """Whether key `a` does something with the UI state `ui` (the page then stops the browser's default)."""
    command = key_command(a)
    return command is not None and (command != "unselect" or ui.selection is not None)


# ---- the state of the interface ---------------------------------------------------------------

@dataclass
class Pending:
    what: str                    # "deal" (the New game dialog), "daily", "hash"
    draw: int = 3
    rules: str = "canfield"
    code: str = ""


class UIState:
    """Everything the table shows besides the game itself."""

    def __init__(self):
        self.selection = None        # Selection(pile, count) picked up by a tap or a key
        self.focus = "stock"         # the pile holding the board's tab stop
        self.cursor = 0              # card index in a focused column
        self.keyboard = False        # draw the keyboard cursor (the focus came from the keyboard)
        self.hint = None             # the hinted Move, marked on the board
        self.version = 0             # bumped at every change of position
        self.slide_from = {}         # code -> (x, y) screen position the card slides from (one render)
        self.slide_origin = None     # pile new cards come from (the stock for a draw)
        self.animate = True          # False: the next render jumps (a new deal, a restart)
        self.anim_seq = 0            # bumped with every new slide request (drawn once)
        self.pending = None          # Pending: a confirmation waits for an answer
        self.restart_undo = None     # (history, redo moves) of the game before a restart
        self.viewport = (1280.0, 800.0)
        self.dock = 0.0              # the open dock's height (#dock), which the board leaves free
        self.reduced_motion = False  # the system's prefers-reduced-motion (MotionPreference)
        self.panel = None            # Panel: what the solver's #assist panel shows (None: closed)
        self.lost_offer = None       # undos: the lost position's offer (dropped by any change of position)
        self.celebrating = False     # the win cascade runs (the renderer draws it; any tap or key ends it)
        self.celebration_seq = 0     # bumped for every cascade started
        self.notice = None           # Notice: the notice shown (#notice), or None
        self.notice_seq = 0
        self.drag = None             # Drag: the cards the pointer carries (ended by any change of position,
                                     # a dialog, a confirmation, a drop)
        # motion (static/ui/motion.py, render.py, celebrate.py)
        self.deal_seq = 0            # bumped for a deal the renderer flies in from the stock
        self.finishing = []          # the auto-finish moves still to play, one per FinishStep
        self.finish_seq = 0          # bumped for every finish started (its timers carry it)
        # replays (issue 20): the replay bar's state (None: no replay), its timer's generation, the moves
        # a challenge link asks to beat, and whether this game had help (a hint, an undo, a replay)
        self.replay = None
        self.replay_seq = 0
        self.challenge = None
        self.helped = False

    def __repr__(self):
        return f"UIState(selection={self.selection!r}, focus={self.focus!r}, cursor={self.cursor})"


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

    # ---- plumbing -----------------------------------------------------------------------

    def take_effects(self) -> list:
        out, self.effects = self.effects, []
        return out

    def _do(self, *effect) -> None:
        self.effects.append(effect)

    def say(self, text: str) -> None:
        if text:
            self._do("say", text)

    def _changed(self, animate=True) -> None:
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
        self._do("changed")
        if self.game.won:
            # with motion, the win celebration first (static/ui/celebrate.py), then the dialog
            if animate and self.motion:
                self._do("celebrate")
            else:
                self._do("dialog", "win")

    def touched(self) -> bool:
        """A started game: leaving it loses something (unless it is won)."""
        g = self.game
        return not g.won and bool(g.history or g.redo_moves or self.ui.restart_undo)

    # ---- dispatch -----------------------------------------------------------------------

    def dispatch(self, action) -> None:
        if self.ui.finishing and not isinstance(action, _BESIDE_FINISH):
            # anything else during the animated auto-finish: the finish ends first, then the action
            self._on_FinishStep(FinishStep(self.ui.finish_seq, rest=True))
        handler = getattr(self, "_on_" + type(action).__name__)
        before = len(self.effects)
        handler(action)
        if self.ui.drag is not None and any(e[0] in _ENDS_DRAG for e in self.effects[before:]):
            self.ui.drag = None            # a key, a hash change or a dialog in mid-drag: nothing is dropped

    def _on_Resize(self, a: Resize) -> None:
        self.ui.viewport = (a.width, a.height)
        self._do("layout")

    def _on_Dock(self, a: Dock) -> None:
        height = max(0.0, float(a.height))
        if height != self.ui.dock:
            self.ui.dock = height
            self._do("layout")

    def _on_Pointer(self, a: Pointer) -> None:
        self.ui.keyboard = False

    def _on_MotionPreference(self, a: MotionPreference) -> None:
        self.ui.reduced_motion = bool(a.reduced)
        self._do("motion")

    def _on_Announce(self, a: Announce) -> None:
        self.say(a.text)

    def _on_DialogClosed(self, a: DialogClosed) -> None:
        self._do("focus", self.ui.focus)

    def _on_Recover(self, a: Recover) -> None:
        self.ui.selection = None
        self.ui.drag = None

    def _helped(self) -> None:
        """The game was helped (a hint, an undo, a replay, "Show me how"): its win will not be clean."""
        self.ui.helped = True
        self._do("helped")

    def notice(self, text: str, ms: int = NOTICE_MS) -> None:
        """Show a notice (the renderer draws UIState.notice); the page hides it after `ms` (HideNotice)."""
        ui = self.ui
        ui.notice_seq += 1
        ui.notice = Notice(text, ui.notice_seq)
        self._do("notice", text, ms, ui.notice_seq)

    def _on_ShowNotice(self, a: ShowNotice) -> None:
        self.notice(a.text, a.ms)

    def _on_HideNotice(self, a: HideNotice) -> None:
        if self.ui.notice is not None and a.seq in (None, self.ui.notice.seq):
            self.ui.notice = None

    def _on_DragStart(self, a: DragStart) -> None:
        self.ui.drag = Drag(a.pile, a.count, tuple(moves_from(self.game, a.pile, a.count)))

    def _on_CelebrationStart(self, a: CelebrationStart) -> None:
        if self.game.won and self.motion:
            ui = self.ui
            ui.celebrating = True
            ui.celebration_seq += 1
            ui.drag = None                 # a drag begun since the winning move ends

    def _on_CelebrationEnd(self, a: CelebrationEnd) -> None:
        self.ui.celebrating = False

    def _on_EarlyInputRefused(self, a: EarlyInputRefused) -> None:
        for pile in a.piles:
            self._do("shake", pile, 0)
        if a.piles:
            self.notice(self.t("notice.early_refused"))

    # ---- settings -----------------------------------------------------------------------

    def _on_SettingsChanged(self, a: SettingsChanged) -> None:
        """New settings replace the old (never changed in place: whoever read them keeps a true copy)."""
        changes = {k: v for k, v in a.changes.items() if k in SETTING_FIELDS}
        old = self.settings
        self.settings = replace(old, **changes)
        self._do("settings")
        new = self.settings
        if "lang" in changes and new.lang in LANGUAGE_NAMES and new.lang != self.lang:
            self.lang = new.lang
            self.t = Translator(new.lang)
            self._do("language")
            self.say(self.t("a11y.language", name=LANGUAGE_NAMES[new.lang]))
        self._do("save_settings")
        if new.winnable and not old.winnable:
            self._do("solver_wanted")      # the next deal will need the solver: it starts now
        if "auto_finish" in changes and new.auto_finish:
            self._on_AutoFinish(AutoFinish())

    def _on_Focus(self, a: Focus) -> None:
        ui = self.ui
        if a.pile != ui.focus:
            ui.focus = a.pile
            n = len(self.game.pile(TO_ENGINE[a.pile])) if a.pile.startswith("tableau-") else 0
            ui.cursor = max(0, n - 1)
        ui.keyboard = a.keyboard

    # ---- taps, drops, keys --------------------------------------------------------------

    def _on_Tap(self, a: Tap) -> None:
        self._tap_or_enter(a.pile, a.index, by_key=False)

    def _tap_or_enter(self, pile: str, index, by_key: bool) -> None:
        """A tap on (or Enter over) `pile` at card `index`: the one rule for pointer and keyboard."""
        game, ui = self.game, self.ui
        if pile == "stock":
            ui.selection = None
            self._draw()
            return
        sel = ui.selection
        if sel is not None:
            if sel.pile == pile and not by_key:
                ui.selection = None          # a second tap on the picked-up cards puts them down
                self.say(self.t("a11y.unselected"))
                return
            if sel.pile == pile:             # Enter on the selection: its automatic move, if any
                move = game.tap_move(TO_ENGINE[pile], sel.count, self.settings.tap_to_columns)
            else:
                move = moves_from(game, sel.pile, sel.count).get(pile)
            if move is None:
                self._refuse(sel.pile, sel.count)
                ui.selection = None
            else:
                self.play(move)
            return
        codes = visible_cards(game)[pile]
        if not codes:
            if by_key:
                self._refuse(pile, 1)
            return
        if index is None or not 0 <= index < len(codes):
            index = len(codes) - 1           # a tap beside the cards of a pile: its top card
        count = move_count(game, pile, index)
        if by_key:
            if moves_from(game, pile, count):
                ui.selection = Selection(pile, count)
                self._say_selection()
            else:
                self._refuse(pile, count)
            return
        move = game.tap_move(TO_ENGINE[pile], count, self.settings.tap_to_columns)
        if move is not None:
            self.play(move)
        elif moves_from(game, pile, count):
            # no automatic target, but the card can go somewhere: picked up, the next tap says where
            ui.selection = Selection(pile, count)
            self._say_selection()
        else:
            self._refuse(pile, count)

    def _on_Drop(self, a: Drop) -> None:
        ui = self.ui
        ui.selection = None
        ui.drag = None
        move = moves_from(self.game, a.pile, a.count).get(a.dest) if a.dest else None
        if move is None:
            ui.slide_from = dict(a.drawn_at)   # back where it came from, sliding from the drop point
            ui.animate = True
            ui.anim_seq += 1
            if a.dest is not None or a.drawn_at:
                self.say(self.t("a11y.illegal_drop"))
            return
        self.play(move, drawn_at=a.drawn_at)

    def _on_Key(self, a: Key) -> None:
        if not handles(a, self.ui):
            return
        command = key_command(a)
        if command.startswith("arrow-"):
            self._arrow(command[6:])
            return
        getattr(self, "_key_" + command)()

    def handles(self, a: Key) -> bool:
        """Whether the key does something here (the page then stops the browser's default for it)."""
        return handles(a, self.ui)

    def _key_undo(self) -> None:
        self._undo()

    def _key_redo(self) -> None:
        self._redo()

    def _key_draw(self) -> None:
        self.ui.selection = None
        self._draw()

    def _key_new(self) -> None:
        self._do("dialog", "new")

    def _key_hint(self) -> None:
        self._helped()
        self._do("hint")

    def _key_rules(self) -> None:
        self.ui.selection = None
        self._do("dialog", "rules")

    def _key_unselect(self) -> None:
        self.ui.selection = None
        self.say(self.t("a11y.unselected"))

    def _key_describe(self) -> None:
        self.say(self.game.describe(self.lang))

    def _key_enter(self) -> None:
        ui = self.ui
        ui.keyboard = True
        index = ui.cursor if ui.focus.startswith("tableau-") else None
        self._tap_or_enter(ui.focus, index, by_key=True)

    def _key_home(self) -> None:
        self._move_focus("stock")

    def _arrow(self, direction: str) -> None:
        ui = self.ui
        ui.keyboard = True
        pile = ui.focus
        if pile.startswith("tableau-") and direction in ("up", "down"):
            n = len(self.game.pile(TO_ENGINE[pile]))
            if direction == "up" and ui.cursor > 0 and n:
                ui.cursor -= 1
                self._say_cursor()
                return
            if direction == "down" and ui.cursor < n - 1:
                ui.cursor += 1
                self._say_cursor()
                return
        self._move_focus(key_neighbour(pile, direction, {TO_UI[n] for n in self.game.pile_names},
                                       mirrored=self.settings.left_handed))

    def _move_focus(self, pile: str) -> None:
        ui = self.ui
        ui.keyboard = True
        if pile != ui.focus:
            ui.focus = pile
            n = len(self.game.pile(TO_ENGINE[pile])) if pile.startswith("tableau-") else 0
            ui.cursor = max(0, n - 1)
        self._do("focus", pile)

    def _say_selection(self) -> None:
        sel = self.ui.selection
        self.say(selection_text(self.game, sel.pile, sel.count, self.t, self.lang))

    def _say_cursor(self) -> None:
        self.say(cursor_text(self.game, self.ui.focus, self.ui.cursor, self.t, self.lang))

    def _refuse(self, pile: str, count: int = 1) -> None:
        self._do("shake", pile, count)
        self.say(self.t("a11y.illegal"))

    # ---- moves --------------------------------------------------------------------------

    def play(self, move, drawn_at=None) -> None:
        game, ui = self.game, self.ui
        game.play(move)
        said = game.describe_move(move, self.lang)     # before auto-finish moves other cards
        ui.selection = None
        ui.restart_undo = None                         # a new move: the restart cannot come back
        if ui.replay is not None:                      # a move of the player's own: the replay is theirs now
            self._end_replay()
        if self.settings.sure_cards and move.src[0] != "F":   # never straight back up after a take-back
            said += self._sure_cards()
        finish = self.game.finish_moves() if self.settings.auto_finish and not game.won else None
        if finish and not self.motion:
            for m in finish:          # all at once
                game.play(m)
        if finish:
            said += " " + self.t("notice.finishing")
            if game.won:
                said += " " + self.t("win.score", score=game.score)
        self._changed()
        self._do("sound", "win" if game.won else "move")
        ui.slide_from = dict(drawn_at or {})
        ui.slide_origin = "stock" if move.src == "S" else None
        self.say(said)
        if finish and self.motion:
            self._start_finish(finish)

    def _sure_cards(self) -> str:
        """The setting "move sure cards to the foundations": the engine's sure moves, each an undoable
        move of its own (canfield.solver.sure_move decides); the sentences said for them."""
        game, said = self.game, ""
        for _ in range(game.rules.cards):     # each card goes up at most once
            move = sure_move(game)
            if move is None:
                break
            game.play(move)
            said += " " + game.describe_move(move, self.lang)
        return said

    def _start_finish(self, moves) -> None:
        """The animated auto-finish: the engine's moves (the authority), played one per FinishStep."""
        ui = self.ui
        ui.finishing = list(moves)
        ui.finish_seq += 1
        self._next_step()

    def _next_step(self) -> None:
        ui = self.ui
        if ui.finishing:
            ms = FINISH_DRAW_MS if ui.finishing[0].is_stock else FINISH_MS
            self._do("finish_step", round(ms * speed_factor(self.settings.speed)), ui.finish_seq)

    def _on_FinishStep(self, a: FinishStep) -> None:
        ui, game = self.ui, self.game
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
        self._changed()
        if moves and moves[-1].is_stock and len(moves) == 1:
            ui.slide_origin = "stock"
        if game.won:
            ui.finishing = []
            self._do("sound", "win")
            self.say(self.t("win.score", score=game.score))
        else:
            self._do("sound", "move")
            self._next_step()

    def _on_AutoFinish(self, a: AutoFinish) -> None:
        game = self.game
        if not self.settings.auto_finish or game.won or self.ui.finishing:
            return
        moves = game.finish_moves()
        if not moves:
            return
        self.ui.restart_undo = None
        if self.motion:
            self._start_finish(moves)
            return
        for move in moves:
            game.play(move)
        self._changed()
        if game.won:
            self._do("sound", "win")

    def _draw(self) -> None:
        move = stock_move(self.game)
        if move is None:
            self._refuse("stock")
            return
        self.play(move)

    def _undo(self) -> None:
        game, ui = self.game, self.ui
        ui.selection = None
        if ui.replay is None and game.can_undo:
            self._helped()
        if game.undo():
            self._changed()
            self.say(self.t("a11y.undo"))
        elif ui.restart_undo is not None:
            history, redo = ui.restart_undo
            ui.restart_undo = None
            for move in list(history) + list(redo):    # the game as it was before the restart
                game.play(move)
            for _ in redo:
                game.undo()
            self._changed(animate=False)
            self.say(self.t("a11y.restart_undone"))
        else:
            self.say(self.t("a11y.nothing_to_undo"))

    def _redo(self) -> None:
        game, ui = self.game, self.ui
        ui.selection = None
        if game.redo():
            self._changed()
            self.say(game.describe_move(game.history[-1], self.lang))
        else:
            self.say(self.t("a11y.nothing_to_redo"))

    def _restart(self) -> None:
        game, ui = self.game, self.ui
        ui.selection = None
        if not (game.history or game.redo_moves):
            return
        if game.won:
            self._do("new_record")      # a won game stays won; the same deal again is a new game
            ui.restart_undo = None
        else:
            ui.restart_undo = (tuple(game.history), tuple(game.redo_moves))
        game.restart()
        self._changed(animate=False)
        ui.deal_seq += 1                # the deal flies in again from the stock
        self.say(self.t("a11y.restart"))
        if ui.restart_undo is not None:
            self.notice(self.t("notice.restarted"))

    # ---- buttons ------------------------------------------------------------------------

    def _on_Button(self, a: Button) -> None:
        name = a.name
        if name == "undo":
            self._undo()
        elif name == "redo":
            self._redo()
        elif name == "restart":
            self._restart()
        elif name in ("new", "settings", "stats", "rules"):
            self.ui.selection = None
            self._do("dialog", name)
        elif name == "copy":
            self._do("copy", self.game.code or "")
        elif name == "hint":
            self._helped()
            self._do("hint")
        elif name == "show-me-how":
            self.ui.selection = None
            self._do("line")
        elif name == "share":
            self._share()
        elif name == "analyse":         # where the game was lost (static/ui/hint.py, the worker)
            self.ui.selection = None
            self._do("analyse")
        elif name in ("deal", "daily"):
            pending = Pending(name, draw=a.draw, rules=a.rules)
            if self.touched():
                self._ask(pending)
            else:
                self._proceed(pending)

    def _ask(self, pending: Pending) -> None:
        self.ui.pending = pending
        self._do("confirm", self.t("confirm.leave"))

    def _proceed(self, p: Pending) -> None:
        if p.what == "deal":
            self._do("deal", p.draw, p.rules)      # a winnable deal when that setting is on
        elif p.what == "daily":
            self._do("daily", p.draw, p.rules)
        elif p.what == "hash":
            self._load_code(p.code)
        elif p.what == "link":
            self._open_link(p.code)

    def _on_Answer(self, a: Answer) -> None:
        pending, self.ui.pending = self.ui.pending, None
        if pending is not None and a.yes:
            self._proceed(pending)

    # ---- deals and the address ----------------------------------------------------------

    def _on_NewDeal(self, a: NewDeal) -> None:
        if a.close_dialogs:
            self._do("close_dialogs")
        self.show_game(a.game, push=a.push)
        if a.daily:
            self._do("mark_daily", a.daily)   # the win dialog's next daily deal

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
            self._end_replay()
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
        self._do("save_settings")
        self._do("hash", game.code or "", push)
        if push:
            self.say(self.t("a11y.new_deal", code=game.code, draw=game.draw))
        self._changed(animate=False)

    def _on_HashChanged(self, a: HashChanged) -> None:
        code = a.code
        if links.is_link(code):
            self._link_in_address(code)
            return
        what, _ = route_hash(code, self.game.code)
        if what == "stay":
            return
        if what == "refuse":   # InvalidCode / InvalidDeck: the game in progress stays, its address too
            self.notice(self.t("notice.invalid_code_kept", code=code[:120]))
            self._do("hash", self.game.code or "", False)
            return
        if self.touched():
            self._do("hash", self.game.code or "", False)   # the address says the game on the table
            self._ask(Pending("hash", code=code))
            return
        self._load_code(code)

    def _load_code(self, code: str) -> None:
        try:
            game = Game.from_code(code)
        except ValueError:
            self.notice(self.t("notice.invalid_code", code=code[:120]))
            return
        self._do("close_dialogs")
        self.show_game(game, push=False)

    # ---- game links and replays (issue 20) ----------------------------------------------

    def _link_in_address(self, text: str) -> None:
        """A game link in the address: a bad one is named and changes nothing (the address gets the game's
        code back); a good one opens as a replay, after a confirmation when a game is in progress."""
        try:
            links.read(text)
        except InvalidLink:
            self.notice(self.t("notice.bad_link"))
            self._do("hash", self.game.code or "", False)
            return
        if self.touched():
            self._do("hash", self.game.code or "", False)
            self._ask(Pending("link", code=text))
            return
        self._open_link(text)

    def _open_link(self, text: str) -> None:
        try:
            link = links.read(text)
        except InvalidLink:
            self.notice(self.t("notice.bad_link"))
            return
        game = link.game
        moves = len(game.history)
        while game.undo():        # the deal, with the link's moves ready in redo
            pass
        self._do("close_dialogs")
        self.show_game(game, push=False)
        self.ui.challenge = link.moves if link.score is not None else None
        if moves:
            self.ui.replay = ReplayState("link")
            self._helped()
            self._do("replay")
            self.say(self.t("replay.ready", moves=moves))
        if self.ui.challenge is not None:
            self.notice(self.t("replay.challenge", moves=self.ui.challenge, score=link.score))

    def _end_replay(self) -> None:
        self.ui.replay = None
        self.ui.replay_seq += 1   # a timer still running does nothing
        self._do("replay")

    def _replay_next(self) -> None:
        r = self.ui.replay
        if r is not None and r.playing and self.game.can_redo:
            self._do("replay_step", round(REPLAY_STEP_MS * speed_factor(self.settings.speed)), self.ui.replay_seq)
        elif r is not None:
            r.playing = False
            self._do("replay")

    def _on_Replay(self, a: Replay) -> None:
        ui, game = self.ui, self.game
        r = ui.replay
        if r is None:
            return
        ui.selection = None
        ui.replay_seq += 1        # every button stops the timer of a play in progress
        name = a.name
        if name == "take":
            self._end_replay()
            self.say(self.t("replay.taken"))
            return
        if name == "play":
            r.playing = not r.playing and game.can_redo
            self._do("replay")
            self._replay_next()
            return
        r.playing = False
        moved = False
        if name in ("start", "back"):
            while game.undo():
                moved = True
                if name == "back":
                    break
        elif name in ("forward", "end"):
            while game.redo():
                moved = True
                if name == "forward":
                    break
        if moved:
            self._changed(animate=name in ("back", "forward"))
            if name == "forward":
                self.say(game.describe_move(game.history[-1], self.lang))
        self._do("replay")
        self.say(self.t("replay.at", done=len(game.history), total=len(game.history) + len(game.redo_moves)))

    def _on_ReplayTick(self, a: ReplayTick) -> None:
        ui, game = self.ui, self.game
        if ui.replay is None or not ui.replay.playing or a.seq != ui.replay_seq:
            return
        move = game.redo()
        if move is not None:
            self._changed()
            self._do("sound", "win" if game.won else "move")
            ui.slide_origin = "stock" if move.src == "S" else None
            self.say(game.describe_move(move, self.lang))
        self._replay_next()

    def _on_LineFound(self, a: LineFound) -> None:
        """"Show me how": the solver's line becomes the moves ahead (redo), and the replay bar plays them."""
        game, ui = self.game, self.ui
        if a.version != ui.version or game.won:
            return
        played = 0
        for text in a.moves:
            try:
                game.play(text)
            except ValueError:    # a line for another position: what was played is taken back
                break
            played += 1
        for _ in range(played):
            game.undo()
        if not played:
            return
        self._helped()
        self._changed(animate=False)
        ui.replay = ReplayState("solver", playing=True)
        ui.replay_seq += 1
        self._do("replay")
        self.say(self.t("replay.showing", moves=played))
        self._replay_next()

    def share_link(self) -> tuple[str, str]:
        """What Share sends: the game's link (its moves, its score and moves as the result to beat) and a
        sentence; a won game shares the deal alone with its result, a challenge."""
        game = self.game
        result = (game.score, len(game.history))
        if game.won:
            text = links.encode(game, moves=False, result=result)
            return text, self.t("share.text.won", moves=result[1], score=result[0])
        return links.encode(game, result=result if game.history else None), self.t("share.text")

    def _share(self) -> None:
        if self.game.code is None:
            return
        link, text = self.share_link()
        self._do("share", link, text)

    # ---- the solver ---------------------------------------------------------------------

    def _on_HintShown(self, a: HintShown) -> None:
        self.ui.hint = a.move

    def _on_ShowPanel(self, a: ShowPanel) -> None:
        ui, panel = self.ui, a.panel
        ui.panel = panel
        if panel.kind == "lost" and panel.undos:
            ui.lost_offer = int(panel.undos)
        self.say(panel.text)

    def _on_HidePanel(self, a: HidePanel) -> None:
        self.ui.panel = None

    def _on_GoBack(self, a: GoBack) -> None:
        ui = self.ui
        ui.selection = None
        undos = a.undos
        if undos is None:               # the panel's offer: only for the position it was made for
            undos, ui.panel = ui.lost_offer, None
            if undos is None:
                return
        undone = 0
        for _ in range(undos):
            if not self.game.undo():
                break
            undone += 1
        if undone:
            self._changed()
        if a.undos is None:
            self._on_ShowPanel(ShowPanel(Panel("note", self.t("assist.went_back"))))
