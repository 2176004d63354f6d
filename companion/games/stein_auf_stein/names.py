"""Names and fixed numbers of Stein auf Stein, as the record spells them.

Variants (``docs/records.md``): ``basic`` (the longest row wins), ``yardstick`` (rows
measured with the yardstick), ``tower`` (the tallest tower wins), ``master-tower`` (the
master tower builder: blocks piled as they are fished out) and ``solo`` (the solo
constructor against the tower of the remaining blocks).
"""

from __future__ import annotations

GAME = "stein-auf-stein"
TITLE = "Stein auf Stein"

BASIC, YARDSTICK, TOWER, MASTER, SOLO = "basic", "yardstick", "tower", "master-tower", "solo"
VARIANTS: tuple[str, ...] = (BASIC, YARDSTICK, TOWER, MASTER, SOLO)
VARIANT_TITLES: dict[str, str] = {
    BASIC: "basic game (longest row)",
    YARDSTICK: "yardstick (rows measured with the yardstick)",
    TOWER: "tower (tallest tower)",
    MASTER: "master tower builder (piled in fishing order)",
    SOLO: "solo constructor (against the remaining blocks' tower)",
}

#: How the rows or towers are compared: computed from the catalogue, or measured at the
#: table and entered with ``measure`` actions.
COMPUTED, MEASURED = "computed", "measured"
SCORINGS: tuple[str, ...] = (COMPUTED, MEASURED)

#: What a player builds with his blocks at the end, and what is compared.
ROW, TOWER_BUILD = "row", "tower"
BUILDS: tuple[str, ...] = (ROW, TOWER_BUILD)

#: Whether a tower may be built in any order after the game (``free``) or must be piled
#: block by block as the blocks are fished out (``fishing``).
FREE, FISHING = "free", "fishing"
ORDERS: tuple[str, ...] = (FREE, FISHING)

#: What a ``measure`` measures: the player's own row or tower, or (solo) the remaining
#: blocks' tower.
OWN, REMAINING = "own", "remaining"
MEASURE_OF: tuple[str, ...] = (OWN, REMAINING)

#: Players at the table: the box has four pegs to mark four rows on the yardstick.
MIN_PLAYERS, MAX_PLAYERS = 2, 4
SOLO_PLAYERS = 1

#: Why play ended: a rolled colour with no block left on the site, an empty site, or a
#: tower that fell over (master tower builder).
ENDED_COLOUR, ENDED_EMPTY, ENDED_FALL = "colour", "empty", "fall"

#: A pile needs this many blocks before it can fall over (a single block is no tower).
MIN_BLOCKS_TO_FALL = 2


def default_scoring(variant: str) -> str:
    """The yardstick variant measures; every other variant computes unless told."""
    return MEASURED if variant == YARDSTICK else COMPUTED


def default_build(variant: str) -> str:
    """Rows in the basic and yardstick games, towers in the others (solo: a tower)."""
    return ROW if variant in (BASIC, YARDSTICK) else TOWER_BUILD


def default_order(variant: str) -> str:
    """The master tower builder piles in fishing order; the others build at the end."""
    return FISHING if variant == MASTER else FREE
