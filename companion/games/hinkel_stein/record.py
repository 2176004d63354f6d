"""Hinkel & Stein records: JSON objects to actions and back, exactly as the spec says.

``parse_action`` checks the shape of one record object (type, fields, their types and
names); whether the action is allowed now is the engine's business. Unknown fields are
rejected so that a typo never silently changes a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import MalformedRecord
from ...i18n.message import msg
from ..common.records import (
    RecordFormat,
    boolean,
    choice,
    game,
    player_names,
    same_players,
    text,
    whole,
)
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
_STONE_NAMES = "P1, P2, H1..H5, Q1..Q5, B1..B5"


def _stones(v: Any, field: str, t: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not v:
        raise MalformedRecord(
            msg(
                "{t}: {field!r} must be a list of stones such as {example}, not {v!r}",
                t=t,
                field=field,
                example='["P1"]',
                v=v,
            )
        )
    for s in v:
        if s not in ALL_STONES:
            raise MalformedRecord(
                msg(
                    "{t}: unknown stone {s!r}; the stones are {stones}",
                    t=t,
                    s=s,
                    stones=_STONE_NAMES,
                )
            )
    if len(set(v)) != len(v):
        raise MalformedRecord(msg("{t}: a stone is listed twice in {v!r}", t=t, v=v))
    return tuple(v)


def _start(o: dict, t: str) -> Start:
    game(o["game"], GAME)
    players = o["players"]
    player_names(players)
    if not 2 <= len(players) <= 4:
        raise MalformedRecord(
            msg("start: Hinkel & Stein is for 2 to 4 players, not {n}", n=len(players))
        )
    deal = o["deal"]
    if not isinstance(deal, dict):
        raise MalformedRecord(
            msg("start: 'deal' must be an object {example}", example="{name: [kinds]}")
        )
    same_players(deal, players, "deal", "deals to", "deals nothing to")
    cards = []
    for p in players:
        ks = deal[p]
        if not isinstance(ks, list) or not all(k in KINDS for k in ks):
            raise MalformedRecord(
                msg(
                    "start: {who}'s deal must be a list of kinds ({kinds}), not {ks!r}",
                    who=p,
                    kinds=", ".join(KINDS),
                    ks=ks,
                )
            )
        cards.append(tuple(ks))
    supply = whole(o.get("supply", DEFAULT_SUPPLY), "supply", t)
    if supply < 0:
        raise MalformedRecord(msg("start: 'supply' cannot be negative ({n})", n=supply))
    return Start(tuple(players), tuple(cards), supply)


def _stake(o: dict, t: str) -> Stake:
    has_add, has_take = "add" in o, "take" in o
    if has_add == has_take:
        raise MalformedRecord(msg("stake: give exactly one of 'add' (1 to 4 discs) or 'take' (1)"))
    if has_add:
        n = whole(o["add"], "add", t)
        if n < 1:
            raise MalformedRecord(msg("stake: 'add' must be at least 1, not {n}", n=n))
        return Stake(text(o["player"], "player", t), add=n)
    n = whole(o["take"], "take", t)
    if n != 1:
        raise MalformedRecord(msg("stake: 'take' is always 1, not {n}", n=n))
    return Stake(text(o["player"], "player", t), take=n)


def _fate(o: dict, t: str) -> Fate:
    x = o["x"]
    if isinstance(x, bool) or not isinstance(x, int | float) or x != x or abs(x) == float("inf"):
        raise MalformedRecord(msg("fate: 'x' must be a number of millimetres, not {x!r}", x=x))
    return Fate(text(o["player"], "player", t), x)


_BUILD = {
    "start": _start,
    "offer": lambda o, t: Offer(text(o["player"], "player", t), text(o["to"], "to", t)),
    "answer": lambda o, t: Answer(
        text(o["player"], "player", t), boolean(o["accept"], "accept", t)
    ),
    "condition": lambda o, t: Condition(
        text(o["player"], "player", t), choice(o["wins"], "wins", t, CONDITIONS)
    ),
    "call": lambda o, t: Call(
        text(o["player"], "player", t),
        text(o["calls"], "calls", t),
        choice(o.get("stones", OWN), "stones", t, CALL_STONES),
    ),
    "mode": lambda o, t: Mode(
        text(o["player"], "player", t),
        choice(o["kind"], "kind", t, KINDS),
        boolean(o["active"], "active", t),
    ),
    "stake": _stake,
    "notch": lambda o, t: Notch(
        text(o["player"], "player", t), choice(o["notch"], "notch", t, NOTCHES)
    ),
    "place": lambda o, t: Place(
        text(o["player"], "player", t),
        _stones(o["stones"], "stones", t),
        choice(o["space"], "space", t, SPACES),
    ),
    "boulder": lambda o, t: Boulder(
        text(o["player"], "player", t),
        _stones(o["stones"], "stones", t),
        choice(o["space"], "space", t, SPACES),
    ),
    "fate": _fate,
    "tilt": lambda o, t: Tilt(choice(o["down"], "down", t, SIDES)),
    "keep": lambda o, t: Keep(
        text(o["player"], "player", t), choice(o["stone"], "stone", t, ALL_STONES)
    ),
}


_FORMAT = RecordFormat(_FIELDS, _BUILD, omit_none=True, omit={(Call, "stones"): OWN})
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
            "deal": {p: list(k) for p, k in zip(action.players, action.deal, strict=True)},
        }
        if action.supply != DEFAULT_SUPPLY:
            out["supply"] = action.supply
        return out
    return _FORMAT.fields_record(action)
