"""Messages sent to another machine as JSON, said there in its reader's language.

A table publishes its warnings to the club (``companion/mqtt/topics.py``) in English
and, beside each, the message itself: its msgid and parameters. The club page says it
in the page's language from its own catalogue. Standard library only.

``to_wire(message)`` gives a JSON-ready object (None for a plain string, which has no
msgid); ``from_wire(data, known)`` builds the ``Msg`` again. A message the reader's
catalogue does not know (``known(msgid, context)`` false: a newer table, or anything
made up) is refused with ``ValueError``, and so is a malformed one: the reader shows
the English that came with it. So a payload never chooses a format string of its own.

The form::

    {"id": "the table showed {seen} ...", "params": {"seen": {...}, "n": 2},
     "plural": "...", "n": 2, "ctx": "colour"}          # plural, n, ctx when set
    {"list": "and" | "or", "items": [...]}            # and_list, or_list
    {"join": "clauses" | "lines", "items": [...]}     # clauses, lines

A parameter is a JSON number, string, boolean or null, or a message in this form.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

from .message import GridMsg, JoinedMsg, ListMsg, Msg, and_list, clauses, lines, or_list

#: How deep messages may nest and how many items or parameters one may have.
MAX_DEPTH, MAX_ITEMS = 8, 64
_AND = and_list(["a", "b"]).msgid

Known = Callable[[str, "str | None"], bool]


def to_wire(value: Any) -> Any:
    """``value`` (a message) as JSON; None for a plain string, which says only itself."""
    if not isinstance(value, Msg):
        return None
    return _encode(value)


def _encode(value: Any) -> Any:
    if isinstance(value, GridMsg):
        return str(value)  # a terminal's picture: its English as it stands
    if isinstance(value, ListMsg):
        kind = "and" if value.msgid == _AND else "or"
        return {"list": kind, "items": [_encode(i) for i in value.items]}
    if isinstance(value, JoinedMsg):
        return {
            "join": "clauses" if value.upper else "lines",
            "items": [_encode(i) for i in value.items],
        }
    if isinstance(value, Msg):
        out: dict[str, Any] = {"id": value.msgid}
        if value.params:
            out["params"] = {str(k): _encode(v) for k, v in value.params.items()}
        if value.plural is not None:
            out["plural"], out["n"] = value.plural, value.count
        if value.context is not None:
            out["ctx"] = value.context
        return out
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def from_wire(data: Any, known: Known) -> Msg:
    """The message ``data`` describes. ``ValueError`` for one that is malformed, nests
    too deep, or has a msgid that ``known`` does not know."""
    value = _decode(data, known, 0)
    if not isinstance(value, Msg):
        raise ValueError("not a message: an object with 'id', 'list' or 'join'")
    return value


def _fields_are_names(pattern: str) -> bool:
    try:
        parsed = list(string.Formatter().parse(pattern))
    except ValueError:
        return False
    return all(name is None or name.isidentifier() for _, name, _, _ in parsed)


def _decode(data: Any, known: Known, depth: int) -> Any:
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if depth >= MAX_DEPTH:
        raise ValueError(f"a message nested deeper than {MAX_DEPTH}")
    if not isinstance(data, dict):
        raise ValueError(
            "a parameter is a number, text, true/false, null or a message,"
            f" not {type(data).__name__}"
        )
    if "list" in data or "join" in data:
        items = data.get("items")
        if not isinstance(items, list) or len(items) > MAX_ITEMS:
            raise ValueError(f"'items' is a list of at most {MAX_ITEMS}")
        parts = [_decode(i, known, depth + 1) for i in items]
        kinds = (
            {"and": and_list, "or": or_list}
            if "list" in data
            else {"clauses": clauses, "lines": lines}
        )
        make = kinds.get(data.get("list", data.get("join")))
        if make is None:
            raise ValueError(f"a list is one of {', '.join(kinds)}")
        return make(parts)
    msgid, ctx = data.get("id"), data.get("ctx")
    plural, n = data.get("plural"), data.get("n")
    params = data.get("params") or {}
    if not isinstance(msgid, str) or not (ctx is None or isinstance(ctx, str)):
        raise ValueError("a message's 'id' (and 'ctx') are text")
    if not known(msgid, ctx):
        raise ValueError(f"no such message in this catalogue: {msgid!r}")
    if plural is not None and (
        not isinstance(plural, str) or isinstance(n, bool) or not isinstance(n, int)
    ):
        raise ValueError("a plural message has a text 'plural' and a whole number 'n'")
    if not isinstance(params, dict) or len(params) > MAX_ITEMS:
        raise ValueError(f"'params' is an object of at most {MAX_ITEMS}")
    if not all(_fields_are_names(p) for p in (msgid, plural or "")):
        raise ValueError("a message's fields are plain names")
    values = {str(k): _decode(v, known, depth + 1) for k, v in params.items()}
    try:  # the English is made now: a field without its parameter fails here
        return Msg(msgid, values, plural=plural, count=n, context=ctx)
    except (KeyError, IndexError, TypeError, ValueError) as e:
        raise ValueError(f"the parameters do not fill {msgid!r}: {e!r}") from None


__all__ = ["MAX_DEPTH", "MAX_ITEMS", "from_wire", "to_wire"]
