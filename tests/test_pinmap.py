"""``hardware/pinmap.toml`` and its loader ``companion/pinmap.py``."""

from __future__ import annotations

import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from companion.pinmap import (
    HEADER_PIN,
    PinMapError,
    describe_gpio,
    load_pinmap,
    parse_pinmap,
    profile_disagreements,
)
from companion.profile import CHANNELS, default_profile

ROOT = Path(__file__).resolve().parents[1]
PINMAP = ROOT / "hardware" / "pinmap.toml"


def default_data() -> dict:
    return tomllib.loads(PINMAP.read_text(encoding="utf-8"))


def test_the_default_pin_map_agrees_with_the_default_scale_profile():
    pinmap = load_pinmap()
    profile = default_profile()
    assert profile_disagreements(pinmap, profile) == []
    assert pinmap.clock_gpio == profile.clock_gpio
    assert dict(pinmap.data_gpio) == {ch: c.data_gpio for ch, c in profile.cells.items()}
    assert set(pinmap.data_gpio) == set(CHANNELS)


def test_three_hx711_share_one_clock_and_each_has_its_own_data_pin():
    pinmap = load_pinmap(PINMAP)
    assert len(set(pinmap.data_gpio.values())) == 3
    assert pinmap.clock_gpio not in pinmap.data_gpio.values()
    assert pinmap.camera_connector == "csi"


def test_buttons_and_the_led_are_off_by_default_and_on_when_enabled():
    pinmap = load_pinmap()
    assert (pinmap.confirm_gpio, pinmap.undo_gpio, pinmap.status_led_gpio) == (None, None, None)
    data = default_data()
    data["buttons"]["enabled"] = True
    data["status_led"]["enabled"] = True
    pinmap = parse_pinmap(data)
    assert (pinmap.confirm_gpio, pinmap.undo_gpio, pinmap.status_led_gpio) == (17, 27, 22)
    assert len(set(pinmap.pins().values())) == 7


def test_every_default_gpio_is_on_the_header():
    data = default_data()
    data["buttons"]["enabled"] = data["status_led"]["enabled"] = True
    for gpio in parse_pinmap(data).pins().values():
        assert gpio in HEADER_PIN
    assert describe_gpio(6) == "GPIO 6 (header pin 31)"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: d["hx711"].update(clock_gpio=40),
            "[hx711] clock_gpio = 40: a BCM GPIO number, 0..27",
        ),
        (
            lambda d: d["hx711"].update(clock_gpio="5"),
            "[hx711] clock_gpio = '5': a BCM GPIO number",
        ),
        (lambda d: d["hx711"].pop("clock_gpio"), "[hx711] clock_gpio is missing"),
        (
            lambda d: d["hx711"]["data_gpio"].update(left=6),
            "hx711.data_gpio.left = 6 is also hx711.data_gpio.wedge",
        ),
        (
            lambda d: d["camera"].update(connector="hdmi"),
            "[camera] connector = 'hdmi': allowed 'csi', 'usb'",
        ),
        (
            lambda d: d["buttons"].update(confirm_gpoi=17),
            "[buttons] confirm_gpoi is unknown; allowed: enabled, confirm_gpio, undo_gpio",
        ),
        (
            lambda d: d["status_led"].update(enabled="yes"),
            "[status_led] enabled = 'yes': true or false",
        ),
        (lambda d: d["pinmap"].update(format=2), "[pinmap] format = 2: this version reads 1"),
        (lambda d: d.update(leds={}), "[leds] is unknown"),
        (
            lambda d: d["status_led"].update(enabled=True, gpio=5),
            "status_led.gpio = 5 is also hx711.clock_gpio",
        ),
    ],
)
def test_a_bad_pin_map_names_the_key_and_what_is_allowed(edit, message):
    data = default_data()
    edit(data)
    with pytest.raises(PinMapError) as e:
        parse_pinmap(data)
    assert message in str(e.value)
    assert isinstance(e.value, ValueError)


def test_every_problem_is_listed_at_once():
    data = default_data()
    data["hx711"]["clock_gpio"] = 99
    data["camera"]["connector"] = "hdmi"
    with pytest.raises(PinMapError) as e:
        parse_pinmap(data)
    assert "clock_gpio = 99" in str(e.value) and "hdmi" in str(e.value)


def test_a_missing_or_broken_file_is_a_clear_error(tmp_path):
    with pytest.raises(PinMapError, match=r"pinmap\.toml"):
        load_pinmap(tmp_path / "pinmap.toml")
    (tmp_path / "bad.toml").write_text("[hx711\n")
    with pytest.raises(PinMapError, match="not valid TOML"):
        load_pinmap(tmp_path / "bad.toml")


def test_a_profile_wired_differently_is_told_apart():
    profile = default_profile()
    cells = dict(profile.cells)
    cells["left"] = type(cells["left"])(0, 1.0, 26)
    cells["right"] = type(cells["right"])(0, 1.0, cells["right"].data_gpio, clock_gpio=21)
    moved = profile.with_changes(cells=cells, clock_gpio=4)
    assert profile_disagreements(load_pinmap(), moved) == [
        "clock: profile [hx711] clock_gpio = 4, pin map 5",
        "left: profile [cells.left] data_gpio = 26, pin map 13",
        "right: profile [cells.right] clock_gpio = 21, pin map 5 (shared)",
    ]
    same_clock = dict(profile.cells)
    same_clock["right"] = type(cells["right"])(0, 1.0, cells["right"].data_gpio, clock_gpio=5)
    assert profile_disagreements(load_pinmap(), profile.with_changes(cells=same_clock)) == []


def test_the_wiring_diagram_is_valid_svg_naming_the_default_pins():
    root = ET.parse(ROOT / "hardware" / "wiring.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = " ".join(t for t in root.itertext())
    pinmap = load_pinmap()
    for gpio in pinmap.pins().values():
        assert f"GPIO {gpio}" in text, gpio
    for gpio in (17, 27, 22):  # the optional buttons and LED
        assert f"GPIO {gpio}" in text
