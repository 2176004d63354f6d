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


# -- vision: blocks and the colour die (Stein auf Stein) -----------------------------

# Block ids are the registered catalogue's (``companion calibrate blocks``); areas are the
# layout's regions (``player1`` .. ``player4``); lengths in mm on the mat.


@dataclass(frozen=True, slots=True)
class DieSeen(Observation):
    """The die in the tray of ``layout``: ``colour`` on top once it lies still; None while
    it rolls, is held or is out of the tray (``why`` says which, in words)."""

    layout: str
    colour: str | None
    why: str = ""


@dataclass(frozen=True, slots=True)
class AreaSeen:
    """A player's area: the blocks there (row: left to right as the player sees it;
    tower: bottom first), the row's length in mm along the mat (None: no row), the
    tower's height in mm (None: no tower), and whether a tower lies fallen there."""

    area: str
    blocks: tuple[str, ...]
    row_mm: float | None = None
    tower_mm: float | None = None
    fallen: bool = False


@dataclass(frozen=True, slots=True)
class BlocksSeen(Observation):
    """The blocks of ``layout`` settled over several clear frames: on the building site
    standing button up (``site``) or knocked over or turned (``turned``), and in each
    player's area. ``hand``: a hand or the crane covers part of the site now (the site
    reading is then partial and not used to decide)."""

    layout: str
    site: tuple[str, ...]
    turned: tuple[str, ...] = ()
    areas: tuple[AreaSeen, ...] = ()
    hand: bool = False


# -- vision: card slots (HiLo) -------------------------------------------------------

# Slots are named by the card layout (``hilo``, ``hilo-3`` .. ``hilo-5``; ``draw`` and
# ``discard`` the piles); labels ``face``, ``back``, ``empty``, ``unknown``; cards are the
# registered deck's design ids.


@dataclass(frozen=True, slots=True)
class SlotSeen:
    """One slot's settled reading: ``label`` (face, back, empty, unknown), ``card`` (the
    design's id when face up and named surely, else None), ``occluded`` (a hand covers
    it), ``candidates`` (a face not named surely: the designs it may be; empty when the
    camera names none)."""

    slot: str
    label: str
    card: str | None = None
    occluded: bool = False
    candidates: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CardsSeen(Observation):
    """Card slots of ``layout`` whose settled reading changed."""

    layout: str
    slots: tuple[SlotSeen, ...]
