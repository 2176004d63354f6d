"""Colour statistics of each cell: its centre, and the ring of bare mat around it.

For every cell the sampler reads a disc at the centre (what lies there) and a ring
just inside the cell's edge (the bare mat around the piece). The ring is the cell's
local light meter: shadows and lamp gradients darken centre and ring alike, and
anything that covers the ring (a hand, an arm) cannot be a piece lying in the cell.
Points are mapped through the board pose and read with bilinear interpolation; nothing
is warped, so the cost grows with the number of cells, not with the frame size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .colour import LINEAR_LUT, luminance
from .layout import Cell, Layout
from .outline import RESOLVED_CONTRAST, OutlineSampler, frame_contrast, lost_share
from .pose import BoardPose

#: The outline test needs at least this image scale (px per board mm, at the board's
#: centre): a 0.8 mm printed line is lost in the blur of a coarser picture. The camera's
#: 1280 × 960 gives 0.8-1.8 on every shipped layout.
OUTLINE_MIN_PX_PER_MM = 0.75

INNER_RINGS = ((0.0, 1), (0.5, 6), (1.0, 12))  # (radius fraction, points): 19 points


def _inner_points(cell: Cell) -> np.ndarray:
    r = cell.inner_mm
    if cell.shape == "point":  # a grid point: along the diagonals, off the printed lines
        r = 0.3 * min(cell.size_mm)
        fractions = (0.3, 0.55, 0.8, 1.0)
        pts = [(f * r * sx, f * r * sy) for f in fractions for sx in (-1, 1) for sy in (-1, 1)]
        return np.resize(np.array(pts), (sum(n for _, n in INNER_RINGS), 2)) + cell.centre_mm
    pts = []
    for frac, n in INNER_RINGS:
        for k in range(n):
            a = 2 * math.pi * (k + 0.5 * (frac == 1.0)) / n
            pts.append((frac * r * math.cos(a), frac * r * math.sin(a)))
    return np.array(pts) + cell.centre_mm


def _ring_points(cell: Cell) -> np.ndarray:
    if cell.shape == "point":  # the middles of the four squares around a grid point
        dx, dy = cell.size_mm[0] / 2, cell.size_mm[1] / 2
        base = [(sx * dx, sy * dy) for sx in (-1, 1) for sy in (-1, 1)]
        jit = [(0, 0), (0.12 * dx, 0), (-0.12 * dx, 0), (0, 0.12 * dy), (0, -0.12 * dy)]
        pts = [(bx + jx, by + jy) for bx, by in base for jx, jy in jit]
    elif cell.shape == "rect":  # the cell's corners: furthest from a card or block in it
        hw, hh = cell.size_mm[0] / 2, cell.size_mm[1] / 2
        pts = [
            (sx * (hw - a), sy * (hh - b))
            for sx in (-1, 1)
            for sy in (-1, 1)
            for a, b in ((2.0, 2.0), (2.0, 4.0), (4.0, 2.0))
        ]
    elif cell.shape == "hex":  # pointy-top: further out towards the corners, where there is room
        w = cell.size_mm[0]
        pts = []
        for k in range(6):
            a = math.radians(30 + 60 * k)
            pts += [(0.52 * w * math.cos(a), 0.52 * w * math.sin(a))]
            for off in (-18, 0, 18):
                b = a + math.radians(30 + off)
                pts += [(0.46 * w * math.cos(b), 0.46 * w * math.sin(b))]
    else:
        r = cell.ring_mm
        pts = [
            (r * math.cos(2 * math.pi * k / 16), r * math.sin(2 * math.pi * k / 16))
            for k in range(16)
        ]
    return np.array(pts, dtype=np.float64) + cell.centre_mm


def _patch_points(centre, size, n: int = 5) -> np.ndarray:
    xs = np.linspace(-0.35, 0.35, n) * size[0] + centre[0]
    ys = np.linspace(-0.35, 0.35, n) * size[1] + centre[1]
    return np.array([(x, y) for y in ys for x in xs])


@dataclass(frozen=True, slots=True)
class CellSamples:
    """Linear RGB samples: ``inner`` (cells, 19, 3), ``ring`` (cells, R, 3), ``neutral``
    (25, 3) or None; ``in_view`` (cells,): every
    sample point of the cell lies in the frame; ``ring_mm`` (cells, R, 2): ring points
    relative to the cell's centre (mm); ``outline_lost`` (cells,): the share of the
    cell's printed outline hidden (see ``outline.py``; None when the frame does not
    resolve the outlines: too coarse or too blurred)."""

    inner: np.ndarray
    ring: np.ndarray
    neutral: np.ndarray | None
    in_view: np.ndarray
    ring_mm: np.ndarray
    outline_lost: np.ndarray | None = None


class CellSampler:
    """Reads the sample points of every cell of ``layout`` from a frame, given its pose."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._inner = np.stack([_inner_points(c) for c in layout.cells])
        rings = [_ring_points(c) for c in layout.cells]
        width = max(len(r) for r in rings)
        self._ring = np.stack([np.resize(r, (width, 2)) for r in rings])
        self._ring_mm = self._ring - np.array([c.centre_mm for c in layout.cells])[:, None, :]
        n = layout.neutral
        self._neutral = _patch_points(n.centre_mm, n.size_mm) if n else np.zeros((0, 2))
        self.outline = OutlineSampler(layout)
        self._middle = (layout.size_mm[0] / 2, layout.size_mm[1] / 2)
        self._all = np.concatenate(
            [
                self._inner.reshape(-1, 2),
                self._ring.reshape(-1, 2),
                self._neutral,
                self.outline.points_mm.reshape(-1, 2),
            ]
        )

    def _outline_lost(self, luminance: np.ndarray, pose: BoardPose) -> np.ndarray | None:
        scale = pose.px_per_mm(self._middle)
        if scale < OUTLINE_MIN_PX_PER_MM:
            return None
        contrast = self.outline.contrast(luminance)
        seen = frame_contrast(contrast, self.outline.has)
        if seen < RESOLVED_CONTRAST:
            return None
        return lost_share(contrast, self.outline.judged(scale), seen)

    def sample(self, image_bgr: np.ndarray, pose: BoardPose) -> CellSamples:
        """Samples of every cell in ``image_bgr`` (``uint8`` BGR) seen with ``pose``."""
        px = pose.to_image(self._all).astype(np.float32)
        h, w = image_bgr.shape[:2]
        inside = (px[:, 0] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] >= 0) & (px[:, 1] <= h - 1)
        n = len(px)
        width = min(n, 4096)  # remap takes maps under 32767 px a side: fold into rows
        grid = np.zeros((-(-n // width) * width, 2), np.float32)
        grid[:n] = px
        grid = grid.reshape(-1, width, 2)
        values = cv2.remap(
            image_bgr,
            grid[..., 0].copy(),
            grid[..., 1].copy(),
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        ).reshape(-1, 3)[:n]
        rgb = LINEAR_LUT[values[:, ::-1]]
        n_cells, n_in, n_ring = len(self._inner), self._inner.shape[1], self._ring.shape[1]
        a, b = n_cells * n_in, n_cells * (n_in + n_ring)
        e = b + len(self._neutral)
        ok = np.concatenate(
            [inside[:a].reshape(n_cells, n_in), inside[a:b].reshape(n_cells, n_ring)], axis=1
        )
        neutral = rgb[b:e] if len(self._neutral) and inside[b:e].all() else None
        outline = luminance(rgb[e:]).reshape(self.outline.points_mm.shape[:-1])
        return CellSamples(
            inner=rgb[:a].reshape(n_cells, n_in, 3),
            ring=rgb[a:b].reshape(n_cells, n_ring, 3),
            neutral=neutral,
            in_view=ok.all(axis=1),
            ring_mm=self._ring_mm,
            outline_lost=self._outline_lost(outline, pose),
        )
