"""A compact way to write a Stein im Brett game in tests, one record line a string.

    draw red                    a stone drawn for the starting player
    Ana c3:red d5:blue a1:red   Ana places three stones (field:colour)

Each line becomes a record object and goes through ``parse_action``, so the tests
exercise the record format too. ``Table`` checks after every action that each of the
6 x 19 stones is in exactly one place (shown, bag, board, a pile or the box).
"""

from __future__ import annotations

from companion.games.stein_im_brett import apply, parse_action, start_game
from companion.games.stein_im_brett.names import COLOURS, STONES_PER_COLOUR
from companion.games.stein_im_brett.state import GameState

#: A ring of six fields around a missing centre: r1..r6, each next to the one before and
#: after it (r6 next to r1) and to nothing else.
RING = [
    {"id": "r1", "q": 1, "r": 0},
    {"id": "r2", "q": 1, "r": -1},
    {"id": "r3", "q": 0, "r": -1},
    {"id": "r4", "q": -1, "r": 0},
    {"id": "r5", "q": -1, "r": 1},
    {"id": "r6", "q": 0, "r": 1},
]


def row(n: int, prefix: str = "x") -> list[dict]:
    """A straight row of ``n`` fields x1..xn, each next to the one before and after."""
    return [{"id": f"{prefix}{k + 1}", "q": k, "r": 0} for k in range(n)]


def start_record(colours: dict[str, list[str]], **board) -> dict:
    """A start line: players in the order of ``colours`` (clockwise), with ``layout`` or
    ``board`` if given."""
    return {
        "type": "start",
        "game": "stein-im-brett",
        "players": list(colours),
        "colours": {p: list(cs) for p, cs in colours.items()},
        **board,
    }


def record(line: str) -> dict:
    """``draw red`` or ``Ana c3:red d5:blue`` as a record object."""
    words = line.split()
    if words[0] == "draw":
        return {"type": "draw", "colour": words[1]}
    return {
        "type": "place",
        "player": words[0],
        "stones": [w.split(":") for w in words[1:]],
    }


def stones_everywhere(s: GameState) -> list[int]:
    """Per colour: shown + bag + board + piles + box (19 each when conserved)."""
    out = []
    for ci, c in enumerate(COLOURS):
        on_board = sum(1 for x in s.cells if x == c)
        piles = sum(p[ci] for p in s.piles)
        out.append(s.shown()[ci] + s.bag[ci] + on_board + piles + s.box[ci])
    return out


class Table:
    """A game driven by record lines, checking stone conservation after each action."""

    def __init__(self, start: dict) -> None:
        self.state = start_game(parse_action(start))
        self.check()

    def play(self, *lines: str) -> GameState:
        for line in lines:
            self.state = apply(self.state, parse_action(record(line)))
            self.check()
        return self.state

    def check(self) -> None:
        assert stones_everywhere(self.state) == [STONES_PER_COLOUR] * len(COLOURS)
