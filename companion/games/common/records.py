"""Record objects to actions and back: field validators and the parse/serialise skeleton.

A validator takes the value, the field's name and the record type ``t`` (for the message),
returns the value, or raises ``MalformedRecord`` as ``"{t}: {field!r} must be ..., not
{value!r}"``. ``RecordFormat`` holds a game's table of record types, type -> (action
class, required fields, optional fields), and its builders, type -> ``build(obj, t)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...errors import MalformedRecord
from ...i18n.message import msg

#: type -> (action class, required fields, optional fields)
FieldTable = Mapping[str, tuple[type, tuple[str, ...], tuple[str, ...]]]
#: type -> build(record object, type): the action, its fields checked
Builders = Mapping[str, Callable[[dict, str], Any]]


def text(v: Any, field: str, t: str) -> str:
    """A non-empty string."""
    if not isinstance(v, str) or not v:
        raise MalformedRecord(
            msg("{t}: {field!r} must be a non-empty string, not {v!r}", t=t, field=field, v=v)
        )
    return v


def nonblank(v: Any, field: str, t: str) -> str:
    """A string with more than white space in it (same message as ``text``)."""
    if not isinstance(v, str) or not v.strip():
        raise MalformedRecord(
            msg("{t}: {field!r} must be a non-empty string, not {v!r}", t=t, field=field, v=v)
        )
    return v


def choice(v: Any, field: str, t: str, allowed: tuple[str, ...]) -> str:
    """One of ``allowed``."""
    if v not in allowed:
        raise MalformedRecord(
            msg(
                "{t}: {field!r} must be one of {allowed}, not {v!r}",
                t=t,
                field=field,
                allowed=", ".join(allowed),
                v=v,
            )
        )
    return v


def whole(v: Any, field: str, t: str) -> int:
    """A whole number (``true`` and ``false`` are not numbers)."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedRecord(
            msg("{t}: {field!r} must be a whole number, not {v!r}", t=t, field=field, v=v)
        )
    return v


def boolean(v: Any, field: str, t: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(v, bool):
        raise MalformedRecord(
            msg("{t}: {field!r} must be true or false, not {v!r}", t=t, field=field, v=v)
        )
    return v


def game(v: Any, name: str) -> str:
    """The ``start`` line's ``game``: exactly ``name``."""
    if v != name:
        raise MalformedRecord(msg("start: 'game' must be {name!r}, not {v!r}", name=name, v=v))
    return v


#: The longest player name, in characters (Unicode code points): what fits beside the
#: scores on the tablet and the table's screen.
NAME_MAX_CHARS = 24
NAME_RULE = (
    f"a name is 1 to {NAME_MAX_CHARS} printable characters (letters, digits, spaces, punctuation)"
)


def name_problem(name: Any) -> str | None:
    """What is wrong with ``name`` as a player's name, in words; None when it is fine.

    A name is text with more than white space in it, at most ``NAME_MAX_CHARS``
    characters, each printable: no control character (tab, newline, ...), no lone
    surrogate (half of a character, which no file can store), no other unprintable one.
    """
    if not isinstance(name, str):
        return f"{name!r} is not text"
    if not name.strip():
        return f"{name!r} is empty"
    if len(name) > NAME_MAX_CHARS:
        return f"{name[:NAME_MAX_CHARS]!r}... is {len(name)} characters long"
    for ch in name:
        if not ch.isprintable() and ch != " ":
            code = f"U+{ord(ch):04X}"
            if 0xD800 <= ord(ch) <= 0xDFFF:
                what = f"a broken character ({code}, half of a surrogate pair)"
            elif ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0:
                what = f"a control character ({code})"
            else:
                what = f"an unprintable character ({code})"
            return f"{name!r} holds {what}"
    return None


def player_names(players: Any, *, at_least: int = 1, in_order: str = "") -> list[str]:
    """The ``start`` line's ``players``: a list of at least ``at_least`` names, each as
    ``name_problem`` allows, none twice. ``in_order`` is added to the message for a
    value that is not a list of names (e.g. " in clockwise order")."""
    if not isinstance(players, list) or len(players) < max(at_least, 1):
        raise MalformedRecord(
            msg(
                "start: 'players' must be a list of names{in_order}, not {players!r}",
                in_order=in_order,
                players=players,
            )
        )
    for p in players:
        why = name_problem(p)
        if why is not None:
            raise MalformedRecord(f"start: the player name {why}; {NAME_RULE}")
    distinct(players)
    return players


def distinct(players: Sequence[str]) -> None:
    """The ``start`` line's players: no name twice."""
    if len(set(players)) != len(players):
        raise MalformedRecord(
            msg("start: every player needs a name of his own; a name appears twice")
        )


def same_players(
    given: Mapping[str, Any], players: Sequence[str], field: str, extra: str, lacking: str
) -> None:
    """The ``start`` line's ``field``, an object keyed by player, names every player and
    no one else; else ``"start: '{field}' {extra} X who is not playing and {lacking} Y"``."""
    if set(given) != set(players):
        more = sorted(set(given) - set(players))
        less = sorted(set(players) - set(given))
        parts = ([f"{extra} {', '.join(more)} who is not playing"] if more else []) + (
            [f"{lacking} {', '.join(less)}"] if less else []
        )
        raise MalformedRecord(f"start: {field!r} {' and '.join(parts)}")


def require(obj: Mapping[str, Any], required: Sequence[str], t: str) -> None:
    """Every field in ``required`` is present in ``obj``."""
    missing = [f for f in required if f not in obj]
    if missing:
        raise MalformedRecord(
            msg("{t}: missing field {fields}", t=t, fields=", ".join(repr(m) for m in missing))
        )


_KEEP = object()  # a field ``fields_record`` never omits for its value


class RecordFormat:
    """A game's record types: ``parse`` one record object, ``fields_record`` of an action.

    ``forbidden`` maps types the rules forbid outright to the whole message for them.
    ``fields_record`` leaves out None values (``omit_none``) and a field whose value is
    the one ``omit`` gives for (its class, its name), and names fields as ``rename`` says.
    """

    __slots__ = (
        "_build",
        "_fields",
        "_forbidden",
        "_omit",
        "_omit_none",
        "_plans",
        "_rename",
        "type_of",
        "types",
    )

    def __init__(
        self,
        fields: FieldTable,
        build: Builders,
        *,
        forbidden: Mapping[str, str] | None = None,
        omit_none: bool = False,
        omit: Mapping[tuple[type, str], Any] | None = None,
        rename: Mapping[str, str] | None = None,
    ) -> None:
        self._fields = dict(fields)
        self._build = dict(build)
        self._forbidden = dict(forbidden or {})
        self._omit_none = omit_none
        self._omit = dict(omit or {})
        self._rename = dict(rename or {})
        self._plans: dict[type, tuple[tuple[str, str, Any], ...]] = {}
        #: every record type, ``comment`` last
        self.types: tuple[str, ...] = (*self._fields, "comment")
        #: action class -> record type
        self.type_of: dict[type, str] = {cls: t for t, (cls, _, _) in self._fields.items()}

    def parse(self, obj: Any) -> Any:
        """One record object to an action; None for a ``comment``. Raises MalformedRecord."""
        if not isinstance(obj, dict):
            raise MalformedRecord(
                msg("each line must be a JSON object, not {kind}", kind=type(obj).__name__)
            )
        if "type" not in obj:
            raise MalformedRecord(msg("missing field 'type'"))
        t = obj["type"]
        if t == "comment":
            return None
        if self._forbidden and isinstance(t, str) and t in self._forbidden:
            raise MalformedRecord(self._forbidden[t])
        if not isinstance(t, str) or t not in self._fields:
            raise MalformedRecord(
                msg("unknown type {t!r}; the types are {types}", t=t, types=", ".join(self.types))
            )
        _, required, optional = self._fields[t]
        require(obj, required, t)
        unknown = [f for f in obj if f != "type" and f not in required and f not in optional]
        if unknown:
            allowed = ", ".join((*required, *optional))
            raise MalformedRecord(
                msg(
                    "{t}: unknown field {fields}; {t} has {allowed}",
                    t=t,
                    fields=", ".join(repr(u) for u in unknown),
                    allowed=allowed,
                )
            )
        return self._build[t](obj, t)

    def fields_record(self, action: Any) -> dict[str, Any]:
        """``action`` as ``{"type": ..., field: value, ...}`` in field order, tuples as
        lists, less the fields the format omits."""
        cls = type(action)
        out: dict[str, Any] = {"type": self.type_of[cls]}
        plan = self._plans.get(cls)
        if plan is None:
            plan = self._plans[cls] = tuple(
                (name, self._rename.get(name, name), self._omit.get((cls, name), _KEEP))
                for name in cls.__slots__
            )
        omit_none = self._omit_none
        for name, key, skip in plan:
            v = getattr(action, name)
            if (v is None and omit_none) or (skip is not _KEEP and v == skip):
                continue
            out[key] = list(v) if isinstance(v, tuple) else v
        return out
