"""Printed cell outlines as a hand detector: what a hand does to the picture, in one frame.

Every cell of a shipped layout has a printed outline (a hex, a rectangle, a circle): a
thin line darker than the mat on both sides of it. A stone or card lies inside its cell
and leaves the outline in sight; a hand or an arm lying over the cell hides it, whatever
the skin's colour (a hand the colour of the mat passes every colour test). A shadow, a
lamp gradient or another white balance darken line and flanks alike and keep it.

``OutlineSampler`` reads, for each cell, points along its outline: the line's darkest
of three samples across it, and the mean of its two flanks ``FLANK_MM`` either side.
``lost_share`` is the longest unbroken stretch of outline whose line is no darker than
its flanks: 0 for a cell in clear view, near 1 under a palm. A frame too coarse or too
blurred to show the lines at all (``frame_contrast``) is not judged by them.
Grid points (a Go board) have no outline of their own (a stone hides the lines): their
share is 0, and the colour tests alone apply to them.
"""

from __future__ import annotations

import math

import numpy as np

from .layout import Cell, Layout

#: Distance (mm) from the line to each flank sample, along the outline's normal; closer,
#: down to ``MIN_FLANK_MM``, in a cell whose piece comes near its outline.
FLANK_MM = 2.6
MIN_FLANK_MM = 1.8
#: Offsets (mm) across the line at which it is sampled; the darkest counts (pose error).
ACROSS_MM = (-0.7, 0.0, 0.7)
#: A line point darker than this share of its flanks' mean shows the printed outline.
VISIBLE_RATIO = 0.97
#: A frame whose clearest outlines are fainter than this shows none (see ``resolved``).
RESOLVED_CONTRAST = 0.08
#: ... and a point is hidden where it keeps less than this share of the frame's contrast.
#: The frame's blur sets how dark a line can look: at 1 px of blur a 0.8 mm line seen at
#: 1.2 px/mm is 6 to 18 % darker than its flanks, cell to cell (about 30 % when sharp),
#: single points dip to 2 %; under a hand the line is no darker than its flanks. On 100
#: clear rendered HiLo mats (blur 0 to 1.2 px), 99 of 2600 slots were reported covered
#: with 0.4 and ``VISIBLE_RATIO`` 0.95, 14 with 0.2 and 0.97. Over 40 frames with a hand
#: per layout no covered cell was misread with either; with 0 (only a line lighter than
#: its flanks hidden), 11 were, on Hinkel & Stein and Stein im Brett.
LOST_FRACTION = 0.2
#: How far (mm) a piece may lie off its cell's centre.
PIECE_SLIP_MM = 1.2
#: Pixels the inner flank must lie clear of the piece for the outline to be judged.
CLEAR_PX = 2.0
#: Outline points per cell.
POINTS = 24


def _outline(cell: Cell) -> tuple[np.ndarray, np.ndarray] | None:
    """(points (K, 2) mm, unit normals (K, 2)) along the cell's printed outline."""
    x, y = cell.centre_mm
    t = (np.arange(POINTS) + 0.5) / POINTS
    if cell.shape == "circle":
        a = 2 * math.pi * t
        r = cell.size_mm[0] / 2
        n = np.c_[np.cos(a), np.sin(a)]
        return np.c_[x + r * n[:, 0], y + r * n[:, 1]], n
    if cell.shape == "hex":  # pointy-top, size_mm[0] across flats, as printed
        r = cell.size_mm[0] / math.sqrt(3)
        corners = [
            (
                x + r * math.cos(math.radians(30 + 60 * k)),
                y + r * math.sin(math.radians(30 + 60 * k)),
            )
            for k in range(7)
        ]
    elif cell.shape == "rect":
        w, h = cell.size_mm[0] / 2, cell.size_mm[1] / 2
        corners = [(x - w, y - h), (x + w, y - h), (x + w, y + h), (x - w, y + h), (x - w, y - h)]
    else:
        return None
    c = np.array(corners, dtype=np.float64)
    seg = np.diff(c, axis=0)
    lengths = np.linalg.norm(seg, axis=1)
    cum = np.r_[0, np.cumsum(lengths)]
    # points evenly along the perimeter, none at a corner (the normal is defined there)
    s = t * cum[-1]
    k = np.clip(np.searchsorted(cum, s, side="right") - 1, 0, len(seg) - 1)
    f = (s - cum[k]) / lengths[k]
    f = np.clip(f, 0.12, 0.88)  # away from corners, where lines meet and blur together
    pts = c[k] + f[:, None] * seg[k]
    d = seg[k] / lengths[k][:, None]
    normals = np.c_[d[:, 1], -d[:, 0]]
    return pts, normals


def _margin_mm(cell: Cell, layout: Layout) -> float:
    """The narrowest gap (mm) between the cell's outline and the largest piece it takes,
    that piece lying up to ``PIECE_SLIP_MM`` off centre."""
    inner = min(cell.size_mm) / 2
    if not cell.pieces:
        return inner
    piece = max(min(layout.pieces[p].size_mm) for p in cell.pieces) / 2
    return inner - piece - PIECE_SLIP_MM


class OutlineSampler:
    """Where to sample each cell's outline: ``points_mm`` (cells, K, 5, 2): per outline
    point the three samples across the line, then the two flanks; ``has`` (cells,): the
    cell has an outline."""

    def __init__(self, layout: Layout) -> None:
        rows, has, clear = [], [], []
        for cell in layout.cells:
            margin = _margin_mm(cell, layout)
            flank = float(np.clip(margin - 2.0, MIN_FLANK_MM, FLANK_MM))
            clear.append(margin - flank)
            got = _outline(cell)
            has.append(got is not None)
            if got is None:
                got = (np.tile(np.array(cell.centre_mm, float), (POINTS, 1)), np.zeros((POINTS, 2)))
            pts, n = got
            offsets = [*ACROSS_MM, -flank, flank]
            rows.append(np.stack([pts + o * n for o in offsets], axis=1))
        self.points_mm = np.stack(rows)  # (cells, K, 5, 2)
        self.has = np.array(has)
        #: (cells,) mm between the inner flank and the largest piece the cell takes
        self.clearance_mm = np.array(clear)

    def judged(self, px_per_mm: float) -> np.ndarray:
        """(cells,) whose outline this image scale can judge: the inner flank lies at
        least ``CLEAR_PX`` px clear of the cell's piece (else the piece's blurred edge
        darkens the flank, and an outline in sight would read hidden)."""
        return self.has & (self.clearance_mm * px_per_mm >= CLEAR_PX)

    def contrast(self, luminance: np.ndarray) -> np.ndarray:
        """(cells, K) how much darker each outline point's line is than its flanks (1 -
        line / flanks, averaged with its two neighbours along the outline), from the
        luminance (cells, K, 5) read at ``points_mm``; 0 for cells without an outline."""
        line = luminance[..., :3].min(axis=-1)
        flanks = luminance[..., 3:].mean(axis=-1)
        c = 1 - line / np.maximum(flanks, 1e-5)
        c = (c + np.roll(c, 1, axis=-1) + np.roll(c, -1, axis=-1)) / 3
        return np.where(self.has[:, None], c, 0.0)


def frame_contrast(contrast: np.ndarray, has: np.ndarray) -> float:
    """How clearly this frame shows the printed outlines: the clearest cells' contrast
    (the 90th percentile of the cells' median; a hand may cover most of a small board).
    Too far, too blurred or too small a picture, and the line is lost everywhere."""
    if has.sum() < 2:
        return 0.0
    return float(np.quantile(np.median(contrast[has], axis=1), 0.9))


def lost_share(contrast: np.ndarray, has: np.ndarray, seen: float) -> np.ndarray:
    """(cells,) the longest unbroken stretch of each cell's outline that is hidden, as a
    share of the outline. A point is hidden when its line is not darker than its flanks:
    below ``1 - VISIBLE_RATIO``, or below ``LOST_FRACTION`` of the frame's contrast
    ``seen`` where the frame shows its lines faintly (blur). A hand hides one stretch,
    from the side it came in; noise and JPEG hide scattered points."""
    limit = min(1 - VISIBLE_RATIO, LOST_FRACTION * seen)
    lost = contrast < limit
    k = lost.shape[-1]
    run = np.zeros(lost.shape[0])
    longest = np.zeros(lost.shape[0])
    for i in range(2 * k):  # twice round: a stretch may pass the outline's first point
        run = (run + 1) * lost[:, i % k]
        longest = np.maximum(longest, run)
    return np.where(has, np.minimum(longest, k) / k, 0.0)
