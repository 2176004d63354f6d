"""The actions of a Hinkel & Stein record, one frozen dataclass per record ``type``.

Field names follow ``spec/hinkel-stein-record.md``; ``player`` is the actor's name.
``Tilt`` is observed from the scale and names no player.
"""

from __future__ import annotations

from dataclasses import dataclass

from .names import DEFAULT_SUPPLY, GAME, OWN


@dataclass(frozen=True, slots=True)
class Start:
    """The first line: who plays (clockwise) and which stone cards each was dealt."""

    players: tuple[str, ...]
    deal: tuple[tuple[str, ...], ...]  # kinds per player, same order as ``players``
    supply: int = DEFAULT_SUPPLY
    game: str = GAME


@dataclass(frozen=True, slots=True)
class Offer:
    """3 players: the chieftain offers a partnership for this round."""

    player: str
    to: str


@dataclass(frozen=True, slots=True)
class Answer:
    """3 players: the offered player accepts or declines."""

    player: str
    accept: bool


@dataclass(frozen=True, slots=True)
class Condition:
    """The chieftain sets which side wins this round: ``heavier`` or ``lighter``."""

    player: str
    wins: str


@dataclass(frozen=True, slots=True)
class Call:
    """The chieftain names who places next; 3 players: ``own`` stones or the ``quartz``."""

    player: str
    calls: str
    stones: str = OWN


@dataclass(frozen=True, slots=True)
class Mode:
    """2 players: the called player's kind for this turn and whether he plays it actively."""

    player: str
    kind: str
    active: bool


@dataclass(frozen=True, slots=True)
class Stake:
    """Add ``add`` discs from the supply to the prize, or take ``take`` (1) for oneself."""

    player: str
    add: int | None = None
    take: int | None = None


@dataclass(frozen=True, slots=True)
class Notch:
    """The Hinkelstein holder moves the scale onto another notch (once a pass)."""

    player: str
    notch: str


@dataclass(frozen=True, slots=True)
class Place:
    """Place one stone, or both pillars together, on a free space. Ends the turn."""

    player: str
    stones: tuple[str, ...]
    space: str


@dataclass(frozen=True, slots=True)
class Boulder:
    """The boulder holder adds his smallest boulder to this round's boulder (once a pass)."""

    player: str
    stones: tuple[str, ...]
    space: str


@dataclass(frozen=True, slots=True)
class Fate:
    """The boulder holder moves the Stone of Fate to ``x`` mm from the beam centre."""

    player: str
    x: float


@dataclass(frozen=True, slots=True)
class Tilt:
    """Observed: the side resting on the ground once the scale settled. Resolves the round."""

    down: str


@dataclass(frozen=True, slots=True)
class Keep:
    """After a boulder round: which of the two boulders on that space the holder keeps."""

    player: str
    stone: str


Action = (
    Start
    | Offer
    | Answer
    | Condition
    | Call
    | Mode
    | Stake
    | Notch
    | Place
    | Boulder
    | Fate
    | Tilt
    | Keep
)
