"""The table's optional buttons and status LED, wired to the referee for ``companion run``.

Confirm: the boulder holder is done, or the players confirm the table as it is. Undo:
the last action. The LED: fast blink when a device fails, slow blink when the table and
the rules disagree or the scale cannot tell two stones apart, steady when all is well.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from .devices.buttons import led_state, open_controls
from .errors import DeviceUnavailable, StorageError
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


def status_of(snapshot: dict) -> str:
    """The LED state for a dashboard snapshot."""
    devices_ok = all(d["state"] != "fault" for d in snapshot.get("devices", {}).values())
    attention = bool(snapshot.get("warnings") or snapshot.get("asks"))
    return led_state(devices_ok=devices_ok, needs_attention=attention)


def start_controls(service: GameService, pinmap: PinMap, *, pin_factory=None) -> Callable[[], None]:
    """Open the buttons and LED the pin map enables; returns a function that closes them.
    Without GPIO they are announced as unavailable and the tablet does everything."""
    try:
        buttons, led = open_controls(
            pinmap,
            on_confirm=_safely("confirm", service.confirm),
            on_undo=_safely("undo", service.undo),
            pin_factory=pin_factory,
        )
    except DeviceUnavailable as e:
        service.announce(f"buttons and status LED: {e}; the tablet does everything")
        return lambda: None
    stop = threading.Event()

    def follow() -> None:
        seen = -1
        while not stop.is_set():
            seen = service.wait_for_change(seen, 1.0)
            if led is not None and not service.closed:
                led.show(status_of(service.snapshot()))

    if led is not None:
        threading.Thread(target=follow, name="status-led", daemon=True).start()

    def close() -> None:
        stop.set()
        for part in (buttons, led):
            if part is not None:
                part.close()

    return close
