"""Twins seen coarsely (about 0.75 px/mm, a whole Heuchel & Meuchel board in a 1280x960
frame) are judged again in the frame's own pixels (``twins_in_frame.py``)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from companion.devices.card_art import write_ready_deck
from companion.devices.card_scenes import deck_pictures, random_card_scene
from companion.devices.render import render
from companion.sensing.vision.card_reader import CONFIDENT, CardReader, _scale_at
from companion.sensing.vision.deck import load_deck
from companion.sensing.vision.twins_in_frame import FrameTwinJudge

from .helpers import layout

SLOTS = ("c2r3", "c2r4", "c3r3", "c3r4", "c4r3", "c4r4")


@pytest.fixture(scope="module")
def hm(tmp_path_factory):
    folder = write_ready_deck("heuchel-meuchel", tmp_path_factory.mktemp("deck") / "hm")
    return load_deck(folder), deck_pictures(folder)


def _class_table(hm, seed: int, half: float):
    """A board with the six values of one class in ``SLOTS`` (turned by ``half``), the
    rest as drawn, rendered at blur 0.6 px without glare."""
    _, pictures = hm
    lay = layout("heuchel-meuchel")
    rng = np.random.default_rng(seed)
    scene, _ = random_card_scene(lay, pictures, rng, tilt_deg=15)
    values = [f"M{v}" for v in range(1, 7)]
    card = next(p for p in lay.cell(SLOTS[0]).pieces if lay.pieces[p].shape == "card")
    scene = replace(
        scene,
        contents={**scene.contents, **dict.fromkeys(SLOTS, card)},
        art={**scene.art, **{s: pictures[d] for s, d in zip(SLOTS, values, strict=True)}},
        offsets_mm={**scene.offsets_mm, **dict.fromkeys(SLOTS, (0.8, -0.6, half))},
        glare=(),
        blur_px=0.6,
    )
    return lay, scene, values, rng


@pytest.mark.parametrize("half", [0.0, math.pi])
def test_six_values_of_one_class_seen_coarsely_are_read_right(hm, half):
    deck, _ = hm
    lay, scene, values, rng = _class_table(hm, 8, half)
    image = render(scene, rng).image
    reader = CardReader(lay, deck)
    board, cards = reader.read(image)
    scales = [_scale_at(board.pose.board_to_image, lay.cell(s).centre_mm) for s in SLOTS]
    assert max(scales) < 1.0, scales  # as coarse as the bench's boards
    got = [(cards[s].label, cards[s].card) for s in SLOTS]
    assert got == [("face", v) for v in values], got
    # the cut-out alone (no frame to look again in) is less sure of the same cards
    alone = [
        reader.read_slot(reader._crop(image, board, s), px_per_mm=p)
        for s, p in zip(SLOTS, scales, strict=True)
    ]
    sure_alone = sum(r.sure and r.card == v for r, v in zip(alone, values, strict=True))
    sure_frame = sum(cards[s].sure for s in SLOTS)
    assert sure_frame >= sure_alone, (sure_frame, sure_alone)
    for s in SLOTS:
        r = cards[s]
        assert r.sure or (r.candidates and r.candidates[0] == r.card), r
        assert r.confidence < CONFIDENT or r.card == values[SLOTS.index(s)]


def test_a_region_outside_the_frame_is_not_judged(hm):
    deck, _ = hm
    reader = CardReader(layout("heuchel-meuchel"), deck)
    judge = FrameTwinJudge(reader._judge)
    frame = np.full((100, 100, 3), 128, np.uint8)
    far = np.array([[0.4, 0, 500.0], [0, 0.4, 500.0], [0, 0, 1]])  # the card lies off it
    design = deck.ids.index("M3")
    assert judge.judge_frame(frame, far, design, px_per_mm=0.8) is None
    near = np.array([[0.4, 0, 10.0], [0, 0.4, 10.0], [0, 0, 1]])
    members, scores, lead = judge.judge_frame(frame, near, design, px_per_mm=0.8)
    assert [deck.ids[i] for i in members] == [f"M{v}" for v in range(1, 7)]
    assert scores.shape == (6,) and lead >= 0
