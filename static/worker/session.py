"""The worker's side of the two-sided page: one `Session` owns what the engine worker owns (the game,
the controller, the window and the dock, the layout, the language and its translator, the settings, the
records) and answers the page through one text entry point, `handle(text) -> text`. static/worker/main.py
makes it and runs the solver's searches it asks for (`take_solver_requests`).

Pure Python (no js, no pyodide; tested under CPython). The page sends one text per message:

- first a `Start` (static/shared/vocab.py): the window, the address's hash, what localStorage holds (the
  saved game, the statistics, the settings), the languages, the painted deal, the reduced motion, the
  taps and keys kept on the painted board;
- then any action of the vocabulary, encoded by `vocab.encode` (`Tap`, `Drop`, `Key`, `Resize`, `Dock`,
  `SettingsChanged`...), each dispatched once to the controller;
- or a pointer message (`PressAt`, `TapAt`, `DragAt`, `DropAt`): a point on the board, which the session
  turns into the controller's `Tap`, `DragStart` or `Drop` from where the cards rest (static/worker/layout.py):
  the page does no layout arithmetic;
- or `Visibility` / `Leave` (the page hidden, shown or left: the game clock pauses or goes on; hidden or
  left, its time goes into the saved game), `StatsAsk` (the statistics dialog: its rows for a rules and
  draw, a reset, an import of a file's text, an export), `Stored` (another page's write to localStorage),
  `AssistButton` or `AnalysisButton` (a button of the #assist or #analysis panel).

Once the game is live, what queued during a round trip comes as one JSON array of those texts (1 to
MAX_BATCH), each handled in order and answered as one (`merged`), the view made once, after the last.

Each answer is one JSON object (`answer`):

    {"ok": true, "view": <scene.encode_view's text, or null when it equals the last one sent>,
     "effects": [<vocab.encode's text of each effect, in order>],
     "store": {<localStorage key>: <its new text, null: removed, or {"copy": <key>}: a record set aside,
               copied by the page from the browser's text of <key>>, ...},
     "page": <the page's facts, or null when they equal the last ones sent>,
     "dialog": <what the dialog this answer opens shows (a Dialog of static/shared/reply.py, told by its
                "name"; static/worker/dialog_view.py), or null>,
     "counters": <the move counter and the clock (Session.counters), or null when they equal the last sent>,
     "cascade": <the win cascade's throws (a Cascade: cascade_plan) when this answer's view starts it, or null>,
     "replay": <the replay bar (a ReplayBar: handle_replays.bar_state; "on" false: hidden), or null when unchanged>,
     "marks": <#game's data-solver, data-search, data-stuck and data-answers, or null when unchanged>,
     "analysis": <the #analysis panel (an AnalysisPanel: static/worker/analysis_view.py), or null when unchanged>}
    {"ok": false, "error": "<why>", "view": null, "effects": [], "store": {}, "page": null, "dialog": null,
     "counters": null, "cascade": null, "replay": null, "marks": null, "analysis": null}

The answer to a batch also has "errors" (the reasons of the messages that failed) when some failed; when
every one failed, it is the last one's error answer. The solver's results, the analysis's progress and
the board's record for the next visit come as answers of their own (`solver_answer`,
`analysis_progress`, `snapshot_answer`), which the page takes through static/worker/main.py's `next_push`.

`dialog` is also the statistics dialog's contents after a `StatsAsk` or another page's write of the
statistics (its name "stats"), and the win dialog's after a `CelebrationEnd` of a won game (the cascade
is over: the page opens it) or when the solver's grade of the won deal comes.

The session keeps the records (static/worker/persist.py: the saved game, the statistics, the settings) in
memory, runs their bookkeeping on the controller's effects (static/worker/effects.py records_handlers), and
hands the page every key they wrote since the last answer (`store`): the page writes them to
localStorage and reads nothing back. `page` is what the page applies outside the board: the language
and its message table (`lang`, `messages`: the table as one JSON text, which the page hands to JavaScript
whole and reads itself only for the rare text it says on its own; `ranks`: the card faces' rank letters), the look classes of
#game (`look`), whether motion is on (`motion`), the speed's factor (`speed`), the sound (`sound`) and
the New game dialog's rule sets (`groups`).

A text that is not a message (not JSON, an unknown kind, a bad field), an action before `Start`, a
second `Start`, or an action whose handler fails gives the error answer: the game, the UI state, the
settings and the language stay as they were before that text (a failed handler's changes are undone),
and no exception ever leaves `handle`.
"""

from __future__ import annotations

import copy
import json

from canfield import Game, catalog, links
from canfield.save import to_save
from canfield.stats import key as stats_key

from . import analysis_view
from shared.cardface import rank_labels
from .choices import offered_names, route_hash, rules_groups
from .controller import Controller
from shared.counters import moves_made
from .dialog_view import dialog
from .effects import Effects, records_handlers
from .handle_replays import bar_state
from .i18n import MESSAGES, Translator, pick_language
from .kept_input import play
from .layout import compute, counts_for
from .steady import Steady
from .motion import speed_factor
from .persist import Records, Store
from .scene import encode_view, scene
from shared.storage_keys import BROKEN_SUFFIX, SAVE_KEY, SETTINGS_KEY, SNAPSHOT_KEY, STATS_KEY
from .stuck import no_more_moves
from .view import column_lengths
from .replies import answer, failed, merged
from .session_records import RecordsPart, _Storage
from .session_solver import SolverPart
from .session_pointer import PointerPart
from .cascade import cascade_plan
from shared.vocab import (
    ACTIONS, EFFECTS, NOTICE_MS, AskAnalysis, AskDaily, AskDeal, AskHint, AskLine, AssistButton, Celebrate,
    CelebrationEnd, Changed, Dock, DragAt, DropAt, HashChanged, Leave, OpenDialog, Panel, PressAt, Relayout, Resize, ShowNotice,
    ShowPanel, SolverWanted, Start, StatsAsk, Stored, AnalysisButton, TapAt, Visibility, decode, encode,
    Counters, Marks, PageFacts, ReplayBar, Reply, WinDialog,
)

STORAGE_NOTICE_MS = 12000   # a saved game or statistics set aside: long enough to be read
MAX_BATCH = 64              # the most messages the page sends in one round trip
SEARCHES = ("winnable", "daily", "graded", "analyse")   # the solver's tasks #game's data-search names
# the longest answer the tests allow: the first carries the language's texts (with the rules dialog's lines
# of the thirty games and the New game dialog's list: ~40 kB); the 170-move long game at 390x844: ~13 kB
MAX_ANSWER = 49152


_MESSAGES_TEXT: dict = {}


def messages_text(lang: str) -> str:
    """A language's message table as JSON text (made once per language)."""
    if lang not in _MESSAGES_TEXT:
        _MESSAGES_TEXT[lang] = json.dumps(MESSAGES[lang], ensure_ascii=False, separators=(",", ":"))
    return _MESSAGES_TEXT[lang]

class Session(SolverPart, RecordsPart, PointerPart):
    """The worker's state and its one entry point, `handle`."""

    def __init__(self):
        self.controller = None
        self.records = None        # the statistics and the saved game read at start (a casino balance)
        self.coarse = False        # a touch-only pointer: no keys help line in the layout
        self._layout = None
        self._layout_key = None
        self.steady = Steady()    # what the table is sized for through the game (static/worker/steady.py)
        self._viewless = False     # a batch's messages: no view, page facts or counters in their replies
        self._storage = None
        self._effects = None       # the records' bookkeeping on the controller's effects
        self._spent = False        # the last press played the auto-finish's rest: its tap does nothing
        self._stats = None         # the statistics dialog's contents a StatsAsk answers
        self._stats_shown = None   # the rules and draw the statistics dialog last asked for
        self._grades = {}          # deal code -> (grade, par) the solver found (None: asked, not found)
        self._grading = None       # the code of the deal the solver's grade search is for
        self._solver_used = False  # a search was asked of the solver (#game's data-solver)
        self.snapshot_due = False  # the saved game changed since the last board's record
        self._blocked = False      # no more moves in the position (#game's data-stuck)
        self._answers = 0          # the solver's answers come back, shown or dropped (#game's data-answers)
        self._analysis = analysis_view.closed()   # the #analysis panel (static/worker/analysis_view.py)
        self._analysis_version = None  # the position (UI version) the analysis is of
        self._analysis_game = None     # and its game
        self._read = {}                # the stored texts the Start carried
        self._cascade_seq = 0      # the win cascade whose plan was sent last (UIState.celebration_seq)
        self._win = False          # a CelebrationEnd of a won game: its answer holds the win dialog
        # what the last reply that held each of these fields sent (`_changed`): a reply holds one only
        # when it changed
        self._last = {"view": None, "page": None, "counters": None, "replay": ReplayBar(), "marks": None,
                      "analysis": self._analysis}
        self._stuck_version = -1   # the position "no more moves" was last checked for (UIState.version)
        self._rid = 0              # the solver's requests: the last one's id
        self._asked = None         # (id, kind, UI version) of the request in flight
        self._solver_wanted = []   # (kind, id, request text) for the worker's runner to start
        self._cancelled = []       # ids of requests it should stop

    # ---- the one entry point ------------------------------------------------------------

    def handle(self, text) -> str:
        """The reply's text to one message `text` (see the module's doc), or to a JSON array of message texts
        (the page's queue sent in one round trip: each handled in order, their replies merged, `merged`);
        never raises."""
        return encode(self._handle(text))

    def _handle(self, text) -> Reply:
        if isinstance(text, str) and text[:1] == "[":
            try:
                texts = json.loads(text)
            except ValueError as exc:
                return failed(exc)
            if not isinstance(texts, list) or not texts or len(texts) > MAX_BATCH or \
                    not all(isinstance(t, str) and t[:1] != "[" for t in texts):
                return failed("a batch is a list of 1 to %d message texts" % MAX_BATCH)
            return self._batch(texts)
        try:
            message = decode(text)
        except ValueError as exc:
            return failed(exc)
        except Exception as exc:   # anything else the codec could meet: still an answer
            return failed("unreadable: %s" % type(exc).__name__)
        self._win = False
        try:
            if isinstance(message, Start):
                if self.controller is not None:
                    return failed("already started")
                effects = self._start(message)
            elif self.controller is None:
                return failed("not started: Start comes first")
            elif message.kind in ROUTES:         # a message of the page's for the session itself
                effects = ROUTES[message.kind](self, message)
            elif not isinstance(message, ACTIONS):
                return failed("not an action: " + message.kind)
            else:                                # an action: the controller's one dispatch
                self._win = isinstance(message, CelebrationEnd)
                effects = self._dispatch(message)
            return self._reply(effects + self._stuck())
        except Exception as exc:
            return failed("%s: %s" % (type(exc).__name__, exc))

    def _batch(self, texts) -> Reply:
        """The answer to the page's queue: each message handled in order, their answers merged (`merged`);
        the view (the scene of the whole table, most of an answer's cost), the page's facts and the
        counters made once, after the last message, as the page shows only the last ones (made for each
        message, they were two thirds of the time a long game's keys took: the page's board showed a
        Quadruple's keys seconds after the last one)."""
        self._viewless = True
        try:
            replies = [self._handle(t) for t in texts]
        finally:
            self._viewless = False
        if any(r.ok for r in replies):
            replies.append(self._reply([]))   # the view after the last message, and nothing else new
        return merged(replies)

    # ---- start ----------------------------------------------------------------------------

    def _start(self, m) -> list:
        """The game on the table at start: the saved game, the address's deal, the painted first-visit
        deal, or a fresh one."""
        items = {key: text for key, text in ((SAVE_KEY, m.save), (STATS_KEY, m.stats), (SETTINGS_KEY, m.settings))
                 if text is not None}
        self._storage = _Storage(items)
        self._read = dict(items)     # the texts read at start (a record set aside is copied by the page)
        records = Records(Store(self._storage))
        records.note_unread(m.aside, m.held)
        settings = records.load_settings(offered_names())
        lang = pick_language(m.lang, settings.lang, *m.languages)
        t = Translator(lang)
        code, link_text = m.code, ""
        if links.is_link(code):   # a game link: the saved game starts first, then the link opens
            link_text, code = code, ""
        what, named = route_hash(code, None)
        bad_code = code if what == "refuse" else ""
        if bad_code:
            code = ""
        saved = records.boot(code)
        if saved is not None:
            game = saved
        elif named is not None:
            game = named
        else:
            game = _painted(m.painted, settings) or Game.new(draw=settings.draw, rules=settings.rules)
        c = Controller(game, settings, t, lang)
        c.reduced_motion = m.reduced
        self.coarse = m.coarse
        c.show_game(game, push=False, deal=False)   # the board is already on screen: no flight
        c.dispatch(Resize(m.width, m.height))
        if m.dock:
            c.dispatch(Dock(m.dock))
        notices = [t("notice.invalid_code_kept" if saved is not None else "notice.invalid_code",
                     code=bad_code[:120])] if bad_code else []
        notices += [t(key) for key in records.notices]
        if notices:
            c.dispatch(ShowNotice(" ".join(notices), STORAGE_NOTICE_MS if records.notices else NOTICE_MS))
        if link_text:
            c.dispatch(HashChanged(link_text))
        records.ready()
        self.records = records
        self.controller = c
        self._effects = Effects()
        records_handlers(self._effects, records, c)
        for cls in EFFECTS:           # the table runs only the bookkeeping; the page runs the rest
            self._effects.table.setdefault(cls.kind, [])
        effects = c.take_effects()
        self._effects.run(effects)
        self._warm()
        if saved is not None and records.saved_text() != self._read.get(SAVE_KEY):
            # the resumed game's save written again at its position (its time): the board's record names
            # it now, not a little later, so that a return left at once is still painted the next time
            self._snapshot()
        if m.kept:
            effects = effects + self._kept_input(m.kept)
        return effects

    def _warm(self) -> None:
        """The player wants winnable deals and the catalogue has none of the game on the table: the solver
        is loaded now (static/worker/main.py imports it), so that the next deal's search starts at once."""
        c = self.controller
        if not c.settings.winnable or self._solver_used:
            return
        try:
            serves = bool(catalog.winnable(c.game.rules, c.game.draw))
        except ValueError:   # a malformed catalogue: the solver takes over
            serves = False
        if not serves:
            self._solver_wanted.append(("warm", 0, ""))

    # ---- an action --------------------------------------------------------------------------

    def _dispatch(self, action) -> list:
        """One dispatch; a handler that fails leaves everything as it was (and its error goes up)."""
        c = self.controller
        kept = (c.game.copy(), copy.deepcopy(c.ui), c.settings, c.t, c.lang, list(c.effects))
        try:
            c.dispatch(action)
        except Exception:
            c.game, c.ui, c.settings, c.t, c.lang, c.effects = kept
            raise
        effects = c.take_effects()
        if any(isinstance(e, Relayout) for e in effects):
            self._layout_key = None
        self._effects.run(effects)
        for e in effects:
            if isinstance(e, (AskDeal, AskDaily)):
                effects = effects + self._deal(e)
            elif isinstance(e, (AskHint, AskLine)):
                effects = effects + self._ask(e)
            elif isinstance(e, AskAnalysis):
                effects = effects + self._analyse()
            elif isinstance(e, SolverWanted):
                self._warm()
            elif isinstance(e, Changed):
                if self._asked is not None and self._asked[1] == "hint":
                    self._cancel()               # the hint was for the position before
                if self._analysis.open and self._analysis_version != c.ui.version:
                    if self._asked is not None and self._asked[1] == "analyse":
                        self._cancel()
                    self._analysis = analysis_view.closed()   # the analysis was of another position
        return effects

    # ---- the solver: hints and "Show me how", run by the worker beside the session ------------


    # ---- the analysis: where a lost game was lost (canfield.insight.LostMoveSearch, in the worker) -----


    def _kept_input(self, text) -> list:
        """Play the painted board's kept taps and keys (static/worker/kept_input.py), each as one dispatch."""
        try:
            items = json.loads(text)
        except ValueError:
            return []
        if not isinstance(items, list):
            return []
        effects = []
        play(self.controller, lambda action: effects.extend(self._dispatch(action)), items)
        return effects

    def _stuck(self) -> list:
        """After a change of position: "no more moves" (static/worker/stuck.py, the engine's moves only) opens
        the panel, unless the solver's panel is searching or waiting for an answer."""
        c = self.controller
        if c is None or c.ui.version == self._stuck_version:
            return []
        self._stuck_version = c.ui.version
        panel = c.ui.panel
        self._blocked = no_more_moves(c.game)
        if not self._blocked or (panel is not None and panel.kind in ("search", "wait")):
            return []
        buttons = ("undo", "new", "analyse") if c.game.can_undo else ("new", "analyse")
        return self._dispatch(ShowPanel(Panel("stuck", c.t("assist.stuck"), buttons)))


    def _answer(self, effects) -> str:
        """The reply's text to what the session did on its own (a solver's result, the board's record)."""
        return encode(self._reply(effects))

    def _changed(self, now: dict) -> dict:
        """Each field of `now`, or None where it equals what the last reply that held that field sent: the
        one place that says what changed since the last reply."""
        out = {}
        for name in now:
            out[name] = None if now[name] == self._last[name] else now[name]
            self._last[name] = now[name]
        return out

    def _reply(self, effects) -> Reply:
        ui = self.controller.ui
        cascade = None
        if ui.celebrating and ui.celebration_seq != self._cascade_seq:   # the view starts the cascade
            self._cascade_seq = ui.celebration_seq
            cascade = cascade_plan(self.layout, [[card.code for card in pile] for pile in self.controller.game.foundations])
        bar = bar_state(ui, self.controller.game, self.controller.t)
        shown = self._dialog(effects)           # before the writes: the win's grade may count in the statistics
        store = self._storage.taken()
        for key in store:    # a record set aside: copied by the page from what the browser holds, which the
            base = key[:-len(BROKEN_SUFFIX)] if key.endswith(BROKEN_SUFFIX) else None   # Start's text may not be
            if base is not None and store[key] is not None and store[key] == self._read.get(base):
                store[key] = {"copy": base}
        if SAVE_KEY in store and SNAPSHOT_KEY not in store:
            self.snapshot_due = True            # the next visit's board: written a little later (`snapshot_answer`)
        self._solver_used = self._solver_used or bool(self._solver_wanted)
        asked = self._asked[1] if self._asked is not None else None
        marks = Marks("ready" if self._solver_used else "idle", str(self._answers),
                      asked if asked in SEARCHES else None, "true" if self._blocked else "false")
        now = {"replay": bar, "marks": marks, "analysis": self._analysis}
        if not self._viewless:   # in a batch the view, the page's facts and the counters come once, after its
            now.update(view=self.view_text(), page=self.page_facts(), counters=self.counters())   # last (`_batch`)
        fresh = self._changed(now)
        return answer(fresh.get("view"), effects, store, fresh.get("page"), shown, fresh.get("counters"), cascade,
                      fresh["replay"], fresh["marks"], fresh["analysis"])


    def _dialog(self, effects):
        """The contents of the dialog the effects open; the win dialog's with the win's celebration; the
        statistics dialog's after a StatsAsk."""
        if self._stats is not None:
            out, self._stats = self._stats, None
            return out
        if self._win:                 # the cascade is over: the win dialog, if the game is still won
            self._win = False
            if self.controller.game.won:
                return self._win_dialog()
        for e in effects:
            if isinstance(e, OpenDialog):
                if e.name == "win":
                    return self._win_dialog()
                return dialog(e.name, self.controller, self.records)
            if isinstance(e, Celebrate):
                return self._win_dialog()
        return None

    def _win_dialog(self) -> WinDialog:
        """The win dialog's contents. Its grade, once known, counts in the statistics (once a game); a deal
        the catalogue has not is graded by the solver (`grade`, asked once a deal), whose answer fills the
        dialog again."""
        c = self.controller
        data = dialog("win", c, self.records, self._grades)
        if data.grade is not None:
            self.records.note_insight(grade=data.grade)
        elif c.game.won and c.game.code is not None and c.game.code not in self._grades and self._asked is None:
            self._grades[c.game.code] = None        # asked: not again for this deal
            self._rid += 1
            self._asked = (self._rid, "grade", None)
            self._grading = c.game.code
            self._solver_wanted.append(("grade", self._rid, json.dumps({"id": self._rid, "save": to_save(c.game)})))
        return data

    def counters(self) -> Counters:
        """The move counter's text, the clock's seconds now and whether it runs (the page ticks it from
        these), and whether the settings show each counter (static/shared/counters.py)."""
        c, records = self.controller, self.records
        return Counters(str(moves_made(c.game)), round(records.elapsed(), 3), bool(records.running),
                        bool(c.settings.show_moves), bool(c.settings.show_clock))

    # ---- the page's facts ------------------------------------------------------------------------

    def page_facts(self) -> PageFacts:
        """What the page applies outside the board (see the module's doc); the message table only with
        its language's change."""
        c = self.controller
        settings = c.settings
        return PageFacts(c.lang, messages_text(c.lang), rank_labels(c.t), settings.look_classes(), bool(c.motion),
                         speed_factor(settings.speed), bool(settings.sound),
                         [[label, [list(o) for o in options]] for label, options in rules_groups(c.t)])

    # ---- what the worker computes -------------------------------------------------------------

    def view(self) -> dict:
        """The view value of the table now (static/worker/scene.py)."""
        c = self.controller
        return scene(c.game, c.ui, self.layout, c.t, c.lang, self.balance())

    def view_text(self) -> str:
        return encode_view(self.view())

    def balance(self):
        """A casino game's running balance, as the statistics read at start keep it; None otherwise."""
        game = self.controller.game
        if game.rules.scoring != "casino":
            return None
        return self.records.stats.table(stats_key(game.rules, game.draw)).get("balance")

    @property
    def layout(self):
        """The geometry for the window, the dock and the columns now (static/worker/layout.py), sized
        steadily through the game (static/worker/steady.py), cached."""
        c = self.controller
        w, h = c.ui.viewport
        key = (w, h, column_lengths(c.game), c.game.draw, c.settings.large_cards, self.coarse, counts_for(c.game),
               c.settings.left_handed, c.ui.dock, c.game.code, len(c.game.history))
        if key != self._layout_key:
            self._layout_key = key
            args = dict(draw=key[3], large=key[4], coarse=key[5], left_handed=key[7])
            if self.steady.fresh(key[9], key[10], w, h, counts=key[6], **args):
                # a game with moves, new to this window (resumed, or the window turned): sized as if played here
                self.steady.warm(key[9], _positions_before(c.game), w, h, **args)
            self._layout = self.steady.layout(key[9], key[10], w, h, key[2], counts=key[6], dock=key[8], **args)
        return self._layout

    def resting_layout(self):
        """The table as it is laid out now with the dock closed (the snapshot's board)."""
        c = self.controller
        w, h = c.ui.viewport
        s = self.steady
        lay = self.layout
        return compute(w, h, column_lengths(c.game), draw=c.game.draw, large=c.settings.large_cards,
                       coarse=self.coarse, counts=lay.counts, left_handed=c.settings.left_handed,
                       plan=s.plan, keep=s.keep, cap=s.cap)


def _positions_before(game) -> list:
    """(columns' lengths, counts) of each position of `game` from its deal to the one before its current
    one (its moves replayed on a new deal of its code)."""
    if not game.history or game.code is None:
        return []
    replay = Game.from_code(game.code)
    out = []
    for move in game.history:
        out.append((column_lengths(replay), counts_for(replay)))
        replay.play(move)
    return out


def _stats_message(session, m) -> list:
    session._stats = session._stats_ask(m)     # the reply's dialog (`_dialog`)
    return []


# The page's messages the session handles itself, beside the controller's dispatch of the actions: the
# message's kind -> its handler (the session, the message -> the effects).
ROUTES = {
    PressAt.kind: Session._pointer, TapAt.kind: Session._pointer, DragAt.kind: Session._pointer,
    DropAt.kind: Session._pointer,
    Visibility.kind: Session._leaving, Leave.kind: Session._leaving,
    AssistButton.kind: lambda session, m: session._assist_button(m.name),
    AnalysisButton.kind: lambda session, m: session._analysis_button(m.name),
    StatsAsk.kind: _stats_message,
    Stored.kind: Session._stored,
}


def _painted(code: str, settings):
    """The deal static/paint.js painted on a first visit, as a Game, if it is one of the draw and rules
    asked (the Start's `painted`, static/paint.js's `firstDeal`); None otherwise."""
    if not code:
        return None
    try:
        game = Game.from_code(code)
    except ValueError:
        return None
    if game.draw != settings.draw or game.rules.name != settings.rules:
        return None
    return game
