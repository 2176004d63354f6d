"""Small helpers that turn seats, slots and cards into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from .names import SLOTS


def _join(items: Iterable[str], word: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def and_list(items: Iterable[str]) -> str:
    """``a, b and c``."""
    return _join(items, "and")


def or_list(items: Iterable[str]) -> str:
    """``a, b or c``."""
    return _join(items, "or")


def slot_list(slots: Iterable[int]) -> str:
    """``T1, T4 or B2`` from slot indices."""
    return or_list(SLOTS[i] for i in slots)


def seat_of(state, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    i = state.seat(name)
    if i is None:
        raise IllegalAction(f"{name!r} is not playing; the players are {and_list(state.players)}")
    return i


def slot_of(name: str) -> int:
    """The index of a slot name, or a clear error naming the slots."""
    try:
        return SLOTS.index(name)
    except ValueError:
        raise IllegalAction(
            f"there is no slot {name!r}; a layout has T1..T6 (top row) and B1..B6 (bottom row)"
        ) from None
