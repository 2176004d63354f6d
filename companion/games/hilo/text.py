"""Small helpers that turn seats, slots and cards into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from ...i18n.message import msg, term
from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .names import SLOTS


def slot_list(slots: Iterable[int]) -> str:
    """``T1, T4 or B2`` from slot indices."""
    return or_list(SLOTS[i] for i in slots)


def seat_of(state, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def slot_of(name: str) -> int:
    """The index of a slot name, or a clear error naming the slots."""
    try:
        return SLOTS.index(name)
    except ValueError:
        raise IllegalAction(
            msg(
                "there is no slot {name!r}; a layout has T1..T6 (top row) and B1..B6 (bottom row)",
                name=name,
            )
        ) from None


def card_name(card_id: str | None):
    """A card of the catalogue as players call it, for a sentence: its record id in English
    as the record writes it (``magician``, ``plain-03``), the rulebook's words in German
    (``Zaubererkarte``, ``einfache Karte 03``: a feminine noun, as the sentences around it
    want). An id of no known kind (a registered deck's own) stays as it is."""
    return _said(card_id, _CARDS)


def card_short(card_id: str | None):
    """A card in the terminal's picture of a layout, short: its record id in English
    (``magician``, ``plain-03``), a short word in German (``Zauberer``, ``einfach 03``);
    an id of no known kind (a registered deck's own) stays as it is."""
    return _said(card_id, _SHORT)


#: The kinds of card, short, for the terminal's picture of a layout.
_SHORT = {
    "dragon-keeper": term("hilo card short", "dragon-keeper"),
    "unicorn-keeper": term("hilo card short", "unicorn-keeper"),
    "wolf-keeper": term("hilo card short", "wolf-keeper"),
    "dragon": term("hilo card short", "dragon"),
    "unicorn": term("hilo card short", "unicorn"),
    "wolf": term("hilo card short", "wolf"),
    "magician": term("hilo card short", "magician"),
    "phoenix": term("hilo card short", "phoenix"),
    "plain": term("hilo card short", "plain"),
}

#: The kinds of card (``names.KINDS``), as a card's name says them.
_CARDS = {
    "dragon-keeper": term("hilo card", "dragon-keeper"),
    "unicorn-keeper": term("hilo card", "unicorn-keeper"),
    "wolf-keeper": term("hilo card", "wolf-keeper"),
    "dragon": term("hilo card", "dragon"),
    "unicorn": term("hilo card", "unicorn"),
    "wolf": term("hilo card", "wolf"),
    "magician": term("hilo card", "magician"),
    "phoenix": term("hilo card", "phoenix"),
    "plain": term("hilo card", "plain"),
}


def _said(card_id: str | None, words):
    """``card_id`` in ``words`` (an id's own word, else its kind's word and its design:
    ``plain-03``); an id of no known kind stays as it is."""
    if not card_id:
        return card_id
    if card_id in words:
        return words[card_id]
    kind, sep, design = card_id.rpartition("-")
    if sep and kind in words:
        return msg("{kind}-{design}", kind=words[kind], design=design)
    return card_id
