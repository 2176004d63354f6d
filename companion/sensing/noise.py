"""How noisy the load cells are, measured as they run, and what that noise allows.

Pure (no clock, no hardware). ``NoiseMeter`` takes the scale's frames (each cell's
reading after the median-of-three glitch filter, g) and keeps, per cell and for their
sum, two robust estimates, both as the standard deviation of one raw sample (g):

- ``white``: from the median |second difference| of the frames, which a hand's slow
  force, drift and steps hardly touch (median-of-three filtered white noise of sd σ has
  median |Δ²| = 0.499 σ);
- ``wander``: from the median |deviation| of the frames at rest from the scale's
  settled baseline, which also catches the slower noise (1/f, a creeping cell) that
  differences miss (filtered white noise of sd σ has median |deviation| 0.45 σ).

``noise`` is the larger of the two. At rest only frames the caller marks ``at_rest``
count; until the first rest (at start-up) every frame counts, so that the thresholds
are right before the scale has ever settled.

The averaging the noise demands: the mean of n filtered frames of sd σ has sd 1.06 σ/√n,
so telling masses ``Δm`` apart at ``z`` standard deviations takes
n = (z · 1.06 σ / Δm)² frames: it grows as the noise squared (``frames_for``).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence

#: median |Δ²| and median |deviation| of median-of-3 filtered white noise, per raw sd
D2_PER_SD = 0.499
DEV_PER_SD = 0.45
#: sd of the mean of n filtered frames, times √n, per raw sd
MEAN_SD_FACTOR = 1.06


class NoiseMeter:
    """Per-channel noise (sd of one raw sample, g) from frames; see the module docstring.

    ``channels``: how many values a frame has; ``keep``: how many recent frames the
    medians run over; ``floor_g``: the least noise ever assumed (a perfectly quiet
    simulation must not make every threshold zero).
    """

    def __init__(self, channels: int, *, keep: int = 256, floor_g: float = 0.05) -> None:
        self.n = channels
        self.floor_g = floor_g
        self._d2: list[deque[float]] = [deque(maxlen=keep) for _ in range(channels)]
        self._dev: list[deque[float]] = [deque(maxlen=keep) for _ in range(channels)]
        self._prev: Sequence[float] | None = None
        self._prev2: Sequence[float] | None = None
        self._rested = False  # a frame at rest has been seen: only those count from now
        self._since_update = 0
        self.white: list[float] = [floor_g] * channels
        self.wander: list[float] = [floor_g] * channels

    def push(
        self, values: Sequence[float], *, at_rest: bool, baseline: Sequence[float] | None = None
    ) -> None:
        """One frame; ``baseline``: the settled level to measure deviations from."""
        p1, p2 = self._prev, self._prev2
        self._prev2, self._prev = p1, values
        if at_rest and not self._rested:
            self._rested = True
            for d in self._d2 + self._dev:
                d.clear()
        if not at_rest and self._rested:
            return
        if p1 is not None and p2 is not None:
            for i in range(self.n):
                self._d2[i].append(abs(values[i] - 2 * p1[i] + p2[i]))
        if at_rest and baseline is not None:
            for i in range(self.n):
                self._dev[i].append(abs(values[i] - baseline[i]))
        self._since_update += 1
        if self._since_update >= 8:
            self._update()

    def _update(self) -> None:
        self._since_update = 0
        for i in range(self.n):
            if len(self._d2[i]) >= 8:
                self.white[i] = max(self.floor_g, _median(self._d2[i]) / D2_PER_SD)
            if len(self._dev[i]) >= 64:
                self.wander[i] = max(self.floor_g, _median(self._dev[i]) / DEV_PER_SD)

    def relearn(self) -> None:
        """Count every frame again until the next frame at rest (the noise may have grown
        so much that the scale never comes to rest by the old figures)."""
        self._rested = False

    @property
    def noise(self) -> list[float]:
        """Per channel, the larger of ``white`` and ``wander`` (sd of one sample, g)."""
        return [max(w, v) for w, v in zip(self.white, self.wander, strict=True)]

    @property
    def measured(self) -> bool:
        """Whether enough frames have been seen for the figures to mean something."""
        return len(self._d2[0]) >= 64


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
