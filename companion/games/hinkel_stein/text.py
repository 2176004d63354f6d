"""Small helpers that turn seats and stones into words for players."""

from __future__ import annotations

from collections.abc import Iterable

from ...i18n.message import Msg, term
from ..common.text import and_list as and_list
from ..common.text import or_list as or_list
from ..common.text import seat_in
from .state import GameState


def seat(state: GameState, name: str) -> int:
    """The seat of the player called ``name``, or a clear error naming who plays."""
    return seat_in(state.players, name)


def stone_list(stones: Iterable[str]) -> str:
    """``P1`` or ``P1+P2``."""
    return "+".join(stones)


# The record's words said in a sentence: marked one by one so that extraction finds them.
_WORDS = {
    ("condition", "heavier"): term("condition", "heavier"),
    ("condition", "lighter"): term("condition", "lighter"),
    ("kind", "pillar"): term("kind", "pillar"),
    ("kind", "hinkelstein"): term("kind", "hinkelstein"),
    ("kind", "quartz"): term("kind", "quartz"),
    ("kind", "boulder"): term("kind", "boulder"),
    ("kinds", "pillars"): term("kinds", "pillars"),
    ("kinds", "Hinkelsteine"): term("kinds", "Hinkelsteine"),
    ("kinds", "quartz stones"): term("kinds", "quartz stones"),
    ("kinds", "boulders"): term("kinds", "boulders"),
    ("notch", "left"): term("notch", "left"),
    ("notch", "middle"): term("notch", "middle"),
    ("notch", "right"): term("notch", "right"),
    ("side", "left"): term("side", "left"),
    ("side", "right"): term("side", "right"),
    ("action", "stake"): term("action", "stake"),
    ("action", "notch"): term("action", "notch"),
    ("action", "place"): term("action", "place"),
}


def word(context: str, value: str) -> Msg | str:
    """The record's ``value`` (a condition, kind, notch, side, action) as a word a view
    can translate; an unknown value as it is."""
    return _WORDS.get((context, value), value)
