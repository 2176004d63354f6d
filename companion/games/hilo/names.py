"""Names and fixed numbers of HiLo: Dein Königreich, as the record spells them.

A layout is 2 rows of 6 cards, seen from its owner: slots ``T1``..``T6`` are the top
row and ``B1``..``B6`` the bottom row, left to right. Inside the engine a slot is an
index 0..11 (top row 0..5, bottom row 6..11).
"""

from __future__ import annotations

GAME = "hilo"
TITLE = "HiLo: Dein Königreich"

ROWS, COLUMNS = 2, 6
LAYOUT_SIZE = ROWS * COLUMNS
SLOTS: tuple[str, ...] = tuple(f"T{c}" for c in range(1, 7)) + tuple(f"B{c}" for c in range(1, 7))
SLOT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SLOTS)}

MIN_PLAYERS = 2

# Card kinds (the catalogue's ``kind``).
DRAGON, UNICORN, WOLF = "dragon", "unicorn", "wolf"
ANIMALS: tuple[str, ...] = (DRAGON, UNICORN, WOLF)
KEEPER_OF: dict[str, str] = {a: f"{a}-keeper" for a in ANIMALS}
ANIMAL_OF_KEEPER: dict[str, str] = {k: a for a, k in KEEPER_OF.items()}
MAGICIAN, PHOENIX, PLAIN = "magician", "phoenix", "plain"
KINDS: tuple[str, ...] = (*KEEPER_OF.values(), *ANIMALS, MAGICIAN, PHOENIX, PLAIN)

#: Sterntaler for each animal a Keeper guards; a Keeper guards at most two.
PER_ANIMAL, ANIMALS_PER_KEEPER = 2, 2

# Phases: what kind of decision the game waits for.
UPTURN = "upturn"  # the discard pile's first card is turned over (observed)
SETUP = "setup"  # players turn over their starting card
REDRAW = "redraw"  # setup: a Magician went back; a new card from the draw pile replaces it
TURN = "turn"  # the player on turn: A (take) or B (draw)
DECIDE = "decide"  # B: exchange the drawn card or discard it
REVEAL = "reveal"  # a face-down card must be turned over (after a discard, or a Phoenix)
SPELL = "spell"  # a Magician casts its spell
UNCOVER = "uncover"  # the game is over; face-down cards are shown for scoring
OVER = "over"

#: Why a ``reveal`` is owed.
BECAUSE_DISCARD, BECAUSE_PHOENIX = "discard", "phoenix"


def above_or_below(i: int) -> int:
    """The slot in the other row of the same column."""
    return (i + COLUMNS) % LAYOUT_SIZE
