"""10 samples/s: stones put down at a player's pace are named; a brisker pace is said.

At 10 samples/s a frame comes every 0.1 s, and naming a stone takes 0.5-0.8 s after
the beam rests. Stones put down 2 s apart (``stones_in_a_row(gap_s=2.0)``, no hand,
1 % glitched samples) are all named with nothing invented up to 0.6 g a sample, and
with nothing invented at 1 g (where the sensing also says it is slow). Stones put down
0.8 s apart are faster than that: some are named late or together, and the sensing says
so (a ``fast`` problem with the measured pace and what to do), never silently.
"""

from __future__ import annotations

import re

import pytest

from companion.devices.scale_scenarios import stones_in_a_row
from companion.devices.scale_scoring import RoundScore, score_round
from companion.devices.scale_sim import SignalModel
from companion.profile import default_profile
from companion.sensing.observations import ScaleNoise
from companion.sensing.scale_recording import Recording
from companion.sensing.scale_replay import sense_recording

SLOW = default_profile().with_changes(rate_sps=10)


def session(noise_g: float, seed: int, gap_s: float):
    signal = SignalModel.per_sample(noise_g, 10, glitch_rate=0.01)
    played = stones_in_a_row(SLOW, seed, rate_sps=10, signal=signal, gap_s=gap_s)
    obs = sense_recording(Recording(played.samples, notches=played.notches), SLOW)
    return score_round(played, obs, SLOW.stone_mass_g), obs


def problems(obs) -> list[str]:
    return [o.problem for o in obs if isinstance(o, ScaleNoise) and o.problem]


def play(noise_g: float, seeds, gap_s: float) -> RoundScore:
    total = RoundScore()
    for seed in seeds:
        total.add(session(noise_g, seed, gap_s)[0])
    return total


@pytest.mark.parametrize("noise_g", [0.3, 0.6])
def test_stones_two_seconds_apart_are_all_named_at_10_samples_per_second(noise_g):
    score = play(noise_g, range(0, 2), gap_s=2.0)
    where = f"seeds 0..1, {noise_g} g a sample, 10/s:\n" + "\n".join(score.mistakes)
    assert score.placements == 48, where
    assert score.placements_right == score.placements, where
    assert score.spurious == 0, where


def test_stones_put_down_too_fast_for_10_samples_per_second_are_said_with_the_pace():
    score, obs = session(0.3, 6, gap_s=0.8)
    said = problems(obs)
    assert score.mistakes, "seed 6 is a session the pace defeats"
    paces = [float(m) for p in said for m in re.findall(r"stones came (\d+\.\d) s apart", p)]
    assert paces and all(0.5 <= pace <= 0.9 for pace in paces), said  # they were 0.8 s apart
    assert all("use 80 samples/s or wait a moment" in p for p in said if "apart" in p), said


@pytest.mark.slow
@pytest.mark.parametrize(("noise_g", "least_named"), [(0.3, 1.0), (0.6, 1.0), (1.0, 0.98)])
def test_eight_sessions_two_seconds_apart_at_10_samples_per_second(noise_g, least_named):
    seeds = range(0, 8)
    score = play(noise_g, seeds, gap_s=2.0)
    where = f"seeds 0..7, {noise_g} g a sample, 10/s:\n" + "\n".join(score.mistakes)
    assert score.spurious == 0, where
    assert score.placements_right >= least_named * score.placements, where


@pytest.mark.slow
@pytest.mark.parametrize("noise_g", [0.3, 0.6, 1.0])
def test_every_session_too_fast_for_10_samples_per_second_says_so(noise_g):
    for seed in range(0, 8):
        score, obs = session(noise_g, seed, gap_s=0.8)
        if score.mistakes:  # the pace defeated the scale here: it must have said so
            assert problems(obs), f"seed {seed}, {noise_g} g: silent\n" + "\n".join(score.mistakes)


def test_a_player_s_pace_at_80_samples_per_second_is_not_called_fast():
    profile = default_profile()
    signal = SignalModel.per_sample(0.3, 80, glitch_rate=0.01)
    for seed in range(0, 3):
        played = stones_in_a_row(profile, seed, rate_sps=80, signal=signal)
        obs = sense_recording(Recording(played.samples, notches=played.notches), profile)
        assert not any("apart" in p for p in problems(obs)), (seed, problems(obs))
