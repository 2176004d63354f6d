"""The actions of a HiLo record, one frozen dataclass per record ``type``.

Every action but ``Upturn`` names its actor in ``player``. Cards are catalogue ids.
A card that comes to light at the table (turned over, drawn, exchanged out of a
face-down slot) is recorded as data in the action: the table is the truth, and the
engine only checks that the deck can hold it there. Slots are ``T1``..``T6`` (top
row) and ``B1``..``B6`` (bottom row), as the layout's owner sees them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import Catalogue
from .names import GAME


@dataclass(frozen=True, slots=True)
class Start:
    """The first line: who plays (clockwise, the starting player first) and the deck.

    ``catalogue`` names the deck; ``cards`` carries its designs when the deck is not one
    the companion knows by name (a deck registered at the table)."""

    players: tuple[str, ...]
    catalogue: str
    cards: Catalogue | None = None
    game: str = GAME


@dataclass(frozen=True, slots=True)
class Upturn:
    """Setup, observed: the top card of the draw pile is turned over as the discard pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """Turn over a face-down card of one's own layout: the starting card at setup, the
    card owed after a discard (B), or the Phoenix's extra card."""

    player: str
    slot: str
    card: str


@dataclass(frozen=True, slots=True)
class Redraw:
    """Setup: the starting card was a Magician and went back into the draw pile;
    ``card`` is the new card from the draw pile, face up in the freed spot."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Take:
    """Turn A: take the discard pile's top card and exchange it with ``slot``.

    ``discards`` is the card that leaves the slot face up onto the discard pile: required
    when the slot was face down (it is seen only now), checked when it was face up."""

    player: str
    slot: str
    discards: str | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn B: draw the top card of the draw pile; ``card`` is what it shows."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Exchange:
    """Turn B: put the drawn card face up on ``slot``; ``discards`` as for ``Take``."""

    player: str
    slot: str
    discards: str | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    """Turn B: put the drawn card face up on the discard pile (a ``reveal`` is then owed)."""

    player: str


@dataclass(frozen=True, slots=True)
class Spell:
    """The Magician's spell: exchange ``slot`` of one's own layout with slot ``at`` of
    player ``with_``'s layout, each card keeping its face (record field ``with``)."""

    player: str
    slot: str
    with_: str
    at: str


@dataclass(frozen=True, slots=True)
class Uncover:
    """The game is over: a player shows his remaining face-down cards, ``{slot: card}``."""

    player: str
    cards: tuple[tuple[str, str], ...]  # (slot, card) in slot order


Action = Start | Upturn | Reveal | Redraw | Take | Draw | Exchange | Discard | Spell | Uncover
