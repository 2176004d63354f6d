"""What counts as a hand on the scale (a mixin of ``scale.ScaleSensor``; pure, numpy).

A change is named only once the total has held one level long enough, without the
trend, spread, smooth wander or tremor that a hand's force brings (``_mass_steady``,
``_still``); a rise that pressed in over 0.1 s at the beam's down end, as a hand does,
waits until the hand has let go (``_watch_arrival``, ``_hand_gone``). Reads the
sensor's frames (``_masses``, ``_cells``: grams, ``t_mono`` s) and the thresholds
``scale_thresholds`` sets from the noise.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from .noise import MEAN_SD_FACTOR, mean_sd, torque_sd

TREMOR_HZ = (7.0, 13.0)  # a hand's physiological tremor: 8-12 Hz
ZONE_FRAMES = 24  # where a change acts: the mean of this many frames (0.3 s at 80/s)
MEDIAN_SD_FACTOR = 1.25  # the median of n frames has about 1.25 σ/√n
ARRIVAL_LEVEL_FRAMES = 5  # the level a change's first step reached: the last of its frames
HAND_DROP_SHARE = 0.25  # a hand letting go drops the total by its rise within this share


class HandWatch:
    """Hands: part of ``ScaleSensor`` (its state lives there)."""

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
                share = self.config.arrival_left_share
                if (
                    self._hand_rise
                    and abs(rise + self._hand_rise) <= share * self._hand_rise
                    and not self._named_stone_off(rise)
                ):
                    self._hand_drop = True  # the hand that pressed in may have let go
        since_step = t - self._t_jump
        if not self._arrival_done:
            self._watch_arrival()
            if not self._arrival_done:
                return False
        if self._hand_rise:  # a hand pressed in where it holds the beam: not until it lets
            cfg = self.config  # go (or holds still as long as a load of no stone's must)
            if self._hand_drop and since_step >= self._hand_window_s and self._hand_gone():
                self._hand_rise = 0.0
            elif (
                since_step < cfg.unknown_load_s and t - self._episode_start < cfg.unknown_episode_s
            ):
                return False
        if not self._hand_seen:
            if since_step < self._hand_window_s:
                return False
            vals = [m for tm, m in masses if t - tm <= self._hand_window_s]
            if _trend(vals) > self._trend_limit(len(vals)) and not self._tipping(len(vals)):
                # a hand's wander lasts; the tail of the step just taken leaves the
                # window within a few frames
                self._trend_frames += 1
                if self._trend_frames < self._trend_frames_needed(len(vals)):
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

    def _trend_frames_needed(self, window: int) -> int:
        """How many windows running (of ``window`` frames) must show a trend for a hand:
        ``hand_trend_frames``, or half a window after a load put down (the window's
        median above the rest before the change by ``mass_step_g``) that tipped the beam
        over (in the air in this change, ``_tipping`` over all its frames), with no hand
        seen pressing in (``_hand_pressed``). A hand at the down end presses the beam
        onto its pad; a stone's landing and settling after the tip leave the window as it
        slides past them, and windows a frame apart share all but one frame, so four of
        them say little more than one. Unseen brisk 607 at 2 g:
        H5 put down on L2 tipped the beam over from the right; its landing and settling
        kept the trend over its limit 10 frames running, 0.4 s after the stone; the
        change was taken for a hand and the next stones merged into it."""
        need = self.config.hand_trend_frames
        if self._hand_pressed or self._reference is None:
            return need
        recent = sorted(m for _, m in itertools.islice(reversed(self._masses), window))
        if _median(recent) - self._reference[0] < self.config.mass_step_g:
            return need  # no load put down
        return max(need, window // 2) if self._tipping(len(self._cells)) else need

    def _tipping(self, n: int) -> bool:
        """Whether over the last ``n`` frames the beam was in the air, neither pad loaded
        (each below ``min_pad_load_g`` or three times its cell's noise): tipping over
        after a stone, or bouncing off the pad it came down on. Its total then dips (the
        wedge does not carry a beam that turns) and jumps as it lands, which is no hand:
        a hand at the down end presses the beam onto its pad, and a beam lifted off
        counts apart (``_episode_lifted``). Brisk seed 29 at 1 g (B2 put down on L2 near
        the middle of the beam: it floated 0.15 s, landed, bounced up and landed
        again) was taken for a hand and named only after the hand's 0.5 s, as the next
        stone came down (an added stone lost, the next named twice)."""
        if self._episode_lifted or len(self._cells) < n:
            return False
        s = self.noise.white
        low_left = max(self.config.min_pad_load_g, 3.0 * s[1])
        low_right = max(self.config.min_pad_load_g, 3.0 * s[2])
        recent = itertools.islice(reversed(self._cells), n)
        return any(left < low_left and right < low_right for _, left, right in recent)

    def _watch_arrival(self) -> None:
        """How the change's first step arrived, from its first ``arrival_frames`` frames:
        a hand presses in over about 0.1 s (``arrival_ramp_frames`` frames or more on the
        way below half the level it reaches and as many above), a stone's step is over in
        a frame or two (the HX711's conversion, the median of three). A rise that came in
        like a hand, where a hand holds the beam (``_hand_zone_split``), is kept as
        ``_hand_rise`` (g): the change is not named until the total drops by about that
        much (the hand let go), or holds still as long as a load of no stone's must. In
        rounds with hands at 1.5-2 g a cell such a hand, held still, was weighed as a
        stone on the outer space and reported ``added``."""
        cfg = self.config
        n = cfg.arrival_frames
        if n <= 0 or self._reference is None:
            self._arrival_done = True
            return
        if len(self._masses) < n:
            return
        self._arrival_done = True
        first = [m for _, m in itertools.islice(self._masses, n)]
        base = self._reference[0]
        level = _median(sorted(first[-ARRIVAL_LEVEL_FRAMES:])) - base
        if level < max(cfg.mass_step_g, 6.0 * self._hand_sd_g):
            return
        lower = upper = 0
        for m in first[:-ARRIVAL_LEVEL_FRAMES]:
            share = (m - base) / level
            if share >= 0.85:
                break
            if share >= 0.5:
                upper += 1
            elif share >= 0.15:
                lower += 1
        ramp = cfg.arrival_ramp_frames
        if lower >= ramp and upper >= ramp and self._hand_zone_split() is not None:
            self._hand_rise, self._hand_pressed = level, True

    def _named_stone_off(self, rise: float) -> bool:
        """Whether a drop of the total (``rise`` < 0, g: the median of the last
        ``step_frames`` frames against the ``step_frames`` before them) while a hand
        presses in is, rather than the hand letting go, a stone named on the beam taken
        off under it: the drop lies further from the hand's rise than its force wanders
        (``HAND_DROP_SHARE``) and matches stones of the ledger, mass and place (the
        cells' medians over the same frames; tolerances as for a removal, widened by
        2.5 sd of the difference of two medians). Unseen round 603 at 1.5 and 2 g: P1
        (60 g) taken off L2 under a hand of about 93 gf was taken for the hand leaving,
        and what was left (33 g) named as a stone put down while the hand was still on."""
        if abs(rise + self._hand_rise) <= HAND_DROP_SHARE * self._hand_rise:
            return False
        k = self.config.step_frames
        if len(self._cells) < 2 * k or not self.ledger.entries:
            return False
        cells = np.array(list(itertools.islice(reversed(self._cells), 2 * k)))
        after, before = np.median(cells[:k], axis=0), np.median(cells[k:], axis=0)
        dm = float(after.sum() - before.sum())
        if dm > -self.config.mass_step_g:
            return False
        dtau = self._torque(float(after[1]), float(after[2])) - self._torque(
            float(before[1]), float(before[2])
        )
        x = self._pivot + dtau / dm
        sd = MEDIAN_SD_FACTOR * self._hand_sd_g * math.sqrt(2.0 / k)
        tol = self.config.census_tolerance_g + 0.02 * abs(dm) + 2.5 * sd
        reach = self.profile.space_width_mm / 2 + self.config.off_space_mm
        return self.ledger.fits(-dm, x, mass_tol_g=tol, x_tol_mm=reach)

    def _hand_gone(self) -> bool:
        """After a drop by about the hand's rise: whether what is left against the rest
        before the change (the medians of the cells since the drop) is nothing (the total
        within the census tolerance and 2.5 sd of its median, at most half a mass step,
        and the torque within ``torque_step_gmm`` or 2.5 sd) or a stone (its mass, or the
        pillars', where a stone may lie: ``_plausible``). A stone taken off under the
        hand drops the total as much when it weighs about as much as the hand's force,
        but leaves the hand's excess and its torque at the pad (unseen rounds 403 at 1.5
        g, H4 of 80 g under a hand of about 86 gf, and 316, B5 of 100 g off L2 under a
        hand at R2: each named a shift while the hand was still on). A load taken off
        must be some of the stones named on the beam, where they account for all of it
        (``_plausible``)."""
        cfg = self.config
        n = sum(1 for tm, _ in self._masses if tm >= self._t_jump)
        if n < 2:
            return False
        cells = np.array(list(itertools.islice(reversed(self._cells), n)))
        w, left, right = (float(v) for v in np.median(cells, axis=0))
        total, torque = w + left + right, self._torque(left, right)
        m0, tau0 = self._reference
        net = abs(total - m0)
        if net < cfg.mass_step_g / 2:
            sd = MEDIAN_SD_FACTOR * self._hand_sd_g / math.sqrt(n)
            s = self.noise_g
            p = self._pivot
            tau_sd = (
                MEDIAN_SD_FACTOR
                * torque_sd(s[1], s[2], p - self._x_left, self._x_right - p)
                / math.sqrt(n)
            )
            return net < cfg.census_tolerance_g + 2.5 * sd and abs(torque - tau0) < max(
                cfg.torque_step_gmm, 2.5 * tau_sd
            )
        tol = cfg.census_tolerance_g + 0.02 * net
        stone = any(abs(net - m) <= tol for m in self._plausible_masses)
        return stone and self._plausible(total, torque)

    def _rose_in_change(self) -> bool:
        """Whether the total held above the rest before the change at some time during it
        (the median of ``ARRIVAL_LEVEL_FRAMES`` frames running, by ``mass_step_g`` or five
        standard deviations of that median, if more): a load came on. A change that ends
        below the rest after that took a load off while something pressed on."""
        if self._reference is None or len(self._masses) < ARRIVAL_LEVEL_FRAMES:
            return False
        vals = np.array([m for _, m in self._masses])
        medians = np.median(sliding_window_view(vals, ARRIVAL_LEVEL_FRAMES), axis=1)
        sd = MEDIAN_SD_FACTOR * self._hand_sd_g / math.sqrt(ARRIVAL_LEVEL_FRAMES)
        return float(medians.max()) - self._reference[0] >= max(self.config.mass_step_g, 5 * sd)

    @property
    def _hand_in_change(self) -> bool:
        """A hand was seen in this change: its wander, or its pressing in."""
        return self._hand_seen or self._hand_pressed

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
        if wander > self.config.still_chi2 * (MEAN_SD_FACTOR * frame_sd) ** 2:
            return False
        if self._reference is None:
            return True
        totals = sorted(m for _, m in itertools.islice(reversed(self._masses), n))
        if abs(_median(totals) - self._reference[0]) >= self.config.mass_step_g:
            return True  # a stone put down or taken off: its place is tested elsewhere
        return not self._sliding(n, basis[0])

    def _held_like_a_hand(self, cells: np.ndarray, x_mm: float) -> bool:
        """Whether frames of (wedge, left, right) g, a level held in a change split into
        stones (``scale_split``), wander or tremble as a hand's force does, the load
        watched where a step at ``x_mm`` shares out between the wedge and its pad (as
        ``_still`` does in the hand zone). A hand that comes down as sharply as a stone
        and holds still 0.3 s before the stone goes under it was split into two stones."""
        n = len(cells)
        if n < 8:
            return False
        p = self._pivot
        pad = self._x_right if x_mm > p else self._x_left
        share = (x_mm - p) / (pad - p)
        split = np.array([1.0 - share, 0.0, share] if pad > p else [1.0 - share, share, 0.0])
        vals, frame_sd = _load_at(cells, split, self.noise.white[:3])
        if _tremor(vals, self._frame_dt, frame_sd) > self.config.tremor_ratio:
            return True
        wander = float(np.sum((_smooth_basis(n) @ vals) ** 2))
        return wander > self.config.still_chi2 * (MEAN_SD_FACTOR * frame_sd) ** 2

    def _sliding(self, n: int, line: np.ndarray) -> bool:
        """Whether, in a change that moves no mass (a shift), the torque over the last
        ``n`` frames still moves along a straight line (its projection on ``line``, the
        normalised first Legendre polynomial, squared, beyond ``still_slide_chi2`` times
        a frame's torque variance): a load sliding along the beam at an even pace, the
        total unchanged. On noisy cells such a slide's last tenths of a second fit the
        settle band, and the shift was named before the slide had ended (unseen round
        515 at 1.5 g: the Stone of Fate's slide of 8,513 g·mm named 7,596, 11 % short, unwarned)."""
        cells = np.array(list(itertools.islice(reversed(self._cells), n)))[::-1]
        p = self._pivot
        arm_left, arm_right = p - self._x_left, self._x_right - p
        torque = cells[:, 2] * arm_right - cells[:, 1] * arm_left
        white = self.noise.white
        tau_sd = MEAN_SD_FACTOR * torque_sd(white[1], white[2], arm_left, arm_right)
        return float(line @ torque) ** 2 > self.config.still_slide_chi2 * max(tau_sd, 1e-6) ** 2

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
