"""The wrong-PIN budget and the arithmetic behind it (docs/security.md), on a fake clock."""

from __future__ import annotations

import pytest

from companion.pairing.limits import (
    BURST,
    CODE_DIGITS,
    REFILL_S,
    YEAR_S,
    GuessBudget,
    expected_guess_time_s,
)


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_guessing_the_pin_takes_more_than_a_year_on_average_at_the_allowed_rate():
    t = expected_guess_time_s(code_space=10**CODE_DIGITS, burst=BURST, refill_s=REFILL_S)
    assert t >= YEAR_S
    assert t / YEAR_S == pytest.approx(47.5, rel=0.01)  # the figure docs/security.md gives


def test_the_arithmetic_counts_half_the_codes_less_the_burst():
    # 100 codes: 50.5 guesses on average, the first 10 free, then one every 30 s
    assert expected_guess_time_s(code_space=100, burst=10, refill_s=30.0) == 40.5 * 30.0
    assert expected_guess_time_s(code_space=10, burst=10, refill_s=30.0) == 0.0
    # the old 4-digit PIN with the same budget: under two days
    assert expected_guess_time_s(code_space=10**4, burst=10, refill_s=30.0) < 2 * 24 * 3600


def test_the_budget_allows_the_burst_then_one_wrong_pin_per_refill_period():
    clock = FakeClock()
    budget = GuessBudget(burst=3, refill_s=30.0, clock=clock)
    for _ in range(3):
        assert budget.retry_after_s() == 0
        budget.spend()
    assert budget.retry_after_s() == pytest.approx(30.0)
    clock.t += 10
    assert budget.retry_after_s() == pytest.approx(20.0)
    clock.t += 20
    assert budget.retry_after_s() == 0
    budget.spend()
    assert budget.retry_after_s() == pytest.approx(30.0)


def test_the_budget_never_holds_more_than_the_burst():
    clock = FakeClock()
    budget = GuessBudget(burst=2, refill_s=30.0, clock=clock)
    clock.t += 10 * 24 * 3600  # ten idle days
    budget.spend()
    budget.spend()
    assert budget.retry_after_s() > 0


@pytest.mark.parametrize("seconds", [600.0, 3600.0, 86400.0])
def test_over_any_span_at_most_burst_plus_span_over_refill_wrong_pins_get_through(seconds):
    """An attacker who tries as fast as the server answers (every 0.5 s here)."""
    clock = FakeClock()
    budget = GuessBudget(clock=clock)
    tried, end = 0, clock.t + seconds
    while clock.t < end:
        if budget.retry_after_s() == 0:
            budget.spend()
            tried += 1
        clock.t += 0.5
    assert tried <= BURST + seconds / REFILL_S + 1


def test_refill_gives_the_whole_burst_back():
    clock = FakeClock()
    budget = GuessBudget(burst=2, refill_s=30.0, clock=clock)
    budget.spend()
    budget.spend()
    budget.refill()
    assert budget.retry_after_s() == 0


def test_a_budget_needs_positive_numbers():
    with pytest.raises(ValueError, match="must be positive"):
        GuessBudget(burst=0)
