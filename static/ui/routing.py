"""The address bar: the deal code in the URL hash, and Back/Forward between deals.

Reading and writing `location.hash` and `history` happen here only. A change of the hash by the
player (Back, Forward, a typed or pasted code) becomes a `HashChanged` action; whether the page
follows it (a new deal, a confirmation first, a message for a bad code) is the controller's choice.
Runs under Pyodide and MicroPython alike (the thin layer of static/page/ uses it too).
"""

from js import URLSearchParams, history, location

from .vocab import HashChanged
from .table import code_from_hash


class Router:
    def __init__(self, dispatch):
        self.dispatch = dispatch

    @staticmethod
    def code() -> str:
        """The deal code the address names ("" if none)."""
        return code_from_hash(location.hash)

    @staticmethod
    def query(name: str):
        return URLSearchParams.new(location.search).get(name)

    @staticmethod
    def write(code: str, push: bool) -> None:
        """Put `code` in the address: a new history entry (Back returns to the previous deal) or in
        place of the current one (no hashchange event either way for a replaced entry)."""
        if code_from_hash(location.hash) == code and not push:
            return
        if push:
            location.hash = code
        else:
            history.replaceState(None, "", "#" + code)

    @staticmethod
    def link(code: str) -> str:
        """The page's address with the deal code alone (no ?lang=..., which is the sender's choice)."""
        return location.href.split("#")[0].split("?")[0] + "#" + code

    def on_hashchange(self, _ev=None) -> None:
        self.dispatch(HashChanged(self.code()))
