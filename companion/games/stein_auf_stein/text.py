"""Small helpers that turn seats, blocks and millimetres into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from .state import GameState


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    i = state.seat(name)
    if i is None:
        raise IllegalAction(f"{name!r} is not playing; the players are {and_list(state.players)}")
    return i


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


def blocks(ids: Iterable[str]) -> str:
    """``R1+G2``, or ``none``."""
    ids = list(ids)
    return "+".join(ids) if ids else "none"


def mm(value: float | None) -> str:
    """``120 mm``; ``?`` when not measured yet."""
    return "?" if value is None else f"{value:g} mm"
