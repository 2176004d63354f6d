"""Glitch rejection, settle tracking and naming stones from their mass, with plain lists."""

from __future__ import annotations

import doctest
import random

import pytest

from companion.sensing import census, filters
from companion.sensing.census import identify_stone
from companion.sensing.filters import (
    MOVING,
    QUIET,
    STABLE,
    TRIGGERED,
    SettleTracker,
    SpikeFilter,
    median3,
)

CENSUS = {"P1": 60, "P2": 110, "H1": 35, "H2": 50, "H3": 65, "Q2": 45, "Q3": 60, "B2": 55}


def test_the_module_examples_hold():
    assert doctest.testmod(filters).failed == 0
    assert doctest.testmod(census).failed == 0


def test_median3_is_the_middle_one_in_any_order():
    for a, b, c in [(1, 2, 3), (3, 2, 1), (2, 3, 1), (1, 3, 2), (2, 1, 3), (3, 1, 2), (5, 5, 1)]:
        assert median3(a, b, c) == sorted([a, b, c])[1]


def test_single_sample_glitches_vanish_and_steps_pass_one_sample_late():
    f = SpikeFilter(glitch_g=50)
    values = [0, 0, 4000, 0, 0, -3000, 0, 100, 100, 100]
    out = [f.push(t, v) for t, v in enumerate(values)]
    assert [v for _, v in filter(None, out)] == [0, 0, 0, 0, 0, 0, 0, 100, 100]
    assert f.glitches == 2


def test_settle_tracker_follows_drift_triggers_on_a_step_and_settles_after_the_window():
    seed = 7
    rng = random.Random(seed)
    tr = SettleTracker(1, window_s=0.1, min_frames=4, band=3.0, trigger=3.0, tare_time_s=2.0)
    tr.accept([0.0])
    states = []
    for i in range(400):  # 5 s at 80/s with a drift of 1.2 g/min: followed, never a trigger
        states.append(tr.update(i / 80, [0.02 * i / 80 + rng.gauss(0, 0.3)]))
    assert set(states) == {QUIET}, f"seed {seed}"
    assert tr.update(5.0, [50.0]) == TRIGGERED
    assert tr.before[0] == pytest.approx(0.1, abs=0.2)
    seq = [tr.update(5.0 + k / 80, [50.0 + rng.gauss(0, 0.3)]) for k in range(1, 12)]
    assert MOVING in seq and seq[-1] == STABLE
    assert tr.window_mean[0] == pytest.approx(50, abs=0.5), f"seed {seed}"
    assert tr.window_median[0] == pytest.approx(50, abs=0.5), f"seed {seed}"
    tr.accept()  # at the stable window's means
    assert tr.baseline == tr.window_mean and tr.settled


def test_a_slow_slide_within_the_band_is_not_rest():
    tr = SettleTracker(1, window_s=0.08, min_frames=4, band=3.0, trigger=3.0, tare_time_s=5)
    tr.accept([0.0])
    states = [tr.update(k / 80, [0.45 * k]) for k in range(80)]  # 36 g/s: 2.7 g a window
    assert TRIGGERED in states and STABLE not in states


def test_a_slide_going_on_after_its_window_was_accepted_triggers_again():
    tr = SettleTracker(
        1, window_s=0.08, min_frames=4, band=3.0, trigger=3.0, tare_time_s=5, hold_s=1.0
    )
    tr.accept([0.0])
    ramp = [0.19 * k for k in range(64)]  # 15 g/s for 0.8 s: 1.2 g a window
    k = next(k for k, v in enumerate(ramp) if tr.update(k / 80, [v]) == STABLE)
    assert k < 40  # stable while still sliding
    tr.accept()  # the caller takes the window for rest; the slide goes on
    accepted = tr.baseline[0]
    later = [tr.update(j / 80, [ramp[j]]) for j in range(k + 1, 64)]
    assert TRIGGERED in later  # not followed by the running mean unnoticed
    assert tr.before[0] == pytest.approx(accepted)


def test_a_stone_is_named_when_its_mass_is_clear():
    m = identify_stone(64.6, ["H1", "H2", "H3"], CENSUS)
    assert m.stones == ("H3",) and m.reason == ""
    assert m.candidates[0] == (("H3",), 65, pytest.approx(0.4))


def test_both_pillars_together_are_one_placement():
    m = identify_stone(169.2, ["P1", "P2", ("P1", "P2")], CENSUS)
    assert m.stones == ("P1", "P2")


def test_two_stones_too_close_to_tell_apart_are_said_so():
    m = identify_stone(57.6, ["B2", "P1", "Q3"], CENSUS)
    assert m.stones is None
    assert "too close to tell apart" in m.reason
    m = identify_stone(60.2, ["P1", "Q3"], CENSUS)  # equal masses: the census cannot help
    assert m.stones is None and "P1 (60 g) and Q3 (60 g)" in m.reason


def test_a_mass_that_fits_no_allowed_stone_names_none_and_lists_the_allowed():
    m = identify_stone(20.0, ["H1", "H2"], CENSUS)
    assert m.stones is None
    assert m.reason == "no allowed stone weighs about 20.0 g (allowed: H1 (35 g), H2 (50 g))"


def test_an_allowed_stone_missing_from_the_census_is_a_clear_error():
    with pytest.raises(ValueError, match=r"stone 'X9' is not in the census"):
        identify_stone(40, ["X9"], CENSUS)
