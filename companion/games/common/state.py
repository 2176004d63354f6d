"""``evolve``: a copy of a frozen state object with some fields changed."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

_T = TypeVar("_T")
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def evolve(obj: _T, /, **changes: Any) -> _T:
    """A copy of a frozen state object with some fields changed.

    The same as ``dataclasses.replace`` for the games' state classes (no ``InitVar``s,
    no ``__post_init__``), without its per-call field introspection: it is the engines'
    hot path, and this halves the cost of every ``apply``.
    """
    cls = type(obj)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    values = [changes.pop(n) if n in changes else getattr(obj, n) for n in names]
    if changes:
        raise TypeError(f"{cls.__name__} has no field {', '.join(map(repr, changes))}")
    return cls(*values)
