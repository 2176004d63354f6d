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


def scoring_fields(state: GameState, cells: tuple[str | None, ...]) -> tuple[int, ...]:
    """The fields whose stone scores a point, in field order: isolated stones of a colour
    a player owns. A lone stone of an unassigned colour scores for nobody (it goes back
    in the box with the stones that did not score, decision SIB-3)."""
    owner = state.owner
    return tuple(
        i for i in isolated(state.board, cells) if owner[COLOUR_INDEX[cells[i]]] is not None
    )


def points(state: GameState, cells: tuple[str | None, ...] | None = None) -> tuple[int, ...]:
    """Per seat: the points ``cells`` (default: the board now) would score. An isolated
    stone of an unassigned colour scores for nobody."""
    cells = state.cells if cells is None else cells
    out = [0] * state.n
    for i in scoring_fields(state, cells):
        out[state.owner[COLOUR_INDEX[cells[i]]]] += 1
    return tuple(out)


def totals(state: GameState) -> tuple[int, ...]:
    """Per seat: the victory points of the rounds scored so far."""
    return tuple(state.total(i) for i in range(state.n))


def winners(state: GameState) -> tuple[str, ...]:
    """The players with the most victory points; a tie is a tie (all of them win)."""
    t = totals(state)
    best = max(t)
    return tuple(p for p, v in zip(state.players, t, strict=True) if v == best)
