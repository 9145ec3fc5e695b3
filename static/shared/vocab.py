"""The page's vocabulary: every action (what the player or the page asks) and every effect (what the
controller asks the page to do beyond drawing), as small typed values, and their one text codec.

Both sides read this module: in the worker, the controller takes actions and lists effects (the
session runs the records' bookkeeping through static/worker/effects.py's table); on the page's main thread,
the layer (static/page/layer.py) turns DOM events into actions and messages and performs the effects only
the page can do. It runs unchanged under CPython and MicroPython (the page's main thread), so it uses
what both have: no dataclasses, no typing, no annotations, plain classes and the json module.

A value is immutable by convention: its fields are set once, by the constructor. Each class says its
`kind` (an action's is its class name, `Tap`; an effect's the page's verb for it, `say`, `hash`) and its
FIELDS, each a name, a type and, for an optional field, its default:

    str, int, num (an int or a float), bool, str? and int? (or None),
    strs (a tuple of texts), points (text -> (x, y)), changes (text -> a text, number, bool or None),
    panel (a Panel), texts (text -> text), flags (text -> bool), json (any JSON value), object? (a JSON
    object or None), store (text -> a text, None, or {"copy": text}), and a nested value or None:
    facts? (PageFacts), counters? (Counters), marks? (Marks)

`encode(value)` is JSON text of {"kind": ..., field: value...}, the same text under both Pythons;
`decode(text)` reads it back, checking every field's type, and raises ValueError for anything else.
A message (`Start`) is what the page tells the worker's session (static/worker/session.py) rather than the
controller: the same codec, its kinds kept apart (MESSAGE_KINDS). The session's one answer to each is a
`Reply`, the same codec the other way: the page reads its typed fields.
"""

import json

NOTICE_MS = 5000         # how long a notice stays (the page's default too)
MAX_TEXT = 3200000       # the longest text `decode` reads: a Start of three records of at most 1,000,000
                         # characters each (static/shared/storage_keys.py RECORD_MAX_CHARS), and the rest


class Value:
    """A small immutable value: FIELDS set once by the constructor, compared, hashed and shown by them.
    LOOSE names the fields left out of the hash (a dict cannot be hashed; equal values still hash equal)."""

    kind = ""
    FIELDS = ()
    LOOSE = ()

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
            else:
                raise TypeError("%s() needs %s" % (name, key))
            if field[1] == "strs" and value is not None:
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

class Message(Value):
    """What the page tells the worker's session beyond the controller's actions."""


class Start(Message):
    """The page's facts at start, once, before any action: the window (`width`, `height`, `dock`, `coarse`:
    a touch-only pointer), the address's hash (`code`: a deal code, a game link or ""), what localStorage
    holds (`save`, `stats`, `settings`: the texts, None where absent), the address's ?lang= (`lang`), the
    browser's languages, the deal static/paint.js painted on a first visit (`painted`), the system's
    reduced motion, and the taps and keys made on the painted board (`kept`, static/paint.js's `take()`:
    played before the first answer, so the live board never shows the position before them).
    The records are put in by static/paint.js `startText`, never by the page's MicroPython; `aside`: the
    keys of records it set aside unread (longer than the records' bound, or read by a start that failed),
    `held`: those too long that it could not set aside (storage full), left as they are."""
    kind = "Start"
    FIELDS = (("width", "num"), ("height", "num"), ("code", "str", ""),
              ("save", "str?", None), ("stats", "str?", None), ("settings", "str?", None),
              ("lang", "str", ""), ("languages", "strs", ()), ("painted", "str", ""),
              ("coarse", "bool", False), ("reduced", "bool", False), ("dock", "num", 0), ("kept", "str", ""),
              ("aside", "strs", ()), ("held", "strs", ()))


class PressAt(Message):
    """A pointer went down at (`x`, `y`), board pixels: the pointer is in use (no keyboard cursor), and a
    press while the animated auto-finish plays plays the rest at once (and is spent: no tap follows)."""
    kind = "PressAt"
    FIELDS = (("x", "num"), ("y", "num"))


class TapAt(Message):
    """A tap (a press let go without a drag) at (`x`, `y`), board pixels, where it went down: the session
    finds the pile and the card from where the cards rest (static/worker/layout.py hit_pile), then a `Tap`.
    `pile` and `card`: the pile and card the page drew under the press (its DOM target); a press on the
    stock as drawn wins where the worker's layout has moved on (a panel came, the new board not drawn yet)."""
    kind = "TapAt"
    FIELDS = (("x", "num"), ("y", "num"), ("pile", "str", ""), ("card", "str", ""))


class DragAt(Message):
    """A press at (`x`, `y`) became a drag: the session finds the cards it lifts and sends `DragStart`;
    the view marks them "dragging" and the page draws them under the pointer."""
    kind = "DragAt"
    FIELDS = (("x", "num"), ("y", "num"))


class DropAt(Message):
    """The dragged cards let go with the first one drawn at (`x`, `y`), `w` x `h` (board pixels), or the
    pointer lost (`cancel`); `drawn_at`: card id -> where each is drawn now (screen pixels). The session
    finds the pile they fall on (static/worker/layout.py drop_pile), then a `Drop`."""
    kind = "DropAt"
    FIELDS = (("x", "num"), ("y", "num"), ("w", "num"), ("h", "num"), ("cancel", "bool", False),
              ("drawn_at", "points", {}))
    LOOSE = ("drawn_at",)


class Visibility(Message):
    """The page was hidden (another tab, a minimised window) or shown again (visibilitychange): the game
    clock pauses or goes on, and a hidden page's clock time goes into the saved game (the answer's
    `store`)."""
    kind = "Visibility"
    FIELDS = (("hidden", "bool"),)


class Leave(Message):
    """The page is left (pagehide): the clock's time into the saved game. Its answer may never arrive."""
    kind = "Leave"
    FIELDS = ()


class StatsAsk(Message):
    """The statistics dialog asks the session (static/worker/dialog_view.py stats): `what` is "show" (the rows of
    `rules` and `draw`), "reset" (every table emptied, after the player confirmed), "export" (the answer's
    dialog carries the JSON text to download), "import" (`text`: the file the player chose), "too_large" (a
    file over the dialog's max_bytes, not read) or "read_failed" (`text`: why the file could not be read)."""
    kind = "StatsAsk"
    FIELDS = (("what", "str"), ("rules", "str", ""), ("draw", "int", 3), ("text", "str", ""))


class Stored(Message):
    """Another page of the game wrote localStorage (the `storage` event): `key` and its new text (`value`,
    None where the key was removed). The statistics merge (static/worker/persist.py on_storage); an open
    statistics dialog gets its rows again in the answer's `dialog`."""
    kind = "Stored"
    FIELDS = (("key", "str"), ("value", "str?", None))


class AssistButton(Message):
    """A button of the solver's #assist panel: "back", "undo", "new", "cancel" or "close" (its "analyse"
    is a page action button)."""
    kind = "AssistButton"
    FIELDS = (("name", "str"),)


class AnalysisButton(Message):
    """A button of the #analysis panel: "back" (before the losing move), "cancel" or "close"."""
    kind = "AnalysisButton"
    FIELDS = (("name", "str"),)


# ---- the worker's reply ---------------------------------------------------------------------------

class PageFacts(Value):
    """What the page applies outside the board (a Reply's `page`): the language and its message table (one
    JSON text the page hands to JavaScript whole), the card faces' rank letters, the look classes on #game,
    motion, the speed's factor, the sound, and the New game dialog's rule sets ([label, [[name, text]...]])."""
    FIELDS = (("lang", "str"), ("messages", "str"), ("ranks", "texts"), ("look", "flags"), ("motion", "bool"),
              ("speed", "num"), ("sound", "bool"), ("groups", "json"))
    LOOSE = ("ranks", "look", "groups")


class Counters(Value):
    """The move counter's text, the clock's seconds when they were counted and whether it runs (the page
    ticks it on), and whether the settings show each (a Reply's `counters`)."""
    FIELDS = (("moves", "str"), ("seconds", "num"), ("running", "bool"), ("show_moves", "bool"),
              ("show_clock", "bool"))


class Marks(Value):
    """#game's data-solver ("idle" until the solver is first asked, then "ready"), data-answers (how many
    of the solver's answers came back), data-search (the deal search or analysis running, or None) and
    data-stuck ("true" when no move is left)."""
    FIELDS = (("solver", "str"), ("answers", "str"), ("search", "str?", None), ("stuck", "str"))


class Reply(Message):
    """The worker's answer to one text of the page, or to a batch of them, or one it gives on its own (a
    solver's result): `ok` false with the `error` when the text failed (nothing changed); `errors`, the
    reasons of a batch's messages that failed. Then what changed: the view's text (static/worker/scene.py,
    None: as last sent), the effects' texts in order, the storage writes (`store`: key -> its new text,
    None: removed, {"copy": key}: a record set aside, copied by the page from what the browser holds), the
    page's facts, the dialog this reply opens or refills (static/worker/dialog_view.py's, with its "name"),
    the counters, the win cascade's throws, the replay bar ({"bar": ...}), the marks on #game and the
    #analysis panel; each None when it did not change since the last reply (static/worker/session.py)."""
    kind = "Reply"
    FIELDS = (("ok", "bool", True), ("error", "str", ""), ("errors", "strs", ()), ("view", "str?", None),
              ("effects", "strs", ()), ("store", "store", {}), ("page", "facts?", None), ("dialog", "object?", None),
              ("counters", "counters?", None), ("cascade", "json", None), ("replay", "object?", None),
              ("marks", "marks?", None), ("analysis", "object?", None))
    LOOSE = ("store", "dialog", "cascade", "replay", "analysis")


ACTIONS = (Tap, Drop, Key, Button, Focus, Pointer, HashChanged, Answer, NewDeal, SettingsChanged, MotionPreference,
           EarlyInputRefused, Announce, DialogClosed, ShowNotice, HideNotice, DragStart, CelebrationStart,
           CelebrationEnd, HintShown, GoBack, ShowPanel, HidePanel, Resize, Dock, AutoFinish, FinishStep,
           Replay, ReplayTick, LineFound)
EFFECTS = (Say, Changed, Celebrate, OpenDialog, CloseDialogs, Confirm, Relayout, MotionChanged, FocusPile, Helped,
           NoticeShown, Shake, ApplySettings, LanguageChanged, SaveSettings, SolverWanted, FinishTimer, PlaySound,
           NewRecord, CopyLink, AskHint, AskLine, AskAnalysis, AskDeal, AskDaily, MarkDaily, WriteHash,
           ReplayChanged, ReplayTimer, Share)
KINDS = {}
for _cls in ACTIONS + EFFECTS:
    if _cls.kind in KINDS:
        raise ValueError("two values of kind " + _cls.kind)
    KINDS[_cls.kind] = _cls
MESSAGES = (Start, PressAt, TapAt, DragAt, DropAt, Visibility, Leave, StatsAsk, AssistButton, Stored,
            AnalysisButton, Reply)
MESSAGE_KINDS = {}       # kept apart from KINDS: the controller's actions and effects are KINDS alone
for _cls in MESSAGES:
    if _cls.kind in KINDS or _cls.kind in MESSAGE_KINDS:
        raise ValueError("two values of kind " + _cls.kind)
    MESSAGE_KINDS[_cls.kind] = _cls


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
        return "{" + ", ".join(_text(f[0]) + ": " + _dump(getattr(x, f[0])) for f in x.FIELDS) + "}"
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


def _check(spec, x, where):
    """`x` as field type `spec` wants it (JSON lists become tuples); ValueError if it is not one."""
    if spec == "str" or (spec == "str?" and x is not None):
        if type(x) is not str:
            raise _bad(where, "a text", x)
        return x
    if spec == "int" or (spec == "int?" and x is not None):
        if type(x) is not int:
            raise _bad(where, "a whole number", x)
        return x
    if spec == "str?" or spec == "int?":
        return None
    if spec == "num":
        if not _number(x):
            raise _bad(where, "a number", x)
        return x
    if spec == "bool":
        if type(x) is not bool:
            raise _bad(where, "true or false", x)
        return x
    if spec == "strs":
        if type(x) is not list and type(x) is not tuple:
            raise _bad(where, "a list of texts", x)
        return tuple(_check("str", v, where) for v in x)
    if spec == "points":
        if type(x) is not dict:
            raise _bad(where, "an object of points", x)
        out = {}
        for k in x:
            p = x[k]
            if type(k) is not str or (type(p) is not list and type(p) is not tuple) or len(p) != 2 \
                    or not _number(p[0]) or not _number(p[1]):
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
    if spec == "panel":
        return _nested(Panel, x, where)
    if spec in _NESTED:
        return None if x is None else _nested(_NESTED[spec], x, where)
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
    if spec == "object?":
        if x is not None and type(x) is not dict:
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
    raise ValueError("%s: no field type %s" % (where, spec))


MAX_DEPTH = 32      # how deep a "json" field's lists and objects may nest


def _json(x, where, depth):
    """ValueError unless `x` is a JSON value (null, true/false, a finite number, a text, a list, an object of
    text keys) nested at most MAX_DEPTH deep."""
    if x is None or type(x) is bool or type(x) is str or _number(x):
        return
    if depth >= MAX_DEPTH:
        raise _bad(where, "a value nested at most %d deep" % MAX_DEPTH, "...")
    if type(x) is list or type(x) is tuple:
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


_NESTED = {"facts?": PageFacts, "counters?": Counters, "marks?": Marks}
try:     # CPython (the worker's Pyodide too) escapes as the loop does; the page's MicroPython has no ensure_ascii
    _CPYTHON = json.dumps("\n\x01\u00e9", ensure_ascii=False) == '"\\n\\u0001\u00e9"'
except Exception:
    _CPYTHON = False


def _build(cls, data, where):
    if type(data) is not dict:
        raise _bad(where, "an object", data)
    names = [f[0] for f in cls.FIELDS]
    for key in data:
        if key not in names and not (key == "kind" and cls is not Panel):
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
    return _build(cls, data, kind)
