"""Stones put down (and taken off) one after another, faster than the scale names them,
split back into their stones (a mixin of ``scale.ScaleSensor``; pure, numpy).

At 1.5-2 g a cell a stone put down 0.8 s after the last may come before the scale
named the last: the change it finally names is their sum (a load of no stone's mass,
or of one stone's mass, or nothing if one came and one went). What the cells saw on
the way tells the stones apart: each step in the total (``_episode_steps``) follows a
level the total held. The change is split at its steps when every part is clear:

- the level before each step held still (the cells' medians from ``SETTLED_S`` after
  the step before, at most ``SLOT_MAX_S``, or the last ``SLOT_S``; its middle three
  quarters within the hand spread, the beam resting on a pad);
- a part put down weighs as a stone of the census (or the pillars together) and lies
  on a space, ``x_edge_sd`` standard deviations inside its edges; within
  ``hand_zone_mm`` of a pad, where a hand holds the beam, only if its step was sharp
  (``_ramped``: a hand presses in over 0.1 s; in rounds with hands a hand arriving
  there and a stone put down after it would be split into two stones; at 10 samples/s,
  too few frames to tell, never), and whose level, held until the next step, did not
  wander or tremble as a hand's force does (``_level_wanders``: a hand as sharp as a
  stone gives no ramp);
- a part taken off is the stones named on one space (``BeamLedger.take``), those put
  down earlier in the same change included.

Nor is a change that began within ``HAND_LEFT_S`` of one named with a hand seen: its
first step down may be the hand leaving (weighed with a stone, it matches stones named).
Steps that leave the level as it was (a glitch of two samples, a bounce) are not parts,
nor a step within ``BOUNCE_S`` of the one before with no level held between (a bounce).
Each part is reported at the time of its step, in order. With a hand seen, the beam
lifted, a level not held, or any part not clear, nothing is split: the change is named
as before, as one load, and said (``unnamed`` or ``fast``); stones only taken off are
then still split where the ledger matches them as a whole (``scale_rest._removed``).
Masses in g, places in mm, times ``t_mono`` s.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from .noise import torque_sd
from .observations import StoneAdded, StoneRemoved
from .scale_ledger import BeamLedger

SLOT_MAX_S = 0.6  # the level before a step: the medians of each cell over this long (s),
SETTLED_S = 0.2  # ... from this long after the step before (its bounce over) ...
SLOT_S = 0.2  # ... or, if that did not hold still, over the last this long
SLOT_MIN_FRAMES = 6  # ... at least this many frames (else not clear)
BOUNCE_S = 0.3  # a step this soon after the one before, with no level held between: a bounce
RAMP_FRAMES = 4  # frames running on the way up: a hand pressing in (0.1 s, 8 frames at 80/s)
RAMP_SEARCH_S = 0.25  # ... looked for this long either side of the step (s)
HAND_LEFT_S = 2.0  # a change this soon after one named with a hand seen: not split (s)
MEDIAN_SD_FACTOR = 1.25  # the median of n frames has about 1.25 σ/√n


@dataclass(frozen=True, slots=True)
class Part:
    """One stone (or one space's stones) of a split change: put down (``mass_g`` > 0)
    or taken off (< 0) at ``t_mono`` (s), at ``x_mm`` on ``space``."""

    t_mono: float
    mass_g: float
    x_mm: float
    space: str


@dataclass(frozen=True, slots=True)
class Split:
    """A change split into its ``parts``, and the ledger as it is after them."""

    parts: tuple[Part, ...]
    ledger: BeamLedger


class SplitWatch:
    """Splitting a merged change: part of ``ScaleSensor`` (its state lives there)."""

    def _split_change(self, w: float, left: float, right: float) -> Split | None:
        """The change now at rest (window means ``w``, ``left``, ``right``, g) as the
        stones it was, if its steps show them one after another and every part is clear
        (see the module docstring); else None."""
        if self._reference is None or not self._have_rest or self._hand_in_change:
            return None
        start = self._episode_start
        if start is None or self._episode_lifted or len(self._cells) != len(self._masses):
            return None
        if start - self._t_hand_named < HAND_LEFT_S:
            return None  # a step down may be the hand leaving
        big = 0.5 * self._lightest_g
        steps = [(ts, r) for ts, _, r, _ in self._episode_steps if abs(r) >= big]
        total = w + left + right
        m0, tau0 = self._reference
        if not steps:
            return None
        lag = self.config.step_frames * self._frame_dt
        levels = [(m0, tau0, math.inf)]  # (total g, torque g·mm, frames averaged)
        times = [start]  # when each part began: the change's start, then each step's
        t_prev = start
        for ts, _ in steps:
            level = self._level_before(ts, t_prev)
            if level is None and ts - t_prev > BOUNCE_S:
                return None
            t_prev = ts
            if level is None:
                continue  # a bounce just after the step before: part of that step
            levels.append(level)
            times.append(ts + lag)
        levels.append((total, self._torque(left, right), max(1, len(self.tracker._stable))))
        return self._parts(levels, times)

    def _level_before(self, t_step: float, t_after: float) -> tuple[float, float, int] | None:
        """The level the total held before the step at ``t_step`` (s), from ``SETTLED_S``
        after the step before it (``t_after``) but at most ``SLOT_MAX_S`` (or, if that
        did not hold still, the last ``SLOT_S``): (total g, torque g·mm, frames), the
        medians of each cell; None if it did not hold still."""
        frames = list(zip(self._masses, self._cells, strict=True))
        for since in (max(t_after + SETTLED_S, t_step - SLOT_MAX_S), t_step - SLOT_S):
            near = [c for (tm, _), c in frames if since <= tm < t_step]
            if len(near) < SLOT_MIN_FRAMES:
                continue
            cells = np.array(near)
            totals = np.sort(cells.sum(axis=1))
            trim = len(totals) // 8
            if totals[-1 - trim] - totals[trim] > self._hand_spread_g:
                continue  # not held still: a stone still bouncing, a hand
            w, left, right = np.median(cells, axis=0)
            if max(left, right) < self._min_pad_g:
                return None  # the beam in the air, or tipping over
            w, left, right = float(w), float(left), float(right)
            return w + left + right, self._torque(left, right), len(near)
        return None

    def _parts(self, levels, times) -> Split | None:
        """The parts between successive ``levels`` (total g, torque g·mm, frames), made
        at ``times`` (the change's start, then each step's), if all are clear. Levels
        within a stone of each other (a glitch, a bounce between them) are one level,
        their frames averaged; a shift between them is not clear."""
        cfg = self.config
        held: list[list[float]] = []  # [total g, torque g·mm, frames, index of the last]
        for j, (m, tau, frames) in enumerate(levels):
            if held and abs(m - held[-1][0]) < cfg.mass_step_g:
                cur = held[-1]
                if abs(tau - cur[1]) >= cfg.torque_step_gmm:
                    return None  # a shift on the way: not a stone put down or taken off
                if math.isfinite(cur[2]):  # (the rest before the change stays as it was)
                    n = cur[2] + frames
                    cur[0], cur[1] = (
                        (cur[0] * cur[2] + m * frames) / n,
                        (cur[1] * cur[2] + tau * frames) / n,
                    )
                    cur[2] = n
                cur[3] = j
                continue
            held.append([m, tau, frames, j])
        if len(held) < 3:
            return None  # one step (or none): the change as it is
        ledger = self.ledger.copy()
        parts: list[Part] = []
        for cur, nxt in itertools.pairwise(held):
            dm, dtau = float(nxt[0] - cur[0]), float(nxt[1] - cur[1])
            t_part = times[int(cur[3])]
            x = self._pivot + dtau / dm
            tol = cfg.census_tolerance_g + 0.02 * abs(dm)
            if dm > 0:
                near_pad = min(abs(x - self._x_left), abs(x - self._x_right)) <= cfg.hand_zone_mm
                if near_pad and (
                    cfg.arrival_frames <= 0 or self._ramped(t_part, float(cur[0]), float(nxt[0]))
                ):  # where a hand holds the beam, pressed in as a hand does (or too few
                    return None  # frames to tell: 10 samples/s)
                if near_pad and self._level_wanders(t_part, int(nxt[3]), times, x):
                    return None  # ... or held its level as a hand does
                space = self._clear_space(x, dm, cur[2], nxt[2])
                if space is None or not any(abs(dm - m) <= tol for m in self._plausible_masses):
                    return None
                self._book_added(dm, x, space, ledger=ledger)
                parts.append(Part(t_part, dm, x, space))
            else:
                reach = self.profile.space_width_mm / 2 + cfg.off_space_mm
                taken = ledger.take(-dm, x, mass_tol_g=tol, x_tol_mm=reach)
                spaces = {e.space for e in taken} if taken else set()
                if len(spaces) != 1:
                    return None  # unsure, or stones of several spaces in one step
                m = sum(e.mass_g for e in taken)
                x_named = sum(e.mass_g * e.x_mm for e in taken) / m
                parts.append(Part(t_part, dm, x_named, spaces.pop()))
        return Split(tuple(parts), ledger)

    def _level_wanders(self, t_part: float, last: int, times, x_mm: float) -> bool:
        """Whether the level a part put down at ``t_part`` (s) held until the next step
        (``times[last + 1]``, less the step's lag) wandered or trembled as a hand's force
        does (``_held_like_a_hand``), from ``SETTLED_S`` after its step; False for the
        change's last level (the rest, which the stillness tests watch) or too few frames."""
        if last + 1 >= len(times):
            return False
        lag = self.config.step_frames * self._frame_dt
        t_end = times[last + 1] - lag - self._frame_dt
        t0 = t_part - lag + SETTLED_S
        frames = zip(self._masses, self._cells, strict=True)
        cells = [c for (tm, _), c in frames if t0 <= tm < t_end]
        return self._held_like_a_hand(np.array(cells), x_mm) if cells else False

    def _ramped(self, t_part: float, before_g: float, after_g: float) -> bool:
        """Whether the total went from ``before_g`` to ``after_g`` at ``t_part`` (s) as a
        hand presses in, over 0.1 s: ``RAMP_FRAMES`` frames running or more between 15 %
        and 85 % of the way (a stone's step is over in a frame or two)."""
        lag = self.config.step_frames * self._frame_dt
        rise = after_g - before_g
        run = longest = 0
        for tm, m in self._masses:
            if not t_part - lag - RAMP_SEARCH_S <= tm <= t_part + RAMP_SEARCH_S:
                continue
            run = run + 1 if 0.15 < (m - before_g) / rise < 0.85 else 0
            longest = max(longest, run)
        return longest >= RAMP_FRAMES

    def _clear_space(self, x_mm: float, dm: float, frames_a: float, frames_b: float):
        """The space a part put down at ``x_mm`` (mass ``dm`` g, measured between levels
        of ``frames_a`` and ``frames_b`` frames) lies on, ``x_edge_sd`` standard
        deviations inside its edges; None if not."""
        prof = self.profile
        space = prof.space_at(x_mm)
        if space is None:
            return None
        s = self.noise_g
        p = self._pivot
        tau = torque_sd(s[1], s[2], p - self._x_left, self._x_right - p) * MEDIAN_SD_FACTOR
        x_sd = tau * math.sqrt(1.0 / frames_a + 1.0 / frames_b) / abs(dm)
        edge = prof.space_width_mm / 2 - abs(x_mm - prof.space_x_mm[space])
        return space if edge >= self.config.x_edge_sd * x_sd else None

    def _report_split(self, t: float, split: Split, out: list) -> None:
        """Report a split change's parts, in order; the ledger as they leave it."""
        self.ledger = split.ledger
        self._merged.extend((part.t_mono, 0.0) for part in split.parts[1:])
        for part in split.parts:
            if part.mass_g > 0:
                out.append(StoneAdded(part.t_mono, part.mass_g, part.x_mm, part.space))
                self._adds_named.append((t, part.mass_g, part.space))
            else:
                out.append(StoneRemoved(part.t_mono, -part.mass_g, part.x_mm, part.space))
        last = split.parts[-1]
        dtau = last.mass_g * (last.x_mm - self._pivot)
        self._step_named = (t, last.mass_g, dtau, last.space) if last.mass_g > 0 else None
