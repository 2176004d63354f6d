"""Words for players: lists joined with ``and``/``or``, and names to seats.

The lists are messages (``companion.i18n.message``): English strings that a view can
say in German ("a, b und c")."""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import IllegalAction
from ...i18n.message import and_list, msg, or_list

__all__ = ["and_list", "or_list", "seat_in"]


def seat_in(players: Sequence[str], name: str) -> int:
    """The seat (index in ``players``) of the player called ``name``, or an
    ``IllegalAction`` naming who plays."""
    try:
        return players.index(name)
    except ValueError:
        pass
    raise IllegalAction(
        msg(
            "{name!r} is not playing; the players are {players}",
            name=name,
            players=and_list(players),
        )
    )
