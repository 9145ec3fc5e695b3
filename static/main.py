"""Start the game page; any error on the way becomes the loading screen's message with a retry."""

import traceback

from js import console, window

try:
    from ui.app import App

    App().start()
except Exception as exc:  # noqa: BLE001 - shown as a plain message, the details go to the console
    console.error("Canfield could not start: " + traceback.format_exc())
    window.canfieldBoot.fail(f"{type(exc).__name__}: {exc}")
