"""Reading a table of several mats: every mat found by its own markers, in one frame.

A table layout (``hilo-3``: a mat per player and the piles' mat, see ``layout.py``) has
no pose of its own: each mat lies wherever its player put it, turned any way. The
markers are found once per frame (at the finder's reduced size, as for one board: the
mats' 40 mm markers are found there as often as at full size, in half the time); then
each mat is located and read like a single board by its own ``CardReader``, with its
own hand tests. A mat whose markers are hidden (an arm over it) is reported with the
reason and its slots are left out; the other mats still read.

What a hand does to a table, in one frame: the mats' tests see a small mat at 1 px/mm
or less, where a hand can pass them (over the whole piles' mat it reads as bare mat; an
arm across a row of cards can make a card read as its twin). So the table looks at the
mats' bare margins (between the slots, the markers, the grey patch and the mat's edge),
all mats together: they are all printed in one colour. An arm reaching over a mat
crosses its margins: a mat with margin points not of the mats' colour in this frame
(``FOREIGN_POINTS``, ``BARE_CHROMA``) has all its slots reported covered (``unknown``,
``occluded``), and what its reader's twin evidence gathered in that frame is taken back
(``CardReader.undo_recheck``); a slot read ``empty`` whose colour is not the mats' is
covered too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .card_reader import CardReader, CardReading
from .deck import RegisteredDeck
from .layout import EMPTY, UNKNOWN, Layout
from .markers import MarkerFinder, MarkerSighting
from .mat_colour import bare_points, slot_points
from .reader import OK, BoardReading

#: A slot point whose chroma (CIELAB a, b; 8-bit scale) is further than this from the
#: mats' bare margins in this frame is not bare mat ...
BARE_CHROMA = 22.0
#: ... and an empty slot has at least this share of its points bare.
BARE_SHARE = 0.7
#: A mat with at least this many margin points not of the mats' colour has a hand or an
#: arm across it: all its slots are covered in that frame (cards stay in their slots).
FOREIGN_POINTS = 6


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
    (``models``: mat name -> colour model, optional; ``stream=True`` as at the table;
    ``evidence``: as ``CardReader``'s). In a stream, ``fast`` (the default) searches the
    markers near where they were (``MarkerFinder.find_near``) and lets a mat whose pixels
    did not change keep its reading (``still_mat.py``); ``fast=False`` reads every frame
    in full, for the same readings."""

    def __init__(
        self,
        layout: Layout,
        deck: RegisteredDeck,
        *,
        models: dict | None = None,
        stream: bool = False,
        evidence: bool = False,
        fast: bool = True,
    ) -> None:
        if not layout.mats:
            raise ValueError(f"layout {layout.name} is a single mat: read it with CardReader")
        self.layout, self.deck = layout, deck
        self._finder = _FoundOnce(MarkerFinder())
        self.fast = fast and stream
        #: the table's markers, and the last frame's sightings when all of them were seen
        self._ids = {m.id for mat in layout.mats for m in mat.markers}
        self._seen: list[MarkerSighting] | None = None
        self.readers: dict[str, CardReader] = {}
        grey_once: list = [None, None]
        for mat in layout.mats:
            model = (models or {}).get(mat.name)
            reader = CardReader(mat, deck, model=model, stream=stream, evidence=evidence)
            reader.board.finder = self._finder
            reader.grey_once = grey_once
            reader.keep_still = self.fast
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
            grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.shape[2] == 3 else None
            self._finder.found = self._markers(image if grey is None else grey)
            if grey is not None:  # the readers' slot looks use it too
                self.readers[next(iter(self.readers))].grey_once[:] = [image, grey]
        try:
            for name, reader in self.readers.items():
                board, got = reader.read(image)
                mats[name] = board
                cards.update(got)
        finally:
            self._finder.found = None
            self.readers[next(iter(self.readers))].grey_once[:] = [None, None]
        if mats and any(b.ok for b in mats.values()):
            self._covered(image, mats, cards)
        missing = [f"{k}: {v.status}" for k, v in mats.items() if not v.ok]
        if not missing:
            status = OK
        elif len(missing) == len(mats):
            status = f"no mat found ({'; '.join(missing)})"
        else:
            status = f"{len(mats) - len(missing)} of {len(mats)} mats found; " + "; ".join(missing)
        return TableReading(self.layout.name, mats, status), cards

    def _markers(self, grey: np.ndarray) -> list[MarkerSighting]:
        """The frame's markers: in a stream, searched near where they were when the last
        frame showed every one of the table's (the whole frame when unsure)."""
        found = None
        if self.fast and self._seen is not None:
            found = self._finder.finder.find_near(grey, self._seen)
        if found is None:
            found = self._finder.finder.find(grey)
        ours = [m for m in found if m.id in self._ids]  # a stray id is not searched for
        self._seen = ours if self.fast and len(ours) == len(self._ids) else None
        return found

    def _covered(
        self, image: np.ndarray, mats: dict[str, BoardReading], cards: dict[str, CardReading]
    ) -> None:
        """A hand on a mat: its slots become covered (see the module doc)."""
        found = [k for k, b in mats.items() if b.ok]
        empty = [(k, s) for k in found for s in self._inside[k] if cards[s].label == EMPTY]
        got = _chromas(  # one look into the frame for every mat's margin and empty slot
            image,
            [mats[k].pose.to_image(self._bare[k]) for k in found]
            + [mats[k].pose.to_image(self._inside[k][s]) for k, s in empty],
        )
        bare = dict(zip(found, got[: len(found)], strict=True))
        inside = dict(zip(empty, got[len(found) :], strict=True))
        every = np.concatenate([bare[k] for k in found]) if found else np.zeros((0, 2))
        if len(every) < 8:
            return
        mat = np.median(every, axis=0)
        covered = CardReading(UNKNOWN, None, 1.0, occluded=True)
        for name in found:
            foreign = int((np.linalg.norm(bare[name] - mat, axis=1) > BARE_CHROMA).sum())
            if foreign >= FOREIGN_POINTS:
                self.readers[name].undo_recheck()
                self.readers[name].unsettle()
            for slot in self._inside[name]:
                if foreign >= FOREIGN_POINTS:  # something lies across the mat's margin
                    cards[slot] = covered
                elif cards[slot].label == EMPTY:  # bare mat, or a hand the mat's colour?
                    near = np.linalg.norm(inside[(name, slot)] - mat, axis=1) <= BARE_CHROMA
                    share = float(near.mean()) if len(near) else float("nan")
                    if share < BARE_SHARE:
                        cards[slot] = covered
                        self.readers[name].unsettle()


def _chromas(image: np.ndarray, groups: list[np.ndarray]) -> list[np.ndarray]:
    """Per group of points (n, 2) px: (n, 2) CIELAB a, b (8-bit scale, 0 grey) of
    ``image`` there; points outside the frame are left out. All groups in one look (each
    point's colour is its own: the same as one look per group)."""
    if not groups:
        return []
    h, w = image.shape[:2]
    px = np.concatenate(groups)
    ok = (px[:, 0] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] >= 0) & (px[:, 1] <= h - 1)
    pts = px[ok].astype(np.float32)
    ab = np.zeros((0, 2), np.float32)
    if len(pts):
        values = cv2.remap(image, pts[None, :, 0].copy(), pts[None, :, 1].copy(), cv2.INTER_LINEAR)
        lab = cv2.cvtColor(values, cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float32)
        ab = lab[:, 1:] - 128
    ends = np.cumsum([int(ok[a:b].sum()) for a, b in _bounds(groups)])
    return np.split(ab, ends[:-1])


def _bounds(groups: list[np.ndarray]) -> list[tuple[int, int]]:
    """Each group's (start, end) rows in the groups concatenated."""
    ends = np.cumsum([len(g) for g in groups])
    return list(zip([0, *ends[:-1]], ends, strict=True))
