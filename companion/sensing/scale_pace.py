"""Stones put down faster than the scale names them (a mixin of ``scale.ScaleSensor``).

Steps within a change, levels held on the way (``merges``), changes of no stone's
mass: kept here for the ``fast`` and ``unnamed`` problems (``scale_problems``). Times
are ``t_mono`` seconds, masses grams, places mm.
"""

from __future__ import annotations

from .merges import level_held_between

FAST_NAME_FACTOR = 3.0
SETTLED_LEVEL_S = 0.2  # a change's first level: from this long after it began (s) ...
MIN_LEVEL_FRAMES = 6  # ... over at least this many frames, before its next step


class PaceWatch:
    """Pace and merged stones: part of ``ScaleSensor`` (its state lives there)."""

    def _level_held_between(self, before: float, after: float) -> float | None:
        """When the total, during the change now named, held still at a level between
        ``before`` and ``after`` (g), half the lightest stone or more from both: the time
        it left that level (s), else None (``merges.level_held_between``; the caller
        rules out a hand seen and the beam lifted)."""
        if len(self._cells) != len(self._masses):
            return None
        pads = [(left, right) for _, left, right in self._cells]
        return level_held_between(self._masses, pads, before, after,
                                  frame_dt=self._frame_dt, far_g=0.5 * self._lightest_g,
                                  spread_g=self._hand_spread_g, min_pad_g=self._min_pad_g,
                                  same_g=self.config.mass_step_g)  # fmt: skip

    def _put_down_then_taken_off(self, after: float) -> float | None:
        """When the change now named, with no hand seen and the beam never lifted, first
        held a level that a stone put down makes (half the lightest stone or more above
        the rest before; held still, its middle three quarters within the hand spread;
        within ``off_space_mm`` of a space, and not where a hand holds the beam, beyond
        ``hand_zone_mm`` from the pads), then stepped down by half the lightest stone or
        more, ending at ``after`` (g) as far below that level: a stone put down and taken
        off (or another taken off) before the scale named it, e.g. near a dead balance,
        where the beam tips slowly and the scale waits (unseen brisk seed 502 at 2 g: H1
        on L2 taken off after 0.44 s of rest, lost with no word). The time it left that
        level (s), else None."""
        steps = self._episode_steps
        if not steps or self._reference is None or self._episode_start is None:
            return None
        if self._hand_in_change or self._episode_lifted:
            return None
        cfg = self.config
        big = 0.5 * self._lightest_g
        if not any(r <= -big for _, _, r, _ in steps):
            return None  # no load seen taken off
        t_first = steps[0][0]
        lo = self._episode_start + SETTLED_LEVEL_S
        hi = t_first - cfg.step_frames * self._frame_dt
        near = [c for (tm, _), c in zip(self._masses, self._cells, strict=False) if lo <= tm <= hi]
        if len(near) < MIN_LEVEL_FRAMES:
            return None
        totals = sorted(sum(c) for c in near)
        trim = len(totals) // 8
        if totals[-1 - trim] - totals[trim] > self._hand_spread_g:
            return None  # not held still: a hand's wander
        w, left, right = (sorted(v)[len(v) // 2] for v in zip(*near, strict=True))
        m0, tau0 = self._reference
        dm = w + left + right - m0
        if dm < big or w + left + right - after < big:
            return None
        x = self._pivot + (self._torque(left, right) - tau0) / dm
        prof = self.profile
        reach = prof.space_width_mm / 2 + cfg.off_space_mm  # (a beam tipping slowly
        # through the air carries a load's torque to neither pad: its place is rough)
        if all(abs(x - c) > reach for c in prof.space_x_mm.values()):
            return None
        if min(abs(x - pad) for pad in (self._x_left, self._x_right)) <= cfg.hand_zone_mm:
            return None
        return t_first

    def _cancelled_out(self, rise: float, steps: list[tuple[float, float, float, float]]) -> bool:
        """Whether a change that left the mass as it was (``rise``, g) went up and down by
        a stone's mass or more, with no hand seen and the beam never lifted: stones put
        down and taken off before the scale could name them, which then cancel out (the
        ``fast`` problem; a change of no stone's mass is the ``unnamed`` one)."""
        if abs(rise) >= self.config.mass_step_g or self._hand_in_change or self._episode_lifted:
            return False
        big = 0.5 * self._lightest_g
        return any(r >= big for _, _, r, _ in steps) and any(r <= -big for _, _, r, _ in steps)

    def _on_a_space(self, w: float, left: float, right: float) -> bool:
        """Whether the change to these loads (g) put or took a load on a space (or moved
        no mass: a shift)."""
        m0, tau0 = self._reference
        dm = w + left + right - m0
        if abs(dm) < self.config.mass_step_g:
            return True
        x = self._pivot + (self._torque(left, right) - tau0) / dm
        return self.profile.space_at(x) is not None

    def _note_unnamed(self, t: float, total: float, torque: float) -> None:
        """A change named although it is no stone's (``_plausible``): kept for the
        ``unnamed`` problem, with its mass step (g) and place (mm)."""
        m0, tau0 = self._reference
        dm = total - m0
        x = self._pivot + (torque - tau0) / dm if abs(dm) > 1e-6 else self._pivot
        self._unnamed.append((t, dm, x))

    def _new_step(self, t_step: float, rise: float) -> None:
        """A new step in the total (``rise``, g) during a change not yet named. A level
        held ``fast_level_s``, but less than ``FAST_NAME_FACTOR`` times what the scale
        takes lately to name a stone, and then another step is most likely a stone put
        down before the scale could name the one before. Counted when the change is
        named, if all its steps went the way of the whole change (stones put down one
        after another; a hand arrives and leaves), or if no hand was seen and the change
        is no stone's (stones put down and taken off). ``fast_events`` of them (or of changes
        starting within ``fast_rest_s`` of the last one named) within ``fast_window_s``
        are the ``fast`` problem (the stones may then be reported late, or together as
        a load of no stone's mass, which the referee asks about)."""
        since = t_step - self._level_start
        self._level_start = t_step
        soon = self.config.fast_level_s <= since < FAST_NAME_FACTOR * self._name_s()
        self._episode_steps.append((t_step, since if soon else 0.0, rise, since))

    def _fast_pace(self, t: float) -> float | None:
        """The shortest time between stones put down too fast lately (s), if that happened
        ``fast_events`` times within ``fast_window_s``, or once in it while said; else 0
        if stones were seen merged into one change within it (``_merged``: at any rate,
        no pace measured); else None."""
        cfg = self.config
        if not self._merged and (cfg.fast_events <= 0 or not self._fast):
            return None  # (at 80/s the pace is not watched: ``_fast`` is not looked at)
        for seen in (self._fast, self._merged):
            while seen and t - seen[0][0] > cfg.fast_window_s:
                seen.popleft()
        fast = self._fast if cfg.fast_events > 0 else ()
        if fast and len(fast) >= (1 if "fast" in self._problem else cfg.fast_events):
            return min(gap for _, gap in fast)
        return 0.0 if self._merged else None  # stones merged: no pace measured

    def _moved_change(self, t: float) -> tuple[float, float] | None:
        """The last shift that came soon after a stone was named, no hand seen (Δτ g·mm,
        s after), if one was within ``fast_window_s``."""
        seen = self._moved
        while seen and t - seen[0][0] > self.config.fast_window_s:
            seen.popleft()
        return seen[-1][1:] if seen else None

    def _undone_change(self, t: float) -> tuple[float, float, float] | None:
        """The last load taken off a space just after a stone of another mass was named
        there (g off, g named, s after), if one was within ``fast_window_s``."""
        seen = self._undone
        while seen and t - seen[0][0] > self.config.fast_window_s:
            seen.popleft()
        return seen[-1][1:] if seen else None

    def _unnamed_change(self, t: float) -> tuple[float, float] | None:
        """The last change named that was no stone's (ΔM g, x mm), if one was within
        ``fast_window_s``."""
        seen = self._unnamed
        if not seen:
            return None
        while seen and t - seen[0][0] > self.config.fast_window_s:
            seen.popleft()
        return seen[-1][1:] if seen else None

    def _name_s(self) -> float:
        """The time from a step to its stone named, lately (s; the median)."""
        times = sorted(self._name_times)
        return times[len(times) // 2] if times else self.decide_s
