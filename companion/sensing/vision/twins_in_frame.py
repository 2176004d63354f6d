"""Telling twins apart in the camera's own pixels, where the card is seen coarsely.

``twins.py`` compares the card seen, cut out and warped upright, with each twin's
picture brought to the camera's resolution. Below about 1 px/mm that double resampling
costs what little the frame holds: a value 11 mm tall is 8 camera pixels, and where
those pixels fall on the print (their phase) changes their values as much as the
difference between a 5 and a 6 does.

Here it goes the other way: each twin's fine picture is *projected into the frame*,
through the card's own homography (card picture px -> frame px), softened as the camera
softens (its pixel's footprint and its blur), and compared there with the frame's own
pixels, unresampled, on each small region where the twins differ (a patch of
``twins.py``, a little grown). The card's outline is found to about a millimetre, so per
region the projection is first aligned to a quarter of a camera pixel on the group's mean
picture (the art round the number, the white disc under it, the numbers averaged), the
same shift for every twin. A design's score on a region is the correlation (zero-mean
colour, CIELAB) on the pixels where the twins differ, weighted by how much they differ
there; its score is the mean over the regions, weighted by their size; the lead is the
best score less the runner-up's.

Used for the twins ``twins.py`` leaves unsure (``card_reader.py``), about 6 ms a card
(two regions) on one core here.
"""

from __future__ import annotations

import cv2
import numpy as np

from .deck import FINE_PX_PER_MM
from .twins import TwinJudge, fine_lab

#: Fine pixels the region compared reaches beyond the patches where twins differ.
REGION_PAD_PX = 4
#: Camera pixels the projection may be moved by to align it (either way), and the steps
#: of the coarse and the fine search.
ALIGN_REACH_PX = 1.0
ALIGN_STEPS_PX = (0.5, 0.25)
#: The camera's softness tried (Gaussian sigma, camera px): its pixel's footprint (a box
#: of 1 px is about 0.3) and its blur together.
CAMERA_BLURS_PX = (0.3, 0.5, 0.7, 0.9, 1.2, 1.5)
#: The softness the fine pictures have already (sigma, fine px): registration softens a
#: picture by this much or more before it is brought to ``FINE_PX_PER_MM``.
FINE_OWN_SIGMA = 0.8
#: Softened pictures kept at most (then all dropped).
CACHE_SIZE = 2000
#: Fewer frame pixels than this in the region: the region is too small to judge here.
MIN_REGION_PX = 24


class FrameTwinJudge:
    """Judges twins of a ``TwinJudge``'s groups in the frame's own pixels (module doc)."""

    def __init__(self, judge: TwinJudge) -> None:
        self.judge = judge
        #: per group, per patch: its box (fine px, padded) and how far the twins' colours
        #: spread at each pixel there (where they differ)
        self._regions: list[list[tuple[tuple[int, int, int, int], np.ndarray]]] = []
        self._cache: dict[tuple, np.ndarray] = {}
        if judge._lab is None:
            return
        lab = judge._lab
        h, w = lab.shape[1:3]
        p = REGION_PAD_PX
        for members, boxes in zip(judge.groups, judge.patches, strict=True):
            regions = []
            for bx0, by0, bx1, by1 in boxes:
                x0, y0 = max(0, bx0 - p), max(0, by0 - p)
                x1, y1 = min(w, bx1 + p), min(h, by1 + p)
                spread = np.linalg.norm(lab[members][:, y0:y1, x0:x1].std(axis=0), axis=-1)
                regions.append(((x0, y0, x1, y1), spread.astype(np.float32)))
            self._regions.append(regions)

    def _soft(self, key, picture: np.ndarray, sigma_fine: float) -> np.ndarray:
        hit = self._cache.get(key)
        if hit is None:
            if len(self._cache) > CACHE_SIZE:
                self._cache.clear()
            hit = self._cache[key] = cv2.GaussianBlur(picture, (0, 0), sigma_fine)
        return hit

    def judge_frame(
        self,
        frame_bgr: np.ndarray,
        card_to_image: np.ndarray,
        design: int,
        *,
        px_per_mm: float,
    ) -> tuple[list[int], np.ndarray, float] | None:
        """(the group of ``design``, each member's score, the lead) for the card that
        ``card_to_image`` (fine picture px -> frame px, 3 x 3) places in ``frame_bgr``;
        ``px_per_mm``: the camera's resolution on the card. None when the region where
        the twins differ is not inside the frame."""
        j = self.judge
        g = j.group_of[design]
        members = j.groups[g]
        scores, total = np.zeros(len(members)), 0.0
        for box, weight in self._regions[g]:
            got = self._region(frame_bgr, card_to_image, g, box, weight, px_per_mm)
            if got is not None:
                scores += got * float(weight.sum())
                total += float(weight.sum())
        if not total:
            return None
        scores /= total
        order = np.argsort(scores)[::-1]
        return members, scores, float(scores[order[0]] - scores[order[1]])

    def _region(self, frame_bgr, card_to_image, g: int, box, weight, px_per_mm: float):
        """Each member's score on one region (``box``, fine px) where the twins of group
        ``g`` differ, or None when the region is not inside the frame."""
        x0, y0, x1, y1 = box
        corners = np.float32([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]])
        seen_at = cv2.perspectiveTransform(corners, card_to_image)[0]
        ix0, iy0 = np.floor(seen_at.min(axis=0)).astype(int) - 1
        ix1, iy1 = np.ceil(seen_at.max(axis=0)).astype(int) + 2
        fh, fw = frame_bgr.shape[:2]
        if ix0 < 0 or iy0 < 0 or ix1 > fw or iy1 > fh or (ix1 - ix0) * (iy1 - iy0) < MIN_REGION_PX:
            return None
        seen = fine_lab(np.ascontiguousarray(frame_bgr[iy0:iy1, ix0:ix1]))
        size = (int(ix1 - ix0), int(iy1 - iy0))
        # card px -> frame px -> region px
        to_region = np.array([[1, 0, -ix0], [0, 1, -iy0], [0, 0, 1]], float) @ card_to_image
        fine_per_px = FINE_PX_PER_MM / max(px_per_mm, 1e-3)
        bucket = round(px_per_mm * 20)
        lab = self.judge._lab
        members = self.judge.groups[g]
        part = (slice(y0, y1), slice(x0, x1))
        mean = lab[members].mean(axis=0)
        # the group's mean picture aligns the projection (the same shift for every
        # member: one free to move would fit a wrong number) and picks the softness
        inside = _project(np.ones_like(weight), part, to_region, size, 0.0, 0.0, whole=False)
        inside = inside > 0.99
        if inside.sum() < MIN_REGION_PX:
            return None
        mid = CAMERA_BLURS_PX[len(CAMERA_BLURS_PX) // 2]
        pic = self._soft(("mean", g, bucket, mid), mean, _fine_sigma(fine_per_px, mid))
        _, dx, dy = _aligned(seen[..., 0], pic[..., 0], part, to_region, size, inside)
        fits = []
        for cam in CAMERA_BLURS_PX:
            pic = self._soft(("mean", g, bucket, cam), mean, _fine_sigma(fine_per_px, cam))
            model = _project(pic[..., 0], part, to_region, size, dx, dy)
            fits.append(_ncc(seen[..., 0][inside], model[inside]))
        cam = CAMERA_BLURS_PX[int(np.argmax(fits))]
        sig = _fine_sigma(fine_per_px, cam)
        w_seen = _project(weight, part, to_region, size, dx, dy, whole=False)
        scores = np.empty(len(members))
        for k, i in enumerate(members):
            pic = self._soft(("design", i, bucket, cam), lab[i], sig)
            model = _project(pic, part, to_region, size, dx, dy)
            scores[k] = _weighted_ncc(seen, model, w_seen)
        return scores


def _fine_sigma(fine_per_px: float, camera_sigma: float) -> float:
    """The softening (fine px) that makes a fine picture as soft as a camera of
    ``camera_sigma`` (camera px) with ``fine_per_px`` fine px to one of its pixels."""
    want = fine_per_px * camera_sigma
    return float(np.sqrt(max(want**2 - FINE_OWN_SIGMA**2, 0.09)))


def _project(pic: np.ndarray, box, to_region, size, dx: float, dy: float, *, whole=True):
    """The part ``box`` (rows, cols slices of the fine picture) of ``pic`` projected into
    the region (``to_region``: card px -> region px), moved by (dx, dy) region px;
    ``whole=False``: ``pic`` is that part already."""
    ys, xs = box
    part = np.ascontiguousarray(pic[ys, xs] if whole else pic)
    shift = np.array([[1, 0, dx + 0.0], [0, 1, dy + 0.0], [0, 0, 1]])
    offset = np.array([[1, 0, xs.start], [0, 1, ys.start], [0, 0, 1]], float)
    m = shift @ to_region @ offset
    return cv2.warpPerspective(part, m, size, flags=cv2.INTER_LINEAR, borderValue=0)


def _aligned(seen_l, pic_l, box, to_region, size, inside):
    """(correlation, dx, dy): the best shift of the lightness ``pic_l``'s projection onto
    the region's lightness ``seen_l`` over the pixels ``inside`` (a coarse search, then a
    finer one round the best)."""
    a = seen_l[inside]
    best = (-2.0, 0.0, 0.0)
    cx, cy = 0.0, 0.0
    for step in ALIGN_STEPS_PX:
        reach = ALIGN_REACH_PX if step == ALIGN_STEPS_PX[0] else step
        n = round(reach / step)
        for iy in range(-n, n + 1):
            for ix in range(-n, n + 1):
                dx, dy = cx + ix * step, cy + iy * step
                c = _ncc(a, _project(pic_l, box, to_region, size, dx, dy)[inside])
                if c > best[0]:
                    best = (c, dx, dy)
        cx, cy = best[1], best[2]
    return best


def _ncc(a: np.ndarray, b: np.ndarray) -> float:
    """Correlation of two flat arrays (zero mean)."""
    a = a - a.mean()
    b = b - b.mean()
    return float(a @ b) / max(float(np.sqrt((a @ a) * (b @ b))), 1e-9)


def _weighted_ncc(a: np.ndarray, b: np.ndarray, w: np.ndarray) -> float:
    """Correlation of two Lab regions (H, W, 3), each pixel weighted by ``w`` (H, W)."""
    ww = w[..., None] / max(float(w.sum()), 1e-6)
    a = a - (a * ww).sum(axis=(0, 1))
    b = b - (b * ww).sum(axis=(0, 1))
    num = float((a * b * ww).sum())
    den = float(np.sqrt((a * a * ww).sum() * (b * b * ww).sum()))
    return num / max(den, 1e-12)
