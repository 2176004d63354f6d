"""ArUco markers: finding them in a frame, and drawing them (renderer, printable sheets).

The dictionary is OpenCV's ``DICT_4X4_50``; each layout uses its own four ids, so the
markers also say which board lies on the table. Corners are image pixels (x, y) in ArUco's
order: top-left, top-right, bottom-right, bottom-left of the printed marker.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

DICTIONARY_NAME = "DICT_4X4_50"
#: Bits across a marker including its one-bit black border (4 data bits + 2).
MARKER_BITS = 6


def dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY_NAME))


@dataclass(frozen=True, slots=True)
class MarkerSighting:
    """A marker found in a frame: its id and four corners (px, float32, shape (4, 2))."""

    id: int
    corners_px: np.ndarray

    def to_json(self) -> dict:
        return {"id": self.id, "corners_px": np.round(self.corners_px, 1).tolist()}


class MarkerFinder:
    """Finds ``DICT_4X4_50`` markers; ``max_side_px`` bounds the image the search runs on.

    Large frames are searched at reduced size (a 1280 x 960 frame at half size: four
    times fewer pixels to threshold, at 4-5 ms instead of about 20) and the corners are
    then refined to sub-pixel accuracy on the full frame.
    """

    def __init__(self, *, max_side_px: int = 640) -> None:
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
        params.adaptiveThreshWinSizeMin = 5
        params.adaptiveThreshWinSizeMax = 29
        params.adaptiveThreshWinSizeStep = 8
        params.minMarkerPerimeterRate = 0.03
        # Small, soft markers (a 640 x 480 frame of a whole mat): read each bit from its
        # middle only and accept the dictionary's full error correction; the pose then
        # rejects any stray id that is not the layout's, and corners that disagree.
        params.perspectiveRemovePixelPerCell = 10
        params.perspectiveRemoveIgnoredMarginPerCell = 0.35
        params.errorCorrectionRate = 1.0
        self._detector = cv2.aruco.ArucoDetector(dictionary(), params)
        self.max_side_px = max_side_px

    def find(self, image_bgr: np.ndarray) -> list[MarkerSighting]:
        """Every marker visible in ``image_bgr`` (BGR or grey ``uint8``), by ascending id."""
        grey = image_bgr if image_bgr.ndim == 2 else cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
        scale = min(1.0, self.max_side_px / max(grey.shape[:2]))
        small = (
            grey
            if scale == 1.0
            else cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        )
        corners, ids, _ = self._detector.detectMarkers(small)
        if ids is None:
            return []
        found: dict[int, np.ndarray] = {}
        for c, i in zip(corners, ids.ravel(), strict=True):
            pts = (c.reshape(4, 2) / scale).astype(np.float32)
            side = float(np.linalg.norm(pts[0] - pts[2])) / 1.41
            win = int(max(2, min(6, side / 12)))
            term = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
            pts = cv2.cornerSubPix(grey, pts.reshape(-1, 1, 2), (win, win), (-1, -1), term)
            if int(i) in found:  # the same id twice: trust neither
                found[int(i)] = None  # type: ignore[assignment]
                continue
            found[int(i)] = pts.reshape(4, 2)
        return [MarkerSighting(i, found[i]) for i in sorted(found) if found[i] is not None]


def marker_bits(marker_id: int) -> np.ndarray:
    """The marker as a ``MARKER_BITS`` square of 0 (black) and 1 (white) cells."""
    img = cv2.aruco.generateImageMarker(dictionary(), marker_id, MARKER_BITS)
    return (img > 127).astype(np.uint8)


def marker_image(marker_id: int, side_px: int) -> np.ndarray:
    """The marker drawn as a ``side_px`` square grey ``uint8`` image (nearest-neighbour)."""
    bits = marker_bits(marker_id) * 255
    return cv2.resize(bits.astype(np.uint8), (side_px, side_px), interpolation=cv2.INTER_NEAREST)
