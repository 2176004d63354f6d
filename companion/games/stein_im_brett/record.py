"""Stein im Brett records: JSON objects to actions and back (``docs/records.md``).

``parse_action`` checks the shape of one record object (type, fields, their types);
whether the action is allowed now, whether a colour or field exists, is the engine's
business. Unknown fields are rejected so that a typo never silently changes a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import MalformedRecord
from ...i18n.message import msg
from ..common.records import (
    RecordFormat,
    game,
    nonblank,
    player_names,
    require,
    same_players,
    text,
    whole,
)
from .actions import Action, Draw, Place, Start
from .names import GAME

# type -> (class, required fields, optional fields)
_FIELDS: dict[str, tuple[type, tuple[str, ...], tuple[str, ...]]] = {
    "start": (Start, ("game", "players", "colours"), ("layout", "board")),
    "draw": (Draw, ("colour",), ()),
    "place": (Place, ("player", "stones"), ()),
}
_FIELD_KEYS = ("id", "q", "r")


def _names(v: Any, player: str) -> list[str]:
    if not isinstance(v, list) or not v or not all(isinstance(c, str) and c for c in v):
        raise MalformedRecord(
            msg(
                "start: 'colours' of {player} must be a list of colour names such as"
                ' ["red", "blue"], not {v!r}',
                player=player,
                v=v,
            )
        )
    return v


def _field(o: Any, n: int) -> tuple[str, int, int]:
    t = f"start: board field {n}"
    if not isinstance(o, dict):
        raise MalformedRecord(msg("{t} must be an object with id, q and r, not {o!r}", t=t, o=o))
    require(o, _FIELD_KEYS, t)
    unknown = [f for f in o if f not in _FIELD_KEYS]
    if unknown:
        raise MalformedRecord(
            msg(
                "{t}: unknown field {fields}; a field has id, q and r",
                t=t,
                fields=", ".join(repr(u) for u in unknown),
            )
        )
    return nonblank(o["id"], "id", t), whole(o["q"], "q", t), whole(o["r"], "r", t)


def _start(o: dict, t: str) -> Start:
    game(o["game"], GAME)
    players = o["players"]
    player_names(players, in_order=msg(" in clockwise order"))
    cs = o["colours"]
    if not isinstance(cs, dict):
        raise MalformedRecord(
            msg(
                "start: 'colours' must be an object, each player's name to the list of his"
                " colours, not {cs!r}",
                cs=cs,
            )
        )
    same_players(cs, players, "colours", "names", "lacks the colours of")
    colours = tuple(tuple(_names(cs[p], p)) for p in players)
    layout = text(o["layout"], "layout", t) if "layout" in o else None
    board = None
    if "board" in o:
        b = o["board"]
        if not isinstance(b, list) or not b:
            raise MalformedRecord(
                msg(
                    "start: 'board' must be a list of fields, each {example} (axial hex"
                    " coordinates), not {b!r}",
                    example='{"id", "q", "r"}',
                    b=b,
                )
            )
        board = tuple(_field(f, n) for n, f in enumerate(b, start=1))
    return Start(tuple(players), colours, layout, board)


def _place(o: dict, t: str) -> Place:
    st = o["stones"]
    ok = isinstance(st, list) and all(
        isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) and x for x in s) for s in st
    )
    if not ok:
        raise MalformedRecord(
            msg(
                "place: 'stones' must be a list of [field, colour] pairs such as {example},"
                " not {st!r}",
                example='[["c3", "red"], ["d5", "blue"], ["a1", "red"]]',
                st=st,
            )
        )
    return Place(nonblank(o["player"], "player", t), tuple((f, c) for f, c in st))


_BUILD = {
    "start": _start,
    "draw": lambda o, t: Draw(text(o["colour"], "colour", t)),
    "place": _place,
}

_FORMAT = RecordFormat(_FIELDS, _BUILD)
TYPES: tuple[str, ...] = _FORMAT.types
parse_action: Callable[[Any], Action | None] = _FORMAT.parse
"""One record object to an action; None for a ``comment``. Raises MalformedRecord."""


def to_record(action: Action) -> dict[str, Any]:
    """An action as its record object, ``type`` first, optional fields only when set."""
    if isinstance(action, Start):
        out: dict[str, Any] = {
            "type": "start",
            "game": action.game,
            "players": list(action.players),
            "colours": {p: list(cs) for p, cs in zip(action.players, action.colours, strict=True)},
        }
        if action.layout is not None:
            out["layout"] = action.layout
        if action.board is not None:
            out["board"] = [{"id": i, "q": q, "r": r} for i, q, r in action.board]
        return out
    if isinstance(action, Place):
        return {
            "type": "place",
            "player": action.player,
            "stones": [[f, c] for f, c in action.stones],
        }
    return _FORMAT.fields_record(action)
