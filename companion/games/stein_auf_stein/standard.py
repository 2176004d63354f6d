"""The catalogue shipped with the companion: 18 blocks in six colours, a six-colour die.

PROVISIONAL. The rulebook names "18 building blocks in different colours" and "1
multicoloured die" but neither their colours nor their sizes. Until the real blocks are
measured and registered at the table, this catalogue assumes six colours of three
blocks each and a die with one face per colour; the sizes (mm, as a block stands with
its metal button up: length, width, height) are round guesses. Every record carries
its catalogue in its ``start`` line, so registering the real blocks later changes no
record already written.
"""

from __future__ import annotations

from .catalogue import Block, Catalogue

DIE: tuple[str, ...] = ("red", "yellow", "green", "blue", "orange", "purple")

_BLOCKS: tuple[tuple[str, str, int, int, int], ...] = (
    # id, colour, length, width, height (mm)
    ("R1", "red", 30, 30, 30),
    ("R2", "red", 60, 30, 30),
    ("R3", "red", 90, 30, 15),
    ("Y1", "yellow", 30, 30, 45),
    ("Y2", "yellow", 45, 45, 30),
    ("Y3", "yellow", 60, 30, 20),
    ("G1", "green", 30, 30, 30),
    ("G2", "green", 60, 30, 15),
    ("G3", "green", 45, 30, 60),
    ("B1", "blue", 30, 30, 15),
    ("B2", "blue", 60, 60, 30),
    ("B3", "blue", 90, 30, 30),
    ("O1", "orange", 45, 45, 45),
    ("O2", "orange", 30, 30, 60),
    ("O3", "orange", 60, 30, 30),
    ("P1", "purple", 30, 30, 30),
    ("P2", "purple", 75, 30, 15),
    ("P3", "purple", 45, 30, 30),
)

BLOCKS: tuple[Block, ...] = tuple(Block(*row) for row in _BLOCKS)
STANDARD: Catalogue = Catalogue.of(BLOCKS, DIE)
