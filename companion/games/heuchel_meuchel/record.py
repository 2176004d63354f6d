"""Heuchel & Meuchel records: JSON objects to actions and back (``docs/records.md``).

``parse_action`` checks the shape of one record object (type, fields, their types and
names); whether the action is allowed now is the engine's business. Unknown fields are
rejected so that a typo never silently changes a game.
"""

from __future__ import annotations

from typing import Any

from ...errors import MalformedRecord
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
TYPES: tuple[str, ...] = (*_FIELDS, "comment")
_TYPE_OF: dict[type, str] = {cls: t for t, (cls, _, _) in _FIELDS.items()}
_CARD_NAMES = "F1..F6, M1..M6, Q1..Q6, L1..L6, B1..B6, P1..P6"


def _text(v: Any, field: str, t: str) -> str:
    if not isinstance(v, str) or not v:
        raise MalformedRecord(f"{t}: {field!r} must be a non-empty string, not {v!r}")
    return v


def _int(v: Any, field: str, t: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedRecord(f"{t}: {field!r} must be a whole number, not {v!r}")
    return v


def _row(v: Any, field: str, t: str) -> int:
    r = _int(v, field, t)
    if not 1 <= r <= ROWS:
        raise MalformedRecord(f"{t}: {field!r} must be a row from 1 to {ROWS}, not {r}")
    return r


def _count(v: Any, field: str, t: str) -> int:
    n = _int(v, field, t)
    if n < 1:
        raise MalformedRecord(f"{t}: {field!r} counts cards from the top: at least 1, not {n}")
    return n


def parse_action(obj: Any) -> Action | None:
    """One record object to an action; None for a ``comment``. Raises MalformedRecord."""
    if not isinstance(obj, dict):
        raise MalformedRecord(f"each line must be a JSON object, not {type(obj).__name__}")
    if "type" not in obj:
        raise MalformedRecord("missing field 'type'")
    t = obj["type"]
    if t == "comment":
        return None
    if not isinstance(t, str) or t not in _FIELDS:
        raise MalformedRecord(f"unknown type {t!r}; the types are {', '.join(TYPES)}")
    _, required, optional = _FIELDS[t]
    missing = [f for f in required if f not in obj]
    if missing:
        raise MalformedRecord(f"{t}: missing field {', '.join(repr(m) for m in missing)}")
    unknown = [f for f in obj if f != "type" and f not in required and f not in optional]
    if unknown:
        allowed = ", ".join((*required, *optional))
        raise MalformedRecord(
            f"{t}: unknown field {', '.join(repr(u) for u in unknown)}; {t} has {allowed}"
        )
    return _BUILD[t](obj, t)


def _start(o: dict, t: str) -> Start:
    if o["game"] != GAME:
        raise MalformedRecord(f"start: 'game' must be {GAME!r}, not {o['game']!r}")
    players = o["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise MalformedRecord("start: 'players' must be a list of names")
    if len(set(players)) != len(players):
        raise MalformedRecord("start: every player needs a name of his own; a name appears twice")
    stacks = o["stacks"]
    if not isinstance(stacks, dict):
        raise MalformedRecord('start: \'stacks\' must be an object {name: [["F2", "F5"], ...]}')
    if set(stacks) != set(players):
        extra = sorted(set(stacks) - set(players))
        lacking = sorted(set(players) - set(stacks))
        parts = ([f"places stacks for {', '.join(extra)} who is not playing"] if extra else []) + (
            [f"places nothing for {', '.join(lacking)}"] if lacking else []
        )
        raise MalformedRecord(f"start: 'stacks' {' and '.join(parts)}")
    out = []
    for p in players:
        mine = stacks[p]
        if not isinstance(mine, list) or not all(isinstance(s, list) and s for s in mine):
            raise MalformedRecord(
                f"start: {p}'s stacks must be a list of non-empty lists of cards, top first,"
                f' such as [["F2", "F5"], ["Q1"]], not {mine!r}'
            )
        for s in mine:
            for c in s:
                if c not in CLASS_OF:
                    raise MalformedRecord(
                        f"start: unknown card {c!r} in {p}'s stacks; the cards are {_CARD_NAMES}"
                    )
        out.append(tuple(tuple(s) for s in mine))
    dice = o.get("dice", False)
    if not isinstance(dice, bool):
        raise MalformedRecord(f"start: 'dice' must be true or false, not {dice!r}")
    return Start(tuple(players), tuple(out), dice)


_BUILD = {
    "start": _start,
    "move": lambda o, t: Move(
        _text(o["player"], "player", t),
        _row(o["row"], "row", t),
        _count(o["cards"], "cards", t),
        _row(o["to"], "to", t),
    ),
    "take": lambda o, t: Take(
        _text(o["player"], "player", t),
        _text(o["column"], "column", t),
        _count(o["cards"], "cards", t),
    ),
    "end": lambda o, t: End(_text(o["player"], "player", t)),
    "roll": lambda o, t: Roll(_text(o["player"], "player", t), _int(o["value"], "value", t)),
    "discard": lambda o, t: Discard(_text(o["player"], "player", t), _row(o["row"], "row", t)),
}


def to_record(action: Action) -> dict[str, Any]:
    """An action as its record object, ``type`` first; ``dice`` only when true."""
    t = _TYPE_OF[type(action)]
    if isinstance(action, Start):
        out: dict[str, Any] = {
            "type": t,
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
    out = {"type": t}
    for name in action.__slots__:
        out[name] = getattr(action, name)
    return out
