"""Small signal filters over numbers, clock passed in: glitch rejection and settle tracking.

Both work sample by sample (no numpy needed), so the same code runs live at 80 samples/s
and over a recording, and each can be tested with a list:

>>> f = SpikeFilter(glitch_g=100.0)
>>> [f.push(t, v) for t, v in enumerate([0.0, 0.0, 900.0, 0.0, 0.0, 5.0, 5.0])]
[None, (0, 0.0), (1, 0.0), (2, 0.0), (3, 0.0), (4, 0.0), (5, 5.0)]
>>> f.glitches
1
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


def median3(a: float, b: float, c: float) -> float:
    """The middle one of three numbers."""
    if a > b:
        a, b = b, a
    if b > c:
        b = c
    return a if a > b else b


class SpikeFilter:
    """Median of three consecutive samples: one bad sample that jumps away and straight
    back (an HX711 bit-banging glitch) is replaced by its neighbours; steps pass through,
    one sample late. ``push(t, value)`` returns ``(t, filtered)`` for the previous sample,
    or None for the very first. ``glitches`` counts samples that were replaced by more
    than ``glitch_g`` (grams, or whatever unit the values are in)."""

    __slots__ = ("_a", "_b", "_tb", "glitch_g", "glitches")

    def __init__(self, *, glitch_g: float) -> None:
        self.glitch_g = glitch_g
        self.glitches = 0
        self._a: float | None = None
        self._b: float | None = None
        self._tb = 0.0

    def push(self, t: float, value: float) -> tuple[float, float] | None:
        a, b, tb = self._a, self._b, self._tb
        self._a, self._b, self._tb = b, value, t
        if b is None:
            return None
        if a is None:  # the first sample: judge it by the one after it only
            a = value
        m = median3(a, b, value)
        if abs(b - m) > self.glitch_g:
            self.glitches += 1
        return tb, m

    def reset(self) -> None:
        """Forget the history (after a gap or a fault): the next sample starts afresh."""
        self._a = self._b = None


def _median(values: list[float]) -> float:
    values = sorted(values)
    n = len(values)
    return (values[(n - 1) // 2] + values[n // 2]) / 2


def _per_channel(value: float | Sequence[float], channels: int) -> list[float]:
    if isinstance(value, int | float):
        return [float(value)] * channels
    if len(value) != channels:
        raise ValueError(f"{len(value)} values for {channels} channels")
    return [float(v) for v in value]


QUIET, TRIGGERED, MOVING, STABLE = "quiet", "triggered", "moving", "stable"


class SettleTracker:
    """Is a signal (one or more channels) at rest, and when does it come to rest again?

    Settled, each frame is compared with a baseline: the mean of every frame since it
    settled, then, once that is ``tare_time_s`` long, an exponential average with that
    time constant (it follows slow drift). A channel moving more than ``trigger`` away
    from it (or the mean of the last three frames more than ``trigger_mean``: a step
    hidden in noise) makes the tracker ``TRIGGERED`` (``before`` keeps the baseline from
    just before). Unsettled, it reports ``MOVING`` until the last ``window_s`` seconds (at
    least ``min_frames`` frames) all lie within ``band`` of each other on every channel
    (and the first two and last two frames' means within half of it: a slow slide is
    not rest), then ``STABLE`` with their means in ``window_mean`` and medians in
    ``window_median``; the caller decides whether that is a settled state and, if so,
    calls ``accept``. ``band`` and ``trigger`` are one number for every channel or one
    per channel; the caller may change them, ``window_s`` and ``min_frames`` between
    frames (the scale sets them from the noise it measures).

    For ``hold_s`` seconds after ``accept`` a frame is also compared with the level it
    was accepted at: a slow slide whose window happened to fit the band goes on moving,
    and the running mean would follow it unnoticed (the change is lost); moving
    ``trigger`` away from that level (the running mean still within it) triggers, with
    ``before`` that level.
    """

    def __init__(
        self,
        channels: int,
        *,
        window_s: float,
        min_frames: int,
        band: float | Sequence[float],
        trigger: float | Sequence[float],
        tare_time_s: float,
        hold_s: float = 0.0,
    ) -> None:
        self.n = channels
        self.hold_s = hold_s
        self._held: list[float] | None = None  # the level accepted, while hold_s runs
        self._t_accept = 0.0
        self.window_s, self.min_frames = window_s, min_frames
        self.band = _per_channel(band, channels)
        self.trigger = _per_channel(trigger, channels)
        self.trigger_mean = list(self.trigger)  # the same for the mean of the last 3 frames
        self.tare_time_s = tare_time_s
        self._averaged = 0  # frames in the baseline since it settled
        self.settled = False
        self.baseline: list[float] = [0.0] * channels
        self.before: list[float] = [0.0] * channels
        self.stable_since: float | None = None
        self._stable: list[tuple[float, Sequence[float]]] = []  # the last stable window
        self._mean: list[float] | None = [0.0] * channels
        self._median: list[float] | None = [0.0] * channels
        self._frames: deque[tuple[float, Sequence[float]]] = deque(maxlen=512)
        self._t_last: float | None = None

    def update(self, t: float, values: Sequence[float]) -> str:
        """Take one frame (``t`` seconds, one value per channel); return the state."""
        dt = 0.0 if self._t_last is None else t - self._t_last
        self._t_last = t
        self._frames.append((t, values))
        if self.settled:
            base, trigger, frames = self.baseline, self.trigger, self._frames
            # the mean of three frames can only tell more where its trigger is lower
            lower = self.trigger_mean != trigger and len(frames) >= 3
            last3 = (frames[-3][1], frames[-2][1]) if lower else None
            held = self._held
            if held is not None and t - self._t_accept > self.hold_s:
                held = self._held = None
            for i in range(self.n):
                moved = abs(values[i] - base[i]) > trigger[i]
                if not moved and last3 is not None:
                    mean3 = (last3[0][i] + last3[1][i] + values[i]) / 3
                    moved = abs(mean3 - base[i]) > self.trigger_mean[i]
                crept = not moved and held is not None and abs(values[i] - held[i]) > trigger[i]
                if moved or crept:
                    self.settled = False
                    # a step: the baseline, the best level; a creep: the level accepted
                    self.before = list(held if crept else base)
                    self._held = None
                    self.stable_since = None
                    return TRIGGERED
            self._averaged += 1
            a = min(1.0, max(max(dt, 0.0) / self.tare_time_s, 1.0 / self._averaged))
            for i in range(self.n):
                base[i] += a * (values[i] - base[i])
            return QUIET
        window = self._window()
        if window is None:
            self.stable_since = None
            return MOVING
        if self.stable_since is None:
            self.stable_since = window[0][0]
        self._stable, self._mean, self._median = window, None, None  # worked out if asked
        return STABLE

    @property
    def window_mean(self) -> list[float]:
        """Per channel, the mean of the last stable window."""
        if self._mean is None:
            w, k = self._stable, len(self._stable)
            self._mean = [sum(v[i] for _, v in w) / k for i in range(self.n)]
        return self._mean

    @property
    def window_median(self) -> list[float]:
        """Per channel, the median of the last stable window."""
        if self._median is None:
            self._median = [_median([v[i] for _, v in self._stable]) for i in range(self.n)]
        return self._median

    def _window(self) -> list[tuple[float, Sequence[float]]] | None:
        frames = self._frames
        if len(frames) < self.min_frames:
            return None
        t_end = frames[-1][0]
        k = 0
        for t, _ in reversed(frames):
            if k >= self.min_frames and t_end - t > self.window_s:
                break
            k += 1
        window = [frames[-j] for j in range(k, 0, -1)]
        band = self.band
        for i in range(self.n):
            lo = hi = window[0][1][i]
            for _, v in window:
                x = v[i]
                if x < lo:
                    lo = x
                elif x > hi:
                    hi = x
            if hi - lo > band[i]:
                return None
            # a slow, steady slide fits in the band but not in half of it end to end
            ends = window[0][1][i] + window[1][1][i] - window[-1][1][i] - window[-2][1][i]
            if abs(ends) > band[i]:
                return None
        return window

    @property
    def averaged(self) -> int:
        """Frames in the settled baseline so far (0 while unsettled)."""
        return self._averaged if self.settled else 0

    def accept(self, values: Sequence[float] | None = None) -> None:
        """Call the signal settled at ``values`` (default: the last stable window's means)."""
        self.settled = True
        self.baseline = list(values if values is not None else self.window_mean)
        self._averaged = len(self._stable) if values is None else 1
        if self.hold_s > 0.0 and self._t_last is not None:
            self._held, self._t_accept = list(self.baseline), self._t_last

    def unsettle(self) -> None:
        """Forget the settled state (after a fault): the next stable window is new."""
        if self.settled:
            self.before = list(self.baseline)
        self.settled = False
        self.stable_since = None

    def shift_baseline(self, channel: int, delta: float) -> None:
        """Move one channel's baseline (its zero was re-estimated by ``delta``)."""
        self.baseline[channel] += delta
        if self._held is not None:
            self._held[channel] += delta
