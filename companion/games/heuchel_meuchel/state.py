"""The state of a Heuchel & Meuchel game: frozen dataclasses, players by seat index.

``board[seat][row - 1]`` is what stands on ``row`` of that player's column: nothing, or
one ``Unit`` (a card or a stack, top card first). Flipped units stand on the goal row of
their top card and never move again; a flipped square may hold the cards of several
arrivals of the same class, kept as one flipped unit.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common.state import evolve as evolve
from .names import CARDS_PER_PLAYER, ROWS

# Turn stages: what the player on turn must (or may) do next.
MOVE = "move"  # must move (no dice), or must move exactly the roll (dice)
ROLL = "roll"  # dice: must roll
DISCARD = "discard"  # dice: the roll fits no move, Zugzwang: lose a card
FAVOURS = "favours"  # after a move with favours open: take, move again (roll) or end


@dataclass(frozen=True, slots=True)
class Unit:
    """A card or a stack on one square: ``cards`` top first; ``flipped`` once at its goal."""

    cards: tuple[str, ...]
    flipped: bool = False

    @property
    def top(self) -> str:
        return self.cards[0]


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn under way.

    ``roll`` is the die of the move now due (dice variant). ``at`` is the row of the unit
    just moved, while favours are open; ``taken`` the columns it has taken from since
    that move (one take per column and move: no peeking when splitting).
    """

    player: int
    stage: str
    roll: int | None = None
    at: int | None = None
    taken: tuple[int, ...] = ()


Column = tuple[Unit | None, ...]


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need: the board, the discards, the turn under way."""

    players: tuple[str, ...]
    board: tuple[Column, ...]
    discards: tuple[tuple[str, ...], ...]
    dice: bool
    turn: Turn | None
    turn_no: int = 1
    finished: bool = False
    winners: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    def seat(self, name: str) -> int | None:
        try:
            return self.players.index(name)
        except ValueError:
            return None

    def unit(self, seat: int, row: int) -> Unit | None:
        return self.board[seat][row - 1] if 1 <= row <= ROWS else None

    def units(self, seat: int) -> tuple[tuple[int, Unit], ...]:
        """(row, unit) for every occupied square of a column, bottom first."""
        return tuple((r + 1, u) for r, u in enumerate(self.board[seat]) if u is not None)

    def card_count(self) -> int:
        """Cards on the board and in the discards: ``6 * players`` at every moment."""
        on_board = sum(len(u.cards) for col in self.board for u in col if u is not None)
        return on_board + sum(len(d) for d in self.discards)

    @property
    def dealt(self) -> int:
        return CARDS_PER_PLAYER * self.n
