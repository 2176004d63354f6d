"""The table's buttons and status LED wired to the referee (companion run), on MockFactory."""

from __future__ import annotations

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


@pytest.fixture
def pairing(tmp_path):
    return Pairing(tmp_path)


@pytest.fixture
def rig(tmp_path, pairing):
    factory = MockFactory(pin_class=MockPWMPin)
    service = GameService(tmp_path)
    service.new_game(START)
    pairing.announce = service.announce
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


def test_while_a_tablet_asks_to_pair_the_confirm_button_pairs_it_and_confirms_nothing(rig, pairing):
    service, factory, pinmap = rig
    out_of_turn_warning(service)
    request = pairing.button.ask("192.168.1.20")
    press(factory, pinmap.confirm_gpio)
    assert wait_for(lambda: request.state == "granted")
    assert service.snapshot()["warnings"]  # the press did not confirm the table
    assert any("paired with the table's confirm button" in n for n in service.notices)
    press(factory, pinmap.confirm_gpio)  # nobody asks any more: the game's meaning again
    assert wait_for(lambda: service.snapshot()["warnings"] == [])


def test_the_led_flashes_while_a_tablet_asks_to_pair(rig, pairing):
    service, factory, pinmap = rig
    led = factory.pin(pinmap.status_led_gpio)
    assert wait_for(lambda: led.state == 1)  # steady: ready
    pairing.button.ask("192.168.1.20")
    assert status_of(service.snapshot(), pairing_waits=True) == "pairing"
    assert led_levels(led, 2.5) == {0, 1}  # a short flash each second
    pairing.press()
    assert wait_for(lambda: led_levels(led, 1.2) == {1}, timeout_s=5.0)  # steady again


def test_a_pairing_request_that_expired_leaves_the_button_to_the_game(rig, pairing):
    service, factory, pinmap = rig
    out_of_turn_warning(service)
    pairing.button.wait_s = 0.0  # every request has expired at once
    pairing.button.ask("192.168.1.20")
    press(factory, pinmap.confirm_gpio)
    assert wait_for(lambda: service.snapshot()["warnings"] == [])


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
