"""The dialogs: New game, Settings, the win, the rules and help, and the confirmation before leaving a
started game.

Opening, filling and closing them happens here; what their buttons mean is an action for the
controller: a deal, a restart, the answer to the confirmation, the settings changed (`SettingsChanged`).
The module is given `dispatch`, `dispatch_after_frame`, a read-only view of the page and the records
(static/ui/persist.py, read only: the win dialog's time, personal best and daily deals).
"""

from __future__ import annotations

from js import document

from .vocab import Announce, Answer, Button, DialogClosed, SettingsChanged
from . import dates
from .counters import best_text, clock_text, moves_made, next_daily, records_beaten
from canfield.rules import get_rules

from .choices import fill_select, offered_names, offered_rulesets, rules_groups, rules_note, successor
from .rules_view import draw_note, rules_html
from .settings import CHOICES, TOGGLES, form_name

NAMES = ("new", "settings", "win", "stats", "confirm", "rules")


class Dialogs:
    def __init__(self, dispatch, dispatch_after_frame, view, records):
        self.dispatch = dispatch
        self.dispatch_after_frame = dispatch_after_frame
        self.view = view
        self.records = records
        self.el = {name: document.getElementById(f"dlg-{name}") for name in NAMES}
        self.next_daily = None   # the win dialog's offer: "today", "tomorrow" or None (counters.next_daily)

    def bind(self, events):
        for btn in document.querySelectorAll("[data-dialog]"):
            events.listen(btn, "click", f"dialog-{btn.dataset.dialog}", self._on_button)
        events.listen(self.el["settings"], "change", "settings-change", self._on_settings_change)
        events.listen(self.el["new"].querySelector('select[name="rules"]'), "change", "new-rules",
                      lambda ev: self._sync_draw(self.el["new"]))
        # Escape on the confirmation is its No
        events.listen(self.el["confirm"], "cancel", "confirm-cancel", lambda ev: self._answer(False))
        for dlg in self.el.values():
            events.listen(dlg, "close", f"close-{dlg.id}", lambda ev: self.dispatch(DialogClosed()))

    def busy(self) -> bool:
        return any(d.open for d in self.el.values())

    def close_all(self):
        for dlg in self.el.values():
            if dlg.open:
                dlg.close()

    def open(self, name):
        """Open the dialog `name` (the statistics dialog is static/ui/stats_view.py's)."""
        dlg = self.el[name]
        view = self.view
        game = view.game
        if name == "new":
            fixed = game.rules.draws is not None
            for radio in dlg.querySelectorAll('input[name="draw"]'):
                # a fixed-draw game's draw is not the player's choice: keep theirs (settings) for the others
                radio.checked = radio.value == str(view.settings.draw if fixed else game.draw)
            # the games grouped by deck count (filled here: the language may have changed since)
            select = dlg.querySelector('select[name="rules"]')
            fill_select(select, rules_groups(view.t))
            # a legacy game (an old Storehouse SH1) preselects the game that replaced it
            select.value = successor(game.rules.name)
            self._sync_draw(dlg)
        elif name == "settings":
            s = view.settings
            for field in TOGGLES:
                dlg.querySelector(f'input[name="{form_name(field)}"]').checked = getattr(s, field)
            for field in CHOICES:  # theme, card back, table
                dlg.querySelector(f'select[name="{field}"]').value = getattr(s, field)
            dlg.querySelector('select[name="lang"]').value = view.lang
        elif name == "rules":  # the rules of the rule set being played, and how to play
            document.getElementById("rules-body").innerHTML = rules_html(
                game.rules, view.t, view.lang, game.draw)
        elif name == "win":
            self._fill_win(game)
            if dlg.open:
                return
        self.close_all()
        dlg.showModal()

    def _fill_win(self, game):
        """Score, moves, time, the personal record beaten (if any) and, after a daily deal, the next one."""
        t, lang = self.view.t, self.view.lang
        records = self.records
        document.getElementById("win-score").textContent = t("win.score", score=game.score)
        document.getElementById("win-moves").textContent = t("win.moves", moves=moves_made(game))
        document.getElementById("win-time").textContent = t("win.time", time=clock_text(records.elapsed()))
        won = records.last_win
        beaten = []
        if won is not None and won["id"] == records.id:
            beaten = records_beaten(won["before"], won["score"], won["seconds"], won["moves"])
        best = document.getElementById("win-best")
        best.textContent = best_text(beaten, t)
        best.hidden = not beaten
        challenge = document.getElementById("win-challenge")   # a challenge link's result (issue 20)
        if challenge is not None:
            to_beat = self.view.ui.challenge
            moves = moves_made(game)
            if to_beat is not None:
                key = "win.challenge.beaten" if moves < to_beat else "win.challenge.missed"
                challenge.textContent = t(key, moves=to_beat)
            challenge.hidden = to_beat is None
        today = dates.today()
        nxt = next_daily(records.daily, today, records.dailies)
        self.next_daily = nxt
        line = document.getElementById("win-daily")
        if nxt == "today":
            line.textContent = t("win.daily.today", date=dates.day_label(today, lang))
        elif nxt == "tomorrow":
            line.textContent = t("win.daily.tomorrow", date=dates.day_label(dates.add_days(today, 1), lang))
        line.hidden = nxt is None
        self.el["win"].querySelector('[data-dialog="next-daily"]').hidden = nxt is None

    def _next_daily(self, dlg):
        """The win dialog's Next daily deal: today's when it is there to play, else when the next one comes."""
        if self.next_daily == "today":
            game = self.view.game
            dlg.close()
            self.dispatch_after_frame(Button("daily", draw=game.draw, rules=game.rules.name))
        else:
            self.dispatch(Announce(document.getElementById("win-daily").textContent))

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
            self.dispatch_after_frame(Answer(yes))
        else:
            self.dispatch(Answer(yes))

    def _sync_draw(self, dlg):
        """The draw choice for the rule set selected: offered when the player chooses, else disabled with
        the line that says which draw the game uses (the engine picks it: the choice would be ignored)."""
        rules = dlg.querySelector('select[name="rules"]').value
        offered = offered_rulesets()
        note = draw_note(get_rules(rules if rules in offered else next(iter(offered))), self.view.t)
        fieldset = dlg.querySelector("fieldset")
        for radio in fieldset.querySelectorAll('input[name="draw"]'):
            radio.disabled = note is not None
        line = fieldset.querySelector("[data-draw-note]")
        if not line:   # JS null (pyodide's jsnull is not None, and is falsy): the first time
            line = document.createElement("small")   # a grid item of the fieldset: a line of its own
            line.setAttribute("data-draw-note", "")
            line.id = "newgame-draw-note"
            fieldset.appendChild(line)
            fieldset.setAttribute("aria-describedby", line.id)
        line.textContent = note or ""
        line.hidden = note is None
        self._sync_rules_note(dlg, rules if rules in offered else next(iter(offered)))

    def _sync_rules_note(self, dlg, rules):
        """The line under the rule set's choice that says what is special about the game selected."""
        select = dlg.querySelector('select[name="rules"]')
        line = dlg.querySelector("[data-rules-note]")
        if not line:   # JS null: the first time
            line = document.createElement("small")
            line.setAttribute("data-rules-note", "")
            line.id = "newgame-rules-note"
            line.className = "rules-note"
            select.closest("label").insertAdjacentElement("afterend", line)
            select.setAttribute("aria-describedby", line.id)
        line.textContent = rules_note(rules, self.view.t)

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
            self.dispatch_after_frame(Button(what, draw=draw, rules=rules))   # app.py: why
        elif what == "restart":
            dlg.close()
            self.dispatch_after_frame(Button("restart"))
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
        """Any change in the Settings dialog: every field read from the form, one SettingsChanged."""
        dlg = self.el["settings"]
        changes = {}
        for field in TOGGLES:
            changes[field] = bool(dlg.querySelector(f'input[name="{form_name(field)}"]').checked)
        for field, allowed in CHOICES.items():  # theme, card back, table
            value = dlg.querySelector(f'select[name="{field}"]').value
            changes[field] = value if value in allowed else allowed[0]
        lang = dlg.querySelector('select[name="lang"]').value
        if lang != self.view.lang:
            changes["lang"] = lang
        self.dispatch(SettingsChanged(changes))
