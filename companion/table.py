"""The table's sensing loop for ``companion run``: load cells -> sensing -> referee.

One thread reads the load cells (real HX711s, or the simulation when configured or when
the real ones are unavailable: announced on the dashboard), runs the samples through the
scale's sensing pipeline and hands every observation to the referee. A failing device
is announced and retried; the game goes on by manual entry meanwhile, never stops.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from .devices.load_cells import LoadCells, open_load_cells
from .errors import DeviceError
from .profile import ScaleProfile
from .referee.service import GameService
from .sensing.scale import ScaleSensor

log = logging.getLogger("companion.table")


class ScaleLoop:
    """Reads ``cells`` on its own thread and feeds the referee; ``alive`` for a watchdog."""

    def __init__(
        self,
        service: GameService,
        cells: LoadCells,
        profile: ScaleProfile,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service = service
        self.cells = cells
        self.sensor = ScaleSensor(profile)
        self.clock = clock
        self.last_read = float("-inf")  # no successful read yet
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="scale-sensing", daemon=True)
        self._notch: str | None = None  # set from any thread, applied on the sensing thread
        service.on_notch = self._request_notch
        state = service.game_state
        if state is not None and hasattr(state, "round"):
            self.sensor.set_notch(state.round.notch)

    def _request_notch(self, notch: str) -> None:
        if threading.current_thread() is self._thread:
            self.sensor.set_notch(notch)  # the referee recorded it from our own observation
        else:
            self._notch = notch  # from the tablet: applied on the sensing thread

    def start(self) -> ScaleLoop:
        self._thread.start()
        return self

    @property
    def alive(self) -> bool:
        """The thread runs and its last successful read is under 5 s old."""
        return self._thread.is_alive() and self.clock() - self.last_read < 5.0

    def _run(self) -> None:
        failing = False
        working = "simulated" if getattr(self.cells, "simulated", False) else "ok"
        kind = "the simulated scale" if working == "simulated" else "HX711s"
        self.service.device_status(
            "load cells", working, f"{kind} at {self.cells.rate_sps} samples/s"
        )
        while not self._stop.is_set():
            try:
                samples = self.cells.read(timeout_s=0.5)
            except DeviceError as e:
                if not failing:
                    self.service.announce(f"load cells: {e}; enter placements on the tablet")
                    self.service.device_status("load cells", "fault", str(e))
                    failing = True
                self._stop.wait(1.0)
                continue
            if failing:
                self.service.device_status("load cells", working, f"{kind}: reading again")
            failing = False
            self.last_read = self.clock()
            notch, self._notch = self._notch, None
            if notch is not None:
                self.sensor.set_notch(notch)
            for sample in samples:
                for obs in self.sensor.feed(sample):
                    self.service.observe(obs)
            now = samples[-1].t_mono if samples else self.clock()
            for obs in self.sensor.tick(now):  # silence on a channel becomes a fault
                self.service.observe(obs)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.cells.close()


def open_scale(service: GameService, profile: ScaleProfile, *, requested: str) -> ScaleLoop:
    """Open the load cells as requested (real, simulated or auto) and start the loop."""
    cells = open_load_cells(profile, requested=requested, announce=service.announce, realtime=True)
    if getattr(cells, "simulated", False):
        log.warning("the scale is SIMULATED: nobody can place stones on it")
    return ScaleLoop(service, cells, profile).start()
