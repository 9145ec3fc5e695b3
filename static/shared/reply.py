"""The worker's answer to the page, `Reply`, and the typed values it carries: the page's facts, the
counters, the marks on #game, the dialog a reply opens or refills (one class per dialog, told by its
"name"), the replay bar, the #analysis panel and the win cascade's throws. The worker builds them
(static/worker/session.py, dialog_view.py, analysis_view.py, handle_replays.py); the page reads their
typed fields (static/page/layer.py, dialogs.py, analysis.py, replay.py, celebrate.py); the codec
(static/shared/codec.py) checks every field both ways and refuses an unknown one. Every field of a
dialog, the bar and the panel has a default: the value made with none is the empty one.
Runs under CPython and MicroPython: plain classes, no annotations."""

from .codec import NESTED, Value, union
from .messages import Message


class PageFacts(Value):
    """What the page applies outside the board (a Reply's `page`): the language and its message table (one
    JSON text the page hands to JavaScript whole), the card faces' rank letters, the look classes on #game,
    motion, the speed's factor, the sound, and the New game dialog's rule sets ([label, [[name, text]...]])."""
    FIELDS = (("lang", "str"), ("messages", "str"), ("ranks", "texts"), ("look", "flags"), ("motion", "bool"),
              ("speed", "num"), ("sound", "bool"), ("groups", "options"))
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


# ---- the dialogs: what each shows (static/worker/dialog_view.py), one class per dialog ----------------

class Dialog(Value):
    """What a dialog shows (a Reply's `dialog`): its class says which, by its `name` (written in the text
    as the field "name", the union's tag)."""
    TAG = "name"
    name = ""


class NewGameDialog(Dialog):
    """The New game dialog: the draw checked ("1" or "3"), the winnable box, the games grouped by deck
    count (<optgroup>s), the game selected, the first game offered, and for every game offered its draw
    note (None: the player chooses) and its line; `catalog`: by "<game>/<draw>" (the draw as the draw choice
    says it, "1" or "3"), the line that says how few deals the solver proved for a game and draw whose
    catalogue is not complete (no key: complete, no line)."""
    name = "new"
    FIELDS = (("draw", "str", ""), ("winnable", "bool", False), ("groups", "options", []), ("rules", "str", ""),
              ("first", "str", "canfield"), ("notes", "notes", {}), ("catalog", "lines", {}))
    LOOSE = ("groups", "notes", "catalog")


class SettingsDialog(Dialog):
    """The Settings dialog: each box by its form name ([the setting, on]), each choice by its field ([the
    value, the values allowed]), the language and the languages offered."""
    name = "settings"
    FIELDS = (("toggles", "toggles", {}), ("choices", "choices", {}), ("lang", "str", ""),
              ("languages", "options", []))
    LOOSE = ("toggles", "choices", "languages")


class RulesDialog(Dialog):
    """The rules dialog: the rules of the game on the table, as HTML the worker wrote."""
    name = "rules"
    FIELDS = (("html", "str", ""),)


class StatsDialog(Dialog):
    """The statistics dialog: the rule sets to pick from, the rules and draw shown, the rows' texts by their
    element's id, a message (None: hidden; `error`: the import failed), an export's JSON text (None: none)
    with its file's name, and the largest file an import reads."""
    name = "stats"
    FIELDS = (("rules_options", "options", []), ("rules", "str", ""), ("draw", "str", "3"), ("rows", "texts", {}),
              ("message", "str?", None), ("error", "bool", False), ("export", "str?", None),
              ("export_name", "str", ""), ("max_bytes", "int", 0))
    LOOSE = ("rules_options", "rows")


class WinDialog(Dialog):
    """The win dialog: element id -> its text (None: hidden), element id -> attributes to set, the next
    daily deal ("today", "tomorrow" or None), the deal's draw and rules, and its grade (None: not known)."""
    name = "win"
    FIELDS = (("texts", "lines", {}), ("attrs", "attrs", {}), ("next_daily", "str?", None), ("draw", "int", 3),
              ("rules", "str", "canfield"), ("grade", "str?", None))
    LOOSE = ("texts", "attrs")


DIALOGS = union("dialog", (NewGameDialog, SettingsDialog, RulesDialog, StatsDialog, WinDialog))


# ---- the replay bar, the #analysis panel, the win cascade ----------------------------------------------

class ReplayBar(Value):
    """The replay bar (static/page/replay.py): `on` while a replay is on (else hidden), where it stands
    (`done` of `total` moves), whether it plays, its label and each button's; `showing` while it plays the
    solver's line (the toolbar's Show me how then pauses it: its label is labels["show_me_how"])."""
    FIELDS = (("on", "bool", False), ("done", "int", 0), ("total", "int", 0), ("playing", "bool", False),
              ("label", "str", ""), ("labels", "texts", {}), ("showing", "bool", False))
    LOOSE = ("labels",)


class Timeline(Value):
    """The #analysis panel's timeline: one mark per move (`moves`), red from the first lost move on (-1:
    every move; None: none), and its label."""
    FIELDS = (("moves", "int", 0), ("lost", "int?", None), ("label", "str", ""))


class AnalysisPanel(Value):
    """The #analysis panel (static/page/analysis.py), where a lost game was lost: `open`, its state
    ("running", "done", "failed"), the analysis's kind, the losing move (0-based) and the undos back before
    it (each None when not known), the title and status, [checked, total] while running (else None), the
    best-possible line (None: none), the timeline, and the back, cancel (None: hidden) and close buttons'
    labels."""
    FIELDS = (("open", "bool", False), ("state", "str", ""), ("kind", "str?", None), ("index", "int?", None),
              ("undos", "int?", None), ("title", "str", ""), ("status", "str", ""), ("progress", "pair?", None),
              ("best", "str?", None), ("timeline", "timeline", Timeline()), ("back", "str?", None),
              ("cancel", "str?", None), ("close", "str", ""))


class Cascade(Value):
    """The win cascade's throws (static/worker/cascade.py cascade_plan, thrown by static/page/celebrate.py):
    the time between two throws, the easings by their letter, and each throw."""
    FIELDS = (("launch_ms", "int"), ("easings", "texts"), ("throws", "throws"))
    LOOSE = ("easings", "throws")


NESTED.update({"facts": PageFacts, "counters": Counters, "marks": Marks, "replay": ReplayBar, "timeline": Timeline,
               "analysis": AnalysisPanel, "cascade": Cascade})


class Reply(Message):
    """The worker's answer to one text of the page, or to a batch of them, or one it gives on its own (a
    solver's result): `ok` false with the `error` when the text failed (nothing changed); `errors`, the
    reasons of a batch's messages that failed. Then what changed: the view's text (static/worker/scene.py,
    None: as last sent), the effects' texts in order, the storage writes (`store`: key -> its new text,
    None: removed, {"copy": key}: a record set aside, copied by the page from what the browser holds), the
    page's facts, the dialog this reply opens or refills (a Dialog), the counters, the win cascade's
    throws, the replay bar, the marks on #game and the #analysis panel; each None when it did not change
    since the last reply (static/worker/session.py)."""
    kind = "Reply"
    FIELDS = (("ok", "bool", True), ("error", "str", ""), ("errors", "strs", ()), ("view", "str?", None),
              ("effects", "strs", ()), ("store", "store", {}), ("page", "facts?", None), ("dialog", "dialog?", None),
              ("counters", "counters?", None), ("cascade", "cascade?", None), ("replay", "replay?", None),
              ("marks", "marks?", None), ("analysis", "analysis?", None))
    LOOSE = ("store",)
