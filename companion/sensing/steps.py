"""Steps in one load signal (a total in grams over time), through the same glitch filter
and settle tracker as the scale: each time the signal comes to rest at a new level, a
``Step`` from the level before. Used on recordings of other load cells (the real
HX711 data in ``../shared/data``) and for quick looks at any single channel."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from .filters import QUIET, STABLE, TRIGGERED, SettleTracker, SpikeFilter
from .noise import NoiseMeter


@dataclass(frozen=True, slots=True)
class Step:
    """The signal came to rest at ``after`` (g) at ``t_mono`` (s), from ``before``."""

    t_mono: float
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(slots=True)
class StepResult:
    steps: list[Step]
    glitches: int  # samples the median-of-three filter replaced by more than ``glitch``
    filtered: list[tuple[float, float]]  # (t_mono, value) after glitch rejection
    rests: int  # how many times the signal came to rest


def find_steps(
    samples: Iterable[tuple[float, float]],
    *,
    glitch: float,
    band: float | None,
    window_s: float,
    min_frames: int = 4,
    min_step: float,
    tare_time_s: float = 60.0,
    least_band: float = 1.0,
) -> StepResult:
    """Rests of the signal and the steps between them larger than ``min_step``.

    ``band``: at rest, every value of the last ``window_s`` seconds lies within it (and
    leaving the level by more than it starts a change); None: follow the noise as the
    scale does (``noise.NoiseMeter``: band σ·(2.5 + 0.8 ln frames), trigger 4.5 σ, at
    least ``least_band``). ``glitch``: a sample replaced by more than this counts as a
    glitch.
    """
    spike = SpikeFilter(glitch_g=glitch)
    fixed = band if band is not None else least_band
    tracker = SettleTracker(1, window_s=window_s, min_frames=min_frames, band=fixed,
                            trigger=fixed, tare_time_s=tare_time_s)  # fmt: skip
    meter = NoiseMeter(1) if band is None else None
    spread = 2.5 + 0.8 * math.log(max(2, min_frames))
    steps, filtered, rests = [], [], 0
    level = None
    for t, v in samples:
        out = spike.push(t, v)
        if out is None:
            continue
        filtered.append(out)
        if meter is not None:
            sd = meter.noise[0]
            tracker.band = [max(least_band, spread * sd)]
            tracker.trigger = tracker.trigger_mean = [max(least_band, 4.5 * sd)]
        state = tracker.update(out[0], (out[1],))
        if meter is not None:
            meter.push((out[1],), at_rest=state == QUIET)
        if state == TRIGGERED:
            level = tracker.before[0]
        elif state == STABLE:
            tracker.accept()
            rests += 1
            now = tracker.baseline[0]
            if level is not None and abs(now - level) >= min_step:
                steps.append(Step(out[0], level, now))
            level = now
        elif state == QUIET and level is None:
            level = tracker.baseline[0]
    return StepResult(steps, spike.glitches, filtered, rests)
