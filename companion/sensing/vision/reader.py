"""Reading a frame: markers -> board pose -> every cell's label, confidence and occlusion.

``BoardReader`` reads frames of one layout. Each frame is located afresh (the board may
have been nudged); with ``stream=True`` (a camera or video) the reader also remembers how
each cell's ring of bare mat looked lately, so that a hand the colour of the board still
shows as a cover (``RingMemory``). Frames that cannot be read give a reading with a
``status`` that says why and no cells; nothing raises for bad frames.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ...i18n.message import msg, reason_of
from .classify import CellReading, ColourModel, nominal_model
from .layout import EMPTY, UNKNOWN, Layout
from .markers import MarkerFinder, MarkerSighting
from .mat_colour import MatColour
from .pose import BoardPose, PoseError, pose_from_corners, pose_from_markers
from .ring_memory import RingMemory
from .sampling import CellSampler

OK = "ok"


@dataclass(frozen=True)
class BoardReading:
    """What one frame shows: ``status`` ("ok" or why not), the ``markers`` found, the
    ``pose`` (None without a board), ``cells`` (id -> reading, empty without a board) and
    where the white balance came from: ``neutral patch``, ``mat`` (the patch is covered or
    disagrees with the bare mat around the cells, which then serves) or ``surface`` (each
    cell on its own surroundings: layouts without a patch)."""

    layout: str
    status: str
    markers: tuple[MarkerSighting, ...] = ()
    pose: BoardPose | None = None
    cells: dict[str, CellReading] = field(default_factory=dict)
    white_balance: str = ""

    @property
    def ok(self) -> bool:
        return self.status == OK

    def to_json(self) -> dict:
        return {
            "layout": self.layout,
            "status": self.status,
            "markers": [m.to_json() for m in self.markers],
            "pose": self.pose.to_json() if self.pose else None,
            "white_balance": self.white_balance or None,
            "cells": {
                k: {"label": v.label, "confidence": v.confidence, "occluded": v.occluded}
                for k, v in self.cells.items()
            },
        }


class BoardReader:
    """Reads frames of one layout with one colour model (default: the layout's nominal one)."""

    def __init__(
        self,
        layout: Layout,
        model: ColourModel | None = None,
        *,
        finder: MarkerFinder | None = None,
        corners_px: Sequence[Sequence[float]] | None = None,
        stream: bool = False,
    ) -> None:
        self.layout = layout
        self.model = model or nominal_model(layout)
        self.finder = finder or MarkerFinder()
        self.sampler = CellSampler(layout)
        self._fixed_pose = pose_from_corners(corners_px, layout) if corners_px is not None else None
        self.memory = RingMemory() if stream else None
        #: card slots: one read empty must show the mat's colour (``mat_colour.py``)
        self._card_slots = [
            c.id for c in layout.cells if any(layout.pieces[p].shape == "card" for p in c.pieces)
        ]
        self._mat = MatColour(layout) if self._card_slots else None

    def locate(self, image: np.ndarray) -> tuple[tuple[MarkerSighting, ...], BoardPose | None, str]:
        """Markers, pose and status for ``image`` (the pose from hand-given corners if set)."""
        if self._fixed_pose is not None:
            return (), self._fixed_pose, OK
        markers = tuple(self.finder.find(image))
        try:
            return markers, pose_from_markers(markers, self.layout), OK
        except PoseError as e:
            return markers, None, msg("no board: {reason}", reason=reason_of(e))

    def read(self, image: np.ndarray | None, *, located: tuple | None = None) -> BoardReading:
        """The reading of one BGR ``uint8`` frame (``None`` or garbage: a status, no cells);
        ``located``: what ``locate`` gave for this frame, if the caller asked already."""
        name = self.layout.name
        if (
            image is None
            or not isinstance(image, np.ndarray)
            or image.ndim != 3
            or image.shape[2] != 3
            or image.dtype != np.uint8
        ):
            return BoardReading(name, msg("unreadable frame: expected a BGR uint8 image"))
        if min(image.shape[:2]) < 16:
            return BoardReading(
                name,
                msg(
                    "unreadable frame: {w}x{h} px is too small", w=image.shape[1], h=image.shape[0]
                ),
            )
        markers, pose, status = self.locate(image) if located is None else located
        if pose is None:
            return BoardReading(name, status, markers)
        samples = self.sampler.sample(image, pose)
        gains, source = self.model.gains(samples)
        readings = self.model.classify(samples, gains, memory=self.memory)
        cells = {c.id: r for c, r in zip(self.layout.cells, readings, strict=True)}
        if self._mat is not None:  # a hand over a card, or a card, can pass for bare mat
            empty = [s for s in self._card_slots if cells[s].label == EMPTY]
            for slot in self._mat.covered(image, pose, empty):
                cells[slot] = CellReading(UNKNOWN, 1.0)
        return BoardReading(name, OK, markers, pose, cells, source)
