"""Stable changes on the board: a cell's new content is reported once it has read the same
over several frames with nothing covering it or its neighbourhood.

Hands are the enemy: a hand over a stone may look like bare wood for a moment. So a frame
counts towards a cell's new label only if the cell and every cell within ``guard_mm`` of it
read clearly (not ``unknown``, not occluded, confident), and a frame without the board
(markers covered) counts for nothing. The output is a ``CellsChanged`` observation, or
``BoardLost`` once when the board goes out of sight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..observations import BoardLost, CellChange, CellsChanged
from .layout import UNKNOWN, Layout
from .reader import BoardReading


@dataclass
class _CellTrack:
    settled: str | None = None
    candidate: str | None = None
    frames: int = 0
    confidences: list[float] = field(default_factory=list)


class ChangeTracker:
    """Turns per-frame readings into ``CellsChanged`` observations.

    ``stable_frames``: clear frames in a row a new label needs; ``min_confidence``: below
    it a reading is not clear; ``guard_mm``: radius of the neighbourhood that must be
    clear too (a hand reaching for one cell covers its neighbours).
    """

    def __init__(
        self,
        layout: Layout,
        *,
        stable_frames: int = 3,
        min_confidence: float = 0.6,
        guard_mm: float = 90.0,
    ) -> None:
        self.layout = layout
        self.stable_frames = stable_frames
        self.min_confidence = min_confidence
        centres = np.array([c.centre_mm for c in layout.cells], dtype=np.float64)
        dist = np.linalg.norm(centres[:, None] - centres[None], axis=-1)
        self._near = dist <= guard_mm  # (cells, cells): which cells guard which
        self._ids = [c.id for c in layout.cells]
        self._tracks = {c.id: _CellTrack() for c in layout.cells}
        self._lost = False

    def state(self) -> dict[str, str | None]:
        """The settled label of every cell (None until first seen clearly)."""
        return {k: t.settled for k, t in self._tracks.items()}

    def update(self, reading: BoardReading, t_mono: float) -> CellsChanged | BoardLost | None:
        """Feed one frame's reading (taken at ``t_mono`` s); returns the cells that changed,
        or ``BoardLost`` on the first frame without the board."""
        if not reading.ok:
            for t in self._tracks.values():  # the board is hidden: start counting afresh
                t.candidate, t.frames, t.confidences = None, 0, []
            if self._lost:
                return None
            self._lost = True
            return BoardLost(t_mono=t_mono, layout=self.layout.name, reason=reading.status)
        self._lost = False
        ids = self._ids
        clear = np.array(
            [
                (r := reading.cells[i]).label != UNKNOWN
                and not r.occluded
                and r.confidence >= self.min_confidence
                for i in ids
            ]
        )
        guarded = ~(self._near & ~clear).any(axis=1)  # the cell and its neighbours read clearly
        changes = []
        for k, cell_id in enumerate(ids):
            track, r = self._tracks[cell_id], reading.cells[cell_id]
            if not guarded[k]:
                track.candidate, track.frames, track.confidences = None, 0, []
                continue
            if r.label == track.candidate:
                track.frames += 1
                track.confidences.append(r.confidence)
            else:
                track.candidate, track.frames, track.confidences = r.label, 1, [r.confidence]
            if track.frames >= self.stable_frames and track.candidate != track.settled:
                before = track.settled or UNKNOWN
                track.settled = track.candidate
                conf = float(np.mean(track.confidences[-self.stable_frames :]))
                changes.append(CellChange(cell_id, before, track.candidate, round(conf, 3)))
        if not changes:
            return None
        return CellsChanged(t_mono=t_mono, layout=self.layout.name, changes=tuple(changes))
