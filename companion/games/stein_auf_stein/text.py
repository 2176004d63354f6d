"""Small helpers that turn seats, blocks and millimetres into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...i18n.message import Msg, msg, nmsg, term
from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .state import GameState


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def blocks(ids: Iterable[str]) -> str:
    """``R1+G2``, or ``none``."""
    ids = list(ids)
    return "+".join(ids) if ids else "none"


def mm(value: float | None) -> str:
    """``120 mm``, ``1020.125 mm``; ``?`` when not measured yet."""
    return "?" if value is None else f"{number(value)} mm"


def number(value: float) -> str:
    """A length as counted (to the micrometre, SAS-3): ``120``, ``98.5``, ``1020.125``;
    never rounded to six digits or written with an exponent as ``:g`` would."""
    if isinstance(value, int):
        return str(value)
    return f"{value:.3f}".rstrip("0").rstrip(".")


def mm_words(value: float | None) -> Msg:
    """``mm`` as a message: the same text, its number in the language's decimals."""
    if value is None:
        return msg("?")
    if isinstance(value, int):
        return msg("{n} mm", n=value)
    return msg("{n:.15g} mm", n=round(value, 3))


def blocks_count(n: int) -> Msg:
    """``1 block``, ``3 blocks``."""
    return nmsg("{n} block", "{n} blocks", n, n=n)


_WORDS = {
    ("colour", "red"): term("colour", "red"),
    ("colour", "yellow"): term("colour", "yellow"),
    ("colour", "green"): term("colour", "green"),
    ("colour", "blue"): term("colour", "blue"),
    ("colour", "orange"): term("colour", "orange"),
    ("colour", "purple"): term("colour", "purple"),
    ("colour", "white"): term("colour", "white"),
    ("colour", "black"): term("colour", "black"),
    # colours a registered catalogue may give its blocks beyond the standard six (the
    # real set's are not known yet: shared/rules names none); any other stays as written
    ("colour", "pink"): term("colour", "pink"),
    ("colour", "brown"): term("colour", "brown"),
    ("colour", "grey"): term("colour", "grey"),
    ("colour", "gray"): term("colour", "gray"),
    ("colour", "turquoise"): term("colour", "turquoise"),
    ("colour", "teal"): term("colour", "teal"),
    ("colour", "cyan"): term("colour", "cyan"),
    ("colour", "magenta"): term("colour", "magenta"),
    ("colour", "violet"): term("colour", "violet"),
    ("colour", "lime"): term("colour", "lime"),
    ("colour", "beige"): term("colour", "beige"),
    ("colour", "gold"): term("colour", "gold"),
    ("colour", "silver"): term("colour", "silver"),
    ("colour", "natural"): term("colour", "natural"),
    ("colour", "light-blue"): term("colour", "light-blue"),
    ("colour", "dark-blue"): term("colour", "dark-blue"),
    ("colour", "light-green"): term("colour", "light-green"),
    ("colour", "dark-green"): term("colour", "dark-green"),
    ("build", "row"): term("build", "row"),
    ("build", "tower"): term("build", "tower"),
    ("action", "roll"): term("action", "roll"),
    ("action", "lift"): term("action", "lift"),
    ("action", "pile"): term("action", "pile"),
    ("action", "stop"): term("action", "stop"),
    ("action", "fall"): term("action", "fall"),
    ("action", "measure"): term("action", "measure"),
}


def word(context: str, value: str) -> Msg | str:
    """A colour, a build or an action of the record as a word a view can translate; a
    value the catalogue invents (a colour of its own) stays as it is."""
    return _WORDS.get((context, value), value)


def colours(values) -> list:
    return [word("colour", c) for c in values]
