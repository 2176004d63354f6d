"""Small helpers that turn seats, rows and cards into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .names import card_name
from .state import GameState, Unit


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


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


def rows_words(n: int) -> str:
    """``1 row``, ``4 rows``: a distance up a column."""
    return f"{n} row{'s' if n != 1 else ''}"
