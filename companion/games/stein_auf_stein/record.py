"""Stein auf Stein records: JSON objects to actions and back (``docs/records.md``).

``parse_action`` checks the shape of one record object (type, fields, their types);
whether the action is allowed now, and whether a block id is in the game's catalogue,
is the engine's business. Unknown fields are rejected so that a typo never silently
changes a game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ...errors import MalformedRecord
from ...i18n.message import msg
from ..common.records import RecordFormat, choice, game, nonblank, player_names, require
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
_BLOCK_FIELDS = ("id", "colour", "length_mm", "width_mm", "height_mm")


def _mm(v: Any, field: str, t: str) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise MalformedRecord(
            msg("{t}: {field!r} must be a number of millimetres, not {v!r}", t=t, field=field, v=v)
        )
    return v


def _block(o: Any, n: int) -> Block:
    t = f"start: block {n}"
    if not isinstance(o, dict):
        raise MalformedRecord(
            msg(
                "{t} must be an object with {fields}, not {o!r}",
                t=t,
                fields=", ".join(_BLOCK_FIELDS),
                o=o,
            )
        )
    require(o, _BLOCK_FIELDS, t)
    unknown = [f for f in o if f not in _BLOCK_FIELDS]
    if unknown:
        raise MalformedRecord(
            msg(
                "{t}: unknown field {unknown}; a block has {fields}",
                t=t,
                unknown=", ".join(repr(u) for u in unknown),
                fields=", ".join(_BLOCK_FIELDS),
            )
        )
    sizes = []
    for f in _BLOCK_FIELDS[2:]:
        v = _mm(o[f], f, t)
        if v <= 0:
            raise MalformedRecord(
                msg("{t}: {f!r} must be more than 0 mm, not {v!r}", t=t, f=f, v=v)
            )
        sizes.append(v)
    return Block(nonblank(o["id"], "id", t), nonblank(o["colour"], "colour", t), *sizes)


def _start(o: dict, t: str) -> Start:
    game(o["game"], GAME)
    variant = choice(o["variant"], "variant", t, VARIANTS)
    players = o["players"]
    player_names(players, in_order=msg(" in clockwise order"))
    bs = o["blocks"]
    if not isinstance(bs, list) or not bs:
        raise MalformedRecord(msg("start: 'blocks' must be a list of block objects, the catalogue"))
    die = o["die"]
    if not isinstance(die, list) or not die or not all(isinstance(f, str) and f for f in die):
        raise MalformedRecord(
            msg("start: 'die' must be a list of colours, one a face, not {die!r}", die=die)
        )
    return Start(
        tuple(players),
        variant,
        tuple(_block(b, n) for n, b in enumerate(bs, start=1)),
        tuple(die),
        scoring=choice(o["scoring"], "scoring", t, SCORINGS) if "scoring" in o else None,
        build=choice(o["build"], "build", t, BUILDS) if "build" in o else None,
        order=choice(o["order"], "order", t, ORDERS) if "order" in o else None,
    )


def _lift(o: dict, t: str) -> Lift:
    bs = o["blocks"]
    if not isinstance(bs, list) or not all(isinstance(b, str) and b for b in bs):
        raise MalformedRecord(
            msg(
                "lift: 'blocks' must be a list of block ids such as {example} ([] when the crane"
                " lifted nothing), not {bs!r}",
                example='["R1"]',
                bs=bs,
            )
        )
    if len(set(bs)) != len(bs):
        raise MalformedRecord(msg("lift: a block is listed twice in {bs!r}", bs=bs))
    return Lift(nonblank(o["player"], "player", t), tuple(bs))


def _measure(o: dict, t: str) -> Measure:
    v = _mm(o["mm"], "mm", t)
    if v < 0:
        raise MalformedRecord(msg("measure: 'mm' cannot be negative ({v!r})", v=v))
    of = choice(o.get("of", OWN), "of", t, MEASURE_OF)
    return Measure(nonblank(o["player"], "player", t), v, of)


_BUILD = {
    "start": _start,
    "roll": lambda o, t: Roll(
        nonblank(o["player"], "player", t), nonblank(o["colour"], "colour", t)
    ),
    "lift": _lift,
    "pile": lambda o, t: Pile(nonblank(o["player"], "player", t), nonblank(o["block"], "block", t)),
    "stop": lambda o, t: Stop(nonblank(o["player"], "player", t)),
    "fall": lambda o, t: Fall(nonblank(o["player"], "player", t)),
    "measure": _measure,
}


def block_record(b: Block) -> dict[str, Any]:
    return {f: getattr(b, f) for f in _BLOCK_FIELDS}


_FORMAT = RecordFormat(_FIELDS, _BUILD, omit={(Measure, "of"): OWN})
TYPES: tuple[str, ...] = _FORMAT.types
parse_action: Callable[[Any], Action | None] = _FORMAT.parse
"""One record object to an action; None for a ``comment``. Raises MalformedRecord."""


def to_record(action: Action) -> dict[str, Any]:
    """An action as its record object, ``type`` first, optional fields only when set."""
    if isinstance(action, Start):
        out: dict[str, Any] = {
            "type": "start",
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
    return _FORMAT.fields_record(action)
