"""The scale's sensing pipeline: raw HX711 samples in, observations for the referee out.

Pure: no hardware, no clock (every time is the samples' ``t_mono``, seconds). Per channel:
saturation codes and silence become faults, raw counts become grams (profile
calibration), single-sample glitches are rejected (median of three). The three channels
then form frames (wedge, left pad, right pad, grams) and a ``SettleTracker`` decides when
the scale is at rest. Each time it comes to rest after a change, the new state is
compared with the one before the change (``spec/scale.md``):

- total mass M = wedge + left + right (g); torque about the pivot p (g·mm)
  τ = right·(x_right_pad − p) − left·(p − x_left_pad);
- a step in M is a stone added or removed at x = p + Δτ/ΔM (mm), on the space there;
- a step in τ alone is a shift (the Stone of Fate slid, or the beam changed notch);
- the side down is the pad carrying load; the tilt margin is the mass on the far outer
  space that would balance τ.

While a hand acts on the scale (the total wavers, or the beam is lifted off), it reports
``disturbed`` and nothing else.

Every threshold follows the noise measured at rest (``noise.NoiseMeter``, per cell and
for the sum): the settle band, the step that starts a change, how long to average
before naming a stone (frames grow as the noise squared, up to ``max_average_s``), what
counts as a hand. When the sensing cannot decide (too noisy to tell the stones apart,
never at rest, a cell drifting), it says so with a ``ScaleNoise`` observation, and again
when it can.

The pivot is not visible to the load cells: the referee (or a recording's ``# notch:``
line) says when it moves, through ``set_notch``.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import deque
from collections.abc import Iterable

import numpy as np

from ..profile import CHANNELS, ScaleProfile
from .filters import MOVING, QUIET, STABLE, TRIGGERED, SettleTracker, SpikeFilter
from .merges import level_held_between
from .noise import (
    MEAN_SD_FACTOR,
    NoiseMeter,
    frames_for,
    mean_sd,
    place_frames,
    resolution_g,
    torque_sd,
)
from .observations import (
    Fault,
    LoadShifted,
    Observation,
    ScaleDisturbed,
    ScaleNoise,
    ScaleSettled,
    StoneAdded,
    StoneRemoved,
)
from .scale_config import SensingConfig
from .scale_problems import Figures, describe
from .scale_recording import SATURATION_CODES, RawSample

WEDGE, LEFT, RIGHT = CHANNELS
TREMOR_HZ = (7.0, 13.0)  # a hand's physiological tremor: 8-12 Hz
FAST_NAME_FACTOR = 3.0
ZONE_FRAMES = 24  # where a change acts: the mean of this many frames (0.3 s at 80/s)
CALM_BREAK_FRAMES = 8  # frames running out of the band: the dead-balance wait starts anew


class _Channel:
    __slots__ = (
        "fault",
        "last_t",
        "mad_g",
        "name",
        "noisy_since",
        "per_g",
        "prev_v",
        "prev_v2",
        "samples",
        "saturated",
        "spike",
        "t_value",
        "value",
        "zero",
        "zero_adjust_g",
    )

    def __init__(self, name: str, zero: int, counts_per_g: float, glitch_g: float) -> None:
        self.name, self.zero, self.per_g = name, zero, counts_per_g
        self.spike = SpikeFilter(glitch_g=glitch_g)
        self.last_t: float | None = None
        self.value: float | None = None
        self.t_value = 0.0
        self.prev_v: float | None = None
        self.prev_v2: float | None = None
        self.mad_g = 0.0
        self.noisy_since: float | None = None
        self.saturated = 0
        self.samples = 0
        self.zero_adjust_g = 0.0
        self.fault: str | None = None  # "stale", "saturated", "noisy"


class ScaleSensor:
    """Feed it samples (``feed``), get observations back; see the module docstring."""

    def __init__(
        self, profile: ScaleProfile, *, config: SensingConfig | None = None, notch: str = "middle"
    ) -> None:
        self.profile = profile
        self.config = cfg = config or SensingConfig.for_rate(profile.rate_sps)
        self._ch = {
            name: _Channel(name, c.zero_counts, c.counts_per_g, cfg.glitch_g)
            for name, c in profile.cells.items()
        }
        self._order = [self._ch[n] for n in CHANNELS]
        self._fresh = dict.fromkeys(CHANNELS, False)
        self._pivot = self._pivot_at_rest = self._notch_x(notch)
        self._x_left, self._x_right = profile.pad_left_x_mm, profile.pad_right_x_mm
        self.tracker = SettleTracker(
            3,
            window_s=cfg.settle_window_s,
            min_frames=cfg.settle_min_frames,
            band=cfg.settle_band_g,
            trigger=cfg.trigger_g,
            tare_time_s=cfg.tare_time_s,
            hold_s=cfg.settle_hold_s,
        )
        self.down: str | None = None
        self._reference: tuple[float, float] | None = None  # (M, τ) before the change
        self._have_rest = False  # a settled state exists to compare with
        self._episode_disturbed = False
        self._hand_seen = False
        self._t_jump = float("-inf")
        self._episode_start: float | None = None  # the start of the current change
        census = profile.stone_mass_g
        pairs = [census["P1"] + census["P2"]] if {"P1", "P2"} <= census.keys() else []
        self._plausible_masses = sorted(set(census.values()) | set(pairs))
        self._masses: deque[tuple[float, float]] = deque(maxlen=256)
        self._cells: deque[tuple[float, float, float]] = deque(maxlen=256)  # beside _masses
        self._t_first: float | None = None
        self._t_frame: float | None = None
        self.noise = NoiseMeter(4, keep=1024)  # wedge, left, right and their sum
        self._noise_version = -1  # the meter's figures the thresholds were set from
        self._noise_now = [0.0] * 4
        masses_sorted = sorted(set(census.values()))
        gaps = [b - a for a, b in itertools.pairwise(masses_sorted)]
        self.mass_gap_g = min(gaps) if gaps else 5.0  # the census's closest two stones
        self._frame_dt = 1.0 / profile.rate_sps  # mean time between frames (s)
        self._frames_mass = cfg.settle_min_frames  # frames to average for the mass
        self._frames_cap = cfg.settle_min_frames  # the most frames ever averaged
        self._episode_frames = cfg.settle_min_frames  # this change's need (mass, place)
        self._hand_window_s = cfg.hand_window_s
        self._still_s = 0.0  # a change holds still this long before it counts (s) ...
        self._still_limit = 0.0  # ... its smooth wander within this (g², see _still)
        self._hand_release_s = cfg.hand_release_s
        self._hand_spread_g = cfg.hand_spread_g
        self._hand_sd_g = 0.0  # the sum's white noise, for what counts as a hand
        self._min_pad_g = cfg.min_pad_load_g
        self._hand_jump_g = cfg.hand_jump_g
        self._disturbed_after_s = cfg.disturbed_after_s
        self._t_rest = 0.0  # the scale was last at rest (s)
        self._trend_frames = 0  # frames running whose window trended like a hand
        self._relearned = False
        self._problem: tuple[str, ...] = ()  # the problems reported now, by kind
        self._unnamed_said: tuple[float, float] | None = None  # the change said unnamed
        self.resolution_g = 0.0  # the smallest mass difference told apart now (g)
        self.decide_s = 0.0  # the rest it takes now to name the lightest stone (s)
        self.drift_g_per_min = [0.0, 0.0, 0.0]  # each cell's zero, as last measured at rest
        self._drift_ref: tuple[float, list[float]] | None = None  # (t, levels) at rest
        self._lightest_g = min(census.values()) if census else 30.0
        self._level_start = float("-inf")  # the current step in the total began (s)
        self._t_named = float("-inf")  # the last change was named (s)
        self._episode_steps: list[tuple[float, float, float, float]] = []  # (t, s after
        #                 the last, or 0 if not too soon; rise, g; s after the last) in a change
        self._episode_lifted = False  # the beam was lifted off in this change (a notch move)
        self._calm_since: float | None = None  # not moving (but a frame or two) since (s)
        self._moving_run = 0  # frames running the cells moved
        self._fast: deque[tuple[float, float]] = deque(maxlen=64)  # (t, s since the last)
        self._merged: deque[tuple[float, float]] = deque(maxlen=64)  # the same, seen merged
        self._unnamed: deque[tuple[float, float, float]] = deque(maxlen=16)  # (t, ΔM, x)
        self._name_times: deque[float] = deque(maxlen=9)  # step to named, lately (s)

    # -- inputs --------------------------------------------------------------------

    def set_notch(self, notch: str) -> None:
        """The beam now rests on ``notch`` (``left``/``middle``/``right``).

        Told while the scale is at rest (the referee, after the move has settled), the
        next change is measured against the rest about the new pivot; told during a
        change (a recording's ``# notch:`` line), the rest before it keeps the old one.
        """
        self._pivot = self._notch_x(notch)
        if self.tracker.settled:
            self._pivot_at_rest = self._pivot

    def _notch_x(self, notch: str) -> float:
        try:
            return self.profile.notch_x_mm[notch]
        except KeyError:
            known = ", ".join(self.profile.notch_x_mm)
            raise ValueError(f"unknown notch {notch!r} (allowed: {known})") from None

    def feed_all(self, samples: Iterable[RawSample]) -> list[Observation]:
        out: list[Observation] = []
        for s in samples:
            out.extend(self.feed(s))
        return out

    def feed(self, sample: RawSample) -> list[Observation]:
        """Take one raw sample; return the observations it makes certain (often none)."""
        out: list[Observation] = []
        ch = self._ch.get(sample.channel)
        if ch is None:
            raise ValueError(f"unknown channel {sample.channel!r} (allowed: {', '.join(self._ch)})")
        t, raw = sample.t_mono, sample.raw
        if self._t_first is None:
            self._t_first = t
        if ch.fault == "stale":
            ch.fault = None
            ch.spike.reset()
        ch.last_t = t
        cfg = self.config
        if raw in SATURATION_CODES:
            ch.saturated += 1
            if ch.saturated >= cfg.saturated_samples and ch.fault is None:
                self._fault(ch, t, "saturated", _saturated_reason(raw, ch.saturated), out)
            return out
        if ch.saturated:
            ch.saturated = 0
            if ch.fault == "saturated":
                ch.fault = None
        ch.samples += 1
        pushed = ch.spike.push(t, (raw - ch.zero) / ch.per_g - ch.zero_adjust_g)
        if pushed is None:
            return out
        tv, v = pushed
        self._watch_noise(ch, tv, v, out)
        if self._fresh[ch.name]:  # a second value before the others: is one silent?
            self._check_silence(t, out)
        self._fresh[ch.name] = True
        ch.value, ch.t_value = v, tv
        fresh = self._fresh
        if fresh[WEDGE] and fresh[LEFT] and fresh[RIGHT]:
            fresh[WEDGE] = fresh[LEFT] = fresh[RIGHT] = False
            w, left, right = self._order
            t_frame = max(w.t_value, left.t_value, right.t_value)
            self._frame(t_frame, w.value, left.value, right.value, out)
        return out

    def tick(self, t_mono: float) -> list[Observation]:
        """Let time pass with no sample (the live loop calls this): silence becomes a fault."""
        out: list[Observation] = []
        self._check_silence(t_mono, out)
        return out

    @property
    def glitches(self) -> dict[str, int]:
        """Samples rejected as glitches so far, per channel."""
        return {name: c.spike.glitches for name, c in self._ch.items()}

    # -- faults ----------------------------------------------------------------------

    def _fault(self, ch: _Channel, t: float, kind: str, reason: str, out: list) -> None:
        ch.fault = kind
        out.append(Fault(t, ch.name, reason))
        self.tracker.unsettle()
        self._have_rest = False

    def _check_silence(self, t: float, out: list) -> None:
        limit = self.config.stale_after_s
        for ch in self._order:
            if ch.fault is not None:
                continue
            since = ch.last_t if ch.last_t is not None else self._t_first
            if since is not None and t - since > limit:
                what = "no samples yet" if ch.last_t is None else "no samples"
                reason = (
                    f"{what} for {t - since:.1f} s: the HX711 is unplugged, unpowered,"
                    " or its data or clock wire is broken"
                )
                self._fault(ch, t, "stale", reason, out)

    def _watch_noise(self, ch: _Channel, t: float, v: float, out: list) -> None:
        # White noise shows in second differences; a hand's force, smooth, hardly does.
        if ch.prev_v is not None and ch.prev_v2 is not None:
            ch.mad_g += 0.05 * (abs(v - 2 * ch.prev_v + ch.prev_v2) - ch.mad_g)
        ch.prev_v2, ch.prev_v = ch.prev_v, v
        sd = ch.mad_g / 0.688  # white noise, median-of-3 filtered: mean |Δ²| is 0.688 sd
        cfg = self.config
        if sd <= cfg.noisy_sd_g:
            ch.noisy_since = None
        if sd > cfg.noisy_sd_g:
            if ch.noisy_since is None:
                ch.noisy_since = t
            elif t - ch.noisy_since >= cfg.noisy_after_s and ch.fault is None:
                reason = (
                    f"noisy: about {sd:.0f} g of noise (expected under {cfg.noisy_sd_g:g} g):"
                    " a loose connector, a cable near a motor, or a failing cell"
                )
                self._fault(ch, t, "noisy", reason, out)
        elif sd < cfg.noisy_sd_g / 2 and ch.fault == "noisy":
            ch.fault = None

    # -- frames ----------------------------------------------------------------------

    def _frame(self, t: float, w: float, left: float, right: float, out: list) -> None:
        tracker = self.tracker
        tracker.min_frames = self._episode_frames
        state = tracker.update(t, (w, left, right))
        dt = t - self._t_frame if self._t_frame is not None else 0.0
        if 0.0 < dt < 1.0:
            self._frame_dt += 0.02 * (dt - self._frame_dt)
        self._t_frame = t
        total = w + left + right
        quiet = state == QUIET
        # at rest once it has rested 0.2 s (not the tail of a settle)
        rested = tracker.averaged * self._frame_dt >= 0.2
        self.noise.push((w, left, right, total), at_rest=quiet and rested)
        if quiet:
            self._t_rest = t
        self._adapt(t, out)
        if quiet:
            self._track_tare(left, right, dt)
            self._watch_drift(t)
            self._check_side(t, out)
            return
        masses = self._masses
        masses.append((t, total))
        self._cells.append((w, left, right))
        self._drift_ref = None  # a change: levels move for a reason
        if state == TRIGGERED:
            bw, bl, br = self.tracker.before
            p = self._pivot_at_rest
            self._reference = (bw + bl + br, br * (self._x_right - p) - bl * (p - self._x_left))
            self._episode_disturbed = False
            self._hand_seen = False
            if t - self._t_named < self.config.fast_rest_s and self._have_rest:
                # the scale had just named the last stone: this one came at once
                self._fast.append((t, t - self._level_start))
            self._t_jump = self._episode_start = self._level_start = t
            self._episode_steps = []
            self._episode_lifted = False
            self._calm_since = None
            self._episode_frames = self._frames_mass
            self._trend_frames = 0
            self._relearned = False
            masses.clear()
            masses.append((t, total))
            self._cells.clear()
            self._cells.append((w, left, right))
        if state == MOVING:
            self._moving_run += 1
            if self._moving_run >= CALM_BREAK_FRAMES:
                self._calm_since = None
        else:
            self._moving_run = 0
            if self._calm_since is None:
                self._calm_since = t
        steady = self._mass_steady(t)
        lifted = masses[-1][1] < self.profile.beam_mass_g / 2
        self._episode_lifted |= lifted
        if self._episode_start is None:
            self._episode_start = t
        restless = t - self._episode_start >= self._disturbed_after_s
        if (lifted or self._hand_seen or restless) and not self._episode_disturbed:
            self._episode_disturbed = True
            out.append(ScaleDisturbed(t))
        if state != STABLE or not steady or lifted or any(c.fault for c in self._order):
            return
        cfg = self.config
        w, left, right = self.tracker.window_mean
        if self._need_more_frames(w + left + right, self._torque(left, right)):
            return
        _, left_med, right_med = self.tracker.window_median
        low = self._min_pad_g
        if left_med < low and right_med < low:
            # resting on neither pad all through the window: in the air, or a dead balance
            # (at rest so long, but for a frame or two where the noise broke the band)
            stable_s = t - min(self.tracker.stable_since or t, self._calm_since or t)
            if stable_s < cfg.balance_wait_s and not self._pad_loaded_since_stable():
                return
        plausible = self._plausible(w + left + right, self._torque(left, right))
        if not plausible:
            # Not a stone of the census: most likely a hand resting on the scale. Say so,
            # and take it as a load only once it has held still longer than a hand does.
            if not self._episode_disturbed:
                self._episode_disturbed = True
                out.append(ScaleDisturbed(t))
            # (or once the change has gone on so long that waiting would leave the scale
            # silent: steps missed in a row add up to no stone; its mass and place, said,
            # let the referee ask the players)
            episode_s = t - (self._episode_start or t)
            if t - self._t_jump < cfg.unknown_load_s and episode_s < cfg.unknown_episode_s:
                return
        held = None
        if self._reference is not None and not (self._hand_seen or self._episode_lifted):
            held = self._level_held_between(self._reference[0], w + left + right)
        self.tracker.accept()
        masses.clear()
        self._cells.clear()
        self._t_rest = t
        if self._level_start > float("-inf"):
            self._name_times.append(t - self._level_start)
        self._t_named = t
        steps = self._episode_steps
        if steps and self._reference is not None:
            # stones put down (or taken off) one after another all go one way; a hand
            # arriving and leaving goes both ways
            rise = w + left + right - self._reference[0]
            one_way = all((r > 0) == (rise > 0) for _, _, r, _ in steps)
            if one_way or not (self._hand_seen or plausible):
                self._fast.extend((t_step, since) for t_step, since, _, _ in steps if since)
            if self._cancelled_out(rise, steps):
                self._merged.extend((t_step, 0.0) for t_step, _, _, _ in steps[1:])
        if held is not None:  # a level held on the way: one stone, then another
            self._merged.append((held, 0.0))
        # a load put down that is no stone's (taken off, it may be the beam being cleared
        # after a round: stones taken off in any grouping; the referee asks about a stone
        # taken off during a round)
        added = self._reference is not None and w + left + right > self._reference[0]
        if added and not (plausible and self._on_a_space(w, left, right)):
            self._note_unnamed(t, w + left + right, self._torque(left, right))
        self._settle(t, w, left, right, out)

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

    def _cancelled_out(self, rise: float, steps: list[tuple[float, float, float, float]]) -> bool:
        """Whether a change that left the mass as it was (``rise``, g) went up and down by
        a stone's mass or more, with no hand seen and the beam never lifted: stones put
        down and taken off before the scale could name them, which then cancel out (the
        ``fast`` problem; a change of no stone's mass is the ``unnamed`` one)."""
        if abs(rise) >= self.config.mass_step_g or self._hand_seen or self._episode_lifted:
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

    def _mass_steady(self, t: float) -> bool:
        """No hand on the scale: the total has held one level since its last step (a stone
        put down, a hand arriving or leaving) for ``hand_window_s`` (``hand_release_s``
        once a hand was seen in this change), and over that window the medians of its two
        halves agree within ``hand_trend_g`` and its middle three quarters lie within
        ``hand_spread_g`` (or 3.5 sd of the total's noise at rest, if more). Medians and
        a trimmed spread, so that ringing and bounces after an impact do not count, while
        a hand's tremor and slow wander do; a wander seen marks ``_hand_seen``."""
        cfg = self.config
        masses = self._masses
        n = len(masses)
        k = cfg.step_frames
        if n >= 2 * k:
            recent = sorted(masses[i][1] for i in range(n - k, n))
            older = sorted(masses[i][1] for i in range(n - 2 * k, n - k))
            rise = _median(recent) - _median(older)
            if abs(rise) >= self._hand_jump_g:
                t_step = masses[n - k][0]
                if t_step - self._t_jump > (2 * k - 0.5) * self._frame_dt:  # a new step
                    self._new_step(t_step, rise)
                self._t_jump = t_step
        since_step = t - self._t_jump
        if not self._hand_seen:
            if since_step < self._hand_window_s:
                return False
            vals = [m for tm, m in masses if t - tm <= self._hand_window_s]
            if _trend(vals) > self._trend_limit(len(vals)):
                # a hand's wander lasts; the tail of the step just taken leaves the
                # window within a few frames
                self._trend_frames += 1
                if self._trend_frames < self.config.hand_trend_frames:
                    return False
                self._hand_seen = True
            else:
                self._trend_frames = 0
        if self._hand_seen:  # a hand was on it: the longer window, its own trend
            if since_step < self._hand_release_s:
                return False
            vals = [m for tm, m in masses if t - tm <= self._hand_release_s]
            if _trend(vals) > self._trend_limit(len(vals)):
                return False
        if not self._still(t, since_step):
            return False
        vals.sort()
        k = len(vals) // 8  # the spread of the middle three quarters
        return vals[-1 - k] - vals[k] <= self._hand_spread_g

    def _pad_loaded_since_stable(self) -> bool:
        """Whether one pad has carried load all through the frames since the cells came
        to rest (``stable_since``), not only over the short window: near a dead balance a
        pad carries a few grams (400 g·mm of torque: 2 g on a pad 200 mm out), too few
        for the window's median to stand clear of the noise, but the means of a longer
        stretch do (their sd shrinks as 1/√frames). Else a stone that tipped the beam
        gently onto a pad waits ``balance_wait_s`` and, stones 0.8 s apart, merges with
        the next. The stretch must be twice the window at least and the pad loaded in
        both its halves (2.5 sd of their means), so that a beam swinging through the air
        from one pad to the other, the far pad's load arriving, does not count."""
        since = self.tracker.stable_since
        if since is None:
            return False
        n = 0
        for tm, _ in reversed(self._masses):
            if tm < since:
                break
            n += 1
        if n < 2 * max(len(self.tracker._stable), self.config.settle_min_frames):
            return False
        cells = np.array(list(itertools.islice(reversed(self._cells), n)))
        half = n // 2
        later, earlier = cells[:half].mean(axis=0), cells[-half:].mean(axis=0)
        s = self.noise_g
        low = max(self.config.min_pad_load_g, 2.5 * mean_sd(max(s[1], s[2]), half))
        return any(min(later[i], earlier[i]) >= low for i in (1, 2))

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

    def _unnamed_change(self, t: float) -> tuple[float, float] | None:
        """The last change named that was no stone's (ΔM g, x mm), if one was within
        ``fast_window_s``."""
        seen = self._unnamed
        if not seen:
            return None
        while seen and t - seen[0][0] > self.config.fast_window_s:
            seen.popleft()
        return seen[-1][1:] if seen else None

    def _still(self, t: float, since_step: float) -> bool:
        """On noisy cells a hand held nearly still passes the short window: the total must
        also have held ``_still_s`` since its last step with no smooth wander in it (its
        projection on the Legendre polynomials of degree 1 to 3 over the window, squared,
        within ``still_chi2`` times the noise of one frame squared: a hand's force wanders
        over seconds, a stone's does not).

        Where a hand holds the beam (the down end, within ``hand_zone_mm`` of the pad it
        rests on) the window is at least ``still_zone_s`` and the wander is watched in
        the load at that place as the cells share it (``_load_at``): a hand there presses
        almost all on the pad's cell, so its wander shows against that cell's noise, not
        the sum's of three. Its tremor (``_tremor``, 7-13 Hz) must stay within
        ``tremor_ratio`` times what the noise puts there."""
        window = self._still_s
        if window <= 0.0:
            return True
        if since_step < window:
            return False
        zone = self._hand_zone_split()
        if zone is not None:
            window = max(window, self.config.still_zone_s)
        if since_step < window:
            return False
        n = sum(1 for tm, _ in self._masses if t - tm <= window)
        if n < 8:
            return True
        if zone is None:
            vals = np.array([m for _, m in itertools.islice(reversed(self._masses), n)])[::-1]
            frame_sd = self._hand_sd_g
        else:
            cells = np.array(list(itertools.islice(reversed(self._cells), n)))
            vals, frame_sd = _load_at(cells, zone, self.noise.white[:3])
            if _tremor(vals, self._frame_dt, frame_sd) > self.config.tremor_ratio:
                return False
        basis = _smooth_basis(n)
        wander = float(np.sum((basis @ vals) ** 2))
        return wander <= self.config.still_chi2 * (MEAN_SD_FACTOR * frame_sd) ** 2

    def _hand_zone_split(self) -> np.ndarray | None:
        """How a change at the down end, where a hand holds the beam, shares out between
        the cells (wedge, left, right; statics about the pivot), or None if the change is
        elsewhere (or no mass step), from the mean of the last ``ZONE_FRAMES`` frames."""
        if self._reference is None or not self._cells:
            return None
        recent = itertools.islice(reversed(self._cells), ZONE_FRAMES)
        w, left, right = np.mean(np.array(list(recent)), axis=0)
        m0, tau0 = self._reference
        dm = w + left + right - m0
        if abs(dm) < self.config.mass_step_g:
            return None
        p = self._pivot
        x = p + (self._torque(left, right) - tau0) / dm
        pad = self._x_right if right >= left else self._x_left
        if abs(x - pad) > self.config.hand_zone_mm:
            return None
        share = (x - p) / (pad - p)  # on the pad; the rest on the wedge
        return np.array([1.0 - share, 0.0, share] if pad > p else [1.0 - share, share, 0.0])

    def _trend_limit(self, frames: int) -> float:
        """How far the medians of a window's halves may lie apart at rest (g): at least
        ``hand_trend_g``, or four standard deviations of that difference for the sum's
        noise (the median of h filtered frames: about 0.8 σ/√h)."""
        half = max(2, frames // 2)
        return max(self.config.hand_trend_g, 4.0 * 0.8 * self._hand_sd_g * (2 / half) ** 0.5)

    # -- noise ----------------------------------------------------------------------

    @property
    def noise_g(self) -> list[float]:
        """The noise now (sd of one sample, g) of the wedge, left and right cells and of
        their sum: for the sum, its deviations at rest or, if more, the cells' own
        noise added up (the second differences of a sum of filtered cells understate it)."""
        m = self.noise
        cells = m.noise[:3]
        white_sum = math.sqrt(sum(x * x for x in m.white[:3]))
        return [*cells, max(white_sum, m.wander[3])]

    def _adapt(self, t: float, out: list) -> None:
        """Set every threshold from the noise measured now; report what it allows."""
        cfg, meter = self.config, self.noise
        if not self._relearned and t - self._t_rest > cfg.relearn_after_s:
            meter.relearn()  # never at rest: the noise may have grown past the band
            self._relearned = True
        restless = t - self._t_rest > cfg.restless_after_s
        if meter.version != self._noise_version:
            self._noise_version = meter.version
            self._set_thresholds()
        elif (
            restless == ("restless" in self._problem)
            and (self._fast_pace(t) is not None) == ("fast" in self._problem)
            and self._unnamed_change(t) == self._unnamed_said
        ):
            return  # nothing new to judge
        # judged on 2 s of frames at least: the first figures are rough (a pace, no rest
        # or a change of no stone's mass needs no noise figures)
        said = self._fast_pace(t) is not None or self._unnamed_change(t) is not None
        if restless or said or meter.measured(round(2.0 / self._frame_dt)):
            self._report_problems(t, self._noise_now, out)

    def _set_thresholds(self) -> None:
        cfg = self.config
        self.noise.update_every = max(16, round(1.0 / self._frame_dt))  # once a second
        s = self._noise_now = self.noise_g
        rate = 1.0 / max(self._frame_dt, 1e-3)
        least = cfg.settle_min_frames
        cap = max(least, int(cfg.max_average_s * rate))
        need = frames_for(s[3], cfg.mass_sd_g)
        n = min(cap, max(least, need))
        if n != self._frames_mass or not self._have_rest:
            self._episode_frames = max(n, self._episode_frames if not self.tracker.settled else 0)
        self._frames_mass, self._frames_cap = n, cap
        log_n = math.log(n)
        tr = self.tracker
        spread = cfg.band_sd + cfg.band_sd_log * log_n
        tr.band = [max(cfg.settle_band_g, x * spread) for x in s[:3]]
        tr.trigger = [max(cfg.trigger_g, cfg.trigger_sd * x) for x in s[:3]]
        # the mean of three frames has about 0.55 of one frame's noise: 5.7 sd
        tr.trigger_mean = [max(cfg.trigger_g, 0.7 * cfg.trigger_sd * x) for x in s[:3]]
        window_s = n * self._frame_dt
        self._hand_window_s = max(cfg.hand_window_s, window_s)
        self._hand_release_s = max(cfg.hand_release_s, window_s + 0.3)
        # What counts as a hand follows the sum's white noise only: the slower wander,
        # rough in the first seconds, would loosen it, and a hand let through is worse
        # than a change waited for.
        m = self.noise
        hand_sd = self._hand_sd_g = min(s[3], math.sqrt(sum(x * x for x in m.white[:3])))
        self._hand_spread_g = max(cfg.hand_spread_g, 3.5 * hand_sd)
        # a pad carries load only if its mean over the window is well clear of the noise
        self._min_pad_g = max(cfg.min_pad_load_g, 3 * mean_sd(max(s[1], s[2]), n))
        self._hand_jump_g = max(cfg.hand_jump_g, 3.5 * hand_sd)
        # a hand held nearly still: the longer the noisier (its wander must show)
        still = min(cfg.still_max_s, cfg.still_s_per_g * (s[3] - cfg.still_from_g))
        self._still_s = max(0.0, still)
        self._still_limit = cfg.still_chi2 * (MEAN_SD_FACTOR * hand_sd) ** 2
        self._disturbed_after_s = max(cfg.disturbed_after_s, 1.0 + window_s)
        self.resolution_g = resolution_g(s[3], cap)
        # the time to name the lightest stone: its mass, and its place 9 mm from an edge
        p = self._pivot
        tau_sd = torque_sd(s[1], s[2], p - self._x_left, self._x_right - p)
        n_place = place_frames(tau_sd, self._lightest_g, cfg.x_sd_mm / 2)
        self.decide_s = max(need, n_place) * self._frame_dt

    def _need_more_frames(self, total: float, torque: float) -> bool:
        """Whether the stable window is too short to place the change: its position x must
        be known to ``x_sd_mm`` and lie ``x_edge_sd`` standard deviations from the nearest
        edge of a space (inside or out); else the window must grow (up to
        ``max_average_s``)."""
        if not self._have_rest or self._reference is None:
            return False
        m0, tau0 = self._reference
        dm = total - m0
        if abs(dm) < self.config.mass_step_g:
            return False
        s = self.noise_g
        p = self._pivot
        x_sd = torque_sd(s[1], s[2], p - self._x_left, self._x_right - p) / abs(dm)  # a frame
        x = p + (torque - tau0) / dm
        prof = self.profile
        half = prof.space_width_mm / 2
        edge = min(abs(x - c) - half for c in prof.space_x_mm.values())
        # ``x_edge_sd`` standard deviations on the right side of the nearest space edge
        k = self.config.x_edge_sd
        target = min(self.config.x_sd_mm * k, abs(edge)) / k
        need = min(self._frames_cap, frames_for(x_sd, max(target, 0.5)))
        n = len(self.tracker._stable)
        if need <= n:
            return False
        self._episode_frames = max(self._episode_frames, min(need, n + 1))
        return True

    def _report_problems(self, t: float, s: list[float], out: list) -> None:
        """Judge the figures (with hysteresis: a problem goes at 80 % of the level that
        raised it); a ``ScaleNoise`` observation when the problems change."""
        cfg = self.config
        kinds = []
        was = self._problem

        def over(kind: str, value: float, limit: float) -> bool:  # with hysteresis
            return value > (0.8 * limit if kind in was else limit)

        if over("noisy", self.resolution_g, self.mass_gap_g):
            kinds.append("noisy")
        elif over("slow", self.decide_s, cfg.decide_within_s):
            kinds.append("slow")
        if t - self._t_rest > cfg.restless_after_s:
            kinds.append("restless")
        drift = max(self.drift_g_per_min, key=abs)
        if over("drifting", abs(drift), cfg.drift_limit_g_per_min):
            kinds.append("drifting")
        pace = self._fast_pace(t)
        if pace is not None:
            kinds.append("fast")
        unnamed = self._unnamed_change(t)
        if unnamed is not None:
            kinds.append("unnamed")
        problem = tuple(kinds)
        if problem == self._problem and unnamed == self._unnamed_said:
            return
        self._problem, self._unnamed_said = problem, unnamed
        figures = Figures(s, self.resolution_g, cfg.max_average_s, self.decide_s,
                          self._lightest_g, self.mass_gap_g, t - self._t_rest,
                          self.drift_g_per_min, pace or 0.0, self._name_s(),
                          1.0 / self._frame_dt, unnamed)  # fmt: skip
        noise = tuple((ch, round(x, 2)) for ch, x in zip(CHANNELS, s, strict=False))
        out.append(ScaleNoise(t, noise, round(s[3], 2), round(self.resolution_g, 1),
                              describe(problem, figures)))  # fmt: skip

    def _name_s(self) -> float:
        """The time from a step to its stone named, lately (s; the median)."""
        times = sorted(self._name_times)
        return times[len(times) // 2] if times else self.decide_s

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


@functools.cache
def _smooth_basis(n: int) -> np.ndarray:
    """Orthonormal rows spanning the Legendre polynomials of degree 1 to 3 over n frames."""
    x = np.linspace(-1.0, 1.0, n)
    q, _ = np.linalg.qr(np.polynomial.legendre.legvander(x, 3))
    return q[:, 1:].T.copy()


def _load_at(cells: np.ndarray, split: np.ndarray, cell_sd_g) -> tuple[np.ndarray, float]:
    """Frames of (wedge, left, right) as the load acting where it shares out as ``split``
    (g), weighted by the cells' noise ``cell_sd_g`` (the best linear estimate:
    (d·W·c) / (d·W·d), W the inverse variances), and the sd of one such frame (g)."""
    weights = split / np.square(np.maximum(np.asarray(cell_sd_g, dtype=float), 0.05))
    info = float(weights @ split)
    return cells[::-1] @ weights / info, 1.0 / math.sqrt(info)


def _tremor(values: np.ndarray, frame_dt: float, frame_sd: float) -> float:
    """The power of ``values`` (frames ``frame_dt`` s apart) in a hand's tremor band
    (``TREMOR_HZ``), per frequency, as a multiple of what noise of ``frame_sd`` gives
    (about 1, less after the median-of-three filter; 0 if the frames are too slow)."""
    freqs = np.fft.rfftfreq(len(values), frame_dt)
    band = (freqs >= TREMOR_HZ[0]) & (freqs <= TREMOR_HZ[1])
    if not band.any() or freqs[-1] < 1.5 * TREMOR_HZ[1]:
        return 0.0
    power = np.abs(np.fft.rfft(values - values.mean())[band]) ** 2 / len(values)
    return float(power.mean()) / max(frame_sd, 1e-6) ** 2


def _trend(values: list[float]) -> float:
    """How far the median of the later half lies from that of the earlier half."""
    half = len(values) // 2
    if half < 2:
        return 0.0
    return abs(_median(sorted(values[-half:])) - _median(sorted(values[:half])))


def _median(sorted_values: list[float]) -> float:
    n = len(sorted_values)
    return (sorted_values[(n - 1) // 2] + sorted_values[n // 2]) / 2


def _saturated_reason(raw: int, n: int) -> str:
    return (
        f"stuck at the saturation code {raw} for {n} samples: the load is beyond the"
        " cell's range, or the cell's wires to the HX711 are broken"
    )
