# The page's main thread (PyScript's <script type="mpy">, MicroPython): the thin layer
# (static/page/layer.py) draws what the worker answers and forwards the player's input. The engine, the
# controller, the layout and the records run in the engine's worker (static/worker/main.py in Pyodide,
# static/engine-worker.mjs, which static/boot.js starts as the head is parsed: `canfieldEngine`). Any error
# on the way to a live board becomes the loading screen's message with a retry.
from js import document, window
from pyscript.ffi import create_proxy

window.performance.mark("canfield:page")


async def pause():
    """Let the browser run what waits (a frame, a tap) between two stages of the start: each stage is a
    task of its own, not one long task of them all (asyncio's sleep here is a JavaScript timer)."""
    await asyncio.sleep(0)


try:
    import asyncio

    await pause()  # noqa: F704 - PyScript's own start-up ran just before, in the same task
    from page import render

    window.performance.mark("canfield:render-imported")
    await pause()  # noqa: F704
    from page.celebrate import Celebration
    from page.layer import Layer

    window.performance.mark("canfield:layer-imported")
    await pause()  # noqa: F704

    layer = Layer(window, document, create_proxy, render.Renderer(None, None, None), render)
    window.performance.mark("canfield:renderer-built")
    await pause()  # noqa: F704
    layer.dress_painted()
    layer.renderer.on_frame_proxy = layer._frame
    layer.renderer.on_slid = create_proxy(layer.on_slid)
    layer.renderer.on_undeny = create_proxy(lambda *_: layer.renderer.undeny())
    layer.renderer.celebration = Celebration(layer.renderer, layer.named_proxy, layer.celebration_tap,
                                             layer.celebrated)
    layer.bind()
    window.canfieldRestart = create_proxy(layer.restart)   # the browser suite's boot-once pages (layer.py)
    window.performance.mark("canfield:layer")
    engine = window.canfieldEngine
    engine.start()      # a first visit's worker starts now (a returning visit's did at navigation: static/boot.js)
    layer.connect(await engine.ready)  # noqa: F704 - PyScript runs a page's script with top-level await
except Exception as exc:
    import sys

    sys.print_exception(exc)   # MicroPython's traceback, to the console only
    window.console.error("Canfield could not start: " + repr(exc))
    window.canfieldBoot.fail(type(exc).__name__ + ": " + str(exc))
