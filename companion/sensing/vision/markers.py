"""ArUco markers: finding them in a frame, and drawing them (renderer, printable sheets).

The dictionary is OpenCV's ``DICT_4X4_50``; each layout uses its own four ids, so the
markers also say which board lies on the table. Corners are image pixels (x, y) in ArUco's
order: top-left, top-right, bottom-right, bottom-left of the printed marker.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .colour import srgb_to_linear

DICTIONARY_NAME = "DICT_4X4_50"
#: Bits across a marker including its one-bit black border (4 data bits + 2).
MARKER_BITS = 6
#: ``MarkerFinder.find_near``: a marker's window reaches this far (search px) plus the
#: marker's own size past where it was, and a marker found closer than this to a window
#: edge is not trusted (the adaptive threshold looks up to 14 px round each pixel).
NEAR_MARGIN_PX = 16
#: ``MarkerFinder(edges=...)``'s default: False, ``cornerSubPix`` alone. True also puts
#: each corner where the marker's outer edges meet (``edge_corners``): corners within
#: 0.07 px of the drawn markers instead of 0.62 px on rendered card tables, at about 1 ms
#: of CPU a marker (a HiLo table of 4 players in the stream: 20 markers a frame), so it
#: is off until a pose that needs it (BENCHMARKS.md, "Marker corners and board pose").
REFINE_EDGES = False
#: ``edge_corners``: markers smaller than this (px a side) keep ``cornerSubPix``'s corners
MIN_SIDE_PX = 12
#: ``edge_corners``: the profile across an edge is sampled every this many px
STEP_PX = 0.25
#: grey level (0..255, sRGB-encoded as cameras give it) -> linear light (0..1)
_LINEAR = srgb_to_linear(np.arange(256) / 255.0).astype(np.float32)


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
    then refined to sub-pixel accuracy on the full frame (``cornerSubPix``; with
    ``edges``, then also ``edge_corners``).
    """

    def __init__(self, *, max_side_px: int = 640, edges: bool | None = None) -> None:
        params = _parameters()
        self._detector = cv2.aruco.ArucoDetector(dictionary(), params)
        self.max_side_px = max_side_px
        #: refine corners by the markers' edges too (``edge_corners``; None: ``REFINE_EDGES``)
        self.edges = REFINE_EDGES if edges is None else edges
        #: ``find_near``'s detectors, by the window's longer side (px)
        self._windows: dict[tuple[int, int], cv2.aruco.ArucoDetector] = {}

    def find(self, image_bgr: np.ndarray) -> list[MarkerSighting]:
        """Every marker visible in ``image_bgr`` (BGR or grey ``uint8``), by ascending id."""
        grey = image_bgr if image_bgr.ndim == 2 else cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
        small, scale = self._small(grey)
        corners, ids, _ = self._detector.detectMarkers(small)
        if ids is None:
            return []
        found: dict[int, np.ndarray | None] = {}
        for c, i in zip(corners, ids.ravel(), strict=True):
            pts = self._refine(grey, c.reshape(4, 2), scale)
            found[int(i)] = None if int(i) in found else pts  # the same id twice: trust neither
        return [MarkerSighting(i, found[i]) for i in sorted(found) if found[i] is not None]

    def find_near(
        self, image: np.ndarray, near: list[MarkerSighting]
    ) -> list[MarkerSighting] | None:
        """The markers ``near`` (a stream's last sightings) found again, each searched only
        in a window round where it was, with what ``find`` would give for them; None when
        unsure (then search the whole frame): one not found in its window, found twice
        there, or found within ``NEAR_MARGIN_PX`` (search scale) of a window edge inside
        the frame (it moved: the window may cut off what the whole frame's search sees).

        The search is local (the adaptive threshold's window, the marker's own contour,
        its bits) and a window is searched at the whole frame's scale and with its
        smallest marker perimeter in pixels, so a marker found well inside its window has
        the corners the whole frame's search gives it (rendered HiLo tables of 2 to 5
        players, 240 frames: 3159 markers found by both, every one with the same corners;
        one more found in its window that the whole frame's search missed in that frame's
        noise). What the windows cannot see: a second copy of a marker's id elsewhere in
        the frame (``find`` trusts neither)."""
        if not near:
            return None
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        small, scale = self._small(grey)
        h, w = small.shape
        out = []
        for seen in near:
            box = seen.corners_px * scale
            (x0, y0), (x1, y1) = box.min(axis=0), box.max(axis=0)
            pad = max(x1 - x0, y1 - y0) + NEAR_MARGIN_PX
            wx0, wy0 = max(0, int(x0 - pad)), max(0, int(y0 - pad))
            wx1, wy1 = min(w, int(np.ceil(x1 + pad)) + 1), min(h, int(np.ceil(y1 + pad)) + 1)
            if wx1 - wx0 < 16 or wy1 - wy0 < 16:
                return None
            window = small[wy0:wy1, wx0:wx1]
            detector = self._window_detector(max(window.shape), max(h, w))
            corners, ids, _ = detector.detectMarkers(window)
            if ids is None:
                return None
            hits = [c.reshape(4, 2) for c, i in zip(corners, ids.ravel(), strict=True)
                    if int(i) == seen.id]  # fmt: skip
            if len(hits) != 1:
                return None
            (cx0, cy0), (cx1, cy1) = hits[0].min(axis=0), hits[0].max(axis=0)
            inner = [  # the window's edges that are not the frame's, and the gap to them
                (wx0 > 0, cx0), (wy0 > 0, cy0),
                (wx1 < w, wx1 - wx0 - 1 - cx1), (wy1 < h, wy1 - wy0 - 1 - cy1),
            ]  # fmt: skip
            if any(edge and gap < NEAR_MARGIN_PX for edge, gap in inner):
                return None
            offset = np.array([wx0, wy0], np.float32)
            out.append(MarkerSighting(seen.id, self._refine(grey, hits[0] + offset, scale)))
        if len({m.id for m in out}) != len(out):
            return None
        return sorted(out, key=lambda m: m.id)

    def _small(self, grey: np.ndarray) -> tuple[np.ndarray, float]:
        """``grey`` at the search's size (``max_side_px``), and the scale."""
        scale = min(1.0, self.max_side_px / max(grey.shape[:2]))
        if scale == 1.0:
            return grey, scale
        return cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), scale

    def _refine(self, grey: np.ndarray, corners: np.ndarray, scale: float) -> np.ndarray:
        """A marker's corners (4, 2) found at ``scale``, refined to sub-pixel on the full
        ``grey`` frame."""
        pts = (corners / scale).astype(np.float32)
        side = float(np.linalg.norm(pts[0] - pts[2])) / 1.41
        win = int(max(2, min(6, side / 12)))
        term = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
        pts = cv2.cornerSubPix(grey, pts.reshape(-1, 1, 2), (win, win), (-1, -1), term)
        pts = pts.reshape(4, 2)
        if self.edges:
            pts = edge_corners(grey, pts)
        return pts

    def _window_detector(self, side: int, frame_side: int) -> cv2.aruco.ArucoDetector:
        """A detector for a window whose longer side is ``side`` px that keeps the limits
        on a marker's perimeter in pixels of a frame whose longer side is ``frame_side``
        (ArUco gives them as rates of the image's longer side)."""
        got = self._windows.get((side, frame_side))
        if got is None:
            params = _parameters()
            least = int(params.minMarkerPerimeterRate * frame_side)
            most = int(params.maxMarkerPerimeterRate * frame_side)
            params.minMarkerPerimeterRate = (least + 0.5) / side
            params.maxMarkerPerimeterRate = (most + 0.5) / side
            if len(self._windows) > 256:
                self._windows.clear()
            got = self._windows[(side, frame_side)] = cv2.aruco.ArucoDetector(dictionary(), params)
        return got


def _parameters() -> cv2.aruco.DetectorParameters:
    """The detector's settings (``MarkerFinder``)."""
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
    return params


def marker_bits(marker_id: int) -> np.ndarray:
    """The marker as a ``MARKER_BITS`` square of 0 (black) and 1 (white) cells."""
    img = cv2.aruco.generateImageMarker(dictionary(), marker_id, MARKER_BITS)
    return (img > 127).astype(np.uint8)


def marker_image(marker_id: int, side_px: int) -> np.ndarray:
    """The marker drawn as a ``side_px`` square grey ``uint8`` image (nearest-neighbour)."""
    bits = marker_bits(marker_id) * 255
    return cv2.resize(bits.astype(np.uint8), (side_px, side_px), interpolation=cv2.INTER_NEAREST)


def edge_corners(grey: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """A marker's four corners (4, 2) px, placed again where its four outer edges meet.

    Each edge is a straight line fitted (``cv2.fitLine``, Huber) through points found
    every pixel along it, each where the brightness rises most steeply from the black
    border to the white margin: the centroid of that rise within 2 px of its peak, on a
    profile across the edge sampled every ``STEP_PX``, in linear light. A camera blurs
    in linear light and then encodes sRGB; in the encoded grey the steepest rise lies
    inside the dark border, so every marker looks smaller by about 0.4 mm at 1 px/mm
    (rendered card tables), while in linear light it lies on the edge. ``corners`` are
    returned as given when the marker is under ``MIN_SIDE_PX`` a side, an edge gives too
    few points, or a corner would move more than the profile reaches (a marker in part
    covered)."""
    pts = np.asarray(corners, np.float64)
    side = float(np.mean(np.linalg.norm(pts - np.roll(pts, -1, axis=0), axis=1)))
    if side < MIN_SIDE_PX:
        return corners
    # within half a bit of the edge: the border's inner edge and the margin's outer
    # edge lie a bit (side / MARKER_BITS) away
    reach = float(np.clip(side / MARKER_BITS / 2, 1.0, 3.0))
    steps = np.arange(-reach, reach + 1e-9, STEP_PX)
    lo = np.maximum(np.floor(pts.min(axis=0) - reach - 2).astype(int), 0)
    hi = np.ceil(pts.max(axis=0) + reach + 3).astype(int)
    patch = _LINEAR[grey[lo[1] : max(lo[1] + 1, hi[1]), lo[0] : max(lo[0] + 1, hi[0])]]
    centre = pts.mean(axis=0)
    bases, normals, edge_of = [], [], []
    for k in range(4):  # the points along each edge, clear of its corners
        a, b = pts[k], pts[(k + 1) % 4]
        length = float(np.linalg.norm(b - a))
        along = (b - a) / length
        normal = np.array([along[1], -along[0]])
        if np.dot(normal, (a + b) / 2 - centre) < 0:
            normal = -normal  # outward, from the black border to the white margin
        ts = np.arange(reach + 2.0, length - reach - 2.0, 1.0)
        if len(ts) < 4:
            return corners
        bases.append(a + ts[:, None] * along)
        normals.append(np.broadcast_to(normal, (len(ts), 2)))
        edge_of.append(np.full(len(ts), k))
    base, normal, edge = np.concatenate(bases), np.concatenate(normals), np.concatenate(edge_of)
    grid = base[:, None, :] + steps[None, :, None] * normal[:, None, :] - lo  # (n, m, 2)
    prof = cv2.remap(
        patch, grid[..., 0].astype(np.float32), grid[..., 1].astype(np.float32),
        cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE,
    )  # fmt: skip
    rise = np.diff(prof, axis=1)  # (n, m - 1), at the midpoints of steps
    peak = np.argmax(rise, axis=1)
    near = np.clip(peak[:, None] + np.arange(-8, 9), 0, rise.shape[1] - 1)  # +-2 px
    weight = np.maximum(np.take_along_axis(rise, near, axis=1), 0)
    total = weight.sum(axis=1)
    ok = total > 0
    at = steps[0] + STEP_PX * ((weight * (near + 0.5)).sum(axis=1) / np.where(ok, total, 1))
    found = (base + at[:, None] * normal).astype(np.float32)
    lines = []
    for k in range(4):
        mine = found[ok & (edge == k)]
        if len(mine) < 4:
            return corners
        vx, vy, x, y = cv2.fitLine(mine, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x, y], np.float64), np.array([vx, vy], np.float64)))
    out = np.empty((4, 2), np.float64)
    for k in range(4):  # corner k: where edge k - 1 (ending there) meets edge k (starting)
        (p, u), (q, v) = lines[k - 1], lines[k]
        m = np.array([u, -v]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return corners
        out[k] = p + np.linalg.solve(m, q - p)[0] * u
    if np.abs(out - pts).max() > reach + 1.0:
        return corners
    return out.astype(np.float32)
