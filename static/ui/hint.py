"""The solver in the page (`SolverClient`): hints, the lost-position offer, winnable deals, the daily
deal, and the "no more moves" message, with the #assist panel that shows them.

What it finds becomes an action for the controller (`HintShown`, `GoBack`, `NewDeal`: a found deal
closes the dialogs and, for the daily deal, names its day; the New game dialog's winnable box is a
`SettingsChanged`); it reads the game through a read-only view of the page.

Winnable deals, deals of a grade and the daily deal come first from the shipped catalogue of
proved-winnable deals (canfield.catalog: pure Python, imported here cheaply), at once and offline, the
worker not asked; only a game whose catalogue has no such deal (no entry of the grade asked for, or, for
the daily deal, fewer than a year of entries) falls back to the worker's search.

The solver runs in a PyScript named worker (static/solver_worker.py), started once the game is
ready, so the main thread never blocks on a search. Every request carries an id and the position it
was asked for (the UI state's version counter); an answer for another position is dropped, and a change
of position cancels the hint being searched. The worker receives the game as a canfield.save record
(deal code + moves) and answers with plain JSON.

The page marks its state on #game for tests and styles: ``data-solver`` ("booting", "ready",
"failed"; "idle" until first needed), and on the #assist panel ``data-kind`` ("wait", "hint", "guess", "lost",
"unknown", "stuck", "search", "note") with ``data-move`` (the hinted move) and ``data-undos`` (the lost offer).

A hint always shows a move when one is legal: "hint" the first move of a proved winning line; "guess" a
move the solver could not prove (it could not decide the position within its budget), picked by
canfield.tasks.HintSearch's rule and said so ("Hint (not proved): ..."); "lost" says the position is lost,
offers the undos back, and shows the first move of the best line found (the most cards). "unknown" (no
hint) is left for a position the solver could not decide with no move to show.
"""

from __future__ import annotations

import asyncio
import json
import random
import traceback

from canfield import Game, catalog
from canfield.deal import MAX_NUMBER
from canfield.save import to_save
from js import console, document, window
from pyodide.ffi import create_proxy

from . import assist_panel
from .analysis import AnalysisPanel
from .assist import (
    GRADED_TRIES, WINNABLE_SECONDS, WINNABLE_TRIES, answer_move, catalogue_deal, hint_panel, hint_request, line_panel, line_request,
)
from .dates import day_label, today
from .stuck import no_more_moves
from .vocab import Button, GoBack, HidePanel, HintShown, LineFound, NewDeal, Panel, SettingsChanged, ShowPanel

WORKER_NAME = "canfield-solver"
WORKER_SRC = "./static/solver_worker.py"
WORKER_CONFIG = "./pyscript.toml"

PROGRESS_MS = 250        # how often the analysis asks the worker how far it is



class SolverClient:
    def __init__(self, dispatch, view, say, guard):
        self.dispatch = dispatch
        self.view = view
        self.say = say               # the live region
        self.guard = guard           # a Python error in a callback is logged, never shown
        self.root = document.getElementById("game")
        self.worker = None
        self.daily_label = ""        # the date of the daily deal asked for, in the player's words
        self.rid = 0
        self.pending = None          # (id, kind, version) of the request in flight
        self.stuck_version = -1
        self.waiting = None          # what to do once the worker is ready
        self.proxies = []
        self.close_dialogs = lambda: None   # app.py gives the dialogs' close_all
        self.note_insight = lambda **kw: None   # app.py gives Records.note_insight (the statistics)
        self.grades = {}             # deal code -> (grade, par), from the worker
        self.progress_timer = None
        self.win_wanted = False
        self._build()

    # ---- the panel ----------------------------------------------------------------------

    def _proxy(self, fn):
        proxy = create_proxy(self.guard(fn))
        self.proxies.append(proxy)
        return proxy

    def _build(self):
        panel = assist_panel.build(document)
        self.panel = panel
        self.text_el = panel.querySelector("#assist-text")
        self.btn = {b.dataset.assist: b for b in panel.querySelectorAll("button")}
        self.hint_btn = document.querySelector('[data-action="hint"]')
        dlg = document.getElementById("dlg-new")
        self.winnable_box = dlg.querySelector('input[name="winnable"]') if dlg else None
        if self.winnable_box:
            self.winnable_box.checked = bool(getattr(self.view.settings, "winnable", False))
        self._tick = self._proxy(self._check_stuck)
        self._poll = self._proxy(self._ask_progress)
        self.analysis = AnalysisPanel(self.view, self.dispatch, self._cancel)
        self.grade_select = dlg.querySelector('select[name="grade"]') if dlg else None

    def bind(self, events):
        for name, btn in self.btn.items():
            events.listen(btn, "click", f"assist-{name}", lambda ev, name=name: self._on_button(name))
        events.listen(self.winnable_box, "change", "winnable-change", self._on_winnable_change)
        self.analysis.bind(events)

    @property
    def kind(self):
        """What the panel shows now (the UI state's Panel), None when closed."""
        panel = self.view.ui.panel
        return panel.kind if panel is not None else None

    def _show(self, kind, text, buttons=(), **data):
        self.dispatch(ShowPanel(Panel(kind, text, tuple(buttons), move=data.get("move"), undos=data.get("undos"),
                                      back_label=data.get("back_label", ""))))

    def hide(self):
        if self.kind is not None:
            self.dispatch(HidePanel())

    def _on_button(self, name):
        if name == "back":
            self._go_back()
        elif name == "undo":
            self.hide()
            self.dispatch(Button("undo"))
        elif name == "new":
            self.hide()
            self.dispatch(Button("new"))
        elif name == "cancel":
            self._cancel()
            self.hide()
        elif name == "close":
            if self.kind in ("search", "wait"):
                self._cancel()
            self.hide()
        # "analyse" also carries data-action="analyse": the page's action buttons dispatch it

    # ---- the worker ---------------------------------------------------------------------

    def start(self):
        """After the game is ready. The worker boots its own Pyodide (seconds of CPU and memory): only
        when the solver is first needed, or at once when the winnable-deals setting is on and the
        catalogue has no winnable deal of the game on the table."""
        self.root.dataset.solver = "idle"
        if self.win_wanted:
            self.win_wanted = False
            if self.view.game.won:
                self.fill_win()
        if self.hint_btn:
            self.hint_btn.disabled = False
        self._check_stuck()
        if getattr(self.view.settings, "winnable", False) and not self._catalogue_serves(self.view.game):
            self._ensure_worker(None)

    def warm_up(self):
        """The next deal may need the solver (the winnable setting was switched on): start it now, unless
        the catalogue has winnable deals of the game on the table (another game's deal starts it then)."""
        if not self._catalogue_serves(self.view.game):
            self._ensure_worker(None)

    def _catalogue_serves(self, game):
        """The catalogue has winnable deals of `game`'s rules and draw: its next winnable deal needs no worker."""
        try:
            return bool(catalog.winnable(game.rules, game.draw))
        except ValueError:   # a malformed catalogue: the worker takes over
            return False

    def _ensure_worker(self, then):
        """Run `then()` once the worker is ready (at once if it is); False if it cannot start."""
        state = self.root.dataset.solver
        if state == "failed":
            return False
        if self.worker is not None:
            if then is not None:
                then()
            return True
        if then is not None:
            self.waiting = then  # only the latest wish: an older one is for a position gone by
        if state != "booting":
            self.root.dataset.solver = "booting"
            asyncio.ensure_future(self._boot())
        return True

    async def _boot(self):
        try:
            from pyscript import create_named_worker

            worker = await create_named_worker(src=WORKER_SRC, name=WORKER_NAME, config=WORKER_CONFIG)
            await worker.ping()
        except Exception:  # no hints, the game still plays
            console.error("Canfield: the solver's worker did not start: " + traceback.format_exc())
            self.root.dataset.solver = "failed"
            if self.waiting is not None:
                self.waiting = None
                self._not_ready()
            return
        self.worker = worker
        self.root.dataset.solver = "ready"
        then, self.waiting = self.waiting, None
        if then is not None:
            try:
                then()
            except Exception:  # never a traceback on the page
                console.error("Canfield: " + traceback.format_exc())

    def _send(self, fn, req, done):
        asyncio.ensure_future(self._call(fn, req, done))

    async def _call(self, fn, req, done):
        try:
            res = json.loads(await getattr(self.worker, fn)(json.dumps(req)))
        except Exception:
            console.error(f"Canfield: the solver failed ({fn}): " + traceback.format_exc())
            res = {"id": req["id"], "verdict": "error"}
        try:
            done(res)
        except Exception:  # never a traceback on the page
            console.error("Canfield: " + traceback.format_exc())
        # a test hook: how many answers came back and were handled (shown or dropped as stale)
        self.root.setAttribute("data-answers", str(int(self.root.getAttribute("data-answers") or 0) + 1))

    def _new_request(self, kind):
        self._cancel()
        self.rid += 1
        self.pending = (self.rid, kind, self.view.ui.version)
        return self.rid

    def _current(self, res, kind):
        """Is `res` the answer to the request in flight, for the position it was asked for?"""
        p = self.pending
        if p is None or res.get("id") != p[0] or p[1] != kind:
            return False
        self.pending = None
        return kind != "hint" or p[2] == self.view.ui.version

    def _cancel(self):
        self.waiting = None
        if self.pending is not None and self.worker is not None:
            rid = self.pending[0]
            try:
                self.worker.cancel(rid)
            except Exception:
                pass
        self.pending = None
        self.root.removeAttribute("data-search")
        self._stop_progress()

    def _not_ready(self):
        self._show("note", self.view.t("assist.failed"))

    # ---- position changes ---------------------------------------------------------------

    def changed(self):
        """The position changed (a move, undo, new deal...): the hint searched for the old one stops (the
        controller closes its panel, proved or not, and drops its offer)."""
        if self.pending is not None and self.pending[1] in ("hint", "analyse"):
            self._cancel()
        if self.analysis.open and self.analysis_version != self.view.ui.version:
            self.analysis.hide()   # the analysis was of another position
        window.setTimeout(self._tick, 0)

    def _check_stuck(self, *_):
        view = self.view
        game, version = view.game, view.ui.version
        if self.stuck_version == version:
            return
        self.stuck_version = version
        stuck = no_more_moves(game)
        self.root.dataset.stuck = "true" if stuck else "false"
        if stuck and self.kind not in ("search", "wait"):
            buttons = ("undo", "new", "analyse") if game.can_undo else ("new", "analyse")
            self._show("stuck", view.t("assist.stuck"), buttons)

    # ---- hints --------------------------------------------------------------------------

    def _boot_for_position(self, retry):
        """The worker is not up: boot it, and once it is, `retry()` if the position has not changed meanwhile
        (a request about the position of before would answer the wrong question)."""
        view = self.view
        version = view.ui.version
        if self._ensure_worker(lambda: retry() if view.ui.version == version else None):
            self._show("wait", view.t("assist.booting"), ("cancel",))
        else:
            self._not_ready()

    def request_hint(self):
        view = self.view
        game = view.game
        if game.won or view.busy():
            return
        if self.worker is None:
            self._boot_for_position(self.request_hint)
            return
        rid = self._new_request("hint")
        self.dispatch(HintShown(None))
        self._show("wait", view.t("assist.thinking"), ("cancel",))
        self._send("hint", hint_request(rid, game), self._on_hint)

    def _move_of(self, res):
        """The answer's move, marked on the board (None when it has none)."""
        move = answer_move(res, self.view.game)
        if move is not None:
            self.dispatch(HintShown(move))
        return move

    def _panel(self, panel):
        if panel is not None:
            self.dispatch(ShowPanel(panel))

    def _on_hint(self, res):
        if not self._current(res, "hint"):
            return
        view = self.view
        verdict = res.get("verdict")
        move = self._move_of(res) if verdict in ("won", "lost", "unknown") else None
        self._panel(hint_panel(res, view.game, move, view.t, view.lang))

    # ---- "Show me how" (issue 20): the whole winning line, played by the replay bar -------

    def request_line(self):
        view = self.view
        game = view.game
        if game.won or view.busy():
            return
        if self.worker is None:
            self._boot_for_position(self.request_line)
            return
        rid = self._new_request("line")
        version = view.ui.version
        self._show("wait", view.t("assist.thinking"), ("cancel",))
        self._send("line", line_request(rid, game), lambda res: self._on_line(res, version))

    def _on_line(self, res, version):
        if not self._current(res, "line") or version != self.view.ui.version:
            return
        verdict = res.get("verdict")
        if verdict == "won" and res.get("moves"):
            self.hide()
            self.dispatch(LineFound(tuple(res["moves"]), version))
            return
        move = self._move_of(res) if verdict == "unknown" and res.get("move") else None
        self._panel(line_panel(res, self.view.game, move, self.view.t, self.view.lang))

    def _go_back(self):
        self.dispatch(GoBack())   # the offer in the UI state, if it is still for this position

    # ---- winnable deals and the daily deal ----------------------------------------------

    def _on_winnable_change(self, ev):
        self.dispatch(SettingsChanged({"winnable": bool(self.winnable_box.checked)}))

    def _catalogued(self, what, *args, **kw):
        """`what` (a canfield.catalog function) or None when the catalogue cannot answer: its data is
        malformed (logged, the worker's search takes over; never shown to the player)."""
        try:
            return what(*args, **kw)
        except ValueError:
            console.error("Canfield: the catalogue of winnable deals failed: " + traceback.format_exc())
            return None

    def _deal_entry(self, entry, draw, rules, **kw):
        """Deal a catalogue entry at once: the request in flight (if any) is dropped, and the grade and par
        are known for the win dialog."""
        self._cancel()
        game = Game.new(draw=draw, rules=rules, number=entry.number)
        self.grades[game.code] = (entry.grade, entry.par)
        self.hide()
        self.dispatch(NewDeal(game, close_dialogs=True, **kw))
        return game

    def new_deal(self, draw, rules):
        """The New game dialog's Deal: a deal proved winnable when the setting is on (of the grade asked
        for, if any): from the catalogue when it has one, else searched by the worker."""
        view = self.view
        wanted = self._wanted_grade()
        game, entry = self._catalogued(catalogue_deal, view.game, draw, rules,
                                       bool(getattr(view.settings, "winnable", False)), wanted, random) or (None, None)
        if entry is not None:
            self._deal_entry(entry, draw, rules)
            return
        if game is not None:        # a plain deal: no winnable deal and no grade asked for
            self.dispatch(NewDeal(game))
            return
        if wanted:
            self.graded_deal(wanted, draw, rules)
            return
        if self.worker is None:
            if self._ensure_worker(lambda: self.new_deal(draw, rules)):
                self._show("search", view.t("assist.searching"), ("cancel",))
            else:
                self.dispatch(NewDeal(Game.new(draw=draw, rules=rules)))
                self._not_ready()
            return
        rid = self._new_request("winnable")
        self.root.dataset.search = "winnable"
        self._show("search", view.t("assist.searching"), ("cancel",))
        start = random.randrange(MAX_NUMBER + 1)
        self._send("winnable", {"id": rid, "start": start, "draw": draw, "rules": rules,
                                "tries": WINNABLE_TRIES,
                                "max_seconds": WINNABLE_SECONDS},
                   lambda res: self._on_winnable(res, draw, rules))

    def _on_winnable(self, res, draw, rules):
        if not self._current(res, "winnable"):
            return
        self.root.removeAttribute("data-search")
        verdict = res.get("verdict")
        if verdict == "cancelled":
            return
        if verdict == "won":
            self.hide()
            self.dispatch(NewDeal(Game.new(draw=draw, rules=rules, number=int(res["number"])), close_dialogs=True))
            return
        self.dispatch(NewDeal(Game.new(draw=draw, rules=rules), close_dialogs=True))
        self._show("note", self.view.t("assist.ordinary"))

    def daily(self, draw, rules):
        """The daily deal of the player's local date: from the catalogue at once when the game's is
        complete (canfield.catalog.daily_entry, as canfield.solver.daily_code), else from the worker."""
        view = self.view
        date = today()
        entry = self._catalogued(catalog.daily_entry, date, draw, rules)
        if entry is not None:
            self.daily_label = day_label(date, view.lang)
            self._deal_entry(entry, draw, rules, daily=date)
            self._show("note", view.t("assist.daily", date=self.daily_label))
            return
        if self.worker is None:
            if self._ensure_worker(lambda: self.daily(draw, rules)):
                self._show("search", view.t("assist.daily_search"), ("cancel",))
            else:
                self._not_ready()
            return
        rid = self._new_request("daily")
        date = today()
        self.daily_label = day_label(date, view.lang)
        self.root.dataset.search = "daily"
        self._show("search", view.t("assist.daily_search"), ("cancel",))
        self._send("daily", {"id": rid, "date": date, "draw": draw, "rules": rules}, self._on_daily)

    def _on_daily(self, res):
        if not self._current(res, "daily"):
            return
        self.root.removeAttribute("data-search")
        if res.get("verdict") not in ("won", "unknown"):
            if res.get("verdict") == "error":
                self._show("note", self.view.t("assist.failed"))
            return
        self.hide()
        self.dispatch(NewDeal(Game.from_code(res["code"]), close_dialogs=True, daily=str(res.get("date", ""))))
        self._show("note", self.view.t("assist.daily", date=self.daily_label or res.get("date", "")))

    # ---- grades, par and the analysis (canfield.insight) ---------------------------------

    analysis_version = -1

    def _wanted_grade(self):
        """The New game dialog's grade choice: "" for any deal."""
        sel = self.grade_select
        value = str(sel.value) if sel else ""
        return value if value in ("easy", "medium", "hard", "expert") else ""

    def graded_deal(self, wanted, draw, rules):
        """A deal the solver proves winnable, of the grade asked for."""
        view = self.view
        if self.worker is None:
            if self._ensure_worker(lambda: self.graded_deal(wanted, draw, rules)):
                self._show("search", view.t("assist.searching"), ("cancel",))
            else:
                self.dispatch(NewDeal(Game.new(draw=draw, rules=rules)))
                self._not_ready()
            return
        rid = self._new_request("graded")
        self.root.dataset.search = "graded"
        self._show("search", view.t("assist.searching"), ("cancel",))
        self._send("graded", {"id": rid, "grade": wanted, "start": random.randrange(MAX_NUMBER + 1), "draw": draw,
                              "rules": rules, "tries": GRADED_TRIES},
                   lambda res: self._on_graded(res, draw, rules))

    def _on_graded(self, res, draw, rules):
        if not self._current(res, "graded"):
            return
        self.root.removeAttribute("data-search")
        verdict = res.get("verdict")
        if verdict == "cancelled":
            return
        if verdict == "won":
            game = Game.new(draw=draw, rules=rules, number=int(res["number"]))
            self.grades[game.code] = (res.get("grade"), res.get("par"))
            self.hide()
            self.dispatch(NewDeal(game, close_dialogs=True))
            return
        self.dispatch(NewDeal(Game.new(draw=draw, rules=rules), close_dialogs=True))
        self._show("note", self.view.t("assist.ordinary"))

    def fill_win(self):
        """The win dialog's #win-grade and #win-par: known at once for a graded deal, else asked of the
        worker (the lines stay hidden until the answer, and when the deal has no grade)."""
        game = self.view.game
        code = game.code
        if code in self.grades:
            self._win_lines(*self.grades[code])
            return
        self._win_lines(None, None)
        if code is None:
            return
        if not self.root.getAttribute("data-solver"):
            self.win_wanted = True   # a game won before the solver started (a reload): asked at start()
            return

        def ask():
            rid = self._new_request("grade")
            self._send("grade", {"id": rid, "save": to_save(game)}, self._on_grade)

        self._ensure_worker(ask)

    def _on_grade(self, res):
        if not self._current(res, "grade"):
            return
        if res.get("verdict") == "won":
            self.grades[self.view.game.code] = (res.get("grade"), res.get("par"))
            self._win_lines(res.get("grade"), res.get("par"))

    def _win_lines(self, grade, par):
        t = self.view.t
        if grade and self.view.game.won:
            self.note_insight(grade=grade)
        g_el = document.getElementById("win-grade")
        p_el = document.getElementById("win-par")
        if g_el is None or p_el is None:
            return
        g_el.hidden = not grade
        p_el.hidden = par is None
        if grade:
            g_el.dataset.grade = grade
            g_el.textContent = t("win.grade", grade=t(f"grade.{grade}"))
        if par is not None:
            p_el.dataset.par = str(par)
            p_el.textContent = t("win.par", par=par, moves=len(self.view.game.history))

    def analyse(self):
        """Analyse: where the game was lost, searched in the worker with a progress and a cancel."""
        view = self.view
        self.close_dialogs()
        if self.worker is None:
            version = view.ui.version
            self.analysis_version = version
            self.analysis.running()
            if not self._ensure_worker(lambda: self.analyse() if view.ui.version == version else None):
                self.analysis.failed()
            return
        self.hide()
        rid = self._new_request("analyse")
        self.analysis_version = view.ui.version
        self.root.dataset.search = "analyse"
        game = view.game
        self.analysis.running(0, len(game.history) + 1)
        self._send("analyse", {"id": rid, "save": to_save(game)}, lambda res: self._on_analyse(res, game.copy()))
        self.progress_timer = window.setInterval(self._poll, PROGRESS_MS)

    def _ask_progress(self, *_):
        if self.pending is None or self.pending[1] != "analyse" or self.worker is None:
            self._stop_progress()
            return
        asyncio.ensure_future(self._progress(self.pending[0]))

    async def _progress(self, rid):
        try:
            p = json.loads(await self.worker.progress(rid))
        except Exception:  # a progress is only a courtesy
            return
        if self.pending is not None and self.pending[0] == rid and p.get("total"):
            self.analysis.running(int(p["checked"]), int(p["total"]))

    def _stop_progress(self):
        if self.progress_timer is not None:
            window.clearInterval(self.progress_timer)
            self.progress_timer = None

    def _on_analyse(self, res, game):
        if not self._current(res, "analyse"):
            return
        self._stop_progress()
        self.root.removeAttribute("data-search")
        verdict = res.get("verdict")
        if verdict == "cancelled":
            return
        if verdict != "done":
            self.analysis.failed()
            return
        a = res.get("analysis") or {}
        self.analysis.show(a, game)
        best = a.get("best")
        if a.get("kind") == "lost_from_start" and best and game.code == self.view.game.code:
            self.note_insight(best=int(best["cards"]), you=sum(len(f) for f in game.foundations))
        self.say(self.analysis.el.querySelector("#analysis-status").textContent)
