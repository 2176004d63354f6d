"""Scale sensing on noisier load cells: thresholds follow the noise measured at rest.

Stones put down 0.8 s apart (``stones_in_a_row``), 1 % glitched samples, at per-cell
noise 0.3 to 2 g (80 samples/s) and 0.3 to 1 g (10 samples/s, seeded rounds): every
placement named right, none invented, every settle reported. Where the noise is too
much to name stones in time, a ``ScaleNoise`` problem says so, with the noise.
"""

from __future__ import annotations

import pytest

from companion.devices.scale_scenarios import random_round, stones_in_a_row
from companion.devices.scale_scoring import RoundScore, score_round
from companion.devices.scale_sim import SignalModel
from companion.profile import default_profile
from companion.sensing.noise import NoiseMeter, frames_for, resolution_g
from companion.sensing.observations import ScaleNoise
from companion.sensing.scale_recording import Recording
from companion.sensing.scale_replay import sense_recording

PROFILE = default_profile()
SLOW = PROFILE.with_changes(rate_sps=10)


def play(scenario, noise_g, seeds, *, rate_sps=80, **kw):
    profile = PROFILE if rate_sps == 80 else SLOW
    total, noise_obs = RoundScore(), []
    for seed in seeds:
        signal = SignalModel.per_sample(noise_g, rate_sps, glitch_rate=0.01)
        session = scenario(profile, seed, rate_sps=rate_sps, signal=signal, **kw)
        obs = sense_recording(Recording(session.samples, notches=session.notches), profile)
        total.add(score_round(session, obs, profile.stone_mass_g))
        noise_obs += [o for o in obs if isinstance(o, ScaleNoise)]
    return total, noise_obs


def assert_all_named(score: RoundScore, what: str) -> None:
    assert score.mistakes == [], f"{what}:\n" + "\n".join(score.mistakes)
    assert score.placements_right == score.placements > 0, what
    assert score.settles_right == score.settles, what


@pytest.mark.parametrize("noise_g", [0.3, 0.8, 1.5, 2.0])
def test_stones_put_down_briskly_are_all_named_at_80_samples_per_second(noise_g):
    seed = 7
    score, _ = play(stones_in_a_row, noise_g, [seed], rounds=2)
    assert_all_named(score, f"seed {seed}, noise {noise_g} g a cell, 80/s")
    assert score.spurious == 0, f"seed {seed}"


@pytest.mark.parametrize(
    ("seed", "noise_g"),
    [
        # Q4 tips the beam gently onto the left pad (2.4 g there, under the short
        # window's 2.6 g at 1 g a cell): it was taken for a dead balance and merged,
        # unnamed and unwarned, into the next stones (three of 24 lost)
        (3, 1.0),
        # Q3 taken off: the beam swings through the air to the right pad; the right
        # pad's load arriving must not end the dead-balance wait (named at -96 mm)
        (59, 0.5),
        # the session starts in a dead balance: the noise broke every 1.5 s stretch at
        # rest for a frame or two, so the scale never rested before B3 came at 2.5 s
        # and took it into its first rest, unnamed and unwarned
        (24, 1.5),
        # the same, on unseen seeds: before the first noise figures (1 s) the band was
        # the quiet cells' 3 g, and the noise broke it for 8 frames running, so the
        # dead-balance wait began only at 1.0 s and would end at 2.51 s; a stone came at
        # 2.50 s (618 at 1.5 g, unwarned; 304 at 2 g, warned). Frames judged moving by
        # a band not yet set from the noise do not break the wait now.
        (618, 1.5),
        (304, 2.0),
    ],
)
def test_a_brisk_session_near_a_dead_balance_names_all_24_stones(seed, noise_g):
    score, _ = play(stones_in_a_row, noise_g, [seed])
    assert_all_named(score, f"seed {seed}, noise {noise_g} g a cell, 80/s")
    assert score.placements == 24, f"seed {seed}"
    assert score.spurious == 0, f"seed {seed}"


@pytest.mark.parametrize("noise_g", [0.3, 1.0])
def test_rounds_at_10_samples_per_second_are_named(noise_g):
    seeds = range(20, 22)
    score, _ = play(random_round, noise_g, seeds, rate_sps=10)
    assert_all_named(score, f"seeds {list(seeds)}, noise {noise_g} g a cell, 10/s")


def test_noise_that_makes_naming_slow_is_a_problem_saying_how_long_and_what_to_do():
    seed = 3
    _, noise = play(stones_in_a_row, 3.0, [seed], rounds=1)
    problems = [o for o in noise if o.problem]
    assert problems, f"seed {seed}: no ScaleNoise problem at 3 g a cell"
    p = problems[0]
    assert "s of rest to name a 30 g stone" in p.problem, seed
    assert "shield" in p.problem and "10 samples/s" in p.problem and "calibrate" in p.problem
    assert dict(p.noise_g).keys() == {"wedge", "left", "right"}
    assert all(1.5 < g < 6.0 for _, g in p.noise_g), (seed, p.noise_g)


def test_too_much_noise_to_tell_stones_apart_is_a_problem_not_silence():
    seed = 3
    _, noise = play(stones_in_a_row, 8.0, [seed], rounds=1)
    told = [o for o in noise if o.problem and "too noisy to tell stones 5 g apart" in o.problem]
    assert told, f"seed {seed}: {noise}"
    assert told[0].resolution_g > 5.0 and told[0].total_noise_g > 8.0, seed


def test_a_drifting_cell_is_a_problem_that_names_it_and_goes_when_it_steadies():
    from companion.devices.scale_sim import ScaleSimulator
    from companion.sensing.scale import ScaleSensor

    seed = 2
    sim = ScaleSimulator(PROFILE, seed=seed, signal=SignalModel(drift_g_per_min=10.0))
    sensor = ScaleSensor(PROFILE)
    said = [o for o in sensor.feed_all(sim.advance(45.0)) if isinstance(o, ScaleNoise)]
    assert said and "load cell drifts" in said[0].problem and "warm up" in said[0].problem
    fast = {ch for ch, rate in sim._drift.items() if abs(rate) * 60 > 3}
    assert any(f"the {ch} load cell drifts" in said[0].problem for ch in fast), (seed, said)
    sim._drift = dict.fromkeys(sim._drift, 0.0)  # warmed up
    later = [o for o in sensor.feed_all(sim.advance(45.0)) if isinstance(o, ScaleNoise)]
    assert later and later[-1].problem is None, (seed, later)


def test_quiet_cells_raise_no_noise_problem():
    seed = 4
    _, noise = play(stones_in_a_row, 0.3, [seed], rounds=1)
    assert [o for o in noise if o.problem] == [], f"seed {seed}"


def test_the_noise_meter_measures_white_noise_per_sample():
    import random

    rng = random.Random(11)
    meter = NoiseMeter(1)
    window = [rng.gauss(0, 2.0) for _ in range(3)]
    for _ in range(600):  # median-of-three filtered, as the scale's frames are
        window = [*window[1:], rng.gauss(0, 2.0)]
        meter.push([sorted(window)[1]], at_rest=False)
    assert meter.white[0] == pytest.approx(2.0, rel=0.15), "seed 11"


def test_the_averaging_needed_grows_as_the_noise_squared():
    assert frames_for(20.0, 1.0) / frames_for(10.0, 1.0) == pytest.approx(4.0, rel=0.01)
    assert frames_for(4.0, 1.0) == 18  # (1.06 * 4 / 1)² = 17.98
    assert resolution_g(2.0, 100) == pytest.approx(resolution_g(1.0, 25), rel=1e-9)


@pytest.mark.slow
@pytest.mark.parametrize("noise_g", [0.3, 0.8, 1.5, 2.0])
def test_many_brisk_sessions_at_80_samples_per_second(noise_g):
    # 240 placements and removals a noise level. Near a dead balance the beam takes up
    # to 1.1 s to come to rest and the next stone follows 0.4 s later: at 1.5-2 g a cell
    # that is too short to place a light stone near a space's edge now and then (the
    # bench's noise curve gives the rates). Nothing is ever invented.
    seeds = range(100, 110)
    score, _ = play(stones_in_a_row, noise_g, seeds)
    where = f"seeds {seeds.start}..{seeds.stop - 1}, noise {noise_g} g:\n" + "\n".join(
        score.mistakes
    )
    assert score.spurious == 0, where
    if noise_g <= 0.8:
        assert_all_named(score, where)
    else:
        assert score.placements_right >= 0.95 * score.placements, where
        assert len(score.settle_delays_s) >= 0.95 * score.settles, where
