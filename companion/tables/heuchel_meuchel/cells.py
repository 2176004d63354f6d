"""The board of Heuchel & Meuchel as the camera sees it: one label per square.

The vision layout ``heuchel-meuchel`` names the square of column ``c`` (1 to 6, from the
left, one per player in seating order) and row ``r`` (1 at the bottom to 13) ``c<c>r<r>``.
The card reader labels a square with the design id of the card on top (``L4``), ``back``
(a card turned over: flipped at its goal), ``empty`` or ``unknown``; a camera without a
registered deck says ``face`` for any card face up. Only the top card of
a stack shows; what lies under it the companion knows from the record (the engine's
state), never from the camera.
"""

from __future__ import annotations

from ...games.heuchel_meuchel.names import ROWS
from ...games.heuchel_meuchel.state import GameState, Unit

EMPTY, UNKNOWN, BACK, FACE = "empty", "unknown", "back", "face"
#: Columns on the printed board (the most players).
COLUMNS = 6


def cell_id(seat: int, row: int) -> str:
    """The square of seat ``seat`` (0-based, seating order) on ``row`` (1 to 13)."""
    return f"c{seat + 1}r{row}"


def parse_cell(cell: str) -> tuple[int, int] | None:
    """``c3r7`` -> (seat 2, row 7); None for anything else."""
    if not cell.startswith("c") or "r" not in cell:
        return None
    col, _, row = cell[1:].partition("r")
    if not (col.isdigit() and row.isdigit()):
        return None
    seat, r = int(col) - 1, int(row)
    if not (0 <= seat < COLUMNS and 1 <= r <= ROWS):
        return None
    return seat, r


def unit_label(unit: Unit | None) -> str:
    """What the camera should see on a square holding ``unit``."""
    if unit is None:
        return EMPTY
    return BACK if unit.flipped else unit.top


def expected(state: GameState) -> dict[str, str]:
    """Every square of the players' columns -> the label the camera should read there."""
    return {
        cell_id(s, r): unit_label(state.board[s][r - 1])
        for s in range(state.n)
        for r in range(1, ROWS + 1)
    }


def all_cells(players: int = COLUMNS) -> tuple[str, ...]:
    """The squares of the first ``players`` columns, column by column, bottom first."""
    return tuple(cell_id(s, r) for s in range(players) for r in range(1, ROWS + 1))
