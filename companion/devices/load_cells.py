"""The ``LoadCells`` protocol and its two backends: real HX711s and the simulated scale.

``open_load_cells`` chooses between them through ``backends.open_device``: the real
backend raises ``DeviceUnavailable`` off a Pi, and with ``auto`` the fallback to the
simulation is announced, never silent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from ..errors import DeviceUnavailable
from ..i18n.message import msg
from ..profile import CHANNELS, ScaleProfile
from ..sensing.scale_recording import RawSample
from .backends import AUTO, open_device
from .hx711 import HX711Bank, open_gpio_bank
from .sampling import SamplingThread
from .scale_sim import ScaleSimulator

DRIVERS = ("ours", "pypi")


class LoadCells(Protocol):
    """Raw samples from the scale's load cells: (``t_mono`` s, channel, raw counts)."""

    channels: tuple[str, ...]
    rate_sps: int
    simulated: bool

    def read(self, timeout_s: float = 1.0) -> list[RawSample]:
        """The samples since the last call, oldest first (waits up to ``timeout_s``)."""
        ...

    def close(self) -> None: ...


class HX711LoadCells:
    """The real backend: an ``HX711Bank`` (or a ``PyPIHX711Bank``) read on its own
    sampling thread."""

    simulated = False

    def __init__(self, bank: HX711Bank) -> None:
        self.bank = bank
        self.channels = tuple(bank.data)
        self.rate_sps = bank.rate_sps
        self.thread = SamplingThread(bank.read).start()

    def read(self, timeout_s: float = 1.0) -> list[RawSample]:
        return self.thread.drain(timeout_s)

    def close(self) -> None:
        self.thread.stop()
        self.bank.close()


class SimulatedLoadCells:
    """The simulated backend: a ``ScaleSimulator``, as fast as possible or in real time.

    As fast as possible (tests), each ``read`` advances the simulation by ``chunk_s``.
    In real time (``companion demo``, ``record scale``), ``read`` sleeps until the wall
    clock has caught up and returns the samples of the time that passed, stamped on
    the monotonic clock like real ones.
    """

    simulated = True

    def __init__(
        self,
        sim: ScaleSimulator,
        *,
        realtime: bool = False,
        chunk_s: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.sim = sim
        self.channels = CHANNELS
        self.rate_sps = sim.rate_sps
        self.realtime, self.chunk_s = realtime, chunk_s
        self.clock, self.sleep = clock, sleep
        self._offset = clock() - sim.t_mono if realtime else 0.0

    def read(self, timeout_s: float = 1.0) -> list[RawSample]:
        if not self.realtime:
            return self.sim.advance(self.chunk_s)
        self.sleep(min(self.chunk_s, timeout_s))
        behind = self.clock() - self._offset - self.sim.t_mono
        samples = self.sim.advance(max(0.0, behind))
        off = self._offset
        return [RawSample(s.t_mono + off, s.channel, s.raw) for s in samples]

    def close(self) -> None:
        pass


def open_load_cells(
    profile: ScaleProfile,
    *,
    requested: str = AUTO,
    announce: Callable[[str], None] | None = None,
    realtime: bool = True,
    seed: int = 0,
    driver: str = "ours",
) -> LoadCells:
    """The scale's load cells: real HX711s on the profile's GPIO pins, or the simulation.

    ``driver``: ``ours`` (``hx711.py``, the default) or ``pypi`` (the ``hx711`` package,
    ``hx711_pypi.py``; each cell on its own clock pin)."""
    if driver not in DRIVERS:
        raise ValueError(
            msg(
                "HX711 driver {driver!r}: choose one of {drivers}",
                driver=driver,
                drivers=", ".join(DRIVERS),
            )
        )
    data = {ch: c.data_gpio for ch, c in profile.cells.items()}

    def real() -> LoadCells:
        if driver == "pypi":
            from .hx711_pypi import PyPIHX711Bank

            clocks = {ch: c.clock_gpio or profile.clock_gpio for ch, c in profile.cells.items()}
            bank = PyPIHX711Bank(clocks, data, gain=profile.gain, rate_sps=profile.rate_sps)
            return HX711LoadCells(bank)
        if any(c.clock_gpio not in (None, profile.clock_gpio) for c in profile.cells.values()):
            raise DeviceUnavailable(
                msg(
                    "our HX711 driver reads the chips on one shared clock line ([hx711]"
                    " clock_gpio = {gpio:d}); a cell's own clock_gpio is for the hx711 package"
                    " (driver pypi)",
                    gpio=profile.clock_gpio,
                )
            )
        bank = open_gpio_bank(
            profile.clock_gpio, data, gain=profile.gain, rate_sps=profile.rate_sps
        )
        return HX711LoadCells(bank)

    def simulated() -> LoadCells:
        return SimulatedLoadCells(ScaleSimulator(profile, seed=seed), realtime=realtime)

    return open_device(
        "load cells", real=real, simulated=simulated, requested=requested, announce=announce
    )
