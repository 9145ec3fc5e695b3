"""The dialogs: New game, Settings, the win, the rules and help, and the confirmation before leaving a
started game.

Opening, filling and closing them happens here; what their buttons mean is an action for the
controller (a deal, a restart, the answer to the confirmation), or, for the settings, a call on the
page's public methods (`set_language`, `save_settings`, `apply_settings`).
"""

from __future__ import annotations

from js import document

from .controller import Answer, AutoFinish, Button
from . import dates
from .counters import best_text, clock_text, moves_made, next_daily, records_beaten
from .choices import offered_names
from .rules_view import rules_html
from .settings import CHOICES, TOGGLES

NAMES = ("new", "settings", "win", "stats", "confirm", "rules")


class Dialogs:
    def __init__(self, app):
        self.app = app
        self.el = {name: document.getElementById(f"dlg-{name}") for name in NAMES}
        self.next_daily = None   # the win dialog's offer: "today", "tomorrow" or None (counters.next_daily)

    def bind(self, proxy):
        for btn in document.querySelectorAll("[data-dialog]"):
            btn.addEventListener("click", proxy(f"dialog-{btn.dataset.dialog}", self._on_button))
        self.el["settings"].addEventListener("change", proxy("settings-change", self._on_settings_change))
        # Escape on the confirmation is its No
        self.el["confirm"].addEventListener("cancel", proxy("confirm-cancel", lambda ev: self._answer(False)))
        for dlg in self.el.values():
            dlg.addEventListener("close", proxy(f"close-{dlg.id}", lambda ev: self.app.refocus()))

    def busy(self) -> bool:
        return any(d.open for d in self.el.values())

    def close_all(self):
        for dlg in self.el.values():
            if dlg.open:
                dlg.close()

    def open(self, name):
        if name == "stats":
            self.app.stats_view.open()
            return
        dlg = self.el[name]
        game = self.app.controller.game
        if name == "new":
            for radio in dlg.querySelectorAll('input[name="draw"]'):
                radio.checked = radio.value == str(game.draw)
            dlg.querySelector('select[name="rules"]').value = game.rules.name
        elif name == "settings":
            s = self.app.settings
            for field in TOGGLES:
                dlg.querySelector(f'input[name="{field}"]').checked = getattr(s, field)
            for field in CHOICES:  # theme, card back, table
                dlg.querySelector(f'select[name="{field}"]').value = getattr(s, field)
            dlg.querySelector('select[name="lang"]').value = self.app.lang
        elif name == "rules":  # the rules of the rule set being played, and how to play
            document.getElementById("rules-body").innerHTML = rules_html(
                game.rules, self.app.t, self.app.lang, game.draw)
        elif name == "win":
            self._fill_win(game)
            if dlg.open:
                return
        self.close_all()
        dlg.showModal()

    def _fill_win(self, game):
        """Score, moves, time, the personal record beaten (if any) and, after a daily deal, the next one."""
        app, t = self.app, self.app.t
        keeper = app.keeper
        document.getElementById("win-score").textContent = t("win.score", score=game.score)
        document.getElementById("win-moves").textContent = t("win.moves", moves=moves_made(game))
        document.getElementById("win-time").textContent = t("win.time", time=clock_text(keeper.elapsed()))
        won = keeper.last_win
        records = []
        if won is not None and won["id"] == keeper.id:
            records = records_beaten(won["before"], won["score"], won["seconds"], won["moves"])
        best = document.getElementById("win-best")
        best.textContent = best_text(records, t)
        best.hidden = not records
        today = dates.today()
        nxt = next_daily(keeper.daily, today, keeper.dailies)
        self.next_daily = nxt
        line = document.getElementById("win-daily")
        if nxt == "today":
            line.textContent = t("win.daily.today", date=dates.day_label(today, app.lang))
        elif nxt == "tomorrow":
            line.textContent = t("win.daily.tomorrow", date=dates.day_label(dates.add_days(today, 1), app.lang))
        line.hidden = nxt is None
        self.el["win"].querySelector('[data-dialog="next-daily"]').hidden = nxt is None

    def _next_daily(self, dlg):
        """The win dialog's Next daily deal: today's when it is there to play, else when the next one comes."""
        if self.next_daily == "today":
            game = self.app.controller.game
            dlg.close()
            self.app.dispatch_after_frame(Button("daily", draw=game.draw, rules=game.rules.name))
        else:
            self.app.say(document.getElementById("win-daily").textContent)

    def confirm(self, text):
        dlg = self.el["confirm"]
        document.getElementById("confirm-text").textContent = text
        self.close_all()
        dlg.showModal()
        dlg.querySelector('[data-dialog="confirm-no"]').focus()

    def _answer(self, yes):
        dlg = self.el["confirm"]
        if dlg.open:
            dlg.close()
        if yes:                          # a deal, most often: after the closed dialog is drawn
            self.app.dispatch_after_frame(Answer(yes))
        else:
            self.app.dispatch(Answer(yes))

    def _choice(self, dlg):
        checked = dlg.querySelector('input[name="draw"]:checked')
        draw = int(checked.value) if checked else 3
        rules = dlg.querySelector('select[name="rules"]').value
        offered = offered_names()
        return draw, rules if rules in offered else offered[0]

    def _on_button(self, ev):
        what = ev.currentTarget.dataset.dialog
        dlg = ev.currentTarget.closest("dialog")
        if what == "close":
            dlg.close()
        elif what in ("deal", "daily"):
            draw, rules = self._choice(dlg)
            dlg.close()
            self.app.dispatch_after_frame(Button(what, draw=draw, rules=rules))   # app.py: why
        elif what == "restart":
            dlg.close()
            self.app.dispatch_after_frame(Button("restart"))
        elif what == "new":
            dlg.close()
            self.open("new")
        elif what == "next-daily":
            self._next_daily(dlg)
        elif what == "confirm-yes":
            self._answer(True)
        elif what == "confirm-no":
            self._answer(False)

    def _on_settings_change(self, ev):
        dlg = self.el["settings"]
        s = self.app.settings
        for field in TOGGLES:
            setattr(s, field, bool(dlg.querySelector(f'input[name="{field}"]').checked))
        for field, allowed in CHOICES.items():  # theme, card back, table
            value = dlg.querySelector(f'select[name="{field}"]').value
            setattr(s, field, value if value in allowed else allowed[0])
        lang = dlg.querySelector('select[name="lang"]').value
        self.app.apply_settings()
        if lang != self.app.lang:
            s.lang = lang
            self.app.set_language(lang)
        self.app.save_settings()
        if s.auto_finish:
            self.app.dispatch(AutoFinish())
