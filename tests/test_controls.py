"""The table's buttons and status LED wired to the referee (companion run), on MockFactory."""

from __future__ import annotations

import logging
import time
import tomllib
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.controls import start_controls, status_of
from companion.pairing import Pairing
from companion.pinmap import parse_pinmap
from companion.referee.service import GameService
from companion.sensing.observations import Fault, StoneAdded

ROOT = Path(__file__).resolve().parents[1]
START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}


def enabled_pinmap():
    data = tomllib.loads((ROOT / "hardware" / "pinmap.toml").read_text())
    data["buttons"]["enabled"] = True
    data["status_led"]["enabled"] = True
    return parse_pinmap(data)


def wait_for(predicate, timeout_s=5.0):
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def press(factory, gpio):
    pin = factory.pin(gpio)
    pin.drive_low()
    pin.drive_high()


def hold(factory, gpio, until):
    """Hold the button down until ``until()`` (the hold time is short in these tests)."""
    pin = factory.pin(gpio)
    pin.drive_low()
    try:
        assert wait_for(until)
    finally:
        pin.drive_high()


HOLD_S = 0.05  # the hold that pairs, short for the tests (PAIR_HOLD_S is 3 s)


@pytest.fixture
def pairing(tmp_path):
    return Pairing(tmp_path, hold_s=HOLD_S)


@pytest.fixture
def rig(tmp_path, pairing):
    factory = MockFactory(pin_class=MockPWMPin)
    service = GameService(tmp_path)
    service.new_game(START)
    pairing.announce = service.announce
    pairing.show_requests = service.show_pairing_requests
    pinmap = enabled_pinmap()
    close = start_controls(service, pinmap, pairing=pairing, pin_factory=factory)
    yield service, factory, pinmap
    close()
    assert not pairing.button_present
    service.close()
    factory.close()


def test_the_undo_button_takes_back_the_last_action(rig):
    service, factory, pinmap = rig
    service.submit({"type": "condition", "player": "Ana", "wins": "heavier"})
    press(factory, pinmap.undo_gpio)
    assert wait_for(lambda: service.snapshot()["replay"]["awaiting"]["action"] == "condition")


def test_the_confirm_button_accepts_the_table_as_it_is(rig):
    service, factory, pinmap = rig
    service.submit({"type": "condition", "player": "Ana", "wins": "heavier"})
    service.observe(StoneAdded(1.0, 50.0, -110.0, "L1"))  # out of turn: a warning
    assert service.snapshot()["warnings"]
    press(factory, pinmap.confirm_gpio)
    assert wait_for(lambda: service.snapshot()["warnings"] == [])


def out_of_turn_warning(service):
    service.submit({"type": "condition", "player": "Ana", "wins": "heavier"})
    service.observe(StoneAdded(1.0, 50.0, -110.0, "L1"))  # out of turn: a warning
    assert service.snapshot()["warnings"]


def test_the_confirm_button_is_offered_for_pairing_once_it_is_open(rig, pairing):
    assert pairing.button_present


def test_a_press_of_confirm_is_the_games_even_while_a_tablet_asks_to_pair(rig, pairing):
    """An attacker's request waiting all evening is never paired by a press for the game."""
    service, factory, pinmap = rig
    out_of_turn_warning(service)
    request = pairing.button.ask("10.0.0.66")
    assert service.snapshot()["pairing_requests"] == ["10.0.0.66"]  # every dashboard names it
    press(factory, pinmap.confirm_gpio)
    assert wait_for(lambda: service.snapshot()["warnings"] == [])  # the table is confirmed
    assert request.state == "waiting"
    assert not any("paired" in n for n in service.notices)


def test_holding_confirm_pairs_the_tablet_that_asks_and_confirms_nothing(rig, pairing):
    service, factory, pinmap = rig
    out_of_turn_warning(service)
    request = pairing.button.ask("192.168.1.20")
    paired = "192.168.1.20 was paired by holding the table's confirm button"
    hold(factory, pinmap.confirm_gpio, until=lambda: any(paired in n for n in service.notices))
    assert request.state == "granted"
    assert service.snapshot()["warnings"]  # the hold did not confirm the table
    assert service.snapshot()["pairing_requests"] == []
    press(factory, pinmap.confirm_gpio)  # a press: the game's meaning, as always
    assert wait_for(lambda: service.snapshot()["warnings"] == [])


NOBODY_ASKS = "the confirm button was held, but no device asks to pair"


def test_holding_confirm_while_nobody_asks_does_nothing(rig, caplog):
    service, factory, pinmap = rig
    caplog.set_level(logging.INFO, logger="companion.pairing")
    out_of_turn_warning(service)
    hold(factory, pinmap.confirm_gpio, until=lambda: NOBODY_ASKS in caplog.text)
    assert service.snapshot()["warnings"]  # a hold is never the game's confirm


def test_the_led_flashes_while_a_tablet_asks_to_pair(rig, pairing):
    service, factory, pinmap = rig
    led = factory.pin(pinmap.status_led_gpio)
    assert wait_for(lambda: led.state == 1)  # steady: ready
    pairing.button.ask("192.168.1.20")
    assert status_of(service.snapshot(), pairing_waits=True) == "pairing"
    assert led_levels(led, 2.5) == {0, 1}  # a short flash each second
    pairing.hold()
    assert wait_for(lambda: led_levels(led, 1.2) == {1}, timeout_s=5.0)  # steady again


def test_an_expired_pairing_request_leaves_the_dashboards_and_a_hold_pairs_nobody(
    rig, pairing, caplog
):
    service, factory, pinmap = rig
    caplog.set_level(logging.INFO, logger="companion.pairing")
    out_of_turn_warning(service)
    pairing.button.wait_s = 0.3
    request = pairing.button.ask("192.168.1.20")
    assert service.snapshot()["pairing_requests"] == ["192.168.1.20"]
    # nothing else happens: the controls notice the expiry (they look once a second)
    assert wait_for(lambda: service.snapshot()["pairing_requests"] == [])
    hold(factory, pinmap.confirm_gpio, until=lambda: NOBODY_ASKS in caplog.text)
    assert request.state == "waiting" and pairing.button.status(request.id) is None
    assert service.snapshot()["warnings"]  # a hold is never the game's confirm


def led_levels(led, seconds=0.8):
    """The levels the LED pin took over ``seconds`` (a blinking LED takes both)."""
    seen, end = set(), time.monotonic() + seconds
    while time.monotonic() < end:
        seen.add(led.state)
        time.sleep(0.01)
    return seen


def test_the_led_blinks_for_attention_and_faults(rig):
    service, factory, pinmap = rig
    led = factory.pin(pinmap.status_led_gpio)
    assert wait_for(lambda: led.state == 1)  # steady: ready
    assert led_levels(led, 0.3) == {1}
    service.submit({"type": "condition", "player": "Ana", "wins": "heavier"})
    service.observe(StoneAdded(1.0, 50.0, -110.0, "L1"))  # out of turn: attention
    assert status_of(service.snapshot()) == "attention"
    assert led_levels(led, 2.5) == {0, 1}  # slow blink (1 s on, 1 s off)
    service.device_status("load cells", "ok", "HX711s")
    service.observe(Fault(2.0, "left", "no samples for 2.0 s"))
    assert status_of(service.snapshot()) == "fault"  # a fault outranks attention
    assert led_levels(led, 0.5) == {0, 1}  # fast blink


def test_without_gpio_the_controls_are_announced_unavailable(tmp_path):
    service = GameService(tmp_path)
    close = start_controls(service, enabled_pinmap())  # no pin factory given: lgpio, not here
    try:
        assert any("buttons and status LED: no GPIO" in n for n in service.notices)
    finally:
        close()
        service.close()
