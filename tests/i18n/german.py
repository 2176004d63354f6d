"""Checks that a message says in German what it says in English: every part translated,
every parameter (a name, a stone, a number) there in its German form, the plural form
that fits the count. Used by the i18n tests and by tests/games/conftest.py, which runs
them on every refusal the engine tests provoke."""

from __future__ import annotations

import string

from companion.i18n.catalogues import render, translations
from companion.i18n.message import JoinedMsg, ListMsg, Msg
from companion.i18n.numbers import number_format


def _in_catalogue(tr, part: Msg) -> bool:
    """Whether the German catalogue holds ``part`` (its German may equal its English)."""
    key = part.msgid if part.context is None else f"{part.context}\x04{part.msgid}"
    if part.plural is not None:
        key = (key, 0)
    return key in tr._catalog


def _fields(pattern: str) -> list[tuple[str, str | None, str]]:
    return [
        (name, conv, spec)
        for _, name, spec, conv in string.Formatter().parse(pattern)
        if name is not None
    ]


def _expected(value, conv: str | None, spec: str) -> str:
    if isinstance(value, Msg):
        value = render(value, "de")
    elif conv == "r":
        return repr(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number_format("de")(value, spec or "")
    return format(value, spec or "")


def german_problems(message: object) -> list[str]:
    """What is wrong with ``message`` in German (empty: nothing)."""
    if not isinstance(message, Msg):
        return [f"not a marked message (a plain {type(message).__name__}): {message!r}"]
    tr = translations("de")
    out: list[str] = []
    for part in message.parts():
        if isinstance(part, ListMsg | JoinedMsg):
            continue
        key = part.msgid if part.context is None else (part.context, part.msgid)
        if not _in_catalogue(tr, part):
            out.append(f"no German for {key!r}")
            continue
        if part.plural is not None:
            singular = tr.ngettext(part.msgid, part.plural, 1)
            plural = tr.ngettext(part.msgid, part.plural, 2)
            pattern = tr.ngettext(part.msgid, part.plural, part.count)
            wanted = singular if part.count == 1 else plural
            if pattern != wanted:
                out.append(f"{key!r}: count {part.count} takes {wanted!r}, got {pattern!r}")
        elif part.context is not None:
            pattern = tr.pgettext(part.context, part.msgid)
        else:
            pattern = tr.gettext(part.msgid)
        german = render(part, "de")
        for name, conv, spec in _fields(pattern):
            want = _expected(part.params[name], conv, spec)
            if want not in german:
                out.append(f"{key!r}: {name}={want!r} missing from the German {german!r}")
    return out
