"""The simulated scale: statics as spec/scale.md gives them, motion, the HX711 signal chain."""

from __future__ import annotations

import random
import statistics

import pytest

from companion.devices.scale_physics import BeamPhysics
from companion.devices.scale_sim import ScaleSimulator, SignalModel
from companion.profile import default_profile
from companion.sensing.scale_recording import SATURATION_CODES

PROFILE = default_profile()


@pytest.mark.parametrize("seed", range(20))
def test_at_rest_the_cells_carry_what_the_spec_statics_say(seed):
    rng = random.Random(seed)
    notch = rng.choice(["left", "middle", "right"])
    ph = BeamPhysics(PROFILE, notch=notch)
    for i in range(rng.randint(0, 4)):
        ph.put(f"s{i}", rng.choice([30, 45, 60, 95, 110]), rng.uniform(-205, 205))
    ph.put("fate", 75, rng.uniform(-200, 200))
    side = "right" if ph.torque_gmm > 0 else "left"
    ph.rest_on(side)
    for _ in range(3000):
        ph.step(0.001)
    p, tau, m = ph.pivot_x_mm, ph.torque_gmm, ph.total_g
    if side == "right":
        assert ph.right_gf == pytest.approx(tau / (200 - p), abs=0.05), f"seed {seed}"
        assert ph.left_gf == 0
    else:
        assert ph.left_gf == pytest.approx(-tau / (200 + p), abs=0.05), f"seed {seed}"
        assert ph.right_gf == 0
    assert ph.wedge_gf + ph.left_gf + ph.right_gf == pytest.approx(m, abs=0.05)


def test_a_change_of_balance_swings_the_beam_over_bounces_and_settles():
    sim = ScaleSimulator(PROFILE, seed=1, signal=SignalModel.ideal())
    assert sim.side_down == "left"
    sim.put("H5", 95, 180)
    sides = []
    for _ in range(150):
        sim.advance(0.004)
        sides.append(sim.side_down)
    assert None in sides  # in the air for a while
    first_touch = sides.index("right")
    assert None in sides[first_touch:]  # it bounced off the pad again
    assert sides[-1] == "right"
    assert sim.t_mono - sim.t_last_motion > 0.1  # and came to rest


def test_samples_come_at_10_or_80_per_second_per_channel_seeded_and_repeatable():
    for rate in (10, 80):
        a = ScaleSimulator(PROFILE, seed=7, rate_sps=rate).advance(10.0)
        b = ScaleSimulator(PROFILE, seed=7, rate_sps=rate).advance(10.0)
        assert a == b
        n = sum(1 for s in a if s.channel == "wedge")
        assert n == pytest.approx(10 * rate, rel=0.01)


def test_noise_drift_and_glitches_look_like_an_hx711():
    sim = ScaleSimulator(PROFILE, seed=2, signal=SignalModel(glitch_rate=0.01, drift_g_per_min=0.0))
    cal = PROFILE.cells["wedge"]
    grams = [cal.grams(s.raw) for s in sim.advance(60.0) if s.channel == "wedge"]
    med = statistics.median(grams)
    quiet = [g for g in grams if abs(g - med) < 5]
    assert statistics.pstdev(quiet) == pytest.approx(0.3, rel=0.15)
    wild = [g for g in grams if abs(g - med) > 20]
    assert 0.003 < len(wild) / len(grams) < 0.02  # glitches: a flipped high bit, a slip


def test_zero_drift_moves_a_quiet_cell_by_up_to_its_rate():
    sim = ScaleSimulator(
        PROFILE, seed=11, signal=SignalModel(noise_g=0.0, glitch_rate=0, drop_rate=0)
    )
    first = sim.advance(1.0)
    sim.advance(118.0)
    last = sim.advance(1.0)
    cal = PROFILE.cells["right"]
    before = statistics.mean(cal.grams(s.raw) for s in first if s.channel == "right")
    after = statistics.mean(cal.grams(s.raw) for s in last if s.channel == "right")
    assert 0 < abs(after - before) <= 2 * 0.3 + 0.01


def test_a_hand_presses_and_wavers_then_lets_go():
    sim = ScaleSimulator(PROFILE, seed=3, signal=SignalModel.ideal())
    sim.advance(0.5)
    sim.hand_on("left", 200)
    forces = []
    for _ in range(100):
        sim.advance(0.01)
        forces.append(sim.physics.hand_gf)
    assert 120 < statistics.mean(forces[20:]) < 280
    assert max(forces[20:]) - min(forces[20:]) > 10
    sim.hand_off()
    sim.advance(0.01)
    assert sim.physics.hand_gf == 0


@pytest.mark.parametrize(("arrival_s", "share_after_20ms"), [(0.1, (0.1, 0.35)), (0.0, (0.8, 1.3))])
def test_a_hand_presses_in_over_its_arrival_time(arrival_s, share_after_20ms):
    # the simulator's hand rises over 0.1 s; arrival 0 comes down at once, as a stone
    # does (what the sensing's pressing-in watch cannot tell from a stone)
    sim = ScaleSimulator(PROFILE, seed=3, signal=SignalModel.ideal())
    sim.advance(0.5)
    sim.hand_on("left", 200, arrival_s=arrival_s)
    sim.advance(0.02)
    low, high = share_after_20ms
    assert low * 200 < sim.physics.hand_gf < high * 200, sim.physics.hand_gf


def test_faults_unplugged_stuck_noisy():
    sim = ScaleSimulator(PROFILE, seed=4)
    sim.unplug("left")
    sim.stick("right")
    sim.make_noisy("wedge", 50.0)
    samples = sim.advance(2.0)
    assert not [s for s in samples if s.channel == "left"]
    assert {s.raw for s in samples if s.channel == "right"} <= SATURATION_CODES
    cal = PROFILE.cells["wedge"]
    assert statistics.pstdev(cal.grams(s.raw) for s in samples if s.channel == "wedge") > 30


def test_any_noise_level_per_sample_and_the_coffee_pot_profile_fitted_to_real_cells():
    from companion.sensing.scale_stats import channel_stats

    slow = PROFILE.with_changes(rate_sps=10)
    for rate, profile in ((80, PROFILE), (10, slow)):
        sim = ScaleSimulator(
            profile, seed=5, rate_sps=rate, signal=SignalModel.per_sample(2.0, rate)
        )
        stats = channel_stats(sim.advance(60.0), profile)
        assert all(s.noise_g == pytest.approx(2.0, rel=0.15) for s in stats.values()), (rate, stats)
    # bench/fit_hx711_noise.py: 0.35 g white a sample at 10/s, 0.32 g wandering over 0.6 s
    sim = ScaleSimulator(slow, seed=6, rate_sps=10, signal=SignalModel.named("coffee-pot"))
    samples = sim.advance(120.0)
    stats = channel_stats(samples, slow)
    white = statistics.median(s.noise_g for s in stats.values())
    assert 0.3 < white < 0.6, stats  # differences see the white part and some wander
    wedge = [x.raw / 2000 for x in samples if x.channel == "wedge"]
    spread = [statistics.pstdev(wedge[i : i + 100]) for i in range(0, 1100, 100)]  # 10 s each
    assert 0.35 < statistics.median(spread) < 0.7, spread  # white and wander together
    with pytest.raises(ValueError, match="unknown noise profile 'loud' \\(known: reference"):
        SignalModel.named("loud")
