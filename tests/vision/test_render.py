"""The synthetic camera: seeded, with ground truth that matches what it draws."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.devices.render import render
from companion.devices.scenes import (
    colour_temperature_rgb,
    random_hand,
    random_scene,
    reach_sequence,
    setup_frames,
)

from .helpers import layout


def test_the_same_seed_gives_the_same_frame_to_the_pixel():
    a = np.random.default_rng(5)
    b = np.random.default_rng(5)
    lay = layout("hilo")
    assert np.array_equal(
        render(random_scene(lay, a), a).image, render(random_scene(lay, b), b).image
    )


def test_a_hand_covers_the_cell_it_reaches_for_and_hides_no_marker_it_does_not_touch():
    rng = np.random.default_rng(6)
    scene = random_scene(layout("stein-im-brett"), rng, hands=0)
    hand = random_hand(scene, rng, target="d5")
    frame = render(replace(scene, hands=(hand,)), rng)
    assert "d5" in frame.occluded
    assert render(scene, rng).occluded == frozenset()
    assert len(frame.visible_markers) >= 2


def test_the_lamp_colour_runs_from_warm_to_cool():
    warm, neutral, cool = (colour_temperature_rgb(k) for k in (2700, 5500, 6500))
    assert warm[0] / warm[2] > 1.8  # tungsten: far more red than blue
    assert np.allclose(neutral, 1.0, atol=0.01)
    assert cool[2] > cool[0]


def test_setup_frames_lay_each_colour_down_once():
    lay = layout("hinkel-stein")
    empty, laid = setup_frames(lay, np.random.default_rng(7))
    assert len(empty) == 2 and [label for _, label in laid] == list(lay.pieces)


def test_a_reach_sequence_changes_one_cell_under_the_hand():
    frames, cell, old, new = reach_sequence(layout("hilo"), np.random.default_rng(8))
    assert len(frames) == 15 and old != new
    assert [bool(f.scene.hands) for f in frames] == [False] * 4 + [True] * 6 + [False] * 5
    assert frames[0].truth(cell) == old and frames[-1].truth(cell) == new
    assert all(cell in f.occluded for f in frames[4:10])
