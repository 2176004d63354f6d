"""What lies in each cell: a colour model trained at setup, with ``empty`` and ``unknown``.

Per frame: white balance and exposure from the neutral patch (von Kries gains in linear
RGB); per cell a local gain from its ring of bare mat (shadows, lamp gradients); then the
centre's CIELAB colour is compared with each label's Gaussian (Mahalanobis distance) and
with the cell's own empty look. Too far from every label reads ``unknown``; a ring that no
longer looks like bare mat means something covers the cell: ``occluded``.

A ``ColourModel`` comes from ``nominal_model`` (the layout's printed colours: a usable
default) or from ``fit_model`` over setup frames (``companion calibrate colours``: the empty
board once, then each colour laid down once).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from .colour import hex_to_lab, hex_to_linear_rgb, linear_rgb_to_lab, luminance, srgb_to_linear
from .layout import EMPTY, UNKNOWN, Layout
from .sampling import CellSamples

if TYPE_CHECKING:
    from .ring_memory import RingMemory

#: Variance floor (L*, a*, b*)² added to every label's covariance: light varies.
COV_FLOOR = np.diag([5.0**2, 3.5**2, 3.5**2])
#: Uncalibrated pieces on a board balanced on its own surface (a Go board): wide in b*.
SURFACE_COV = np.diag([10.0**2, 8.0**2, 14.0**2])
#: Mahalanobis distance beyond which a colour is none of the known labels.
UNKNOWN_DISTANCE = 5.0
#: A ring point whose chroma is further than this (ΔE at equal L*) from bare mat is covered.
RING_DELTA_E = 14.0
#: Largest share of the cell's own piece colour a ring point may show (blur) and be bare.
MAX_BLEED = 0.25
#: The cell is occluded when more than this share of its ring is covered ...
RING_COVERED_SHARE = 0.45
#: ... or more than this share, next to an occluded cell (a hand is one connected thing).
RING_COVERED_NEAR = 0.3
#: The cell is occluded when more than this share of its printed outline is hidden (a
#: hand or arm over it: ``outline.py``) ...
OUTLINE_LOST_SHARE = 0.2
#: ... or more than this share, next to an occluded cell.
OUTLINE_LOST_NEAR = 0.08
#: Local gains outside this range (ring much darker or brighter than at setup): occluded.
GAIN_RANGE = (0.2, 5.0)
#: When more than 1 - MIXED_SHARE of the centre's points lie further than MIXED_DELTA_E
#: from the centre's median colour, the centre holds two things (a piece half under a
#: hand): unknown.
MIXED_DELTA_E = 18.0
MIXED_SHARE = 0.5
#: Ring points are compared at equal luminance, this one (mid-grey: ΔE in familiar units).
MID_GREY = 0.5
#: Skin from pale to dark (sRGB): a centre nearer in hue (a*, b*) to one of these than
#: ``SKIN_NEARER`` times its distance to the bare mat is a hand or arm over the cell, not
#: an empty cell (a pale arm over a beige mat passes the ring test where the printed
#: outline is too fine to judge): unknown.
SKIN_SRGB = ((236, 188, 160), (224, 172, 140), (198, 134, 105), (160, 104, 72), (110, 70, 50))
SKIN_NEARER = 0.5
_SKIN_AB = linear_rgb_to_lab(srgb_to_linear(np.array(SKIN_SRGB, np.float64) / 255))[:, 1:]


@dataclass(frozen=True, slots=True)
class CellReading:
    """One cell in one frame: ``label`` (a piece, ``empty`` or ``unknown``), ``confidence``
    0..1, and ``occluded`` (something covers the cell: its label is ``unknown``)."""

    label: str
    confidence: float
    occluded: bool = False


@dataclass(frozen=True, slots=True)
class CellColours:
    """Per cell: centre colour ``lab`` after white balance and local gain, ``occluded``,
    ``mixed`` (centre not one colour), the local ``gain``, the ``covered`` share of the
    ring (0..1) and ``ring`` (cells, R, 3): each ring point's look (a*, b* at equal L*,
    and its log gain relative to the board's, × 20), what ``RingMemory`` follows;
    ``outline_lost``: the share of each cell's printed outline hidden (0..1)."""

    lab: np.ndarray
    occluded: np.ndarray
    mixed: np.ndarray
    gain: np.ndarray
    covered: np.ndarray
    ring: np.ndarray
    outline_lost: np.ndarray | None = None


@dataclass
class ColourModel:
    """Everything the classifier knows about one layout's colours.

    ``ring_rgb`` (cells, R, 3): bare mat at each ring point after white balance (linear);
    ``empty_lab`` (cells, 3): each empty cell's centre; ``means``/``covs``: each piece's
    CIELAB Gaussian; ``empty_cov``: spread of the empty look; ``neutral_rgb``: what the
    neutral patch measures once balanced; ``source``: "nominal" or "calibrated"."""

    layout: Layout
    ring_rgb: np.ndarray
    empty_lab: np.ndarray
    means: dict[str, np.ndarray]
    covs: dict[str, np.ndarray]
    empty_cov: np.ndarray
    neutral_rgb: np.ndarray
    source: str = "nominal"
    _near: list[np.ndarray] | None = field(default=None, init=False, repr=False, compare=False)
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def _derived(self, key: str, source: object, make):
        """``make()``, kept while ``source`` is the same object (or an equal tuple): what a
        frame needs from the model's fields is worked out once, and again only if a field
        is replaced (``fit_model`` replaces them; nothing edits them in place)."""
        hit = self._cache.get(key)
        if hit is None or not (
            hit[0] is source or (isinstance(source, tuple) and hit[0] == source)
        ):
            hit = self._cache[key] = (source, make())
        return hit[1]

    def _ring_ref(self) -> tuple[np.ndarray, ...]:
        """From ``ring_rgb``: each cell's median bare mat (cells, 3), its CIELAB, its
        luminance; each ring point's luminance (cells, R) and colour at unit luminance."""

        def make():
            med = np.median(self.ring_rgb, axis=1)
            ring = self.ring_rgb
            return med, linear_rgb_to_lab(med), luminance(med), luminance(ring), _unit_y(ring)

        return self._derived("ring", self.ring_rgb, make)

    def gains(self, samples: CellSamples) -> tuple[np.ndarray | None, str]:
        """White-balance gains and where they came from: the neutral patch when the bare
        mat around most cells agrees with it, else the bare mat itself (patch covered or
        in another light). Layouts balanced on their surface get (None, "surface")."""
        if self.layout.white_balance != "neutral-patch":
            return None, "surface"
        seen = samples.in_view
        if seen.sum() < 3:
            return None, "none"
        ref_med, ref_med_lab, ref_med_y, *_ = self._ring_ref()
        ref, ref_lab, ref_y = ref_med[seen], ref_med_lab[seen], ref_med_y[seen]
        ring = np.median(samples.ring[seen], axis=1)

        def agreeing(g: np.ndarray) -> np.ndarray:
            x = ring * g
            x = x * (ref_y / np.maximum(luminance(x), 1e-5))[:, None]
            return np.linalg.norm(linear_rgb_to_lab(x) - ref_lab, axis=1) < RING_DELTA_E

        if samples.neutral is not None:
            patch = np.median(samples.neutral, axis=0)
            spread = np.abs(samples.neutral / np.maximum(patch, 1e-4) - 1).max(axis=1)
            if (spread < 0.35).mean() >= 0.8 and luminance(patch) > 0.002:
                g = self.neutral_rgb / np.maximum(patch, 1e-4)
                if agreeing(g).mean() >= 0.5:
                    return g, "neutral patch"
        per_cell = ref / np.maximum(ring, 1e-4)
        g = np.median(per_cell, axis=0)
        for _ in range(2):  # drop the cells a hand or a stray light has changed
            ok = agreeing(g)
            if ok.sum() >= 3:
                g = np.median(per_cell[ok], axis=0)
        return g, "mat"

    def colours(self, samples: CellSamples, gains: np.ndarray | None) -> CellColours:
        """Centre colours corrected by ``gains`` and each cell's ring (see module doc)."""
        g = np.ones(3) if gains is None else gains
        ring = samples.ring * g
        inner = samples.inner * g
        ref_med, _, _, ref_y, ref_unit = self._ring_ref()
        # each ring point's brightness relative to the bare mat's, and its colour at equal
        # (mid-grey) luminance: the cover test and the look ``RingMemory`` follows share them
        log_r = np.log(np.maximum(luminance(ring) / np.maximum(ref_y, 1e-5), 1e-4))
        ring_unit = _unit_y(ring)
        ring_lab = linear_rgb_to_lab(ring_unit * MID_GREY)
        if self.layout.white_balance == "surface" or gains is None:
            # No neutral patch: balance every cell on its own surroundings, per channel.
            k = np.median(ring, axis=1) / np.maximum(ref_med, 1e-4)
            k = np.maximum(k, 1e-4)
            occluded = ~samples.in_view
            share = np.zeros(len(occluded))
            gain = luminance(k)
            inner_corr = inner / k[:, None, :]
        else:
            med = np.median(log_r, axis=1)
            covered = _covered(ring_unit, ring_lab, ref_unit, inner, np.exp(med))
            share = covered.mean(axis=1)
            occluded = (
                (share > RING_COVERED_SHARE)
                | (med < np.log(GAIN_RANGE[0]))
                | (med > np.log(GAIN_RANGE[1]))
                | ~samples.in_view
            )
            # light at the centre: a plane through the ring's log gains (shadow edges, gradients)
            w = (~covered & (np.abs(log_r - med[:, None]) < np.log(2.5))).astype(np.float64)
            u, v = samples.ring_mm[..., 0], samples.ring_mm[..., 1]
            a = np.stack([np.ones_like(u), u, v], axis=-1)
            ata = np.einsum("nri,nr,nrj->nij", a, w, a) + np.diag([1e-6, 1.0, 1.0])
            atb = np.einsum("nri,nr,nr->ni", a, w, log_r)
            centre = np.linalg.solve(ata, atb[..., None])[:, 0, 0]
            centre = np.where(w.sum(axis=1) >= 4, np.clip(centre, med - 0.7, med + 0.7), med)
            gain = np.exp(centre)
            inner_corr = inner / gain[:, None, None]
        points_lab = linear_rgb_to_lab(inner_corr)
        lab = linear_rgb_to_lab(np.median(inner_corr, axis=1))
        spread = np.linalg.norm(points_lab - lab[:, None, :], axis=-1)
        mixed = np.quantile(spread, MIXED_SHARE, axis=1) > MIXED_DELTA_E
        outline_lost = samples.outline_lost
        if outline_lost is not None:
            occluded = occluded | (outline_lost > OUTLINE_LOST_SHARE)
        clear = ~occluded if (~occluded).any() else np.ones(len(occluded), bool)
        rel = log_r - np.median(np.median(log_r, axis=1)[clear])
        look = np.concatenate([ring_lab[..., 1:], 20 * rel[..., None]], axis=-1)
        return CellColours(lab, occluded, mixed, gain, share, look, outline_lost)

    def ring_look(self) -> np.ndarray:
        """Each ring point's bare mat as ``CellColours.ring`` reads it (relative gain 0)."""

        def make():
            chroma = linear_rgb_to_lab(_unit_y(self.ring_rgb) * MID_GREY)[..., 1:]
            return np.concatenate([chroma, np.zeros((*chroma.shape[:-1], 1))], axis=-1)

        return self._derived("ring_look", self.ring_rgb, make)

    def _spread_occlusion(self, col: CellColours) -> np.ndarray:
        """Occluded cells, grown into neighbours whose rings are partly covered (hysteresis)."""
        if self._near is None:
            self._near = _neighbours(self.layout)
        occluded = col.occluded.copy()
        # a face-up card is many colours: its centre being mixed says nothing of a hand
        cards = self._derived("card cells", self.layout, lambda: _card_cells(self.layout))
        weak = (col.covered > RING_COVERED_NEAR) | (col.mixed & ~cards)
        if col.outline_lost is not None:
            weak |= col.outline_lost > OUTLINE_LOST_NEAR
        for _ in range(4):
            grow = weak & ~occluded & np.array([occluded[n].any() for n in self._near])
            if not grow.any():
                break
            occluded |= grow
        return occluded

    def classify(
        self,
        samples: CellSamples,
        gains: np.ndarray | None,
        *,
        memory: RingMemory | None = None,
    ) -> list[CellReading]:
        """A reading for every cell of the layout, in layout order. With a ``memory`` (one
        per camera stream), rings that changed from their recent look count as covered."""
        col = self.colours(samples, gains)
        if memory is not None:
            covered = memory.update(col, self.ring_look(), gains=gains)
            col = replace(col, occluded=col.occluded | covered)
        occluded = self._spread_occlusion(col)
        names = list(self.means)
        d2 = np.full((len(self.layout.cells), 1 + len(names)), np.inf)
        inv_e = self._derived("inv empty", self.empty_cov, lambda: np.linalg.inv(self.empty_cov))
        diff = col.lab - self.empty_lab
        d2[:, 0] = np.einsum("ni,ij,nj->n", diff, inv_e, diff)
        for j, name in enumerate(names, start=1):
            cov = self.covs[name]
            inv = self._derived(f"inv {name}", cov, lambda cov=cov: np.linalg.inv(cov))
            diff = col.lab - self.means[name]
            d2[:, j] = np.einsum("ni,ij,nj->n", diff, inv, diff)
        allowed = self._derived("allowed", tuple(names), lambda: _allowed(self.layout, names))
        d2[~allowed] = np.inf
        best = np.argmin(d2, axis=1)
        skin = _skin_like(col.lab, self.empty_lab)
        rel = np.exp(-0.5 * (d2 - d2[np.arange(len(best)), best][:, None]))
        conf = 1.0 / rel.sum(axis=1)
        out = []
        labels = [EMPTY, *names]
        for i, b in enumerate(best):
            dist = float(np.sqrt(d2[i, b]))
            if occluded[i]:
                out.append(CellReading(UNKNOWN, 1.0, occluded=True))
            elif col.mixed[i] or dist > UNKNOWN_DISTANCE or (b == 0 and skin[i]):
                # how sure it is none of the known labels: 0.5 at the threshold, 1 at twice it
                out.append(
                    CellReading(
                        UNKNOWN, round(float(min(1.0, dist / (2 * UNKNOWN_DISTANCE) + 0.5)), 3)
                    )
                )
            else:
                out.append(CellReading(labels[b], round(float(conf[i]), 3)))
        return out


def _skin_like(lab: np.ndarray, empty_lab: np.ndarray) -> np.ndarray:
    """(cells,) whose centre colour ``lab`` is far nearer in hue to skin than to bare mat."""
    to_skin = np.linalg.norm(lab[:, None, 1:] - _SKIN_AB[None], axis=-1).min(axis=1)
    to_mat = np.linalg.norm(lab[:, 1:] - np.broadcast_to(empty_lab, lab.shape)[:, 1:], axis=-1)
    return to_skin < SKIN_NEARER * to_mat


def _allowed(layout: Layout, names: list[str]) -> np.ndarray:
    """(cells, 1 + labels): which labels a cell may read, ``empty`` first, then ``names``."""
    return np.array([[True] + [n in c.pieces for n in names] for c in layout.cells])


def _card_cells(layout: Layout) -> np.ndarray:
    """(cells,) which cells take a card (a piece of shape ``card``)."""
    return np.array([any(layout.pieces[p].shape == "card" for p in c.pieces) for c in layout.cells])


def _neighbours(layout: Layout) -> list[np.ndarray]:
    """For each cell, the cells whose centres lie within 1.6 cell sizes of it."""
    centres = np.array([c.centre_mm for c in layout.cells], dtype=np.float64)
    reach = np.array([1.6 * max(c.size_mm) for c in layout.cells])
    dist = np.linalg.norm(centres[:, None] - centres[None], axis=-1)
    return [np.flatnonzero((row <= r) & (row > 0)) for row, r in zip(dist, reach, strict=True)]


def _unit_y(rgb: np.ndarray) -> np.ndarray:
    return rgb / np.maximum(luminance(rgb), 1e-5)[..., None]


def _covered(
    x: np.ndarray, x_lab: np.ndarray, ref: np.ndarray, inner: np.ndarray, gain: np.ndarray
) -> np.ndarray:
    """Which ring points (cells, R) show something other than bare mat.

    A ring point may be bare mat in other light (any brightness), or bare mat blurred
    with the cell's own piece (a mix of the two, in linear light): neither is a cover.
    Compared at equal luminance, in CIELAB, at a mid-grey luminance (ΔE is then in
    familiar units): ``x`` is the ring (cells, R, 3) at unit luminance, ``x_lab`` that
    × ``MID_GREY`` in CIELAB, ``ref`` the bare mat at unit luminance (cells, R or 1, 3)."""
    centre = np.median(inner, axis=1) / gain[:, None]  # (cells, 3), in the ring's light
    a = np.broadcast_to(ref, x.shape)
    b = _unit_y(centre)[:, None, :]
    d = b - a
    t = np.clip(
        np.einsum("nri,nri->nr", x - a, d) / np.maximum(np.einsum("nri,nri->nr", d, d), 1e-9),
        0.0,
        MAX_BLEED,
    )
    closest = a + t[..., None] * d
    return np.linalg.norm(x_lab - linear_rgb_to_lab(closest * MID_GREY), axis=-1) > RING_DELTA_E


def nominal_model(layout: Layout) -> ColourModel:
    """A model from the layout's printed colours (no setup): good for renders and a start."""
    ring = np.stack([hex_to_linear_rgb(c.surface)[None, :] for c in layout.cells])  # (cells, 1, 3)
    neutral = hex_to_linear_rgb(layout.neutral.colour) if layout.neutral else np.full(3, 0.5)
    return ColourModel(
        layout=layout,
        ring_rgb=ring,
        empty_lab=np.stack([hex_to_lab(c.surface) for c in layout.cells]),
        means={k: hex_to_lab(p.colour) for k, p in layout.pieces.items()},
        covs=dict.fromkeys(layout.pieces, 4 * COV_FLOOR),
        empty_cov=4 * COV_FLOOR,
        neutral_rgb=neutral,
    )


def fit_model(
    layout: Layout,
    empty: Sequence[tuple[CellSamples, np.ndarray | None]],
    laid: Sequence[tuple[CellSamples, np.ndarray | None, Mapping[str, str]]],
    *,
    allow_missing: bool = False,
) -> ColourModel:
    """Train a model from setup frames: ``empty`` (samples, gains) of the bare board, and
    ``laid`` (samples, gains, {cell id: label}) with pieces on known cells.

    Raises ``ValueError`` naming each piece of the layout that no frame shows (unless
    ``allow_missing``: those keep their nominal colour).
    """
    if not empty:
        raise ValueError("calibration needs at least one frame of the empty board")
    base = nominal_model(layout)
    ring = np.median([s.ring * (np.ones(3) if g is None else g) for s, g in empty], axis=0)
    model = ColourModel(
        layout,
        ring,
        base.empty_lab,
        dict(base.means),
        dict(base.covs),
        base.empty_cov,
        base.neutral_rgb,
        "calibrated",
    )
    empties = np.stack([model.colours(s, g).lab for s, g in empty])
    model.empty_lab = np.median(empties, axis=0)
    resid = (empties - model.empty_lab).reshape(-1, 3)
    model.empty_cov = np.cov(resid.T) + COV_FLOOR if len(resid) > 3 else COV_FLOOR * 2
    index = {c.id: i for i, c in enumerate(layout.cells)}
    found: dict[str, list[np.ndarray]] = {k: [] for k in layout.pieces}
    for s, g, labels in laid:
        col = model.colours(s, g)
        for cell_id, label in labels.items():
            i = index[cell_id]
            if label in found and not col.occluded[i]:
                found[label].append(col.lab[i])
    missing = [k for k, v in found.items() if not v]
    if missing and not allow_missing:
        raise ValueError(f"no sample of {', '.join(missing)}: lay each colour down once")
    for k, v in found.items():
        if not v:
            continue
        arr = np.array(v)
        model.means[k] = np.median(arr, axis=0)
        spread = np.cov(arr.T) if len(arr) > 3 else np.zeros((3, 3))
        model.covs[k] = spread + COV_FLOOR
    return model
