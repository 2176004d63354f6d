"""Small helpers that turn seats, fields and stones into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .names import COLOURS
from .state import GameState


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def stones(pairs: Iterable[tuple[str, str]]) -> str:
    """``red on c3, blue on d5``, or ``no stone``."""
    words = [f"{colour} on {field}" for field, colour in pairs]
    return ", ".join(words) if words else "no stone"


def fields(ids: Iterable[str], *, most: int = 12) -> str:
    """``a1, a2 and a3``; a long list cut after ``most`` with how many more."""
    ids = list(ids)
    if len(ids) > most:
        return f"{', '.join(ids[:most])} and {len(ids) - most} more"
    return and_list(ids)


def bag(state: GameState) -> str:
    """``red 18, yellow 17, ...``: what is left in the bag, colours with none left out."""
    left = [f"{c} {n}" for c, n in zip(COLOURS, state.bag, strict=True) if n]
    return ", ".join(left) if left else "nothing"
