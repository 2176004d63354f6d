"""Pairing by the table's confirm button: requests, presses, claims, on a fake clock."""

from __future__ import annotations

import pytest

from companion.pairing.requests import (
    CLAIMED,
    GRANTED,
    MAX_WAITING,
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


def test_a_press_with_no_request_waiting_is_left_to_the_game(button):
    assert button.press() is None


def test_a_press_while_exactly_one_request_waits_grants_it(button):
    r = button.ask("10.0.0.5")
    assert button.waiting() == 1
    granted = button.press()
    assert isinstance(granted, PairRequest) and granted.id == r.id and r.state == GRANTED
    assert button.waiting() == 0
    assert button.press() is None  # the next press is the game's again


def test_a_granted_request_is_claimed_once_by_its_secret_id(button):
    r = button.ask("10.0.0.5")
    assert not button.claim(r.id)  # not granted yet
    button.press()
    assert not button.claim("someone-else's-guess")
    assert button.claim(r.id) and r.state == CLAIMED
    assert not button.claim(r.id)


def test_a_press_while_two_requests_wait_grants_neither_and_says_why(button):
    mine, theirs = button.ask("10.0.0.5"), button.ask("10.0.0.66")
    refused = button.press()
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
    assert button.press() is None  # an expired request takes no press


def test_a_new_request_from_the_same_address_replaces_the_old(button):
    old = button.ask("10.0.0.5")
    new = button.ask("10.0.0.5")
    assert button.status(old.id) is None
    assert button.waiting() == 1 and button.press().id == new.id


def test_the_number_of_waiting_requests_is_bounded(button):
    for i in range(MAX_WAITING):
        button.ask(f"10.0.1.{i}")
    with pytest.raises(TooManyRequests, match="waiting to pair already"):
        button.ask("10.0.2.1")
