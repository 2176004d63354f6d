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

# ``spec/scale.md``: positions in mm along the beam (0 at the middle notch), masses in g,
# torques in g·mm about the pivot (positive turns the right side down).


@dataclass(frozen=True, slots=True)
class StoneAdded(Observation):
    """A mass step up (spec type ``added``): ``mass_g`` at ``x_mm``, on ``space`` or None."""

    mass_g: float
    x_mm: float
    space: str | None


@dataclass(frozen=True, slots=True)
class StoneRemoved(Observation):
    """A mass step down (spec type ``removed``): ``mass_g`` taken from ``x_mm``/``space``."""

    mass_g: float
    x_mm: float
    space: str | None


@dataclass(frozen=True, slots=True)
class LoadShifted(Observation):
    """The torque changed by ``dtorque_gmm`` with no change in mass (spec type ``shifted``):
    the Stone of Fate slid or the beam moved to another notch."""

    dtorque_gmm: float


@dataclass(frozen=True, slots=True)
class ScaleSettled(Observation):
    """The scale came to rest (spec type ``settled``): total mass on the cells (beam, Stone
    of Fate and stones) in g, net torque in g·mm, the side ``down`` (``left``/``right``),
    and ``margin_g``: grams on the far outer space that would flip it."""

    total_g: float
    torque_gmm: float
    down: str
    margin_g: float


@dataclass(frozen=True, slots=True)
class ScaleDisturbed(Observation):
    """Something (a hand) is acting on the scale (spec type ``disturbed``)."""


@dataclass(frozen=True, slots=True)
class ScaleNoise(Observation):
    """How well the scale can sense now (type ``noise``), reported when it changes for
    the worse or is put right: each cell's noise as measured at rest (``noise_g``:
    (cell, sd of one sample in g) pairs), the sum's (g), the smallest mass difference
    it can tell apart (``resolution_g``), and ``problem``: in words, why it cannot
    decide and what to do, or None when it can again (the warning goes)."""

    noise_g: tuple[tuple[str, float], ...]
    total_noise_g: float
    resolution_g: float
    problem: str | None


# -- vision -------------------------------------------------------------------------

# Cells are named by the board layout (``companion/sensing/vision/layouts/*.toml``);
# labels are a layout's piece names, ``empty`` or ``unknown``; confidences are 0..1.


@dataclass(frozen=True, slots=True)
class CellChange:
    """One cell's new content: ``before`` -> ``after`` (labels), with ``confidence``."""

    cell: str
    before: str
    after: str
    confidence: float


@dataclass(frozen=True, slots=True)
class CellsChanged(Observation):
    """Cells of ``layout`` whose new content has been stable over several clear frames."""

    layout: str
    changes: tuple[CellChange, ...]


@dataclass(frozen=True, slots=True)
class BoardLost(Observation):
    """The camera does not see the board of ``layout`` (markers covered, no frame): why."""

    layout: str
    reason: str
