"""Observations, sensing -> referee: frozen dataclasses, each with ``t_mono`` (seconds,
monotonic: when the observation became certain). Names are defined here, once.

Sections: common, scale (``spec/scale.md``), vision. Each sensing module adds its
observations to its own section.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Observation:
    """Base of every observation."""

    t_mono: float


# -- common -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fault(Observation):
    """A sensor is faulty: which channel (or camera) and why, in words."""

    channel: str
    reason: str


# -- scale --------------------------------------------------------------------------


# -- vision -------------------------------------------------------------------------
