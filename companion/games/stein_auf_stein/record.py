"""Stein auf Stein records: JSON objects to actions and back (``docs/records.md``).

``parse_action`` checks the shape of one record object (type, fields, their types);
whether the action is allowed now, and whether a block id is in the game's catalogue,
is the engine's business. Unknown fields are rejected so that a typo never silently
changes a game.
"""

from __future__ import annotations

import math
from typing import Any

from ...errors import MalformedRecord
from .actions import Action, Fall, Lift, Measure, Pile, Roll, Start, Stop
from .catalogue import Block
from .names import BUILDS, GAME, MEASURE_OF, ORDERS, OWN, SCORINGS, VARIANTS

# type -> (class, required fields, optional fields)
_FIELDS: dict[str, tuple[type, tuple[str, ...], tuple[str, ...]]] = {
    "start": (
        Start,
        ("game", "variant", "players", "blocks", "die"),
        ("scoring", "build", "order"),
    ),
    "roll": (Roll, ("player", "colour"), ()),
    "lift": (Lift, ("player", "blocks"), ()),
    "pile": (Pile, ("player", "block"), ()),
    "stop": (Stop, ("player",), ()),
    "fall": (Fall, ("player",), ()),
    "measure": (Measure, ("player", "mm"), ("of",)),
}
TYPES: tuple[str, ...] = (*_FIELDS, "comment")
_TYPE_OF: dict[type, str] = {cls: t for t, (cls, _, _) in _FIELDS.items()}
_BLOCK_FIELDS = ("id", "colour", "length_mm", "width_mm", "height_mm")


def _text(v: Any, field: str, t: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise MalformedRecord(f"{t}: {field!r} must be a non-empty string, not {v!r}")
    return v


def _choice(v: Any, field: str, t: str, allowed: tuple[str, ...]) -> str:
    if v not in allowed:
        raise MalformedRecord(f"{t}: {field!r} must be one of {', '.join(allowed)}, not {v!r}")
    return v


def _mm(v: Any, field: str, t: str) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise MalformedRecord(f"{t}: {field!r} must be a number of millimetres, not {v!r}")
    return v


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


def _block(o: Any, n: int) -> Block:
    t = f"start: block {n}"
    if not isinstance(o, dict):
        raise MalformedRecord(f"{t} must be an object with {', '.join(_BLOCK_FIELDS)}, not {o!r}")
    missing = [f for f in _BLOCK_FIELDS if f not in o]
    if missing:
        raise MalformedRecord(f"{t}: missing field {', '.join(repr(m) for m in missing)}")
    unknown = [f for f in o if f not in _BLOCK_FIELDS]
    if unknown:
        raise MalformedRecord(
            f"{t}: unknown field {', '.join(repr(u) for u in unknown)};"
            f" a block has {', '.join(_BLOCK_FIELDS)}"
        )
    sizes = []
    for f in _BLOCK_FIELDS[2:]:
        v = _mm(o[f], f, t)
        if v <= 0:
            raise MalformedRecord(f"{t}: {f!r} must be more than 0 mm, not {v!r}")
        sizes.append(v)
    return Block(_text(o["id"], "id", t), _text(o["colour"], "colour", t), *sizes)


def _start(o: dict, t: str) -> Start:
    if o["game"] != GAME:
        raise MalformedRecord(f"start: 'game' must be {GAME!r}, not {o['game']!r}")
    variant = _choice(o["variant"], "variant", t, VARIANTS)
    players = o["players"]
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, str) and p.strip() for p in players)
    ):
        raise MalformedRecord(
            f"start: 'players' must be a list of names in clockwise order, not {players!r}"
        )
    if len(set(players)) != len(players):
        raise MalformedRecord("start: every player needs a name of his own; a name appears twice")
    bs = o["blocks"]
    if not isinstance(bs, list) or not bs:
        raise MalformedRecord("start: 'blocks' must be a list of block objects, the catalogue")
    die = o["die"]
    if not isinstance(die, list) or not die or not all(isinstance(f, str) and f for f in die):
        raise MalformedRecord(f"start: 'die' must be a list of colours, one a face, not {die!r}")
    return Start(
        tuple(players),
        variant,
        tuple(_block(b, n) for n, b in enumerate(bs, start=1)),
        tuple(die),
        scoring=_choice(o["scoring"], "scoring", t, SCORINGS) if "scoring" in o else None,
        build=_choice(o["build"], "build", t, BUILDS) if "build" in o else None,
        order=_choice(o["order"], "order", t, ORDERS) if "order" in o else None,
    )


def _lift(o: dict, t: str) -> Lift:
    bs = o["blocks"]
    if not isinstance(bs, list) or not all(isinstance(b, str) and b for b in bs):
        raise MalformedRecord(
            f"lift: 'blocks' must be a list of block ids such as [\"R1\"] ([] when the crane"
            f" lifted nothing), not {bs!r}"
        )
    if len(set(bs)) != len(bs):
        raise MalformedRecord(f"lift: a block is listed twice in {bs!r}")
    return Lift(_text(o["player"], "player", t), tuple(bs))


def _measure(o: dict, t: str) -> Measure:
    v = _mm(o["mm"], "mm", t)
    if v < 0:
        raise MalformedRecord(f"measure: 'mm' cannot be negative ({v!r})")
    of = _choice(o.get("of", OWN), "of", t, MEASURE_OF)
    return Measure(_text(o["player"], "player", t), v, of)


_BUILD = {
    "start": _start,
    "roll": lambda o, t: Roll(_text(o["player"], "player", t), _text(o["colour"], "colour", t)),
    "lift": _lift,
    "pile": lambda o, t: Pile(_text(o["player"], "player", t), _text(o["block"], "block", t)),
    "stop": lambda o, t: Stop(_text(o["player"], "player", t)),
    "fall": lambda o, t: Fall(_text(o["player"], "player", t)),
    "measure": _measure,
}


def block_record(b: Block) -> dict[str, Any]:
    return {f: getattr(b, f) for f in _BLOCK_FIELDS}


def to_record(action: Action) -> dict[str, Any]:
    """An action as its record object, ``type`` first, optional fields only when set."""
    t = _TYPE_OF[type(action)]
    if isinstance(action, Start):
        out: dict[str, Any] = {
            "type": t,
            "game": action.game,
            "variant": action.variant,
            "players": list(action.players),
        }
        for name in ("scoring", "build", "order"):
            v = getattr(action, name)
            if v is not None:
                out[name] = v
        out["blocks"] = [block_record(b) for b in action.blocks]
        out["die"] = list(action.die)
        return out
    out = {"type": t}
    for name in action.__slots__:
        v = getattr(action, name)
        if isinstance(action, Measure) and name == "of" and v == OWN:
            continue
        out[name] = list(v) if isinstance(v, tuple) else v
    return out
