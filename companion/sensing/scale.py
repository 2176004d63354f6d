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

The sensor is one object whose parts live in modules of their own: ``scale_cells``
(each channel: glitches, silence, noise faults), ``scale_thresholds`` (every threshold
from the noise, the problems said), ``scale_hands`` (what counts as a hand),
``scale_pace`` (stones put down faster than they are named), ``scale_rest`` (the rest
after a change: the step, its place, the side down). This module takes the samples,
forms the frames and decides, frame by frame, when a change is over.

The pivot is not visible to the load cells: the referee (or a recording's ``# notch:``
line) says when it moves, through ``set_notch``.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable

from ..profile import CHANNELS, ScaleProfile
from .filters import MOVING, QUIET, STABLE, TRIGGERED, SettleTracker
from .noise import NoiseMeter
from .observations import Observation, ScaleDisturbed
from .scale_cells import CellFaults, Channel, saturated_reason
from .scale_config import SensingConfig
from .scale_hands import HandWatch
from .scale_ledger import BeamLedger
from .scale_pace import PaceWatch
from .scale_recording import SATURATION_CODES, RawSample
from .scale_rest import RestWatch
from .scale_split import SplitWatch
from .scale_thresholds import NoiseThresholds

WEDGE, LEFT, RIGHT = CHANNELS
CALM_BREAK_FRAMES = 8  # frames running out of the band: the dead-balance wait starts anew


class ScaleSensor(CellFaults, HandWatch, PaceWatch, NoiseThresholds, RestWatch, SplitWatch):
    """Feed it samples (``feed``), get observations back; see the module docstring."""

    def __init__(
        self, profile: ScaleProfile, *, config: SensingConfig | None = None, notch: str = "middle"
    ) -> None:
        self.profile = profile
        self.config = cfg = config or SensingConfig.for_rate(profile.rate_sps)
        self._ch = {
            name: Channel(name, c.zero_counts, c.counts_per_g, cfg.glitch_g)
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
        self._arrival_done = True  # the shape of the change's first step is judged
        self._hand_rise = 0.0  # a hand pressed in by this much (g), and has not let go
        self._hand_pressed = False  # a hand pressed in during this change (let go or not)
        self._hand_drop = False  # ... and the total dropped by about as much since
        self._t_jump = float("-inf")
        self._episode_start: float | None = None  # the start of the current change
        census = profile.stone_mass_g
        pairs = [census["P1"] + census["P2"]] if {"P1", "P2"} <= census.keys() else []
        self._plausible_masses = sorted(set(census.values()) | set(pairs))
        # loads put down together as a pair (the pillars), kept as their two stones
        self._pair_parts = {pairs[0]: (census["P1"], census["P2"])} if pairs else {}
        self.ledger = BeamLedger()  # the stones named on the beam (``scale_ledger``)
        self._empty_total: float | None = None  # the lightest rest seen: the empty beam (g)
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
        self._moved: deque[tuple[float, float, float]] = deque(maxlen=16)  # (t, Δτ, s after)
        self._moved_said: tuple[float, float] | None = None
        self._undone: deque[tuple[float, float, float, float]] = deque(maxlen=16)
        self._adds_named: deque[tuple[float, float, str | None]] = deque(maxlen=8)  # t, g, space
        self._undone_said: tuple[float, float, float] | None = None  # (off g, on g, s after)
        self._step_named: tuple[float, float, float, str] | None = None  # (t, ΔM, Δτ, space)
        self._name_times: deque[float] = deque(maxlen=9)  # step to named, lately (s)
        self._t_hand_named = float("-inf")  # a change with a hand seen was last named (s)

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
                self._fault(ch, t, "saturated", saturated_reason(raw, ch.saturated), out)
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
            self._arrival_done, self._hand_rise, self._hand_pressed = False, 0.0, False
            self._hand_drop = False
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
            if self.noise.version > 0:  # (before the first noise figures, 1 s, the band
                self._moving_run += 1  # is the quiet cells': noise breaks it, not motion)
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
        if (lifted or self._hand_in_change or restless) and not self._episode_disturbed:
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
        # stones one after another, each clear at the level held between them: named now
        # (``scale_split``), not held back as a load of no stone's mass
        split = self._split_change(w, left, right)
        if not plausible and split is None:
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
        if self._reference is not None and not (self._hand_in_change or self._episode_lifted):
            held = self._level_held_between(self._reference[0], w + left + right)
            if held is None:
                held = self._put_down_then_taken_off(w + left + right)
        self.tracker.accept()
        self._t_rest = t
        if self._hand_in_change:
            self._t_hand_named = t
        if self._level_start > float("-inf"):
            self._name_times.append(t - self._level_start)
        self._t_named = t
        steps = self._episode_steps
        if steps and self._reference is not None:
            # stones put down (or taken off) one after another all go one way; a hand
            # arriving and leaving goes both ways
            rise = w + left + right - self._reference[0]
            one_way = all((r > 0) == (rise > 0) for _, _, r, _ in steps)
            if one_way or not (self._hand_in_change or plausible):
                self._fast.extend((t_step, since) for t_step, since, _, _ in steps if since)
            if self._cancelled_out(rise, steps):
                self._merged.extend((t_step, 0.0) for t_step, _, _, _ in steps[1:])
        if held is not None:  # a level held on the way: one stone, then another
            self._merged.append((held, 0.0))
        # a load put down that is no stone's (a load taken off: ``scale_rest``, from what
        # was named on the beam)
        added = self._reference is not None and w + left + right > self._reference[0]
        if added and split is None and not (plausible and self._on_a_space(w, left, right)):
            self._note_unnamed(t, w + left + right, self._torque(left, right))
        self._settle(t, w, left, right, out, split=split)
        masses.clear()  # (after: a merged removal is split from its frames)
        self._cells.clear()
