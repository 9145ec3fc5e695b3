"""What the page tells the worker's session (static/worker/session.py) beyond the controller's actions:
the `Start`, the pointer's points, the page hidden or left, the statistics dialog's asks, another page's
storage writes, the panels' buttons. Values of the protocol's codec (static/shared/codec.py); the worker's
answer, `Reply`, is a message too (static/shared/reply.py), and static/shared/vocab.py registers them all
in MESSAGE_KINDS. Runs under CPython and MicroPython: plain classes, no annotations."""

from .codec import Value


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
