"""HiLo records: JSON objects to actions and back (``docs/records.md``, section HiLo).

``parse_action`` checks the shape of one record object (type, fields, their types,
slot names); whether the action is allowed now, and whether a card id is in the deck,
is the engine's business. Unknown fields are rejected so that a typo never silently
changes a game.
"""

from __future__ import annotations

from typing import Any

from ...errors import MalformedRecord
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
TYPES: tuple[str, ...] = (*_FIELDS, "comment")
_TYPE_OF: dict[type, str] = {c: t for t, (c, _, _) in _FIELDS.items()}
#: Types a recorder might reach for that the rules forbid outright.
_FORBIDDEN = {
    "move": "the layout rule: cards are never moved within a layout",
    "swap": "the layout rule: cards are never swapped within a layout"
    " (only the Magician's 'spell' exchanges, with another player's layout)",
}


def _text(v: Any, field: str, t: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise MalformedRecord(f"{t}: {field!r} must be a non-empty string, not {v!r}")
    return v


def _slot(v: Any, field: str, t: str) -> str:
    if v not in SLOTS:
        raise MalformedRecord(
            f"{t}: {field!r} must be a slot, T1..T6 (top row) or B1..B6 (bottom row), not {v!r}"
        )
    return v


def _card(v: Any, field: str, t: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise MalformedRecord(f"{t}: {field!r} must be a card id from the catalogue, not {v!r}")
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
    if isinstance(t, str) and t in _FORBIDDEN:
        raise MalformedRecord(f"there is no {t!r} in HiLo: {_FORBIDDEN[t]}")
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
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise MalformedRecord("start: 'players' must be a list of names")
    if len(players) < 2:
        raise MalformedRecord(f"start: HiLo needs at least 2 players, not {len(players)}")
    if len(set(players)) != len(players):
        raise MalformedRecord("start: every player needs a name of his own; a name appears twice")
    name = _text(o["catalogue"], "catalogue", t)
    cards = None
    if "cards" in o:
        cards = cat.from_dict({"name": name, "cards": o["cards"]})
    return Start(tuple(players), name, cards)


def _take_like(cls):
    def build(o: dict, t: str):
        d = o.get("discards")
        return cls(
            _text(o["player"], "player", t),
            _slot(o["slot"], "slot", t),
            None if d is None else _card(d, "discards", t),
        )

    return build


def _uncover(o: dict, t: str) -> Uncover:
    cards = o["cards"]
    if not isinstance(cards, dict) or not cards:
        raise MalformedRecord(
            'uncover: \'cards\' must be an object {slot: card}, such as {"T2": "wolf-a"},'
            f" not {cards!r}"
        )
    pairs = tuple(
        (_slot(s, "cards", t), _card(c, "cards", t))
        for s, c in sorted(
            cards.items(), key=lambda kv: SLOTS.index(kv[0]) if kv[0] in SLOTS else -1
        )
    )
    return Uncover(_text(o["player"], "player", t), pairs)


_BUILD = {
    "start": _start,
    "upturn": lambda o, t: Upturn(_card(o["card"], "card", t)),
    "reveal": lambda o, t: Reveal(
        _text(o["player"], "player", t), _slot(o["slot"], "slot", t), _card(o["card"], "card", t)
    ),
    "redraw": lambda o, t: Redraw(_text(o["player"], "player", t), _card(o["card"], "card", t)),
    "take": _take_like(Take),
    "draw": lambda o, t: Draw(_text(o["player"], "player", t), _card(o["card"], "card", t)),
    "exchange": _take_like(Exchange),
    "discard": lambda o, t: Discard(_text(o["player"], "player", t)),
    "spell": lambda o, t: Spell(
        _text(o["player"], "player", t),
        _slot(o["slot"], "slot", t),
        _text(o["with"], "with", t),
        _slot(o["at"], "at", t),
    ),
    "uncover": _uncover,
}


def to_record(action: Action) -> dict[str, Any]:
    """An action as its record object, ``type`` first, optional fields only when set."""
    t = _TYPE_OF[type(action)]
    if isinstance(action, Start):
        out: dict[str, Any] = {
            "type": t,
            "game": action.game,
            "players": list(action.players),
            "catalogue": action.catalogue,
        }
        if action.cards is not None:
            out["cards"] = [cat.card_to_dict(c) for c in action.cards.cards]
        return out
    if isinstance(action, Uncover):
        return {"type": t, "player": action.player, "cards": dict(action.cards)}
    out = {"type": t}
    for name in action.__slots__:
        v = getattr(action, name)
        if v is None:
            continue
        out["with" if name == "with_" else name] = v
    return out
