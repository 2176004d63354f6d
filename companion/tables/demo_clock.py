"""The table time of a game's demo (``companion demo <game>``), shared by every game's
simulated table: the referee is ticked in table time, and with a ``speed`` the demo
sleeps so that a person can follow it on the dashboard."""

from __future__ import annotations


class DemoClock:
    """Mixed into a simulated table that has ``service`` (the referee's ``GameService``),
    ``t_mono`` (table time, s), ``speed`` (times real time; None or 0: as fast as it
    goes), ``sleep`` (a function of seconds) and ``stop`` (a ``threading.Event``)."""

    def idle(self, seconds: float) -> None:
        """``seconds`` of table time with nothing changing (no frames), in steps of at
        most 0.5 s, each ticked to the referee (its warnings and timeouts run on)."""
        while seconds > 1e-9 and not self.stop.is_set():
            dt = min(0.5, seconds)
            self.t_mono += dt
            self.service.tick(self.t_mono)
            if self.speed:
                self.sleep(dt / self.speed)
            seconds -= dt
