"""The bare mat's colour across a board in one frame, and whether a slot shows it.

A lamp or a window tints a board unevenly (warm at one side, cool at the other), so the
mat's colour is a plane in board millimetres: its chroma (CIELAB a*, b*; 8-bit scale, 0
grey) is fitted to points of bare margin (clear of every cell, marker quiet zone, grey
patch and the board's edge), fitted again without the points further than
``PLANE_DELTA_E`` from it (a hand or an arm over the margin). A card slot read
``empty`` by the board's colour tests shows bare mat at most of its points; a card of
the mat's colour at its centre, or a hand or forearm over the whole slot (skin near the
mat's colour) does not: the board reads it ``unknown``, and the card reader looks (a card
found is read; one colour over the whole slot is a cover, ``occluded``).
"""

from __future__ import annotations

import cv2
import numpy as np

from .layout import Layout

#: Bare mat: points this far (mm) from any cell, marker quiet zone, patch or board edge.
BARE_CLEAR_MM = 3.0
#: Points per side (mm pitch) sampled in a slot and on the bare margins.
PITCH_MM = 4.0
#: Bare-margin points used for the plane at most (evenly picked).
MOST_POINTS = 600
#: Margin points further than this (ΔE, chroma) from the plane are left out of its fit.
PLANE_DELTA_E = 10.0
#: A slot point within this (ΔE, chroma) of the plane shows bare mat (the mat's points
#: lie within 7 at the 99th percentile on rendered tables with warm and cool light).
MAT_DELTA_E = 8.0
#: A card slot read empty shows the mat's colour at this share of its points at least;
#: else a hand lies over it.
EMPTY_BARE_SHARE = 0.6


def bare_points(mat: Layout) -> np.ndarray:
    """(n, 2) mm: points of bare mat, clear of every cell, marker, patch and the edge."""
    w, h = mat.size_mm
    c = BARE_CLEAR_MM
    xs, ys = np.meshgrid(np.arange(c, w - c, PITCH_MM / 2), np.arange(c, h - c, PITCH_MM / 2))
    p = np.c_[xs.ravel(), ys.ravel()]
    keep = np.ones(len(p), bool)
    boxes = [(cell.centre_mm, cell.size_mm) for cell in mat.cells]
    boxes += [(m.centre_mm, (m.size_mm * 8 / 6,) * 2) for m in mat.markers]
    if mat.neutral:
        boxes.append((mat.neutral.centre_mm, mat.neutral.size_mm))
    for (x, y), (bw, bh) in boxes:
        keep &= (np.abs(p[:, 0] - x) > bw / 2 + c) | (np.abs(p[:, 1] - y) > bh / 2 + c)
    return p[keep]


def slot_points(mat: Layout, slot: str) -> np.ndarray:
    """(n, 2) mm: a grid over the slot, inside its printed outline."""
    cell = mat.cell(slot)
    (x, y), (w, h) = cell.centre_mm, cell.size_mm
    xs, ys = np.meshgrid(
        np.arange(x - w / 2 + 3, x + w / 2 - 2.9, PITCH_MM),
        np.arange(y - h / 2 + 3, y + h / 2 - 2.9, PITCH_MM),
    )
    return np.c_[xs.ravel(), ys.ravel()]


def chroma_at(image: np.ndarray, px: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """((n, 2) CIELAB a*, b* (8-bit scale, 0 grey) of BGR ``image`` at the nearest pixel
    to each of ``px`` (n, 2), (n,) whether the point lies in the frame)."""
    h, w = image.shape[:2]
    inside = (px[:, 0] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] >= 0) & (px[:, 1] <= h - 1)
    xi = np.clip(np.round(px[:, 0]), 0, w - 1).astype(np.intp)
    yi = np.clip(np.round(px[:, 1]), 0, h - 1).astype(np.intp)
    lab = cv2.cvtColor(image[yi, xi][:, None, :], cv2.COLOR_BGR2Lab).reshape(-1, 3)
    return lab[:, 1:].astype(np.float32) - 128, inside


class MatColour:
    """The bare mat's chroma plane of one layout, fitted per frame (``fit``), and the
    share of a slot's points that show it (``bare_share``)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        bare = bare_points(layout)
        step = max(1, len(bare) // MOST_POINTS)
        self._bare = bare[::step]
        self._slots: dict[str, np.ndarray] = {}

    def covered(self, image: np.ndarray, pose, empty: list[str]) -> list[str]:
        """Which of the slots read ``empty`` in this frame show too little of the mat's
        colour to be bare (``EMPTY_BARE_SHARE``): something lies on them."""
        if not empty:
            return []
        plane = self.fit(image, pose)
        if plane is None:
            return []
        pts = [self._points(s) for s in empty]
        shares = self._shares(image, pose, np.concatenate(pts), [len(p) for p in pts], plane)
        return [s for s, share in zip(empty, shares, strict=True) if share < EMPTY_BARE_SHARE]

    def fit(self, image: np.ndarray, pose) -> np.ndarray | None:
        """(3, 2) the plane's coefficients (1, x m, y m -> a*, b*) in this frame; None
        when too few margin points are in sight."""
        ab, inside = chroma_at(image, pose.to_image(self._bare))
        xy, ab = self._bare[inside], ab[inside]
        if len(xy) < 20:
            return None
        design = _design(xy)
        keep = np.ones(len(xy), bool)
        for _ in range(3):
            if keep.sum() < 10:
                return None
            coef, *_ = np.linalg.lstsq(design[keep], ab[keep], rcond=None)
            keep = np.linalg.norm(design @ coef - ab, axis=1) <= PLANE_DELTA_E
        return coef

    def bare_share(self, image: np.ndarray, pose, slot: str, coef: np.ndarray) -> float:
        """The share (0..1) of ``slot``'s points in the frame whose chroma lies within
        ``MAT_DELTA_E`` of the mat's plane ``coef`` (1.0 when none is in the frame)."""
        pts = self._points(slot)
        return self._shares(image, pose, pts, [len(pts)], coef)[0]

    def _points(self, slot: str) -> np.ndarray:
        pts = self._slots.get(slot)
        if pts is None:
            pts = self._slots[slot] = slot_points(self.layout, slot)
        return pts

    def _shares(self, image, pose, pts: np.ndarray, counts: list[int], coef) -> list[float]:
        """``bare_share`` of slots whose points, ``counts`` of them each, are ``pts``."""
        ab, inside = chroma_at(image, pose.to_image(pts))
        bare = (np.linalg.norm(_design(pts) @ coef - ab, axis=1) <= MAT_DELTA_E) & inside
        out, start = [], 0
        for n in counts:
            seen = int(inside[start : start + n].sum())
            out.append(float(bare[start : start + n].sum()) / seen if seen else 1.0)
            start += n
        return out


def _design(xy_mm: np.ndarray) -> np.ndarray:
    return np.c_[np.ones(len(xy_mm)), xy_mm / 1000.0]
