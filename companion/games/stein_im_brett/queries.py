"""What the rules allow now: the questions a referee and a dashboard ask.

The engine checks every action against these same answers, so what a query offers is
exactly what ``apply`` accepts. ``advice`` (the "avoid placing stones of your colours
next to each other" rule) lives in its own module.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import scoring
from .names import COLOURS, STONES_PER_TURN
from .state import GameState


@dataclass(frozen=True, slots=True)
class Awaiting:
    """The next decision the game needs: from whom and which action (a record type).

    ``draw``: a stone drawn from the bag for the starting player (``player`` is None:
    anyone at the table draws). ``place``: the player on turn places ``stones`` stones.
    """

    player: str | None
    action: str
    stones: int | None = None


def awaiting(state: GameState) -> Awaiting | None:
    """The one decision the game waits for; None once it is finished."""
    if state.finished:
        return None
    if state.turn is None:
        return Awaiting(None, "draw")
    return Awaiting(state.players[state.turn], "place", turn_size(state))


def turn_size(state: GameState) -> int:
    """How many stones the player on turn places: three, fewer only when the bag holds
    fewer (or, on a board whose field count is no multiple of three, fewer fields are
    free); 0 when nobody is on turn."""
    if state.turn is None:
        return 0
    return min(STONES_PER_TURN, state.in_bag, state.free)


def free_fields(state: GameState) -> tuple[str, ...]:
    """The free fields, in the layout's order."""
    ids = state.board.ids
    return tuple(ids[i] for i, c in enumerate(state.cells) if c is None)


def in_bag(state: GameState) -> dict[str, int]:
    """What is left in the bag, by colour (every colour, in ``COLOURS`` order)."""
    return dict(zip(COLOURS, state.bag, strict=True))


def drawable(state: GameState) -> tuple[str, ...]:
    """The colours of which the bag still holds a stone."""
    return tuple(c for c, n in zip(COLOURS, state.bag, strict=True) if n)


def unassigned(state: GameState) -> tuple[str, ...]:
    """The colours nobody chose (their stones score for nobody)."""
    return tuple(c for c, o in zip(COLOURS, state.owner, strict=True) if o is None)


def starting_player(state: GameState) -> str | None:
    """Who starts the round now being played; None before the draw."""
    return None if state.starter is None else state.players[state.starter]


def live_points(state: GameState) -> tuple[int, ...]:
    """Per seat: the points of this round as they would be if it ended now."""
    return scoring.points(state)


__all__ = [
    "Awaiting",
    "awaiting",
    "drawable",
    "free_fields",
    "in_bag",
    "live_points",
    "starting_player",
    "turn_size",
    "unassigned",
]
