"""The localStorage keys of the page, in one place (static/paint.js and static/boot.js read the same ones).

`worker.settings.STORAGE_KEY`, `worker.persist.SAVE_KEY`/`STATS_KEY` and `worker.snapshot.KEY` are these names
re-exported where they were first defined.
"""

SETTINGS_KEY = "canfield.settings"
SAVE_KEY = "canfield.save"
STATS_KEY = "canfield.stats"
SNAPSHOT_KEY = "canfield.snapshot"
BROKEN_SUFFIX = ".broken"     # an unreadable record is moved to `<key>.broken`

# The longest record text (in characters of its JSON string, escapes counted) the page hands the worker at
# start: canfield.jsonio's bound for every stored or imported text. A longer one is set aside by
# static/paint.js before any Python reads it (MicroPython on the page never holds it: its heap refuses a
# single text of a few MB).
RECORD_MAX_CHARS = 1_000_000
# The longest stored text the page's own MicroPython reads (the saved game, whose clock time it writes
# into the record as the page is left): a game's save is a few kB; anything longer it leaves to the worker.
# Six characters a control character's escape weighs when written back: well under a MB of its heap.
PAGE_READ_MAX_CHARS = 100_000
