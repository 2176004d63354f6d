"""The words of a ``ScaleNoise`` problem: why the scale's sensing cannot decide, with the
figures it measured, and what to do (pure; used by ``scale.ScaleSensor``).

Kinds: ``noisy`` (stones of the census cannot be told apart), ``slow`` (naming a stone
takes longer than players wait), ``restless`` (never at rest), ``drifting`` (a cell's
zero moves fast at rest), ``fast`` (stones put down faster than the scale names them),
``unnamed`` (a load put down that is no stone's: no stone's mass, or off the spaces; a
load taken off from no space that matches no stones the scale named on the beam, see
``scale_ledger``), ``moved`` (a shift just after a stone was named, no hand seen),
``undone`` (a load taken off a space just after a stone of another mass was named there:
a hand weighed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..profile import CHANNELS

FIX = (
    "Tighten the load cells' screws, shield or shorten the HX711 wires, use the 10"
    " samples/s mode (RATE pin low: it rejects mains hum), then calibrate again"
)


@dataclass(frozen=True, slots=True)
class Figures:
    """What was measured: ``noise_g`` per cell and for the sum (sd of one sample, g);
    ``resolution_g`` told apart by averaging ``max_average_s``; ``decide_s`` of rest to
    name a ``lightest_g`` stone; ``mass_gap_g`` between the census's closest stones;
    ``restless_s`` since the last rest; ``drift_g_per_min`` per cell; ``pace_s`` between
    stones put down lately, ``name_s`` the scale took to name one, at ``rate_sps``;
    ``unnamed``: the last change named that was no stone's (mass step g, place mm)."""

    noise_g: Sequence[float]
    resolution_g: float
    max_average_s: float
    decide_s: float
    lightest_g: float
    mass_gap_g: float
    restless_s: float
    drift_g_per_min: Sequence[float]
    pace_s: float = 0.0  # the shortest time between stones lately (s; 0: not measured)
    name_s: float = 0.0  # the time the scale has taken lately to name a stone (s)
    rate_sps: float = 80.0  # samples a second
    unnamed: tuple[float, float] | None = None  # the last change of no stone's: (ΔM g, x mm)
    moved: tuple[float, float] | None = None  # a shift just after a stone: (Δτ g·mm, s after)
    undone: tuple[float, float, float] | None = None  # taken off a stone's space: (g off, g on, s)


def describe(problem: Sequence[str], f: Figures) -> str | None:
    """The problem in words (None when there is none), ending with what to do meanwhile."""
    s = f.noise_g
    cells = ", ".join(f"{ch} {x:.1f} g" for ch, x in zip(CHANNELS, s, strict=False))
    words = []
    if "noisy" in problem:
        words.append(
            f"the scale is too noisy to tell stones {f.mass_gap_g:g} g apart: noise {cells}"
            f" a cell, {s[3]:.1f} g on the sum; averaging {f.max_average_s:g} s it tells"
            f" apart only {f.resolution_g:.0f} g. {FIX}"
        )
    if "slow" in problem:
        words.append(
            f"the scale is noisy: {cells} a cell, {s[3]:.1f} g on the sum; it needs"
            f" {f.decide_s:.1f} s of rest to name a {f.lightest_g:g} g stone and its space:"
            f" wait that long between stones. {FIX}"
        )
    if "restless" in problem:
        words.append(
            f"the scale has not been at rest for {f.restless_s:.0f} s (noise {cells} a"
            f" cell): take hands off the beam; if nothing touches it, {FIX[0].lower()}{FIX[1:]}"
        )
    if "drifting" in problem:
        drift = max(f.drift_g_per_min, key=abs)
        cell = CHANNELS[list(f.drift_g_per_min).index(drift)]
        words.append(
            f"the {cell} load cell drifts {drift:+.1f} g/min at rest: let the cells warm up,"
            " keep the scale out of sun and drafts, check the cell's screws, then calibrate"
            " again"
        )
    if "fast" in problem:
        advice = "use 80 samples/s or wait" if f.rate_sps < 40 else "wait"
        came = (
            f"stones came {f.pace_s:.1f} s apart" if f.pace_s > 0
            else "stones came one after another"
        )  # fmt: skip
        words.append(
            f"{came}, faster than the scale names them at {f.rate_sps:.0f} samples/s (it"
            f" takes about {f.name_s:.1f} s after a stone; noise {cells} a cell): {advice} a"
            " moment between stones; stones put down meanwhile are named late or not at all: check"
            " them on the tablet"
        )
    if "unnamed" in problem and f.unnamed is not None:
        dm, x = f.unnamed
        what = "put down" if dm > 0 else "taken off"
        words.append(
            f"a load of {abs(dm):.0f} g was {what} at {x:+.0f} mm, which is no stone's"
            f" (no stone weighs that, or it lies off the spaces): stones put down or taken"
            f" off faster than the scale names them (about {f.name_s:.1f} s after each at"
            f" {f.rate_sps:.0f} samples/s, noise {cells} a cell), or a hand on the beam."
            " Check the stones on the tablet; wait a moment between stones"
        )
    if "moved" in problem and f.moved is not None:
        dtau, after = f.moved
        words.append(
            f"the load shifted by {dtau:+.0f} g·mm {after:.1f} s after a stone was named,"
            " with no hand seen: the stone rocked or slid after it was weighed (its place"
            f" may be off), or the Stone of Fate moved (noise {cells} a cell). Check the"
            " stones and the Stone of Fate on the tablet"
        )
    if "undone" in problem and f.undone is not None:
        off, on, after = f.undone
        words.append(
            f"a load of {off:.0f} g was taken off {after:.1f} s after a {on:.0f} g stone was"
            " named on the same space, which is not that stone's mass: a hand resting on"
            f" the beam there may have been weighed as a stone (noise {cells} a cell)."
            " Check the stones on the tablet; take hands off the beam while the scale"
            " weighs"
        )
    return "; ".join(words) + ". Enter placements on the tablet meanwhile" if words else None
