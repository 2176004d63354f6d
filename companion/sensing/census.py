"""Naming a stone from its mass: the stone census and the stones a player may place now.

The census maps stone names to grams as weighed in calibration (``[stones]`` of the
profile). A placement is one stone or, for the pillars, both together; ``allowed``
lists what the player may place now, each entry a stone name or a tuple of names
placed together (``("P1", "P2")``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..i18n.message import Msg, commas, msg, term


@dataclass(frozen=True, slots=True)
class StoneMatch:
    """The stone(s) a mass step names, or None with the reason in ``reason``.

    ``candidates``: every allowed placement within the tolerance, as (stones, mass_g,
    deviation_g), nearest first.
    """

    mass_g: float
    stones: tuple[str, ...] | None
    candidates: tuple[tuple[tuple[str, ...], float, float], ...]
    reason: Msg | str = ""  # a message: said in the players' language where it is shown


def identify_stone(
    mass_g: float,
    allowed: Iterable[str | tuple[str, ...]],
    census: Mapping[str, float],
    *,
    tolerance_g: float = 4.0,
    separation_g: float = 2.0,
) -> StoneMatch:
    """Which allowed placement weighs ``mass_g`` grams.

    The nearest allowed placement within ``tolerance_g`` is named, unless the next one is
    less than ``separation_g`` further away: then the two are too close to tell apart and
    the match names nothing (the referee asks the players).

    >>> census = {"H2": 50.0, "Q2": 45.0, "B2": 55.0}
    >>> identify_stone(50.4, ["H2", "B2"], census).stones
    ('H2',)
    >>> identify_stone(52.6, ["H2", "B2"], census).reason
    'H2 (50 g) and B2 (55 g) are too close to tell apart at 52.6 g'
    """
    options = []
    for entry in allowed:
        stones = (entry,) if isinstance(entry, str) else tuple(entry)
        unknown = [s for s in stones if s not in census]
        if unknown:
            raise ValueError(
                f"stone {unknown[0]!r} is not in the census (known: {', '.join(census)})"
            )
        m = sum(census[s] for s in stones)
        options.append((stones, m, abs(mass_g - m)))
    options.sort(key=lambda o: o[2])
    near = tuple(o for o in options if o[2] <= tolerance_g)
    if not near:
        shown = commas(msg("{stones} ({mass:g} g)", stones=_name(s), mass=m) for s, m, _ in options)
        reason = msg(
            "no allowed stone weighs about {mass:.1f} g (allowed: {shown})",
            mass=mass_g,
            shown=shown or term("stones allowed", "none"),
        )
        return StoneMatch(mass_g, None, (), reason)
    if len(near) > 1 and near[1][2] - near[0][2] < separation_g:
        (s1, m1, _), (s2, m2, _) = near[0], near[1]
        a, b = sorted([(m1, s1), (m2, s2)])
        return StoneMatch(
            mass_g,
            None,
            near,
            msg(
                "{a} ({mass_a:g} g) and {b} ({mass_b:g} g) are too close to tell apart at"
                " {mass:.1f} g",
                a=_name(a[1]),
                mass_a=a[0],
                b=_name(b[1]),
                mass_b=b[0],
                mass=mass_g,
            ),
        )
    return StoneMatch(mass_g, near[0][0], near)


def _name(stones: tuple[str, ...]) -> str:
    return "+".join(stones)
