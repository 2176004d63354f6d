"""The board of Heuchel & Meuchel as the camera sees it: one label per square.

The vision layout ``heuchel-meuchel`` names the square of column ``c`` (1 to 6, from the
left, one per player in seating order) and row ``r`` (1 at the bottom to 13) ``c<c>r<r>``.
The card reader labels a square with the design id of the card on top (``L4``), ``back``
(a card turned over: flipped at its goal), ``empty`` or ``unknown``; a camera without a
registered deck says ``face`` for any card face up. Only the top card of
a stack shows; what lies under it the companion knows from the record (the engine's
state), never from the camera.

A layout may give each player a discard area (``d<c>``, ``d1`` to ``d6``, the shipped
layout has them): the player lays the cards he loses there face up, those lost at once
as they lay in their stack (its top card on top). The camera reads the pile's top card;
a card arriving there tells a remainder discarded from a whole stack moved, which leave
the same squares. The referee takes any of the cards just lost on top (a player who lays
them otherwise is asked, never recorded wrong).
"""

from __future__ import annotations

from ...games.heuchel_meuchel.names import CARDS, ROWS
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


def discard_id(seat: int) -> str:
    """The discard area of seat ``seat`` (0-based, seating order)."""
    return f"d{seat + 1}"


def parse_discard(cell: str) -> int | None:
    """``d3`` -> seat 2; None for anything else."""
    if not cell.startswith("d") or not cell[1:].isdigit():
        return None
    seat = int(cell[1:]) - 1
    return seat if 0 <= seat < COLUMNS else None


def pile_agrees(seen: str | None, before: str | None, added: tuple[str, ...]) -> bool:
    """Whether a discard area read ``seen`` fits ``added`` (the cards lost since, in the
    order lost) on a pile that read ``before`` (None: not known). Nothing added: the pile
    reads as before (``face`` fits a card face up). Cards added: one of them on top, or
    ``face``/``back`` (a card whose face the camera cannot name, or laid face down). An
    unknown ``before`` (after an undo, say) fits anything: then the tablet is asked as
    without discard areas."""
    if seen is None or seen == UNKNOWN:
        return False
    if before is None:
        return True
    if not added:
        return seen == before or (seen == FACE and before in CARDS)
    if seen in CARDS:
        return seen in added
    return seen in (FACE, BACK)
