"""Small helpers that turn seats and stones into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .state import GameState


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def stone_list(stones: Iterable[str]) -> str:
    """``P1`` or ``P1+P2``."""
    return "+".join(stones)
