"""Small helpers that turn seats, blocks and millimetres into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .state import GameState


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def blocks(ids: Iterable[str]) -> str:
    """``R1+G2``, or ``none``."""
    ids = list(ids)
    return "+".join(ids) if ids else "none"


def mm(value: float | None) -> str:
    """``120 mm``, ``1020.125 mm``; ``?`` when not measured yet."""
    return "?" if value is None else f"{number(value)} mm"


def number(value: float) -> str:
    """A length as counted (to the micrometre, SAS-3): ``120``, ``98.5``, ``1020.125``;
    never rounded to six digits or written with an exponent as ``:g`` would."""
    if isinstance(value, int):
        return str(value)
    return f"{value:.3f}".rstrip("0").rstrip(".")
