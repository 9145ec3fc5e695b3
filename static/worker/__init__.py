"""The engine worker's side of the page (Pyodide in static/engine-worker.mjs): the session, the
controller and its handlers, the view model, the layout, the records, the rules dialog and the
translations. It imports the engine (canfield/) and the shared modules (static/shared/), never the
page's (static/page/); main.py and solver_worker.py are the worker's two scripts, fetched beside
static/vendor/game.zip, which holds this package."""
