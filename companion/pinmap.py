"""The pin map: which GPIO each part of the reference build is wired to (``hardware/pinmap.toml``).

GPIO numbers are BCM numbers (what gpiozero and lgpio use). ``load_pinmap`` reads and
checks a pin map: every key typed and bounded, unknown keys reported, no pin used twice,
every problem in one ``PinMapError`` that names the key and what is allowed.
``profile_disagreements`` compares the HX711 pins with a scale profile's, which is what
the HX711 driver actually uses.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .errors import CompanionError
from .paths import data_dir

FORMAT = 1
GPIO_RANGE = range(0, 28)  # BCM 0..27 reach the 40-pin header
CAMERA_CONNECTORS = ("csi", "usb")

#: BCM GPIO number -> physical pin of the 40-pin header
HEADER_PIN: MappingProxyType = MappingProxyType({
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18,
    10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32,
    13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
})  # fmt: skip


class PinMapError(CompanionError, ValueError):
    """A pin map that is missing, not TOML, or holds a bad, clashing or unknown value."""


@dataclass(frozen=True, slots=True)
class PinMap:
    """The GPIO of each part; buttons and the status LED are optional (``None`` when off)."""

    clock_gpio: int
    data_gpio: MappingProxyType  # channel (wedge, left, right) -> GPIO
    camera_connector: str
    confirm_gpio: int | None = None
    undo_gpio: int | None = None
    status_led_gpio: int | None = None

    def pins(self) -> dict[str, int]:
        """Every GPIO in use, by what it is for (``"hx711.data_gpio.left"``, ...)."""
        used = {"hx711.clock_gpio": self.clock_gpio}
        used |= {f"hx711.data_gpio.{ch}": g for ch, g in self.data_gpio.items()}
        for name, gpio in (("buttons.confirm_gpio", self.confirm_gpio),
                           ("buttons.undo_gpio", self.undo_gpio),
                           ("status_led.gpio", self.status_led_gpio)):  # fmt: skip
            if gpio is not None:
                used[name] = gpio
        return used


def describe_gpio(gpio: int) -> str:
    """``GPIO 6 (header pin 31)``."""
    pin = HEADER_PIN.get(gpio)
    return f"GPIO {gpio}" + (f" (header pin {pin})" if pin else "")


def default_pinmap_path() -> Path:
    return data_dir("hardware") / "pinmap.toml"


def load_pinmap(path: str | Path | None = None) -> PinMap:
    """Read and check a pin map (default: ``hardware/pinmap.toml``)."""
    try:
        p = Path(path) if path is not None else default_pinmap_path()
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as e:  # the file, or hardware/ itself, is missing
        raise PinMapError(f"pin map {str(path or 'hardware/pinmap.toml')!r}: {e}") from e
    except tomllib.TOMLDecodeError as e:
        raise PinMapError(f"pin map {str(p)!r} is not valid TOML: {e}") from e
    return parse_pinmap(data, source=str(p))


def parse_pinmap(data: dict[str, Any], *, source: str = "pin map") -> PinMap:
    problems: list[str] = []
    checker = _Checker(problems)
    top = checker.table(data, "", ("pinmap", "hx711", "camera", "buttons", "status_led"))
    meta = checker.table(top.get("pinmap"), "pinmap", ("format",))
    if meta.get("format") != FORMAT:
        problems.append(f"[pinmap] format = {meta.get('format')!r}: this version reads {FORMAT}")
    hx = checker.table(top.get("hx711"), "hx711", ("clock_gpio", "data_gpio"))
    clock = checker.gpio(hx, "hx711", "clock_gpio")
    data_t = checker.table(hx.get("data_gpio"), "hx711.data_gpio", None)
    data_gpio = {ch: checker.gpio(data_t, "hx711.data_gpio", ch) for ch in data_t}
    if not data_gpio:
        problems.append("[hx711.data_gpio] names no channel (e.g. wedge = 6)")
    cam = checker.table(top.get("camera"), "camera", ("connector",))
    connector = cam.get("connector", "csi")
    if connector not in CAMERA_CONNECTORS:
        problems.append(f"[camera] connector = {connector!r}: allowed "
                        + ", ".join(repr(c) for c in CAMERA_CONNECTORS))  # fmt: skip
    btn = checker.table(top.get("buttons"), "buttons", ("enabled", "confirm_gpio", "undo_gpio"))
    led = checker.table(top.get("status_led"), "status_led", ("enabled", "gpio"))
    # checked even when disabled, so that enabling them later holds no surprise
    confirm = checker.gpio(btn, "buttons", "confirm_gpio", optional=True)
    undo = checker.gpio(btn, "buttons", "undo_gpio", optional=True)
    led_gpio = checker.gpio(led, "status_led", "gpio", optional=True)
    if not checker.flag(btn, "buttons", "enabled"):
        confirm = undo = None
    if not checker.flag(led, "status_led", "enabled"):
        led_gpio = None
    pinmap = PinMap(clock, MappingProxyType(data_gpio), connector, confirm, undo, led_gpio)
    seen: dict[int, str] = {}
    for name, gpio in pinmap.pins().items():
        if gpio in seen:
            problems.append(f"{name} = {gpio} is also {seen[gpio]}: each GPIO does one thing")
        seen.setdefault(gpio, name)
    if problems:
        raise PinMapError(f"{source}: " + "; ".join(problems))
    return pinmap


class _Checker:
    def __init__(self, problems: list[str]) -> None:
        self.problems = problems

    def table(self, value: Any, where: str, allowed: tuple[str, ...] | None) -> dict:
        if value is None:
            if where in ("hx711", "pinmap"):
                self.problems.append(f"[{where}] is missing")
            return {}
        if not isinstance(value, dict):
            self.problems.append(f"[{where}] must be a table")
            return {}
        if allowed is not None:
            for key in value:
                if key not in allowed:
                    label = f"[{where}] {key}" if where else f"[{key}]"
                    self.problems.append(f"{label} is unknown; allowed: {', '.join(allowed)}")
        return value

    def gpio(self, table: dict, where: str, key: str, *, optional: bool = False) -> int | None:
        value = table.get(key)
        if value is None:
            if not optional:
                self.problems.append(f"[{where}] {key} is missing (a BCM GPIO number, 0..27)")
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value not in GPIO_RANGE:
            self.problems.append(f"[{where}] {key} = {value!r}: a BCM GPIO number, 0..27")
            return None
        return value

    def flag(self, table: dict, where: str, key: str) -> bool:
        value = table.get(key, False)
        if not isinstance(value, bool):
            self.problems.append(f"[{where}] {key} = {value!r}: true or false")
            return False
        return value


def profile_disagreements(pinmap: PinMap, profile) -> list[str]:
    """Where a scale profile's HX711 pins differ from the pin map's (empty: they agree)."""
    out = []
    if profile.clock_gpio != pinmap.clock_gpio:
        out.append(f"clock: profile [hx711] clock_gpio = {profile.clock_gpio},"
                   f" pin map {pinmap.clock_gpio}")  # fmt: skip
    for ch, cell in profile.cells.items():
        wired = pinmap.data_gpio.get(ch)
        if wired != cell.data_gpio:
            out.append(f"{ch}: profile [cells.{ch}] data_gpio = {cell.data_gpio},"
                       f" pin map {wired if wired is not None else 'none'}")  # fmt: skip
        if cell.clock_gpio is not None and cell.clock_gpio != pinmap.clock_gpio:
            out.append(f"{ch}: profile [cells.{ch}] clock_gpio = {cell.clock_gpio},"
                       f" pin map {pinmap.clock_gpio} (shared)")  # fmt: skip
    return out
