"""The state of a Stein auf Stein game: frozen dataclasses, players by seat index.

Every block is in exactly one place: on the building site, or among the blocks a seat
has fished out (``kept``). In fishing-order games a seat's ``tower`` is the part of its
blocks piled so far (bottom first); the rest of its blocks are set aside.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common.state import evolve as evolve
from .catalogue import Catalogue
from .names import FISHING, MEASURED, SOLO


@dataclass(frozen=True, slots=True)
class LiftResult:
    """The last try with the crane: who, which colour, what was lifted, kept, returned."""

    player: int
    colour: str
    lifted: tuple[str, ...]
    kept: tuple[str, ...]
    returned: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need: seats, the site, the blocks fished out, the turn."""

    players: tuple[str, ...]
    variant: str
    scoring: str  # computed / measured
    build: str  # row / tower: what is compared at the end
    order: str  # free / fishing: fishing piles each block as it is fished out
    catalogue: Catalogue
    site: frozenset[str]  # block ids on the building site
    kept: tuple[tuple[str, ...], ...]  # per seat: every block fished out, in order
    towers: tuple[tuple[str, ...], ...]  # per seat, fishing order: piled, bottom first
    to_pile: tuple[str, ...] = ()  # blocks the seat on turn has fished and not yet piled
    stopped: frozenset[int] = frozenset()  # seats that stopped building their tower
    turn: int = 0  # the seat on turn
    turn_no: int = 1
    rolled: str | None = None  # the colour rolled this turn, until the lift
    last: LiftResult | None = None
    ended_by: str | None = None  # colour / empty / fall: play is over
    end_colour: str | None = None  # the colour whose roll ended play
    fallen: int | None = None  # the seat whose tower fell
    measured: tuple[float | None, ...] = ()  # per seat, scoring by measurement
    remaining_measured: float | None = None  # solo: the remaining blocks' tower
    finished: bool = False
    winners: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def piling(self) -> bool:
        """Whether blocks are piled one by one as they are fished out."""
        return self.order == FISHING

    @property
    def solo(self) -> bool:
        return self.variant == SOLO

    @property
    def measuring(self) -> bool:
        return self.scoring == MEASURED

    def seat(self, name: str) -> int | None:
        try:
            return self.players.index(name)
        except ValueError:
            return None

    def holder(self, block_id: str) -> int | None:
        """The seat that fished ``block_id`` out; None if it is on the site."""
        for i, ks in enumerate(self.kept):
            if block_id in ks:
                return i
        return None

    def set_aside(self, seat: int) -> tuple[str, ...]:
        """Fishing order: the seat's blocks not in its tower (after a stop or a fall)."""
        tower = set(self.towers[seat])
        return tuple(b for b in self.kept[seat] if b not in tower and b not in self.to_pile)
