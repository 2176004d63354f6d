"""The scorer's split of observations by action (companion/devices/scale_scoring.py).

An action can first be seen one sample period after it began (each HX711 sample averages
the period before it): a report made before that belongs to the action before. Unseen
brisk seed 620 at 2 g: H2 named right 80 µs after the next action began was counted as a
spurious report in that action's time, and H2 as lost.
"""

from __future__ import annotations

import pytest

from companion.devices.scale_scenarios import Expected, Session
from companion.devices.scale_scoring import sample_period_s, score_round
from companion.sensing.observations import ScaleSettled, StoneAdded, StoneRemoved
from companion.sensing.scale_recording import RawSample

CENSUS = {"H2": 50.0, "Q3": 35.0}
PERIOD_S = 1 / 80


def session() -> Session:
    """H2 put down on L2 at 10 s, Q3 taken off R1 at 14.75 s; four cells at 80/s."""
    samples = [
        RawSample(i * PERIOD_S, cell, 0) for i in range(1, 1400) for cell in ("a", "b", "c", "d")
    ]
    put = Expected("added", 10.0, 10.4, "left", stones=("H2",), allowed=("H2", "Q3"),
                   mass_g=50.0, x_mm=-194.0, space="L2", torque_gmm=-9700.0)  # fmt: skip
    off = Expected("removed", 14.75, 15.1, "left", stones=("Q3",), allowed=("Q3",),
                   mass_g=35.0, x_mm=120.0, space="R1", torque_gmm=-9700.0)  # fmt: skip
    return Session(seed=620, samples=samples, expected=[put, off])


def reports(t_named: float) -> list:
    """H2 named (and settled) at ``t_named``, then Q3's removal and its rest."""
    return [
        StoneAdded(t_named, 50.1, -194.0, "L2"),
        ScaleSettled(t_named, 400.0, -9700.0, "left", 40.0),
        StoneRemoved(15.0, 35.2, 120.0, "R1"),
        ScaleSettled(15.2, 365.0, -9700.0, "left", 40.0),
    ]


def test_the_sample_period_is_one_cells_time_between_samples():
    assert sample_period_s(session()) == pytest.approx(PERIOD_S)
    assert sample_period_s(Session(seed=0)) == 0.0


@pytest.mark.parametrize("late_s", [0.0, 0.00008, PERIOD_S - 1e-6])
def test_a_report_before_the_next_action_could_be_sampled_belongs_to_the_action_before(late_s):
    score = score_round(session(), reports(14.75 + late_s), CENSUS)
    assert (score.placements_right, score.spurious, score.mistakes) == (2, 0, [])


@pytest.mark.parametrize("late_s", [PERIOD_S, 0.02])
def test_a_report_once_the_next_action_could_be_sampled_is_in_its_time(late_s):
    score = score_round(session(), reports(14.75 + late_s), CENSUS)
    assert score.placements_right == 0  # H2 lost, Q3 given two steps
    assert score.spurious == 1


def test_a_report_before_the_first_action_could_be_sampled_is_spurious():
    obs = [StoneAdded(10.0 + PERIOD_S / 2, 50.1, -194.0, "L2"), *reports(10.3)]
    score = score_round(session(), obs, CENSUS)
    assert score.spurious == 1
