"""The scale's sensing pipeline on the simulated scale: one action at a time, and faults."""

from __future__ import annotations

import pytest

from companion.devices.scale_sim import ScaleSimulator, SignalModel
from companion.profile import default_profile
from companion.sensing.observations import (
    Fault,
    LoadShifted,
    ScaleDisturbed,
    ScaleSettled,
    StoneAdded,
    StoneRemoved,
)
from companion.sensing.scale import ScaleSensor
from companion.sensing.scale_recording import RawSample
from companion.sensing.scale_replay import observation_to_json

PROFILE = default_profile()
EVENTS = (StoneAdded, StoneRemoved, LoadShifted, ScaleSettled)


class Table:
    """A simulated scale and a sensor listening to it."""

    def __init__(self, seed=1, **kw):
        self.sim = ScaleSimulator(PROFILE, seed=seed, **kw)
        self.sensor = ScaleSensor(PROFILE, notch=kw.get("notch", "middle"))
        self.seen = []
        self.run(1.0)

    def run(self, seconds):
        new = self.sensor.feed_all(self.sim.advance(seconds))
        self.seen += new
        return new


def of(kind, observations):
    return [o for o in observations if isinstance(o, kind)]


def test_the_scale_at_rest_is_reported_settled_once_with_side_total_torque_and_margin():
    t = Table()
    settled = of(ScaleSettled, t.seen)
    assert len(settled) == 1
    s = settled[0]
    # beam 180 g at 0 and the Stone of Fate 75 g at -60: 255 g, τ = -4500 g·mm, left down
    assert s.down == "left"
    assert s.total_g == pytest.approx(255, abs=1)
    assert s.torque_gmm == pytest.approx(-4500, abs=60)
    assert s.margin_g == pytest.approx(4500 / 180, abs=0.5)  # on R2 at +180 it would balance
    assert t.run(5.0) == []  # quiet: nothing more


def test_a_stone_placed_is_one_added_with_mass_position_and_space_then_settled():
    t = Table()
    t.sim.put("H5", 95, 183)
    new = t.run(2.0)
    added = of(StoneAdded, new)
    assert len(added) == 1
    assert added[0].mass_g == pytest.approx(95, abs=1.5)
    assert added[0].x_mm == pytest.approx(183, abs=5)
    assert added[0].space == "R2"
    settled = of(ScaleSettled, new)
    assert len(settled) == 1 and settled[0].down == "right"
    assert settled[0].t_mono == added[0].t_mono


def test_a_stone_taken_off_is_removed_from_its_space():
    t = Table()
    t.sim.put("Q2", 45, -110)
    t.run(2.0)
    t.sim.take("Q2")
    new = t.run(2.0)
    removed = of(StoneRemoved, new)
    assert len(removed) == 1 and removed[0].space == "L1"
    assert removed[0].mass_g == pytest.approx(45, abs=1.5)


def test_a_stone_off_the_spaces_has_no_space():
    t = Table()
    t.sim.put("B1", 40, 30)
    added = of(StoneAdded, t.run(2.0))
    assert added and added[0].space is None and added[0].x_mm == pytest.approx(30, abs=6)


def test_the_stone_of_fate_sliding_is_a_shift_of_its_torque():
    t = Table()
    t.sim.slide("fate", 40.0, 0.5)  # 100 mm: 7500 g·mm, and the beam tips to the right
    new = t.run(3.0)
    assert of(StoneAdded, new) == [] and of(StoneRemoved, new) == []
    shifted = of(LoadShifted, new)
    assert sum(s.dtorque_gmm for s in shifted) == pytest.approx(7500, rel=0.05)
    assert of(ScaleSettled, new)[-1].down == "right"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_stone_of_fate_slid_slowly_is_shifted_all_the_way(seed):
    # 27 mm in 0.6 s (demo seed 113): the cells' window fits the settle band halfway,
    # and the rest of the slide must not vanish into the baseline as it settles
    t = Table(seed)
    x0 = t.sim.physics.loads["fate"][1]
    t.sim.slide("fate", x0 + 27.0, 0.6)
    new = t.run(3.0)
    shifted = sum(s.dtorque_gmm for s in of(LoadShifted, new))
    assert shifted == pytest.approx(75 * 27.0, abs=200), f"seed {seed}"


def test_moving_the_beam_to_another_notch_is_a_shift_once_the_sensor_knows_the_pivot():
    t = Table()
    t.sim.lift()
    new = t.run(0.8)
    assert of(ScaleDisturbed, new)  # the beam off the wedge: something acts on the scale
    assert not [o for o in new if isinstance(o, EVENTS)]
    t.sim.set_down("right")
    t.sensor.set_notch("right")
    new = t.run(3.0)
    shifted = of(LoadShifted, new)
    assert len(shifted) == 1
    assert shifted[0].dtorque_gmm == pytest.approx(-255 * 20, abs=150)  # -M·Δp
    assert of(StoneAdded, new) == [] and of(StoneRemoved, new) == []


def test_nothing_but_disturbed_while_a_hand_holds_the_down_side_then_the_placement():
    t = Table(seed=4)
    t.sim.hand_on("left", 250)
    held = t.run(0.6)
    t.sim.put("P2", 110, 110)
    held += t.run(1.5)
    assert of(ScaleDisturbed, held)
    assert [o for o in held if isinstance(o, EVENTS)] == []
    t.sim.hand_off()
    after = t.run(2.0)
    added = of(StoneAdded, after)
    assert len(added) == 1 and added[0].space == "R1"
    assert added[0].mass_g == pytest.approx(110, abs=1.5)
    assert of(ScaleSettled, after)[-1].down == "right"


def test_an_unknown_channel_or_notch_is_refused_with_what_is_allowed():
    sensor = ScaleSensor(PROFILE)
    with pytest.raises(ValueError, match=r"unknown channel 'middle' .allowed: wedge, left, right"):
        sensor.feed(RawSample(0.0, "middle", 0))
    with pytest.raises(ValueError, match=r"unknown notch 'centre' .allowed: left, middle, right"):
        sensor.set_notch("centre")


@pytest.mark.parametrize(
    ("fault", "words"),
    [
        ("unplug", "no samples for"),
        ("stick", "stuck at the saturation code 8388607"),
        ("make_noisy", "noisy: about"),
    ],
)
def test_a_faulty_channel_gives_one_clear_fault_and_no_invented_placement(fault, words):
    t = Table(seed=3)
    getattr(t.sim, fault)("left")
    t.run(1.0)
    t.sim.put("Q3", 60, 110)
    during = t.run(6.0)
    faults = of(Fault, t.seen)
    assert len(faults) == 1, faults
    assert faults[0].channel == "left" and words in faults[0].reason
    assert of(StoneAdded, during) == [] and of(StoneRemoved, during) == []
    t.sim.repair("left")
    after = t.run(8.0)
    # back: the scale is reported at rest again, but a change across the fault is not
    # invented into a placement
    assert of(StoneAdded, after) == []
    assert of(ScaleSettled, after)[-1].total_g == pytest.approx(315, abs=1.5)


def test_glitches_are_rejected_and_counted():
    sim = ScaleSimulator(PROFILE, seed=9, signal=SignalModel(glitch_rate=0.02))
    sensor = ScaleSensor(PROFILE)
    obs = sensor.feed_all(sim.advance(30.0))
    assert [o for o in obs if not isinstance(o, ScaleSettled)] == []
    assert len(of(ScaleSettled, obs)) == 1
    assert sum(sensor.glitches.values()) > 50


def test_observations_are_written_as_the_spec_says():
    assert observation_to_json(StoneAdded(1.23456, 95.04, 179.96, "R2")) == {
        "t": 1.2346, "type": "added", "mass_g": 95.0, "x_mm": 180.0, "space": "R2"}  # fmt: skip
    assert observation_to_json(StoneRemoved(2.0, 40.0, 3.0, None))["space"] is None
    assert observation_to_json(LoadShifted(3.0, -5100.04)) == {
        "t": 3.0, "type": "shifted", "dtorque_gmm": -5100.0}  # fmt: skip
    assert observation_to_json(ScaleSettled(4.0, 255.0, -4500.0, "left", 25.0)) == {
        "t": 4.0, "type": "settled", "total_g": 255.0, "torque_gmm": -4500.0,
        "down": "left", "margin_g": 25.0}  # fmt: skip
    assert observation_to_json(ScaleDisturbed(5.0)) == {"t": 5.0, "type": "disturbed"}
    assert observation_to_json(Fault(6.0, "left", "why")) == {
        "t": 6.0, "type": "fault", "channel": "left", "reason": "why"}  # fmt: skip


def test_when_every_channel_falls_silent_the_live_loop_tick_reports_each():
    t = Table(seed=6)
    for ch in ("wedge", "left", "right"):
        t.sim.unplug(ch)
    assert t.run(2.0) == []  # no samples at all: nothing to go on
    faults = t.sensor.tick(t.sim.t_mono)
    assert sorted(f.channel for f in faults) == ["left", "right", "wedge"]
    assert all("no samples for 2.0 s" in f.reason for f in faults)
    assert t.sensor.tick(t.sim.t_mono + 1) == []  # said once
