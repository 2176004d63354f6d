"""The table against the record: which slots the camera sees otherwise than recorded.

Pure functions over the engine's state and the camera's settled view (camera slot ->
``(label, card)``). A slot *agrees* when the camera shows what the record holds there:
a back for a face-down card, the very design for a face-up one, nothing for the spot a
Magician left at setup. At the end of the game the card above or below a Magician is
turned face down ("that card is not scored"): a back there agrees too.

``Diff`` lists every slot that does not agree, the discard pile's top as seen and as
recorded, and whether the view is *quiet* (every reading clear, no card in a hand
except the drawn one): the referee proposes records only from quiet views. A face the
camera cannot name (a label-only camera, or a reading it is not sure of) agrees with a
face-up card the record has there once the players have named it on the tablet
(``named``): from then until that slot changes, the camera need only see a face.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from ...games.hilo.names import LAYOUT_SIZE, MAGICIAN, OVER, UNCOVER, above_or_below
from ...games.hilo.state import EMPTY as EMPTY_SPOT
from ...games.hilo.state import GameState
from ...games.hilo.text import card_name
from ...i18n.message import Msg, msg
from .seen import BACK, DISCARD, EMPTY, FACE, UNKNOWN, camera_slot, slot_words

Seen = tuple[str, str | None]  # (label, card)
NOT_SEEN: Seen = (UNKNOWN, None)


@dataclass(frozen=True, slots=True)
class Change:
    """Slot ``slot`` (engine index) of ``seat``: recorded ``rec`` (a card, None for face
    down, ``""`` for the spot a Magician left), seen ``seen``."""

    seat: int
    slot: int
    rec: str | None
    seen: Seen

    @property
    def card(self) -> str | None:
        """The face-up design seen there (None: a back)."""
        return self.seen[1] if self.seen[0] == FACE else None


@dataclass(frozen=True, slots=True)
class Diff:
    changes: tuple[Change, ...]
    top: str | None  # the recorded discard top
    seen_top: Seen  # the camera's reading of the discard pile
    quiet: bool  # every reading clear (no hand, no card half moved)
    unnamed: tuple[str, ...]  # camera slots face up that the camera cannot name
    lifted: tuple[str, ...]  # camera slots seen empty whose card the record has there

    @property
    def discard_changed(self) -> bool:
        label, card = self.seen_top
        if self.top is None:
            return label != EMPTY
        return not (label == FACE and card == self.top)

    def of(self, seat: int) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.seat == seat)

    def besides(self, seat: int) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.seat != seat)


def ignored_at_end(state: GameState, seat: int) -> frozenset[int]:
    """Once the game is over (or being uncovered): the slots above or below a face-up
    Magician, whose card is turned face down and not scored."""
    if state.phase not in (UNCOVER, OVER):
        return frozenset()
    lay = state.layouts[seat]
    return frozenset(
        above_or_below(i) for i, c in enumerate(lay) if c and state.catalogue.kind(c) == MAGICIAN
    )


def agrees(rec: str | None, seen: Seen, *, may_be_down: bool = False) -> bool:
    label, card = seen
    if rec is None:
        return label == BACK
    if rec == EMPTY_SPOT:
        return label == EMPTY
    if may_be_down and label == BACK:
        return True
    return label == FACE and card == rec


def diff(state: GameState, view: Mapping[str, Seen], named: AbstractSet[str] = frozenset()) -> Diff:
    """Every layout slot the camera sees otherwise than the record, and the discard pile.
    ``named``: camera slots whose face the camera cannot name but the players have
    (entered on the tablet since the camera last saw that slot change)."""
    changes: list[Change] = []
    quiet = True
    unnamed: list[str] = []
    lifted: list[str] = []
    for seat, lay in enumerate(state.layouts):
        down_ok = ignored_at_end(state, seat)
        for i in range(LAYOUT_SIZE):
            cam = camera_slot(seat, i)
            seen = view.get(cam, NOT_SEEN)
            label, card = seen
            if label == UNKNOWN:
                quiet = False
                continue
            if label == FACE and card is None:
                if cam in named and lay[i] and lay[i] != EMPTY_SPOT:
                    continue  # a face the camera cannot name, named on the tablet
                quiet = False
                unnamed.append(cam)
                continue
            if agrees(lay[i], seen, may_be_down=i in down_ok):
                continue
            if label == EMPTY:
                quiet = False
                lifted.append(cam)
                continue
            changes.append(Change(seat, i, lay[i], seen))
    seen_top = view.get(DISCARD, NOT_SEEN)
    if seen_top[0] == FACE and seen_top[1] is None and DISCARD in named and state.top:
        seen_top = (FACE, state.top)  # a face the camera cannot name: the record's top
    if seen_top[0] in (UNKNOWN, BACK) or (seen_top[0] == FACE and seen_top[1] is None):
        quiet = False
    return Diff(tuple(changes), state.top, seen_top, quiet, tuple(unnamed), tuple(lifted))


def what(rec: str | None) -> Msg:
    """A recorded slot's content in words: ``a face-down card``, ``plain-03 face up``."""
    if rec is None:
        return msg("a face-down card")
    if rec == EMPTY_SPOT:
        return msg("nothing")
    return msg("{card} face up", card=card_name(rec))


def seen_words(seen: Seen) -> Msg:
    label, card = seen
    if label == BACK:
        return msg("a face-down card")
    if label == FACE:
        return msg("{card} face up", card=card_name(card)) if card else msg("a card face up")
    return msg("nothing") if label == EMPTY else msg("something unclear")


def put_back(state: GameState, c: Change) -> Msg:
    """``put plain-03 face up back on Ana's A9 (T3)``."""
    return msg(
        "put {what} back on {who}'s {slot}",
        what=what(c.rec),
        who=state.players[c.seat],
        slot=slot_words(c.seat, c.slot),
    )


def moved_within(changes: tuple[Change, ...]) -> bool:
    """Whether the changed slots of one layout hold the same cards as before, in other
    places (a swap or a move within the layout)."""
    if len(changes) < 2:
        return False
    before = sorted(c.rec or "" for c in changes)
    after = sorted(c.card or "" for c in changes)
    return before == after
