"""Start the game page; any error on the way becomes the loading screen's message with a retry."""

from js import console, performance, window

# Marks for the load benchmark (bench/bench_load.py): Python running, the game imported, the game started.
performance.mark("canfield:python")
try:
    from ui.app import Page

    performance.mark("canfield:imported")
    Page().start()
    performance.mark("canfield:started")
except Exception as exc:  # shown as a plain message, the details go to the console
    import traceback

    console.error("Canfield could not start: " + traceback.format_exc())
    window.canfieldBoot.fail(f"{type(exc).__name__}: {exc}")
