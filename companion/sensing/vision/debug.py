"""Debug pictures: the board rectified to a top-down view with every cell drawn and labelled.

Cells that read a piece are outlined in green, ``empty`` in white, ``unknown`` in red,
occluded cells in grey; each carries its label and confidence.
"""

from __future__ import annotations

import cv2
import numpy as np

from .layout import EMPTY, UNKNOWN
from .reader import BoardReading


def rectified(
    image: np.ndarray,
    reading: BoardReading,
    size_mm: tuple[float, float],
    *,
    px_per_mm: float = 2.0,
    margin_mm: float = 0.0,
) -> np.ndarray:
    """The board part of ``image`` seen from straight above at ``px_per_mm``, with
    ``margin_mm`` around it (board point (0, 0) lands at (margin, margin) mm)."""
    assert reading.pose is not None
    scale = np.array(
        [[px_per_mm, 0, margin_mm * px_per_mm], [0, px_per_mm, margin_mm * px_per_mm], [0, 0, 1.0]]
    )
    m = scale @ reading.pose.image_to_board
    w, h = (round((v + 2 * margin_mm) * px_per_mm) for v in size_mm)
    return cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_LINEAR)


def debug_image(
    image: np.ndarray, reading: BoardReading, layout, *, px_per_mm: float = 2.0
) -> np.ndarray:
    """The rectified board with the cells drawn and labelled; without a board, the frame
    with the markers found drawn and the status written on it."""
    if reading.pose is None:
        out = image.copy()
        for m in reading.markers:
            cv2.polylines(out, [np.round(m.corners_px).astype(np.int32)], True, (0, 255, 255), 2)
            cv2.putText(
                out,
                str(m.id),
                tuple(int(v) for v in m.corners_px[0]),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.6,
                (0, 255, 255),
                2,
            )
        cv2.putText(
            out, reading.status[:90], (8, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.55, (0, 0, 255), 2
        )
        return out
    margin = (
        max(layout.cells[0].size_mm) if layout.cells and layout.cells[0].shape == "point" else 0.0
    )
    out = rectified(image, reading, layout.size_mm, px_per_mm=px_per_mm, margin_mm=margin)
    for c in layout.cells:
        r = reading.cells.get(c.id)
        if r is None:
            continue
        colour = (
            (160, 160, 160)
            if r.occluded
            else (0, 0, 255)
            if r.label == UNKNOWN
            else (255, 255, 255)
            if r.label == EMPTY
            else (0, 200, 0)
        )
        x, y = (round((v + margin) * px_per_mm) for v in c.centre_mm)
        if c.shape == "point" and r.label == EMPTY and not r.occluded:
            continue  # a Go board: only the stones and the doubtful points, or it is a blur
        half = [round(v * px_per_mm / 2) for v in c.size_mm]
        if c.shape == "rect":
            cv2.rectangle(out, (x - half[0], y - half[1]), (x + half[0], y + half[1]), colour, 2)
        else:
            cv2.circle(
                out, (x, y), round(min(half) * (0.9 if c.shape != "point" else 0.45)), colour, 2
            )
        text = "occl." if r.occluded else f"{r.label} {r.confidence:.2f}"
        size = 0.32 if c.shape == "point" else 0.4
        cv2.putText(
            out, c.id, (x - half[0] + 3, y - 2), cv2.FONT_HERSHEY_SIMPLEX, size, (0, 0, 0), 3
        )
        cv2.putText(out, c.id, (x - half[0] + 3, y - 2), cv2.FONT_HERSHEY_SIMPLEX, size, colour, 1)
        cv2.putText(
            out, text, (x - half[0] + 3, y + 12), cv2.FONT_HERSHEY_SIMPLEX, size, (0, 0, 0), 3
        )
        cv2.putText(out, text, (x - half[0] + 3, y + 12), cv2.FONT_HERSHEY_SIMPLEX, size, colour, 1)
    return out
