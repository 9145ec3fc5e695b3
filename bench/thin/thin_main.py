# The thin layer of the prototype (issue 33): MicroPython on the page's main thread, through PyScript's
# <script type="mpy">, and the engine in Pyodide in a PyScript named worker (engine_worker.py), reached
# by `await workers["engine"]` and its exported functions (async calls: no SharedArrayBuffer needed).
# The layer itself (thin_layer.py) is shared with direct_main.py, the same layer without PyScript.
from pyscript import document, window, workers
from pyscript.ffi import create_proxy

window.performance.mark("thin-mpy-start")

import thin_layer  # noqa: E402 - after the mark: the layer's import is part of its start

layer = thin_layer.Layer(window, document, create_proxy, str(window.location.hash)[1:] or "CF1-D3-AAAAACL")
layer.connect(await workers["engine"])  # noqa: F704 - PyScript runs a page's script with top-level await
