"""Optional physical controls on the table: a confirm button, an undo button and a status LED.

Wired as ``hardware/pinmap.toml`` says (``[buttons]``, ``[status_led]``; off unless
``enabled``): each button between its GPIO and GND (the internal pull-up holds it high),
the LED from its GPIO through a 330 ohm resistor to GND. Built on gpiozero's ``Button``
and ``LED`` with the pin factory passed in (``LGPIOFactory`` on the Pi, ``MockFactory``
in tests); never gpiozero's global ``Device.pin_factory``.

The LED shows one of ``LED_STATES``: ``ready`` (steady on), ``attention`` (slow blink:
the table and the rules disagree, or a decision waits on the tablet), ``fault`` (fast
blink: a device failed, e.g. the load cells stopped), ``pairing`` (a short flash each
second: a tablet asks to pair, so a press of confirm now pairs it), ``off``.
``led_state`` decides which,
from plain facts, so the policy is testable without pins.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from gpiozero import LED, Button

log = logging.getLogger("companion.devices.buttons")

READY, ATTENTION, FAULT, PAIRING, OFF = "ready", "attention", "fault", "pairing", "off"
LED_STATES = (READY, ATTENTION, FAULT, PAIRING, OFF)
#: (on, off) seconds of each blinking state
BLINK_S = {ATTENTION: (1.0, 1.0), FAULT: (0.15, 0.15), PAIRING: (0.1, 0.9)}


def led_state(*, devices_ok: bool, needs_attention: bool, pairing_waits: bool = False) -> str:
    """``pairing`` while a tablet asks to pair (what a press of confirm does then), else
    ``fault`` when a device failed, else ``attention`` when people must look, else
    ``ready``."""
    if pairing_waits:
        return PAIRING
    if not devices_ok:
        return FAULT
    return ATTENTION if needs_attention else READY


class StatusLED:
    """The status LED on ``gpio``; ``show(state)`` with one of ``LED_STATES``."""

    def __init__(self, gpio: int, *, pin_factory, active_high: bool = True) -> None:
        self.led = LED(gpio, active_high=active_high, pin_factory=pin_factory)
        self.state = OFF

    def show(self, state: str) -> None:
        if state not in LED_STATES:
            raise ValueError(f"LED state {state!r}: choose one of {', '.join(LED_STATES)}")
        if state == self.state:
            return  # restarting a blink would stutter
        self.state = state
        if state == READY:
            self.led.on()
        elif state == OFF:
            self.led.off()
        else:
            on_s, off_s = BLINK_S[state]
            self.led.blink(on_time=on_s, off_time=off_s, background=True)

    def close(self) -> None:
        self.led.close()


class ControlButtons:
    """The confirm and undo buttons (either may be absent: ``None``). ``on_confirm`` and
    ``on_undo`` run on gpiozero's event thread; an exception there is logged, never lost
    silently, and the button keeps working."""

    def __init__(
        self,
        *,
        confirm_gpio: int | None,
        undo_gpio: int | None,
        on_confirm: Callable[[], None],
        on_undo: Callable[[], None],
        pin_factory,
        bounce_s: float = 0.05,
    ) -> None:
        self.buttons: dict[str, Button] = {}
        for name, gpio, action in (("confirm", confirm_gpio, on_confirm),
                                   ("undo", undo_gpio, on_undo)):  # fmt: skip
            if gpio is None:
                continue
            button = Button(gpio, pull_up=True, bounce_time=bounce_s, pin_factory=pin_factory)
            button.when_pressed = self._guarded(name, action)
            self.buttons[name] = button

    @staticmethod
    def _guarded(name: str, action: Callable[[], None]) -> Callable[[], None]:
        def pressed() -> None:
            try:
                action()
            except Exception:
                log.exception("the %s button's action failed", name)

        return pressed

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()


def open_controls(
    pinmap,
    *,
    on_confirm: Callable[[], None],
    on_undo: Callable[[], None],
    pin_factory=None,
) -> tuple[ControlButtons | None, StatusLED | None]:
    """The buttons and the LED the pin map enables (``None`` for those it does not).

    ``pin_factory``: default, gpiozero's lgpio factory (raises ``DeviceUnavailable``
    off a Pi, like the load cells)."""
    wants_buttons = pinmap.confirm_gpio is not None or pinmap.undo_gpio is not None
    if not wants_buttons and pinmap.status_led_gpio is None:
        return None, None
    if pin_factory is None:
        pin_factory = _lgpio_factory()
    buttons = None
    if wants_buttons:
        buttons = ControlButtons(
            confirm_gpio=pinmap.confirm_gpio,
            undo_gpio=pinmap.undo_gpio,
            on_confirm=on_confirm,
            on_undo=on_undo,
            pin_factory=pin_factory,
        )
    led = None
    if pinmap.status_led_gpio is not None:
        led = StatusLED(pinmap.status_led_gpio, pin_factory=pin_factory)
    return buttons, led


def _lgpio_factory():
    from ..errors import DeviceUnavailable

    try:
        from gpiozero.pins.lgpio import LGPIOFactory

        return LGPIOFactory()
    except Exception as e:  # ImportError, or lgpio's own error off a Pi
        raise DeviceUnavailable(f"no GPIO for the buttons and LED ({type(e).__name__}: {e})") from e
