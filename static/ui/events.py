"""Every DOM event listener and JS callback of the page, bound here and able to be unbound.

`Events.proxy(name, fn)` makes a guarded JS callback (a Python error is logged, never shown as a
traceback) kept alive as long as the page; `Events.listen(target, type, name, fn)` binds one and
remembers it, so that `unbind_all()` removes every listener this module bound.

The page's leaving writes run in one order, said once here (`leaving`): a page hidden or left first
writes what a new deal deferred (the address, the saved game), then the clock's time into the saved
game, then the board's snapshot, which names that saved game as it is left.
"""

from __future__ import annotations

import traceback

from js import console, document, window
from pyodide.ffi import create_proxy


class Events:
    def __init__(self, on_error=None):
        self.on_error = on_error     # after a logged error: put the page back in a sane state
        self.proxies = {}
        self.bound = []              # (target, type, proxy)
        self.hidden_jobs = []        # `leaving`: run in this order when the page is hidden or shown
        self.left_jobs = []          # ... and when it is left (pagehide)

    def guard(self, fn):
        """`fn`, with any exception logged to the console instead of reaching the page."""
        def run(*args):
            try:
                return fn(*args)
            except Exception:  # never a traceback on the page
                console.error("Canfield: " + traceback.format_exc())
                if self.on_error is not None:
                    try:
                        self.on_error()
                    except Exception:  # the recovery itself must not throw either
                        pass
        return run

    def proxy(self, name: str, fn):
        """A JS callback for `fn`, guarded, kept as long as the page (one per name)."""
        if name not in self.proxies:
            self.proxies[name] = create_proxy(self.guard(fn))
        return self.proxies[name]

    def listen(self, target, kind: str, name: str, fn) -> None:
        if target is None:
            return
        proxy = self.proxy(name, fn)
        target.addEventListener(kind, proxy)
        self.bound.append((target, kind, proxy))

    def leaving(self, on_visibility, on_pagehide) -> None:
        """Bind the page's leaving writes, each list run in its order: `on_visibility` when the page is
        hidden or shown again (visibilitychange), `on_pagehide` when it is left."""
        self.hidden_jobs = list(on_visibility)
        self.left_jobs = list(on_pagehide)
        self.listen(document, "visibilitychange", "leaving-visibility", lambda *_: self._run(self.hidden_jobs))
        self.listen(window, "pagehide", "leaving-pagehide", lambda *_: self._run(self.left_jobs))

    def _run(self, jobs) -> None:
        for job in jobs:
            self.guard(job)()        # one failing write does not stop the next

    def unbind_all(self) -> None:
        for target, kind, proxy in self.bound:
            target.removeEventListener(kind, proxy)
        self.bound = []
