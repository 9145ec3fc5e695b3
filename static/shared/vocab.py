"""The page's vocabulary, whole: every action and effect (static/shared/actions.py), every message of the
page and the worker's `Reply` with its typed values (static/shared/messages.py, static/shared/reply.py),
registered here by kind, and the one text codec (static/shared/codec.py: `encode`, `decode`).

Both sides import this module (`from shared import vocab`, `from shared.vocab import Tap`): whoever does
has the registry complete, KINDS for the controller's actions and effects, MESSAGE_KINDS for the
messages, kept apart. A message (`Start`) is what the page tells the worker's session
(static/worker/session.py) rather than the controller; the session's one answer to each is a `Reply`,
the same codec the other way: the page reads its typed fields. Runs under CPython and MicroPython.
"""

from .codec import (KINDS, MAX_DEPTH, MAX_TEXT, MESSAGE_KINDS, NESTED, UNIONS, Value, _CPYTHON, _SHORT, _bad,
                    _build, _check, _dump, _json, _nested, _number, _registered, _text, decode, encode, register)
from .actions import (
    ACTIONS, EFFECTS, NOTICE_MS, Action, Announce, Answer, AskAnalysis, AskDaily, AskDeal, AskHint, AskLine,
    ApplySettings, AutoFinish, Button, Celebrate, CelebrationEnd, CelebrationStart, Changed, CloseDialogs,
    Confirm, CopyLink, DialogClosed, Dock, DragStart, Drop, Effect, EarlyInputRefused, FinishStep, FinishTimer,
    Focus, FocusPile, GoBack, HashChanged, Helped, HidePanel, HideNotice, HintShown, Key, LanguageChanged,
    LineFound, MarkDaily, MotionChanged, MotionPreference, NewDeal, NewRecord, NoticeShown, OpenDialog, Panel,
    PlaySound, Pointer, Relayout, Replay, ReplayChanged, ReplayTick, ReplayTimer, Resize, Say, SaveSettings,
    SettingsChanged, Shake, Share, ShowNotice, ShowPanel, SolverWanted, Tap, WriteHash)
from .messages import (AnalysisButton, AssistButton, DragAt, DropAt, Leave, Message, PressAt, Start, StatsAsk,
                       Stored, TapAt, Visibility)
from .reply import (DIALOGS, AnalysisPanel, Cascade, Counters, Dialog, Marks, NewGameDialog, PageFacts, Reply,
                    ReplayBar, RulesDialog, SettingsDialog, StatsDialog, Timeline, WinDialog)

MESSAGES = (Start, PressAt, TapAt, DragAt, DropAt, Visibility, Leave, StatsAsk, AssistButton, Stored,
            AnalysisButton, Reply)
register(ACTIONS + EFFECTS, KINDS)
register(MESSAGES, MESSAGE_KINDS)
