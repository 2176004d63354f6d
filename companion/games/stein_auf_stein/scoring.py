"""Rows and towers at the end: what each seat builds with, what it measures, who wins."""

from __future__ import annotations

from .names import OWN, REMAINING, ROW
from .state import GameState


def building_blocks(state: GameState, seat: int) -> tuple[str, ...]:
    """The blocks a seat's row or tower is made of: in fishing order its piled tower
    (never the blocks set aside), otherwise every block it fished out."""
    return state.towers[seat] if state.piling else state.kept[seat]


def computed_mm(state: GameState, seat: int) -> float:
    """The seat's row length or tower height computed from the catalogue (0: no block)."""
    blocks = building_blocks(state, seat)
    cat = state.catalogue
    return cat.row_mm(blocks) if state.build == ROW else cat.tower_mm(blocks)


def remaining_computed_mm(state: GameState) -> float:
    """Solo: the height of a tower of every block left on the building site."""
    return state.catalogue.tower_mm(state.site)


def counted_mm(state: GameState, seat: int) -> float | None:
    """What counts for the seat: its measurement when scoring by measurement (None until
    measured; 0 with nothing to measure), otherwise the computed length or height."""
    if not state.measuring or not building_blocks(state, seat):
        return computed_mm(state, seat)
    return state.measured[seat]


def remaining_counted_mm(state: GameState) -> float | None:
    if not state.measuring or not state.site:
        return remaining_computed_mm(state)
    return state.remaining_measured


def to_measure(state: GameState) -> list[tuple[int, str]]:
    """(seat, what) still to be measured once play is over, in seat order, then the
    solo's remaining tower. Nothing to measure without blocks, nor a fallen tower."""
    if not state.measuring or state.ended_by is None or state.finished:
        return []
    out = [
        (i, OWN)
        for i in range(state.n)
        if i != state.fallen and building_blocks(state, i) and state.measured[i] is None
    ]
    if state.solo and state.fallen is None and state.site and state.remaining_measured is None:
        out.append((0, REMAINING))
    return out


def winners(state: GameState) -> tuple[str, ...]:
    """Once everything is counted: the longest row or tallest tower wins, ties share;
    a fallen tower loses. Solo: the player wins only with more than the remaining tower."""
    if state.solo:
        if state.fallen is not None:
            return ()
        own, rest = counted_mm(state, 0), remaining_counted_mm(state)
        return (state.players[0],) if own > rest else ()
    values = {i: counted_mm(state, i) for i in range(state.n) if i != state.fallen}
    best = max(values.values())
    return tuple(state.players[i] for i, v in values.items() if v == best)
