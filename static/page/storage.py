"""localStorage as the page's MicroPython reaches it (a part of static/page/layer.py's `Layer`): every read and
write goes through static/paint.js, which catches what storage throws and bounds what MicroPython is
handed (a record or a hash of megabytes would not fit its heap); another page's write of a record becomes
a `Stored` for the worker (`stored_message`). Runs under MicroPython, imports under CPython."""

from shared import vocab
from shared.storage_keys import PAGE_READ_MAX_CHARS, SAVE_KEY, SETTINGS_KEY, STATS_KEY

STORAGE_KEYS = (SAVE_KEY, STATS_KEY, SETTINGS_KEY)
# The longest address hash read here: a link of megabytes would not fit MicroPython's heap. A hash cut to
# this length is still over three times canfield.links.MAX_LENGTH, so it reads as no code and no link.
HASH_MAX_CHARS = 65536

def stored_message(key, value):
    """The `Stored` value for another page's write of `key` (the `storage` event), or None when the key is
    not the game's (or `key` is None: that page cleared the whole storage, which leaves this one as it is)."""
    if key not in STORAGE_KEYS:
        return None
    return vocab.Stored(key, value if isinstance(value, str) else None)


class Storage:
    """The layer's storage (a mixin of `Layer`)."""

    def storage_get(self, key):
        """localStorage's text for `key`, through static/paint.js (None: absent, refused, or longer than
        PAGE_READ_MAX_CHARS, which this page's MicroPython never holds)."""
        value = self.window.canfieldPaint.read(key, PAGE_READ_MAX_CHARS)
        return None if value is None else str(value)

    def address_hash(self):
        """The address's hash, at most HASH_MAX_CHARS of it (static/paint.js)."""
        return str(self.window.canfieldPaint.addressHash(HASH_MAX_CHARS))

    def storage_set(self, key, text):
        """Write (or, for None, remove) `key` through static/paint.js, which catches what storage throws:
        refused or full, the game plays on (the worker keeps its records in memory)."""
        paint = self.window.canfieldPaint
        done = paint.remove(key) if text is None else paint.write(key, text)
        if not done:
            self.window.console.warn("Canfield: could not write " + key)

    def on_storage(self, ev):
        """Another page of the game wrote localStorage: the worker merges what it must."""
        got = self.window.canfieldPaint.storageEvent(ev, PAGE_READ_MAX_CHARS)   # bounded, as a read
        if got is None:
            return
        message = stored_message(str(got[0]), str(got[1]) if got[1] is not None else None)
        if message is not None:
            self.send(message)
