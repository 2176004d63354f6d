"""The boards a start line may name: the default, a hexagon of 4 fields a side without
its centre (36 fields, so 108 stones fill it exactly three times).

Field names and places are those of the vision layout
(``companion/sensing/vision/layouts/stein-im-brett.toml``): rows ``a`` (top) to ``g``
(bottom), fields numbered from the left, ``d4`` (the centre) missing. Axial coordinates
as in ``board``: ``r`` from -3 (row a) to 3 (row g); the centre would be ``(0, 0)``.
"""

from __future__ import annotations

from .board import Board
from .names import DEFAULT_LAYOUT

#: (field, q, r), row by row, as the vision layout lists them.
HEXAGON_4_NO_CENTRE: tuple[tuple[str, int, int], ...] = (
    ("a1", 0, -3), ("a2", 1, -3), ("a3", 2, -3), ("a4", 3, -3),
    ("b1", -1, -2), ("b2", 0, -2), ("b3", 1, -2), ("b4", 2, -2), ("b5", 3, -2),
    ("c1", -2, -1), ("c2", -1, -1), ("c3", 0, -1), ("c4", 1, -1), ("c5", 2, -1), ("c6", 3, -1),
    ("d1", -3, 0), ("d2", -2, 0), ("d3", -1, 0), ("d5", 1, 0), ("d6", 2, 0), ("d7", 3, 0),
    ("e1", -3, 1), ("e2", -2, 1), ("e3", -1, 1), ("e4", 0, 1), ("e5", 1, 1), ("e6", 2, 1),
    ("f1", -3, 2), ("f2", -2, 2), ("f3", -1, 2), ("f4", 0, 2), ("f5", 1, 2),
    ("g1", -3, 3), ("g2", -2, 3), ("g3", -1, 3), ("g4", 0, 3),
)  # fmt: skip

DEFAULT = Board.of(HEXAGON_4_NO_CENTRE, DEFAULT_LAYOUT)

#: Layouts by the name a start line's ``layout`` gives.
LAYOUTS: dict[str, Board] = {DEFAULT_LAYOUT: DEFAULT}
