"""The table's optional buttons and status LED, wired to the referee for ``companion run``.

Confirm, pressed: the boulder holder is done, or the players confirm the table as it
is, always (also while a tablet asks to pair). Confirm, held ``PAIR_HOLD_S`` (3 s): pairs
the one tablet that asks (``companion.pairing``; when more than one asks, refuses them
all), and means nothing in the game. Undo: the last action.
The LED: a short flash each second while a tablet asks to pair, fast blink when a device
fails, slow blink when the table and the rules disagree or the scale cannot tell two
stones apart, steady when all is well. While the controls run they also notice, once a
second, a pairing request that expired (every dashboard stops naming it).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from .devices.buttons import led_state, open_controls
from .errors import DeviceUnavailable, StorageError
from .i18n.message import msg, reason_of
from .pairing import PAIR_HOLD_S, Pairing
from .pinmap import PinMap
from .referee.service import GameService, NoGame

log = logging.getLogger("companion.controls")


def _safely(what: str, action: Callable[[], object]) -> Callable[[], None]:
    def run() -> None:
        try:
            action()
        except (NoGame, ValueError) as e:  # nothing to undo, no game: say so in the log
            log.info("%s button: %s", what, e)
        except StorageError as e:  # the disk refused: the dashboards show it already
            log.warning("%s button: %s", what, e)

    return run


def status_of(snapshot: dict, *, pairing_waits: bool = False) -> str:
    """The LED state for a dashboard snapshot (``pairing_waits``: a tablet asks to pair)."""
    devices_ok = all(d["state"] != "fault" for d in snapshot.get("devices", {}).values())
    attention = bool(snapshot.get("warnings") or snapshot.get("asks"))
    return led_state(devices_ok=devices_ok, needs_attention=attention, pairing_waits=pairing_waits)


def start_controls(
    service: GameService, pinmap: PinMap, *, pairing: Pairing | None = None, pin_factory=None
) -> Callable[[], None]:
    """Open the buttons and LED the pin map enables; returns a function that closes them.
    Without GPIO they are announced as unavailable and the tablet does everything.
    ``pairing``: holding the confirm button ``pairing.button.hold_s`` seconds pairs
    tablets (``pairing.button_present`` is set once the button is open); a press is
    always the game's ``service.confirm``."""
    try:
        buttons, led = open_controls(
            pinmap,
            on_confirm=_safely("confirm", service.confirm),
            on_confirm_held=pairing.hold if pairing is not None else None,
            hold_s=pairing.button.hold_s if pairing is not None else PAIR_HOLD_S,
            on_undo=_safely("undo", service.undo),
            pin_factory=pin_factory,
        )
    except DeviceUnavailable as e:
        service.announce(
            msg("buttons and status LED: {reason}; the tablet does everything", reason=reason_of(e))
        )
        return lambda: None
    if pairing is not None and buttons is not None and "confirm" in buttons.buttons:
        pairing.button_present = True
    stop = threading.Event()

    def follow() -> None:
        seen = -1
        while not stop.is_set():
            seen = service.wait_for_change(seen, 1.0)
            if service.closed:
                return
            # at least once a second: this also notices an expired pairing request
            waits = pairing is not None and pairing.button.waiting() > 0
            if led is not None:
                led.show(status_of(service.snapshot(), pairing_waits=waits))

    if led is not None or (pairing is not None and pairing.button_present):
        threading.Thread(target=follow, name="controls-follow", daemon=True).start()

    def close() -> None:
        stop.set()
        if pairing is not None:
            pairing.button_present = False
        for part in (buttons, led):
            if part is not None:
                part.close()

    return close
