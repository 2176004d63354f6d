"""The optional confirm/undo buttons and the status LED, on gpiozero's MockFactory."""

from __future__ import annotations

import logging
import time
import tomllib
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.devices.buttons import (
    ATTENTION,
    FAULT,
    OFF,
    PAIRING,
    READY,
    ControlButtons,
    PressOrHold,
    StatusLED,
    led_state,
    open_controls,
)
from companion.pinmap import load_pinmap, parse_pinmap

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.close()


def press(factory, gpio):
    pin = factory.pin(gpio)
    pin.drive_low()  # the button shorts the pin to GND
    pin.drive_high()


def test_each_button_runs_its_action_when_pressed(factory):
    """Undo acts when pressed; confirm when released before the hold time (3 s)."""
    got = []
    buttons = ControlButtons(confirm_gpio=17, undo_gpio=27, on_confirm=lambda: got.append("confirm"),
                             on_undo=lambda: got.append("undo"), pin_factory=factory, bounce_s=None)  # fmt: skip
    press(factory, 17)
    press(factory, 27)
    press(factory, 17)
    assert got == ["confirm", "undo", "confirm"]
    buttons.close()


def test_a_button_uses_the_internal_pull_up(factory):
    buttons = ControlButtons(confirm_gpio=17, undo_gpio=None, on_confirm=lambda: None,
                             on_undo=lambda: None, pin_factory=factory)  # fmt: skip
    assert factory.pin(17).pull == "up"
    assert set(buttons.buttons) == {"confirm"}
    buttons.close()


def test_an_action_that_fails_is_logged_and_the_button_keeps_working(factory, caplog):
    got = []

    def boom():
        got.append("tried")
        raise RuntimeError("no game")

    buttons = ControlButtons(confirm_gpio=None, undo_gpio=27, on_confirm=lambda: None,
                             on_undo=boom, pin_factory=factory, bounce_s=None)  # fmt: skip
    with caplog.at_level(logging.ERROR):
        press(factory, 27)
        press(factory, 27)
    assert got == ["tried", "tried"]
    assert "the undo button's action failed" in caplog.text
    buttons.close()


def wait_until(predicate, timeout_s=5.0):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def test_holding_confirm_runs_the_hold_action_and_not_the_press(factory):
    got = []
    buttons = ControlButtons(confirm_gpio=17, undo_gpio=None, on_confirm=lambda: got.append("confirm"),
                             on_confirm_held=lambda: got.append("held"), hold_s=0.05,
                             on_undo=lambda: None, pin_factory=factory, bounce_s=None)  # fmt: skip
    assert buttons.buttons["confirm"].hold_time == 0.05
    pin = factory.pin(17)
    pin.drive_low()
    assert wait_until(lambda: got == ["held"])
    pin.drive_high()  # the release after a hold is not a press
    assert got == ["held"]
    press(factory, 17)  # a short press is the game's again
    assert got == ["held", "confirm"]
    buttons.close()


def test_the_confirm_button_holds_three_seconds_by_default(factory):
    got = []
    buttons = ControlButtons(confirm_gpio=17, undo_gpio=None, on_confirm=lambda: got.append("confirm"),
                             on_confirm_held=lambda: got.append("held"), on_undo=lambda: None,
                             pin_factory=factory, bounce_s=None)  # fmt: skip
    assert buttons.buttons["confirm"].hold_time == 3.0
    press(factory, 17)
    assert got == ["confirm"]
    buttons.close()


def test_a_hold_reported_after_its_release_does_nothing():
    """gpiozero reports the hold and the release on different threads: exactly one of the
    two actions runs per push, whichever comes first."""
    got = []
    button = PressOrHold(lambda: got.append("press"), lambda: got.append("hold"))
    button.released()  # a release with no push before it (at start): nothing
    button.pressed()
    button.released()
    button.held()  # too late: the push was a press
    assert got == ["press"]
    button.pressed()
    button.held()
    button.held()  # once per push
    button.released()
    assert got == ["press", "hold"]


def wait_for_toggles(pin, n, timeout_s=2.0):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if len(pin.states) >= n:
            return True
        time.sleep(0.01)
    return False


def test_the_led_is_steady_when_ready_and_blinks_for_attention_and_fault(factory, monkeypatch):
    import companion.devices.buttons as b

    monkeypatch.setitem(b.BLINK_S, FAULT, (0.01, 0.01))
    led = StatusLED(22, pin_factory=factory)
    pin = factory.pin(22)
    led.show(READY)
    assert pin.state and led.led.is_lit
    led.show(FAULT)
    before = len(pin.states)
    assert wait_for_toggles(pin, before + 4)
    led.show(OFF)
    assert not pin.state
    led.show(ATTENTION)
    assert led.state == ATTENTION
    assert led.led._blink_thread is not None
    led.close()


def test_an_unknown_led_state_is_refused(factory):
    led = StatusLED(22, pin_factory=factory)
    with pytest.raises(ValueError, match="choose one of ready, attention, fault, pairing, off"):
        led.show("green")
    led.close()


def test_the_led_state_puts_faults_before_attention():
    assert led_state(devices_ok=True, needs_attention=False) == READY
    assert led_state(devices_ok=True, needs_attention=True) == ATTENTION
    assert led_state(devices_ok=False, needs_attention=True) == FAULT


def test_a_tablet_asking_to_pair_outranks_everything_on_the_led():
    """While it asks, holding confirm pairs it: the LED says so whatever else holds."""
    for ok in (True, False):
        assert led_state(devices_ok=ok, needs_attention=True, pairing_waits=True) == PAIRING


def test_controls_follow_the_pin_map(factory):
    assert open_controls(load_pinmap(), on_confirm=lambda: None, on_undo=lambda: None,
                         pin_factory=factory) == (None, None)  # fmt: skip
    data = tomllib.loads((ROOT / "hardware" / "pinmap.toml").read_text())
    data["buttons"]["enabled"] = data["status_led"]["enabled"] = True
    got = []
    buttons, led = open_controls(parse_pinmap(data), on_confirm=lambda: got.append("ok"),
                                 on_undo=lambda: None, pin_factory=factory)  # fmt: skip
    press(factory, 17)
    assert got == ["ok"]
    led.show(READY)
    assert factory.pin(22).state
    buttons.close()
    led.close()
