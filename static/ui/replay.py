"""The replay bar (issue 20): the buttons that step through a game link's moves or the solver's line
("Show me how"), and "Play from here".

The moves ahead are the engine's redo moves and the moves behind its undo history, so each button is
one `Replay` action for the controller (static/ui/controller.py), which steps the game; this module only
builds the bar and draws the controller's state on it. Test hooks: `#replay` (hidden when no replay is
on), its buttons `data-replay` = start, back, play, forward, end, take; the play button's `aria-pressed`
says whether it plays, and `#replay[data-at]` is "done/total".
"""

from __future__ import annotations

from js import document

from .vocab import Replay

BUTTONS = (("start", "⏮"), ("back", "‹"), ("play", "▶"), ("forward", "›"), ("end", "⏭"))


class ReplayBar:
    def __init__(self, dispatch, view):
        self.dispatch = dispatch
        self.view = view
        bar = document.createElement("div")
        bar.id = "replay"
        bar.className = "replay"
        bar.setAttribute("role", "toolbar")
        bar.hidden = True
        html = ['<span class="replay-at" aria-hidden="true"></span>']
        for name, icon in BUTTONS:
            html.append(f'<button type="button" data-replay="{name}"><span aria-hidden="true">{icon}</span></button>')
        html.append('<button type="button" data-replay="take" class="take"></button>')
        bar.innerHTML = "".join(html)
        dock = document.getElementById("dock")   # below the board, which leaves it free
        if dock is not None:
            dock.appendChild(bar)
        else:
            notice = document.getElementById("notice")
            notice.parentNode.insertBefore(bar, notice)
        self.bar = bar
        self.at = bar.querySelector(".replay-at")
        self.btn = {b.dataset.replay: b for b in bar.querySelectorAll("button")}

    def bind(self, events):
        for name, btn in self.btn.items():
            events.listen(btn, "click", f"replay-{name}", lambda ev, name=name: self.dispatch(Replay(name)))

    def sync(self, *_):
        """Draw the controller's replay state: shown or not, where it stands, play or pause."""
        ui, game, t = self.view.ui, self.view.game, self.view.t
        replay = ui.replay
        self.bar.hidden = replay is None
        if replay is None:
            return
        done, total = len(game.history), len(game.history) + len(game.redo_moves)
        self.bar.setAttribute("aria-label", t("replay.label"))
        self.bar.dataset.at = f"{done}/{total}"
        self.at.textContent = f"{done} / {total}"
        for name, btn in self.btn.items():
            label = t("replay.pause" if name == "play" and replay.playing else f"replay.{name}")
            if name == "take":
                btn.textContent = label
            else:
                btn.setAttribute("aria-label", label)
                btn.title = label
        self.btn["play"].setAttribute("aria-pressed", "true" if replay.playing else "false")
        self.btn["play"].firstChild.textContent = "❚❚" if replay.playing else "▶"
        self.btn["start"].disabled = self.btn["back"].disabled = done == 0
        self.btn["forward"].disabled = self.btn["end"].disabled = done == total
        self.btn["play"].disabled = done == total and not replay.playing
