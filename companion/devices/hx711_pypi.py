"""The alternative HX711 backend: the PyPI ``hx711`` package (``pip install '.[hx711]'``).

That package drives RPi.GPIO (so: Pi 4 and older, Zero 2 W; not the Pi 5) and one chip
per ``HX711(dout_pin, pd_sck_pin, gain, channel)`` object, clocking it on its own clock
pin: chips cannot share a clock line, so each cell needs its own ``clock_gpio`` in the
profile (``[cells.NAME] clock_gpio``). Its public ``get_raw_data()`` retries for ever
when a chip does not answer; this adapter calls the package's one-reading ``_read()``
instead, which gives up after 0.4 s and returns ``False`` for a reading it could not
trust (clock held high 60 µs or more, saturation code). Chips are read one after the
other, so each channel gets fewer samples per second than with our driver
(``hx711.py``), which docs/hardware.md recommends.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Mapping

from ..errors import DeviceUnavailable
from ..i18n.message import msg
from .hx711 import BankReading


class PyPIHX711Bank:
    """Chips read through the ``hx711`` package; ``read()`` returns a ``BankReading``."""

    def __init__(
        self,
        clock_gpio: Mapping[str, int],
        data_gpio: Mapping[str, int],
        *,
        gain: int = 128,
        rate_sps: int = 80,
        module=None,
        clock_ns: Callable[[], int] = time.monotonic_ns,
    ) -> None:
        clocks = [clock_gpio[ch] for ch in data_gpio]
        if len(set(clocks)) != len(clocks):
            raise DeviceUnavailable(
                msg(
                    "the hx711 package cannot share one clock line between chips: give each"
                    " cell its own clock_gpio in the profile ([cells.NAME] clock_gpio), or use"
                    " our driver"
                )
            )
        hx = module or _import_hx711()
        self.rate_sps = rate_sps
        self.clock_ns = clock_ns
        self.chips = {
            ch: hx.HX711(dout_pin=data_gpio[ch], pd_sck_pin=clock_gpio[ch], gain=gain, channel="A")
            for ch in data_gpio
        }
        self.data = self.chips  # the channel names, as HX711Bank has them

    def read(self) -> BankReading:
        reading = BankReading(self.clock_ns() / 1e9)
        for ch, chip in self.chips.items():
            value = chip._read()  # one reading, bounded; see the module docstring
            if value is False:
                reading.problems[ch] = msg(
                    "no trusted reading (not ready within {s:g} s, a clock pulse held too long,"
                    " or a saturation code)",
                    s=0.4,
                )
            else:
                reading.raw[ch] = int(value)
        return reading

    def close(self) -> None:
        for chip in self.chips.values():
            chip.power_down()


def _import_hx711():
    try:
        return importlib.import_module("hx711")
    except Exception as e:  # ImportError, or RPi.GPIO's RuntimeError off a Pi
        raise DeviceUnavailable(
            msg(
                "the hx711 package cannot run here ({kind}: {e}); install it with"
                " pip install '.[hx711]' on a Pi where RPi.GPIO works",
                kind=type(e).__name__,
                e=str(e),
            )
        ) from e
