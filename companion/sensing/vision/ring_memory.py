"""A camera stream's short memory of each cell's ring of bare mat (see ``RingMemory``).

Used by ``ColourModel.classify`` when a ``BoardReader`` reads a stream: it catches hands
the colour of the board, which a single frame cannot tell from bare mat.
"""

from __future__ import annotations

import numpy as np

from .classify import CellColours


class RingMemory:
    """What each ring point looked like lately: the camera stream's short memory.

    A pale hand over a pale board may pass the colour test against the setup look; it
    still changes the ring from how it looked a moment ago, and an arm crossing a cell
    changes the ring points it covers. A cell with ``min_points`` ring points that moved
    more than ``threshold`` from memory, and away from the setup look, is covered. The
    memory follows clear cells, takes back at once a point that returns to its setup look
    (a hand has left), and starts afresh when the light changes: the white-balance gains
    move by more than 15 % (or, without gains, nine cells in ten move at once).

    The ring as a whole may also shift a little but coherently (a hand nearly the mat's
    colour): its median moving from memory by more than ``cell_gain`` in brightness, or
    in chroma by more than ``cell_chroma`` ΔE or ``noise_factor`` times that median's
    own frame-to-frame spread while the cell was clear, whichever is more (compressed
    video makes some rings' medians jump with noise alone; a cell learns its spread
    from its first two clear frames, and its chroma test waits until then).

    A ring that stays changed but still, frame after frame (``adopt_frames`` in a row,
    each changed point within ``still`` of the frame before), is a new look of the board, not a
    hand: a neighbouring piece's edge or shadow now reaching into the ring. The memory
    takes that look; the single-frame tests against the setup look still apply to it.
    A hand is never that still; one that is still enough, long enough, over a ring the
    mat's colour is one no single frame could tell either.
    """

    def __init__(
        self,
        *,
        threshold: float = 15.0,
        min_points: int = 3,
        follow: float = 0.3,
        still: float = 8.0,
        adopt_frames: int = 6,
        noise_factor: float = 4.0,
    ) -> None:
        self.threshold = threshold
        self.min_points = min_points
        self.cell_chroma = 5.0  # ΔE (a*, b*) of the ring's median
        self.cell_gain = 3.0  # 20 × log gain: 3 is a 16 % change in brightness
        self.follow = follow
        self.still = still  # ΔE (look units) a still ring point moves between frames, at most
        self.adopt_frames = adopt_frames
        self.noise_factor = noise_factor
        self.noise_follow = 0.3  # how fast the learned frame-to-frame spread follows a frame
        self._spread: np.ndarray | None = None  # per cell: mean square step of the median chroma
        self._look: np.ndarray | None = None
        self._last: np.ndarray | None = None  # the frame before's ring
        self._steady: np.ndarray | None = None  # per cell: changed-but-still frames in a row
        self._gains: np.ndarray | None = None

    @property
    def settled(self) -> bool:
        """Whether no ring is changed but still, on its way to being taken as a new look
        (``adopt_frames``): a caller that skips frames must not skip then."""
        return self._steady is None or not bool(self._steady.any())

    def update(
        self, col: CellColours, setup: np.ndarray, *, gains: np.ndarray | None = None
    ) -> np.ndarray:
        """The cells whose rings are covered now, by this test; then remember this frame.
        ``gains``: this frame's white balance, which tells a change of light (the gains
        move) from hands over most of a small board (they do not)."""
        now = col.ring
        if self._look is None or self._look.shape != now.shape:
            self._look, self._last = now.copy(), now.copy()
            self._steady = np.zeros(len(now), dtype=int)
            self._spread = None
            return np.zeros(len(now), dtype=bool)
        step = np.linalg.norm(now - self._last, axis=-1)  # per point, since the frame before
        med_step = np.median(now, axis=1) - np.median(self._last, axis=1)
        med_step = np.linalg.norm(med_step[:, :2], axis=1)  # ΔE of the ring's median chroma
        self._last = now.copy()
        moved = np.linalg.norm(now - self._look, axis=-1) > self.threshold
        d_now = np.linalg.norm(now - setup, axis=-1)
        d_mem = np.linalg.norm(self._look - setup, axis=-1)
        changed = moved & (d_now > d_mem + 3)
        # the ring as a whole: a small but coherent shift (a hand nearly the mat's colour)
        cell_now, cell_mem = np.median(now, axis=1), np.median(self._look, axis=1)
        cell_setup = np.median(setup, axis=1) if setup.shape[1] > 1 else setup[:, 0]
        shift = np.abs(cell_now - cell_mem)
        chroma = np.linalg.norm(shift[:, :2], axis=1) > self._chroma_limit()
        drift = chroma | (shift[:, 2] > self.cell_gain)
        drift &= np.linalg.norm(cell_now - cell_setup, axis=1) > np.linalg.norm(
            cell_mem - cell_setup, axis=1
        )
        covered = ((changed.sum(axis=1) >= self.min_points) | drift) & ~col.occluded
        if gains is not None and self._gains is not None:  # the balance tells
            ratio = np.maximum(gains, 1e-6) / np.maximum(self._gains, 1e-6)
            light_changed = bool((np.abs(np.log(ratio)) > 0.15).any())
        else:
            light_changed = bool(covered.mean() > 0.9)
        self._gains = gains
        if light_changed:
            self._look = now.copy()
            self._steady[:] = 0
            return np.zeros(len(now), dtype=bool)
        still = ((step <= self.still) | ~moved).all(axis=1)  # the changed points keep still
        self._steady = np.where(covered & still, self._steady + 1, 0)
        adopt = self._steady >= self.adopt_frames
        self._look[adopt] = now[adopt]
        self._steady[adopt] = 0
        covered &= ~adopt
        back = moved & (d_now <= d_mem + 3)
        calm = ~(covered | col.occluded)
        self._look[calm] += self.follow * (now[calm] - self._look[calm])
        self._learn_spread(med_step, calm)
        self._look[back] = now[back]
        return covered

    def _chroma_limit(self) -> np.ndarray:
        """(cells,): how far (ΔE in a*, b*) the ring's median may move from memory before
        the ring counts as covered: ``cell_chroma``, or ``noise_factor`` times the
        frame-to-frame spread of that median while the cell was clear (no less than the
        board's typical spread: one quiet step proves little), whichever is more. A cell
        not yet seen clear twice has no spread yet: its chroma test waits."""
        n = len(self._look)
        if self._spread is None or np.isnan(self._spread).all():
            return np.full(n, np.inf)
        spread = np.sqrt(self._spread)
        known = ~np.isnan(spread)
        typical = float(np.median(spread[known]))
        limit = np.maximum(self.cell_chroma, self.noise_factor * np.maximum(spread, typical))
        return np.where(known, limit, np.inf)

    def _learn_spread(self, step: np.ndarray, calm: np.ndarray) -> None:
        """Follow each calm cell's squared frame-to-frame ``step`` (ΔE) of its ring's median."""
        if self._spread is None:
            self._spread = np.full(len(step), np.nan)
        new = calm & np.isnan(self._spread)
        self._spread[new] = step[new] ** 2
        old = calm & ~new
        self._spread[old] += self.noise_follow * (step[old] ** 2 - self._spread[old])
