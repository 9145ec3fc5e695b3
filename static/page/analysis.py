# The #analysis panel on the thin page: where a lost game was lost. The worker says what it shows
# (an AnalysisPanel, static/worker/analysis_view.py's, in an answer's "analysis"); this draws it and sends its buttons
# back (`AnalysisButton`). No rule here.
#
# Test hooks on #analysis, from the value: data-state ("running", "done", "failed"),
# data-kind, data-index, data-undos (absent when null); its buttons carry data-analysis ("back", "cancel",
# "close").

from shared import vocab

MARKUP = ('<h2 id="analysis-title"></h2>'
          '<progress id="analysis-progress" max="1" value="0" aria-labelledby="analysis-status"></progress>'
          '<p id="analysis-status" role="status"></p>'
          '<p id="analysis-best"></p>'
          '<div id="analysis-timeline" class="timeline" role="img"></div>'
          '<div class="assist-buttons">'
          '<button type="button" data-analysis="back"></button>'
          '<button type="button" data-analysis="cancel"></button>'
          '<button type="button" data-analysis="close" class="close"></button></div>')


class AnalysisPanel:
    def __init__(self, document, send):
        self.document = document
        self.send = send
        self.el = None
        self.btn = {}
        self.shown = None          # the timeline drawn: (moves, first lost), not drawn again while the same

    def _build(self, proxy):
        d = self.document
        el = d.createElement("section")
        el.id = "analysis"
        el.className = "analysis"
        el.hidden = True
        el.setAttribute("aria-labelledby", "analysis-title")
        el.innerHTML = MARKUP
        dock = d.getElementById("dock")     # below the board, which leaves it free
        if dock is not None:
            dock.appendChild(el)
        else:
            anchor = d.getElementById("notice")
            anchor.parentNode.insertBefore(el, anchor)
        buttons = el.querySelectorAll("button")
        for i in range(buttons.length):
            b = buttons.item(i)
            name = str(b.dataset.analysis)
            self.btn[name] = b
            b.addEventListener("click", proxy(self._clicker(name)))
        self.el = el

    def _clicker(self, name):
        def clicked(*_):
            if self.el is not None:
                self.el.hidden = True          # at once; the worker's answer says the same
            self.send(vocab.AnalysisButton(name))
        return clicked

    def apply(self, value, proxy):
        """Draw the panel as `value` (an AnalysisPanel, static/worker/analysis_view.py's) says."""
        if not value.open:
            if self.el is not None:
                self.el.hidden = True
            return
        if self.el is None:
            self._build(proxy)
        el, q = self.el, self.el.querySelector
        el.dataset.state = value.state
        for name in ("kind", "index", "undos"):
            v = getattr(value, name)
            if v is None:
                el.removeAttribute("data-" + name)
            else:
                el.setAttribute("data-" + name, str(v))
        q("#analysis-title").textContent = value.title
        q("#analysis-status").textContent = value.status
        bar = q("#analysis-progress")
        progress = value.progress
        bar.hidden = progress is None
        if progress is not None:
            bar.max = progress[1]
            bar.value = progress[0]
        best = q("#analysis-best")
        best.hidden = not value.best
        best.textContent = value.best or ""
        back = self.btn["back"]
        back.hidden = not value.back
        back.textContent = value.back or ""
        cancel = self.btn["cancel"]
        cancel.hidden = not value.cancel
        cancel.textContent = value.cancel or ""
        close = self.btn["close"]
        close.textContent = "×"
        close.setAttribute("aria-label", value.close)
        close.title = value.close
        self._timeline(value.timeline)
        el.hidden = False

    def _timeline(self, timeline):
        """One mark per move; from the losing move on in red (-1: every move; None: none)."""
        n, lost, label = timeline.moves, timeline.lost, timeline.label
        box = self.el.querySelector("#analysis-timeline")
        box.setAttribute("aria-label", label)
        box.hidden = n == 0
        if self.shown == (n, lost):
            return
        self.shown = (n, lost)
        box.innerHTML = ""
        d = self.document
        for i in range(n):
            mark = d.createElement("span")
            if lost is not None and i >= lost:
                mark.className = "lost first" if i == lost else "lost"
            box.appendChild(mark)
