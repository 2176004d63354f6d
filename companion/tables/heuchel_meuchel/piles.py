"""Each player's discard area as the camera referee follows it (``cells.discard_id``).

The camera reads a pile's top card only. What a pile should read is known from the
record and from what the camera saw when the record last gave that player a lost card:
``DiscardPiles`` keeps, per seat, how many cards the record had lost then and the pile's
reading then. A pile nobody has lost a card to reads ``empty``; one whose reading is not
known (the cards entered on the tablet before they lay there, an undo, a game resumed)
fits anything (``cells.pile_agrees``) until the table reads as the record has it again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...games.heuchel_meuchel.state import GameState
from .cells import BACK, EMPTY, FACE, UNKNOWN, discard_id, pile_agrees


@dataclass
class DiscardPiles:
    """The discard areas' readings that the record's discards account for."""

    #: seat -> (cards in the record's discards, the pile's reading then; ``unknown``: not
    #: known)
    known: dict[int, tuple[int, str]] = field(default_factory=dict)

    @staticmethod
    def seen(state: GameState, view: dict[str, str]) -> bool:
        """Whether the camera reads the players' discard areas (the layout has them)."""
        return any(discard_id(s) in view for s in range(state.n))

    def roots(self, state: GameState, view: dict[str, str]) -> dict[str, str | None] | None:
        """Each played discard area -> the reading the record accounts for (None: not
        known); None where the camera reads no discard areas."""
        if not self.seen(state, view):
            return None
        out: dict[str, str | None] = {}
        for s, lost in enumerate(state.discards):
            count, label = self.known.get(s, (-1, UNKNOWN)) if lost else (0, EMPTY)
            out[discard_id(s)] = label if count == len(lost) and label != UNKNOWN else None
        return out

    def record_changed(self, state: GameState, view: dict[str, str]) -> None:
        """The record changed: a pile that grew (or shrank, undone) in it is remembered
        as the camera reads it now where that reading fits the cards lost since (the
        camera saw them arrive first); else it is not known."""
        for s, lost in enumerate(state.discards):
            count, label = self.known.get(s, (0, EMPTY))
            if count == len(lost):
                continue
            now = view.get(discard_id(s), UNKNOWN)
            if count < len(lost) and label != UNKNOWN and pile_agrees(now, label, lost[count:]):
                self.known[s] = (len(lost), now)
            else:
                self.known[s] = (len(lost), UNKNOWN) if lost else (0, EMPTY)

    def table_agrees(self, state: GameState, seen: dict[str, str]) -> None:
        """The table reads as the record has it: a pile not known is known from now on
        (its top card one of the player's lost cards, or a card the camera cannot name)."""
        for s, lost in enumerate(state.discards):
            now = seen.get(discard_id(s))
            count, label = self.known.get(s, (-1, UNKNOWN))
            unknown = count != len(lost) or label == UNKNOWN
            if lost and unknown and (now in lost or now in (FACE, BACK)):
                self.known[s] = (len(lost), now)
