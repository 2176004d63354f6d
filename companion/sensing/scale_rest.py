"""The scale at rest (a mixin of ``scale.ScaleSensor``): what a change was, and how the
beam lies.

``_settle`` compares the rest now with the rest before the change: a step in total
mass is a stone added or removed at x = p + Δτ/ΔM (mm), a step in torque alone a
shift; the side down and the tilt margin (g). At rest it also follows the free pad's
zero and each cell's drift (g/min).
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from ..profile import CHANNELS
from .observations import LoadShifted, ScaleSettled, StoneAdded, StoneRemoved
from .scale_ledger import BeamLedger, Named

WEDGE, LEFT, RIGHT = CHANNELS
MOVED_WITHIN_S = 1.5  # a shift this soon after a stone, no hand seen: said (s)
UNDONE_WITHIN_S = 2.0  # a load of another mass taken off a stone's space this soon: said (s)
HAND_EPISODE_S = 3.0  # unless a stone of its mass was named there before this long (s)
SLOT_S = 0.2  # a merged removal's level before a step: the median of this long (s)


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
        if dm < 0 and self._rose_in_change() and self._ledger_complete():
            # a load came on, then more went off, and every stone on the beam was named:
            # a load taken off is some of them, else what came on is still there
            return self.ledger.fits(-dm, x, mass_tol_g=tolerance, x_tol_mm=reach)
        return any(abs(abs(dm) - m) <= tolerance for m in self._plausible_masses)

    def _ledger_complete(self) -> bool:
        """Whether the stones named on the beam (``ledger``) account for all of the load
        at the rest before the change: the rest's total less the empty beam's within the
        census tolerance, and the empty beam (the lightest rest seen) weighing what the
        profile says the beam and the Stone of Fate weigh (else a stone was on the beam
        before the first rest, and the ledger cannot know it: unseen brisk seed 304 at
        2 g). Then a load taken off can only be some of them; a drop that is none of them
        is a hand (pressing in while a heavier stone is taken off) or worse."""
        if self._reference is None or self._empty_total is None:
            return False
        prof, tol = self.profile, self.config.census_tolerance_g
        empty = prof.beam_mass_g + prof.fate_mass_g
        if abs(self._empty_total - empty) > tol + 0.02 * empty:
            return False
        load = self._reference[0] - self._empty_total
        named = self.ledger.mass_g
        return named > 0 and abs(load - named) <= tol + 0.02 * named

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
        self, t: float, w: float, left: float, right: float, out: list, *, force=False, split=None
    ) -> None:
        """Name the change now at rest against the rest before it (``force``: settle
        again with no change, the beam having tipped; ``split``: the change as the
        stones ``scale_split`` found in it, reported instead of its sum)."""
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
            if split is not None:  # stones one after another, each named (``scale_split``)
                self._report_split(t, split, out)
                changed = True
            elif abs(dm) >= cfg.mass_step_g:
                x = p + dtau / dm
                if dm > 0:
                    named = [StoneAdded(t, dm, x, prof.space_at(x))]
                    self._book_added(dm, x, prof.space_at(x))
                    self._adds_named.append((t, dm, prof.space_at(x)))
                else:
                    named = self._removed(t, -dm, x)
                    self._note_undone(t, -dm, prof.space_at(x))
                out.extend(named)
                one = named[0] if len(named) == 1 and named[0].space is not None else None
                self._step_named = (t, dm, dtau, one.space) if one else None
                changed = True
            elif abs(dtau) >= cfg.torque_step_gmm:
                out.append(LoadShifted(t, dtau))
                if self._settling_in(t, dtau):
                    # the stone just named rocked or slid (named a moment early), or the
                    # Stone of Fate moved: the sensing cannot tell, and says so
                    self._moved.append((t, dtau, t - self._step_named[0]))
                changed = True
        if self._empty_total is None or total < self._empty_total + cfg.mass_step_g / 2:
            self._empty_total = min(total, self._empty_total or total)
            self.ledger.clear()  # the beam as light as ever: no stone on it
        far = prof.space_x_mm["L2"] if down == RIGHT else prof.space_x_mm["R2"]
        margin = max(0.0, torque / (p - far))  # the mass at ``far`` that balances τ
        if changed:
            out.append(ScaleSettled(t, total, torque, down, margin))
        self.down = down
        self._have_rest = True
        self._pivot_at_rest = p
        self._episode_disturbed = False

    def _note_undone(self, t: float, mass_g: float, space: str | None) -> None:
        """A load of ``mass_g`` taken off ``space`` within ``UNDONE_WITHIN_S`` of a stone
        named there, of a mass that is not that stone's: most likely a hand resting on
        the beam at that space (the down end, where hands hold it) was weighed as a
        stone, and now left. The stone named may be the hand: said (``undone``). Not
        said where a stone of that mass was named on that space ``HAND_EPISODE_S`` or
        more before: the older of two stones there taken off (unseen rounds 308 and 320
        at 0.3 g); a hand weighed, a stone put down and the hand gone take less."""
        last = self._step_named
        if last is None or space is None:
            return
        t_named, dm, _, named_space = last
        tol = self.config.census_tolerance_g + 0.02 * mass_g
        soon = dm > 0 and named_space == space and t - t_named <= UNDONE_WITHIN_S
        if not soon or abs(mass_g - dm) <= tol:
            return
        older = [
            ta for ta, m, sp in self._adds_named
            if sp == space and abs(m - mass_g) <= tol and t - ta >= HAND_EPISODE_S
        ]  # fmt: skip
        if not older:
            self._undone.append((t, mass_g, dm, t - t_named))

    def _settling_in(self, t: float, dtau: float) -> bool:
        """Whether a shift of ``dtau`` (g·mm) may be the stone just named settling into
        its place: within ``MOVED_WITHIN_S`` of it, no hand seen since, the stone's place
        moved by at most a space's width and still on the space it was named on, on cells
        noisy enough to need the stillness test (``_still_s``; on quieter cells a stone
        is named once it lies still, and such a shift is the Stone of Fate)."""
        last = self._step_named
        if last is None or self._hand_seen or self._episode_disturbed or self._still_s <= 0:
            return False
        t_named, dm, dtau_step, space = last
        if t - t_named > MOVED_WITHIN_S or abs(dtau / dm) > self.profile.space_width_mm:
            return False
        return self.profile.space_at(self._pivot + (dtau_step + dtau) / dm) == space

    def _book_added(
        self, mass_g: float, x_mm: float, space: str | None, *, ledger: BeamLedger | None = None
    ) -> None:
        """Keep a load named on a space in the ledger (``self.ledger`` unless another is
        given; the pillars put down together as their two stones)."""
        if space is None:
            return
        ledger = self.ledger if ledger is None else ledger
        tol = self.config.census_tolerance_g + 0.02 * mass_g
        for pair, parts in self._pair_parts.items():
            single = any(abs(mass_g - m) <= tol for m in self.profile.stone_mass_g.values())
            if abs(mass_g - pair) <= tol and not single:
                for m in parts:
                    ledger.add(m * mass_g / pair, x_mm, space)
                return
        ledger.add(mass_g, x_mm, space)

    def _removed(self, t: float, mass_g: float, x_mm: float) -> list[StoneRemoved]:
        """A load of ``mass_g`` taken off at ``x_mm``, as the stones named before that it
        matches (``BeamLedger.take``): one stone (or one space's stack), on the space it
        was named on; or stones on several spaces taken off one after another, faster
        than the scale names them (a merged step): split, one ``removed`` a space at the
        time its step was seen, and said as stones merged. Taken off together (no step
        between), or matching nothing (unsure, or stones never named), the load is said
        as measured: the referee asks about a load taken off during a round, and
        clearing the beam takes stones off in any grouping."""
        prof, cfg = self.profile, self.config
        space = prof.space_at(x_mm)
        parts = self.ledger.take(
            mass_g,
            x_mm,
            mass_tol_g=cfg.census_tolerance_g + 0.02 * mass_g,
            x_tol_mm=prof.space_width_mm / 2 + cfg.off_space_mm,
        )
        if parts is None:  # unsure (or stones taken off that were never named)
            return [StoneRemoved(t, mass_g, x_mm, space)]
        parts = _by_space(parts)  # a space's stones taken off together: one load
        if len(parts) == 1:  # one stone (or stack): where it was named, if off its space
            x = x_mm if space == parts[0].space else parts[0].x_mm
            return [StoneRemoved(t, mass_g, x, parts[0].space)]
        # the first stone came off when the change began; each later one at a step seen
        # in the total on the way (its middle: ``step_frames`` after where it shows)
        big = 0.5 * self._lightest_g
        lag = cfg.step_frames * self._frame_dt
        later = [(ts + lag, -r) for ts, _, r, _ in self._episode_steps if r <= -big]
        if later:  # taken off one after another, faster than the scale names them
            self._merged.extend((ts, 0.0) for ts, _ in later)
        start = self._episode_start
        if start is None or self._episode_lifted or len(later) + 1 != len(parts):
            # taken off together (no step between), or steps not one a stone: the stones
            # found leave the ledger, the load is said as measured
            return [StoneRemoved(t, mass_g, x_mm, space)]
        slots = self._slots(mass_g, x_mm, [ts for ts, _ in later])
        times = [start] + [ts for ts, _ in later]
        order = _best_order(slots, parts, cfg.census_tolerance_g + 1.0)
        return sorted(
            (StoneRemoved(times[i], parts[j].mass_g, parts[j].x_mm, parts[j].space)
             for i, j in enumerate(order)),
            key=lambda o: o.t_mono,
        )  # fmt: skip

    def _slots(
        self, mass_g: float, x_mm: float, steps: list[float]
    ) -> list[tuple[float, float | None]]:
        """The load each step of a merged removal took off, (g, mm or None if unknown):
        the levels held just before each later step at ``steps`` (s; the medians of each
        cell's frames over the ``SLOT_S`` before it) against the rest before the change,
        and the whole change's ``mass_g`` at ``x_mm``."""
        m0, tau0 = self._reference
        p = self._pivot
        levels = [(m0, tau0)]
        frames = list(zip(self._masses, self._cells, strict=True))
        for ts in steps:
            near = [c for (tm, _), c in frames if ts - SLOT_S <= tm < ts]
            if len(near) < 4:
                levels.append(None)
                continue
            w, left, right = np.median(np.array(near), axis=0)
            levels.append((w + left + right, self._torque(left, right)))
        levels.append((m0 - mass_g, tau0 - mass_g * (x_mm - p)))
        slots: list[tuple[float, float | None]] = []
        for before, after in itertools.pairwise(levels):
            if before is None or after is None or before[0] - after[0] < 1.0:
                slots.append((float("nan"), None))
                continue
            dm = before[0] - after[0]
            slots.append((dm, p + (before[1] - after[1]) / dm))
        return slots


def _best_order(slots, parts, mass_tol_g: float) -> tuple[int, ...]:
    """Which part each slot (its mass g, place mm or None) is, the order of least misfit:
    the masses' misfit in tolerances plus the places' in tens of mm."""

    def misfit(i: int, j: int) -> float:
        m, x = slots[i]
        cost = 0.0 if math.isnan(m) else abs(m - parts[j].mass_g) / mass_tol_g
        return cost + (0.0 if x is None else abs(x - parts[j].x_mm) / 10.0)

    orders = itertools.permutations(range(len(parts)))
    return min(orders, key=lambda order: sum(misfit(i, j) for i, j in enumerate(order)))


def _by_space(parts: tuple[Named, ...]) -> tuple[Named, ...]:
    """The stones named on each space, as one load a space (mass g, mean place mm)."""
    spaces: dict[str, list[Named]] = {}
    for e in parts:
        spaces.setdefault(e.space, []).append(e)
    loads = []
    for space, named in spaces.items():
        m = sum(e.mass_g for e in named)
        loads.append(Named(m, sum(e.mass_g * e.x_mm for e in named) / m, space))
    return tuple(loads)
