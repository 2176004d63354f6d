"""Small helpers that turn seats, slots and cards into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from ...i18n.message import msg
from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .names import SLOTS


def slot_list(slots: Iterable[int]) -> str:
    """``T1, T4 or B2`` from slot indices."""
    return or_list(SLOTS[i] for i in slots)


def seat_of(state, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def slot_of(name: str) -> int:
    """The index of a slot name, or a clear error naming the slots."""
    try:
        return SLOTS.index(name)
    except ValueError:
        raise IllegalAction(
            msg(
                "there is no slot {name!r}; a layout has T1..T6 (top row) and B1..B6 (bottom row)",
                name=name,
            )
        ) from None
