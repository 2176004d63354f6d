"""A simulated HX711 chip on gpiozero's ``MockFactory``: the seam our driver is tested on.

``HX711ClockPin`` is a mock clock (PD_SCK) pin that tells the chips on it about every
edge; ``HX711DataPin`` is a mock data (DOUT) pin whose level a chip drives and brings up
to date whenever it is read. ``SimulatedHX711`` behaves as the datasheet says:

- it converts continuously, one reading per 1/rate seconds; DOUT goes low when a reading
  is ready and stays low until it is read;
- each rising clock edge shifts the next bit (MSB first, two's complement) onto DOUT;
  the 25th pulse pulls DOUT high again; 25, 26 or 27 pulses in all select channel A
  gain 128, channel B gain 32 or channel A gain 64 for the next conversion;
- a clock held high longer than 60 µs powers it down; the falling edge powers it up,
  reset to channel A gain 128, with the first reading after a settling time.

Time comes from a nanosecond clock shared with the driver (``ManualClock`` in tests).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from gpiozero.pins.mock import MockFactory, MockPin

POWER_DOWN_NS = 60_000
PULSES_TO_INPUT: dict[int, tuple[str, int]] = {25: ("A", 128), 26: ("B", 32), 27: ("A", 64)}


class ManualClock:
    """A deterministic nanosecond clock: each reading advances it by ``step_ns``; ``sleep``
    advances it too. ``stall(after_calls, ns)`` makes one later reading jump ahead (a
    preempted process), to provoke a power-down."""

    def __init__(self, *, step_ns: int = 1000, start_ns: int = 1_000_000_000) -> None:
        self.now, self.step_ns = start_ns, step_ns
        self.calls = 0
        self._stalls: dict[int, int] = {}

    def __call__(self) -> int:
        self.calls += 1
        self.now += self.step_ns + self._stalls.pop(self.calls, 0)
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += int(seconds * 1e9)

    def stall(self, after_calls: int, ns: int) -> None:
        self._stalls[self.calls + after_calls] = ns


class HX711ClockPin(MockPin):
    """A mock PD_SCK pin: every edge the driver makes is passed to the chips on it."""

    def __init__(self, factory, info) -> None:
        super().__init__(factory, info)
        self.chips: list[SimulatedHX711] = []

    def _change_state(self, value):
        changed = super()._change_state(value)
        if changed:
            for chip in self.chips:
                chip.clock_edge(bool(value))
        return changed


class HX711DataPin(MockPin):
    """A mock DOUT pin: the chip drives it; reading it first brings the chip up to date."""

    def __init__(self, factory, info) -> None:
        super().__init__(factory, info)
        self.chip: SimulatedHX711 | None = None

    def _get_state(self):
        if self.chip is not None:
            self.chip.update()
        return super()._get_state()


class SimulatedHX711:
    """One HX711 on a clock pin and a data pin. ``values`` gives the readings in counts as
    channel A at gain 128 would see them: an iterable, or a function of the (input,
    gain) it is asked for. ``read_log`` keeps (input, gain, value) of every conversion
    read out, and ``power_downs`` counts power-downs."""

    def __init__(
        self,
        clock_pin: HX711ClockPin,
        data_pin: HX711DataPin,
        values: Iterable[int] | Callable[[str, int], int],
        *,
        clock_ns: Callable[[], int],
        rate_sps: int = 80,
        settle_ns: int | None = None,
    ) -> None:
        self.clock_pin, self.data_pin = clock_pin, data_pin
        self.clock_ns = clock_ns
        self.period_ns = int(1e9 / rate_sps)
        self.settle_ns = settle_ns if settle_ns is not None else 4 * self.period_ns
        if callable(values):
            self._source: Callable[[str, int], int] = values
        else:
            it: Iterator[int] = iter(values)
            self._source = lambda _input, _gain: next(it)
        clock_pin.chips.append(self)
        data_pin.chip = self
        self.input, self.gain = "A", 128
        self.next_ready_ns = clock_ns() + self.period_ns
        self.ready = False
        self.word = 0
        self.pulses = 0  # pulses of the read in progress
        self.rise_ns = 0
        self.power_downs = 0
        self.read_log: list[tuple[str, int, int]] = []
        self._value = 0
        self._drive(True)

    def _drive(self, high: bool) -> None:
        pin = self.data_pin
        if pin.function == "input":
            (pin.drive_high if high else pin.drive_low)()
        else:  # before the driver configures the pin
            pin._state = high

    def update(self) -> None:
        """Bring DOUT up to date: a finished conversion makes it go low."""
        now = self.clock_ns()
        if self.clock_pin._state and now - self.rise_ns > POWER_DOWN_NS:
            self._drive(True)  # powered down while the clock stays high
            return
        if self.pulses >= 25:  # the read is over: its pulse count sets the next input
            self._end_read()
        elif self.pulses:
            return  # a read in progress
        if not self.ready and now >= self.next_ready_ns:
            missed = (now - self.next_ready_ns) // self.period_ns
            self.next_ready_ns += (missed + 1) * self.period_ns
            value = self._convert()
            self.word, self._value, self.ready = value & 0xFFFFFF, value, True
            self._drive(False)

    def _convert(self) -> int:
        raw = self._source(self.input, self.gain)
        value = round(raw * self.gain / 128)
        return max(-0x800000, min(0x7FFFFF, value))

    def clock_edge(self, high: bool) -> None:
        now = self.clock_ns()
        if high:
            self.rise_ns = now
            if not self.ready:
                return  # clocking while converting: ignored
            self.pulses += 1
            if self.pulses <= 24:
                self._drive(bool(self.word >> (24 - self.pulses) & 1))
            elif self.pulses == 25:
                self._drive(True)
            return
        if now - self.rise_ns > POWER_DOWN_NS:
            self._power_cycle(now)
            return
        if self.pulses == 27:  # the most a read can take: apply it now
            self._end_read()

    def _end_read(self) -> None:
        selected = PULSES_TO_INPUT.get(self.pulses)
        self.read_log.append((self.input, self.gain, self._value))
        if selected is not None:
            self.input, self.gain = selected
        self.ready = False
        self.pulses = 0

    def _power_cycle(self, now: int) -> None:
        self.power_downs += 1
        self.input, self.gain = "A", 128
        self.ready = False
        self.pulses = 0
        self.next_ready_ns = now + self.settle_ns
        self._drive(True)


def mock_bank(
    values: dict[str, Iterable[int] | Callable[[str, int], int]],
    *,
    clock: ManualClock,
    rate_sps: int = 80,
    clock_gpio: int = 5,
    data_gpio: dict[str, int] | None = None,
) -> tuple[MockFactory, HX711ClockPin, dict[str, SimulatedHX711]]:
    """A ``MockFactory`` with one simulated HX711 per channel on a shared clock pin."""
    factory = MockFactory()
    data_gpio = data_gpio or {ch: 6 + i for i, ch in enumerate(values)}
    clk = factory.pin(clock_gpio, pin_class=HX711ClockPin)
    chips = {
        ch: SimulatedHX711(
            clk, factory.pin(data_gpio[ch], pin_class=HX711DataPin), v,
            clock_ns=clock, rate_sps=rate_sps,
        )
        for ch, v in values.items()
    }  # fmt: skip
    return factory, clk, chips
