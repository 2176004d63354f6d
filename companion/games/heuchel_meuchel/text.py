"""Small helpers that turn seats, rows and cards into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...i18n.message import Msg, msg, nmsg, term
from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .names import CLASS_OF, VALUE_OF
from .state import GameState, Unit


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def rows_list(rows: Iterable[int]) -> Msg:
    """``row 4``, ``rows 5 or 7``."""
    rows = list(rows)
    many = 2 if len(rows) > 1 else 1  # "row" for none or one, as before
    return nmsg("row {rows}", "rows {rows}", many, rows=or_list(str(r) for r in rows))


_CLASSES = {
    "fire-eater": term("class", "Fire-Eater"),
    "minstrel": term("class", "Minstrel"),
    "quack": term("class", "Quack"),
    "lady": term("class", "Lady"),
    "bishop": term("class", "Bishop"),
    "prince": term("class", "Prince"),
}


_CLASS_KEYS = {
    "fire-eater": term("class", "fire-eater"),
    "minstrel": term("class", "minstrel"),
    "quack": term("class", "quack"),
    "lady": term("class", "lady"),
    "bishop": term("class", "bishop"),
    "prince": term("class", "prince"),
}


def class_word(cls: str) -> Msg:
    """``lady`` -> ``lady``: the record's name of a class, as a word a view can translate."""
    return _CLASS_KEYS[cls]


def class_words(card: str) -> Msg:
    """``L4`` -> ``Lady``, a word a view can translate."""
    return _CLASSES[CLASS_OF[card]]


def card_title(card: str) -> Msg:
    """``L4`` -> ``Lady 4`` (no article)."""
    return msg("{cls} {value}", cls=class_words(card), value=VALUE_OF[card])


def card_words(card: str) -> Msg:
    """``L4`` -> ``the Lady 4``."""
    return msg("the {cls} {value}", cls=class_words(card), value=VALUE_OF[card])


def unit_words(unit: Unit) -> Msg:
    """``the Lady 4``, ``the stack of 3 led by the Lady 4``."""
    if len(unit.cards) == 1:
        return card_words(unit.top)
    return msg("the stack of {n} led by {card}", n=len(unit.cards), card=card_words(unit.top))


def cards_words(n: int) -> Msg:
    return nmsg("{n} card", "{n} cards", n, n=n)


def rows_words(n: int) -> Msg:
    """``1 row``, ``4 rows``: a distance up a column."""
    return nmsg("{n} row", "{n} rows", n, n=n)
