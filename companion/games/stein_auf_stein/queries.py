"""What the rules allow now: the questions a referee and a dashboard ask.

The engine checks every action against these same answers, so what a query offers is
exactly what ``apply`` accepts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .names import MIN_BLOCKS_TO_FALL
from .scoring import to_measure
from .state import GameState


@dataclass(frozen=True, slots=True)
class Awaiting:
    """The next decision the game needs: from whom and which action (a record type).
    ``of`` says, for a ``measure``, whether the own build or (solo) the remaining tower."""

    player: str
    action: str
    of: str | None = None


def awaiting(state: GameState) -> Awaiting | None:
    """The one decision the game waits for; None once it is finished."""
    if state.finished:
        return None
    if state.ended_by is not None:
        seat, of = to_measure(state)[0]
        return Awaiting(state.players[seat], "measure", of)
    who = state.players[state.turn]
    if state.to_pile:
        return Awaiting(who, "pile")
    if state.rolled is None:
        return Awaiting(who, "roll")
    return Awaiting(who, "lift")


def optional_actions(state: GameState) -> list[Awaiting]:
    """Actions that may come instead of or besides the awaited one: the player piling
    may ``stop`` building; any tower of two or more blocks may ``fall`` while play lasts."""
    out: list[Awaiting] = []
    if state.finished or state.ended_by is not None:
        return out
    if stop_open(state):
        out.append(Awaiting(state.players[state.turn], "stop"))
    out.extend(Awaiting(state.players[i], "fall") for i in fall_options(state))
    return out


def stop_open(state: GameState) -> bool:
    """Whether the player piling may stop building: a block is waiting and his tower
    has at least one block (the first block always stands on the table)."""
    return bool(state.to_pile) and bool(state.towers[state.turn]) and state.ended_by is None


def roll_colours(state: GameState) -> tuple[str, ...]:
    """The colours the die can show (each once)."""
    return state.catalogue.colours()


def site_blocks(state: GameState) -> tuple[str, ...]:
    """The blocks on the building site, in catalogue order."""
    return state.catalogue.sorted(state.site)


def on_site_of(state: GameState, colour: str) -> tuple[str, ...]:
    """The blocks of ``colour`` left on the building site, in catalogue order."""
    cat = state.catalogue
    return tuple(b for b in site_blocks(state) if cat.colour(b) == colour)


def colour_on_site(state: GameState, colour: str) -> bool:
    """Whether any block of ``colour`` is left on the building site."""
    index = state.catalogue.index
    return any(index[b].colour == colour for b in state.site)


def fall_options(state: GameState) -> tuple[int, ...]:
    """Seats whose tower may fall over now (fishing order, during play, two blocks up)."""
    if not state.piling or state.finished or state.ended_by is not None:
        return ()
    return tuple(i for i in range(state.n) if len(state.towers[i]) >= MIN_BLOCKS_TO_FALL)


def measure_options(state: GameState) -> list[tuple[str, str]]:
    """(player, ``own``/``remaining``) that may be measured now, in the awaited order."""
    return [(state.players[seat], of) for seat, of in to_measure(state)]


def measure_open(state: GameState) -> bool:
    return bool(to_measure(state))


__all__ = [
    "Awaiting",
    "awaiting",
    "colour_on_site",
    "fall_options",
    "measure_open",
    "measure_options",
    "on_site_of",
    "optional_actions",
    "roll_colours",
    "site_blocks",
    "stop_open",
]
