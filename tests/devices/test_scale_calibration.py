"""The guided calibration against a simulated table whose true values differ from the
profile it starts from: it must find the truth, and reject bad readings with a reason."""

from __future__ import annotations

import pytest

from companion.devices.scale_calibration import Calibration, CalibrationAborted
from companion.devices.scale_sim import ScaleSimulator
from companion.devices.scale_sim_operator import SimulatedOperator
from companion.profile import CellCalibration, default_profile

NOMINAL = default_profile()
TRUE = NOMINAL.with_changes(
    cells={
        "wedge": CellCalibration(90500, 1950.0, 6),
        "left": CellCalibration(-48000, 2103.0, 13),
        "right": CellCalibration(125000, 1988.0, 19),
    },
    beam_mass_g=184.0,
    space_x_mm={"L2": -177.0, "L1": -112.0, "R1": 108.0, "R2": 183.0},
    stone_mass_g={**NOMINAL.stone_mass_g, "H3": 66.5, "Q3": 58.8},
    fate_mass_g=76.2,
)


def calibrate(sim, *, ask=None, said=None):
    operator = SimulatedOperator(sim, reference_g=200.0)

    def measure(seconds):
        sim.advance(0.8)  # the operator waits for the scale to settle
        return sim.advance(seconds)

    cal = Calibration(NOMINAL, measure=measure, ask=ask or operator.ask,
                      say=(said.append if said is not None else lambda m: None),
                      reference_g=200.0, name="table 1", seconds=1.0)  # fmt: skip
    return cal.run(), operator


def test_calibration_finds_the_true_table():
    sim = ScaleSimulator(TRUE, seed=21)
    got, operator = calibrate(sim)
    assert got.name == "table 1"
    for ch, c in TRUE.cells.items():
        assert got.cells[ch].zero_counts == pytest.approx(c.zero_counts, abs=2 * c.counts_per_g)
        assert got.cells[ch].counts_per_g == pytest.approx(c.counts_per_g, rel=0.005)
    assert got.beam_mass_g == pytest.approx(184.0, abs=1.0)
    for s, x in TRUE.space_x_mm.items():
        assert got.space_x_mm[s] == pytest.approx(x, abs=2.0)
    assert got.fate_mass_g == pytest.approx(76.2, abs=0.7)
    assert got.stone_mass_g["H3"] == pytest.approx(66.5, abs=0.7)
    assert got.stone_mass_g["Q3"] == pytest.approx(58.8, abs=0.7)
    assert operator.prompts[0].startswith("Lift the beam off")


def test_a_saturated_cell_is_rejected_with_the_reason_and_asked_again():
    sim = ScaleSimulator(TRUE, seed=22)
    sim.stick("left")
    said = []
    with pytest.raises(CalibrationAborted, match=r"gave up after 3 rejected readings"):
        calibrate(sim, said=said)
    assert said[0] == ("  rejected: left: 80 saturated readings (the load is beyond the cell's"
                       " range or a wire is broken); try again")  # fmt: skip


def test_a_reference_mass_not_on_the_cell_is_too_small_a_reading():
    sim = ScaleSimulator(TRUE, seed=23)
    operator = SimulatedOperator(sim, reference_g=200.0)

    def forgetful(prompt):  # puts the mass on the wedge when asked for the left cell
        if "on the left cell alone" in prompt:
            return ""
        return operator.ask(prompt)

    said = []
    with pytest.raises(CalibrationAborted, match=r"the left cell gave no usable reading"):
        calibrate(sim, ask=forgetful, said=said)
    assert any(
        "the left reading rose by only" in m and "is the mass on the left cell?" in m for m in said
    )


def test_hands_on_the_scale_make_an_unstable_reading():
    sim = ScaleSimulator(TRUE, seed=24)
    sim.make_noisy("wedge", 5.0)
    said = []
    with pytest.raises(CalibrationAborted):
        calibrate(sim, said=said)
    assert "wedge: unstable" in said[0] and "keep hands off the scale" in said[0]


def test_the_reference_mass_must_be_sensible():
    with pytest.raises(ValueError, match=r"reference mass 5 g: use one of 10..2000 g"):
        Calibration(NOMINAL, measure=None, ask=None, say=None, reference_g=5)
