"""The state of a HiLo game: frozen, players by seat index, cards by catalogue id.

What the table hides stays hidden here too: a face-down card in a layout is ``None``
until it is turned over, and the draw pile is a count. The engine keeps, per card
design (catalogue order), how many copies are ``unseen`` (face down in some layout or
somewhere unknown in the draw pile) and how many are known to be in the draw pile
(``pile_known``: a Magician sent back at setup, or the reshuffled discard pile).
Every card is always in exactly one place (``census``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..common.state import evolve as evolve
from .catalogue import Catalogue
from .names import LAYOUT_SIZE, OVER

#: A layout spot emptied at setup while its Magician goes back into the draw pile.
EMPTY = ""


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need. ``layouts[seat][slot]``: a card id (face up), ``None``
    (face down) or ``EMPTY`` (only while a setup ``redraw`` is owed)."""

    players: tuple[str, ...]
    catalogue: Catalogue
    layouts: tuple[tuple[str | None, ...], ...]
    discard: tuple[str, ...]  # the discard pile, bottom first: ``discard[-1]`` is on top
    pile_size: int  # cards in the draw pile
    pile_known: tuple[int, ...]  # copies per design known to be in the draw pile
    unseen: tuple[int, ...]  # copies per design face down in a layout or unknown in the pile
    phase: str
    current: int = 0  # the seat on turn (setup: the seat owing a redraw)
    setup_left: tuple[int, ...] = ()  # seats still to turn over their starting card
    drawn: str | None = None  # turn B: the card drawn, until exchanged or discarded
    because: str | None = None  # why a reveal is owed: "discard" or "phoenix"
    turn_no: int = 0  # turns begun (0 during setup)
    reshuffles: int = 0
    ender: int | None = None  # whose fully revealed layout ended the game
    scores: tuple[int, ...] | None = None  # final Sterntaler per seat, once finished
    winners: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def seat(self, name: str) -> int | None:
        try:
            return self.players.index(name)
        except ValueError:
            return None

    def face_down(self, seat: int) -> tuple[int, ...]:
        """The slots of ``seat``'s layout whose card is still face down."""
        return tuple(i for i, c in enumerate(self.layouts[seat]) if c is None)

    def fully_revealed(self, seat: int) -> bool:
        lay = self.layouts[seat]
        return None not in lay and EMPTY not in lay

    @property
    def pile_unknown(self) -> int:
        """Cards in the draw pile whose design nobody knows."""
        return self.pile_size - sum(self.pile_known)

    @property
    def top(self) -> str | None:
        """The discard pile's top card, or None when it is empty."""
        return self.discard[-1] if self.discard else None

    def census(self) -> Counter[str]:
        """Every card the state accounts for, by design: face-up layout cards, the
        discard pile, the drawn card, the known part of the draw pile and the unseen."""
        ids = [c.id for c in self.catalogue.cards]
        out: Counter[str] = Counter()
        for lay in self.layouts:
            out.update(c for c in lay if c)
        out.update(self.discard)
        if self.drawn is not None:
            out[self.drawn] += 1
        for i, k in enumerate(self.pile_known):
            out[ids[i]] += k
        for i, k in enumerate(self.unseen):
            out[ids[i]] += k
        return +out


def new_layouts(n: int) -> tuple[tuple[str | None, ...], ...]:
    return ((None,) * LAYOUT_SIZE,) * n


def put(layouts, seat: int, slot: int, card):
    """``layouts`` with ``card`` (an id, None or EMPTY) at ``seat``'s ``slot``."""
    lay = layouts[seat]
    new = (*lay[:slot], card, *lay[slot + 1 :])
    return (*layouts[:seat], new, *layouts[seat + 1 :])


def bump(counts: tuple[int, ...], i: int, by: int) -> tuple[int, ...]:
    """A multiset (copies per design) with design ``i`` changed by ``by``."""
    return (*counts[:i], counts[i] + by, *counts[i + 1 :])
