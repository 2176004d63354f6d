"""The state of a Stein im Brett game: frozen dataclasses, players by seat index,
colours by their index in ``names.COLOURS``.

Every one of the 6 x 19 stones is in exactly one place: shown in front of its owner
(one per assigned colour), in the bag, on the board, in a player's pile (the stones
that scored: his victory points) or in the box (out of the game).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common.state import evolve as evolve
from .board import Board
from .names import COLOURS


@dataclass(frozen=True, slots=True)
class Scoring:
    """The end of one round: the board as it was, the fields whose stones scored, and
    the points per seat."""

    round_no: int
    cells: tuple[str | None, ...]
    scored: tuple[int, ...]  # field indices, in field order
    points: tuple[int, ...]  # per seat


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need: seats, colours, bag, board, piles, box, the turn."""

    players: tuple[str, ...]
    board: Board
    colours: tuple[tuple[str, ...], ...]  # per seat, as chosen
    owner: tuple[int | None, ...]  # per colour index: the seat, or None (unassigned)
    bag: tuple[int, ...]  # per colour index
    box: tuple[int, ...]  # per colour index: out of the game
    cells: tuple[str | None, ...]  # per field: the stone's colour, or None (free)
    piles: tuple[tuple[int, ...], ...]  # per seat, per colour index: stones that scored
    round_no: int = 1
    starter: int | None = None  # the seat that starts this round; None before the draw
    turn: int | None = None  # the seat on turn; None before the draw and once finished
    draws: tuple[str, ...] = ()  # the colours drawn for the starting player
    scorings: tuple[Scoring, ...] = ()  # one per round scored
    finished: bool = False
    winners: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def free(self) -> int:
        """How many fields are free (hold no stone)."""
        return self.cells.count(None)

    @property
    def in_bag(self) -> int:
        return sum(self.bag)

    def owner_of(self, colour: str) -> int | None:
        """The seat that chose ``colour``, or None."""
        return self.owner[COLOURS.index(colour)]

    def total(self, seat: int) -> int:
        """The seat's victory points so far: the stones in its pile."""
        return sum(self.piles[seat])

    def shown(self) -> tuple[int, ...]:
        """Per colour index: the stone shown in front of its owner (1), or none (0)."""
        return tuple(0 if o is None else 1 for o in self.owner)
