"""Names and fixed numbers of Hinkel & Stein, as the record spec spells them.

Spaces run left to right: ``L2`` (left outer), ``L1``, ``R1``, ``R2`` (right outer).
Positions are millimetres along the beam, 0 at the middle notch, negative to the left
(the nominal reference build of ``spec/scale.md``).
"""

from __future__ import annotations

GAME = "hinkel-stein"

PILLAR, HINKELSTEIN, QUARTZ, BOULDER = "pillar", "hinkelstein", "quartz", "boulder"
KINDS: tuple[str, ...] = (PILLAR, HINKELSTEIN, QUARTZ, BOULDER)
#: The kinds dealt to players in a 3-player game; the quartz stones stay neutral.
KINDS_DEALT_3P: tuple[str, ...] = (PILLAR, HINKELSTEIN, BOULDER)

#: Every stone of each kind, smallest first.
STONES: dict[str, tuple[str, ...]] = {
    PILLAR: ("P1", "P2"),
    HINKELSTEIN: ("H1", "H2", "H3", "H4", "H5"),
    QUARTZ: ("Q1", "Q2", "Q3", "Q4", "Q5"),
    BOULDER: ("B1", "B2", "B3", "B4", "B5"),
}
KIND_OF_STONE: dict[str, str] = {s: k for k, ss in STONES.items() for s in ss}
ALL_STONES: tuple[str, ...] = tuple(KIND_OF_STONE)
SMALL_PILLAR, LARGE_PILLAR, SMALLEST_BOULDER = "P1", "P2", "B1"
#: What a player calls a kind in a sentence ("Ben plays the quartz stones").
KIND_PLURAL: dict[str, str] = {
    PILLAR: "pillars",
    HINKELSTEIN: "Hinkelsteine",
    QUARTZ: "quartz stones",
    BOULDER: "boulders",
}

LEFT, RIGHT = "left", "right"
SIDES: tuple[str, ...] = (LEFT, RIGHT)
SPACES: tuple[str, ...] = ("L2", "L1", "R1", "R2")
SIDE_OF_SPACE: dict[str, str] = {"L2": LEFT, "L1": LEFT, "R1": RIGHT, "R2": RIGHT}
OUTER_SPACE: dict[str, str] = {LEFT: "L2", RIGHT: "R2"}
OTHER_SIDE: dict[str, str] = {LEFT: RIGHT, RIGHT: LEFT}

NOTCHES: tuple[str, ...] = (LEFT, "middle", RIGHT)
MIDDLE = "middle"

HEAVIER, LIGHTER = "heavier", "lighter"
CONDITIONS: tuple[str, ...] = (HEAVIER, LIGHTER)

OWN, QUARTZ_STONES = "own", "quartz"
CALL_STONES: tuple[str, ...] = (OWN, QUARTZ_STONES)

ROUNDS_PER_PASS = 5
BASE_PRIZE = 2
DEFAULT_SUPPLY = 50
#: Passes in a game, by number of players.
PASSES: dict[int, int] = {2: 4, 3: 3, 4: 4}
#: Stake limits: anyone on an active own-stone turn may add up to 2; the quartz
#: holder playing his quartz actively up to 4; a take is always exactly 1.
MAX_ADD, MAX_ADD_QUARTZ, TAKE = 2, 4, 1

#: Nominal geometry (mm): where the spaces' centres lie, how wide a space is, and
#: how far the beam reaches each side of the middle notch.
SPACE_CENTRE_MM: dict[str, float] = {"L2": -180.0, "L1": -110.0, "R1": 110.0, "R2": 180.0}
SPACE_WIDTH_MM = 50.0
BEAM_HALF_LENGTH_MM = 210.0
NOTCH_X_MM: dict[str, float] = {LEFT: -20.0, MIDDLE: 0.0, RIGHT: 20.0}
FATE_HOME_X_MM = -60.0

# Once-a-pass abilities, by the name the state keeps them under.
ABILITY_NOTCH, ABILITY_PILLARS, ABILITY_BOULDER, ABILITY_FATE = (
    "notch",
    "pillars",
    "boulder",
    "fate",
)


def fate_position_allowed(x_mm: float) -> bool:
    """Whether the Stone of Fate may stand at ``x_mm``: on the beam, off every space."""
    if abs(x_mm) > BEAM_HALF_LENGTH_MM:
        return False
    half = SPACE_WIDTH_MM / 2
    return all(abs(x_mm - c) > half for c in SPACE_CENTRE_MM.values())


def fate_intervals_mm() -> tuple[tuple[float, float], ...]:
    """The stretches of beam (open at space edges) where the Stone of Fate may stand."""
    half = SPACE_WIDTH_MM / 2
    edges = sorted((c - half, c + half) for c in SPACE_CENTRE_MM.values())
    out, lo = [], -BEAM_HALF_LENGTH_MM
    for a, b in edges:
        if a > lo:
            out.append((lo, a))
        lo = max(lo, b)
    if lo < BEAM_HALF_LENGTH_MM:
        out.append((lo, BEAM_HALF_LENGTH_MM))
    return tuple(out)
