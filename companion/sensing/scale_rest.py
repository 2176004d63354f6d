"""The scale at rest (a mixin of ``scale.ScaleSensor``): what a change was, and how the
beam lies.

``_settle`` compares the rest now with the rest before the change: a step in total
mass is a stone added or removed at x = p + Δτ/ΔM (mm), a step in torque alone a
shift; the side down and the tilt margin (g). At rest it also follows the free pad's
zero and each cell's drift (g/min).
"""

from __future__ import annotations

from ..profile import CHANNELS
from .observations import LoadShifted, ScaleSettled, StoneAdded, StoneRemoved

WEDGE, LEFT, RIGHT = CHANNELS


class RestWatch:
    """Rest, steps and side: part of ``ScaleSensor`` (its state lives there)."""

    def _torque(self, left: float, right: float) -> float:
        """Torque about the pivot (g·mm) from the pad loads (g)."""
        p = self._pivot
        return right * (self._x_right - p) - left * (p - self._x_left)

    def _plausible(self, total_g: float, torque_gmm: float) -> bool:
        """Whether a change to ``total_g`` and ``torque_gmm`` is what a stone (or the pillars
        together) does: the mass of one in the census, on the beam (on a space, where the
        cells are noisy)."""
        if not self._have_rest or self._reference is None:
            return True
        dm = total_g - self._reference[0]
        if abs(dm) < self.config.mass_step_g:
            return True
        x = self._pivot + (torque_gmm - self._reference[1]) / dm
        prof = self.profile
        reach = prof.space_width_mm / 2 + self.config.off_space_mm
        if abs(x - prof.beam_centre_x_mm) > prof.beam_length_mm / 2 + 10:
            return False
        if self._still_s > 0.0 and all(abs(x - c) > reach for c in prof.space_x_mm.values()):
            # on cells noisy enough to hide a hand: a step on no space is a hand, or a
            # hand and a stone (on quiet cells a stone put off the spaces is said at once)
            return False
        tolerance = self.config.census_tolerance_g + 0.02 * abs(dm)
        return any(abs(abs(dm) - m) <= tolerance for m in self._plausible_masses)

    def _check_side(self, t: float, out: list) -> None:
        """At rest near a dead balance, the beam may still tip slowly over to the other pad,
        a change too small to trigger: when the other pad takes the load, settle again."""
        if not self._have_rest:
            return
        _, bl, br = self.tracker.baseline
        low = self.config.min_pad_load_g
        up, down = (bl, br) if self.down == RIGHT else (br, bl)
        if up >= low and down < low / 2:
            self._settle(t, *self.tracker.baseline, out, force=True)

    def _watch_drift(self, t: float) -> None:
        """At rest, how fast each cell's zero moves (g/min, over ``drift_window_s``)."""
        ref = self._drift_ref
        if ref is not None and t - ref[0] < self.config.drift_window_s:
            return
        levels = [b + ch.zero_adjust_g for b, ch in zip(self.tracker.baseline, self._order)]  # noqa: B905
        if ref is not None:
            span = t - ref[0]
            self.drift_g_per_min = [(x - x0) / span * 60 for x, x0 in zip(levels, ref[1])]  # noqa: B905
        self._drift_ref = (t, levels)

    def _track_tare(self, left: float, right: float, dt: float) -> None:
        """At rest, the pad the beam does not touch carries nothing: follow its zero."""
        cfg = self.config
        base = self.tracker.baseline
        if self.down == RIGHT and base[2] > 3 * cfg.min_pad_load_g:
            i, ch = 1, self._ch[LEFT]
        elif self.down == LEFT and base[1] > 3 * cfg.min_pad_load_g:
            i, ch = 2, self._ch[RIGHT]
        else:
            return
        delta = base[i] * min(1.0, max(dt, 0.0) / cfg.tare_time_s)
        ch.zero_adjust_g += delta
        self.tracker.shift_baseline(i, -delta)

    def _settle(
        self, t: float, w: float, left: float, right: float, out: list, *, force: bool = False
    ) -> None:
        cfg, prof = self.config, self.profile
        p = self._pivot
        total = w + left + right
        torque = self._torque(left, right)
        if right >= self._min_pad_g and right >= left:
            down = RIGHT
        elif left >= self._min_pad_g:
            down = LEFT
        else:  # a dead balance: neither pad carries much; the one carrying more is down
            down = RIGHT if right > left else LEFT
        changed = force or not self._have_rest or down != self.down or self._episode_disturbed
        if self._have_rest and self._reference is not None and not force:
            m0, tau0 = self._reference
            dm, dtau = total - m0, torque - tau0
            if abs(dm) >= cfg.mass_step_g:
                x = p + dtau / dm
                kind = StoneAdded if dm > 0 else StoneRemoved
                out.append(kind(t, abs(dm), x, prof.space_at(x)))
                changed = True
            elif abs(dtau) >= cfg.torque_step_gmm:
                out.append(LoadShifted(t, dtau))
                changed = True
        far = prof.space_x_mm["L2"] if down == RIGHT else prof.space_x_mm["R2"]
        margin = max(0.0, torque / (p - far))  # the mass at ``far`` that balances τ
        if changed:
            out.append(ScaleSettled(t, total, torque, down, margin))
        self.down = down
        self._have_rest = True
        self._pivot_at_rest = p
        self._episode_disturbed = False
