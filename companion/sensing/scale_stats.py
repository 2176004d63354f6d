"""Per-channel statistics of raw load-cell samples, for ``doctor scale`` and calibration.

Pure (numpy, no clock): rate in samples/s from the samples' own ``t_mono``; mean in raw
counts and grams; noise in grams (a robust standard deviation from sample-to-sample
differences, so that a glitch or a slow drift hardly moves it); glitches (samples the
median-of-three filter rejected by more than ``glitch_g``); saturation codes; drift in
grams per minute (the slope of a straight line through the filtered readings); wander in
grams (the slower noise at the sensing's averaging scale, as the sensing measures it).
``judge_noise``: what that noise allows the sensing (the smallest mass difference told
apart, the time to name a stone) and a verdict.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..profile import ScaleProfile
from .filters import SpikeFilter
from .noise import BLOCK, BLOCK_DIFF_PER_SD, frames_for, place_frames, resolution_g, torque_sd
from .scale_config import SensingConfig
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
    wander_g: float = float("nan")  # the slow noise, as ``noise.NoiseMeter`` measures it


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
    wander = _wander(np.array(filtered))
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
        wander,
    )


def _wander(filtered: np.ndarray) -> float:
    """The noise at the time scale the sensing averages over (``noise.NoiseMeter``):
    from the median |difference| of successive means of ``BLOCK`` readings, detrended."""
    blocks = len(filtered) // BLOCK
    if blocks < 4:
        return float("nan")
    means = filtered[: blocks * BLOCK].reshape(blocks, BLOCK).mean(axis=1)
    d = np.diff(means)
    return float(np.median(np.abs(d - np.median(d))) / BLOCK_DIFF_PER_SD)


@dataclass(frozen=True, slots=True)
class NoiseVerdict:
    """What the cells' noise allows the sensing (``doctor scale``): the noise per cell and
    of their sum (sd of one sample, g), the smallest mass difference told apart by
    averaging ``max_average_s`` (g), the rest it takes to name the lightest stone and
    its space (s), and the verdict: ``ok``, ``slow`` (naming takes longer than
    ``decide_within_s``: wait between stones) or ``too noisy`` (stones of the census
    cannot be told apart), with what to do in ``advice``."""

    noise_g: dict[str, float]
    total_noise_g: float
    resolution_g: float
    decide_s: float
    verdict: str
    advice: str


def judge_noise(
    noise_g: dict[str, float],
    profile: ScaleProfile,
    *,
    rate_sps: float | None = None,
    config: SensingConfig | None = None,
) -> NoiseVerdict:
    """The verdict on per-cell noise ``noise_g`` (g, one sample), by the sensing's own
    rules (``ScaleSensor``: ``noise.frames_for``, ``place_frames``, ``resolution_g``)."""
    rate = rate_sps or profile.rate_sps
    cfg = config or SensingConfig.for_rate(rate)
    cells = {ch: noise_g.get(ch, float("nan")) for ch in profile.cells}
    total = math.sqrt(sum(x * x for x in cells.values()))
    cap = max(cfg.settle_min_frames, int(cfg.max_average_s * rate))
    resolution = resolution_g(total, cap)
    if math.isnan(total):  # a cell gave no readings: nothing to average
        advice = "a cell gave no readings: see the channels above"
        return NoiseVerdict(cells, total, resolution, math.nan, "unknown", advice)
    masses = sorted(set(profile.stone_mass_g.values()))
    gap = min((b - a for a, b in itertools.pairwise(masses)), default=5.0)
    lightest = masses[0] if masses else 30.0
    p = profile.notch_x_mm.get("middle", 0.0)
    tau = torque_sd(cells.get("left", 0.0), cells.get("right", 0.0),
                    p - profile.pad_left_x_mm, profile.pad_right_x_mm - p)  # fmt: skip
    need = max(cfg.settle_min_frames, frames_for(total, cfg.mass_sd_g),
               place_frames(tau, lightest, cfg.x_sd_mm / 2))  # fmt: skip
    decide = need / rate
    fix = (
        "tighten the load cells' screws, shield or shorten the HX711 wires (twisted pairs,"
        " away from motors and mains), use the 10 samples/s mode (RATE pin low), then"
        " companion calibrate scale again"
    )
    if resolution > gap:
        verdict = "too noisy"
        advice = (f"stones {gap:g} g apart cannot be told apart (only {resolution:.1f} g,"
                  f" averaging {cfg.max_average_s:g} s): {fix}")  # fmt: skip
    elif decide > cfg.decide_within_s:
        verdict = "slow"
        advice = (f"naming a {lightest:g} g stone takes {decide:.2f} s of rest: put stones"
                  f" down at least that far apart, or {fix}")  # fmt: skip
    else:
        verdict, advice = "ok", f"a {lightest:g} g stone is named within {decide:.2f} s"
    return NoiseVerdict(cells, total, resolution, decide, verdict, advice)
