"""How noisy the load cells are, measured as they run, and what that noise allows.

Pure (no clock, no hardware). ``NoiseMeter`` takes the scale's frames (each cell's
reading after the median-of-three glitch filter, g) and keeps, per cell and for their
sum, two robust estimates, both as the standard deviation of one raw sample (g):

- ``white``: from the median |second difference| of the frames, which a hand's slow
  force, drift and steps hardly touch (median-of-three filtered white noise of sd σ has
  median |Δ²| = 0.499 σ);
- ``wander``: from the median |difference| between the means of successive blocks of
  ``BLOCK`` frames at rest, which also catches the slower noise (1/f, a creeping cell)
  that second differences miss, at the time scale the sensing averages over (for
  filtered white noise of sd σ the block means have sd 1.06 σ/√BLOCK).

``noise`` is the larger of the two. Frames the caller marks ``at_rest`` count; until
there are enough of them, so do the frames before the scale first rested (at start-up,
when it stands untouched), so that the thresholds are right before it has ever
settled. A hand on the scale never counts.

The averaging the noise demands: the mean of n filtered frames of sd σ has sd 1.06 σ/√n,
so telling masses ``Δm`` apart at ``z`` standard deviations takes
n = (z · 1.06 σ / Δm)² frames: it grows as the noise squared (``frames_for``).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence

#: median |Δ²| of median-of-3 filtered white noise, per raw sd
D2_PER_SD = 0.499
#: frames a block; the median |difference| of successive block means, per raw sd
BLOCK = 8
BLOCK_DIFF_PER_SD = 0.6745 * math.sqrt(2) * 1.06 / math.sqrt(BLOCK)
#: sd of the mean of n filtered frames, times √n, per raw sd
MEAN_SD_FACTOR = 1.06
#: frames at rest it takes before they replace the start-up figures (a median of fewer
#: second differences is too rough: many are zero after the median-of-three filter)
REST_FRAMES = 32


class NoiseMeter:
    """Per-channel noise (sd of one raw sample, g) from frames; see the module docstring.

    ``channels``: how many values a frame has; ``keep``: how many recent frames the
    medians run over; ``floor_g``: the least noise ever assumed (a perfectly quiet
    simulation must not make every threshold zero).
    """

    def __init__(self, channels: int, *, keep: int = 256, floor_g: float = 0.05) -> None:
        self.n = channels
        self.floor_g = floor_g
        self._d2_boot: list[deque[float]] = [deque(maxlen=keep) for _ in range(channels)]
        self._booting = True  # at start-up, or after relearn: until the scale rests
        self._d2_rest: list[deque[float]] = [deque(maxlen=keep) for _ in range(channels)]
        self._dev: list[deque[float]] = [deque(maxlen=keep // 4) for _ in range(channels)]
        self._block: list[float] = [0.0] * channels  # sums of the block being filled
        self._block_n = 0
        self._last_block: list[float] | None = None  # the previous block's means
        self._prev: Sequence[float] | None = None
        self._prev2: Sequence[float] | None = None
        self._since_update = 0
        self.white: list[float] = [floor_g] * channels
        self.wander: list[float] = [floor_g] * channels

    def push(self, values: Sequence[float], *, at_rest: bool) -> None:
        """One frame, and whether the scale is at rest in it."""
        p1, p2 = self._prev, self._prev2
        self._prev2, self._prev = p1, values
        if p1 is not None and p2 is not None:
            for i in range(self.n):
                d2 = abs(values[i] - 2 * p1[i] + p2[i])
                if at_rest:
                    self._d2_rest[i].append(d2)
                elif self._booting:
                    self._d2_boot[i].append(d2)
        if at_rest:
            self._booting = False
        self._push_block(values, at_rest)
        self._since_update += 1
        if self._since_update >= 8:
            self._update()

    def _update(self) -> None:
        """From frames at rest once there are ``REST_FRAMES`` of them; till then, also from
        the frames before the scale first rested (at start-up, or after ``relearn``)."""
        self._since_update = 0
        for i in range(self.n):
            rest = self._d2_rest[i]
            d2 = rest if len(rest) >= REST_FRAMES else [*rest, *self._d2_boot[i]]
            if len(d2) >= 8:
                self.white[i] = max(self.floor_g, _median(d2) / D2_PER_SD)
            if len(self._dev[i]) >= 8:
                self.wander[i] = max(self.floor_g, _median(self._dev[i]) / BLOCK_DIFF_PER_SD)

    def _push_block(self, values: Sequence[float], at_rest: bool) -> None:
        """Blocks of ``BLOCK`` frames all at rest; a frame not at rest starts afresh."""
        if not at_rest:
            self._block_n, self._last_block = 0, None
            self._block = [0.0] * self.n
            return
        for i in range(self.n):
            self._block[i] += values[i]
        self._block_n += 1
        if self._block_n < BLOCK:
            return
        means = [x / BLOCK for x in self._block]
        if self._last_block is not None:
            for i in range(self.n):
                self._dev[i].append(abs(means[i] - self._last_block[i]))
        self._last_block, self._block_n = means, 0
        self._block = [0.0] * self.n

    def relearn(self) -> None:
        """Forget what was measured at rest: every frame counts until the scale has rested
        long enough again (the noise may have grown so much that it never comes to rest
        by the old figures)."""
        for d in self._d2_rest + self._dev + self._d2_boot:
            d.clear()
        self._booting = True

    @property
    def noise(self) -> list[float]:
        """Per channel, the larger of ``white`` and ``wander`` (sd of one sample, g)."""
        return [max(w, v) for w, v in zip(self.white, self.wander, strict=True)]

    def measured(self, frames: int = REST_FRAMES) -> bool:
        """Whether ``frames`` frames (at least ``REST_FRAMES``) at rest or before the first
        rest have been seen: enough for the figures to mean something."""
        return len(self._d2_rest[0]) + len(self._d2_boot[0]) >= max(frames, REST_FRAMES)


def frames_for(sd_g: float, target_sd_g: float) -> int:
    """Frames to average so that the mean of frames of noise ``sd_g`` (one raw sample,
    g) has a standard deviation of at most ``target_sd_g``: (1.06 sd / target)²."""
    return max(1, math.ceil((MEAN_SD_FACTOR * sd_g / target_sd_g) ** 2))


def mean_sd(sd_g: float, frames: int) -> float:
    """The standard deviation of the mean of ``frames`` frames of noise ``sd_g``."""
    return MEAN_SD_FACTOR * sd_g / math.sqrt(max(1, frames))


def resolution_g(total_sd_g: float, frames: int, *, z: float = 2.5) -> float:
    """The smallest difference between two masses told apart by the mean of ``frames``
    frames of the sum's noise ``total_sd_g``: ``z`` standard deviations either side of
    the midpoint between them (2.5: one in 160 named wrong at worst)."""
    return 2 * z * mean_sd(total_sd_g, frames)


def torque_sd(left_sd_g: float, right_sd_g: float, left_arm_mm: float, right_arm_mm: float):
    """The noise of the torque (g·mm) from the pads' noise (g) and their arms (mm)."""
    return math.hypot(left_sd_g * left_arm_mm, right_sd_g * right_arm_mm)


def place_frames(torque_sd_gmm: float, mass_g: float, x_sd_mm: float) -> int:
    """Frames to average to place a mass step of ``mass_g`` to ``x_sd_mm`` along the beam
    (x = Δτ/Δm): the heavier the stone, the sooner."""
    return frames_for(torque_sd_gmm / max(mass_g, 1e-6), x_sd_mm)


def _median(values) -> float:
    s = sorted(values)
    n = len(s)
    return (s[(n - 1) // 2] + s[n // 2]) / 2
