"""The controller's vocabulary: every action (what the player or the page asks of the controller,
static/worker/controller.py `dispatch`) and every effect (what the controller asks the page to do beyond
drawing), as small typed values of the protocol's codec (static/shared/codec.py). Both sides read them
through static/shared/vocab.py, which registers them in KINDS: the worker's controller takes actions and
lists effects (the session runs the records' bookkeeping through static/worker/effects.py's table); the
page's layer (static/page/layer.py) turns DOM events into actions and performs the effects only the page
can do. Runs under CPython and MicroPython: plain classes, no annotations."""

from .codec import NESTED, Value

NOTICE_MS = 5000         # how long a notice stays (the page's default too)


class Action(Value):
    """What the player or the page asks of the controller (`Controller.dispatch`)."""


class Effect(Value):
    """What the controller asks the page to do beyond drawing (the page's effect table runs it)."""


class Panel(Value):
    """What the solver's #assist panel shows (the session asks the solver, the renderer draws): a field of
    ShowPanel and the UI state's `panel`. Its `kind` is the panel's: "wait", "hint", "guess", "lost", "unknown",
    "stuck", "search", "note"."""
    FIELDS = (("kind", "str"), ("text", "str"),
              ("buttons", "strs", ()),      # of "back", "undo", "new", "cancel" (the close button is always there)
              ("move", "str?", None),       # the hinted move (data-move)
              ("undos", "int?", None),      # the lost position's offer (data-undos)
              ("back_label", "str", ""))


# ---- actions ----------------------------------------------------------------------------------

class Tap(Action):
    """A tap on a pile: the card touched (`index`, 0 = bottom), or None for the pile itself."""
    kind = "Tap"
    FIELDS = (("pile", "str"), ("index", "int?", None))


class Drop(Action):
    """Cards dragged from `pile` let go over `dest` (None: nowhere legal); `drawn_at`: code -> (x, y)
    where each card is drawn now."""
    kind = "Drop"
    FIELDS = (("pile", "str"), ("count", "int"), ("dest", "str?"), ("drawn_at", "points", {}))
    LOOSE = ("drawn_at",)


class Key(Action):
    """A key (KeyboardEvent.key); `in_board`: the focus is on the board (arrows and Enter act only there)."""
    kind = "Key"
    FIELDS = (("key", "str"), ("ctrl", "bool", False), ("shift", "bool", False), ("in_board", "bool", True))


class Button(Action):
    """A button: undo, redo, restart, new, settings, stats, rules, copy, hint, show-me-how, share, analyse,
    deal, daily (a deal of `draw` and `rules`; `grade`: the New game dialog's Difficulty, "" for any)."""
    kind = "Button"
    FIELDS = (("name", "str"), ("draw", "int", 3), ("rules", "str", "canfield"), ("grade", "str", ""))


class Focus(Action):
    """A pile got the focus; `keyboard`: from the keyboard (the cursor is drawn)."""
    kind = "Focus"
    FIELDS = (("pile", "str"), ("keyboard", "bool", False))


class Pointer(Action):
    """A pointer went down: from now on no keyboard cursor is drawn."""
    kind = "Pointer"


class HashChanged(Action):
    """The address's hash changed: a deal code, a game link, or anything else."""
    kind = "HashChanged"
    FIELDS = (("code", "str"),)


class Answer(Action):
    """The confirmation dialog's answer."""
    kind = "Answer"
    FIELDS = (("yes", "bool"),)


class NewDeal(Action):
    """Put the deal `code` on the table (a Game given is taken by its code). `push`: a new history entry
    (a deal the player asked for); `daily`: "YYYY-MM-DD", that day's daily deal; `close_dialogs`: a deal
    the solver found while a dialog was open."""
    kind = "NewDeal"
    FIELDS = (("code", "str"), ("push", "bool", True), ("daily", "str", ""), ("close_dialogs", "bool", False))

    def __init__(self, *args, **kw):
        Action.__init__(self, *args, **kw)
        if not isinstance(self.code, str) and getattr(self.code, "code", None) is not None:
            self.code = self.code.code


class SettingsChanged(Action):
    """The player changed settings (the Settings dialog, the New game dialog's winnable box): setting name
    -> new value, already one of the allowed. New settings replace the old: nobody changes them in place."""
    kind = "SettingsChanged"
    FIELDS = (("changes", "changes"),)
    LOOSE = ("changes",)


class MotionPreference(Action):
    """The system's prefers-reduced-motion, at start and whenever it changes."""
    kind = "MotionPreference"
    FIELDS = (("reduced", "bool"),)


class EarlyInputRefused(Action):
    """Taps kept before the game was live on piles the live board no longer shows (static/worker/kept_input.py)."""
    kind = "EarlyInputRefused"
    FIELDS = (("piles", "strs"),)


class Announce(Action):
    """A sentence for the live region (a text the page shows that the controller did not write)."""
    kind = "Announce"
    FIELDS = (("text", "str"),)


class DialogClosed(Action):
    """A dialog closed: the keyboard goes back to the board's current pile."""
    kind = "DialogClosed"


class ShowNotice(Action):
    """A notice for the player (#notice), for `ms` milliseconds or until closed."""
    kind = "ShowNotice"
    FIELDS = (("text", "str"), ("ms", "int", NOTICE_MS))


class HideNotice(Action):
    """The notice goes: its time is up (`seq`: only that notice), or the player closed it (None)."""
    kind = "HideNotice"
    FIELDS = (("seq", "int?", None),)


class DragStart(Action):
    """The pointer picked up `count` cards of `pile` and carries them (static/worker/session.py's DragAt)."""
    kind = "DragStart"
    FIELDS = (("pile", "str"), ("count", "int"))


class CelebrationStart(Action):
    """The win cascade begins (the page asks once the winning card has landed; static/page/celebrate.py)."""
    kind = "CelebrationStart"


class CelebrationEnd(Action):
    """The win cascade ends: a tap or a key asked, or its last card is gone."""
    kind = "CelebrationEnd"


class HintShown(Action):
    """The solver's move for this position, as text (a Move given is taken by its text); None clears
    the marks."""
    kind = "HintShown"
    FIELDS = (("move", "str?"),)

    def __init__(self, *args, **kw):
        Action.__init__(self, *args, **kw)
        if self.move is not None and not isinstance(self.move, str):
            self.move = str(self.move)


class GoBack(Action):
    """Take the solver's lost-position offer: undo that many moves (None: the offer standing in the UI
    state, if it is for this position)."""
    kind = "GoBack"
    FIELDS = (("undos", "int?", None),)


class ShowPanel(Action):
    """The solver's #assist panel opens with `panel`."""
    kind = "ShowPanel"
    FIELDS = (("panel", "panel"),)


class HidePanel(Action):
    """The #assist panel closes."""
    kind = "HidePanel"


class Resize(Action):
    """The window's size, in CSS pixels."""
    kind = "Resize"
    FIELDS = (("width", "num"), ("height", "num"))


class Dock(Action):
    """The dock at the window's bottom (#dock: the hint panel, the replay bar) is now `height` tall: the
    board ends above it."""
    kind = "Dock"
    FIELDS = (("height", "num"),)


class AutoFinish(Action):
    """The auto-finish setting was switched on: finish now if the engine knows a sure win."""
    kind = "AutoFinish"


class FinishStep(Action):
    """The page's timer for the animated auto-finish: play its next move (`seq` names the finish it was
    set for; a stale timer does nothing). `rest`: a tap or a key during the finish, play all that is left
    at once."""
    kind = "FinishStep"
    FIELDS = (("seq", "int"), ("rest", "bool", False))


class Replay(Action):
    """A button of the replay bar: "start", "back", "play" (play or pause), "forward", "end", or "take"
    (Play from here: the replay becomes the player's game)."""
    kind = "Replay"
    FIELDS = (("name", "str"),)


class ReplayTick(Action):
    """The page's timer while a replay plays: the next move (`seq` names the play it was set for)."""
    kind = "ReplayTick"
    FIELDS = (("seq", "int"),)


class LineFound(Action):
    """The solver's winning line from the position of `version` ("Show me how"): played by the replay bar."""
    kind = "LineFound"
    FIELDS = (("moves", "strs"), ("version", "int"))


# ---- effects ----------------------------------------------------------------------------------

class Say(Effect):
    """A sentence for the live region (#announce)."""
    kind = "say"
    FIELDS = (("text", "str"),)


class Changed(Effect):
    """The position changed: count and save, the solver's answers about the old position go."""
    kind = "changed"


class Celebrate(Effect):
    """The game was won with motion: the win cascade once the last card has landed."""
    kind = "celebrate"


class OpenDialog(Effect):
    """Open a dialog: "new", "settings", "stats", "rules", "win"."""
    kind = "dialog"
    FIELDS = (("name", "str"),)


class CloseDialogs(Effect):
    """Close every dialog (a deal the address or the solver brought)."""
    kind = "close_dialogs"


class Confirm(Effect):
    """Ask the player (the confirmation dialog; its answer is Answer)."""
    kind = "confirm"
    FIELDS = (("text", "str"),)


class Relayout(Effect):
    """The window or the dock changed size: lay the board out again."""
    kind = "layout"


class MotionChanged(Effect):
    """Motion went on or off (the system's preference): the no-motion class, a deal in flight."""
    kind = "motion"


class FocusPile(Effect):
    """Put the keyboard focus on `pile`."""
    kind = "focus"
    FIELDS = (("pile", "str"),)


class Helped(Effect):
    """The game was helped (a hint, an undo, a replay): its win will not be clean."""
    kind = "helped"


class NoticeShown(Effect):
    """The notice `seq` is shown: the page hides it after `ms` (HideNotice(seq))."""
    kind = "notice"
    FIELDS = (("text", "str"), ("ms", "int"), ("seq", "int"))


class Shake(Effect):
    """Shake the top `count` cards of `pile` (0: the pile itself): a refused move."""
    kind = "shake"
    FIELDS = (("pile", "str"), ("count", "int"))


class ApplySettings(Effect):
    """The settings changed: the look classes, the sound, motion."""
    kind = "settings"


class LanguageChanged(Effect):
    """The language changed: every text of the page again."""
    kind = "language"


class SaveSettings(Effect):
    """Keep the settings (localStorage)."""
    kind = "save_settings"


class SolverWanted(Effect):
    """The next deal will need the solver: its worker starts now."""
    kind = "solver_wanted"


class FinishTimer(Effect):
    """The animated auto-finish: FinishStep(seq) `ms` after this move is drawn."""
    kind = "finish_step"
    FIELDS = (("ms", "int"), ("seq", "int"))


class PlaySound(Effect):
    """A sound: "move" or "win"."""
    kind = "sound"
    FIELDS = (("what", "str"),)


class NewRecord(Effect):
    """A won game restarted: the same deal again is a new game for the records."""
    kind = "new_record"


class CopyLink(Effect):
    """Copy the link of the deal `code`."""
    kind = "copy"
    FIELDS = (("code", "str"),)


class AskHint(Effect):
    """Ask the solver for a hint for the position on the table."""
    kind = "hint"


class AskLine(Effect):
    """Ask the solver for a winning line ("Show me how")."""
    kind = "line"


class AskAnalysis(Effect):
    """Ask the solver where the game was lost (the #analysis panel)."""
    kind = "analyse"


class AskDeal(Effect):
    """Deal a new game of `draw` and `rules` (a winnable one when that setting is on; of `grade` when
    one is asked for)."""
    kind = "deal"
    FIELDS = (("draw", "int"), ("rules", "str"), ("grade", "str", ""))


class AskDaily(Effect):
    """Deal the daily deal of `draw` and `rules`."""
    kind = "daily"
    FIELDS = (("draw", "int"), ("rules", "str"))


class MarkDaily(Effect):
    """The game on the table is the daily deal of `day` ("YYYY-MM-DD")."""
    kind = "mark_daily"
    FIELDS = (("day", "str"),)


class WriteHash(Effect):
    """Write `code` in the address (`push`: a new history entry)."""
    kind = "hash"
    FIELDS = (("code", "str"), ("push", "bool"))


class ReplayChanged(Effect):
    """The replay's state changed: the replay bar is drawn again."""
    kind = "replay"


class ReplayTimer(Effect):
    """A replay plays: ReplayTick(seq) after `ms`."""
    kind = "replay_step"
    FIELDS = (("ms", "int"), ("seq", "int"))


class Share(Effect):
    """Share the game `link` with the sentence `text` (the Web Share API, else the link copied)."""
    kind = "share"
    FIELDS = (("link", "str"), ("text", "str"))


# ---- messages: what the page tells the worker's session (static/worker/session.py), not the controller --


ACTIONS = (Tap, Drop, Key, Button, Focus, Pointer, HashChanged, Answer, NewDeal, SettingsChanged, MotionPreference,
           EarlyInputRefused, Announce, DialogClosed, ShowNotice, HideNotice, DragStart, CelebrationStart,
           CelebrationEnd, HintShown, GoBack, ShowPanel, HidePanel, Resize, Dock, AutoFinish, FinishStep,
           Replay, ReplayTick, LineFound)
EFFECTS = (Say, Changed, Celebrate, OpenDialog, CloseDialogs, Confirm, Relayout, MotionChanged, FocusPile, Helped,
           NoticeShown, Shake, ApplySettings, LanguageChanged, SaveSettings, SolverWanted, FinishTimer, PlaySound,
           NewRecord, CopyLink, AskHint, AskLine, AskAnalysis, AskDeal, AskDaily, MarkDaily, WriteHash,
           ReplayChanged, ReplayTimer, Share)
NESTED["panel"] = Panel
