"""A hand over the board is never a reading: in one frame a covered cell reads occluded
(or unknown, or what truly lies there), never empty or another piece; in the stream a
hand lingering still over the board reports no change, and leaves no cell occluded
once it has gone. At the camera's 1280 × 960, where the printed outlines are resolved."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from companion.devices.render import Hand, render
from companion.devices.scenes import random_hand, random_scene
from companion.sensing.observations import CellsChanged
from companion.sensing.vision.changes import ChangeTracker
from companion.sensing.vision.reader import BoardReader

from .helpers import LAYOUTS, calibrated, layout

CAMERA = (1280, 960)


def misread_under_hands(name: str, seeds) -> tuple[list, int, int]:
    """(misreadings (seed, cell, read, truth), covered cells, clear cells read occluded)."""
    wrong, covered, false_cover = [], 0, 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        truth = render(random_scene(layout(name), rng, size_px=CAMERA, hands=1), rng)
        reading = BoardReader(layout(name), calibrated(name)).read(truth.image)
        if not reading.ok:
            continue
        for cell, r in reading.cells.items():
            if cell in truth.occluded:
                covered += 1
                if r.label not in ("unknown", truth.truth(cell)):
                    wrong.append((seed, cell, r.label, truth.truth(cell)))
            else:
                false_cover += r.occluded
    return wrong, covered, false_cover


@pytest.mark.parametrize("name", LAYOUTS)
def test_a_hand_over_any_layout_is_never_read_as_empty_or_another_piece(name):
    seeds = range(500, 502)
    wrong, covered, _ = misread_under_hands(name, seeds)
    assert covered >= 5, f"seeds {list(seeds)}: the hands covered only {covered} cells"
    assert wrong == [], f"read under a hand (seed, cell, read, truth): {wrong}"


# Heuchel & Meuchel's mat is a metre long: at 1280 x 960 it is seen at 0.77-0.96 px/mm,
# where in some frames the printed outlines cannot be judged and only the colour tests
# apply. Two rules keep a hand from being taken for an empty cell there: a card slot read
# empty must show the mat's colour (mat_colour.py), and a centre nearer in hue to skin than
# to bare mat reads unknown (classify.py). Before them: 7 of 606 covered cells misread on
# Heuchel & Meuchel, 1 of 344 on Stein auf Stein (seed 610, p1-2).
@pytest.mark.slow
@pytest.mark.parametrize("name", LAYOUTS)
def test_forty_hands_over_each_layout_give_no_misreading(name):
    seeds = range(600, 640)
    wrong, covered, false_cover = misread_under_hands(name, seeds)
    print(f"{name}: {covered} covered cells, {len(wrong)} misread, {false_cover} clear occluded")
    assert wrong == [], f"read under a hand (seed, cell, read, truth): {wrong}"


def test_a_clear_frame_shows_every_outline_and_no_cell_occluded():
    rng = np.random.default_rng(31)
    scene = random_scene(layout("stein-im-brett"), rng, size_px=CAMERA, hands=0, shadows=2)
    reader = BoardReader(layout("stein-im-brett"), calibrated("stein-im-brett"))
    image = render(scene, rng).image
    _, pose, _ = reader.locate(image)
    samples = reader.sampler.sample(image, pose)
    assert samples.outline_lost is not None and samples.outline_lost.max() < 0.2
    assert not any(r.occluded for r in reader.read(image).cells.values())


def _with_noise(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Another frame of the same still view: fresh sensor noise (±2 levels)."""
    return np.clip(image + rng.normal(0, 2, image.shape), 0, 255).astype(np.uint8)


#: (seed, the field the hand reaches for): a few more, with fields drawn at random once
#: (seed 1) over the whole board, its edges and corners too; never used in tuning
LINGERING_MORE = [(202, "f1"), (204, "a2"), (210, "f5"), (215, "c6")]


@pytest.mark.parametrize(
    ("seed", "target"),
    [(7, "d3")] + [pytest.param(s, t, marks=pytest.mark.slow) for s, t in LINGERING_MORE],
)
def test_a_hand_lingering_over_the_stein_im_brett_board_is_no_change_and_leaves_nothing_occluded(
    seed, target
):
    # A hand and forearm rest over the board for 24 frames (still for 8 frames at a time,
    # longer than the ring memory takes to adopt a still look), then leave.
    lay = layout("stein-im-brett")
    rng = np.random.default_rng(seed)
    scene = random_scene(lay, rng, size_px=CAMERA, hands=0, shadows=0, fill=0.7)
    hand = random_hand(scene, rng, target=target)
    poses = [
        replace(hand, to_px=(hand.to_px[0] + dx, hand.to_px[1] + dy))
        for dx, dy in ((0.0, 0.0), (6.0, -4.0), (-5.0, 5.0))
    ]
    clear = render(scene, rng)
    held = [render(replace(scene, hands=(p,)), rng) for p in poses]
    frames = [clear] * 4 + [held[k // 8] for k in range(24)] + [clear] * 6
    reader = BoardReader(lay, calibrated("stein-im-brett"), stream=True)
    tracker = ChangeTracker(lay)
    for k, truth in enumerate(frames):
        reading = reader.read(_with_noise(truth.image, rng))
        obs = tracker.update(reading, t_mono=0.1 * k)
        if k >= 4:
            assert not isinstance(obs, CellsChanged), f"frame {k}: {obs.changes}"
        for cell in truth.occluded:
            r = reading.cells[cell]
            assert r.label in ("unknown", truth.truth(cell)), f"frame {k}: {cell} read {r}"
        if k >= 29:  # the hand left at frame 28
            occluded = [c for c, r in reading.cells.items() if r.occluded]
            assert occluded == [], f"frame {k}: still occluded after the hand left: {occluded}"
    assert tracker.state() == {c.id: scene.contents.get(c.id, "empty") for c in lay.cells}


def test_a_hand_is_a_hand_whatever_its_skin():
    # The palest and the darkest skin over the same stones, at the same place.
    lay = layout("stein-im-brett")
    rng = np.random.default_rng(5)
    scene = random_scene(lay, rng, size_px=CAMERA, hands=0, shadows=0, fill=0.9)
    base = random_hand(scene, rng, target="c3")
    reader = BoardReader(lay, calibrated("stein-im-brett"))
    for srgb in ((236, 188, 160), (110, 70, 50)):
        skin = tuple(float(((v / 255 + 0.055) / 1.055) ** 2.4) for v in srgb)
        truth = render(
            replace(scene, hands=(Hand(base.from_px, base.to_px, base.width_px, skin),)), rng
        )
        reading = reader.read(truth.image)
        assert "c3" in truth.occluded
        for cell in truth.occluded:
            assert reading.cells[cell].label in ("unknown", truth.truth(cell)), (srgb, cell)
        assert reading.cells["c3"].occluded
