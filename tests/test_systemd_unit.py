"""``systemd/companion.service``: what the unit promises, and ``systemd-analyze verify``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "companion.service"
INSTALL = ROOT / "systemd" / "install.sh"


def unit_settings(text: str) -> dict[str, dict[str, list[str]]]:
    """Section -> key -> every value given (keys such as DeviceAllow repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), {})
            continue
        key, _, value = line.partition("=")
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


@pytest.fixture(scope="module")
def service():
    return unit_settings(UNIT.read_text(encoding="utf-8"))["Service"]


def one(service, key):
    values = service.get(key)
    assert values and len(values) == 1, f"{key}: {values}"
    return values[0]


def test_it_is_a_notify_service_with_a_watchdog_restarted_on_failure(service):
    assert one(service, "Type") == "notify"
    assert int(one(service, "WatchdogSec")) >= 10
    assert one(service, "Restart") == "on-failure"
    assert one(service, "NotifyAccess") == "main"


def test_it_runs_as_companion_in_the_gpio_and_video_groups_with_its_state_directory(service):
    assert one(service, "User") == "companion"
    assert set(one(service, "SupplementaryGroups").split()) == {"gpio", "video"}
    assert one(service, "StateDirectory") == "companion"  # the code reads STATE_DIRECTORY


def test_it_is_hardened_but_sees_the_gpio_and_camera_devices(service):
    for key, value in {
        "DevicePolicy": "closed",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "NoNewPrivileges": "yes",
        "PrivateTmp": "yes",
    }.items():
        assert one(service, key) == value, key
    assert "PrivateDevices" not in service  # it would hide /dev/gpiochip* and the camera
    allowed = {v.split()[0] for v in service["DeviceAllow"]}
    assert {"char-gpiochip", "char-video4linux", "char-media", "char-dma_heap"} <= allowed
    assert "AF_INET" in one(service, "RestrictAddressFamilies")  # the tablet reaches us


def test_it_starts_the_program_where_the_install_script_puts_it(service):
    exec_start = one(service, "ExecStart")
    prefix = re.search(r"^PREFIX=(\S+)$", INSTALL.read_text(), re.M).group(1)
    assert exec_start.startswith(f"{prefix}/venv/bin/companion run")


@pytest.mark.parametrize("name", ["companion.service", "companion-club.service"])
def test_systemd_analyze_verify_accepts_the_unit(tmp_path, name):
    tool = shutil.which("systemd-analyze")
    if tool is None:
        if os.environ.get("CI") == "true":
            pytest.fail("systemd-analyze is missing under CI: .ci/run installs it (apt systemd)")
        pytest.skip("systemd-analyze is not installed here (apt-get install systemd)")
    # verify also checks that ExecStart's program exists: point it at one that does
    text = (UNIT.parent / name).read_text(encoding="utf-8")
    text = re.sub(r"^ExecStart=\S+", f"ExecStart={sys.executable}", text, flags=re.M)
    unit = tmp_path / name
    unit.write_text(text, encoding="utf-8")
    done = subprocess.run([tool, "verify", str(unit)], capture_output=True, text=True, timeout=60)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    # unknown keys and bad values are only warnings: none may name our unit
    assert name not in out, out


def test_the_club_unit_serves_the_club_from_its_own_state_directory_with_no_devices():
    club = unit_settings((UNIT.parent / "companion-club.service").read_text(encoding="utf-8"))
    service = club["Service"]
    prefix = re.search(r"^PREFIX=(\S+)$", INSTALL.read_text(), re.M).group(1)
    assert one(service, "ExecStart") == f"{prefix}/venv/bin/companion club serve $CLUB_ARGS"
    assert one(service, "StateDirectory") == "companion-club"  # club.sqlite, club.toml
    assert one(service, "User") == "companion"
    assert one(service, "PrivateDevices") == "yes"  # no camera, no GPIO
    assert one(service, "Restart") == "on-failure"
    assert "SupplementaryGroups" not in service
    assert "mosquitto.service" in one(club["Unit"], "After")
