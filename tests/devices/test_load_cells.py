"""The LoadCells backends: the announced fallback, the sampling thread, real-time pacing."""

from __future__ import annotations

import pytest

from companion.devices.hx711 import BankReading, HX711Bank
from companion.devices.hx711_sim import ManualClock, mock_bank
from companion.devices.load_cells import HX711LoadCells, SimulatedLoadCells, open_load_cells
from companion.devices.sampling import SamplingThread
from companion.devices.scale_sim import ScaleSimulator
from companion.errors import DeviceError, DeviceUnavailable
from companion.profile import default_profile

PROFILE = default_profile()


def test_without_gpio_auto_falls_back_to_the_simulation_and_says_so(monkeypatch):
    import companion.devices.load_cells as lc

    def no_gpio(*a, **kw):
        raise DeviceUnavailable("no GPIO for the HX711s here (test)")

    monkeypatch.setattr(lc, "open_gpio_bank", no_gpio)
    said = []
    cells = open_load_cells(PROFILE, requested="auto", announce=said.append, realtime=False)
    assert cells.simulated
    assert said == ["load cells: real hardware unavailable (no GPIO for the HX711s here (test));"
                    " using the SIMULATION instead"]  # fmt: skip
    assert {s.channel for s in cells.read()} == {"wedge", "left", "right"}
    with pytest.raises(DeviceUnavailable):
        open_load_cells(PROFILE, requested="real", announce=said.append)


def test_the_sampling_thread_queues_good_readings_and_counts_problems():
    clock = ManualClock()
    _, clk, chips = mock_bank(
        {"wedge": lambda i, g: 1000, "left": lambda i, g: 0x7FFFFF}, clock=clock
    )
    bank = HX711Bank(clk, {c: chip.data_pin for c, chip in chips.items()}, clock_ns=clock, sleep=clock.sleep)  # fmt: skip
    cells = HX711LoadCells(bank)
    try:
        got = []
        for _ in range(50):
            got += cells.read(timeout_s=0.5)
            if len(got) >= 20:
                break
    finally:
        cells.thread.stop()
    assert len(got) >= 20
    assert {s.channel for s in got} == {"wedge"} and {s.raw for s in got} == {1000}
    assert cells.thread.problems["left"] > 0
    assert "saturated" in cells.thread.last_problem["left"]


def test_a_bank_that_stops_answering_or_fails_is_retried_not_fatal():
    calls = []

    def read():
        calls.append(1)
        if len(calls) == 1:
            raise DeviceError("no HX711 became ready")
        if len(calls) == 2:
            raise RuntimeError("a bug in a driver")
        return BankReading(1.0, {"wedge": 5})

    t = SamplingThread(read, retry_s=0.01).start()
    try:
        samples = t.drain(timeout_s=2.0)
    finally:
        t.stop()
    assert samples and samples[0].raw == 5
    assert len(calls) >= 3


def test_the_simulation_in_real_time_keeps_pace_with_the_clock():
    now = [100.0]
    cells = SimulatedLoadCells(
        ScaleSimulator(PROFILE, seed=1), realtime=True,
        clock=lambda: now[0], sleep=lambda s: now.__setitem__(0, now[0] + s),
    )  # fmt: skip
    batch = cells.read()
    assert batch and all(100.0 < s.t_mono <= 100.1 + 1e-6 for s in batch)
    assert len([s for s in batch if s.channel == "wedge"]) == 8  # 0.1 s at 80/s


def test_the_command_line_backend_wins_over_the_environment_variable():
    from companion.devices.backends import requested_backend

    env = {"COMPANION_BACKEND": "real"}
    assert requested_backend("simulated", env=env) == "simulated"  # --backend simulated
    assert requested_backend(None, env=env) == "real"  # the variable is the default
    assert requested_backend(None, env={}) == "auto"
    with pytest.raises(ValueError, match="COMPANION_BACKEND asks for backend 'fake'"):
        requested_backend(None, env={"COMPANION_BACKEND": "fake"})
    with pytest.raises(ValueError, match="the configuration asks for backend 'fake'"):
        requested_backend("fake", env=env)
