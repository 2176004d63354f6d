"""Boards for the Heuchel & Meuchel table tests: engine states laid out by hand, and a
camera referee fed what the camera would settle on."""

from __future__ import annotations

from itertools import count

from companion.games.heuchel_meuchel import Start, apply, parse_action
from companion.games.heuchel_meuchel.names import ROWS
from companion.games.heuchel_meuchel.state import MOVE, GameState, Turn, Unit
from companion.sensing.observations import CellChange, CellsChanged
from companion.tables.heuchel_meuchel.cells import expected
from companion.tables.heuchel_meuchel.referee import HeuchelMeuchelCamera, Reaction

LAYOUT = "heuchel-meuchel"
T = count(1)
NAMES = ("Ana", "Ben", "Cid", "Dora", "Eve", "Finn")
#: A legal deal for two (Ana's Fire-Eaters stacked, one card of each other class each).
DEAL2 = Start(
    ("Ana", "Ben"),
    (
        (("F5", "F2", "F1"), ("M1",), ("Q1",), ("L1",)),
        (("F3",), ("M2",), ("Q2",), ("L2",), ("B2",), ("P2",)),
    ),
)


def laid(
    columns: dict[int, dict[int, str | tuple[str, ...]]],
    *,
    players: int = 2,
    turn: Turn | None = None,
    dice: bool = False,
    flipped: frozenset[tuple[int, int]] = frozenset(),
) -> GameState:
    """A state whose board is ``columns`` (seat -> row -> card or cards, top first);
    ``flipped``: (seat, row) squares turned over. Ana (seat 0) on turn to move."""
    board = []
    for s in range(players):
        col: list[Unit | None] = [None] * ROWS
        for r, cards in columns.get(s, {}).items():
            cards = (cards,) if isinstance(cards, str) else tuple(cards)
            col[r - 1] = Unit(cards, (s, r) in flipped)
        board.append(tuple(col))
    return GameState(
        players=NAMES[:players],
        board=tuple(board),
        discards=((),) * players,
        dice=dice,
        turn=turn or Turn(0, MOVE),
    )


def see(cam: HeuchelMeuchelCamera, state: GameState, cells: dict[str, str], t: float | None = None):
    """The camera settles on ``cells`` (square -> label) in one observation."""
    changes = tuple(CellChange(c, cam.view.get(c, "unknown"), v, 0.95) for c, v in cells.items())
    return cam.observe(CellsChanged(next(T) if t is None else t, LAYOUT, changes), state)


def camera(state: GameState) -> HeuchelMeuchelCamera:
    """A camera referee that has seen the board exactly as ``state`` has it."""
    cam = HeuchelMeuchelCamera()
    r = see(cam, state, expected(state), t=0.0)
    assert r == Reaction(), r
    return cam


def accept(state: GameState, r: Reaction) -> GameState:
    """Apply every proposed record through the record parser and the engine."""
    assert r.submit, r
    for record in r.submit:
        state = apply(state, parse_action(record))
    return state


def show(cam: HeuchelMeuchelCamera, state: GameState, after: GameState, t: float | None = None):
    """The camera sees the board of ``after`` (what changed from what it saw before)."""
    want = expected(after)
    return see(cam, state, {c: v for c, v in want.items() if cam.view.get(c) != v}, t)
