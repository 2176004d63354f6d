"""Small helpers that turn seats, rows and cards into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from .names import card_name
from .state import GameState, Unit


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


def rows_list(rows: Iterable[int]) -> str:
    """``row 4``, ``rows 5 or 7``."""
    rows = list(rows)
    return f"row{'s' if len(rows) > 1 else ''} {or_list(str(r) for r in rows)}"


def unit_words(unit: Unit) -> str:
    """``the Lady 4``, ``the stack of 3 led by the Lady 4``."""
    if len(unit.cards) == 1:
        return f"the {card_name(unit.top)}"
    return f"the stack of {len(unit.cards)} led by the {card_name(unit.top)}"


def cards_words(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"
