"""The actions of a Stein im Brett record, one frozen dataclass per record ``type``.

What was drawn from the bag is data, as it happened at the table: the stone drawn for
the starting player (``Draw``) and the stones a player placed (``Place``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .names import GAME


@dataclass(frozen=True, slots=True)
class Start:
    """The first line: who plays (clockwise), the colours each chose (in seat order),
    and the board: a layout by name, or the fields themselves as ``(id, q, r)``.
    Neither: the default layout."""

    players: tuple[str, ...]
    colours: tuple[tuple[str, ...], ...]
    layout: str | None = None
    board: tuple[tuple[str, int, int], ...] | None = None
    game: str = GAME


@dataclass(frozen=True, slots=True)
class Draw:
    """A stone drawn from the bag to find the starting player: its colour. It goes back
    into the bag; an unassigned colour means another draw."""

    colour: str


@dataclass(frozen=True, slots=True)
class Place:
    """The player on turn drew stones from the bag and placed them: ``(field, colour)``
    for each, in the order he placed them."""

    player: str
    stones: tuple[tuple[str, str], ...]


Action = Start | Draw | Place
