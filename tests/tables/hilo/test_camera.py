"""The demo's rendered HiLo camera: the table rendered in full once per way the cards
lie, each frame that picture with fresh noise (and a hand laid over it), read by the
card reader."""

from __future__ import annotations

import numpy as np
import pytest

from companion.tables.hilo.camera import RenderedCardCamera
from companion.tables.hilo.scripted import ScriptedTable
from companion.tables.hilo.seen import DISCARD, DRAW, FACE, UNKNOWN

SIZE = (640, 480)  # small: the counting is the point here, not the reading


@pytest.fixture(scope="module")
def deck_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("hilo") / "deck"


def test_a_table_lying_still_is_rendered_once_and_each_frame_gets_fresh_noise(deck_folder):
    camera = RenderedCardCamera(deck_folder, seed=1, size_px=SIZE)
    table = ScriptedTable(2, seed=1).deal()
    images = [camera._image(table) for _ in range(3)]
    assert camera.clean_renders == 1
    assert (images[0] != images[1]).any() and (images[1] != images[2]).any()
    # the frames read the table as it lies: the deal settles in two frames, all backs
    camera.frame(table, 0.2)
    seen = camera.frame(table, 0.4)
    assert seen is not None
    assert {s.slot: s.label for s in seen.slots} == {k: v[0] for k, v in table.items()}


def test_a_card_turned_is_a_new_way_the_table_lies_a_hand_over_a_pile_is_not(deck_folder):
    camera = RenderedCardCamera(deck_folder, seed=2, size_px=SIZE)
    table = ScriptedTable(2, seed=2).deal()
    camera.frame(table, 0.2)
    turned = {**table, "A1": (FACE, "plain-03")}
    camera.frame(turned, 0.4)
    camera.frame(turned, 0.6)
    assert camera.clean_renders == 2
    for pile in (DRAW, DISCARD):  # a hand over a pile: the same clean picture, the hand on it
        reaching = {**turned, pile: (UNKNOWN, None)}
        hand_image = camera._image(reaching)
        assert camera.clean_renders == 2
        step = np.abs(hand_image.astype(int) - camera._image(turned).astype(int)).max(axis=2)
        assert (step > 60).sum() > 1000  # the hand is in the picture, not just fresh noise
    camera.frame({**turned, DISCARD: (FACE, "plain-05")}, 0.8)  # a card put down
    assert camera.clean_renders == 3 and camera.frames == 4


def test_without_cheap_frames_every_frame_is_rendered_in_full(deck_folder):
    camera = RenderedCardCamera(deck_folder, seed=3, size_px=SIZE, cheap_frames=False)
    table = ScriptedTable(2, seed=3).deal()
    for k in range(3):
        camera.frame(table, 0.2 * k)
    assert camera.clean_renders == camera.frames == 3
