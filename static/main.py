"""Start the game page; any error on the way becomes the loading screen's message with a retry."""

import asyncio
import importlib
import json
import sys

from js import console, document, performance, window

# Marks for the load benchmark (bench/bench_load.py): Python running, the game imported, the game started.
performance.mark("canfield:python")


async def import_game():
    """Import the modules the page needs one at a time (the list is index.html's facts, written by
    scripts/build_facts.py), giving the browser its turn between two. Without a memory snapshot the
    imports are otherwise one long main-thread task, during which the painted board takes no tap and
    nothing else runs; with one they are already loaded and nothing waits."""
    try:
        order = json.loads(document.getElementById("facts").textContent).get("imports", [])
    except Exception:  # no facts block (an old page): ui.app imports them all in one go below
        order = []
    for name in order:
        if name not in sys.modules:
            importlib.import_module(name)
            await asyncio.sleep(0)


try:
    await import_game()  # noqa: F704 - PyScript runs a page's script with top-level await
    from ui.app import Page

    performance.mark("canfield:imported")
    Page().start()
    performance.mark("canfield:started")
except Exception as exc:  # shown as a plain message, the details go to the console
    import traceback

    console.error("Canfield could not start: " + traceback.format_exc())
    window.canfieldBoot.fail(f"{type(exc).__name__}: {exc}")
