"""Observations as JSON objects (``{"type": class name, field: value, ...}``) and back.

Every observation of ``sensing/observations.py`` round-trips exactly: floats are kept
as Python writes them (``json`` keeps the shortest repr), tuples of ``CellChange`` (and
of ``SlotSeen``: a card game's slots) as lists of objects, other tuples
(``ScaleNoise.noise_g``: pairs) as lists.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..sensing import observations as O

_CAMERA = (O.CellsChanged, O.BoardLost, O.CardsSeen)
_TYPES = {
    cls.__name__: cls
    for cls in vars(O).values()
    if isinstance(cls, type) and issubclass(cls, O.Observation) and cls is not O.Observation
}


def is_camera(obs: O.Observation) -> bool:
    """The camera made ``obs`` (replayed as recorded); every other comes from the scale."""
    return isinstance(obs, _CAMERA)


def to_json(obs: O.Observation) -> dict[str, Any]:
    """``obs`` as a JSON object: ``type`` (the class name) and its fields."""
    out: dict[str, Any] = {"type": type(obs).__name__}
    for f in dataclasses.fields(obs):
        value = getattr(obs, f.name)
        if isinstance(value, tuple):
            value = [dataclasses.asdict(v) if dataclasses.is_dataclass(v) else _list(v)
                     for v in value]  # fmt: skip
        out[f.name] = value
    return out


def from_json(obj: dict[str, Any]) -> O.Observation:
    """The observation ``to_json`` wrote; ``ValueError`` names an unknown type or field."""
    cls = _TYPES.get(obj.get("type")) if isinstance(obj, dict) else None
    if cls is None:
        raise ValueError(f"not an observation: {str(obj)[:80]}")
    kwargs = {k: v for k, v in obj.items() if k != "type"}
    if cls is O.CellsChanged:
        kwargs["changes"] = tuple(O.CellChange(**c) for c in kwargs.get("changes", ()))
    if cls is O.CardsSeen:
        kwargs["slots"] = tuple(_slot(s) for s in kwargs.get("slots", ()))
    for f in dataclasses.fields(cls):  # other tuples were written as lists
        if f.name not in ("changes", "slots") and isinstance(kwargs.get(f.name), list):
            kwargs[f.name] = _tuple(kwargs[f.name])
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise ValueError(f"{cls.__name__}: {e}") from e


def _slot(obj: Any) -> O.SlotSeen:
    if not isinstance(obj, dict):
        raise ValueError(f"CardsSeen: a slot is an object, not {str(obj)[:40]}")
    try:
        return O.SlotSeen(**{k: _tuple(v) for k, v in obj.items()})
    except TypeError as e:
        raise ValueError(f"CardsSeen: {e}") from e


def _list(v: Any) -> Any:
    return [_list(x) for x in v] if isinstance(v, tuple) else v


def _tuple(v: Any) -> Any:
    return tuple(_tuple(x) for x in v) if isinstance(v, list) else v
