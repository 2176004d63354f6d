"""The state of a Hinkel & Stein game: frozen dataclasses, players by seat index.

Seats are indices into ``GameState.players`` (clockwise). Disc counts are whole
discs; ``supply + pot + sum(discs) == total`` always holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..common.state import evolve as evolve
from .names import (
    BOULDER,
    FATE_HOME_X_MM,
    MIDDLE,
    PASSES,
    QUARTZ,
    SPACES,
    STONES,
)


@dataclass(frozen=True, slots=True)
class Placement:
    """Stones on one space: who placed them, of which kind, and whether passively (2p)."""

    stones: tuple[str, ...]
    player: int
    kind: str
    passive: bool = False


@dataclass(frozen=True, slots=True)
class Turn:
    """A called player's turn, open until his ``place``.

    ``kind`` is None in a 2-player turn until his ``mode``. ``active`` is False on a
    3-player quartz turn and a 2-player passive turn: no stake, no ability.
    """

    player: int
    stones: str  # "own" or "quartz"
    kind: str | None
    active: bool
    staked: bool = False
    notched: bool = False


@dataclass(frozen=True, slots=True)
class RoundState:
    """One round, from its base prize to its tilt."""

    condition: str | None = None
    offered_to: int | None = None
    answered: bool = False
    partner: int | None = None
    turn: Turn | None = None
    done: tuple[Turn, ...] = ()
    placements: tuple[Placement | None, ...] = (None, None, None, None)  # SPACES order
    notch: str = MIDDLE
    fate_x: float = FATE_HOME_X_MM
    took: frozenset[int] = frozenset()
    boulder_space: str | None = None

    def placement(self, space: str) -> Placement | None:
        return self.placements[SPACES.index(space)]

    @property
    def filled(self) -> int:
        return sum(p is not None for p in self.placements)

    def on_scale(self) -> frozenset[str]:
        return frozenset(s for p in self.placements if p is not None for s in p.stones)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended: for the dashboard, the summary and tests."""

    pass_no: int
    round_no: int
    down: str
    winning_side: str
    winners: tuple[int, ...]  # seats the rules name as winners
    paid: tuple[int, ...]  # discs each seat received from the pot
    carried: int  # discs left in the pot for the next round
    next_chieftain: int


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need: seats, discs, cards, the pass and the round under way."""

    players: tuple[str, ...]
    cards: tuple[tuple[str, ...], ...]  # kinds per seat; 2p: (left card, right card)
    total: int
    supply: int
    pot: int
    discs: tuple[int, ...]
    chieftain: int
    pass_no: int = 1
    round_no: int = 1
    chief_kind: str | None = None  # 2p: the kind the chieftain must play actively
    out: frozenset[str] = frozenset()  # stones out of the game for the rest of the pass
    used: frozenset[str] = frozenset()  # once-a-pass abilities already used
    round: RoundState = field(default_factory=RoundState)
    keep_pending: tuple[str, ...] | None = None  # the two boulders awaiting ``keep``
    fate_home_x: float = FATE_HOME_X_MM
    finished: bool = False
    winners: tuple[str, ...] = ()
    last_result: RoundResult | None = None

    # -- seats and holders ------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def passes(self) -> int:
        return PASSES[self.n]

    def seat(self, name: str) -> int | None:
        try:
            return self.players.index(name)
        except ValueError:
            return None

    def holder(self, kind: str) -> int | None:
        """The seat whose card shows ``kind``; None for the neutral quartz (3 players)."""
        for i, kinds in enumerate(self.cards):
            if kind in kinds:
                return i
        return None

    def available(self, kind: str) -> tuple[str, ...]:
        """Stones of ``kind`` still in hand (or in the neutral pool), smallest first."""
        on = self.round.on_scale()
        pending = self.keep_pending or ()
        return tuple(
            s for s in STONES[kind] if s not in self.out and s not in on and s not in pending
        )

    def boulder_holder(self) -> int | None:
        return self.holder(BOULDER)

    def quartz_is_neutral(self) -> bool:
        return self.holder(QUARTZ) is None
