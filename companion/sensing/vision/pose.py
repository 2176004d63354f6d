"""Where the board lies in the frame: a homography from board millimetres to image pixels.

From the layout's ArUco markers (any 3 of 4: two markers, close together on one side of
the board, leave its far side off by a centimetre or more under perspective), or from
four board corners given by hand (``--corners``), as camera Go recorders do. The pose is
found afresh in every frame, so a nudged board is re-found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from ...i18n.message import msg
from .layout import Layout
from .markers import MarkerSighting

#: Fewest layout markers a pose is computed from.
MIN_MARKERS = 3
#: Largest mean corner misfit (mm) a pose from markers may have.
MAX_MISFIT_MM = 4.0


@dataclass(frozen=True, slots=True)
class BoardPose:
    """``board_to_image``: 3 × 3 homography, board mm -> image px. ``misfit_mm``: mean
    distance between the marker corners as seen and as the pose puts them back (mm)."""

    board_to_image: np.ndarray
    markers_used: tuple[int, ...]
    misfit_mm: float
    source: str  # "markers" or "corners"

    @property
    def image_to_board(self) -> np.ndarray:
        return np.linalg.inv(self.board_to_image)

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        """Board points (..., 2) mm -> image points (..., 2) px."""
        p = np.asarray(points_mm, dtype=np.float64)
        h = self.board_to_image
        q = p.reshape(-1, 2) @ h[:, :2].T + h[:, 2]  # the point (x, y, 1) through h
        return (q[:, :2] / q[:, 2:3]).reshape(p.shape)

    def to_board(self, points_px: np.ndarray) -> np.ndarray:
        """Image points (..., 2) px -> board points (..., 2) mm."""
        p = np.asarray(points_px, dtype=np.float64)
        flat = p.reshape(-1, 2)
        q = np.c_[flat, np.ones(len(flat))] @ self.image_to_board.T
        return (q[:, :2] / q[:, 2:3]).reshape(p.shape)

    def px_per_mm(self, at_mm: tuple[float, float]) -> float:
        """Image scale (px per mm) at a board point: the mean of the two axes."""
        x, y = at_mm
        p = self.to_image(np.array([[x, y], [x + 1, y], [x, y + 1]]))
        return float((np.linalg.norm(p[1] - p[0]) + np.linalg.norm(p[2] - p[0])) / 2)

    def to_json(self) -> dict:
        return {
            "source": self.source,
            "markers_used": list(self.markers_used),
            "misfit_mm": round(self.misfit_mm, 2),
            "board_to_image": np.round(self.board_to_image / self.board_to_image[2, 2], 6).tolist(),
        }


class PoseError(ValueError):
    """No pose: too few markers of this layout, or their corners do not agree."""


def pose_from_markers(
    sightings: Sequence[MarkerSighting], layout: Layout, *, min_markers: int = MIN_MARKERS
) -> BoardPose:
    """The board's pose from the markers of ``layout`` among ``sightings``.

    Raises ``PoseError`` with the reason when fewer than ``min_markers`` are visible or
    the fit is poor (a marker covered in part, or a marker from another board).
    """
    ours = [(s, layout.marker(s.id)) for s in sightings if layout.marker(s.id) is not None]
    if len(ours) < min_markers:
        seen = ", ".join(str(s.id) for s in sightings) or msg("none")
        want = ", ".join(str(m.id) for m in layout.markers)
        raise PoseError(
            msg(
                "{n} of the layout's markers ({want}) visible, {needed} needed; markers seen:"
                " {seen}",
                n=len(ours),
                want=want,
                needed=min_markers,
                seen=seen,
            )
        )
    board = np.array([m.corners_mm() for _, m in ours], dtype=np.float64).reshape(-1, 2)
    image = np.concatenate([s.corners_px for s, _ in ours]).astype(np.float64)
    h, _ = cv2.findHomography(board, image, 0)
    if h is None:
        raise PoseError(msg("the markers' corners do not give a homography (degenerate layout)"))
    pose = BoardPose(h, tuple(s.id for s, _ in ours), 0.0, "markers")
    misfit = float(np.linalg.norm(pose.to_board(image) - board, axis=1).mean())
    if len(ours) > 2 and misfit > MAX_MISFIT_MM:  # one marker disagrees: drop the worst one
        errors = np.linalg.norm(pose.to_board(image) - board, axis=1).reshape(-1, 4).mean(axis=1)
        keep = [s for k, (s, _) in enumerate(ours) if k != int(np.argmax(errors))]
        return pose_from_markers(keep, layout, min_markers=min_markers)
    if misfit > MAX_MISFIT_MM:
        raise PoseError(
            msg(
                "the markers' corners disagree by {misfit:.1f} mm (a marker covered?)",
                misfit=misfit,
            )
        )
    return BoardPose(h, pose.markers_used, misfit, "markers")


def pose_from_corners(corners_px: Sequence[Sequence[float]], layout: Layout) -> BoardPose:
    """The pose from the board's four corners given by hand, in image px, in the order
    top-left, top-right, bottom-right, bottom-left (for a grid: its outermost points)."""
    pts = np.asarray(corners_px, dtype=np.float64)
    if pts.shape != (4, 2):
        raise PoseError(
            msg("--corners needs four x,y points, got {n}", n=pts.size // 2 if pts.size else 0)
        )
    w, h = layout.size_mm
    board = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64)
    hom = cv2.getPerspectiveTransform(board.astype(np.float32), pts.astype(np.float32))
    if not np.isfinite(hom).all() or abs(np.linalg.det(hom)) < 1e-12:
        raise PoseError(msg("the four corners are degenerate (three on a line?)"))
    return BoardPose(hom.astype(np.float64), (), 0.0, "corners")


def parse_corners(text: str) -> list[tuple[float, float]]:
    """``"x1,y1 x2,y2 x3,y3 x4,y4"`` (or all comma-separated) -> four points."""
    values = [float(v) for v in text.replace(";", " ").replace(",", " ").split()]
    if len(values) != 8:
        raise ValueError(f"--corners wants 4 points x,y (8 numbers), got {len(values)} numbers")
    return [(values[i], values[i + 1]) for i in range(0, 8, 2)]
