"""Our HX711 driver, bit-banged on gpiozero pin objects (any pin factory: lgpio on a Pi 4,
Pi 5 or Zero 2 W; ``MockFactory`` in tests).

Several HX711s share one clock line (PD_SCK), each with its own data line (DOUT); they
are read together. The HX711 protocol, and how the driver guards each part of it:

- data-ready: DOUT goes low when a conversion is ready. The driver waits for every chip
  it believes present, with a bound (``ready_timeout_s``): a chip that never answers
  (unplugged, unpowered) is reported and left out of later waits until its DOUT goes low
  again, so it never hangs the others;
- 24 clock pulses shift the reading out, most significant bit first, two's complement;
  then 1, 2 or 3 more pulses (25, 26, 27 in all) choose the next conversion's input and
  gain: channel A gain 128, channel B gain 32, channel A gain 64;
- a clock held high longer than 60 µs powers the chip down (it resets and comes back on
  channel A, gain 128, after a settling time). The driver times every pulse; a reading
  during which any pulse stayed high longer than ``max_high_us`` is discarded, never
  trusted: Linux may preempt us mid-pulse;
- the codes 0x7FFFFF and 0x800000 mean the input is out of range (saturated): such a
  reading is reported, not returned as a value.

Times: ``clock_ns`` is a monotonic nanosecond clock (``time.monotonic_ns``), injectable
so that tests are deterministic; reading times are returned as ``t_mono`` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..errors import DeviceError, DeviceUnavailable
from ..i18n.message import msg

#: Extra pulses after the 24 data bits, by gain: 25 pulses in all select channel A, 128.
GAIN_PULSES: dict[int, int] = {128: 1, 32: 2, 64: 3}
SATURATED_HIGH, SATURATED_LOW = 0x7FFFFF, -0x800000
POWER_DOWN_US = 60.0


def decode_24bit(word: int) -> int:
    """Two's complement 24-bit word to a signed int: 0xFFFFFF -> -1, 0x800000 -> -8388608."""
    word &= 0xFFFFFF
    return word - 0x1000000 if word & 0x800000 else word


@dataclass(slots=True)
class BankReading:
    """One read of every chip: ``t_mono`` (s, when DOUT was seen ready), the raw counts of
    the chips that gave a good reading, and in words why the others did not."""

    t_mono: float
    raw: dict[str, int] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)


class HX711Bank:
    """HX711s sharing one clock pin; ``read()`` returns one ``BankReading``.

    ``clock_pin`` and each of ``data_pins`` (channel name -> pin) are gpiozero pin
    objects (``factory.pin(gpio)``); the driver sets their functions itself.
    """

    def __init__(
        self,
        clock_pin,
        data_pins: Mapping[str, object],
        *,
        gain: int = 128,
        rate_sps: int = 80,
        max_high_us: float = 50.0,
        ready_timeout_s: float | None = None,
        poll_s: float = 0.0005,
        clock_ns: Callable[[], int] = time.monotonic_ns,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if gain not in GAIN_PULSES:
            allowed = ", ".join(str(g) for g in GAIN_PULSES)
            raise ValueError(f"HX711 gain {gain} is not available (choose {allowed})")
        if not max_high_us < POWER_DOWN_US:
            raise ValueError(f"max_high_us must stay under {POWER_DOWN_US:g} µs (power-down)")
        self.clock = clock_pin
        self.data = dict(data_pins)
        self.gain = gain
        self.rate_sps = rate_sps
        self.max_high_ns = int(max_high_us * 1000)
        # a conversion takes 1/rate; allow three, and the settling after a power-up
        self.ready_timeout_s = ready_timeout_s or (3.0 / rate_sps + 0.1)
        self.poll_s = poll_s
        self.clock_ns, self.sleep = clock_ns, sleep
        self.absent: set[str] = set()
        self.discarded = 0  # readings thrown away for a clock pulse held high too long
        self._gain_reset = gain != 128  # the chips start on channel A, gain 128
        self.clock.function = "output"
        self.clock.state = False
        for pin in self.data.values():
            pin.function = "input"
            pin.pull = "up"  # an unplugged chip reads high: never "ready"

    def close(self) -> None:
        """Power the chips down (clock held high) and release the pins."""
        try:
            self.clock.state = True
        finally:
            for pin in (self.clock, *self.data.values()):
                pin.close()

    # -- reading -------------------------------------------------------------------------

    def read(self) -> BankReading:
        """Wait for data-ready, shift every chip's reading out, set the next gain."""
        ready = self._wait_ready()
        reading = BankReading(self.clock_ns() / 1e9)
        for ch in self.data:
            if ch in self.absent:
                reading.problems[ch] = msg(
                    "not ready within {s:.2f} s: the HX711 is unplugged, unpowered, or its data"
                    " wire is broken",
                    s=self.ready_timeout_s,
                )
        words = dict.fromkeys(ready, 0)
        pins = [(ch, self.data[ch]) for ch in ready]
        clk = self.clock
        worst_ns = 0
        for _ in range(24):
            t0 = self.clock_ns()
            clk.state = True
            for ch, pin in pins:
                words[ch] = (words[ch] << 1) | (1 if pin.state else 0)
            clk.state = False
            worst_ns = max(worst_ns, self.clock_ns() - t0)
        for _ in range(GAIN_PULSES[self.gain]):
            t0 = self.clock_ns()
            clk.state = True
            clk.state = False
            worst_ns = max(worst_ns, self.clock_ns() - t0)
        if worst_ns > self.max_high_ns:
            self.discarded += 1
            why = (
                f"discarded: the clock stayed high {worst_ns / 1000:.0f} µs"
                f" (over {self.max_high_ns / 1000:.0f} µs; the chip may have powered down)"
            )
            reading.problems.update(dict.fromkeys(ready, why))
            # after a power-down the chip converts once at channel A, gain 128
            self._gain_reset = self.gain != 128
            return reading
        if self._gain_reset:
            self._gain_reset = False
            why = "discarded: the first reading after a possible power-down is at gain 128"
            reading.problems.update(dict.fromkeys(ready, why))
            return reading
        for ch, word in words.items():
            value = decode_24bit(word)
            if value in (SATURATED_HIGH, SATURATED_LOW):
                reading.problems[ch] = msg(
                    "saturated ({value}): the input is out of range", value=value
                )
            else:
                reading.raw[ch] = value
        return reading

    def _wait_ready(self) -> list[str]:
        """The chips ready now; waits (bounded) for all those not known absent."""
        deadline = self.clock_ns() + int(self.ready_timeout_s * 1e9)
        while True:
            low = [ch for ch, pin in self.data.items() if not pin.state]
            for ch in low:
                self.absent.discard(ch)  # it answers again
            waiting = [ch for ch in self.data if ch not in low and ch not in self.absent]
            if low and not waiting:
                return low
            if self.clock_ns() >= deadline:
                self.absent.update(waiting)
                if low:
                    return low
                names = ", ".join(self.data)
                raise DeviceError(
                    msg(
                        "no HX711 ({names}) became ready within {s:.2f} s: check their power"
                        " (VCC, GND) and the shared clock wire",
                        names=names,
                        s=self.ready_timeout_s,
                    )
                )
            self.sleep(self.poll_s)


def open_gpio_bank(
    clock_gpio: int, data_gpio: Mapping[str, int], *, gain: int = 128, rate_sps: int = 80
) -> HX711Bank:
    """An ``HX711Bank`` on the Pi's GPIO through gpiozero's lgpio factory.

    Raises ``DeviceUnavailable`` where there is no GPIO (not a Pi, lgpio missing, no
    permission), so that ``backends.open_device`` can fall back, announced.
    """
    try:
        from gpiozero.pins.lgpio import LGPIOFactory

        factory = LGPIOFactory()
    except Exception as e:  # ImportError, or lgpio's own error off a Pi
        raise DeviceUnavailable(
            msg("no GPIO for the HX711s here ({kind}: {e})", kind=type(e).__name__, e=str(e))
        ) from e
    try:
        clock = factory.pin(clock_gpio)
        data = {ch: factory.pin(gpio) for ch, gpio in data_gpio.items()}
        return HX711Bank(clock, data, gain=gain, rate_sps=rate_sps)
    except Exception as e:
        factory.close()
        raise DeviceUnavailable(msg("cannot claim the HX711 GPIO pins: {e}", e=str(e))) from e
