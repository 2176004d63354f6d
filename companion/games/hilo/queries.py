"""What the rules allow now: the questions a referee and a dashboard ask.

The engine validates every action against these same answers, so what a query offers
is exactly what ``apply`` accepts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .names import (
    DECIDE,
    LAYOUT_SIZE,
    MAGICIAN,
    OVER,
    REDRAW,
    REVEAL,
    SETUP,
    SPELL,
    TURN,
    UNCOVER,
    UPTURN,
)
from .scoring import Breakdown, score_layout
from .state import GameState


@dataclass(frozen=True, slots=True)
class Awaiting:
    """The next decision: from whom (None: observed at the table), which decision, and
    the record types that may answer it."""

    player: str | None
    action: str
    types: tuple[str, ...]


_TYPES: dict[str, tuple[str, ...]] = {
    UPTURN: ("upturn",),
    SETUP: ("reveal",),
    REDRAW: ("redraw",),
    TURN: ("take", "draw"),
    DECIDE: ("exchange", "discard"),
    REVEAL: ("reveal",),
    SPELL: ("spell",),
    UNCOVER: ("uncover",),
}


def awaiting(state: GameState) -> Awaiting | None:
    """The decision the game waits for; None once the game is over.

    At setup every player still to turn over a starting card may do so in any order;
    the first of them in seating order is named. After the end every player with
    face-down cards uncovers them, in any order; the first is named likewise."""
    phase = state.phase
    if phase == OVER:
        return None
    if phase == UPTURN:
        return Awaiting(None, phase, _TYPES[phase])
    if phase == SETUP:
        return Awaiting(state.players[state.setup_left[0]], phase, _TYPES[phase])
    if phase == UNCOVER:
        return Awaiting(state.players[uncover_owed(state)[0]], phase, _TYPES[phase])
    return Awaiting(state.players[state.current], phase, _TYPES[phase])


def whose_turn(state: GameState) -> str | None:
    """The player whose turn it is (None at setup and after the end)."""
    if state.phase in (TURN, DECIDE, REVEAL, SPELL):
        return state.players[state.current]
    return None


def uncover_owed(state: GameState) -> tuple[int, ...]:
    """After the end: the seats that still have face-down cards to show."""
    if state.phase != UNCOVER:
        return ()
    return tuple(i for i in range(state.n) if state.face_down(i))


def reveal_slots(state: GameState, seat: int) -> tuple[int, ...]:
    """The slots ``seat`` may turn over now (face-down ones, when a reveal is owed)."""
    if state.phase == SETUP and seat in state.setup_left:
        return state.face_down(seat)
    if state.phase == REVEAL and seat == state.current:
        return state.face_down(seat)
    return ()


def is_magician(state: GameState, card: str | None) -> bool:
    return bool(card) and state.catalogue.kind(card) == MAGICIAN


def spell_own_slots(state: GameState) -> tuple[int, ...]:
    """The caster's slots the spell may exchange: all but face-up Magicians."""
    lay = state.layouts[state.current]
    return tuple(i for i in range(LAYOUT_SIZE) if not is_magician(state, lay[i]))


def spell_target_slots(state: GameState, seat: int) -> tuple[int, ...]:
    """The slots of another player's layout the spell may take: all but face-up Magicians."""
    lay = state.layouts[seat]
    return tuple(i for i in range(LAYOUT_SIZE) if not is_magician(state, lay[i]))


def spell_options(state: GameState) -> tuple[tuple[int, int, int], ...]:
    """(own slot, other seat, their slot) the Magician's spell may exchange, whether or
    not a spell is due now; empty when no exchange is possible (the spell lapses)."""
    own = spell_own_slots(state)
    if not own:
        return ()
    return tuple(
        (mine, seat, theirs)
        for seat in range(state.n)
        if seat != state.current
        for theirs in spell_target_slots(state, seat)
        for mine in own
    )


def spell_possible(state: GameState) -> bool:
    if not spell_own_slots(state):
        return False
    return any(spell_target_slots(state, s) for s in range(state.n) if s != state.current)


def possible_from_layout(state: GameState) -> tuple[str, ...]:
    """The designs a face-down layout card may turn out to be."""
    ids = state.catalogue.cards
    return tuple(ids[i].id for i, k in enumerate(state.unseen) if k)


def possible_from_pile(state: GameState) -> tuple[str, ...]:
    """The designs the draw pile's top card may turn out to be."""
    if state.pile_size == 0:
        return ()
    unknown = state.pile_unknown > 0
    ids = state.catalogue.cards
    return tuple(
        ids[i].id
        for i, (k, u) in enumerate(zip(state.pile_known, state.unseen, strict=True))
        if k or (unknown and u)
    )


def score_now(state: GameState, seat: int) -> Breakdown:
    """``seat``'s score as the layout lies: final once the game is over; during play,
    the face-up cards only (face-down cards count nothing yet)."""
    return score_layout(state.catalogue, state.layouts[seat])


def scores_now(state: GameState) -> tuple[int, ...]:
    if state.scores is not None:
        return state.scores
    return tuple(score_now(state, i).total for i in range(state.n))
