"""The effects only the page can do, in one place (a part of static/page/layer.py's `Layer`): the worker's
reply lists them (static/shared/vocab.py's effects) and `perform` runs each: the live region, a notice's
timer, the address, focus, a shake, the next step of an auto-finish or a replay, the clipboard and the
share sheet, the sound, a dialog; and the win cascade (static/page/celebrate.py) from the worker's plan.
Runs under MicroPython, imports under CPython."""

from shared import vocab
from shared.table import code_from_hash

class PageEffects:
    """The layer's effects (a mixin of `Layer`)."""

    def perform(self, e):
        kind = e.kind
        if kind == "say":
            self.announcer.say(e.text)
        elif kind == "notice":
            if self.notice_timer is not None:
                self.window.clearTimeout(self.notice_timer)
            self.later(e.ms, vocab.HideNotice(e.seq), notice=True)
        elif kind == "hash":
            self._write_hash(e.code, e.push)
        elif kind == "focus":             # the worker moved the cursor there: it knows, no Focus goes back
            self.focusing = e.pile
            try:
                self.renderer.pile_element(e.pile).focus()
            finally:
                self.focusing = None
        elif kind == "shake":
            self._shake(e.pile, e.count)
        elif kind == "finish_step":
            self.after_frame.append((e.ms, vocab.FinishStep(e.seq)))
        elif kind == "replay_step":
            self.later(e.ms, vocab.ReplayTick(e.seq))
        elif kind == "copy":
            self._copy(self._link(e.code), "notice.copied", "notice.copy_failed")
        elif kind == "share":
            self._share(e.link, e.text)
        elif kind == "sound":
            if e.what == "win":
                self.sound.win()
            else:
                self.sound.move()
        elif kind == "dialog":
            data = self.dialog_data
            self.dialogs.open(e.name, data if data is not None and data.name == e.name else None)
        elif kind == "close_dialogs":
            self.dialogs.close_all()
        elif kind == "confirm":
            self.dialogs.confirm(e.text)
        elif kind == "celebrate":     # the game won by a move: once the last card landed, the cascade
            data, generation = self.dialog_data, self.generation
            self.window.setTimeout(self.proxy(lambda *_: self.celebrate(data) if generation == self.generation else None),
                                   (self.render_module.SLIDE_MS if self.render_module is not None else 160) + 40)

    def celebrate(self, data):
        """The last card landed: the cascade (the worker's CelebrationStart draws it), or at once the win
        dialog when motion is off, a dialog is open or the page has no cascade."""
        if self.renderer.motion and not self._dialog_open() and self.renderer.celebration is not None:
            self.send(vocab.CelebrationStart())
        else:
            self.dialogs.open("win", data)

    def celebration_tap(self):
        """A tap on the cascade's layer: it ends (the view says so, the renderer ends it)."""
        self.send(vocab.CelebrationEnd())

    def celebrated(self):
        """The cascade is over (its last card gone, or a tap or key ended it): the worker's answer brings
        the win dialog if the game is still won, opened unless another dialog is."""
        self.win_wanted = True
        self.send(vocab.CelebrationEnd())

    def named_proxy(self, name, fn):
        """One JS callback per name, kept (static/page/celebrate.py asks for them by name)."""
        if name not in self.proxies:
            self.proxies[name] = self.proxy(fn)
        return self.proxies[name]

    def celebrating(self):
        last = self.renderer.last
        return last is not None and bool(last["celebration"]["on"])

    def _write_hash(self, code, push):
        if code_from_hash(self.address_hash()) == code and not push:
            return
        if push:
            self.window.location.hash = code
        else:
            self.window.history.replaceState(None, "", "#" + code)

    def _link(self, code):
        return str(self.window.canfieldPaint.pageBase()) + "#" + code

    def _shake(self, pile, count):
        last = self.renderer.last
        codes = list(last["piles"][pile]["cards"]) if last is not None and pile in last["piles"] else []
        self.renderer.shake(pile, codes[len(codes) - count:] if codes and count else ())

    def _copy(self, url, ok_key, bad_key):
        def ok(*_):
            self.send(vocab.ShowNotice(self.t(ok_key)))

        def bad(*_):
            self.send(vocab.ShowNotice(self.t(bad_key, url=url)))
        try:
            self.window.navigator.clipboard.writeText(url).then(self.proxy(ok), self.proxy(bad))
        except Exception:   # no clipboard: the link is shown to copy by hand
            bad()

    def _share(self, link, text):
        url = self._link(link)
        share = getattr(self.window.navigator, "share", None)
        if share is None:
            self._copy(url, "notice.shared", "notice.share_failed")
            return

        def refused(err):   # the player closed the share sheet: nothing; any other failure copies
            if str(getattr(err, "name", "")) != "AbortError":
                self._copy(url, "notice.shared", "notice.share_failed")
        data = self.window.Object.new()
        data.title, data.text, data.url = "Canfield", text, url
        try:
            self.window.navigator.share(data).then(self.proxy(lambda *_: None), self.proxy(refused))
        except Exception:
            self._copy(url, "notice.shared", "notice.share_failed")

    def later(self, ms, action, notice=False):
        """`action` for the worker in `ms` (a notice's: the notice's timer, the one before it cleared); not
        sent once the page has restarted meanwhile (`Layer.restart`)."""
        generation = self.generation

        def fire(*_):
            if generation == self.generation:
                self.send(action)

        timer = self.window.setTimeout(self.proxy(fire), ms)
        if notice:
            self.notice_timer = timer
