"""The thresholds of the scale's sensing pipeline (``scale.ScaleSensor``), in one place."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SensingConfig:
    """Thresholds of the pipeline, in grams (per cell unless said), seconds and g·mm.

    The fixed thresholds suit the reference build: HX711s at 80 (or 10) samples/s with
    about 0.3 g of noise per cell, stones of 30 g and more. On noisier cells the sensor
    widens them from the noise it measures (the ``*_sd`` and target fields below).
    """

    trigger_g: float = 3.0  # a cell this far from its settled baseline starts a change
    settle_band_g: float = 3.0  # at rest: every cell within this band over the window
    settle_window_s: float = 0.08
    settle_min_frames: int = 4
    settle_hold_s: float = 1.0  # after coming to rest, a cell leaving the level it settled
    #                             at (by the trigger) this soon is the change going on
    min_pad_load_g: float = 1.0  # the pad the beam rests on carries at least this
    balance_wait_s: float = 1.5  # no pad loaded (a dead balance): at rest after this long
    mass_step_g: float = 10.0  # a change in total mass above this is a stone
    census_tolerance_g: float = 3.0  # a stone's mass as weighed, give or take (+ 2 %)
    off_space_mm: float = 10.0  # on noisy cells, a step farther off every space is no stone
    unknown_load_s: float = 2.5  # a change matching no stone must hold still this long
    unknown_episode_s: float = 3.0  # ... or be part of a change going on this long
    torque_step_gmm: float = 500.0  # a change in torque above this (no mass step) is a shift
    step_frames: int = 4  # the total's level: the median of this many frames
    hand_jump_g: float = 8.0  # a step in the total's level (a stone, a hand arriving)
    hand_window_s: float = 0.16  # the total must stand still this long since its last jump,
    hand_spread_g: float = 1.8  # ... its middle three quarters within this (g; at least
    #                             3.5 sd of the total's noise as measured at rest),
    hand_trend_g: float = 1.0  # ... its halves' means this close: else a hand is on it
    hand_release_s: float = 0.5  # ... or this long once a hand was seen
    hand_trend_frames: int = 4  # a hand: the trend seen in this many windows running
    still_s_per_g: float = 0.35  # a change must hold still this long per g of the sum's
    still_from_g: float = 0.6  # noise (sd, g) beyond this before it counts (a hand's slow
    #                            wander hides in noise: the noisier, the longer to see it) ...
    still_chi2: float = 8.0  # ... its smooth wander within this many frame variances
    #                          (chi-square, 3 degrees of freedom: 1 in 20 for a stone,
    #                          which then waits a few frames more)
    still_max_s: float = 0.37  # ... but never longer than this (stones 0.8 s apart)
    still_slide_chi2: float = 12.0  # ... and the torque's straight trend over that window
    #                           within this many frame variances (1 degree of freedom: a
    #                           Stone of Fate still sliding shifts the torque steadily)
    hand_zone_mm: float = 12.0  # where a hand holds the beam: this near the pad it rests on
    still_zone_s: float = 0.0  # ... a change must hold still at least this long (s; else
    #                            as long as elsewhere, on noisy cells)
    arrival_frames: int = 13  # a change's first step: its shape from this many frames
    #                           (at 40 samples/s or more; 0: not watched) ...
    arrival_ramp_frames: int = 2  # ... this many on the way below half the level and as
    #                               many above (a hand presses in over 0.1 s; a stone's
    #                               step is over in a frame or two): a hand arriving ...
    arrival_left_share: float = 0.5  # ... that has left once the total drops by its rise,
    #                                  give or take this share of it (its force wanders)
    tremor_ratio: float = 4.5  # ... with no more tremor (8-12 Hz) than this many times
    #                            the noise's power there (a hand's shows; a stone has none)
    fast_level_s: float = 0.25  # a new step this long after the last, before it was named:
    #                             stones faster than the scale names them (``fast``) ...
    fast_rest_s: float = 0.15  # ... or a change starting this soon after the last was named
    fast_events: int = 0  # ... this many times (0: not watched; at 80/s a stone is named
    #                       sooner than players put the next down) ...
    fast_window_s: float = 20.0  # ... within this long (and said until none for this long)
    disturbed_after_s: float = 1.2  # not at rest this long after a change: ``disturbed``
    tare_time_s: float = 5.0  # time constant of drift tracking while at rest
    glitch_g: float = 20.0  # a rejected sample this far off counts as a glitch
    stale_after_s: float = 0.5  # a channel silent this long is a fault
    saturated_samples: int = 3  # this many saturation codes in a row is a fault
    noisy_sd_g: float = 25.0  # a channel this noisy (sd, g) ...
    noisy_after_s: float = 5.0  # ... for this long (a hand is gone sooner) is a fault
    # Noise-adaptive thresholds (``noise.NoiseMeter``: σ, the sd of one sample at rest).
    # The thresholds above are the least used; noisier cells widen them:
    mass_sd_g: float = 1.0  # average until a mass step is known to this sd (g) ...
    x_sd_mm: float = 6.0  # ... and its position along the beam to this sd (mm), and
    x_edge_sd: float = 2.0  # ... this many sd from the nearest edge of a space (2.5
    #                         named 24 fewer of 1,440 stones put down 0.8 s apart at 2 g)
    max_average_s: float = 1.5  # but never average longer: beyond, the noise is a problem
    band_sd: float = 2.5  # settle band: σ times (band_sd + band_sd_log · ln frames) ...
    band_sd_log: float = 0.8  # ... (the range of n frames of noise grows as √(2 ln n))
    trigger_sd: float = 4.5  # a change starts at trigger_sd · σ of the cell
    decide_within_s: float = 0.8  # naming a stone takes longer: the dashboard says so
    restless_after_s: float = 5.0  # never at rest this long: the dashboard says so
    drift_limit_g_per_min: float = 3.0  # a cell's zero moving faster at rest: said so
    drift_window_s: float = 20.0  # ... as measured over this long at rest
    relearn_after_s: float = 4.0  # not at rest this long: measure the noise afresh

    @classmethod
    def for_rate(cls, rate_sps: float) -> SensingConfig:
        """The defaults, with windows long enough for a few frames at ``rate_sps``."""
        if rate_sps >= 40:
            return cls()
        frame = 1.0 / rate_sps
        return cls(
            settle_window_s=3 * frame,
            settle_min_frames=3,
            step_frames=2,
            hand_window_s=4 * frame,
            hand_release_s=8 * frame,
            hand_trend_frames=2,
            arrival_frames=0,  # a hand's 0.1 s of pressing in is one frame
            decide_within_s=1.2,  # each frame is 0.1 s: three of them take 0.3 s already
            disturbed_after_s=2.0,
            noisy_sd_g=40.0,  # a hand's wander, sampled slowly, looks rougher
            fast_events=3,  # naming takes 0.5-0.8 s: a brisk player is faster
        )
