"""Sound (a setting, off by default): a soft card sound on moves and a short tune on a win.

Generated with the Web Audio API: no sound files. The notes are plain data (`CARD`, `WIN`) so the
CPython tests can check them; `Sound` plays them in the browser. The AudioContext is made at the
first sound, which always follows a tap, click or key (browsers only start audio after a gesture).
Runs under MicroPython (the page's thin layer plays it): no dataclasses, no annotations.
"""


class Tone:
    """One sound: `kind` "noise" (a filtered burst, the card) or an oscillator type ("sine", "triangle");
    `start` (seconds after the sound begins), `length` (seconds), `freq` (Hz: the oscillator's pitch, or the
    band-pass filter's centre for noise), `gain` (peak volume, 0..1)."""
    __slots__ = ("kind", "start", "length", "freq", "gain")

    def __init__(self, kind, start, length, freq, gain):
        self.kind, self.start, self.length, self.freq, self.gain = kind, start, length, freq, gain


# A card laid down: a short band-passed noise burst with a low thump under it.
CARD = (
    Tone("noise", 0.0, 0.07, 2400.0, 0.22),
    Tone("sine", 0.0, 0.05, 170.0, 0.10),
)
# A win: a rising major arpeggio, then the chord held.
WIN = tuple(
    Tone("triangle", i * 0.11, 0.18, f, 0.16) for i, f in enumerate((523.25, 659.25, 783.99, 1046.5))
) + tuple(Tone("sine", 0.48, 0.7, f, 0.08) for f in (523.25, 659.25, 783.99))


def total_length(tones):
    return max(t.start + t.length for t in tones)


def noise(n, seed=7):
    """`n` samples of white noise in [-1, 1), the same every time (a small linear congruential generator:
    MicroPython's random has no seeded generator of its own)."""
    out, x = [], seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(x / 1073741824.0 - 1.0)
    return out


class Sound:
    """Plays `CARD` and `WIN` when enabled; any Web Audio failure only silences it."""

    def __init__(self, enabled=False):
        self.enabled = enabled
        self.ctx = None
        self.noise = None
        self.played = 0   # sounds started (the browser tests read it through the page)

    def move(self):
        self._play(CARD)

    def win(self):
        self._play(WIN)

    def _context(self):
        if self.ctx is None:
            from js import window  # browser only: the CPython tests never get here
            ctor = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            if ctor is None:
                return None
            self.ctx = ctor.new()
        if self.ctx.state == "suspended":
            self.ctx.resume()
        return self.ctx

    def _noise_buffer(self, ctx):
        if self.noise is None:
            n = int(ctx.sampleRate * 0.1)
            buf = ctx.createBuffer(1, n, ctx.sampleRate)
            data = buf.getChannelData(0)
            from js import Float32Array
            data.set(Float32Array.new(noise(n)))
            self.noise = buf
        return self.noise

    def _play(self, tones):
        if not self.enabled:
            return
        try:
            ctx = self._context()
            if ctx is None:
                return
            now = ctx.currentTime + 0.01
            for tone in tones:
                t0 = now + tone.start
                amp = ctx.createGain()
                amp.gain.setValueAtTime(0.0001, t0)
                amp.gain.exponentialRampToValueAtTime(tone.gain, t0 + 0.008)
                amp.gain.exponentialRampToValueAtTime(0.0001, t0 + tone.length)
                amp.connect(ctx.destination)
                if tone.kind == "noise":
                    src = ctx.createBufferSource()
                    src.buffer = self._noise_buffer(ctx)
                    band = ctx.createBiquadFilter()
                    band.type = "bandpass"
                    band.frequency.value = tone.freq
                    band.Q.value = 0.9
                    src.connect(band)
                    band.connect(amp)
                else:
                    src = ctx.createOscillator()
                    src.type = tone.kind
                    src.frequency.value = tone.freq
                    src.connect(amp)
                src.start(t0)
                src.stop(t0 + tone.length + 0.02)
            self.played += 1
        except Exception as exc:  # a sound must never stop the game
            from js import console
            console.warn("Canfield: sound off after an error: " + str(exc))
            self.enabled = False
