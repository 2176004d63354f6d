"""How noisy the load cells are, measured as they run, and what that noise allows.

Pure (no clock, no hardware; numpy). ``NoiseMeter`` takes the scale's frames (each cell's
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
from collections.abc import Sequence

import numpy as np

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


class _Ring:
    """The last ``keep`` values of ``n`` channels at once (numpy, for fast medians);
    values pushed wait in a list until ``values`` is asked for."""

    __slots__ = ("count", "data", "i", "pending")

    def __init__(self, n: int, keep: int) -> None:
        self.data = np.zeros((n, keep))
        self.i = self.count = 0
        self.pending: list[list[float]] = []

    def push(self, values: list[float]) -> None:
        self.pending.append(values)

    def _flush(self) -> None:
        rows, self.pending = self.pending, []
        self.extend(np.array(rows))

    def extend(self, rows: np.ndarray) -> None:
        """Rows of one value per channel, oldest first."""
        keep = self.data.shape[1]
        rows = rows[-keep:]
        if len(rows) == 0:
            return
        at = (self.i + np.arange(len(rows))) % keep
        self.data[:, at] = rows.T
        self.i = (self.i + len(rows)) % keep
        self.count = min(self.count + len(rows), keep)

    def values(self) -> np.ndarray:
        if self.pending:
            self._flush()
        return self.data[:, : self.count]

    def size(self) -> int:
        return min(self.count + len(self.pending), self.data.shape[1])

    def clear(self) -> None:
        self.i = self.count = 0
        self.pending = []


class NoiseMeter:
    """Per-channel noise (sd of one raw sample, g) from frames; see the module docstring.

    ``channels``: how many values a frame has; ``keep``: how many recent frames the
    medians run over; ``floor_g``: the least noise ever assumed (a perfectly quiet
    simulation must not make every threshold zero); ``update_every``: frames between
    two updates of the figures (``version`` counts the updates).
    """

    def __init__(
        self, channels: int, *, keep: int = 256, floor_g: float = 0.05, update_every: int = 8
    ) -> None:
        self.n = channels
        self.floor_g = floor_g
        self.update_every = max(1, update_every)
        self._d2_boot = _Ring(channels, keep)
        self._booting = True  # at start-up, or after relearn: until the scale rests
        self._d2_rest = _Ring(channels, keep)
        self._dev = _Ring(channels, max(8, keep // 4))
        self._carry: np.ndarray | None = None  # the run at rest going on: its last frames
        self._carry_mean: np.ndarray | None = None  # ... and its last block's mean
        self._frames: list[Sequence[float]] = []  # frames since the last update ...
        self._kinds: list[int] = []  # ... each at rest (1), booting (2) or neither (0)
        self._tail: list[Sequence[float]] = []  # the two frames before them
        self._since_update = 0
        self.version = 0
        self.white: list[float] = [floor_g] * channels
        self.wander: list[float] = [floor_g] * channels

    def push(self, values: Sequence[float], *, at_rest: bool) -> None:
        """One frame, and whether the scale is at rest in it."""
        self._frames.append(values)
        if at_rest:
            self._kinds.append(1)
            self._booting = False
        else:
            self._kinds.append(2 if self._booting else 0)
        self._since_update += 1
        if self._since_update >= self.update_every:
            self._update()

    def _update(self) -> None:
        """From frames at rest once there are ``REST_FRAMES`` of them; till then, also from
        the frames before the scale first rested (at start-up, or after ``relearn``)."""
        self._since_update = 0
        self._take_second_differences()
        rest = self._d2_rest.values()
        boot = self._d2_boot.values()
        if rest.shape[1] < REST_FRAMES:
            rest = np.concatenate([rest, boot], axis=1)
        if rest.shape[1] >= 8:
            white = _row_medians(rest) / D2_PER_SD
            self.white = [max(self.floor_g, float(x)) for x in white]
        dev = self._dev.values()
        if dev.shape[1] >= 8:
            wander = _row_medians(dev) / BLOCK_DIFF_PER_SD
            self.wander = [max(self.floor_g, float(x)) for x in wander]
        self.version += 1

    def _take_second_differences(self) -> None:
        """|Δ²| of the frames since the last update, each into the ring of its kind, and
        the differences of successive block means within each run of frames at rest."""
        frames, kinds = self._tail + self._frames, self._kinds
        fresh = len(self._frames)
        self._tail, self._frames, self._kinds = frames[-2:], [], []
        if len(frames) < 3:
            return
        f = np.array(frames)
        d2 = np.abs(f[2:] - 2 * f[1:-1] + f[:-2])  # row j: frame j + 2 of ``frames``
        k = np.array(kinds[len(kinds) - len(d2) :])
        self._d2_rest.extend(d2[k == 1])
        self._d2_boot.extend(d2[k == 2])
        self._take_blocks(f[len(f) - fresh :], kinds)

    def _take_blocks(self, new: np.ndarray, kinds: list[int]) -> None:
        """Means of successive blocks of ``BLOCK`` frames within each run at rest (a run
        may go on from the last update: ``_carry`` holds its unfinished block and
        ``_carry_mean`` its last block's mean); their differences go to ``_dev``."""
        runs, start = [], None
        for i, kind in enumerate(kinds):
            if kind == 1 and start is None:
                start = i
            elif kind != 1 and start is not None:
                runs.append((start, i))
                start = None
        if start is not None:
            runs.append((start, len(kinds)))
        carry, last = self._carry, self._carry_mean
        self._carry, self._carry_mean = None, None
        for a, b in runs:  # runs at rest: frames [a, b)
            run = new[a:b]
            if a == 0 and carry is not None:
                run = np.concatenate([carry, run])
            else:
                last = None
            blocks = len(run) // BLOCK
            width = run.shape[1]
            means = run[: blocks * BLOCK].reshape(blocks, BLOCK, width).mean(axis=1)
            if last is not None and blocks:
                means = np.concatenate([last[None, :], means])
            if len(means) >= 2:
                self._dev.extend(np.abs(np.diff(means, axis=0)))
            if b == len(new):  # the run goes on: keep what is not a block yet
                self._carry = run[blocks * BLOCK :]
                self._carry_mean = means[-1] if len(means) else last

    def relearn(self) -> None:
        """Forget what was measured at rest: every frame counts until the scale has rested
        long enough again (the noise may have grown so much that it never comes to rest
        by the old figures)."""
        self._take_second_differences()
        self._carry = self._carry_mean = None
        for ring in (self._d2_rest, self._dev, self._d2_boot):
            ring.clear()
        self._booting = True

    @property
    def noise(self) -> list[float]:
        """Per channel, the larger of ``white`` and ``wander`` (sd of one sample, g)."""
        return [max(w, v) for w, v in zip(self.white, self.wander, strict=True)]

    def measured(self, frames: int = REST_FRAMES) -> bool:
        """Whether ``frames`` frames (at least ``REST_FRAMES``) at rest or before the first
        rest have been seen: enough for the figures to mean something."""
        seen = self._d2_rest.size() + self._d2_boot.size() + sum(k > 0 for k in self._kinds)
        return seen >= max(frames, REST_FRAMES)


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


def _row_medians(a: np.ndarray) -> np.ndarray:
    """The median of each row (np.median without its checks: this runs twice a second)."""
    n = a.shape[1]
    lo, hi = (n - 1) // 2, n // 2
    p = np.partition(a, (lo, hi), axis=1)
    return (p[:, lo] + p[:, hi]) / 2
