"""Scoring: every stone with no neighbour of its own colour scores one point for the
owner of that colour; the live score is the scoring of the board as it is now."""

from __future__ import annotations

from .board import Board
from .names import COLOUR_INDEX
from .state import GameState


def isolated(board: Board, cells: tuple[str | None, ...]) -> tuple[int, ...]:
    """The fields whose stone has no neighbouring stone of the same colour, in field
    order ("all stones without same-colored neighboring stones")."""
    nb = board.neighbours
    return tuple(
        i for i, c in enumerate(cells) if c is not None and all(cells[j] != c for j in nb[i])
    )


def points(state: GameState, cells: tuple[str | None, ...] | None = None) -> tuple[int, ...]:
    """Per seat: the points ``cells`` (default: the board now) would score. An isolated
    stone of an unassigned colour scores for nobody."""
    cells = state.cells if cells is None else cells
    out = [0] * state.n
    owner = state.owner
    for i in isolated(state.board, cells):
        seat = owner[COLOUR_INDEX[cells[i]]]
        if seat is not None:
            out[seat] += 1
    return tuple(out)


def totals(state: GameState) -> tuple[int, ...]:
    """Per seat: the victory points of the rounds scored so far."""
    return tuple(state.total(i) for i in range(state.n))


def winners(state: GameState) -> tuple[str, ...]:
    """The players with the most victory points; a tie is a tie (all of them win)."""
    t = totals(state)
    best = max(t)
    return tuple(p for p, v in zip(state.players, t, strict=True) if v == best)
