"""The session's side of the solver (a part of static/worker/session.py's `Session`, as a mixin): the hints and
"Show me how" and the analysis of a lost game, asked of the worker's sliced searches
(static/worker/solver_worker.py, run by static/worker/main.py beside the session) and their results turned
into the page's panels; the winnable, graded and daily deals, taken at once from the shipped catalogue
(never a search); the #assist panel's buttons."""

from __future__ import annotations

import json
import random

from canfield import Game, catalog
from canfield.save import to_save

from .replies import error
from . import analysis_view, dates
from .assist import (
    GRADES, answer_move, catalogue_deal, daily_note, hint_panel, hint_request, line_panel, line_request, ordinary_note,
)
from shared.vocab import (
    AskDaily, AskHint, Button, GoBack, HidePanel,
    HintShown, LineFound, NewDeal, Panel, ShowPanel, Announce,
)



class SolverPart:
    """The session's solver requests and results (a mixin of `Session`: it reads the session's fields)."""

    def _ask(self, e) -> list:
        """A hint or a winning line for the position now: the request for the worker's runner
        (`take_solver_requests`), the panel says it is searching."""
        c = self.controller
        if c.game.won:
            return []
        self._cancel()
        self._rid += 1
        kind = "hint" if isinstance(e, AskHint) else "line"
        self._asked = (self._rid, kind, c.ui.version)
        request = (hint_request if kind == "hint" else line_request)(self._rid, c.game)
        self._solver_wanted.append((kind, self._rid, json.dumps(request)))
        effects = self._dispatch(HintShown(None)) if kind == "hint" else []
        return effects + self._dispatch(ShowPanel(Panel("wait", c.t("assist.thinking"), ("cancel",))))

    def _analyse(self) -> list:
        """Analyse: the game's positions replayed by the solver, with a progress (`analysis_progress`)."""
        c = self.controller
        self._cancel()
        self._rid += 1
        self._asked = (self._rid, "analyse", c.ui.version)
        self._analysis_version = c.ui.version
        self._analysis_game = c.game.copy()
        self._analysis = analysis_view.running(c.t, 0, len(c.game.history) + 1)
        self._solver_wanted.append(("analyse", self._rid, json.dumps({"id": self._rid, "save": to_save(c.game)})))
        return self._dispatch(HidePanel()) if c.ui.panel is not None else []

    def analysis_running(self, rid) -> bool:
        """Whether the analysis `rid` is still wanted (static/worker/main.py asks its progress while so)."""
        return self._asked is not None and self._asked[:2] == (rid, "analyse")

    def analysis_progress(self, rid, checked, total):
        """The answer that shows how far the analysis `rid` is, or None when it is not running any more."""
        if not self.analysis_running(rid) or not total:
            return None
        self._analysis = analysis_view.running(self.controller.t, int(checked), int(total))
        return self._answer([])

    def _analysed(self, res) -> list:
        c = self.controller
        verdict = res.get("verdict")
        if verdict == "cancelled":
            self._analysis = analysis_view.closed()
            return []
        if verdict != "done":
            self._analysis = analysis_view.failed(c.t)
            return []
        a = res.get("analysis") or {}
        game = self._analysis_game
        self._analysis = analysis_view.done(c.t, c.lang, a, game)
        best = a.get("best")
        if a.get("kind") == "lost_from_start" and best and game.code == c.game.code:
            self.records.note_insight(best=int(best["cards"]), you=analysis_view.foundation_cards(game))
        return self._dispatch(Announce(self._analysis.status))

    def _analysis_button(self, name) -> list:
        """A button of the #analysis panel (static/page/analysis.py sends it): "back" goes back before the
        losing move, "cancel" (or "close" while it runs) stops the analysis; each closes the panel."""
        panel = self._analysis
        if not panel.open:
            return []
        self._analysis = analysis_view.closed()
        if name == "back":
            return self._dispatch(GoBack(int(panel.undos))) if panel.undos is not None else []
        if name == "cancel" or panel.state == "running":
            self._cancel()
        return []

    def _cancel(self):
        if self._asked is not None:
            self._cancelled.append(self._asked[0])
            self._asked = None

    def take_solver_requests(self) -> tuple:
        """What the worker's runner starts and stops now: ([(kind, id, request text)], [id])."""
        out = (self._solver_wanted, self._cancelled)
        self._solver_wanted, self._cancelled = [], []
        return out

    def solver_answer(self, kind, rid, text):
        """The answer text for the page to a solver's answer (static/worker/solver_worker.py's JSON text); for a
        request gone by (another one asked since, or the position changed) it changes nothing but the count
        of the solver's answers (#game's data-answers, a test hook: shown or dropped)."""
        asked = self._asked
        c = self.controller
        self._answers += 1
        if asked is None or asked[0] != rid or asked[1] != kind or asked[2] not in (None, c.ui.version):
            return self._answer([])    # dropped: only #game's data-answers counts it
        self._asked = None
        try:
            res = json.loads(text)
            verdict = res.get("verdict")
            effects = []
            if kind == "analyse":
                return self._answer(self._analysed(res))
            if kind == "grade":            # the won deal's grade and par: the open win dialog shows them
                if verdict == "won" and res.get("grade") in GRADES:
                    self._grades[self._grading] = (res["grade"], int(res["par"]))
                    self._win = c.game.won and c.game.code == self._grading
                return self._answer([])
            if kind == "line" and verdict == "won" and res.get("moves"):
                if c.ui.panel is not None:
                    effects += self._dispatch(HidePanel())
                effects += self._dispatch(LineFound(tuple(res["moves"]), asked[2]))
            else:
                wanted = ("won", "lost", "unknown") if kind == "hint" else ("unknown",)
                move = answer_move(res, c.game) if verdict in wanted else None
                if move is not None:
                    effects += self._dispatch(HintShown(move))
                panel = (hint_panel if kind == "hint" else line_panel)(res, c.game, move, c.t, c.lang)
                if panel is not None:
                    effects += self._dispatch(ShowPanel(panel))
            return self._answer(effects)
        except Exception as exc:
            return error("%s: %s" % (type(exc).__name__, exc))

    def _assist_button(self, name) -> list:
        """A button of the #assist panel: "back" goes back (`GoBack`), "undo" and "new" hide the panel and
        act as the toolbar's buttons, "cancel" (or "close" while it searches or waits) stops the search;
        "cancel" and "close" hide the panel."""
        c = self.controller
        panel = c.ui.panel
        if name == "back":
            return self._dispatch(GoBack())
        if name in ("undo", "new"):
            effects = self._dispatch(HidePanel()) if panel is not None else []
            return effects + self._dispatch(Button(name))
        if name == "cancel" or (name == "close" and panel is not None and panel.kind in ("search", "wait")):
            self._cancel()
        return self._dispatch(HidePanel()) if panel is not None else []

    def _deal(self, e) -> list:
        """A deal the New game dialog or the daily deal asks for, always at once and never with the solver:
        a plain one, or the catalogue's when the player wants winnable deals or a grade (canfield.catalog);
        when the catalogue has none, a plain deal with a note that says why (`ordinary_note`). The daily
        deal comes from canfield.catalog.daily_deal, its note says which day's it is and, when it is not
        proved winnable (the pair has no entry), says so (`daily_note`)."""
        c = self.controller
        if isinstance(e, AskDaily):
            day = dates.today()
            try:
                number, entry = catalog.daily_deal(day, e.draw, e.rules)
            except ValueError:   # a malformed catalogue: as if it had no entry
                number, entry = catalog.daily_start(day), None
            effects = self._dispatch(NewDeal(Game.new(draw=e.draw, rules=e.rules, number=number).code, daily=day,
                                             close_dialogs=True))
            return effects + self._dispatch(ShowPanel(Panel("note", daily_note(c.t, c.lang, day, e.rules, e.draw,
                                                                                entry))))
        wanted = bool(c.settings.winnable) or e.grade in GRADES
        try:
            game, entry = catalogue_deal(c.game, e.draw, e.rules, c.settings.winnable, e.grade, random)
        except ValueError:   # a malformed catalogue: as if it had no entry
            game, entry = Game.new(draw=e.draw, rules=e.rules), None
        effects = self._dispatch(NewDeal(game.code, close_dialogs=wanted))
        if wanted and entry is None:
            effects += self._dispatch(ShowPanel(Panel("note", ordinary_note(c.t, e.rules, e.draw, e.grade))))
        return effects
