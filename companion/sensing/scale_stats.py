"""Per-channel statistics of raw load-cell samples, for ``doctor scale`` and calibration.

Pure (numpy, no clock): rate in samples/s from the samples' own ``t_mono``; mean in raw
counts and grams; noise in grams (a robust standard deviation from sample-to-sample
differences, so that a glitch or a slow drift hardly moves it); glitches (samples the
median-of-three filter rejected by more than ``glitch_g``); saturation codes; drift in
grams per minute (the slope of a straight line through the filtered readings).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..profile import ScaleProfile
from .filters import SpikeFilter
from .scale_recording import SATURATION_CODES, RawSample


@dataclass(frozen=True, slots=True)
class ChannelStats:
    """What one channel did over a capture (see the module docstring for units)."""

    channel: str
    samples: int
    rate_sps: float
    mean_raw: float
    mean_g: float
    noise_g: float
    glitches: int
    saturated: int
    drift_g_per_min: float


def channel_stats(
    samples: Iterable[RawSample], profile: ScaleProfile, *, glitch_g: float = 20.0
) -> dict[str, ChannelStats]:
    """Statistics per channel of the profile (a channel with no samples has ``samples=0``)."""
    by_channel: dict[str, list[RawSample]] = {ch: [] for ch in profile.cells}
    for s in samples:
        if s.channel in by_channel:
            by_channel[s.channel].append(s)
    return {ch: _stats(ch, rows, profile.cells[ch], glitch_g) for ch, rows in by_channel.items()}


def _stats(ch: str, rows: list[RawSample], cal, glitch_g: float) -> ChannelStats:
    saturated = sum(1 for r in rows if r.raw in SATURATION_CODES)
    good = [r for r in rows if r.raw not in SATURATION_CODES]
    nan = float("nan")
    if len(good) < 3:
        return ChannelStats(ch, len(rows), nan, nan, nan, nan, 0, saturated, nan)
    t = np.array([r.t_mono for r in good])
    raw = np.array([r.raw for r in good], dtype=float)
    grams = (raw - cal.zero_counts) / cal.counts_per_g
    spike = SpikeFilter(glitch_g=glitch_g)
    pushed = (spike.push(ti, g) for ti, g in zip(t, grams, strict=True))
    filtered = [v for _, v in filter(None, pushed)]
    span = float(t[-1] - t[0])
    rate = (len(rows) - 1) / span if span > 0 else nan
    diffs = np.diff(grams)
    noise = float(np.median(np.abs(diffs - np.median(diffs))) * 1.4826 / np.sqrt(2))
    drift = nan
    if span > 0 and len(filtered) >= 3:
        drift = float(np.polyfit(t[: len(filtered)] - t[0], filtered, 1)[0] * 60)
    return ChannelStats(
        ch,
        len(rows),
        rate,
        float(np.median(raw)),
        float(np.median(grams)),
        noise,
        spike.glitches,
        saturated,
        drift,
    )
