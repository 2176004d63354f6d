"""Our HX711 driver against simulated HX711 chips on gpiozero's MockFactory, bit for bit.

The clock is a ManualClock shared by driver and chips, so every timing (pulse widths,
data-ready, power-down) is deterministic: no wall clock, no flakiness.
"""

from __future__ import annotations

import itertools
import random

import pytest

from companion.devices.hx711 import HX711Bank, decode_24bit
from companion.devices.hx711_sim import ManualClock, mock_bank
from companion.errors import DeviceError

EDGE_CASES = [0, 1, -1, 2, -2, 0x7FFFFE, -0x7FFFFF, 0x555555, -0x2AAAAB, 0x800, -0x800, 123456]


def bank_for(values, *, gain=128, rate_sps=80, clock=None, **kw):
    clock = clock or ManualClock()
    _factory, clk, chips = mock_bank(values, clock=clock, rate_sps=rate_sps)
    pins = {ch: chip.data_pin for ch, chip in chips.items()}
    bank = HX711Bank(clk, pins, gain=gain, rate_sps=rate_sps, clock_ns=clock, sleep=clock.sleep, **kw)  # fmt: skip
    return bank, chips, clock


def test_decode_24bit_reads_twos_complement():
    assert decode_24bit(0x000000) == 0
    assert decode_24bit(0x7FFFFF) == 8388607
    assert decode_24bit(0x800000) == -8388608
    assert decode_24bit(0xFFFFFF) == -1


def test_three_chips_on_one_clock_are_read_bit_for_bit():
    values = {
        "wedge": list(EDGE_CASES),
        "left": [v // 3 for v in EDGE_CASES],
        "right": [-(v // 2) for v in EDGE_CASES],
    }
    bank, chips, _ = bank_for({k: list(v) for k, v in values.items()})
    for i in range(len(EDGE_CASES)):
        reading = bank.read()
        assert reading.problems == {}
        assert reading.raw == {ch: values[ch][i] for ch in values}
    for ch, chip in chips.items():  # what each chip shifted out is what the driver read
        chip.update()  # (a chip closes its last read when its next conversion starts)
        assert [v for _, _, v in chip.read_log] == values[ch]


def test_random_words_survive_the_round_trip_seeded():
    seed = 20261129
    rng = random.Random(seed)
    words = [rng.randint(-0x7FFFFF, 0x7FFFFE) for _ in range(200)]
    bank, _, _ = bank_for({"wedge": list(words)})
    got = [bank.read().raw["wedge"] for _ in words]
    assert got == words, f"seed {seed}"


@pytest.mark.parametrize(("gain", "pulses", "chip_input"), [(128, 25, ("A", 128)), (32, 26, ("B", 32)), (64, 27, ("A", 64))])  # fmt: skip
def test_gain_is_chosen_by_the_number_of_clock_pulses(gain, pulses, chip_input):
    bank, chips, _ = bank_for({"wedge": lambda _input, g: 1000}, gain=gain)
    chip = chips["wedge"]
    high_edges = []
    clk = bank.clock
    original = chip.clock_edge

    def count(high):
        if high:
            high_edges.append(1)
        original(high)

    chip.clock_edge = count
    bank.read()  # the first read selects the input and gain of the next conversion
    _ = bank.data["wedge"].state  # the chip applies the count when its next conversion starts
    assert len(high_edges) == pulses
    assert (chip.input, chip.gain) == chip_input
    assert clk.state is False or clk.state == 0


def test_gain_64_halves_the_counts_and_the_first_reading_at_gain_128_is_discarded():
    bank, _, _ = bank_for({"wedge": lambda _input, g: 200_000}, gain=64)
    first = bank.read()
    assert first.raw == {} and "gain 128" in first.problems["wedge"]
    assert bank.read().raw == {"wedge": 100_000}


def test_readings_come_at_the_conversion_rate_data_ready_timing():
    bank, _, _clock = bank_for({"wedge": iter(range(100))}, rate_sps=80)
    times = [bank.read().t_mono for _ in range(20)]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert all(abs(g - 1 / 80) < 0.001 for g in gaps), gaps
    bank10, _, _ = bank_for({"wedge": iter(range(100))}, rate_sps=10)
    times = [bank10.read().t_mono for _ in range(5)]
    assert all(abs((b - a) - 0.1) < 0.002 for a, b in itertools.pairwise(times))


def test_a_clock_held_high_too_long_discards_the_reading_and_the_chip_powers_down():
    clock = ManualClock()
    bank, chips, _ = bank_for({"wedge": iter(EDGE_CASES)}, clock=clock)
    assert bank.read().raw == {"wedge": EDGE_CASES[0]}
    bank._wait_ready()  # the next conversion is ready; now the process is preempted mid-bit
    clock.stall(after_calls=12, ns=100_000)
    spoiled = bank.read()
    assert spoiled.raw == {}
    assert "clock stayed high" in spoiled.problems["wedge"]
    assert chips["wedge"].power_downs == 1
    assert bank.discarded == 1
    # after power-up and settling the chip answers again, with a fresh conversion
    after = bank.read()
    assert after.problems == {} and after.raw["wedge"] in EDGE_CASES[2:]


def test_saturation_codes_are_rejected_not_returned():
    bank, _, _ = bank_for({"wedge": [0x7FFFFF, -0x800000, 5]})
    high, low, ok = bank.read(), bank.read(), bank.read()
    assert high.raw == {} and "saturated (8388607)" in high.problems["wedge"]
    assert low.raw == {} and "saturated (-8388608)" in low.problems["wedge"]
    assert ok.raw == {"wedge": 5}


def test_an_unplugged_chip_times_out_with_a_clear_reason_and_does_not_stall_the_others():
    bank, chips, clock = bank_for({"wedge": iter(range(1000)), "left": iter(range(1000))})
    chips["left"].next_ready_ns = 10**18  # never ready: DOUT stays high (pulled up)
    first = bank.read()
    assert "wedge" in first.raw and "left" not in first.raw
    assert "not ready within" in first.problems["left"] and "unplugged" in first.problems["left"]
    t0 = clock.now
    second = bank.read()  # the absent chip is no longer waited for
    assert "wedge" in second.raw
    assert (clock.now - t0) / 1e9 < 0.05


def test_no_chip_answering_raises_a_device_error_instead_of_hanging():
    bank, chips, _ = bank_for({"wedge": iter(range(10))})
    chips["wedge"].next_ready_ns = 10**18
    with pytest.raises(DeviceError, match=r"no HX711 .* became ready within 0.14 s"):
        bank.read()


def test_bad_settings_are_refused_with_what_is_allowed():
    with pytest.raises(ValueError, match=r"gain 100 is not available .choose 128, 32, 64"):
        bank_for({"wedge": [1]}, gain=100)
    with pytest.raises(ValueError, match=r"under 60 µs"):
        bank_for({"wedge": [1]}, max_high_us=70)
