"""The JavaScript bridge of the page's modules, the same under Pyodide and MicroPython.

The page's side runs in either interpreter (the PyScript page with Pyodide today, the thin MicroPython
layer of static/page/): `to_js` turns a dict into a plain JS object in both (Pyodide's default is a
Map), `create_proxy` keeps a Python callable alive for JS, `create_once_callable` calls it once.
Import it only in the browser (CPython has neither bridge).
"""

import sys

if sys.implementation.name == "micropython":   # PyScript's: a callable passed to JS stays alive
    from pyscript.ffi import create_proxy, to_js

    def create_once_callable(fn):
        return fn
else:
    from js import Object
    from pyodide.ffi import create_once_callable, create_proxy  # noqa: F401 - the bridge's names
    from pyodide.ffi import to_js as _to_js

    def to_js(value):
        return _to_js(value, dict_converter=Object.fromEntries)
