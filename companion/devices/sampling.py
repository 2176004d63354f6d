"""Sampling on one dedicated thread: the HX711s are read back to back, off the main loop.

``SamplingThread`` calls ``read()`` (an ``HX711Bank``'s, returning a ``BankReading``)
in a loop and queues one ``RawSample`` per good channel reading. A reading's problems
(saturated, discarded pulse, chip not ready) are counted per channel and the last one
kept in words; a ``DeviceError`` (no chip answers at all), or any other error of the
driver (logged), is kept in ``last_error``, and the thread waits ``retry_s`` and tries
again rather than dying. The queue is bounded: when the
consumer falls behind, the oldest samples go and ``dropped`` counts them.
"""

from __future__ import annotations

import collections
import logging
import threading
from collections.abc import Callable

from ..errors import DeviceError
from ..sensing.scale_recording import RawSample
from .hx711 import BankReading

log = logging.getLogger("companion.devices.sampling")


class SamplingThread:
    """Reads in the background; ``drain(timeout_s)`` returns the samples so far."""

    def __init__(
        self,
        read: Callable[[], BankReading],
        *,
        max_samples: int = 8192,
        retry_s: float = 0.5,
        name: str = "hx711-sampling",
    ) -> None:
        self._read = read
        self._buffer: collections.deque[RawSample] = collections.deque(maxlen=max_samples)
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self.retry_s = retry_s
        self.dropped = 0
        self.readings = 0
        self.problems: collections.Counter[str] = collections.Counter()
        self.last_problem: dict[str, str] = {}
        self.last_error: str | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> SamplingThread:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                reading = self._read()
            except DeviceError as e:
                self.last_error = str(e)
                self._stop.wait(self.retry_s)
                continue
            except Exception as e:  # a driver bug must not silently end sampling
                self.last_error = f"{type(e).__name__}: {e}"
                log.exception("reading the HX711s failed; retrying in %.1f s", self.retry_s)
                self._stop.wait(self.retry_s)
                continue
            self.last_error = None
            self.readings += 1
            for ch, why in reading.problems.items():
                self.problems[ch] += 1
                self.last_problem[ch] = why
            with self._cond:
                for ch, raw in reading.raw.items():
                    if len(self._buffer) == self._buffer.maxlen:
                        self.dropped += 1
                    self._buffer.append(RawSample(reading.t_mono, ch, raw))
                self._cond.notify_all()

    def drain(self, timeout_s: float = 1.0) -> list[RawSample]:
        """Every queued sample, oldest first; waits up to ``timeout_s`` for the first."""
        with self._cond:
            if not self._buffer:
                self._cond.wait(timeout_s)
            out = list(self._buffer)
            self._buffer.clear()
        return out

    def stop(self, timeout_s: float = 2.0) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout_s)
