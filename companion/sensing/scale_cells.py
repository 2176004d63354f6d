"""Each load cell's channel: calibration, glitches, silence, noise (a mixin of
``scale.ScaleSensor``). A saturated, silent or noisy channel becomes a ``Fault``
observation with what to check. Values in grams, times ``t_mono`` seconds.
"""

from __future__ import annotations

from .filters import SpikeFilter
from .observations import Fault


class Channel:
    """One HX711 channel's state: its calibration, last value (g), noise and fault."""

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


class CellFaults:
    """Channel faults: part of ``ScaleSensor`` (its state lives there)."""

    @property
    def glitches(self) -> dict[str, int]:
        """Samples rejected as glitches so far, per channel."""
        return {name: c.spike.glitches for name, c in self._ch.items()}

    def _fault(self, ch: Channel, t: float, kind: str, reason: str, out: list) -> None:
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

    def _watch_noise(self, ch: Channel, t: float, v: float, out: list) -> None:
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


def saturated_reason(raw: int, n: int) -> str:
    return (
        f"stuck at the saturation code {raw} for {n} samples: the load is beyond the"
        " cell's range, or the cell's wires to the HX711 are broken"
    )
