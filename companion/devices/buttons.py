"""Optional physical controls on the table: a confirm button, an undo button and a status LED.

The confirm button tells a press from a hold (``PressOrHold``): released before
``hold_s`` seconds (``PAIR_HOLD_S``, 3 s), it runs ``on_confirm`` (the game's confirm);
held that long, it runs ``on_confirm_held`` (pairing a tablet) and nothing else. The
undo button acts when pressed.

Wired as ``hardware/pinmap.toml`` says (``[buttons]``, ``[status_led]``; off unless
``enabled``): each button between its GPIO and GND (the internal pull-up holds it high),
the LED from its GPIO through a 330 ohm resistor to GND. Built on gpiozero's ``Button``
and ``LED`` with the pin factory passed in (``LGPIOFactory`` on the Pi, ``MockFactory``
in tests); never gpiozero's global ``Device.pin_factory``.

The LED shows one of ``LED_STATES``: ``ready`` (steady on), ``attention`` (slow blink:
the table and the rules disagree, or a decision waits on the tablet), ``fault`` (fast
blink: a device failed, e.g. the load cells stopped), ``pairing`` (a short flash each
second: a tablet asks to pair, so holding confirm now pairs it), ``off``.
``led_state`` decides which,
from plain facts, so the policy is testable without pins.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from gpiozero import LED, Button

from ..pairing.requests import PAIR_HOLD_S

log = logging.getLogger("companion.devices.buttons")

READY, ATTENTION, FAULT, PAIRING, OFF = "ready", "attention", "fault", "pairing", "off"
LED_STATES = (READY, ATTENTION, FAULT, PAIRING, OFF)
#: (on, off) seconds of each blinking state
BLINK_S = {ATTENTION: (1.0, 1.0), FAULT: (0.15, 0.15), PAIRING: (0.1, 0.9)}


def led_state(*, devices_ok: bool, needs_attention: bool, pairing_waits: bool = False) -> str:
    """``pairing`` while a tablet asks to pair (holding confirm pairs it then), else
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


class PressOrHold:
    """Tells a press of one button from a hold: ``released`` without a hold before it
    runs ``on_press``; ``held`` (gpiozero's ``when_held``: down for its ``hold_time``)
    runs ``on_hold``, and the release after it runs nothing. Exactly one of the two per
    push, whatever order gpiozero's threads report the hold and the release in (a hold
    reported after its release is ignored)."""

    def __init__(self, on_press: Callable[[], None], on_hold: Callable[[], None]) -> None:
        self.on_press = on_press
        self.on_hold = on_hold
        self._lock = threading.Lock()
        self._down = False
        self._held = False

    def pressed(self) -> None:
        with self._lock:
            self._down, self._held = True, False

    def held(self) -> None:
        with self._lock:
            if not self._down or self._held:
                return
            self._held = True
        self.on_hold()

    def released(self) -> None:
        with self._lock:
            if not self._down:
                return
            self._down = False
            was_held = self._held
        if not was_held:
            self.on_press()


class ControlButtons:
    """The confirm and undo buttons (either may be absent: ``None``). The undo button runs
    ``on_undo`` when pressed. The confirm button runs ``on_confirm`` when released
    before ``hold_s`` seconds, and ``on_confirm_held`` (only) once held that long (see
    ``PressOrHold``). They run on gpiozero's threads; an exception there is logged, never
    lost silently, and the button keeps working."""

    def __init__(
        self,
        *,
        confirm_gpio: int | None,
        undo_gpio: int | None,
        on_confirm: Callable[[], None],
        on_undo: Callable[[], None],
        pin_factory,
        bounce_s: float | None = 0.05,
        on_confirm_held: Callable[[], None] | None = None,
        hold_s: float = PAIR_HOLD_S,
    ) -> None:
        self.buttons: dict[str, Button] = {}
        if confirm_gpio is not None:
            button = Button(confirm_gpio, pull_up=True, bounce_time=bounce_s, hold_time=hold_s,
                            pin_factory=pin_factory)  # fmt: skip
            self.confirm = PressOrHold(
                self._guarded("confirm", on_confirm),
                self._guarded("confirm (held)", on_confirm_held or (lambda: None)),
            )
            button.when_pressed = self.confirm.pressed
            button.when_held = self.confirm.held
            button.when_released = self.confirm.released
            self.buttons["confirm"] = button
        if undo_gpio is not None:
            button = Button(undo_gpio, pull_up=True, bounce_time=bounce_s, pin_factory=pin_factory)
            button.when_pressed = self._guarded("undo", on_undo)
            self.buttons["undo"] = button

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
    on_confirm_held: Callable[[], None] | None = None,
    hold_s: float = PAIR_HOLD_S,
    pin_factory=None,
) -> tuple[ControlButtons | None, StatusLED | None]:
    """The buttons and the LED the pin map enables (``None`` for those it does not).
    ``on_confirm`` for a press of confirm, ``on_confirm_held`` for a hold of ``hold_s``
    seconds (``ControlButtons``).

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
            on_confirm_held=on_confirm_held,
            hold_s=hold_s,
            pin_factory=pin_factory,
        )
    led = None
    if pinmap.status_led_gpio is not None:
        led = StatusLED(pinmap.status_led_gpio, pin_factory=pin_factory)
    return buttons, led


def _lgpio_factory():
    from ..errors import DeviceUnavailable
    from ..i18n.message import msg

    try:
        from gpiozero.pins.lgpio import LGPIOFactory

        return LGPIOFactory()
    except Exception as e:  # ImportError, or lgpio's own error off a Pi
        raise DeviceUnavailable(
            msg("no GPIO for the buttons and LED ({kind}: {e})", kind=type(e).__name__, e=str(e))
        ) from e
