"""What the camera sees of a HiLo table, slot by slot, and where each slot lies.

The card reader (``companion see --deck``) reads each card slot of a HiLo layout
(``hilo``, and ``hilo-2`` .. ``hilo-5``) as ``face`` (with the design's id when it can
name it), ``back``, ``empty`` or ``unknown``, and says whether a hand covers it. The
referee takes those readings as ``CardsSeen``: the slots whose settled reading changed.
A camera that reads labels only (``CellsChanged`` with ``face``/``back``) works too:
a face it cannot name is entered on the tablet.

Camera slots are lettered by seat (``A`` the first player, ``B`` the second, .. ``E``)
and numbered 1..12 as the layout files do: 1..6 the row nearer the player, 7..12 the
row behind it, each from that player's left. The engine names the same places as their
owner sees them: ``T1``..``T6`` the top (far) row, ``B1``..``B6`` the bottom (near)
row. So camera ``A1`` is Ana's ``B1`` and camera ``A7`` her ``T1``.
"""

from __future__ import annotations

from functools import cache

from ...games.hilo.names import COLUMNS, SLOTS

# the observation is defined with the others (sensing); imported from here as before
from ...sensing.observations import CardsSeen as CardsSeen
from ...sensing.observations import SlotSeen as SlotSeen

FACE, BACK, EMPTY, UNKNOWN = "face", "back", "empty", "unknown"
DRAW, DISCARD = "draw", "discard"
LETTERS = "ABCDE"


@cache
def camera_slot(seat: int, slot: int) -> str:
    """The camera's name for engine slot index ``slot`` (0..11) of ``seat``'s layout."""
    row, col = divmod(slot, COLUMNS)
    number = col + 1 if row == 1 else col + 1 + COLUMNS
    return f"{LETTERS[seat]}{number}"


def engine_slot(camera: str) -> tuple[int, int] | None:
    """(seat, engine slot index) of a camera slot like ``B7``; None for the piles."""
    if len(camera) < 2 or camera[0] not in LETTERS or not camera[1:].isdigit():
        return None
    n = int(camera[1:])
    if not 1 <= n <= 2 * COLUMNS:
        return None
    seat = LETTERS.index(camera[0])
    slot = n - 1 + COLUMNS if n <= COLUMNS else n - 1 - COLUMNS
    return seat, slot


def slot_words(seat: int, slot: int) -> str:
    """``A3 (T3)``: the camera's and the owner's name of a slot."""
    return f"{camera_slot(seat, slot)} ({SLOTS[slot]})"


def layout_for(players: int) -> str:
    """The camera layout for ``players`` players: ``hilo`` (two) or ``hilo-N``."""
    return "hilo" if players == 2 else f"hilo-{players}"
