"""From simulated physics through sensing: seeded random rounds with noise, drift,
glitches, swings and hand-holds (companion/devices/scale_scenarios.py), scored against
the truth (companion/devices/scale_scoring.py).

Every placement gets the right stone and space, every Stone of Fate slide and notch move
is seen as a shift, every settled side is right (a dead balance, under 1 g on a pad, must
say so instead), and nothing but ``disturbed`` is reported while a hand is on the scale.
"""

from __future__ import annotations

import pytest

from companion.devices.scale_scenarios import random_round
from companion.devices.scale_scoring import RoundScore, score_round
from companion.devices.scale_sim import SignalModel
from companion.profile import default_profile
from companion.sensing.observations import LoadShifted
from companion.sensing.scale_recording import Recording
from companion.sensing.scale_replay import sense_recording

PROFILE = default_profile()


def play(seeds, profile=PROFILE, rate_sps=80) -> RoundScore:
    total = RoundScore()
    for seed in seeds:
        session = random_round(profile, seed, rate_sps=rate_sps)
        rec = Recording(session.samples, notches=session.notches)
        total.add(score_round(session, sense_recording(rec, profile), profile.stone_mass_g))
    return total


def assert_perfect(score: RoundScore, seeds) -> None:
    where = f"seeds {seeds.start}..{seeds.stop - 1}"
    assert score.mistakes == [], f"{where}:\n" + "\n".join(score.mistakes)
    assert score.placements_right == score.placements > 0, where
    assert score.shifts_seen == score.shifts, where
    assert score.settles_right == score.settles, where


def test_a_few_random_rounds_at_80_samples_per_second_are_sensed_without_a_mistake():
    seeds = range(1000, 1008)
    score = play(seeds)
    assert_perfect(score, seeds)
    assert score.shifts > 0


@pytest.mark.slow
def test_two_hundred_random_rounds_are_sensed_without_a_mistake():
    seeds = range(0, 200)
    score = play(seeds)
    print(f"{score.placements} placements, {score.shifts} shifts, {score.settles} settles")
    assert_perfect(score, seeds)
    assert score.placements > 1000 and score.shifts > 200


@pytest.mark.slow
def test_at_10_samples_per_second_most_placements_are_still_named():
    # 10 samples/s is the HX711's quiet mode: slower to settle, and a hand's wander is
    # harder to see. The benchmark reports the accuracy; here a floor guards it.
    slow = PROFILE.with_changes(rate_sps=10)
    score = play(range(0, 40), slow, rate_sps=10)
    assert score.placements_right / score.placements > 0.9, ("seeds 0..39", score.mistakes[:5])


def test_a_stone_of_fate_still_sliding_is_not_named_until_it_stops():
    # Unseen round 515 at 1.5 g a cell (bench_scale_unseen.py --first-seed 500): the
    # Stone of Fate slid 113 mm at an even pace (8,513 g·mm). The total does not change
    # in a slide, and on noisy cells the pad's load over the slide's last 0.15 s fitted
    # the settle band: the shift was named as the slide ended, 7,596 g·mm (11 % short:
    # the referee would put the Stone 12 mm off), with no warning. The torque's straight
    # trend over the stillness window now holds it back until the slide has stopped.
    signal = SignalModel.per_sample(1.5, 80, glitch_rate=0.01)
    session = random_round(PROFILE, 515, rate_sps=80, signal=signal)
    obs = sense_recording(Recording(session.samples, notches=session.notches), PROFILE)
    score = score_round(session, obs, PROFILE.stone_mass_g)
    slide = next(e for e in session.expected if "Stone of Fate slid" in e.what)
    shifts = [o for o in obs if isinstance(o, LoadShifted) and o.t_mono > slide.t_start]
    assert abs(shifts[0].dtorque_gmm - slide.dtorque_gmm) < 0.04 * slide.dtorque_gmm, shifts
    assert score.mistakes == [], "seed 515, 1.5 g a cell:\n" + "\n".join(score.mistakes)
