"""Small helpers that turn seats, fields and stones into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...i18n.message import Msg, commas, msg, nmsg, term
from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .names import COLOURS
from .state import GameState


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def stones(pairs: Iterable[tuple[str, str]]) -> str:
    """``red on c3, blue on d5``, or ``no stone``."""
    words = [f"{colour} on {field}" for field, colour in pairs]
    return ", ".join(words) if words else "no stone"


def fields(ids: Iterable[str], *, most: int = 12) -> Msg:
    """``a1, a2 and a3``; a long list cut after ``most`` with how many more."""
    ids = list(ids)
    if len(ids) > most:
        return msg("{fields} and {n} more", fields=", ".join(ids[:most]), n=len(ids) - most)
    return and_list(ids)


def bag(state: GameState) -> Msg:
    """``red 18, yellow 17, ...``: what is left in the bag, colours with none left out."""
    left = [
        msg("{colour} {n}", colour=colour(c), n=n)
        for c, n in zip(COLOURS, state.bag, strict=True)
        if n
    ]
    return commas(left) or msg("nothing")


_COLOURS = {
    "red": term("colour", "red"),
    "yellow": term("colour", "yellow"),
    "green": term("colour", "green"),
    "blue": term("colour", "blue"),
    "white": term("colour", "white"),
    "black": term("colour", "black"),
}


def colour(c: str) -> Msg | str:
    """A stone colour as a word a view can translate (an unknown one as it is)."""
    return _COLOURS.get(c, c)


def stone_count(n: int) -> Msg:
    """``1 stone``, ``3 stones``."""
    return nmsg("{n} stone", "{n} stones", n, n=n)
