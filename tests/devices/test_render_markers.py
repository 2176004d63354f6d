"""The synthetic camera draws each mat marker where the layout puts it (issue 14).

The board texture's markers are measured directly: across each outer edge the texels'
brightness, summed from the middle of the white quiet zone to the middle of the black
border, says where the edge lies (a blur moves no brightness across that span). And in
a rendered frame the project's own ``MarkerFinder(edges=True)`` finds the corners where
the layout's mm, through the frame's homography, say they are.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.devices.render import Scene, board_texture, render
from companion.sensing.vision.layout import Marker, load_layout
from companion.sensing.vision.markers import MarkerFinder

WHITE, BLACK = 0.85, 0.04  # the quiet zone's and the black bits' reflectance


def _edge_offsets_texel(tex: np.ndarray, marker: Marker, ppm: float) -> list[float]:
    """Drawn minus layout position (texels) of the marker's left, right, top, bottom edge."""
    grey = tex[..., 1].astype(np.float64)
    half_cell = marker.size_mm / 6 / 2 * ppm
    out = []
    for axis in (0, 1):  # 0: the left and right edges (along x), 1: top and bottom
        along = marker.centre_mm[1 - axis] * ppm
        lines = range(
            round(along - marker.size_mm / 4 * ppm), round(along + marker.size_mm / 4 * ppm)
        )
        for sign in (-1, 1):
            edge = (marker.centre_mm[axis] + sign * marker.size_mm / 2) * ppm
            lo, hi = round(edge - half_cell), round(edge + half_cell)
            rows = [grey[k, lo : hi + 1] if axis == 0 else grey[lo : hi + 1, k] for k in lines]
            white = ((np.mean(rows, axis=0) - BLACK) / (WHITE - BLACK)).sum()  # texels
            drawn = lo - 0.5 + white if sign < 0 else hi + 0.5 - white
            out.append(drawn - edge)
    return out


@pytest.mark.parametrize("game", ["hilo", "heuchel-meuchel", "stein-im-brett"])
@pytest.mark.parametrize("ppm", [1.0, 1.37, 2.7])
def test_the_texture_draws_every_marker_edge_where_the_layout_puts_it(game, ppm):
    layout = load_layout(game)
    tex = board_texture(Scene(layout, {}, (640, 480), np.eye(3)), ppm)
    offsets = np.array([_edge_offsets_texel(tex, m, ppm) for m in layout.markers])
    # whole texels half a texel up and left (before issue 14) were 0.5 to 1.4 texel off
    assert np.abs(offsets).max() < 0.05, (game, ppm, offsets.round(3))


@pytest.mark.parametrize("game", ["hilo", "heuchel-meuchel", "stein-im-brett"])
@pytest.mark.parametrize(("px_per_mm", "shift_px"), [(1.0, (20.3, 10.7)), (0.9, (30.5, 40.1))])
def test_the_edge_finder_sees_the_rendered_corners_where_the_layout_puts_them(
    game, px_per_mm, shift_px
):
    layout = load_layout(game)
    hom = np.array([[px_per_mm, 0, shift_px[0]], [0, px_per_mm, shift_px[1]], [0, 0, 1.0]])
    size = tuple(
        int(v * px_per_mm + 2 * s) + 1 for v, s in zip(layout.size_mm, shift_px, strict=True)
    )
    frame = render(Scene(layout, {}, size, hom), np.random.default_rng(0))
    found = {m.id: m.corners_px for m in MarkerFinder(edges=True).find(frame.image)}
    assert sorted(found) == sorted(m.id for m in layout.markers)
    errors = np.concatenate(
        [
            np.linalg.norm(
                found[m.id] - cv2.perspectiveTransform(np.array([m.corners_mm()], float), hom)[0],
                axis=1,
            )
            for m in layout.markers
        ]
    )
    # before issue 14: 0.42 to 0.98 px mean, up to 1.4 px
    assert errors.mean() < 0.1 and errors.max() < 0.15, errors.round(3)
