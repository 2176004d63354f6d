"""HiLo records: JSON objects to actions and back (``docs/records.md``, section HiLo).

``parse_action`` checks the shape of one record object (type, fields, their types,
slot names); whether the action is allowed now, and whether a card id is in the deck,
is the engine's business. Unknown fields are rejected so that a typo never silently
changes a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import MalformedRecord
from ...i18n.message import msg
from ..common.records import RecordFormat, game, nonblank, player_names
from . import catalogue as cat
from .actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Redraw,
    Reveal,
    Spell,
    Start,
    Take,
    Uncover,
    Upturn,
)
from .names import GAME, SLOTS

# type -> (class, required fields, optional fields)
_FIELDS: dict[str, tuple[type, tuple[str, ...], tuple[str, ...]]] = {
    "start": (Start, ("game", "players", "catalogue"), ("cards",)),
    "upturn": (Upturn, ("card",), ()),
    "reveal": (Reveal, ("player", "slot", "card"), ()),
    "redraw": (Redraw, ("player", "card"), ()),
    "take": (Take, ("player", "slot"), ("discards",)),
    "draw": (Draw, ("player", "card"), ()),
    "exchange": (Exchange, ("player", "slot"), ("discards",)),
    "discard": (Discard, ("player",), ()),
    "spell": (Spell, ("player", "slot", "with", "at"), ()),
    "uncover": (Uncover, ("player", "cards"), ()),
}
#: Types a recorder might reach for that the rules forbid outright, and why.
_FORBIDDEN = {
    "move": "there is no 'move' in HiLo: the layout rule: cards are never moved within a layout",
    "swap": "there is no 'swap' in HiLo: the layout rule: cards are never swapped within a layout"
    " (only the Magician's 'spell' exchanges, with another player's layout)",
}


def _slot(v: Any, field: str, t: str) -> str:
    if v not in SLOTS:
        raise MalformedRecord(
            msg(
                "{t}: {field!r} must be a slot, T1..T6 (top row) or B1..B6 (bottom row), not {v!r}",
                t=t,
                field=field,
                v=v,
            )
        )
    return v


def _card(v: Any, field: str, t: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise MalformedRecord(
            msg(
                "{t}: {field!r} must be a card id from the catalogue, not {v!r}",
                t=t,
                field=field,
                v=v,
            )
        )
    return v


def _start(o: dict, t: str) -> Start:
    game(o["game"], GAME)
    players = o["players"]
    player_names(players)
    if len(players) < 2:
        raise MalformedRecord(msg("start: HiLo needs at least 2 players, not {n}", n=len(players)))
    name = nonblank(o["catalogue"], "catalogue", t)
    cards = None
    if "cards" in o:
        cards = cat.from_dict({"name": name, "cards": o["cards"]})
    return Start(tuple(players), name, cards)


def _take_like(cls):
    def build(o: dict, t: str):
        d = o.get("discards")
        return cls(
            nonblank(o["player"], "player", t),
            _slot(o["slot"], "slot", t),
            None if d is None else _card(d, "discards", t),
        )

    return build


def _uncover(o: dict, t: str) -> Uncover:
    cards = o["cards"]
    if not isinstance(cards, dict) or not cards:
        raise MalformedRecord(
            msg(
                "uncover: 'cards' must be an object {example}, such as {such}, not {cards!r}",
                example="{slot: card}",
                such='{"T2": "wolf-a"}',
                cards=cards,
            )
        )
    pairs = tuple(
        (_slot(s, "cards", t), _card(c, "cards", t))
        for s, c in sorted(
            cards.items(), key=lambda kv: SLOTS.index(kv[0]) if kv[0] in SLOTS else -1
        )
    )
    return Uncover(nonblank(o["player"], "player", t), pairs)


_BUILD = {
    "start": _start,
    "upturn": lambda o, t: Upturn(_card(o["card"], "card", t)),
    "reveal": lambda o, t: Reveal(
        nonblank(o["player"], "player", t), _slot(o["slot"], "slot", t), _card(o["card"], "card", t)
    ),
    "redraw": lambda o, t: Redraw(nonblank(o["player"], "player", t), _card(o["card"], "card", t)),
    "take": _take_like(Take),
    "draw": lambda o, t: Draw(nonblank(o["player"], "player", t), _card(o["card"], "card", t)),
    "exchange": _take_like(Exchange),
    "discard": lambda o, t: Discard(nonblank(o["player"], "player", t)),
    "spell": lambda o, t: Spell(
        nonblank(o["player"], "player", t),
        _slot(o["slot"], "slot", t),
        nonblank(o["with"], "with", t),
        _slot(o["at"], "at", t),
    ),
    "uncover": _uncover,
}


_FORMAT = RecordFormat(
    _FIELDS, _BUILD, forbidden=_FORBIDDEN, omit_none=True, rename={"with_": "with"}
)
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
            "catalogue": action.catalogue,
        }
        if action.cards is not None:
            out["cards"] = [cat.card_to_dict(c) for c in action.cards.cards]
        return out
    if isinstance(action, Uncover):
        return {"type": "uncover", "player": action.player, "cards": dict(action.cards)}
    return _FORMAT.fields_record(action)
