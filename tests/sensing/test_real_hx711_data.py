"""Glitch rejection and settle detection on real HX711 recordings (the Cambridge coffee
pot: four bit-banged HX711s on a Raspberry Pi, 10 samples/s; see SOURCE.txt there).

The data sits beside the clone in ../shared/data/real/coffee-pot-hx711; without it these
tests are skipped. The same SpikeFilter and SettleTracker as the scale pipeline run on
the total weight (sum of the four cells' counts / 365 counts per gram, the authors'
factor), with a band for that platform's noise (2.4-4.2 g sd).
"""

from __future__ import annotations

import csv
import statistics
from pathlib import Path

import pytest

from companion.sensing.steps import find_steps

REPO = Path(__file__).resolve().parents[2]
DATA = REPO.parent / "shared" / "data" / "real" / "coffee-pot-hx711"
pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real HX711 data not found at {DATA} (../shared/ beside the clone)"
)
COUNTS_PER_G = 365.0


def cells(name):
    with (DATA / "cells" / name).open(newline="") as f:
        return [(float(r["unix_ts"]), sum(int(r[f"cell{i}"]) for i in range(4)) / COUNTS_PER_G)
                for r in csv.DictReader(f)]  # fmt: skip


def weight_10hz(name):
    with (DATA / "weight_10hz" / name).open(newline="") as f:
        return [(float(t), float(g)) for t, g in csv.reader(f)]


def steps(data):
    return find_steps(data, glitch=100, band=30, window_s=0.6, min_frames=4, min_step=80)


def test_an_empty_platform_for_minutes_gives_no_step_and_its_glitches_are_rejected():
    data = cells("2019-11-18_readings_cells.csv")
    raw = [v for _, v in data]
    med = statistics.median(raw)
    assert sum(abs(v - med) > 200 for v in raw) >= 40  # the 42 glitches, kilograms off
    r = steps(data)
    assert r.steps == []
    assert r.glitches >= 40
    wild_before = [v for v in raw if abs(v - med) > 50]
    wild = [v for _, v in r.filtered if abs(v - med) > 50]
    # left: only glitches two samples long (a median of three keeps those), 0.3 % at most
    assert len(wild) <= 0.003 * len(raw) and len(wild) < len(wild_before) / 4
    assert r.rests >= 1


def test_a_pot_sitting_among_heavy_glitching_gives_no_step():
    r = steps(weight_10hz("2019-12-18_save_1576677425.258.csv"))
    assert r.steps == []
    assert r.glitches > 50


def test_the_full_pot_placed_and_lifted_and_cups_poured_are_found():
    r = steps(cells("2019-11-15_full_to_empty_cells.csv"))
    deltas = [s.delta for s in r.steps]
    pot = [d for d in deltas if 3300 < abs(d) < 3800]
    assert len(pot) >= 10
    assert sum(d > 0 for d in pot[:9]) in (4, 5)  # placed, lifted, placed, ... in turn
    cups = [d for d in deltas if -260 < d < -180]
    assert len(cups) >= 8  # a cup is ~0.22 kg
    # the levels chain: each step starts where the previous one ended
    for a, b in zip(r.steps, r.steps[1:], strict=False):
        assert b.before == pytest.approx(a.after, abs=30)


def test_a_new_pot_one_cup_and_the_pot_removed():
    r = steps(cells("2019-11-22_new_pot_plus_cup_cells.csv"))
    deltas = [round(s.delta) for s in r.steps]
    assert deltas[0] > 3300  # the new pot
    assert any(-300 < d < -100 for d in deltas)  # one cup
    assert deltas[-1] < -3200  # the pot taken away


def test_pours_under_heavy_glitching_are_found():
    r = steps(weight_10hz("2019-12-18_save_1576678474.837.csv"))
    pours = [s.delta for s in r.steps if -300 < s.delta < -100]
    assert len(pours) >= 2
    assert len(r.steps) == len(pours)


# -- thresholds that follow the measured noise (as the scale's sensing does) -----------


def adaptive_steps(data):
    return find_steps(data, glitch=100, band=None, window_s=0.6, min_frames=4, min_step=80,
                      least_band=3.0)  # fmt: skip


def test_noise_adaptive_thresholds_find_nothing_on_the_empty_platform_or_the_sitting_pot():
    assert adaptive_steps(cells("2019-11-18_readings_cells.csv")).steps == []
    assert adaptive_steps(weight_10hz("2019-12-18_save_1576677425.258.csv")).steps == []


def test_noise_adaptive_thresholds_find_the_pots_and_the_cups():
    deltas = [s.delta for s in adaptive_steps(cells("2019-11-15_full_to_empty_cells.csv")).steps]
    assert sum(3300 < abs(d) < 3800 for d in deltas) >= 10
    assert sum(-260 < d < -180 for d in deltas) >= 8
    pours = [
        s.delta for s in adaptive_steps(weight_10hz("2019-12-18_save_1576678474.837.csv")).steps
    ]
    assert len(pours) >= 2 and all(-300 < d < -100 for d in pours)


def test_the_noise_meter_measures_the_real_empty_platform():
    from companion.sensing.filters import SpikeFilter
    from companion.sensing.noise import NoiseMeter

    spike, meter = SpikeFilter(glitch_g=100), NoiseMeter(1, keep=4096)
    for t, v in cells("2019-11-18_readings_cells.csv"):
        out = spike.push(t, v)
        if out is not None:
            meter.push((out[1],), at_rest=True)
    # the sum of four real cells: about 2 g of white noise, and more at 0.8 s (one cell
    # wanders): the sensing takes the larger
    assert 1.5 < meter.white[0] < 3.0 and meter.wander[0] > meter.white[0]


def test_doctor_figures_on_the_real_cells_count_their_slow_wander():
    from companion.profile import default_profile
    from companion.sensing.scale_recording import RawSample
    from companion.sensing.scale_stats import channel_stats, judge_noise

    # three of the four real cells as the scale's wedge, left and right (their counts
    # at 365 a gram turned into ours at 2000), empty platform, 10 samples/s
    profile = default_profile().with_changes(rate_sps=10)
    with (DATA / "cells" / "2019-11-18_readings_cells.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    samples = [
        RawSample(float(r["unix_ts"]), ch, round(int(r[f"cell{i}"]) * 2000 / COUNTS_PER_G)
                  + profile.cells[ch].zero_counts)
        for r in rows
        for i, ch in ((1, "wedge"), (2, "left"), (3, "right"))
    ]  # fmt: skip
    stats = channel_stats(samples, profile)
    wedge = stats["wedge"]  # cell 1: 1.4 g white, and a slow wander on top
    assert 1.0 < wedge.noise_g < 2.0 and wedge.wander_g > 2 * wedge.noise_g, wedge
    assert stats["left"].noise_g < 0.3  # cell 2 is quiet
    verdict = judge_noise({ch: max(s.noise_g, s.wander_g) for ch, s in stats.items()}, profile)
    assert verdict.verdict == "too noisy" and verdict.resolution_g > 5.0, verdict
    assert "shield" in verdict.advice
