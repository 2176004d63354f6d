"""Small helpers that turn seats and stones into words for players."""

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


def stone_list(stones: Iterable[str]) -> str:
    """``P1`` or ``P1+P2``."""
    return "+".join(stones)
