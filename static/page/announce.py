"""The live region's writer: what each action did, said to assistive technology.

Runs under CPython and MicroPython alike (the thin layer of static/page/ uses it, CPython tests it):
no imports, no annotations.
"""

NBSP = "\u00a0"


class Announcer:
    """Writes into the polite live region; the same sentence twice in a row is still spoken
    (a no-break space is toggled at its end, since a live region ignores an unchanged text)."""

    def __init__(self, element):
        self.el = element
        self.last = None
        self.flip = False

    def say(self, text):
        if not text:
            return
        if text == self.last:
            self.flip = not self.flip
        else:
            self.flip = False
        self.last = text
        self.el.textContent = text + (NBSP if self.flip else "")
