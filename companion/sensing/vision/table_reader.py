"""Reading a table of several mats: every mat found by its own markers, in one frame.

A table layout (``hilo-3``: a mat per player and the piles' mat, see ``layout.py``) has
no pose of its own: each mat lies wherever its player put it, turned any way. The
markers are found once per frame (at the finder's reduced size, as for one board: the
mats' 40 mm markers are found there as often as at full size, in half the time); then
each mat is located and read like a single board by its own ``CardReader``, with its
own hand tests. A mat whose markers are hidden (an arm over it) is reported with the
reason and its slots are left out; the other mats still read.

A hand can cover a whole small mat (the piles' mat: two slots, so its own outline and
colour tests have no clear neighbour to compare with) and then reads as bare mat. So
the table checks every slot read ``empty`` against the mats' bare margins as seen in
this frame, all mats together (``BARE_CHROMA``): a slot whose colour is not the mats'
is covered (``unknown``, ``occluded``), never empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .card_reader import CardReader, CardReading
from .deck import RegisteredDeck
from .layout import EMPTY, UNKNOWN, Layout
from .markers import MarkerFinder, MarkerSighting
from .reader import OK, BoardReading

#: Bare mat: points this far (mm) from any cell, marker quiet zone, patch or mat edge.
BARE_CLEAR_MM = 3.0
#: A slot point whose chroma (CIELAB a, b; 8-bit scale) is further than this from the
#: mats' bare margins in this frame is not bare mat ...
BARE_CHROMA = 22.0
#: ... and an empty slot has at least this share of its points bare.
BARE_SHARE = 0.7
#: Points per side (mm pitch) sampled in a slot and on the bare margins.
PITCH_MM = 4.0


@dataclass(frozen=True)
class TableReading:
    """One frame of a table: ``mats`` (mat name -> its ``BoardReading``; a mat not found
    has a status saying why, and no cells). ``status`` is ``ok`` when every mat was found,
    else which were not."""

    layout: str
    mats: dict[str, BoardReading] = field(default_factory=dict)
    status: str = OK

    @property
    def ok(self) -> bool:
        return self.status == OK

    @property
    def found(self) -> tuple[str, ...]:
        """The names of the mats found in this frame."""
        return tuple(k for k, v in self.mats.items() if v.ok)


class _FoundOnce:
    """A marker finder that searches a frame once (``search``) and answers every mat's
    reader with what it found; outside a table's read it searches afresh."""

    def __init__(self, finder: MarkerFinder) -> None:
        self.finder = finder
        self.found: list[MarkerSighting] | None = None

    def find(self, image: np.ndarray) -> list[MarkerSighting]:
        return self.finder.find(image) if self.found is None else self.found


class TableCardReader:
    """Reads the card slots of every mat of a table ``layout`` with a registered ``deck``
    (``models``: mat name -> colour model, optional; ``stream=True`` as at the table)."""

    def __init__(
        self,
        layout: Layout,
        deck: RegisteredDeck,
        *,
        models: dict | None = None,
        stream: bool = False,
    ) -> None:
        if not layout.mats:
            raise ValueError(f"layout {layout.name} is a single mat: read it with CardReader")
        self.layout, self.deck = layout, deck
        self._finder = _FoundOnce(MarkerFinder())
        self.readers: dict[str, CardReader] = {}
        for mat in layout.mats:
            reader = CardReader(mat, deck, model=(models or {}).get(mat.name), stream=stream)
            reader.board.finder = self._finder
            self.readers[mat.name] = reader
        #: every card slot of the table, mat by mat
        self.slots: tuple[str, ...] = tuple(s for r in self.readers.values() for s in r.slots)
        self._bare = {m.name: bare_points(m) for m in layout.mats}
        self._inside = {
            m.name: {s: slot_points(m, s) for s in self.readers[m.name].slots} for m in layout.mats
        }

    def read(self, image: np.ndarray | None) -> tuple[TableReading, dict[str, CardReading]]:
        """The table reading of ``image`` and a ``CardReading`` per card slot of every mat
        found (the slots of a mat not found are absent)."""
        mats: dict[str, BoardReading] = {}
        cards: dict[str, CardReading] = {}
        if isinstance(image, np.ndarray) and image.ndim == 3 and image.dtype == np.uint8:
            self._finder.found = self._finder.finder.find(image)
        try:
            for name, reader in self.readers.items():
                board, got = reader.read(image)
                mats[name] = board
                cards.update(got)
        finally:
            self._finder.found = None
        self._covered_empties(image, mats, cards)
        missing = [f"{k}: {v.status}" for k, v in mats.items() if not v.ok]
        if not missing:
            status = OK
        elif len(missing) == len(mats):
            status = f"no mat found ({'; '.join(missing)})"
        else:
            status = f"{len(mats) - len(missing)} of {len(mats)} mats found; " + "; ".join(missing)
        return TableReading(self.layout.name, mats, status), cards

    def _covered_empties(
        self, image: np.ndarray, mats: dict[str, BoardReading], cards: dict[str, CardReading]
    ) -> None:
        """Slots read ``empty`` whose colour is not the mats' bare colour become covered."""
        empties = [(k, s) for k, b in mats.items() if b.ok for s in self._inside[k]]
        empties = [(k, s) for k, s in empties if cards[s].label == EMPTY]
        if not empties:
            return
        bare = np.concatenate(
            [_chroma(image, mats[k].pose.to_image(self._bare[k])) for k in mats if mats[k].ok]
        )
        if len(bare) < 8:
            return
        mat = np.median(bare, axis=0)
        for name, slot in empties:
            got = _chroma(image, mats[name].pose.to_image(self._inside[name][slot]))
            share = float((np.linalg.norm(got - mat, axis=1) <= BARE_CHROMA).mean())
            if share < BARE_SHARE:
                cards[slot] = CardReading(UNKNOWN, None, 1.0, occluded=True)


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


def _chroma(image: np.ndarray, px: np.ndarray) -> np.ndarray:
    """(n, 2) CIELAB a, b (8-bit scale, 0 grey) of ``image`` at ``px`` (n, 2); points
    outside the frame are left out."""
    h, w = image.shape[:2]
    ok = (px[:, 0] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] >= 0) & (px[:, 1] <= h - 1)
    pts = px[ok].astype(np.float32)
    if not len(pts):
        return np.zeros((0, 2), np.float32)
    values = cv2.remap(image, pts[None, :, 0].copy(), pts[None, :, 1].copy(), cv2.INTER_LINEAR)
    lab = cv2.cvtColor(values, cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float32)
    return lab[:, 1:] - 128
