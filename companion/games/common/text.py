"""Words for players: lists joined with ``and``/``or``, and names to seats."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...errors import IllegalAction


def _join(items: Iterable[str], word: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def and_list(items: Iterable[str]) -> str:
    """``a, b and c``."""
    return _join(items, "and")


def or_list(items: Iterable[str]) -> str:
    """``a, b or c``."""
    return _join(items, "or")


def seat_in(players: Sequence[str], name: str) -> int:
    """The seat (index in ``players``) of the player called ``name``, or an
    ``IllegalAction`` naming who plays."""
    try:
        return players.index(name)
    except ValueError:
        pass
    raise IllegalAction(f"{name!r} is not playing; the players are {and_list(players)}")
