"""The actions of a Stein auf Stein record, one frozen dataclass per record ``type``.

``player`` is the actor's name; for ``fall`` it is the player whose tower fell, and for
``measure`` the player whose row or tower was measured (solo: also the remaining
blocks' tower, ``of="remaining"``). Rolls and lifts are what happened at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import Block
from .names import GAME, OWN


@dataclass(frozen=True, slots=True)
class Start:
    """The first line: who plays (clockwise, the first player first), the variant, the
    blocks and the die. ``None`` options take the variant's default."""

    players: tuple[str, ...]
    variant: str
    blocks: tuple[Block, ...]
    die: tuple[str, ...]
    scoring: str | None = None  # "computed" or "measured"
    build: str | None = None  # solo: "tower" or "row"
    order: str | None = None  # solo: "free" or "fishing"
    game: str = GAME


@dataclass(frozen=True, slots=True)
class Roll:
    """The player on turn rolled the die once: the colour it shows."""

    player: str
    colour: str


@dataclass(frozen=True, slots=True)
class Lift:
    """The player's one try with the crane: every block it lifted (empty: none hooked).
    Blocks of the rolled colour are kept, the others go back to the building site."""

    player: str
    blocks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pile:
    """Piling in fishing order: put one block just fished out on top of one's tower."""

    player: str
    block: str


@dataclass(frozen=True, slots=True)
class Stop:
    """Piling in fishing order: the next block cannot be placed; stop building."""

    player: str


@dataclass(frozen=True, slots=True)
class Fall:
    """Observed, piling in fishing order: ``player``'s tower fell over. Ends the game."""

    player: str


@dataclass(frozen=True, slots=True)
class Measure:
    """Scoring by measurement: ``player``'s row or tower (or, solo, the remaining
    blocks' tower) is ``mm`` long or high, as the yardstick shows."""

    player: str
    mm: float
    of: str = OWN


Action = Start | Roll | Lift | Pile | Stop | Fall | Measure
