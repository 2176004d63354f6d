"""The scorer's split of observations by action (companion/devices/scale_scoring.py).

Each HX711 sample averages the time since the one before: the first sample that can carry
an action is the first that spent more of its time in it than before it, or its start
plus one sample period if that comes first (the cells' clocks jitter); a report made
before it belongs to the action before. Unseen brisk seed 620 at 2 g: H2 named right at
the first sample after the next action began, which spent 80 µs of its 12.4 ms in it,
was counted as a spurious report in that action's time, and H2 as lost. Brisk 301 at 2 g
(a fast clock: a sample wholly after the start 12.37 ms after it) and 400 at 1.5 g (a
sample that began 0.25 ms before the start) name the next action's stone at a sample
before the start plus a period: it is that action's.
"""

from __future__ import annotations

import pytest

from companion.devices.scale_scenarios import Expected, Session
from companion.devices.scale_scoring import first_samples_carrying, score_round
from companion.sensing.observations import ScaleSettled, StoneAdded, StoneRemoved
from companion.sensing.scale_recording import RawSample

CENSUS = {"H2": 50.0, "Q3": 35.0}
PERIOD_S = 1 / 80


def session(times: list[float] | None = None) -> Session:
    """H2 put down on L2 at 10 s, Q3 taken off R1 at 14.75 s; four cells sampled at
    ``times`` (s; default 80/s, 4 ms after each 12.5 ms)."""
    if times is None:
        times = [0.004 + i * PERIOD_S for i in range(1400)]
    samples = [RawSample(t, cell, 0) for t in times for cell in ("a", "b", "c", "d")]
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


def test_the_first_sample_that_can_carry_an_action():
    # 14.754 spent 4 ms of its 12.5 in what began at 14.75, 14.7665 all; the start plus
    # a period comes first
    assert first_samples_carrying(session(), [14.75]) == [pytest.approx(14.75 + PERIOD_S)]
    # 14.754 spent 10 ms in what began at 14.744: it can carry it
    assert first_samples_carrying(session(), [14.744]) == [pytest.approx(14.754)]
    # a sample right at the start spent none of its time after it
    assert first_samples_carrying(session(), [14.754]) == [pytest.approx(14.7665)]
    assert first_samples_carrying(Session(seed=0), [3.0]) == [3.0]


@pytest.mark.parametrize("late_s", [0.0, 0.00008, PERIOD_S - 1e-6])
def test_a_report_before_the_next_action_could_be_sampled_belongs_to_the_action_before(late_s):
    score = score_round(session(), reports(14.75 + late_s), CENSUS)
    assert (score.placements_right, score.spurious, score.mistakes) == (2, 0, [])


@pytest.mark.parametrize("late_s", [PERIOD_S + 1e-6, 0.02])
def test_a_report_once_the_next_action_could_be_sampled_is_in_its_time(late_s):
    score = score_round(session(), reports(14.75 + late_s), CENSUS)
    assert score.placements_right == 0  # H2 lost, Q3 given two steps
    assert score.spurious == 1


def jittered(*near: float) -> list[float]:
    """The default sample times with those between 14.735 and 14.78 s replaced by ``near``."""
    times = [0.004 + i * PERIOD_S for i in range(1400)]
    return sorted([t for t in times if not 14.735 < t < 14.78] + list(near))


@pytest.mark.parametrize(
    "times",
    [
        jittered(14.7378, 14.7503, 14.7624, 14.7749),  # a fast clock (brisk 301 at 2 g)
        jittered(14.7372, 14.7497, 14.7624, 14.7749),  # began just before (brisk 400)
    ],
)
def test_a_report_at_a_sample_mostly_in_the_next_action_is_that_actions(times):
    score = score_round(session(times), reports(14.7624), CENSUS)
    assert score.placements_right == 0
    assert score.spurious == 1


def test_a_report_at_a_sample_mostly_before_the_next_action_is_the_one_befores():
    score = score_round(session(jittered(14.7378, 14.7503, 14.7624)), reports(14.7503), CENSUS)
    assert (score.placements_right, score.spurious) == (2, 0)


def test_a_report_before_the_first_action_could_be_sampled_is_spurious():
    obs = [StoneAdded(10.0 + PERIOD_S / 2, 50.1, -194.0, "L2"), *reports(10.3)]
    score = score_round(session(), obs, CENSUS)
    assert score.spurious == 1
