"""Where the board is: ArUco markers, the homography from any 3 of 4, corners by hand."""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.devices.render import render
from companion.devices.scenes import random_scene
from companion.sensing.vision.colour import linear_to_srgb
from companion.sensing.vision.markers import MarkerFinder, marker_bits
from companion.sensing.vision.pose import (
    PoseError,
    parse_corners,
    pose_from_corners,
    pose_from_markers,
)

from .helpers import LAYOUTS, layout


def _scene(name, seed, **kw):
    rng = np.random.default_rng(seed)
    return random_scene(layout(name), rng, hands=0, **kw), rng


def _max_error_mm(pose, scene) -> float:
    """Largest distance (mm) between where the pose and the truth put the cell centres."""
    lay = scene.layout
    pts = np.array([c.centre_mm for c in lay.cells])
    seen = cv2.perspectiveTransform(pts[None], scene.board_to_image)[0]
    return float(np.linalg.norm(pose.to_board(seen) - pts, axis=1).max())


@pytest.mark.parametrize("name", LAYOUTS)
def test_all_four_markers_are_found_and_the_pose_puts_every_cell_within_2_mm(name):
    for seed in (1, 2):
        scene, rng = _scene(name, seed)
        frame = render(scene, rng)
        markers = MarkerFinder().find(frame.image)
        assert sorted(m.id for m in markers) == sorted(m.id for m in layout(name).markers), seed
        pose = pose_from_markers(markers, layout(name))
        assert _max_error_mm(pose, scene) < 2.0, f"seed {seed}"


@pytest.mark.parametrize("drop", range(4))
def test_any_three_of_the_four_markers_give_the_pose(drop):
    scene, rng = _scene("stein-im-brett", 7)
    markers = MarkerFinder().find(render(scene, rng).image)
    three = [m for k, m in enumerate(markers) if k != drop]
    pose = pose_from_markers(three, layout("stein-im-brett"))
    assert len(pose.markers_used) == 3
    assert _max_error_mm(pose, scene) < 2.5


def test_two_markers_are_not_enough_and_the_reason_says_so():
    scene, rng = _scene("hinkel-stein", 3)
    markers = MarkerFinder().find(render(scene, rng).image)
    with pytest.raises(PoseError, match=r"2 of the layout's markers .* visible, 3 needed"):
        pose_from_markers(markers[:2], layout("hinkel-stein"))


def test_markers_of_another_board_do_not_locate_this_one():
    scene, rng = _scene("hilo", 4)
    markers = MarkerFinder().find(render(scene, rng).image)
    with pytest.raises(PoseError, match="markers seen: 16, 17, 18, 19"):
        pose_from_markers(markers, layout("stein-im-brett"))


def test_a_nudged_board_is_found_again_where_it_now_lies():
    scene, rng = _scene("stein-auf-stein", 5)
    shift = np.array([[1, 0, 25.0], [0, 1, -15.0], [0, 0, 1]])  # slid 25 px right, 15 px up
    turn = cv2.getRotationMatrix2D((320, 240), 4.0, 1.0)
    nudge = np.vstack([turn, [0, 0, 1]]) @ shift
    nudged = replace(scene, board_to_image=nudge @ scene.board_to_image)
    for s in (scene, nudged):
        markers = MarkerFinder().find(render(s, rng).image)
        assert _max_error_mm(pose_from_markers(markers, s.layout), s) < 2.0


def test_corners_given_by_hand_locate_a_board_without_markers():
    scene, _ = _scene("stein-im-brett", 8)
    w, h = scene.layout.size_mm
    corners = cv2.perspectiveTransform(
        np.array([[[0, 0], [w, 0], [w, h], [0, h]]], float), scene.board_to_image
    )[0]
    text = " ".join(f"{x:.2f},{y:.2f}" for x, y in corners)
    pose = pose_from_corners(parse_corners(text), scene.layout)
    assert pose.source == "corners"
    assert _max_error_mm(pose, scene) < 0.1


@pytest.mark.parametrize("text", ["1,2 3,4", "1,2 3,4 5,6 7,8 9,10"])
def test_corners_must_be_four_points(text):
    with pytest.raises(ValueError, match="4 points"):
        parse_corners(text)


def test_corners_on_a_line_are_refused():
    with pytest.raises(PoseError, match="degenerate"):
        pose_from_corners([(0, 0), (10, 0), (20, 0), (30, 0)], layout("hilo"))


def test_pose_scale_is_pixels_per_millimetre():
    scene, rng = _scene("hilo", 9)
    pose = pose_from_markers(MarkerFinder().find(render(scene, rng).image), scene.layout)
    centre = tuple(v / 2 for v in scene.layout.size_mm)
    p = cv2.perspectiveTransform(
        np.array([[centre, (centre[0] + 10, centre[1])]]), scene.board_to_image
    )[0]
    assert pose.px_per_mm(centre) == pytest.approx(math.dist(*p) / 10, rel=0.1)


def _blurred_marker(marker_id: int, corners_px: np.ndarray, blur_px: float, seed: int):
    """A 320 x 240 grey frame (sRGB-encoded ``uint8``, as a camera gives it) of one marker
    with its white margin on a mid-grey table, the marker's outer corners at
    ``corners_px`` (TL, TR, BR, BL), drawn 8 times finer, blurred ``blur_px`` (sigma) in
    linear light, with sensor noise."""
    fine = 8
    side = 6 * 40  # the marker's bits, 40 fine px each; a one-bit white margin round them
    art = np.full((side + 80, side + 80), 0.85, np.float32)
    art[40:-40, 40:-40] = 0.04 + 0.81 * cv2.resize(
        marker_bits(marker_id).astype(np.float32), (side, side), interpolation=cv2.INTER_NEAREST
    )
    # art px (fine, pixel-centre convention) -> frame px: the marker's corners at
    # art's 39.5 and 39.5 + side lie at corners_px
    src = np.float32([[39.5, 39.5], [39.5 + side, 39.5], [39.5 + side] * 2, [39.5, 39.5 + side]])
    dst = (np.asarray(corners_px, np.float32) + 0.5) * fine - 0.5
    hom = cv2.getPerspectiveTransform(src, dst)
    frame = cv2.warpPerspective(art, hom, (320 * fine, 240 * fine), borderValue=0.2)
    frame = cv2.resize(frame, (320, 240), interpolation=cv2.INTER_AREA)
    frame = cv2.GaussianBlur(frame, (0, 0), blur_px)
    frame += np.random.default_rng(seed).normal(0, 0.004, frame.shape).astype(np.float32)
    return np.round(linear_to_srgb(frame) * 255).astype(np.uint8)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_marker_corners_lie_on_the_outer_edges_to_a_tenth_of_a_pixel_under_blur(seed):
    """In the sRGB-encoded grey the steepest rise lies inside the dark border (the marker
    looks smaller); the corners are found where the edges lie in linear light."""
    rng = np.random.default_rng(seed)
    centre = np.array([160.0, 120.0]) + rng.uniform(-10, 10, 2)
    turn = rng.uniform(-0.6, 0.6)
    half = rng.uniform(28, 40)
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) * half
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    corners = square @ rot.T + centre + rng.uniform(-2, 2, (4, 2))  # some perspective
    image = _blurred_marker(5, corners, blur_px=1.5, seed=seed)
    found = MarkerFinder(edges=True).find(image)
    assert [m.id for m in found] == [5], f"seed {seed}"
    error = np.linalg.norm(found[0].corners_px - corners, axis=1)
    assert error.max() < 0.15, f"seed {seed}: corners off by {error.round(3)} px"
