"""Hands on noisy load cells: a hand held nearly still is no stone.

Seeded random rounds (``random_round``: a hand holds the down side in 60 % of actions)
with 1 % glitched samples at 0.8 to 2 g of noise a cell, 80 samples/s. A hand's force
wanders over seconds; a stone's does not. On noisy cells the sensing waits until the
total has held still long enough for that wander to show (``SensingConfig.still_*``),
and takes a step on no space for a hand. Where a hand holds the beam (its down end,
near the pad) the change is watched on the cells it loads, and a hand's tremor (8-12 Hz)
counts too. The seeds of the fast tests are rounds in which a hand was taken for a stone
before: at 2 g a cell, seeds 0, 6 and 11 by a light hand held at the beam's end.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from companion.devices.scale_scenarios import random_round, stones_in_a_row
from companion.devices.scale_scoring import RoundScore, score_round
from companion.devices.scale_sim import SignalModel
from companion.profile import default_profile
from companion.sensing.observations import ScaleNoise, StoneAdded, StoneRemoved
from companion.sensing.scale_config import SensingConfig
from companion.sensing.scale_recording import Recording
from companion.sensing.scale_replay import sense_recording

PROFILE = default_profile()


def play(noise_g: float, seeds) -> RoundScore:
    total = RoundScore()
    for seed in seeds:
        signal = SignalModel.per_sample(noise_g, 80, glitch_rate=0.01)
        session = random_round(PROFILE, seed, rate_sps=80, signal=signal)
        obs = sense_recording(Recording(session.samples, notches=session.notches), PROFILE)
        total.add(score_round(session, obs, PROFILE.stone_mass_g))
    return total


def under_hand(score: RoundScore) -> list[str]:
    return [m for m in score.mistakes if "while a hand was on the scale" in m]


@pytest.mark.parametrize(
    ("noise_g", "seed"), [(0.8, 3), (1.5, 0), (2.0, 0), (2.0, 3), (2.0, 6), (2.0, 11)]
)
def test_a_hand_held_nearly_still_on_noisy_cells_is_not_taken_for_a_stone(noise_g, seed):
    score = play(noise_g, [seed])
    where = f"seed {seed}, {noise_g} g a cell, 80/s:\n" + "\n".join(score.mistakes)
    assert under_hand(score) == [], where
    assert score.spurious == 0, where
    assert score.placements_right == score.placements > 0, where


@pytest.mark.slow
@pytest.mark.parametrize("noise_g", [0.8, 1.5, 2.0])
def test_forty_rounds_with_hands_on_noisy_cells_invent_no_placement(noise_g):
    # The goal: no placement invented up to 2 g a cell at 80 samples/s (before the hand
    # zone and tremor test: 2 at 1.5 g and 8 at 2 g in these rounds; before the stillness
    # test 32 and 32). With the hand's pressing in watched (scale9) every placement is
    # named and nothing is reported under a hand at 2 g either (before: 257 of 260
    # named, a hand and a stone weighed as one 176 g load on seed 7).
    seeds = range(0, 40)
    score = play(noise_g, seeds)
    where = f"seeds 0..39, {noise_g} g a cell, 80/s:\n" + "\n".join(score.mistakes)
    assert score.spurious == 0, where
    assert score.placements_right == score.placements, where
    assert under_hand(score) == [], where


def sense_round(noise_g: float, seed: int, config=None):
    signal = SignalModel.per_sample(noise_g, 80, glitch_rate=0.01)
    session = random_round(PROFILE, seed, rate_sps=80, signal=signal)
    rec = Recording(session.samples, notches=session.notches)
    obs = sense_recording(rec, PROFILE, config=config)
    return obs, score_round(session, obs, PROFILE.stone_mass_g)


UNSEEN_HANDS_ON_L2 = [(1.5, 313), (2.0, 301), (2.0, 313)]


@pytest.mark.parametrize(("noise_g", "seed"), UNSEEN_HANDS_ON_L2)
def test_a_hand_pressing_in_on_the_outer_space_is_not_weighed_as_a_stone(noise_g, seed):
    # Unseen rounds (seeds 300-323): a hand holds the down end at L2 while a boulder is
    # put down there. Held still, it showed no wander or tremor through 1.5-2 g of noise
    # and was weighed as a stone on L2 (reported ``added``, then ``undone`` when it let
    # go: 1 invented placement at 1.5 g, 4 at 2 g). It pressed in over 0.1 s, as a hand
    # does, where a stone's step is over in a frame or two: the change now waits until
    # it lets go, and names the boulder alone.
    obs, score = sense_round(noise_g, seed)
    where = f"seed {seed}, {noise_g} g a cell, 80/s:\n" + "\n".join(score.mistakes)
    assert score.spurious == 0, where
    assert score.placements_right == score.placements > 0, where
    assert score.unwarned == 0, where
    said = [o.problem for o in obs if isinstance(o, ScaleNoise) and o.problem]
    assert not any("a hand resting on the beam there" in p for p in said), said


@pytest.mark.parametrize(("noise_g", "seed"), [(1.5, 403), (2.0, 403), (1.5, 316), (2.0, 316)])
def test_a_stone_taken_off_under_a_hand_as_heavy_is_not_named_while_the_hand_stays(noise_g, seed):
    # Unseen rounds: a hand presses in at the down end and a stone about as heavy as its
    # force is taken off under it (403: H4, 80 g, off R2 under about 86 gf; 316: B5,
    # 100 g, off L2 under a hand at R2). The total drops by about the hand's rise but
    # leaves the hand's excess and its torque at the pad: neither nothing nor a stone.
    # Before, that drop was taken for the hand letting go, and the change was named a
    # shift (3,400 and 38,600 g·mm) while the hand was on (unwarned); now it waits
    # until the hand has gone, and names the stone taken off.
    _, score = sense_round(noise_g, seed)
    where = f"seed {seed}, {noise_g} g a cell, 80/s:\n" + "\n".join(score.mistakes)
    assert under_hand(score) == [], where
    assert score.spurious == 0, where


@pytest.mark.parametrize(("noise_g", "seed"), [(1.5, 516), (2.0, 516), (1.5, 514), (2.0, 514)])
def test_a_stone_taken_off_under_a_lighter_hand_is_not_named_while_the_hand_stays(noise_g, seed):
    # Unseen rounds (seeds 500-523): a hand presses in at R2 (about 73 gf) and a heavier
    # load is taken off under it (516: P2, 110 g; 514: the pillars, 170 g). Its arrival
    # was not seen as a hand's (the trigger came a quarter of the way up), and the total
    # held still below the rest by the difference (37 g, 99 g), which the census has
    # stones of: it was named taken off (37 g on R2; 99 g off the spaces) while the hand
    # was on, then the hand's 73 g as a second removal (a placement invented, unwarned).
    # A load came on in this change, and every stone on the beam was named: a load
    # taken off is some of them, and 37 g or 99 g is none. The change waits until the
    # hand has gone, and names the stones taken off.
    _, score = sense_round(noise_g, seed)
    where = f"seed {seed}, {noise_g} g a cell, 80/s:\n" + "\n".join(score.mistakes)
    assert under_hand(score) == [], where
    assert score.spurious == 0, where
    assert score.placements_right == score.placements > 0, where


@pytest.mark.parametrize("noise_g", [1.5, 2.0])
def test_a_stone_taken_off_under_a_heavier_hand_is_not_taken_for_the_hand_leaving(noise_g):
    # Unseen round 603 (seeds 600-623): a hand presses in at L2 (about 93 gf, seen
    # pressing in) and P1 (60 g, named on L2 before) is taken off under it. The drop of
    # 60 g lay within half the hand's rise, and was taken for the hand letting go: what
    # was left (33 g) was named a stone put down on L2 while the hand was on, then the
    # hand's 93 g a removal (a placement invented, at both noises). The drop matches the
    # stone named there, and lies further from the hand's rise than a hand's force
    # wanders: the change now waits until the hand has gone, and names P1 taken off.
    _, score = sense_round(noise_g, 603)
    where = f"seed 603, {noise_g} g a cell, 80/s:\n" + "\n".join(score.mistakes)
    assert under_hand(score) == [], where
    assert score.spurious == 0, where
    assert score.placements_right == score.placements > 0, where


@pytest.mark.parametrize(("noise_g", "seed"), UNSEEN_HANDS_ON_L2)
def test_a_hand_weighed_as_a_stone_on_its_space_is_said_when_it_leaves(noise_g, seed):
    # Where the hand's pressing in is not seen (``arrival_frames`` 0: a hand that comes
    # down as sharply as a stone), the same rounds weigh it as a stone on L2 (or with
    # the boulder, as one 114 g load); the load taken off within a second is not the
    # mass of the stone just named there: said ``undone`` (before: unwarned at 2 g).
    config = dataclasses.replace(SensingConfig(), arrival_frames=0)
    obs, score = sense_round(noise_g, seed, config)
    where = f"seed {seed}, {noise_g} g a cell, 80/s:\n" + "\n".join(score.mistakes)
    assert score.spurious > 0, where  # the hand is still weighed (only said)
    assert score.unwarned == 0, where
    said = [o.problem for o in obs if isinstance(o, ScaleNoise) and o.problem]
    assert any("a hand resting on the beam there" in p for p in said), said


@pytest.mark.parametrize("seed", [1, 4])
def test_a_stone_taken_back_from_its_space_is_not_said_undone(seed):
    # brisk, no hand, 1.5 g a cell: here a stone is taken off its space 0.8 s after it
    # was named; it has the mass it was named with, so nothing is said
    signal = SignalModel.per_sample(1.5, 80, glitch_rate=0.01)
    session = stones_in_a_row(PROFILE, seed, rate_sps=80, signal=signal)
    obs = sense_recording(Recording(session.samples, notches=session.notches), PROFILE)
    steps = [o for o in obs if isinstance(o, StoneAdded | StoneRemoved)]
    taken_back = [
        (a, b) for a, b in itertools.pairwise(steps)
        if isinstance(a, StoneAdded) and isinstance(b, StoneRemoved)
        and a.space == b.space and b.t_mono - a.t_mono <= 2.0
    ]  # fmt: skip
    assert taken_back, f"seed {seed}: no stone taken back soon; pick another seed"
    said = [o.problem for o in obs if isinstance(o, ScaleNoise) and o.problem]
    assert not any("a hand resting on the beam there" in p for p in said), (seed, said)


@pytest.mark.parametrize("seed", [308, 320])
def test_the_older_of_two_stones_on_a_space_taken_off_is_not_said_undone(seed):
    # unseen rounds at 0.3 g: a boulder put on a space holding another, and the older
    # one taken off 1.3 s later; its mass is not the last stone's, but it was named there
    # seconds before (without ``HAND_EPISODE_S`` these two rounds were warned)
    signal = SignalModel.per_sample(0.3, 80, glitch_rate=0.01)
    session = random_round(PROFILE, seed, rate_sps=80, signal=signal)
    obs = sense_recording(Recording(session.samples, notches=session.notches), PROFILE)
    score = score_round(session, obs, PROFILE.stone_mass_g)
    assert score.placements_right == score.placements > 0, (seed, score.mistakes)
    said = [o.problem for o in obs if isinstance(o, ScaleNoise) and o.problem]
    assert not any("a hand resting on the beam there" in p for p in said), (seed, said)


def test_a_beam_tipping_over_and_bouncing_is_not_taken_for_a_hand():
    # brisk seed 29 at 1 g (bench_scale.noise_point): B2 put down on L2 at -170 mm tipped
    # the beam off the right pad; it floated 0.15 s, landed on the left, bounced up and
    # landed again. The total dipping while it floated and jumping as it landed was
    # taken for a hand's wander: named only after a hand's 0.5 s, as Q5 came down 0.8 s
    # after B2 (B2 lost, Q5's change named twice: 1 spurious, 2 wrong unwarned).
    signal = SignalModel.per_sample(1.0, 80, glitch_rate=0.01)
    played = stones_in_a_row(PROFILE, 29, rate_sps=80, signal=signal)
    obs = sense_recording(Recording(played.samples, notches=played.notches), PROFILE)
    score = score_round(played, obs, PROFILE.stone_mass_g)
    b2 = next(e for e in played.expected if e.what.startswith("B2 placed on L2 at -170"))
    q5 = min(e.t_start for e in played.expected if e.t_start > b2.t_start)
    named = [o for o in obs if isinstance(o, StoneAdded) and b2.t_start < o.t_mono < q5]
    assert [o.space for o in named] == ["L2"], named
    assert abs(named[0].mass_g - b2.mass_g) < 3.0, named
    assert score.mistakes == [] and score.spurious == 0, score.mistakes


def test_a_stone_settling_after_its_drop_is_not_taken_for_a_hand():
    # unseen brisk seed 607 at 2 g (bench_scale_unseen.py --first-seed 600): H5 put down
    # on L2 at -169 mm tipped the beam over from the right; the total's landing and
    # settling kept the trend of its halves over the limit 10 frames running, 0.4 s
    # after the stone (4 were enough for a hand); the change waited a hand's 0.5 s
    # after each next stone and Q3, H1 and Q3 again merged into it (5 actions lost).
    signal = SignalModel.per_sample(2.0, 80, glitch_rate=0.01)
    played = stones_in_a_row(PROFILE, 607, rate_sps=80, signal=signal)
    obs = sense_recording(Recording(played.samples, notches=played.notches), PROFILE)
    score = score_round(played, obs, PROFILE.stone_mass_g)
    h5 = next(e for e in played.expected if e.what.startswith("H5 placed on L2 at -169"))
    q3 = min(e.t_start for e in played.expected if e.t_start > h5.t_start)
    named = [o for o in obs if isinstance(o, StoneAdded) and h5.t_start < o.t_mono < q3]
    assert [o.space for o in named] == ["L2"], named
    assert score.placements_right == score.placements == 24, score.mistakes
    assert score.spurious == 0, score.mistakes


def test_a_sharp_hand_holding_its_level_before_a_stone_goes_under_it_is_not_split_off():
    # unseen round 306 at 1.5 g with hands as sharp as stones (bench_scale_unseen.py
    # --hand-arrival-s 0): a hand of about 72 gf came down on R2 at once, held 0.4 s,
    # then H4 went onto L2; the change was split into two stones at its steps, the hand
    # named as 72 g on R2. The level the hand held wandered as a hand's force does.
    signal = SignalModel.per_sample(1.5, 80, glitch_rate=0.01)
    session = random_round(PROFILE, 306, rate_sps=80, signal=signal, hand_arrival_s=0)
    obs = sense_recording(Recording(session.samples, notches=session.notches), PROFILE)
    score = score_round(session, obs, PROFILE.stone_mass_g)
    assert under_hand(score) == [] and score.spurious == 0, score.mistakes
    assert score.placements_right == score.placements == 8, score.mistakes
