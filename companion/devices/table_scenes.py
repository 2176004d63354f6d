"""Rendered card tables of several mats (HiLo for 2 to 5 players): truth for tests and bench.

Each player's mat lies at that player's seat, turned so that its near edge faces the
player, shifted up to ``jitter_mm`` and turned up to ``jitter_deg`` from its place; the
piles' mat lies in the middle. The camera sees the whole table as in ``card_scenes``
(perspective, light, glare, blur, noise, JPEG, hands). Each mat is rendered with the same
light and noise and the frames are put together mat by mat, so the picture is one table.
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import SimpleNamespace

import cv2
import numpy as np

from ..sensing.vision.layout import Layout
from .card_scenes import random_card_scene, tilted_pose
from .render import Render, render
from .scenes import random_hand

#: The table (mm, width x height) the mats lie on, by player count: the camera sees it all.
TABLE_MM = {2: (650.0, 950.0), 3: (1000.0, 950.0), 4: (1250.0, 950.0), 5: (1250.0, 950.0)}
#: Seats: (centre x, centre y, turn in degrees) of each player's mat by player count, in
#: seating order (clockwise seen from above); a mat turned 180° faces a player opposite.
SEATS: dict[int, tuple[tuple[float, float, float], ...]] = {
    2: ((325, 850, 0), (325, 100, 180)),
    3: ((550, 850, 0), (110, 475, 90), (550, 100, 180)),
    4: ((910, 850, 0), (340, 850, 0), (340, 100, 180), (910, 100, 180)),
    5: ((910, 850, 0), (340, 850, 0), (110, 475, 90), (340, 100, 180), (910, 100, 180)),
}


def mat_to_table(mat: Layout, at: tuple[float, float, float]) -> np.ndarray:
    """3 × 3: the mat's millimetres -> table millimetres, its centre at ``at[:2]``, turned
    by ``at[2]`` degrees (its near edge, +y, then faces away from the table's middle)."""
    w, h = mat.size_mm
    a = math.radians(at[2])
    c, s = math.cos(a), math.sin(a)
    to_centre = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]], float)
    turn = np.array([[c, -s, at[0]], [s, c, at[1]], [0, 0, 1]], float)
    return turn @ to_centre


def table_places(
    layout: Layout, rng: np.random.Generator, *, jitter_mm: float = 25.0, jitter_deg: float = 8.0
) -> dict[str, np.ndarray]:
    """Mat name -> its mat-to-table transform: players' mats at their seats (in the order
    of the layout's mats), any other mat (the piles) in the middle, each jittered."""
    players = [m for m in layout.mats if m.name != "hilo-piles"]
    seats = SEATS.get(len(players))
    if seats is None:
        raise ValueError(f"no seats for {len(players)} players' mats (2 to 5)")
    table_w, table_h = TABLE_MM[len(players)]
    places, k = {}, 0
    for mat in layout.mats:
        if mat in players:
            at, k = seats[k], k + 1
        else:
            at = (table_w / 2, table_h / 2, 0.0)  # the piles in the middle
        x, y, turn = at
        at = (
            x + rng.uniform(-jitter_mm, jitter_mm),
            y + rng.uniform(-jitter_mm, jitter_mm),
            turn + rng.uniform(-jitter_deg, jitter_deg),
        )
        places[mat.name] = mat_to_table(mat, at)
    return places


def table_pose(
    table_mm: tuple[float, float],
    size_px: tuple[int, int],
    rng: np.random.Generator,
    *,
    tilt_deg: float,
) -> np.ndarray:
    """Table mm -> image px: a camera ``tilt_deg`` off vertical over the table's middle,
    its frame along the table's long side (give or take 6°, either way round), the table
    filling it."""
    square = tilted_pose(SimpleNamespace(size_mm=table_mm), size_px, rng, tilt_deg=tilt_deg)
    # tilted_pose turns the table any way: keep its perspective, undo most of the turn
    corners = np.array([[[0, 0], [table_mm[0], 0], [*table_mm], [0, table_mm[1]]]], float)
    seen = cv2.perspectiveTransform(corners, square)[0]
    w, h = size_px
    span = seen.max(axis=0) - seen.min(axis=0)
    across = (table_mm[0] > table_mm[1]) != (w > h)  # the table's long side along the frame's
    a = math.radians(rng.uniform(-6, 6) + (180 if rng.random() < 0.5 else 0) + 90 * across)
    turn = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    # the perspective of the tilt, then the table laid along the frame
    edges = seen - seen.mean(axis=0)
    ang = math.atan2(*(edges[1] - edges[0])[::-1])
    undo = np.array([[math.cos(-ang), -math.sin(-ang)], [math.sin(-ang), math.cos(-ang)]])
    pts = (edges @ undo.T) @ turn.T
    span = pts.max(axis=0) - pts.min(axis=0)
    pts *= rng.uniform(0.9, 0.97) * min(w / span[0], h / span[1])
    pts += np.array([w, h]) / 2 - (pts.max(axis=0) + pts.min(axis=0)) / 2
    return cv2.getPerspectiveTransform(
        corners[0].astype(np.float32), pts.astype(np.float32)
    ).astype(np.float64)


def render_table(
    layout: Layout,
    pictures: dict[str, np.ndarray],
    seed: int,
    *,
    size_px: tuple[int, int] = (1280, 960),
    tilt_deg: float | None = None,
    hands: int = 0,
) -> tuple[Render, dict[str, tuple[str, str | None]]]:
    """A random card table of ``layout`` (a table of mats) from ``seed``: the render (its
    ``scene`` is the first mat's; ``occluded`` and ``visible_markers`` cover every mat)
    and the truth, slot -> (label, design or None)."""
    rng = np.random.default_rng(seed)
    places = table_places(layout, rng)
    tilt = rng.uniform(0, 30) if tilt_deg is None else tilt_deg
    players = sum(m.name != "hilo-piles" for m in layout.mats)
    table_to_image = table_pose(TABLE_MM[players], size_px, rng, tilt_deg=tilt)
    scenes, truth = [], {}
    for mat in layout.mats:
        scene, got = random_card_scene(mat, pictures, rng, size_px=size_px, tilt_deg=0.0)
        scenes.append(replace(scene, board_to_image=table_to_image @ places[mat.name]))
        truth.update(got)
    base = scenes[0]
    reach = [
        random_hand(scenes[int(rng.integers(len(scenes)))], rng) for _ in range(hands)
    ]  # each towards a random cell of a random mat
    shared = ("light_rgb", "gradient", "vignette", "shadows", "blur_px", "noise", "table_rgb")
    light = {k: getattr(base, k) for k in (*shared, "glare", "tint")}
    noise_seed = int(rng.integers(2**31))
    image = None
    occluded: set[str] = set()
    markers: list[int] = []
    for scene in scenes:
        scene = replace(scene, **light, hands=tuple(reach), jpeg_quality=0)
        got = render(scene, np.random.default_rng(noise_seed))
        occluded |= got.occluded
        markers += got.visible_markers
        if image is None:
            image = got.image.copy()
            continue
        w, h = scene.layout.size_mm
        corners = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], float)
        quad = cv2.perspectiveTransform(corners, scene.board_to_image)[0]
        mask = np.zeros(image.shape[:2], np.uint8)
        cv2.fillPoly(mask, [np.round(quad).astype(np.int32)], 255)
        image[mask > 0] = got.image[mask > 0]
    quality = int(base.jpeg_quality)
    if quality:
        _, enc = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        image = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    out = Render(image, replace(base, hands=tuple(reach)), frozenset(occluded), tuple(markers))
    return out, truth
