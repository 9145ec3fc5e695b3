"""The state of the interface besides the game: `UIState`, which only the controller changes and the
renderer draws, and its small parts (the notice shown, the drag in progress, the confirmation waiting,
the replay)."""

from shared.vocab import Value

# panels about the position on the table: a change of position closes them
POSITION_PANELS = ("wait", "hint", "guess", "lost", "unknown", "stuck")


def motion_on(setting, reduced):
    """Whether anything moves: the motion setting, unless the system asks for reduced motion. The one
    place this is decided (the controller, the renderer and the page's no-motion class all ask it)."""
    return bool(setting) and not reduced


class Notice(Value):
    """The notice shown (`seq` tells one from the next, so an old timer never hides a new one)."""
    FIELDS = (("text", "str"), ("seq", "int"))


class Drag(Value):
    """The cards the pointer carries: the top `count` of `pile`, and the piles that would take them
    (UIState.drag; a change of position, a dialog, a drop or the win cascade ends it)."""
    FIELDS = (("pile", "str"), ("count", "int"), ("dests", "strs"))


class Pending:
    """A confirmation waiting for an answer: what goes on after a yes ("deal" of the New game dialog,
    "daily", "hash": the deal code `code`, "link": the game link `code`)."""

    def __init__(self, what, draw=3, rules="canfield", code="", grade=""):
        self.what = what
        self.grade = grade
        self.draw = draw
        self.rules = rules
        self.code = code

    def __repr__(self):
        return "Pending(%r, draw=%r, rules=%r, code=%r)" % (self.what, self.draw, self.rules, self.code)


class ReplayState:
    """The replay bar's state: its `source`, "link" (a game link) or "solver" (Show me how), and whether
    it plays."""

    def __init__(self, source, playing=False):
        self.source = source
        self.playing = playing

    def __repr__(self):
        return "ReplayState(%r, playing=%r)" % (self.source, self.playing)


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
        # motion (static/worker/motion.py, render.py, celebrate.py)
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
        return "UIState(selection=%r, focus=%r, cursor=%r)" % (self.selection, self.focus, self.cursor)
