"""The actions of a Heuchel & Meuchel record, one frozen dataclass per record ``type``.

Rows are 1 (bottom) to 13 (top) of the acting player's own column; ``cards`` counts
cards from the top of a stack. ``Roll`` is the die as thrown at the table (or drawn
from a seed in tests): the dice variant only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .names import GAME


@dataclass(frozen=True, slots=True)
class Start:
    """The first line: who plays (clockwise, the start player first) and the stacks
    each placed on his starting squares, every stack listed top card first."""

    players: tuple[str, ...]
    stacks: tuple[tuple[tuple[str, ...], ...], ...]  # per player, per stack, top first
    dice: bool = False
    game: str = GAME


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top ``cards`` cards of the stack on ``row`` up to row ``to``."""

    player: str
    row: int
    cards: int
    to: int


@dataclass(frozen=True, slots=True)
class Take:
    """Feign a favour: take the top ``cards`` cards from ``column``'s square in the row
    of the stack just moved, and put them under it."""

    player: str
    column: str
    cards: int


@dataclass(frozen=True, slots=True)
class End:
    """End the turn after favours instead of taking more or moving again."""

    player: str


@dataclass(frozen=True, slots=True)
class Roll:
    """Dice variant: the number the player rolled (1 to 6)."""

    player: str
    value: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Dice variant, Zugzwang: the player loses the top card of his stack on ``row``."""

    player: str
    row: int


Action = Start | Move | Take | End | Roll | Discard
