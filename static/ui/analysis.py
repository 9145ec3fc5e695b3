"""The #analysis panel: where a lost game was lost, as the solver's worker found it (static/ui/hint.py
asks; canfield.insight.LostMoveSearch searches).

It shows the progress while the worker replays the game's positions (with a cancel), then the answer in
words, a small timeline of the game's moves (those after the losing move in red), the best the first lost
position allows against the player's cards, and a button that goes back to the position just before the
losing move (`GoBack`: undos, so the rest stays in redo).

Test hooks on #analysis: ``data-state`` ("running", "done", "cancelled", "failed"), ``data-kind`` (the
Analysis kind: "lost_at", "lost_from_start", "still_winnable", "won", "not_proved"), ``data-index`` (the
losing move, 0-based), ``data-undos``; its buttons carry ``data-analysis`` ("back", "cancel", "close").
"""

from __future__ import annotations

from js import document

from .vocab import GoBack


def foundation_cards(game) -> int:
    return sum(len(f) for f in game.foundations)


class AnalysisPanel:
    def __init__(self, view, dispatch, on_cancel):
        self.view = view
        self.dispatch = dispatch
        self.on_cancel = on_cancel
        self.result = None          # the Analysis (as a dict) shown, with the game's history length
        self.moves = 0
        el = document.createElement("section")
        el.id = "analysis"
        el.className = "analysis"
        el.hidden = True
        el.setAttribute("aria-labelledby", "analysis-title")
        el.innerHTML = (
            '<h2 id="analysis-title"></h2>'
            '<progress id="analysis-progress" max="1" value="0" aria-labelledby="analysis-status"></progress>'
            '<p id="analysis-status" role="status"></p>'
            '<p id="analysis-best"></p>'
            '<div id="analysis-timeline" class="timeline" role="img"></div>'
            '<div class="assist-buttons">'
            '<button type="button" data-analysis="back"></button>'
            '<button type="button" data-analysis="cancel"></button>'
            '<button type="button" data-analysis="close" class="close"></button></div>'
        )
        dock = document.getElementById("dock")   # below the board, which leaves it free
        if dock is not None:
            dock.appendChild(el)
        else:
            anchor = document.getElementById("notice")
            anchor.parentNode.insertBefore(el, anchor)
        self.el = el
        self.btn = {b.dataset.analysis: b for b in el.querySelectorAll("button")}

    def bind(self, events):
        for name, btn in self.btn.items():
            events.listen(btn, "click", f"analysis-{name}", lambda ev, name=name: self._on_button(name))

    @property
    def open(self) -> bool:
        return not self.el.hidden

    def _labels(self):
        t = self.view.t
        self.el.querySelector("#analysis-title").textContent = t("analyse.title")
        self.btn["cancel"].textContent = t("assist.cancel")
        close = self.btn["close"]
        close.textContent = "×"
        close.setAttribute("aria-label", t("action.close"))
        close.title = t("action.close")

    def _on_button(self, name):
        if name == "back":
            undos = self.el.getAttribute("data-undos")
            self.hide()
            if undos:
                self.dispatch(GoBack(int(undos)))
        elif name == "cancel":
            self.on_cancel()
            self.el.dataset.state = "cancelled"
            self.hide()
        elif name == "close":
            if self.el.dataset.state == "running":
                self.on_cancel()
            self.hide()

    def hide(self):
        self.el.hidden = True

    def running(self, checked=0, total=0):
        """The worker is replaying the game: the progress so far."""
        t = self.view.t
        el = self.el
        self._labels()
        el.dataset.state = "running"
        for name in ("kind", "index", "undos"):
            el.removeAttribute(f"data-{name}")
        bar = el.querySelector("#analysis-progress")
        bar.hidden = False
        bar.max = max(1, total)
        bar.value = checked
        el.querySelector("#analysis-status").textContent = t("analyse.running", checked=checked,
                                                              total=total or "…")
        el.querySelector("#analysis-best").hidden = True
        el.querySelector("#analysis-timeline").hidden = True
        self.btn["back"].hidden = True
        self.btn["cancel"].hidden = False
        el.hidden = False

    def failed(self):
        self.el.dataset.state = "failed"
        self.el.querySelector("#analysis-status").textContent = self.view.t("assist.failed")
        self.el.querySelector("#analysis-progress").hidden = True
        self.btn["cancel"].hidden = True

    def show(self, a: dict, game):
        """The answer (canfield.insight.Analysis.as_dict()) for `game` (the position it was asked for)."""
        t = self.view.t
        el = self.el
        self._labels()
        kind = a.get("kind")
        el.dataset.state = "done"
        el.dataset.kind = str(kind)
        el.querySelector("#analysis-progress").hidden = True
        self.btn["cancel"].hidden = True
        status = el.querySelector("#analysis-status")
        n = len(game.history)
        index = a.get("index")
        back = self.btn["back"]
        back.hidden = True
        if kind == "lost_at" and index is not None:
            el.setAttribute("data-index", str(index))
            el.setAttribute("data-undos", str(a.get("undos")))
            status.textContent = t("analyse.lost_at", n=index + 1, move=self._words(game, index))
            back.textContent = t("analyse.back", n=index + 1)
            back.hidden = False
        elif kind in ("lost_from_start", "still_winnable", "won", "not_proved"):
            status.textContent = t(f"analyse.{kind}")
        else:
            status.textContent = t("assist.failed")
        best = a.get("best")
        line = el.querySelector("#analysis-best")
        if best:
            key = "analyse.best" if best.get("exact") else "analyse.best.bound"
            line.textContent = t(key, best=best.get("cards"), you=foundation_cards(game))
            line.hidden = False
        else:
            line.hidden = True
        self._timeline(n, index if kind == "lost_at" else (-1 if kind == "lost_from_start" else None))
        el.hidden = False

    def _words(self, game, index):
        """The losing move in the engine's words, read at the position it was played from."""
        g = game.copy()
        for _ in range(len(g.history) - index):
            g.undo()
        move = g.redo()
        if move is None:
            return ""
        if move.src == "S":
            return self.view.t("assist.hint.draw")
        if move.dst == "S":
            return self.view.t("assist.hint.recycle")
        return g.describe_move(move, self.view.lang)

    def _timeline(self, n, lost):
        """One mark per move; from the losing move on (`lost`; -1: every move; None: none) in red."""
        box = self.el.querySelector("#analysis-timeline")
        box.innerHTML = ""
        box.setAttribute("aria-label", self.view.t("analyse.timeline"))
        for i in range(n):
            mark = document.createElement("span")
            if lost is not None and i >= lost:
                mark.className = "lost first" if i == lost else "lost"
            box.appendChild(mark)
        box.hidden = n == 0
