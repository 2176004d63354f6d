"""Hinkel & Stein records: JSON objects to actions and back, exactly as the spec says.

``parse_action`` checks the shape of one record object (type, fields, their types and
names); whether the action is allowed now is the engine's business. Unknown fields are
rejected so that a typo never silently changes a game.
"""

from __future__ import annotations

from typing import Any

from ...errors import MalformedRecord
from .actions import (
    Action,
    Answer,
    Boulder,
    Call,
    Condition,
    Fate,
    Keep,
    Mode,
    Notch,
    Offer,
    Place,
    Stake,
    Start,
    Tilt,
)
from .names import (
    ALL_STONES,
    CALL_STONES,
    CONDITIONS,
    DEFAULT_SUPPLY,
    GAME,
    KINDS,
    NOTCHES,
    OWN,
    SIDES,
    SPACES,
)

# type -> (class, required fields, optional fields)
_FIELDS: dict[str, tuple[type, tuple[str, ...], tuple[str, ...]]] = {
    "start": (Start, ("game", "players", "deal"), ("supply",)),
    "offer": (Offer, ("player", "to"), ()),
    "answer": (Answer, ("player", "accept"), ()),
    "condition": (Condition, ("player", "wins"), ()),
    "call": (Call, ("player", "calls"), ("stones",)),
    "mode": (Mode, ("player", "kind", "active"), ()),
    "stake": (Stake, ("player",), ("add", "take")),
    "notch": (Notch, ("player", "notch"), ()),
    "place": (Place, ("player", "stones", "space"), ()),
    "boulder": (Boulder, ("player", "stones", "space"), ()),
    "fate": (Fate, ("player", "x"), ()),
    "tilt": (Tilt, ("down",), ()),
    "keep": (Keep, ("player", "stone"), ()),
}
TYPES: tuple[str, ...] = (*_FIELDS, "comment")
_TYPE_OF: dict[type, str] = {cls: t for t, (cls, _, _) in _FIELDS.items()}

_STONE_NAMES = "P1, P2, H1..H5, Q1..Q5, B1..B5"


def _text(v: Any, field: str, t: str) -> str:
    if not isinstance(v, str) or not v:
        raise MalformedRecord(f"{t}: {field!r} must be a non-empty string, not {v!r}")
    return v


def _choice(v: Any, field: str, t: str, allowed: tuple[str, ...]) -> str:
    if v not in allowed:
        raise MalformedRecord(f"{t}: {field!r} must be one of {', '.join(allowed)}, not {v!r}")
    return v


def _int(v: Any, field: str, t: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedRecord(f"{t}: {field!r} must be a whole number, not {v!r}")
    return v


def _stones(v: Any, field: str, t: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not v:
        raise MalformedRecord(f'{t}: {field!r} must be a list of stones such as ["P1"], not {v!r}')
    for s in v:
        if s not in ALL_STONES:
            raise MalformedRecord(f"{t}: unknown stone {s!r}; the stones are {_STONE_NAMES}")
    if len(set(v)) != len(v):
        raise MalformedRecord(f"{t}: a stone is listed twice in {v!r}")
    return tuple(v)


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
    if not 2 <= len(players) <= 4:
        raise MalformedRecord(f"start: Hinkel & Stein is for 2 to 4 players, not {len(players)}")
    if len(set(players)) != len(players):
        raise MalformedRecord("start: every player needs a name of his own; a name appears twice")
    deal = o["deal"]
    if not isinstance(deal, dict):
        raise MalformedRecord("start: 'deal' must be an object {name: [kinds]}")
    if set(deal) != set(players):
        extra = sorted(set(deal) - set(players))
        lacking = sorted(set(players) - set(deal))
        parts = ([f"deals to {', '.join(extra)} who is not playing"] if extra else []) + (
            [f"deals nothing to {', '.join(lacking)}"] if lacking else []
        )
        raise MalformedRecord(f"start: 'deal' {' and '.join(parts)}")
    cards = []
    for p in players:
        ks = deal[p]
        if not isinstance(ks, list) or not all(k in KINDS for k in ks):
            raise MalformedRecord(
                f"start: {p}'s deal must be a list of kinds ({', '.join(KINDS)}), not {ks!r}"
            )
        cards.append(tuple(ks))
    supply = _int(o.get("supply", DEFAULT_SUPPLY), "supply", t)
    if supply < 0:
        raise MalformedRecord(f"start: 'supply' cannot be negative ({supply})")
    return Start(tuple(players), tuple(cards), supply)


def _stake(o: dict, t: str) -> Stake:
    has_add, has_take = "add" in o, "take" in o
    if has_add == has_take:
        raise MalformedRecord("stake: give exactly one of 'add' (1 to 4 discs) or 'take' (1)")
    if has_add:
        n = _int(o["add"], "add", t)
        if n < 1:
            raise MalformedRecord(f"stake: 'add' must be at least 1, not {n}")
        return Stake(_text(o["player"], "player", t), add=n)
    n = _int(o["take"], "take", t)
    if n != 1:
        raise MalformedRecord(f"stake: 'take' is always 1, not {n}")
    return Stake(_text(o["player"], "player", t), take=n)


def _fate(o: dict, t: str) -> Fate:
    x = o["x"]
    if isinstance(x, bool) or not isinstance(x, int | float) or x != x or abs(x) == float("inf"):
        raise MalformedRecord(f"fate: 'x' must be a number of millimetres, not {x!r}")
    return Fate(_text(o["player"], "player", t), x)


def _bool(v: Any, field: str, t: str) -> bool:
    if not isinstance(v, bool):
        raise MalformedRecord(f"{t}: {field!r} must be true or false, not {v!r}")
    return v


_BUILD = {
    "start": _start,
    "offer": lambda o, t: Offer(_text(o["player"], "player", t), _text(o["to"], "to", t)),
    "answer": lambda o, t: Answer(_text(o["player"], "player", t), _bool(o["accept"], "accept", t)),
    "condition": lambda o, t: Condition(
        _text(o["player"], "player", t), _choice(o["wins"], "wins", t, CONDITIONS)
    ),
    "call": lambda o, t: Call(
        _text(o["player"], "player", t),
        _text(o["calls"], "calls", t),
        _choice(o.get("stones", OWN), "stones", t, CALL_STONES),
    ),
    "mode": lambda o, t: Mode(
        _text(o["player"], "player", t),
        _choice(o["kind"], "kind", t, KINDS),
        _bool(o["active"], "active", t),
    ),
    "stake": _stake,
    "notch": lambda o, t: Notch(
        _text(o["player"], "player", t), _choice(o["notch"], "notch", t, NOTCHES)
    ),
    "place": lambda o, t: Place(
        _text(o["player"], "player", t),
        _stones(o["stones"], "stones", t),
        _choice(o["space"], "space", t, SPACES),
    ),
    "boulder": lambda o, t: Boulder(
        _text(o["player"], "player", t),
        _stones(o["stones"], "stones", t),
        _choice(o["space"], "space", t, SPACES),
    ),
    "fate": _fate,
    "tilt": lambda o, t: Tilt(_choice(o["down"], "down", t, SIDES)),
    "keep": lambda o, t: Keep(
        _text(o["player"], "player", t), _choice(o["stone"], "stone", t, ALL_STONES)
    ),
}


def to_record(action: Action) -> dict[str, Any]:
    """An action as its record object, ``type`` first, optional fields only when set."""
    t = _TYPE_OF[type(action)]
    if isinstance(action, Start):
        out: dict[str, Any] = {
            "type": t,
            "game": action.game,
            "players": list(action.players),
            "deal": {p: list(k) for p, k in zip(action.players, action.deal, strict=True)},
        }
        if action.supply != DEFAULT_SUPPLY:
            out["supply"] = action.supply
        return out
    out = {"type": t}
    for name in action.__slots__:
        v = getattr(action, name)
        if v is None or (isinstance(action, Call) and name == "stones" and v == OWN):
            continue
        out[name] = list(v) if isinstance(v, tuple) else v
    return out
