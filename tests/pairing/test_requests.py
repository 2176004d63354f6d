"""Pairing by holding the table's confirm button: requests, holds, claims, on a fake clock."""

from __future__ import annotations

import pytest

from companion.pairing.requests import (
    CLAIMED,
    GRANTED,
    MAX_WAITING,
    PAIR_HOLD_S,
    REFUSED,
    WAITING,
    ButtonPairing,
    PairRequest,
    TooManyRequests,
)


class FakeClock:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def button(clock):
    return ButtonPairing(wait_s=60.0, clock=clock)


def test_a_hold_with_no_request_waiting_grants_nothing(button):
    assert button.hold() is None


def test_a_hold_while_exactly_one_request_waits_grants_it(button):
    r = button.ask("10.0.0.5")
    assert button.waiting() == 1
    granted = button.hold()
    assert isinstance(granted, PairRequest) and granted.id == r.id and r.state == GRANTED
    assert button.waiting() == 0
    assert button.hold() is None  # granted once: the next hold finds none waiting


def test_a_granted_request_is_claimed_once_by_its_secret_id(button):
    r = button.ask("10.0.0.5")
    assert not button.claim(r.id)  # not granted yet
    button.hold()
    assert not button.claim("someone-else's-guess")
    assert button.claim(r.id) and r.state == CLAIMED
    assert not button.claim(r.id)


def test_a_hold_while_two_requests_wait_grants_neither_and_says_why(button):
    mine, theirs = button.ask("10.0.0.5"), button.ask("10.0.0.66")
    refused = button.hold()
    assert isinstance(refused, list) and {r.id for r in refused} == {mine.id, theirs.id}
    assert mine.state == theirs.state == REFUSED
    assert "2 devices asked to pair" in mine.reason
    assert not button.claim(mine.id) and not button.claim(theirs.id)


def test_a_request_waits_a_minute_at_most(button, clock):
    r = button.ask("10.0.0.5")
    clock.t += 59.0
    assert button.status(r.id)[0].state == WAITING
    assert button.status(r.id)[1] == pytest.approx(1.0)
    clock.t += 1.0
    assert button.status(r.id) is None
    assert button.hold() is None  # an expired request takes no hold


def test_a_new_request_from_the_same_address_replaces_the_old(button):
    old = button.ask("10.0.0.5")
    new = button.ask("10.0.0.5")
    assert button.status(old.id) is None
    assert button.waiting() == 1 and button.hold().id == new.id


def test_the_number_of_waiting_requests_is_bounded(button):
    for i in range(MAX_WAITING):
        button.ask(f"10.0.1.{i}")
    with pytest.raises(TooManyRequests, match="waiting to pair already"):
        button.ask("10.0.2.1")


def test_the_hold_lasts_three_seconds_by_default():
    assert PAIR_HOLD_S == 3.0 and ButtonPairing().hold_s == PAIR_HOLD_S


def test_the_waiting_addresses_are_reported_whenever_they_change(clock):
    heard = []
    button = ButtonPairing(wait_s=60.0, clock=clock, on_change=heard.append)
    first = button.ask("10.0.0.5")
    button.ask("10.0.0.5")  # replaces its own: the same address waits
    button.ask("10.0.0.66")
    assert heard == [["10.0.0.5"], ["10.0.0.5", "10.0.0.66"]]
    button.hold()  # refuses both
    assert heard[-1] == []
    button.ask("10.0.0.7")
    clock.t += 60.0
    assert button.waiting() == 0  # expired: noticed here
    assert heard[-2:] == [["10.0.0.7"], []]
    assert button.status(first.id) is None
