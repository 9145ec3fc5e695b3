# The page's restart (a part of static/page/layer.py's `Layer`): the game started over on the same worker,
# as a first visit would start it, without loading the page again. The browser suite's boot-once tab
# (tests/browser/conftest.py, marker shared_page) calls it between two tests through
# `window.canfieldRestart` (static/page/main.py); no player reaches it. Runs under MicroPython, imports
# under CPython.

from shared import vocab


class Restart:
    """`restart` (a mixin of `Layer`)."""

    def restart(self, url="", before=None):
        """Start over on the same worker, as a first visit would, without loading the page again: the
        browser suite's boot-once pages (tests/browser/conftest.py) call it between two tests, once they have
        cleared the storage; no player reaches it. `url`, an address relative to the page's
        ("index.html?lang=fr#CF1-D3-AAAAACL"), becomes the page's address first, without a hashchange.
        Open dialogs, the cascade, the replay bar, the #analysis panel and the timers of the game before go;
        the worker's new session answers the `Start` in full. #game's data-ready is taken away until that
        answer is drawn. `before()`, if given, runs once the restart is taken, before the stored records are
        read (the suite clears the storage there). False, and nothing done, while the page is not live or
        waits for the worker."""
        if not self.ready or self.busy or self.queue or self.worker is None or self.restarting:
            return False
        self.restarting = True
        self.generation += 1
        if before is not None:
            before()
        if url:
            self.window.history.replaceState(None, "", url)
        self.root.removeAttribute("data-ready")
        self.dialogs.close_all()
        if self.renderer.celebration is not None:
            self.renderer.celebration.stop()
        if self.renderer.dealing():          # a deal flying in lands, then what still slides stops
            self.renderer.finish_deal()
        self.renderer.stop_slides()
        self.renderer.forget_counts()
        if self.notice_timer is not None:
            self.window.clearTimeout(self.notice_timer)
            self.notice_timer = None
        self.after_frame = []
        self.press = None
        self.win_wanted = False
        self.saved = None
        self.replay_bar.sync(vocab.ReplayBar())
        self.analysis.apply(vocab.AnalysisPanel(), self.proxy)
        self.busy = True
        self.worker.restart(self._start_message("", "")).then(self._answer, self._failed)
        # the new session starts with the dock as it is now (the bar of the game before just hidden); when the
        # new game's replay bar comes back at the height the observer last reported, it would say nothing and
        # the board would stay laid out under the bar: observed afresh, it reports the dock's height again
        watch = getattr(self, "dock_watch", None)
        if watch is not None:
            watch[0].unobserve(watch[1])
            watch[0].observe(watch[1])
        return True
