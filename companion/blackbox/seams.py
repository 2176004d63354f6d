"""The recorder's seams: wrappers put on the public methods of the objects a table is
made of (the objects themselves are unchanged; see ``recorder`` for what is written).

``Seams`` is a mixin of ``SessionRecorder``: its methods call the recorder's
``sample``, ``taken``, ``event``, ``outcome`` and ``frame``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from . import codec

log = logging.getLogger("companion.blackbox")

#: Inputs from the tablet (and the table's buttons) that a session keeps.
INPUTS = ("new_game", "submit", "undo", "boulder_done", "confirm")


class Seams:
    """Tapping a scale sensor, a ``GameService`` and a camera's frame source."""

    def tap_sensor(self, sensor, *, notch: str = "middle") -> None:
        """Record what ``sensor`` (a ``ScaleSensor`` on ``notch``) takes: samples, ticks,
        notch moves. A new sensor is an event of its own (the replay starts a fresh one
        there; so does a session started while the sensor runs)."""
        feed, tick, set_notch = sensor.feed, sensor.tick, sensor.set_notch
        self._sensor_notch, self._tapped = notch, True

        def fed(sample):
            self.sample(sample.t_mono, sample.channel, sample.raw)
            out = feed(sample)
            self.taken()
            return out

        def ticked(t_mono: float):
            self.event("stick", t=t_mono)
            return tick(t_mono)

        def notched(notch: str) -> None:
            self.event("notch", notch=notch)
            set_notch(notch)
            self._sensor_notch = notch

        sensor.feed, sensor.tick, sensor.set_notch = fed, ticked, notched
        self.event("sensor", notch=self._sensor_notch)

    def tap_service(self, service) -> None:
        """Record what ``service`` (a ``GameService``) is told: see the module docstring."""
        lock = service._lock  # the service's own order is the order to replay in

        def wrap(name: str, before: Callable | None, input_: bool):
            original = getattr(service, name)

            def call(*args, **kwargs):
                if name == "submit" and kwargs.get("source") == "sensor":
                    return original(*args, **kwargs)  # the referee's own: not an input
                with lock:
                    if before is not None:
                        self._quietly(before, *args)
                    try:
                        result = original(*args, **kwargs)
                    except Exception as e:
                        self._after(service, name, args, kwargs, str(e) if input_ else False)
                        raise
                    self._after(service, name, args, kwargs, None if input_ else False)
                    return result

            setattr(service, name, call)

        wrap("observe", lambda obs: self.event("obs", o=codec.to_json(obs)), False)
        wrap("tick", lambda t: self.event("tick", t=t), False)
        for name in INPUTS:
            wrap(name, None, True)

    def _after(self, service, name: str, args, kwargs, error: str | bool | None) -> None:
        """After a service call: the input (``error`` False: not an input) and outcome."""
        if error is not False:
            self._quietly(self._input, service, name, args, kwargs, error=error)
        self._quietly(self.outcome, service)
        if self.notice is not None:  # outside the recorder's lock: the service may lock
            notice, self.notice = self.notice, None
            service.announce(notice)

    def _quietly(self, fn: Callable, *args, **kwargs) -> None:
        """Recording never breaks the table: a failure is logged and the call goes on."""
        try:
            fn(*args, **kwargs)
        except Exception:
            log.exception("recordings: could not record a call to the service")

    def _input(self, service, name: str, args, kwargs, *, error: str | None) -> None:
        fields: dict[str, Any] = {"m": name, "args": list(args), "kw": kwargs}
        if error is not None:
            fields["error"] = error
        elif name == "new_game":
            fields["game"] = (service.snapshot().get("game") or {}).get("id")
        self.event("in", t=self.clock(), **fields)

    def tap_frames(self, source) -> None:
        """Keep the frames a camera source (``devices.frames``) gives, as ``frame`` does."""
        read = source.read

        def read_and_keep():
            f = read()
            if f is not None:
                try:
                    self.frame(f.image, f.t_mono)
                except Exception as e:  # a recording problem never stops the camera
                    log.warning("recordings: a frame was not kept: %s", e)
            return f

        source.read = read_and_keep


def tap_demo_table(recorder: Seams, table) -> None:
    """Record a demo table: a Hinkel & Stein ``SimulatedTable`` (its sensor, and its
    camera's frames if it has one) or a Stein im Brett ``SimulatedBoardTable`` (its
    camera's frames). The service is tapped once, by ``tap_service``."""
    sensor = getattr(table, "sensor", None)
    if sensor is not None:
        recorder.tap_sensor(sensor)
        table.service.on_notch = sensor.set_notch  # the demo set it before the tap
    camera = getattr(table, "camera", None)
    view = camera.view if camera is not None else getattr(table, "view", None)
    if view is not None:
        feed = view.feed

        def feed_and_keep(image, t_mono: float):
            recorder.frame(image, t_mono)
            return feed(image, t_mono)

        view.feed = feed_and_keep
