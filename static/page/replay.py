"""The replay bar (issue 20): the buttons that step through a game link's moves or the solver's line
("Show me how"), and "Play from here".

The moves ahead are the engine's redo moves and the moves behind its undo history, so each button is
one `Replay` action for the controller (static/worker/controller.py), which steps the game; this module only
builds the bar and draws the controller's state on it. Test hooks: `#replay` (hidden when no replay is
on), its buttons `data-replay` = start, back, play, forward, end, take; the play button's `aria-pressed`
says whether it plays, and `#replay[data-at]` is "done/total". It draws the `ReplayBar` that
static/worker/handle_replays.py `bar_state` makes (the worker computes it): it runs under the page's
MicroPython.
"""

from shared.vocab import Replay

BUTTONS = ("start", "back", "play", "forward", "end")   # each drawn by index.html's icon of its name


def icon(name):
    """The markup of index.html's icon `name` (its svg.icons symbol #i-NAME)."""
    return ('<svg class="ico" aria-hidden="true" focusable="false"><use href="#i-' + name
            + '"></use></svg>')


def show_icon(button, name):
    """Draw the icon `name` in `button` (its svg.ico's symbol)."""
    use = button.querySelector("svg.ico use")
    if use is not None:
        use.setAttribute("href", "#i-" + name)


class ReplayBar:
    def __init__(self, dispatch):
        from js import document   # the page only (importable under CPython for its tests)

        self.dispatch = dispatch
        bar = document.createElement("div")
        bar.id = "replay"
        bar.className = "replay"
        bar.setAttribute("role", "toolbar")
        bar.hidden = True
        html = ['<span class="replay-at" aria-hidden="true"></span>']
        for name in BUTTONS:
            html.append('<button type="button" data-replay="' + name + '">' + icon(name) + '</button>')
        html.append('<button type="button" data-replay="take" class="take"></button>')
        bar.innerHTML = "".join(html)
        dock = document.getElementById("dock")   # below the board, which leaves it free
        if dock is not None:
            dock.appendChild(bar)
        else:
            notice = document.getElementById("notice")
            notice.parentNode.insertBefore(bar, notice)
        self.bar = bar
        self.show = document.querySelector('[data-action="show-me-how"]')   # the toolbar's Show me how
        self.at = bar.querySelector(".replay-at")
        self.btn = {}
        buttons = bar.querySelectorAll("button")
        for i in range(buttons.length):
            self.btn[str(buttons.item(i).dataset.replay)] = buttons.item(i)

    def bind(self, listen):
        """`listen(button, name, handler)` for each button (each page has its own way to listen)."""
        for name in self.btn:
            listen(self.btn[name], name, lambda ev, name=name: self.dispatch(Replay(name)))

    def sync(self, state):
        """Draw the replay's state (a ReplayBar, handle_replays.bar_state): shown or not, where it stands,
        play or pause; the toolbar's Show me how reads Pause while the solver's line plays."""
        self.bar.hidden = not state.on
        self._sync_show(state)
        if not state.on:
            return
        done, total, playing, labels = state.done, state.total, state.playing, state.labels
        self.bar.setAttribute("aria-label", state.label)
        self.bar.dataset.at = str(done) + "/" + str(total)
        self.at.textContent = str(done) + " / " + str(total)
        for name in self.btn:
            btn = self.btn[name]
            if name == "take":
                btn.textContent = labels[name]
            else:
                btn.setAttribute("aria-label", labels[name])
                btn.title = labels[name]
        self.btn["play"].setAttribute("aria-pressed", "true" if playing else "false")
        show_icon(self.btn["play"], "pause" if playing else "play")
        self.btn["start"].disabled = self.btn["back"].disabled = done == 0
        self.btn["forward"].disabled = self.btn["end"].disabled = done == total
        self.btn["play"].disabled = done == total and not playing

    def _sync_show(self, state):
        show = self.show
        if show is None or "show_me_how" not in state.labels:
            return
        label = state.labels["show_me_how"]
        show.setAttribute("aria-pressed", "true" if state.showing else "false")
        show.setAttribute("aria-label", label)
        show.title = label
        show_icon(show, "pause" if state.showing else "play")
        text = show.querySelector(".txt")
        if text is not None:
            text.textContent = label
