"""Choosing a device's backend: real hardware, the simulation, or real with an announced
fallback to the simulation.

The choice comes from the configuration or the ``COMPANION_BACKEND`` environment
variable (``real``, ``simulated`` or ``auto``; the environment wins). ``auto`` tries the
real device and, if it is unavailable here, falls back to the simulation and says so
through ``announce`` (the log and the dashboard), never silently.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from typing import TypeVar

from ..errors import DeviceUnavailable
from ..i18n.message import msg, reason_of, term

BACKEND_ENV = "COMPANION_BACKEND"
REAL, SIMULATED, AUTO = "real", "simulated", "auto"
CHOICES = (REAL, SIMULATED, AUTO)

log = logging.getLogger("companion.devices")
T = TypeVar("T")


def requested_backend(configured: str | None = None, *, env: Mapping[str, str] = os.environ) -> str:
    """The backend asked for: the configuration (``--backend``), else the environment
    variable, else auto (as the README and ``--help`` say: the variable is the default)."""
    value = configured or env.get(BACKEND_ENV) or AUTO
    if value not in CHOICES:
        source = msg("the configuration") if configured else BACKEND_ENV
        raise ValueError(
            msg(
                "{source} asks for backend {value!r}; choose one of {choices}",
                source=source,
                value=value,
                choices=", ".join(CHOICES),
            )
        )
    return value


def open_device(
    device: str,
    *,
    real: Callable[[], T],
    simulated: Callable[[], T],
    requested: str = AUTO,
    announce: Callable[[str], None] | None = None,
) -> T:
    """Open ``device`` (a name for people, e.g. "load cells") with the requested backend.

    ``real`` raises ``DeviceUnavailable`` when the hardware is not there; with ``real``
    requested that error propagates, with ``auto`` it becomes an announced fallback.
    """
    say = announce or (lambda message: None)
    if requested == SIMULATED:
        message = msg("{device}: using the simulation, as configured", device=_device(device))
        log.info(message)
        say(message)
        return simulated()
    if requested == REAL:
        return real()
    try:
        return real()
    except DeviceUnavailable as e:
        message = msg(
            "{device}: real hardware unavailable ({reason}); using the SIMULATION instead",
            device=_device(device),
            reason=reason_of(e),
        )
        log.warning(message)
        say(message)
        return simulated()


def _device(name: str):
    """A device's name for people, as a word of the language (other names as they are)."""
    return _DEVICES.get(name, name)


_DEVICES = {"load cells": term("device", "load cells"), "camera": term("device", "camera")}
