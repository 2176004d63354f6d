"""Never silent when stones come faster than the scale names them (80 samples/s).

At 1.5-2 g a cell, stones put down (and taken off) 0.8 s apart are now and then merged
into one change: the scale names it as one load of no stone's mass (or off the spaces),
as the stones' sum that happens to weigh like one stone, or, a stone put down and one
taken off, as nothing at all. Before, most such losses came with no warning. Now each
is said with a ``ScaleNoise`` problem, with the noise measured per cell and what to do:
``unnamed`` (a load of no stone's put down) or ``fast`` (stones came one after another).
(A load taken off that matches no stones named is not said: clearing the beam takes
stones off in any grouping, and the referee asks about one taken off during a round.)

Stones taken off faster than the scale names them are split back into the stones it
named on the beam (``scale_ledger``), each at the step it made.

Seeds (brisk, ``stones_in_a_row``, 1 % glitched samples) which lost stones unwarned
before: at 1.5 g, 14 (three stones into one stone's mass, 110 g on L1) and 42 (three
into 175 g, now split); at 2 g, 50 (a load of 36 g put down at +609 mm), 36 (one put
down and one taken off: a shift of +9,600 g·mm, no stone) and 306 (two taken off, now
split), 502 (a stone put down and taken off before it was named: the level it held,
above the rests before and after).
"""

from __future__ import annotations

import re

import pytest

from companion.devices.scale_scenarios import stones_in_a_row
from companion.devices.scale_scoring import score_round
from companion.devices.scale_sim import SignalModel
from companion.profile import default_profile
from companion.sensing.observations import ScaleNoise
from companion.sensing.scale_problems import Figures, describe
from companion.sensing.scale_recording import Recording
from companion.sensing.scale_replay import sense_recording

PROFILE = default_profile()
SAID_WITHIN_S = 8.0  # a loss must be said this soon after the stone (restless: 5 s)


def brisk(seed: int, noise_g: float):
    signal = SignalModel.per_sample(noise_g, 80, glitch_rate=0.01)
    played = stones_in_a_row(PROFILE, seed, rate_sps=80, signal=signal)
    obs = sense_recording(Recording(played.samples, notches=played.notches), PROFILE)
    return score_round(played, obs, PROFILE.stone_mass_g), obs


def said_between(obs, t0: float, t1: float) -> list[str]:
    """The problems in effect at ``t0`` or said up to ``t1``."""
    noise = [o for o in obs if isinstance(o, ScaleNoise)]
    before = [o for o in noise if o.t_mono <= t0]
    now = [before[-1].problem] if before and before[-1].problem else []
    return now + [o.problem for o in noise if t0 < o.t_mono <= t1 and o.problem]


@pytest.mark.parametrize(("seed", "noise_g"), [(14, 1.5), (50, 2.0), (36, 2.0), (502, 2.0)])
def test_stones_merged_are_said_with_the_noise_and_what_to_do(seed, noise_g):
    # seed 502 (unseen, bench_scale_unseen.py --first-seed 500): H1 put down on L2 left
    # the beam near a dead balance (2.4 g on a pad), tipping slowly for 1.5 s; taken off
    # 0.44 s after it came to rest, before the scale named it, and the change was named
    # with the next stone taken off: H1 put down and taken off, lost with no word. Now
    # the level it held, above the rest before and after, is said as stones merged.
    score, obs = brisk(seed, noise_g)
    lost = [m for m in score.mistakes if "no settled" not in m]
    assert lost, f"seed {seed}: the pace no longer defeats the scale here; pick another"
    for mistake in lost:
        t = float(re.search(r"at t=([0-9.]+):", mistake).group(1))
        said = said_between(obs, t, t + SAID_WITHIN_S)
        merged = [p for p in said if "no stone's" in p or "one after another" in p]
        assert merged, f"seed {seed}, silent: {mistake}\nsaid: {said}"
        assert all(re.search(r"wedge \d+\.\d g, left \d+\.\d g, right \d+\.\d g a cell", p)
                   for p in merged), merged  # fmt: skip
        assert all("wait a moment between stones" in p for p in merged), merged


@pytest.mark.parametrize(("seed", "noise_g"), [(42, 1.5), (306, 2.0)])
def test_stones_taken_off_one_after_another_are_split_back_into_the_stones_named(seed, noise_g):
    # seed 42: three stones taken off 0.8 s apart were one removal of 175 g; seed 306
    # (unseen, found by bench_scale_unseen.py): Q1 off R1 and B1 off L1, one removal of
    # 71 g at -2 mm, no warning. Now each is its own stone, on its space, at its step.
    score, obs = brisk(seed, noise_g)
    assert score.placements_right == score.placements == 24, (seed, score.mistakes)
    assert score.spurious == 0 and score.unwarned == 0, (seed, score.mistakes)
    said = [o.problem for o in obs if isinstance(o, ScaleNoise) and o.problem]
    assert any("one after another" in p for p in said), (seed, said)


def test_brisk_stones_all_named_are_not_called_merged():
    for seed in (0, 1, 2):
        score, obs = brisk(seed, 0.3)
        said = [o.problem for o in obs if isinstance(o, ScaleNoise) and o.problem]
        assert score.mistakes == [], (seed, score.mistakes)
        assert said == [], (seed, said)


def test_a_load_of_no_stone_s_is_said_with_its_mass_and_place():
    figures = Figures((1.4, 1.6, 1.5, 2.6), 1.2, 1.5, 0.6, 30.0, 5.0, 0.0, (0.0, 0.0, 0.0),
                      name_s=0.5, unnamed=(-120.4, 23.6))  # fmt: skip
    words = describe(("unnamed",), figures)
    assert "a load of 120 g was taken off at +24 mm, which is no stone's" in words
    assert "wedge 1.4 g, left 1.6 g, right 1.5 g a cell" in words
    assert "Check the stones on the tablet" in words
    fast = describe(("fast",), figures)
    assert fast.startswith("stones came one after another, faster than the scale names them")


def test_a_shift_just_after_a_stone_named_with_no_hand_is_said():
    # seed 306 at 1.5 g (unseen, found by bench_scale_unseen.py): H2 taken off R1 was
    # named while the beam still settled, then a shift of -939 g·mm came 1 s later, with
    # no hand: the referee would take it for the Stone of Fate moving. Now it is said.
    score, obs = brisk(306, 1.5)
    assert score.unwarned == 0, score.mistakes
    shifted = [m for m in score.mistakes if "LoadShifted" in m]
    assert shifted, "seed 306: no shift after the stone any more; pick another"
    t = float(re.search(r"at t=([0-9.]+):", shifted[0]).group(1))
    said = said_between(obs, t, t + SAID_WITHIN_S)
    assert any("g·mm" in p and "after a stone was named" in p for p in said), said
    assert all(re.search(r"wedge \d+\.\d g, left \d+\.\d g, right \d+\.\d g a cell", p)
               for p in said), said  # fmt: skip
