"""A deterministic, seeded simulation of the scale and its three HX711s.

``ScaleSimulator`` runs ``BeamPhysics`` in 1 ms steps and turns the cell forces into what
the HX711s would read at 10 or 80 samples/s: each conversion averages the force over its
period; then load-cell creep, temperature drift of the zero, a slow wander (AR(1)),
Gaussian noise, the profile's zero offset and counts per gram, rounding and 24-bit
clamping; now and then a glitch of the kind bit-banging on Linux produces (a flipped
high bit, a one-bit slip, all ones) or a sample the driver discarded. The noise is a
``SignalModel``: any level (``SignalModel.per_sample``), or a named profile
(``NOISE_PROFILES``: the reference build, or one fitted to real HX711 recordings).
Faults can be injected per channel: unplugged (no samples), stuck at a saturation code,
gone noisy.

A hand is a force on the beam near one end that wavers (a slow random wander plus an
8-12 Hz tremor) until released. Everything random comes from ``seed``; time is the
simulator's own ``t_mono`` (seconds), advanced by ``advance``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..profile import CHANNELS, ScaleProfile
from ..sensing.scale_recording import RAW_MAX, RAW_MIN, RawSample
from .scale_physics import BeamPhysics

PHYSICS_DT_S = 0.001
BEAM, FATE = "beam", "fate"


@dataclass(frozen=True, slots=True)
class SignalModel:
    """The HX711 and load-cell imperfections the simulator adds (grams per cell)."""

    noise_g: float = 0.3  # at 80 samples/s; 10 samples/s has 40 % of it
    creep_fraction: float = 0.0005  # reading creeps by this fraction of a load change ...
    creep_time_s: float = 60.0  # ... with this time constant
    drift_g_per_min: float = 0.3  # the largest zero drift (each cell draws its own)
    glitch_rate: float = 0.002  # glitch samples per sample
    drop_rate: float = 0.001  # samples the driver discarded (clock held high too long)
    jitter_s: float = 0.0003  # sample timing jitter
    wander_g: float = 0.0  # a slow random wander of each cell (AR(1), sd in g) ...
    wander_time_s: float = 1.0  # ... with this correlation time

    @classmethod
    def ideal(cls) -> SignalModel:
        return cls(0.0, 0.0, 60.0, 0.0, 0.0, 0.0, 0.0)

    @classmethod
    def named(cls, name: str) -> SignalModel:
        """One of ``NOISE_PROFILES`` by name."""
        try:
            return NOISE_PROFILES[name]
        except KeyError:
            known = ", ".join(NOISE_PROFILES)
            raise ValueError(f"unknown noise profile {name!r} (known: {known})") from None

    @classmethod
    def per_sample(cls, noise_g: float, rate_sps: int, **changes) -> SignalModel:
        """The default model with ``noise_g`` (sd, g a cell) on every sample at
        ``rate_sps``, whatever the rate (the default ``noise_g`` is at 80 samples/s)."""
        return cls(noise_g=noise_g / rate_noise_scale(rate_sps), **changes)


#: Named signal models. ``reference``: the reference build's HX711s (0.3 g a cell at 80
#: samples/s). ``coffee-pot``: fitted to the real HX711 recordings of the Cambridge
#: coffee pot (bench/fit_hx711_noise.py: the median of 12 cells over three empty-platform
#: stretches, 10 samples/s): white 0.35 g a sample at 10/s (0.88 g at 80/s), a wander of
#: 0.32 g with a 0.6 s correlation time, drift up to 1.2 g/min, 0.32 % glitches.
NOISE_PROFILES: dict[str, SignalModel] = {
    "reference": SignalModel(),
    "coffee-pot": SignalModel(
        noise_g=0.35 / 0.4,
        drift_g_per_min=1.24,
        glitch_rate=0.0032,
        wander_g=0.32,
        wander_time_s=0.61,
    ),
}


def rate_noise_scale(rate_sps: int) -> float:
    """The HX711's noise at ``rate_sps`` as a share of its noise at 80 samples/s."""
    return 1.0 if rate_sps >= 80 else 0.4


class _Hand:
    """A hand pressing near one end of the beam (gf): a mean force, a smooth wander (three
    slow sinusoids, 0.3-2.5 Hz, 10-20 % of the mean in all) and a physiological tremor
    (8-12 Hz, 2-5 % of the mean: light forces waver most)."""

    def __init__(
        self, rng: random.Random, mean_gf: float, x_mm: float, arrival_s: float = 0.1
    ) -> None:
        self.mean, self.x_mm, self.arrival_s = mean_gf, x_mm, arrival_s
        share = rng.uniform(0.10, 0.20) * mean_gf / 3
        self.waves = [
            (share * rng.uniform(0.5, 1.0), rng.uniform(0.3, 2.5), rng.uniform(0, 2 * math.pi))
            for _ in range(3)
        ]
        self.waves.append(
            (rng.uniform(0.02, 0.05) * mean_gf, rng.uniform(8, 12), rng.uniform(0, 2 * math.pi))
        )
        self.t0: float | None = None

    def force(self, t: float) -> float:
        if self.t0 is None:
            self.t0 = t
        # a hand arrives over 0.1 s (``arrival_s``; 0: at once, as sharply as a stone)
        ramp = min(1.0, (t - self.t0) / self.arrival_s) if self.arrival_s > 0 else 1.0
        f = self.mean + sum(a * math.sin(2 * math.pi * fq * t + ph) for a, fq, ph in self.waves)
        return max(0.0, ramp * f)


class ScaleSimulator:
    """The scale, its cells and HX711s; ``advance(seconds)`` returns the raw samples."""

    def __init__(
        self,
        profile: ScaleProfile,
        *,
        seed: int = 0,
        rate_sps: int | None = None,
        signal: SignalModel | None = None,
        notch: str = "middle",
        fate_x_mm: float | None = None,
        down: str = "left",
        t0: float = 0.0,
    ) -> None:
        self.profile = profile
        self.rng = random.Random(seed)
        self.rate_sps = rate_sps or profile.rate_sps
        self.signal = signal or SignalModel()
        self.physics = BeamPhysics(profile, notch=notch)
        self.notch = notch
        fate_x = profile.fate_home_x_mm if fate_x_mm is None else fate_x_mm
        self.physics.put(FATE, profile.fate_mass_g, fate_x)
        tau = self.physics.torque_gmm
        self.physics.rest_on("right" if tau > 0 else "left" if tau < 0 else down)
        self.t_mono = t0
        self.t_last_motion = t0
        self._hand: _Hand | None = None
        self._slides: dict[str, tuple[float, float, float, float]] = {}
        self._period = 1.0 / self.rate_sps
        self._next_sample = t0 + self._period
        self._sum = [0.0, 0.0, 0.0]
        self._n = 0
        s = self.signal
        self._noise = s.noise_g * rate_noise_scale(self.rate_sps)
        self._drift = {ch: self.rng.uniform(-1, 1) * s.drift_g_per_min / 60 for ch in CHANNELS}
        self._creep = dict.fromkeys(CHANNELS, None)
        self._wander = dict.fromkeys(CHANNELS, 0.0)
        self.faults: dict[str, tuple[str, float]] = {}  # channel -> (kind, value)
        self.on_cells = dict.fromkeys(CHANNELS, 0.0)  # grams put straight on a cell
        self.physics.step(0.0)

    # -- actions ---------------------------------------------------------------------

    def put(self, name: str, mass_g: float, x_mm: float) -> None:
        """Put a stone (or move one) on the beam: ``mass_g`` at ``x_mm``."""
        self.physics.put(name, mass_g, x_mm)

    def take(self, name: str) -> tuple[float, float]:
        return self.physics.take(name)

    def slide(self, name: str, to_x_mm: float, duration_s: float) -> None:
        """Slide the load ``name`` along the beam to ``to_x_mm``, evenly over ``duration_s``."""
        x0 = self.physics.loads[name][1]
        self._slides[name] = (x0, to_x_mm, self.t_mono, self.t_mono + max(duration_s, 1e-3))

    def hand_on(self, side: str, mean_gf: float, *, arrival_s: float = 0.1) -> None:
        """A hand starts pressing the ``side`` end of the beam with about ``mean_gf``,
        its force rising evenly over ``arrival_s`` seconds (0: at once)."""
        x = self.profile.pad_right_x_mm if side == "right" else self.profile.pad_left_x_mm
        self._hand = _Hand(self.rng, mean_gf, x + (-5.0 if side == "right" else 5.0), arrival_s)
        self.physics.hand_x_mm = self._hand.x_mm

    def hand_off(self) -> None:
        self._hand = None
        self.physics.hand_gf = 0.0

    def lift(self) -> None:
        """A player lifts the beam off the wedge (to move it to another notch)."""
        self.physics.lifted = True

    def set_down(self, notch: str) -> None:
        """The beam goes back down, level, on ``notch``; then it swings to a side."""
        self.physics.set_notch(notch)
        self.notch = notch
        self.physics.lifted = False
        self.physics.theta = self.physics.omega = 0.0

    def put_on_cell(self, channel: str, mass_g: float) -> None:
        """Put ``mass_g`` straight on one cell (calibration, with the beam lifted off);
        0 takes it away."""
        self.on_cells[channel] = mass_g

    def unplug(self, channel: str) -> None:
        """The channel's HX711 stops answering: no more samples from it."""
        self.faults[channel] = ("unplugged", 0.0)

    def stick(self, channel: str, code: int = RAW_MAX) -> None:
        """The channel reads one saturation code from now on."""
        self.faults[channel] = ("stuck", float(code))

    def make_noisy(self, channel: str, noise_g: float = 80.0) -> None:
        """The channel's noise grows to ``noise_g`` (sd, grams)."""
        self.faults[channel] = ("noisy", noise_g)

    def repair(self, channel: str) -> None:
        self.faults.pop(channel, None)

    # -- time ----------------------------------------------------------------------------

    @property
    def side_down(self) -> str | None:
        """The side resting on its pad now, or None while in the air."""
        ph = self.physics
        if ph.right_gf > 0:
            return "right"
        if ph.left_gf > 0:
            return "left"
        return None

    def advance(self, seconds: float) -> list[RawSample]:
        """Run the physics for ``seconds``; return the samples the HX711s produced."""
        out: list[RawSample] = []
        ph, dt = self.physics, PHYSICS_DT_S
        steps = max(0, round(seconds / dt))
        t = self.t_mono
        acc = self._sum
        for _ in range(steps):
            t += dt
            if self._hand is not None:
                ph.hand_gf = self._hand.force(t)
            if self._slides:
                self._move_slides(t)
            ph.step(dt)
            if ph.moving():
                self.t_last_motion = t
            acc[0] += ph.wedge_gf
            acc[1] += ph.left_gf
            acc[2] += ph.right_gf
            self._n += 1
            if t >= self._next_sample - 1e-9:
                self.t_mono = t
                self._sample(t, out)
                self._next_sample += self._period
        self.t_mono = t
        return out

    def _move_slides(self, t: float) -> None:
        for name, (x0, x1, t0, t1) in list(self._slides.items()):
            f = min(1.0, (t - t0) / (t1 - t0))
            self.physics.put(name, self.physics.loads[name][0], x0 + f * (x1 - x0))
            self.t_last_motion = t
            if f >= 1.0:
                del self._slides[name]

    def _sample(self, t: float, out: list[RawSample]) -> None:
        rng, s = self.rng, self.signal
        n = max(self._n, 1)
        loads = [a / n for a in self._sum]
        self._sum[:] = [0.0, 0.0, 0.0]
        self._n = 0
        t_sample = t + (rng.gauss(0, s.jitter_s) if s.jitter_s else 0.0)
        for ch, load in zip(CHANNELS, loads, strict=True):
            load += self.on_cells[ch]
            fault = self.faults.get(ch)
            if fault is not None and fault[0] == "unplugged":
                continue
            if fault is not None and fault[0] == "stuck":
                out.append(RawSample(t_sample, ch, int(fault[1])))
                continue
            reading = load + self._creep_g(ch, load) + self._drift[ch] * t
            if s.wander_g:  # AR(1): keeps its sd whatever the rate
                a = math.exp(-self._period / s.wander_time_s)
                w = a * self._wander[ch] + s.wander_g * math.sqrt(1 - a * a) * rng.gauss(0, 1)
                self._wander[ch] = w
                reading += w
            sd = fault[1] if fault is not None else self._noise
            if sd:
                reading += rng.gauss(0, sd)
            raw = round(self.profile.cells[ch].counts(reading))
            raw = min(RAW_MAX, max(RAW_MIN, raw))
            if s.drop_rate and rng.random() < s.drop_rate:
                continue
            if s.glitch_rate and rng.random() < s.glitch_rate:
                raw = self._glitch(raw)
            out.append(RawSample(t_sample, ch, raw))

    def _creep_g(self, ch: str, load: float) -> float:
        s = self.signal
        lagged = self._creep[ch]
        if lagged is None:
            lagged = load
        lagged += (load - lagged) * min(1.0, self._period / s.creep_time_s)
        self._creep[ch] = lagged
        return s.creep_fraction * lagged

    def _glitch(self, raw: int) -> int:
        """A bit-banging error: a flipped high bit, a one-bit slip, or all ones."""
        rng = self.rng
        kind = rng.random()
        u = raw & 0xFFFFFF
        if kind < 0.6:
            u ^= 1 << rng.randint(14, 23)
        elif kind < 0.9:
            u = (u << 1) & 0xFFFFFF if rng.random() < 0.5 else u >> 1
        else:
            u = 0xFFFFFF
        return u - 0x1000000 if u & 0x800000 else u
