"""The JavaScript bridge of the page's modules (static/page/render.py, static/page/celebrate.py,
static/page/dialogs.py), which run on the page's main thread under PyScript's MicroPython: `to_js` turns
a dict into a plain JS object. Import it only in the browser (CPython has no bridge).
"""

from pyscript.ffi import to_js  # noqa: F401 - the bridge's name
