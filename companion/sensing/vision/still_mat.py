"""In a stream: a mat whose pixels did not change since its last full reading keeps it.

At the table most frames show the same cards as the frame before, with fresh sensor
noise. A ``CardReader`` in a stream (``card_reader.py``) then cuts the whole mat small
(``LOOK_PX_PER_MM``, in colour, with the pose its slots are cut with) and compares it
with the look of the last frame it read in full (``StillMat``). When no pixel moved by
more than ``SAME_LEVELS`` in any colour, the whole look by no more than ``MEAN_LEVELS``
on average, and no block of ``BLOCK_PX`` squared pixels shifted its mean colour by more
than ``BLOCK_LEVELS`` (a pale hand, a change of light), the mat keeps that reading: its
markers and pose are this frame's, its cells and cards the last full reading's.

It is only used where the last full reading was calm (``calm``): no cell or slot
covered or unknown, no ring of bare mat on its way to being taken as a new look
(``RingMemory.settled``), no twin gathering evidence; anything else reads in full. A
hand arriving changes far more than the thresholds (skin over cards, the printed
outlines it hides, its shadow), so it is read in the frame it arrives.
"""

from __future__ import annotations

import cv2
import numpy as np

from .layout import Layout

#: The mat's look is cut at this scale (px per board mm; as a slot's grey look).
LOOK_PX_PER_MM = 1.0
#: No pixel of the look may move by more than this (levels, any of B, G, R) ...
SAME_LEVELS = 24
#: ... nor the look by more than this on average (levels) ...
MEAN_LEVELS = 4.0
#: ... nor any block of ``BLOCK_PX`` x ``BLOCK_PX`` look pixels shift its mean colour by
#: more than this (levels; sensor noise averages out over a block, a hand or light does not).
BLOCK_PX = 8
BLOCK_LEVELS = 3


class StillMat:
    """The look of one mat (``layout``) at its last calm full reading, and that reading."""

    def __init__(self, layout: Layout) -> None:
        w, h = layout.size_mm
        self._size = (max(1, round(w * LOOK_PX_PER_MM)), max(1, round(h * LOOK_PX_PER_MM)))
        k = 1 / LOOK_PX_PER_MM
        self._look_to_board = np.array([[k, 0, 0], [0, k, 0], [0, 0, 1]], float)
        self._blocks = (max(1, self._size[0] // BLOCK_PX), max(1, self._size[1] // BLOCK_PX))
        #: (look, its block means, the reading kept) of the last calm full reading
        self._kept: tuple[np.ndarray, np.ndarray, object] | None = None

    @property
    def armed(self) -> bool:
        """Whether a calm reading is kept to compare with."""
        return self._kept is not None

    def look(self, image: np.ndarray, board_to_image: np.ndarray) -> np.ndarray:
        """The whole mat cut out of ``image`` (BGR ``uint8``) with the homography
        ``board_to_image`` (board mm -> frame px), at ``LOOK_PX_PER_MM``."""
        return cv2.warpPerspective(
            image,
            board_to_image @ self._look_to_board,
            self._size,
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )

    def remember(self, look: np.ndarray, reading: object) -> None:
        """Keep ``reading`` (what the caller returns for the mat) with its ``look``."""
        self._kept = (look, self._block_means(look), reading)

    def forget(self) -> None:
        self._kept = None

    def kept_if_same(self, look: np.ndarray) -> object | None:
        """The kept reading when ``look`` is the kept look within the thresholds (see
        the module doc), else None."""
        if self._kept is None:
            return None
        before, blocks, reading = self._kept
        if look.shape != before.shape:
            return None
        diff = cv2.absdiff(look, before)
        if int(diff.max()) > SAME_LEVELS or max(cv2.mean(diff)[:3]) > MEAN_LEVELS:
            return None
        shift = cv2.absdiff(self._block_means(look), blocks)
        if int(shift.max()) > BLOCK_LEVELS:
            return None
        return reading

    def _block_means(self, look: np.ndarray) -> np.ndarray:
        return cv2.resize(look, self._blocks, interpolation=cv2.INTER_AREA)
