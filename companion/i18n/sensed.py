"""The sensing's own sentences in the players' language: a load cell's fault, why the
scale cannot decide (``ScaleNoise.problem``) and the advice on its noise (``doctor``).

The scale's sensing (``companion/sensing/scale*.py``) says these in English, with its
measured figures written in. ``sensed(text)`` recognises such a sentence by its known
shape and gives it back as a message (``Msg``) with those figures as parameters, so
that it is said in any language with the language's decimal sign (``0,5 g``); a
sentence of another shape comes back as it is (English). Standard library only.

Each shape below is the English the sensing writes, with its figures as ``{fields}``:
a field with a format spec is a number (``{s:.1f}``), ``{n:d}`` a whole number; the
others are listed in ``_FIELDS`` (a load cell's name, the list of the cells' noise,
the stones' names, one of several sentences). ``tests/i18n/test_sensed.py`` builds each
sentence with the sensing's own functions and checks that it is recognised and said in
German; when the sensing changes its words, that test fails (and the sentence stays
English until the shape here follows).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .message import Msg, commas, msg, semicolons, term

_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?(?:e[-+]?\d+)?|inf|nan)"
_INT = r"-?\d+"


def channel(name: str) -> Any:
    """A load cell's name (``wedge``, ``left``, ``right``) as a word of the language."""
    return _CHANNELS.get(name, name)


_CHANNELS = {
    "wedge": term("channel", "wedge"),
    "left": term("channel", "left"),
    "right": term("channel", "right"),
}


@dataclass(frozen=True)
class _Field:
    """A field that is not a number: what it looks like and how it becomes a parameter."""

    regex: str
    value: Callable[[str], Any]


@dataclass(frozen=True)
class _Shape:
    """One sentence: its message (the English with ``{fields}``) and, compiled, a regex
    that matches the English with the fields' values and captures each."""

    pattern: Msg
    fields: dict[str, _Field]

    def regex(self, capture: bool) -> str:
        out = []
        for literal, name, spec, _ in string.Formatter().parse(self.pattern.msgid):
            out.append(re.escape(literal))
            if name is None:
                continue
            body = (_INT if spec.endswith("d") else _NUMBER) if spec else self.fields[name].regex
            out.append(f"(?P<{name}>{body})" if capture else f"(?:{body})")
        return "".join(out)

    def match(self, text: str) -> Msg | None:
        m = re.fullmatch(self.regex(True), text, flags=re.DOTALL)
        if m is None:
            return None
        params = {}
        for _, name, spec, _ in string.Formatter().parse(self.pattern.msgid):
            if name is None:
                continue
            raw = m.group(name)
            if spec:
                params[name] = int(raw) if spec.endswith("d") else float(raw)
            else:
                params[name] = self.fields[name].value(raw)
            if params[name] is None:
                return None
        out = Msg(self.pattern.msgid, params)
        return out if str(out) == text else None  # the English must come back the same


def _one_of(*shapes: _Shape) -> _Field:
    """A field that is one of several sentences."""

    def value(text: str) -> Msg | None:
        return next((m for s in shapes if (m := s.match(text)) is not None), None)

    return _Field("|".join(s.regex(False) for s in shapes), value)


def _cells(text: str) -> Msg | str:
    """``wedge 0.5 g, left 0.4 g, right 0.3 g``: each cell's noise."""
    parts = []
    for item in text.split(", "):
        name, grams, _ = item.split(" ")
        parts.append(msg("{cell} {g:.1f} g", cell=channel(name), g=float(grams)))
    return commas(parts)


_CELL = _Field("wedge|left|right", channel)
_CELLS = _Field(r"[a-z]+ -?\d+\.\d g(?:, [a-z]+ -?\d+\.\d g)*", _cells)
_STONES = _Field(r"[A-Za-z0-9_+-]+", str)


def _shape(pattern: Msg, **fields: _Field) -> _Shape:
    return _Shape(pattern, fields)


# -- a load cell's fault (``scale_cells``: ``Fault.reason``) -----------------------------

_FAULTS = (
    _shape(
        msg(
            "no samples yet for {s:.1f} s: the HX711 is unplugged, unpowered, or its data or"
            " clock wire is broken"
        )
    ),
    _shape(
        msg(
            "no samples for {s:.1f} s: the HX711 is unplugged, unpowered, or its data or"
            " clock wire is broken"
        )
    ),
    _shape(
        msg(
            "noisy: about {sd:.0f} g of noise (expected under {limit:g} g): a loose"
            " connector, a cable near a motor, or a failing cell"
        )
    ),
    _shape(
        msg(
            "stuck at the saturation code {raw:d} for {n:d} samples: the load is beyond the"
            " cell's range, or the cell's wires to the HX711 are broken"
        )
    ),
)

# -- why the scale cannot decide (``scale_problems.describe``: ``ScaleNoise.problem``) ----

_FIX = _shape(
    msg(
        "Tighten the load cells' screws, shield or shorten the HX711 wires, use the 10"
        " samples/s mode (RATE pin low: it rejects mains hum), then calibrate again"
    )
)
_FIX_LOWER = _shape(
    msg(
        "tighten the load cells' screws, shield or shorten the HX711 wires, use the 10"
        " samples/s mode (RATE pin low: it rejects mains hum), then calibrate again"
    )
)
_CAME = _one_of(
    _shape(msg("stones came {pace:.1f} s apart")),
    _shape(msg("stones came one after another")),
)
_ADVICE = _one_of(_shape(msg("use 80 samples/s or wait")), _shape(msg("wait")))
_WHAT = _one_of(_shape(msg("put down")), _shape(msg("taken off")))

_PROBLEMS = (
    _shape(
        msg(
            "the scale is too noisy to tell stones {gap:g} g apart: noise {cells} a cell,"
            " {total:.1f} g on the sum; averaging {average:g} s it tells apart only"
            " {resolution:.0f} g. {fix}"
        ),
        cells=_CELLS,
        fix=_one_of(_FIX),
    ),
    _shape(
        msg(
            "the scale is noisy: {cells} a cell, {total:.1f} g on the sum; it needs"
            " {decide:.1f} s of rest to name a {lightest:g} g stone and its space: wait"
            " that long between stones. {fix}"
        ),
        cells=_CELLS,
        fix=_one_of(_FIX),
    ),
    _shape(
        msg(
            "the scale has not been at rest for {restless:.0f} s (noise {cells} a cell):"
            " take hands off the beam; if nothing touches it, {fix}"
        ),
        cells=_CELLS,
        fix=_one_of(_FIX_LOWER),
    ),
    _shape(
        msg(
            "the {cell} load cell drifts {drift:+.1f} g/min at rest: let the cells warm up,"
            " keep the scale out of sun and drafts, check the cell's screws, then calibrate"
            " again"
        ),
        cell=_CELL,
    ),
    _shape(
        msg(
            "{came}, faster than the scale names them at {rate:.0f} samples/s (it takes"
            " about {name:.1f} s after a stone; noise {cells} a cell): {advice} a moment"
            " between stones; stones put down meanwhile are named late or not at all: check them on"
            " the tablet"
        ),
        came=_CAME,
        cells=_CELLS,
        advice=_ADVICE,
    ),
    _shape(
        msg(
            "a load of {mass:.0f} g was {what} at {x:+.0f} mm, which is no stone's (no stone"
            " weighs that, or it lies off the spaces): stones put down or taken off faster"
            " than the scale names them (about {name:.1f} s after each at {rate:.0f}"
            " samples/s, noise {cells} a cell), or a hand on the beam. Check the stones on"
            " the tablet; wait a moment between stones"
        ),
        what=_WHAT,
        cells=_CELLS,
    ),
    _shape(
        msg(
            "the load shifted by {torque:+.0f} g·mm {after:.1f} s after a stone was named,"
            " with no hand seen: the stone rocked or slid after it was weighed (its place"
            " may be off), or the Stone of Fate moved (noise {cells} a cell). Check the"
            " stones and the Stone of Fate on the tablet"
        ),
        cells=_CELLS,
    ),
    _shape(
        msg(
            "a load of {off:.0f} g was taken off {after:.1f} s after a {on:.0f} g stone was"
            " named on the same space, which is not that stone's mass: a hand resting on"
            " the beam there may have been weighed as a stone (noise {cells} a cell). Check"
            " the stones on the tablet; take hands off the beam while the scale weighs"
        ),
        cells=_CELLS,
    ),
)
_MEANWHILE = ". Enter placements on the tablet meanwhile"
_SCALE_PROBLEMS = msg("{problems}. Enter placements on the tablet meanwhile")


def _problems(text: str) -> Msg | None:
    """The problems ``describe`` joined with ``; `` (one may hold ``; `` itself)."""
    if not text.endswith(_MEANWHILE):
        return None
    found: list[Msg] = []
    rest = text[: -len(_MEANWHILE)]
    regexes = [(s, re.compile(s.regex(False), flags=re.DOTALL)) for s in _PROBLEMS]
    while rest:
        for shape, regex in regexes:
            m = regex.match(rest)
            if m is None or (rest[m.end() :] and not rest[m.end() :].startswith("; ")):
                continue
            said = shape.match(m.group(0))
            if said is None:
                continue
            found.append(said)
            rest = rest[m.end() + 2 :]
            break
        else:
            return None
    return Msg(_SCALE_PROBLEMS.msgid, {"problems": semicolons(found)}) if found else None


# -- the advice on the cells' noise (``scale_stats.judge_noise``: ``doctor scale``) -----

_JUDGE_FIX = _shape(
    msg(
        "tighten the load cells' screws, shield or shorten the HX711 wires (twisted pairs,"
        " away from motors and mains), use the 10 samples/s mode (RATE pin low), then"
        " companion calibrate scale again"
    )
)
_ADVICES = (
    _shape(msg("a cell gave no readings: see the channels above")),
    _shape(
        msg(
            "stones {gap:g} g apart cannot be told apart (only {resolution:.1f} g,"
            " averaging {average:g} s): {fix}"
        ),
        fix=_one_of(_JUDGE_FIX),
    ),
    _shape(
        msg(
            "naming a {lightest:g} g stone takes {decide:.2f} s of rest: put stones down at"
            " least that far apart, or {fix}"
        ),
        fix=_one_of(_JUDGE_FIX),
    ),
    _shape(msg("a {lightest:g} g stone is named within {decide:.2f} s")),
)

_SHAPES: Sequence[_Shape] = (*_FAULTS, *_ADVICES)


def sensed(text: Any) -> Any:
    """``text``, a sentence of the sensing, as a message in any language; a message
    already, or a sentence of no known shape, comes back as it is (English)."""
    if isinstance(text, Msg) or not isinstance(text, str):
        return text
    for shape in _SHAPES:
        said = shape.match(text)
        if said is not None:
            return said
    said = _problems(text)
    return text if said is None else said


__all__ = ["channel", "sensed"]
