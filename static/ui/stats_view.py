"""The statistics dialog: the counts of one rule set and draw, reset with a confirmation,
export to a JSON file (a Blob URL: nothing leaves the page's origin) and import from one.

The counting itself is canfield.stats, driven by ui.persist.Records; this module shows it, and hands
the dialog's reset, import and export to the records (persist.Records). It reads the game through a read-only view.
"""

from __future__ import annotations

import traceback

from canfield.stats import InvalidStats, key as stats_key
from js import Blob, Object, URL, console, document, window
from pyodide.ffi import create_once_callable, to_js

from .choices import fill_select, offered_names, rules_options
from canfield.stats import GRADES as GRADE_NAMES

from .persist import import_reason, stats_rows

EXPORT_NAME = "canfield-statistics.json"


class StatsView:
    def __init__(self, view, records, close_dialogs, guard):
        self.view = view
        self.records = records
        self.close_dialogs = close_dialogs
        self.guard = guard
        self.dlg = document.getElementById("dlg-stats")
        self.rules = self.dlg.querySelector('select[name="stats-rules"]')
        self.draw = self.dlg.querySelector('select[name="stats-draw"]')
        self.file = self.dlg.querySelector('input[type="file"]')
        self.message = document.getElementById("stats-message")
        self.confirm = document.getElementById("stats-confirm")
        self.button = document.querySelector('header [data-action="stats"]')

    def bind(self, events):
        for btn in self.dlg.querySelectorAll("[data-stats]"):
            events.listen(btn, "click", f"stats-{btn.dataset.stats}", self._on_button)
        events.listen(self.rules, "change", "stats-rules", lambda ev: self.show())
        events.listen(self.draw, "change", "stats-draw", lambda ev: self.show())
        events.listen(self.file, "change", "stats-file", self._on_file)
        if self.button is not None:
            self.button.disabled = False

    # ---- showing --------------------------------------------------------------------------

    def open(self):
        game = self.view.game
        fill_select(self.rules, rules_options(self.view.t))
        self.rules.value = game.rules.name
        self.draw.value = str(game.draw)
        self._say(None)
        self.confirm.hidden = True
        self.show()
        self.close_dialogs()
        self.dlg.showModal()

    def current_key(self):
        rules = self.rules.value if self.rules.value in offered_names() else self.view.game.rules.name
        draw = 1 if self.draw.value == "1" else 3
        return stats_key(rules, draw)

    def show(self):
        table = self.records.stats.table(self.current_key())
        for name, text in stats_rows(table, self.view.t):
            el = document.getElementById(f"stats-{name}")
            if el is not None:
                el.textContent = text
        self._insight_rows(table)

    def _insight_rows(self, table):
        """Wins per grade and the lost deals' best against the player's cards (canfield.insight)."""
        t = self.view.t
        grades = table.get("grades") or {}
        el = document.getElementById("stats-grades")
        if el is not None:
            el.textContent = ", ".join(f"{t('grade.' + g)} {grades[g]}" for g in GRADE_NAMES if grades.get(g)) or t(
                "stats.none")
        lb = table.get("lost_best")
        el = document.getElementById("stats-best_lost")
        if el is not None:
            el.textContent = (t("analyse.best", best=round(lb["best"] / lb["games"], 1),
                                you=round(lb["you"] / lb["games"], 1)) if lb and lb.get("games") else t("stats.none"))

    def refresh(self):
        if self.dlg.open:
            self.show()

    def _say(self, text, error=False):
        if not text:
            self.message.hidden = True
            self.message.textContent = ""
            return
        self.message.textContent = text
        self.message.classList.toggle("error", error)
        self.message.hidden = False

    # ---- buttons --------------------------------------------------------------------------

    def _on_button(self, ev):
        what = ev.currentTarget.dataset.stats
        t = self.view.t
        if what == "reset":
            self._say(None)
            self.confirm.hidden = False
            self.confirm.querySelector('[data-stats="reset-no"]').focus()
        elif what == "reset-no":
            self.confirm.hidden = True
        elif what == "reset-yes":
            self.confirm.hidden = True
            self.records.reset_stats()
            self.show()
            self._say(t("stats.reset_done"))
        elif what == "export":
            self.confirm.hidden = True
            self._export()
        elif what == "import":
            self.confirm.hidden = True
            self._say(None)
            self.file.value = ""
            self.file.click()

    def _export(self):
        text = self.records.export_stats()
        blob = Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=Object.fromEntries))
        url = URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = EXPORT_NAME
        link.hidden = True
        self.dlg.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: URL.revokeObjectURL(url)), 60_000)
        self._say(self.view.t("stats.exported", name=EXPORT_NAME))

    def _on_file(self, ev):
        files = self.file.files
        if files is None or files.length == 0:
            return
        chosen = files.item(0)
        t = self.view.t

        def loaded(text):
            try:
                self.records.import_stats(text)
            except InvalidStats as exc:
                self._say(t("stats.import_error", reason=import_reason(exc, t)), error=True)
                return
            except Exception:  # never a traceback on the page
                console.error("Canfield: " + traceback.format_exc())
                self._say(t("stats.import_error", reason="?"), error=True)
                return
            self.show()
            self._say(t("stats.imported"))

        def failed(err):
            self._say(t("stats.import_error", reason=str(err)), error=True)

        if chosen.size > 1_000_000:
            self._say(t("stats.import_error", reason=t("stats.too_large")), error=True)
            return
        chosen.text().then(create_once_callable(self.guard(loaded)),
                           create_once_callable(self.guard(failed)))
