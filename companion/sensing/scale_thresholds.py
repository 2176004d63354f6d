"""Every threshold from the noise measured now (a mixin of ``scale.ScaleSensor``).

``_set_thresholds`` sets the settle bands, the trigger, the frames to average (they
grow as the noise squared), what counts as a hand, from ``noise.NoiseMeter``'s
figures (g); ``_report_problems`` says, as a ``ScaleNoise`` observation, what the
sensing cannot decide now.
"""

from __future__ import annotations

import math

from ..profile import CHANNELS
from .noise import MEAN_SD_FACTOR, frames_for, mean_sd, place_frames, resolution_g, torque_sd
from .observations import ScaleNoise
from .scale_problems import Figures, describe


class NoiseThresholds:
    """Noise-set thresholds: part of ``ScaleSensor`` (its state lives there)."""

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
            and self._moved_change(t) == self._moved_said
            and self._undone_change(t) == self._undone_said
        ):
            return  # nothing new to judge
        # judged on 2 s of frames at least: the first figures are rough (a pace, no rest
        # or a change of no stone's mass needs no noise figures)
        said = self._fast_pace(t) is not None or self._unnamed_change(t) is not None
        said = said or self._moved_change(t) is not None or self._undone_change(t) is not None
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
        moved = self._moved_change(t)
        if moved is not None:
            kinds.append("moved")
        undone = self._undone_change(t)
        if undone is not None:
            kinds.append("undone")
        problem = tuple(kinds)
        said = (self._unnamed_said, self._moved_said, self._undone_said)
        if problem == self._problem and (unnamed, moved, undone) == said:
            return
        self._problem, self._unnamed_said, self._moved_said = problem, unnamed, moved
        self._undone_said = undone
        figures = Figures(s, self.resolution_g, cfg.max_average_s, self.decide_s,
                          self._lightest_g, self.mass_gap_g, t - self._t_rest,
                          self.drift_g_per_min, pace or 0.0, self._name_s(),
                          1.0 / self._frame_dt, unnamed, moved, undone)  # fmt: skip
        noise = tuple((ch, round(x, 2)) for ch, x in zip(CHANNELS, s, strict=False))
        out.append(ScaleNoise(t, noise, round(s[3], 2), round(self.resolution_g, 1),
                              describe(problem, figures)))  # fmt: skip
