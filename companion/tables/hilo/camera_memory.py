"""What the HiLo camera referee remembers of the table between two records.

``CameraMemory`` keeps the camera's settled view of every card slot (``seen``: camera
slot -> label and card, and ``_cands``: the designs a face read unsure may be) and what
the camera saw happen since the last record: slots emptied or changed meanwhile, a hand
at the draw pile, the discard pile's top lifted, the first card discarded, the faces
shown at the end. These memories belong to one game state (``state_key``) and are
forgotten when it changes. The judging (``referee``) and the phases' readers
(``phase_reading``, ``turn_reading``) read them; only the methods here write them as the
camera reports slots.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...games.hilo.names import DECIDE, TURN, UNCOVER
from ...games.hilo.state import GameState
from .seen import BACK, DISCARD, DRAW, EMPTY, FACE, UNKNOWN, camera_slot, engine_slot
from .table_diff import Seen

STALE = "the old top"  # the reshuffled discard pile's top, a face the camera did not name
#: how the layout of the player on turn is seen (``CameraMemory._layout_seen``)
AS_RECORDED, CHANGED, COVERED = "as recorded", "changed", "covered"


def state_key(state: GameState) -> tuple:
    """What identifies a game state for the referee's memories."""
    return (
        state.phase,
        state.turn_no,
        state.current,
        state.layouts,
        state.discard,
        state.pile_size,
        state.drawn,
        state.setup_left,
        state.pile_known,
        state.reshuffles,
    )


@dataclass
class CameraMemory:
    """The camera's view of one HiLo table and what it saw happen since the last record."""

    seen: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    _key: tuple | None = None  # the state the memories below belong to
    _emptied: set[str] = field(default_factory=set)  # slots seen empty since then
    _discarded_first: str | None = None  # the discard top seen new before any slot changed
    _cleared: bool = False  # redraw: the Magician's spot was seen empty
    _pile_touched: bool = False  # a hand was over the draw pile (or it was lifted)
    _discard_moved: bool = False  # the discard pile showed something else meanwhile
    #: the discard pile's top seen lifted this turn (``_see_discard``); ``_beneath``: a face
    #: read unsure that may be the card beneath it seen, before the layout changed
    _beneath: bool = False
    _top_lifted: bool = False
    #: a hand seen over the discard pile, what lies there not seen since (``_see_discard``)
    _discard_hand: bool = False
    #: a card seen put on the discard pile (a hand there, then a face) after the layout of
    #: the player on turn changed: the card that left the slot is down, not in the hand
    _put_down: bool = False
    _shown: dict[tuple[int, int], str] = field(default_factory=dict)  # uncover: faces seen
    #: uncover: face-down cards seen face up but read unsure: their candidates (kept when
    #: the card above or below a Magician is turned face down again)
    _shown_unsure: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)
    _stale_top: str | None = None  # the old discard top still lying after a reshuffle
    _named: set[str] = field(default_factory=set)  # unnamed faces the tablet named
    #: slots seen as a face the reader is not sure of: the designs it may be
    _cands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _disturbed: set[str] = field(default_factory=set)  # seen changing since then
    _epoch: int = 0  # actions accepted or undone since the referee began

    def _name_faces(self) -> None:
        self._named |= {k for k, (label, card) in self.seen.items() if label == FACE and not card}

    def _see(
        self, slot: str, label: str, card: str | None, state: GameState, cands: tuple = ()
    ) -> None:
        self._remember(state)
        if self.seen.get(slot) != (label, card) or self._cands.get(slot, ()) != cands:
            self._named.discard(slot)
        self.seen[slot] = (label, card)
        if cands:
            self._cands[slot] = tuple(cands)
        else:
            self._cands.pop(slot, None)
        if state.phase == UNCOVER:
            self._see_uncovered(slot, label, card, state, cands)
        if label == EMPTY:
            self._emptied.add(slot)
        self._disturbed.add(slot)  # the camera saw it change
        if (
            slot == DISCARD
            and label != UNKNOWN  # a hand over it: what lies there is not seen
            and (label, card) != (FACE, state.top)
            and state.top not in cands
        ):
            self._discard_moved = True
        if slot == DISCARD and state.phase in (TURN, DECIDE) and state.discard:
            self._see_discard(state, label, card, cands)
        if slot == DRAW and label == EMPTY:
            self._pile_touched = True  # a hand over it: ``_see_hands``
        if slot == DISCARD and label == EMPTY and self._stale_top is not None:
            self._stale_top = None
            self._pile_touched = False  # that was the reshuffle

    def _see_hands(self, state: GameState) -> None:
        """After each observation: a hand over one pile alone counts (the draw pile: a
        card drawn; the discard pile: a card taken from it or put on it, ``_see_discard``).
        A hand over both at once may be reaching for either (an arm over the one on its
        way to the other): neither counts, unless the player on turn took the top (seen
        lifted) and the layout changed since: no card may be drawn now, the only card
        owed is the old one put on the discard pile (rendered seed 135)."""
        draw = self.seen.get(DRAW, (BACK, None))[0] == UNKNOWN
        discard = self.seen.get(DISCARD, (BACK, None))[0] == UNKNOWN
        if draw and not discard:
            self._pile_touched = True
        if discard and state.phase in (TURN, DECIDE) and state.discard:
            taking = state.phase == TURN and self._top_lifted
            self._discard_hand = not draw or (taking and self._layout_seen(state) == CHANGED)

    def _see_uncovered(
        self, slot: str, label: str, card: str | None, state: GameState, cands: tuple
    ) -> None:
        """At the end: a face-down card seen face up is remembered (surely named, or its
        candidates), in case it is turned face down again above or below a Magician."""
        where = engine_slot(slot)
        if where is None or where[0] >= state.n or state.layouts[where[0]][where[1]] is not None:
            return
        if label == FACE and card is not None:
            self._shown[where] = card
            self._shown_unsure.pop(where, None)
        elif label == FACE and cands:
            self._shown_unsure[where] = tuple(cands)
        elif label == BACK and where in self._shown_unsure:
            self._cands[slot] = self._shown_unsure[where]  # read as shown (``_judge``)

    def _see_discard(self, state: GameState, label: str, card: str | None, cands) -> None:
        """The discard pile seen anew during a turn: the first step of a take (the top
        lifted: what lay beneath shows, before the player's layout changes), or the last
        (the card that left the slot put there). Nothing, or the card beneath read surely
        (another design than the top's), is the top lifted; a face read unsure that may be
        the card beneath is, once the discard pile shows something else again.

        A hand seen over the discard pile tells the order: before the layout changed, what
        shows once it is gone is the card beneath even if it is the top's design (the top
        lifted); after, the card that left the slot was put down (``_put_down``). While
        a slot of that layout is still under a hand (the arm that reached for the pile),
        the order is not seen: the hand tells nothing (rendered seed 115: a take's top
        lifted, taken for the old card put down). A card beneath read unsure does not
        hide a hand seen after the layout changed (rendered seed 128)."""
        if label == UNKNOWN:
            return  # a hand over it: ``_see_hands``
        hand, self._discard_hand = self._discard_hand, False
        layout = self._layout_seen(state)
        if state.phase == TURN and self._beneath:
            self._top_lifted = True
            if layout != CHANGED:
                return  # after the layout changed, a hand still tells a card put down
        if layout == CHANGED:
            self._put_down = self._put_down or (hand and label == FACE)
            return
        if layout == COVERED:
            hand = False
        if state.phase != TURN:
            return
        under = state.discard[-2] if len(state.discard) >= 2 else None
        if label == EMPTY or (
            label == FACE and card is not None and card == under and (hand or under != state.top)
        ):
            self._top_lifted = True
        elif label == FACE and card is None and under in cands:
            self._beneath = True

    def _layout_seen(self, state: GameState) -> str:
        """How the camera sees the layout of the player on turn: ``AS_RECORDED`` (a face
        read unsure agrees where the recorded card is among its candidates), ``CHANGED``
        (a slot seen otherwise) or ``COVERED`` (as recorded where seen, a slot under a
        hand)."""
        seat = state.current
        covered = False
        for i, rec in enumerate(state.layouts[seat]):
            cam = camera_slot(seat, i)
            label, card = self.seen.get(cam, (UNKNOWN, None))
            if label == UNKNOWN:
                covered = True
                continue
            if rec is None:
                ok = label == BACK
            elif not rec:  # the spot a Magician left at setup
                ok = label == EMPTY
            else:
                ok = label == FACE and (
                    card == rec or (card is None and rec in self._cands.get(cam, (rec,)))
                )
            if not ok:
                return CHANGED
        return COVERED if covered else AS_RECORDED

    def _remember(self, state: GameState) -> None:
        """Forget what belonged to an earlier state."""
        key = (*state_key(state), self._epoch)
        if key == self._key:
            return
        had_discard = bool(self._key[4]) if self._key is not None else False
        drew = self._key is not None and self._key[0] == TURN and state.phase == DECIDE
        self._key = key
        self._discard_moved = False
        self._beneath = self._top_lifted = False
        if not drew:  # a card lifted (or put down) before the draw was seen still counts
            self._emptied = set()
            self._disturbed = set()
            self._discard_hand = self._put_down = False
        self._cleared = False
        self._pile_touched = False
        self._discarded_first = None
        if state.phase != UNCOVER:
            self._shown, self._shown_unsure = {}, {}
        if had_discard and not state.discard:
            seen = self.seen.get(DISCARD)
            if seen and seen[0] == FACE:
                # the reshuffled pile's top still lies there (a face not named: STALE)
                self._stale_top = seen[1] or STALE

    def _turned_down_again(self, state: GameState, seen) -> dict[str, Seen]:
        """The face-down cards shown read unsure and turned face down again: faces."""
        out = {}
        for (seat, i), cands in self._shown_unsure.items():
            cam = camera_slot(seat, i)
            if seen.get(cam, (UNKNOWN, None))[0] == BACK and state.layouts[seat][i] is None:
                self._cands[cam] = cands
                out[cam] = (FACE, None)
        return out

    def _lifted_like(self, state: GameState, card: str | None) -> int | None:
        """A slot of the player on turn that was lifted meanwhile and holds ``card``
        face up again (a card exchanged for one of its own design looks unchanged)."""
        seat = state.current
        for i, c in enumerate(state.layouts[seat]):
            if c is not None and c == card and camera_slot(seat, i) in self._emptied:
                return i
        return None
