"""Names and fixed numbers of Stein im Brett, as the record spells them.

The six stone colours are those of the vision layout (``companion/sensing/vision/
layouts/stein-im-brett.toml``): the camera and the rules name a stone alike.
"""

from __future__ import annotations

GAME = "stein-im-brett"
TITLE = "Stein im Brett"

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "white", "black")
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
#: One letter a colour for the board drawn as text (black is K, blue is B).
INITIALS: dict[str, str] = {
    "red": "R",
    "yellow": "Y",
    "green": "G",
    "blue": "B",
    "white": "W",
    "black": "K",
}

#: "6x19 colorful maple stones": one of each colour is set aside (shown in front of its
#: owner, or back in the box when nobody has the colour), the other 18 go into the bag.
STONES_PER_COLOUR = 19
BAG_PER_COLOUR = 18

#: "draws three stones from the bag and places them on any three free board fields"
STONES_PER_TURN = 3
#: "'Stein im Brett' consists of three rounds."
ROUNDS = 3

MIN_PLAYERS, MAX_PLAYERS = 2, 6

#: The board a start line gets unless it names another layout or carries its own.
DEFAULT_LAYOUT = "stein-im-brett"


def colours_each(players: int) -> int:
    """How many colours each player chooses: 3 with 2 players, 2 with 3, else 1."""
    return {2: 3, 3: 2}.get(players, 1)


def starter_step(players: int) -> int:
    """How many places clockwise the starting player moves on before rounds 2 and 3:
    one with 2 to 4 players, two with 5 or 6."""
    return 1 if players <= 4 else 2
