"""The localStorage keys of the page, in one place (static/paint.js and static/boot.js read the same ones).

`ui.settings.STORAGE_KEY`, `ui.persist.SAVE_KEY`/`STATS_KEY` and `ui.snapshot.KEY` are these names
re-exported where they were first defined.
"""

SETTINGS_KEY = "canfield.settings"
SAVE_KEY = "canfield.save"
STATS_KEY = "canfield.stats"
SNAPSHOT_KEY = "canfield.snapshot"
BROKEN_SUFFIX = ".broken"     # an unreadable record is moved to `<key>.broken`
