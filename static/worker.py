"""The worker's side of the page: Pyodide in PyScript's named worker "engine" (thin.html). The engine,
the controller, the view model, the layout and the records live here, in one `Session`
(static/ui/session.py); the page's thin layer (static/page/layer.py, MicroPython on the main thread)
sends it one text at a time through `handle` and applies the text it answers. No DOM here.
"""

from ui.session import Session

_session = Session()


def handle(text):
    """The answer to one message of the page (static/ui/session.py); never raises."""
    return _session.handle(str(text))


__export__ = ["handle"]
