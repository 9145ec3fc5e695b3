# The thin layer started without PyScript (bench/thin/direct.mjs runs this in the vendored MicroPython):
# the same Layer as thin_main.py, the engine reached through direct.mjs's plain module worker.
import js
from jsffi import create_proxy

js.performance.mark("thin-mpy-start")

import thin_layer  # noqa: E402 - after the mark: the layer's import is part of its start

layer = thin_layer.Layer(js, js.document, create_proxy, str(js.location.hash)[1:] or "CF1-D3-AAAAACL")
layer.connect(await js.thinEngine)  # noqa: F704 - direct.mjs runs it with runPythonAsync (top-level await)
