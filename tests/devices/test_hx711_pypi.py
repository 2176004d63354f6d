"""The alternative backend on the PyPI hx711 package, with a stand-in for that package
(it needs RPi.GPIO, which only a Pi has): how it is driven, and what it refuses."""

from __future__ import annotations

import itertools
import types

import pytest

from companion.devices.hx711_pypi import PyPIHX711Bank
from companion.devices.load_cells import HX711LoadCells, open_load_cells
from companion.errors import DeviceUnavailable
from companion.profile import default_profile


def fake_hx711(readings):
    made = []

    class HX711:
        def __init__(self, dout_pin, pd_sck_pin, gain=128, channel="A"):
            self.dout, self.sck, self.gain, self.channel = dout_pin, pd_sck_pin, gain, channel
            self.values = iter(readings[dout_pin])
            self.powered_down = False
            made.append(self)

        def _read(self):
            return next(self.values)

        def power_down(self):
            self.powered_down = True

    return types.SimpleNamespace(HX711=HX711), made


def test_each_chip_gets_its_own_clock_pin_and_bad_readings_are_reported_not_returned():
    module, made = fake_hx711({6: [1000, False], 13: [-52000, 7]})
    bank = PyPIHX711Bank({"wedge": 5, "left": 12}, {"wedge": 6, "left": 13}, module=module,
                         clock_ns=lambda: 2_500_000_000)  # fmt: skip
    assert [(c.dout, c.sck, c.gain, c.channel) for c in made] == [(6, 5, 128, "A"), (13, 12, 128, "A")]  # fmt: skip
    first = bank.read()
    assert first.t_mono == 2.5 and first.raw == {"wedge": 1000, "left": -52000}
    second = bank.read()
    assert second.raw == {"left": 7}
    assert "no trusted reading" in second.problems["wedge"]
    bank.close()
    assert all(c.powered_down for c in made)


def test_chips_sharing_a_clock_line_are_refused_with_the_way_out():
    module, _ = fake_hx711({6: [], 13: []})
    with pytest.raises(DeviceUnavailable, match="cannot share one clock line"):
        PyPIHX711Bank({"wedge": 5, "left": 5}, {"wedge": 6, "left": 13}, module=module)


def test_without_the_package_or_rpi_gpio_the_backend_is_unavailable_and_auto_falls_back():
    prof = default_profile()
    prof = prof.with_changes(
        cells={ch: c.__class__(c.zero_counts, c.counts_per_g, c.data_gpio, 20 + i)
               for i, (ch, c) in enumerate(prof.cells.items())})  # fmt: skip
    said = []
    cells = open_load_cells(prof, requested="auto", announce=said.append, realtime=False, driver="pypi")  # fmt: skip
    assert cells.simulated
    assert "the hx711 package cannot run here" in said[0] and "using the SIMULATION" in said[0]


def test_the_pypi_bank_plugs_into_the_sampling_thread():
    module, _ = fake_hx711(
        {6: itertools.repeat(5), 13: itertools.repeat(6), 19: itertools.repeat(7)}
    )
    bank = PyPIHX711Bank({"wedge": 5, "left": 12, "right": 16},
                         {"wedge": 6, "left": 13, "right": 19}, module=module)  # fmt: skip
    cells = HX711LoadCells(bank)
    try:
        got = cells.read(timeout_s=1.0)
    finally:
        cells.thread.stop()
    assert {s.channel: s.raw for s in got[:3]} == {"wedge": 5, "left": 6, "right": 7}


def test_our_driver_refuses_cells_on_separate_clock_lines():
    prof = default_profile()
    prof = prof.with_changes(
        cells={**prof.cells, "left": prof.cells["left"].__class__(-52000, 2000.0, 13, 12)}
    )
    with pytest.raises(DeviceUnavailable, match="one shared clock line"):
        open_load_cells(prof, requested="real")
    with pytest.raises(ValueError, match="choose one of ours, pypi"):
        open_load_cells(prof, driver="RPi")
