"""Scoring a layout, as the rulebook's "End of the Game and Scoring" says.

- Cards above or below a Magician (the other card of its column) are ignored.
- One Sterntaler for each complete Sterntaler: a whole one printed on a card, or two
  halves on touching edges (right/left within a row, bottom/top within a column).
- Keepers: 2 Sterntaler for each animal of their kind in the layout, at most two
  animals per Keeper.
Face-down cards (``None``) and empty spots count nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .catalogue import Catalogue
from .names import (
    ANIMALS,
    ANIMALS_PER_KEEPER,
    COLUMNS,
    KEEPER_OF,
    LAYOUT_SIZE,
    MAGICIAN,
    PER_ANIMAL,
    above_or_below,
)


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Where a layout's Sterntaler come from."""

    whole: int  # printed on the cards
    joined: int  # completed across touching edges
    keepers: int  # for animals guarded by Keepers
    ignored: tuple[int, ...]  # slots lying above or below a Magician

    @property
    def total(self) -> int:
        return self.whole + self.joined + self.keepers


def ignored_slots(catalogue: Catalogue, layout: Sequence[str | None]) -> tuple[int, ...]:
    """The slots above or below a face-up Magician: not scored."""
    out = set()
    for i, c in enumerate(layout):
        if c and catalogue.kind(c) == MAGICIAN:
            out.add(above_or_below(i))
    return tuple(sorted(out))


def score_layout(catalogue: Catalogue, layout: Sequence[str | None]) -> Breakdown:
    """The Sterntaler a layout brings, card by card (see the module docstring)."""
    ignored = ignored_slots(catalogue, layout)
    cards = [None if (not c or i in ignored) else catalogue.card(c) for i, c in enumerate(layout)]
    whole = sum(c.whole for c in cards if c is not None)
    joined = 0
    for i, c in enumerate(cards):
        if c is None:
            continue
        if i % COLUMNS != COLUMNS - 1:
            right = cards[i + 1]
            if right is not None:
                joined += min(c.right, right.left)
        if i < COLUMNS:
            below = cards[i + COLUMNS]
            if below is not None:
                joined += min(c.bottom, below.top)
    kinds = [c.kind for c in cards if c is not None]
    keepers = 0
    for animal in ANIMALS:
        k, a = kinds.count(KEEPER_OF[animal]), kinds.count(animal)
        keepers += PER_ANIMAL * min(a, ANIMALS_PER_KEEPER * k)
    assert len(layout) == LAYOUT_SIZE
    return Breakdown(whole, joined, keepers, ignored)
