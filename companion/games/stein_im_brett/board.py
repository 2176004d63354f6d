"""A hex board as data: named fields at axial coordinates, neighbours by hex adjacency.

Axial coordinates ``(q, r)``: ``r`` counts rows (top to bottom), ``q`` runs along a row;
the six neighbours of ``(q, r)`` are ``(q±1, r)``, ``(q, r±1)``, ``(q+1, r-1)`` and
``(q-1, r+1)``. Any set of hexes is a board, holes and all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...errors import IllegalAction
from ...i18n.message import msg

#: The six axial directions to a neighbouring hex.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True, slots=True)
class Board:
    """Fields in a fixed order (the layout's), their coordinates and neighbours.

    ``name`` is the layout's name (``None`` for a board a record carries);
    ``neighbours[i]`` are the indices of field ``i``'s neighbours, in field order.
    """

    name: str | None
    ids: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    index: dict[str, int] = field(compare=False, hash=False, repr=False)

    @classmethod
    def of(cls, fields: Iterable[tuple[str, int, int]], name: str | None = None) -> Board:
        """A board from ``(id, q, r)`` triples; ``IllegalAction`` for no field, a name
        used twice or two fields on one hex."""
        fields = tuple(fields)
        if not fields:
            raise IllegalAction(msg("a board needs at least one field"))
        ids = tuple(f[0] for f in fields)
        coords = tuple((f[1], f[2]) for f in fields)
        if not all(isinstance(i, str) and i.strip() for i in ids):
            raise IllegalAction(msg("every field of a board needs a name (not blank)"))
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise IllegalAction(
                msg("a board names each field once; {fields} twice", fields=", ".join(twice))
            )
        at = {c: n for n, c in enumerate(coords)}
        if len(at) != len(coords):
            shared = sorted({c for c in coords if coords.count(c) > 1})
            raise IllegalAction(
                msg(
                    "two fields of a board cannot lie on one hex; q={q}, r={r} is given twice",
                    q=shared[0][0],
                    r=shared[0][1],
                )
            )
        neighbours = tuple(
            tuple(sorted(at[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in at))
            for q, r in coords
        )
        return cls(name, ids, coords, neighbours, {i: n for n, i in enumerate(ids)})

    @property
    def size(self) -> int:
        return len(self.ids)

    def fields(self) -> tuple[tuple[str, int, int], ...]:
        """The ``(id, q, r)`` triples, as ``of`` takes them."""
        return tuple((i, q, r) for i, (q, r) in zip(self.ids, self.coords, strict=True))

    def adjacent(self, a: str, b: str) -> bool:
        """Whether fields ``a`` and ``b`` are neighbours."""
        return self.index[b] in self.neighbours[self.index[a]]
