"""Blocks and the colour die as data: any catalogue the table registers works.

A block has an id, a colour and its size in millimetres as it stands on the building
site with its metal button up: ``length_mm`` and ``width_mm`` across, ``height_mm`` up.
The die is a tuple of faces, each a colour. ``standard.py`` ships the provisional
catalogue of the 18 blocks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...errors import IllegalAction
from ...i18n.message import msg


@dataclass(frozen=True, slots=True)
class Block:
    """One block: ``id``, ``colour`` and its size in mm as it stands, button up."""

    id: str
    colour: str
    length_mm: float
    width_mm: float
    height_mm: float

    @property
    def row_mm(self) -> float:
        """What the block adds to a row: laid along its longest side."""
        return max(self.length_mm, self.width_mm, self.height_mm)

    @property
    def tower_mm(self) -> float:
        """What the block adds to a tower: piled as it stands, button up."""
        return self.height_mm


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The blocks of a game (in catalogue order) and the faces of its die."""

    blocks: tuple[Block, ...]
    die: tuple[str, ...]
    index: dict[str, Block] = field(init=False, compare=False, repr=False)
    order: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {b.id: b for b in self.blocks})
        object.__setattr__(self, "order", {b.id: i for i, b in enumerate(self.blocks)})

    @classmethod
    def of(cls, blocks: Iterable[Block], die: Iterable[str]) -> Catalogue:
        """A checked catalogue; ``IllegalAction`` says what is wrong with it."""
        blocks, die = tuple(blocks), tuple(die)
        check(blocks, die)
        return cls(blocks, die)

    def colours(self) -> tuple[str, ...]:
        """The die's colours, each once, in the order of the faces."""
        return tuple(dict.fromkeys(self.die))

    def colour(self, block_id: str) -> str:
        return self.index[block_id].colour

    def sorted(self, ids: Iterable[str]) -> tuple[str, ...]:
        """Block ids in catalogue order."""
        return tuple(sorted(ids, key=self.order.__getitem__))

    def row_mm(self, ids: Iterable[str]) -> float:
        """The length of a row of these blocks, each laid along its longest side."""
        return _total(self.index[i].row_mm for i in ids)

    def tower_mm(self, ids: Iterable[str]) -> float:
        """The height of a tower of these blocks, each piled as it stands."""
        return _total(self.index[i].tower_mm for i in ids)


def _total(values: Iterable[float]) -> float:
    """Whole millimetres add up exactly; fractions are summed with ``fsum`` and rounded
    to a micrometre, so that 0.1 + 0.2 is 0.3 as on the yardstick."""
    values = list(values)
    if all(isinstance(v, int) for v in values):
        return sum(values)
    return round(math.fsum(values), 3)


def check(blocks: tuple[Block, ...], die: tuple[str, ...]) -> None:
    """A catalogue needs blocks with distinct ids and positive sizes, a die whose every
    face has blocks of its colour, and no block of a colour the die never shows."""
    if not blocks:
        raise IllegalAction(msg("the catalogue needs at least one block"))
    seen: set[str] = set()
    for b in blocks:
        if not b.id or not b.colour:
            raise IllegalAction(msg("every block needs an id and a colour, not {b!r}", b=b))
        if b.id in seen:
            raise IllegalAction(
                msg("two blocks share the id {id!r}; every block needs its own", id=b.id)
            )
        seen.add(b.id)
        for name in ("length_mm", "width_mm", "height_mm"):
            v = getattr(b, name)
            if isinstance(v, bool) or not isinstance(v, int | float) or not 0 < v < math.inf:
                raise IllegalAction(
                    msg(
                        "block {id}: {name} must be a positive number, not {v!r}",
                        id=b.id,
                        name=name,
                        v=v,
                    )
                )
    if not die:
        raise IllegalAction(msg("the die needs at least one face"))
    colours = {b.colour for b in blocks}
    for face in die:
        if face not in colours:
            raise IllegalAction(
                msg(
                    "the die has a face {face!r} but no block has that colour;"
                    " the blocks' colours are {colours}",
                    face=face,
                    colours=", ".join(sorted(colours)),
                )
            )
    never = sorted(colours - set(die))
    if never:
        raise IllegalAction(
            msg(
                "no face of the die shows {never}: blocks of that colour could never"
                " be kept; the die shows {die}",
                never=", ".join(never),
                die=", ".join(dict.fromkeys(die)),
            )
        )
