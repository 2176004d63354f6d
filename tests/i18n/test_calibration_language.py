"""`companion calibrate scale` guides the operator in the table's language: the prompts
and the lines it says are messages (the simulated operator still reads their English)."""

from __future__ import annotations

import pytest

from companion.devices.scale_calibration import Calibration, CalibrationAborted
from companion.devices.scale_sim import ScaleSimulator
from companion.devices.scale_sim_operator import SimulatedOperator
from companion.i18n.catalogues import render
from companion.profile import default_profile

from .german import german_problems

NOMINAL = default_profile()


def _run(sim, said):
    operator = SimulatedOperator(sim, reference_g=200.0)

    def measure(seconds):
        sim.advance(0.8)
        return sim.advance(seconds)

    cal = Calibration(NOMINAL, measure=measure, ask=operator.ask, say=said.append,
                      reference_g=200.0, name="table 1", seconds=1.0)  # fmt: skip
    return cal, operator


def test_the_calibration_prompts_and_lines_are_german_with_decimal_commas():
    sim = ScaleSimulator(NOMINAL, seed=21)
    said: list = []
    cal, operator = _run(sim, said)
    cal.run()
    assert render(operator.prompts[0], "de") == (
        "Hebt den Balken ab: nichts auf dem Keil oder den Auflagen. Enter, wenn fertig."
    )
    assert render(operator.prompts[1], "de") == (
        "Legt die Referenzmasse (200 g) allein auf die Zelle Keil (Balken noch ab)."
        " Enter, wenn fertig."
    )
    for text in [*operator.prompts, *said]:
        assert german_problems(text) == [], text
    beam = next(line for line in said if str(line).startswith("  beam: "))
    german = render(beam, "de")
    assert german.startswith("  Balken: ") and german.endswith(" g") and "," in german
    assert str(beam).replace(".", ",").replace("beam", "Balken") == german


def test_a_stuck_cell_is_rejected_in_german():
    sim = ScaleSimulator(NOMINAL, seed=22)
    sim.stick("left")
    said: list = []
    cal, _ = _run(sim, said)
    with pytest.raises(CalibrationAborted) as caught:
        cal.run()
    reason = caught.value.args[0]
    assert str(reason).startswith("gave up after 3 rejected readings: ")
    assert render(reason, "de").startswith("aufgegeben nach 3 abgelehnten Messungen: ")
    rejected = [render(line, "de") for line in said if "rejected" in str(line)]
    assert rejected and all(r.startswith("  abgelehnt: ") for r in rejected), rejected
