"""Heuchel & Meuchel records: JSON objects to actions and back (``docs/records.md``).

``parse_action`` checks the shape of one record object (type, fields, their types and
names); whether the action is allowed now is the engine's business. Unknown fields are
rejected so that a typo never silently changes a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import MalformedRecord
from ...i18n.message import msg
from ..common.records import RecordFormat, boolean, game, player_names, same_players, text, whole
from .actions import Action, Discard, End, Move, Roll, Start, Take
from .names import CLASS_OF, GAME, ROWS

# type -> (class, required fields, optional fields)
_FIELDS: dict[str, tuple[type, tuple[str, ...], tuple[str, ...]]] = {
    "start": (Start, ("game", "players", "stacks"), ("dice",)),
    "move": (Move, ("player", "row", "cards", "to"), ()),
    "take": (Take, ("player", "column", "cards"), ()),
    "end": (End, ("player",), ()),
    "roll": (Roll, ("player", "value"), ()),
    "discard": (Discard, ("player", "row"), ()),
}
_CARD_NAMES = "F1..F6, M1..M6, Q1..Q6, L1..L6, B1..B6, P1..P6"


def _row(v: Any, field: str, t: str) -> int:
    r = whole(v, field, t)
    if not 1 <= r <= ROWS:
        raise MalformedRecord(
            msg(
                "{t}: {field!r} must be a row from 1 to {rows}, not {r}",
                t=t,
                field=field,
                rows=ROWS,
                r=r,
            )
        )
    return r


def _count(v: Any, field: str, t: str) -> int:
    n = whole(v, field, t)
    if n < 1:
        raise MalformedRecord(
            msg(
                "{t}: {field!r} counts cards from the top: at least 1, not {n}",
                t=t,
                field=field,
                n=n,
            )
        )
    return n


def _start(o: dict, t: str) -> Start:
    game(o["game"], GAME)
    players = o["players"]
    player_names(players)
    stacks = o["stacks"]
    if not isinstance(stacks, dict):
        raise MalformedRecord(
            msg(
                "start: 'stacks' must be an object {example}", example='{name: [["F2", "F5"], ...]}'
            )
        )
    same_players(stacks, players, "stacks", "places stacks for", "places nothing for")
    out = []
    for p in players:
        mine = stacks[p]
        if not isinstance(mine, list) or not all(isinstance(s, list) and s for s in mine):
            raise MalformedRecord(
                msg(
                    "start: {who}'s stacks must be a list of non-empty lists of cards, top first,"
                    " such as {example}, not {mine!r}",
                    who=p,
                    example='[["F2", "F5"], ["Q1"]]',
                    mine=mine,
                )
            )
        for s in mine:
            for c in s:
                if c not in CLASS_OF:
                    raise MalformedRecord(
                        msg(
                            "start: unknown card {c!r} in {who}'s stacks; the cards are {cards}",
                            c=c,
                            who=p,
                            cards=_CARD_NAMES,
                        )
                    )
        out.append(tuple(tuple(s) for s in mine))
    return Start(tuple(players), tuple(out), boolean(o.get("dice", False), "dice", t))


_BUILD = {
    "start": _start,
    "move": lambda o, t: Move(
        text(o["player"], "player", t),
        _row(o["row"], "row", t),
        _count(o["cards"], "cards", t),
        _row(o["to"], "to", t),
    ),
    "take": lambda o, t: Take(
        text(o["player"], "player", t),
        text(o["column"], "column", t),
        _count(o["cards"], "cards", t),
    ),
    "end": lambda o, t: End(text(o["player"], "player", t)),
    "roll": lambda o, t: Roll(text(o["player"], "player", t), whole(o["value"], "value", t)),
    "discard": lambda o, t: Discard(text(o["player"], "player", t), _row(o["row"], "row", t)),
}


_FORMAT = RecordFormat(_FIELDS, _BUILD)
TYPES: tuple[str, ...] = _FORMAT.types
parse_action: Callable[[Any], Action | None] = _FORMAT.parse
"""One record object to an action; None for a ``comment``. Raises MalformedRecord."""


def to_record(action: Action) -> dict[str, Any]:
    """An action as its record object, ``type`` first; ``dice`` only when true."""
    if isinstance(action, Start):
        out: dict[str, Any] = {
            "type": "start",
            "game": action.game,
            "players": list(action.players),
            "stacks": {
                p: [list(s) for s in st]
                for p, st in zip(action.players, action.stacks, strict=True)
            },
        }
        if action.dice:
            out["dice"] = True
        return out
    return _FORMAT.fields_record(action)
