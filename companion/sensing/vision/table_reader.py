"""Reading a table of several mats: every mat found by its own markers, in one frame.

A table layout (``hilo-3``: a mat per player and the piles' mat, see ``layout.py``) has
no pose of its own: each mat lies wherever its player put it, turned any way. The
markers are found once per frame (at full size: a table's mats are small in the
picture), then each mat is located and read like a single board by its own
``CardReader``, with its own hand tests. A mat whose markers are hidden (an arm over
it) is reported with the reason and its slots are left out; the other mats still read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .card_reader import CardReader, CardReading
from .deck import RegisteredDeck
from .layout import Layout
from .markers import MarkerFinder, MarkerSighting
from .reader import OK, BoardReading

#: The marker search runs on frames up to this size (px, longer side) without shrinking.
TABLE_MARKER_SIDE_PX = 1600


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
    """A marker finder that searches each frame once and answers every mat's reader."""

    def __init__(self, finder: MarkerFinder) -> None:
        self.finder = finder
        self._image: np.ndarray | None = None
        self._found: list[MarkerSighting] = []

    def find(self, image: np.ndarray) -> list[MarkerSighting]:
        if image is not self._image:
            self._image, self._found = image, self.finder.find(image)
        return self._found


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
        self._finder = _FoundOnce(MarkerFinder(max_side_px=TABLE_MARKER_SIDE_PX))
        self.readers: dict[str, CardReader] = {}
        for mat in layout.mats:
            reader = CardReader(mat, deck, model=(models or {}).get(mat.name), stream=stream)
            reader.board.finder = self._finder
            self.readers[mat.name] = reader
        #: every card slot of the table, mat by mat
        self.slots: tuple[str, ...] = tuple(s for r in self.readers.values() for s in r.slots)

    def read(self, image: np.ndarray | None) -> tuple[TableReading, dict[str, CardReading]]:
        """The table reading of ``image`` and a ``CardReading`` per card slot of every mat
        found (the slots of a mat not found are absent)."""
        mats: dict[str, BoardReading] = {}
        cards: dict[str, CardReading] = {}
        for name, reader in self.readers.items():
            board, got = reader.read(image)
            mats[name] = board
            cards.update(got)
        missing = [f"{k}: {v.status}" for k, v in mats.items() if not v.ok]
        if not missing:
            status = OK
        elif len(missing) == len(mats):
            status = f"no mat found ({'; '.join(missing)})"
        else:
            status = f"{len(mats) - len(missing)} of {len(mats)} mats found; " + "; ".join(missing)
        return TableReading(self.layout.name, mats, status), cards
