"""``companion doctor``: every check against simulated devices, each fault included."""

from __future__ import annotations

import random
import shutil
import socket
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.cli import main
from companion.devices.hx711 import HX711Bank
from companion.devices.hx711_sim import HX711ClockPin, HX711DataPin, ManualClock, SimulatedHX711
from companion.devices.load_cells import HX711LoadCells
from companion.doctor import FAIL, OK, SKIP, WARN, Machine, report, run_checks
from companion.errors import DeviceUnavailable
from companion.journal import Journal
from companion.profile import default_profile, profile_to_toml

PROFILE = default_profile()
GB = 2**30


def noisy(zero: int, sd_counts: float, seed: int):
    rng = random.Random(seed)
    return lambda _input, _gain: round(zero + rng.gauss(0, sd_counts))


def healthy() -> dict:
    return {ch: noisy(c.zero_counts, 100, i) for i, (ch, c) in enumerate(PROFILE.cells.items())}


def hx711_cells(chips: dict, rates: dict | None = None):
    """Real driver and sampling thread over simulated HX711s on MockFactory pins (the
    profile's GPIO); a channel given as None has no chip on its data pin (unplugged);
    ``rates`` gives a channel's samples/s where it is not 80."""

    def open_cells(profile):
        clock = ManualClock()
        factory = MockFactory()
        clk = factory.pin(profile.clock_gpio, pin_class=HX711ClockPin)
        data = {}
        for ch, cell in profile.cells.items():
            values = chips[ch]
            if values is None:
                data[ch] = factory.pin(cell.data_gpio)  # nothing drives it: pulled up, never ready
                continue
            pin = factory.pin(cell.data_gpio, pin_class=HX711DataPin)
            SimulatedHX711(clk, pin, values, clock_ns=clock, rate_sps=(rates or {}).get(ch, 80))
            data[ch] = pin
        bank = HX711Bank(clk, data, clock_ns=clock, sleep=clock.sleep)
        return HX711LoadCells(bank)

    return open_cells


class Camera:
    def close(self):
        pass


def refused(url):
    raise ConnectionRefusedError(111, "Connection refused")


def machine(tmp_path, **kw) -> Machine:
    defaults = {
        "backend": "real",
        "seconds": 5.0,
        "probe_gpio": lambda: None,
        "open_cells": hx711_cells(healthy()),
        "open_camera": Camera,
        "disk_usage": lambda path: (32 * GB, 8 * GB, 24 * GB),
        "fetch": refused,
    }
    return Machine(tmp_path / "state", **{**defaults, **kw})


def verdicts(m: Machine) -> dict:
    return {v.check: v for v in run_checks(m)}


def test_a_healthy_table_passes_every_device_check(tmp_path):
    got = verdicts(machine(tmp_path))
    for ch in ("wedge", "left", "right"):
        assert got[f"hx711 {ch}"].status == OK, got[f"hx711 {ch}"]
        assert "samples/s (configured 80)" in got[f"hx711 {ch}"].found
    assert got["gpio"].status == OK
    assert got["camera"].status == OK
    assert got["disk"].status == OK
    assert got["journals"].status == OK
    assert got["calibration"].status == WARN  # the nominal default profile
    assert got["pin map"].status == OK


def test_an_unplugged_hx711_is_named_with_its_pin(tmp_path):
    chips = {**healthy(), "left": None}
    got = verdicts(machine(tmp_path, open_cells=hx711_cells(chips)))
    left = got["hx711 left"]
    assert left.status == FAIL
    assert "no samples" in left.found
    assert "GPIO 13 (header pin 33)" in left.fix
    assert got["hx711 wedge"].status == OK and got["hx711 right"].status == OK


def test_a_stuck_channel_is_a_fault_even_though_it_is_quiet(tmp_path):
    chips = {**healthy(), "right": lambda _i, _g: 131000}
    got = verdicts(machine(tmp_path, open_cells=hx711_cells(chips)))
    right = got["hx711 right"]
    assert right.status == FAIL
    assert right.found.startswith("stuck: all ") and "131000 counts" in right.found
    assert "GPIO 19" in right.fix


def test_a_noisy_channel_gets_doctor_scales_diagnosis(tmp_path):
    chips = {**healthy(), "wedge": noisy(84000, 6000, 9)}  # 3 g of noise
    wedge = verdicts(machine(tmp_path, open_cells=hx711_cells(chips)))["hx711 wedge"]
    assert wedge.status == FAIL
    assert "g of noise" in wedge.found
    assert "cable" in wedge.fix


def test_the_scales_noise_gets_a_verdict_with_the_smallest_mass_difference_told_apart(tmp_path):
    quiet = verdicts(machine(tmp_path, open_cells=hx711_cells(healthy())))["scale noise"]
    assert quiet.status == OK and "told apart" in quiet.found, quiet
    chips = {ch: noisy(c.zero_counts, 14000, i) for i, (ch, c) in enumerate(PROFILE.cells.items())}
    loud = verdicts(machine(tmp_path, open_cells=hx711_cells(chips)))["scale noise"]  # 7 g a cell
    assert loud.status == FAIL and loud.found.startswith("too noisy"), loud
    assert "cannot be told apart" in loud.fix and "shield" in loud.fix, loud


def test_a_slow_channel_is_told_to_check_its_rate_pin(tmp_path):
    cells = hx711_cells(healthy(), rates={"left": 10})
    left = verdicts(machine(tmp_path, open_cells=cells))["hx711 left"]
    assert left.status == FAIL
    assert left.found.startswith("10.0 samples/s, configured 80"), left
    assert left.fix == "check the HX711's RATE pin (high: 80/s, low: 10/s)", left


def test_doctor_scale_names_each_slow_channel_and_its_fix(tmp_path, capsys, monkeypatch):
    import companion.devices.load_cells as lc

    cells = hx711_cells(healthy(), rates=dict.fromkeys(PROFILE.cells, 10))
    monkeypatch.setattr(lc, "open_load_cells", lambda profile, **kw: cells(profile))
    assert main(["doctor", "scale", "--backend", "real", "--seconds", "5"]) == 1
    out = capsys.readouterr().out
    problems = [line for line in out.splitlines() if line.startswith("PROBLEM")]
    assert problems == [
        f"PROBLEM {ch}: 10.0 samples/s, configured 80:"
        " check the HX711's RATE pin (high: 80/s, low: 10/s)"
        for ch in PROFILE.cells
    ], out


def test_no_gpio_fails_with_the_fix_and_skips_the_hx711s(tmp_path):
    def no_gpio():
        raise DeviceUnavailable("ModuleNotFoundError: No module named 'lgpio'")

    got = verdicts(machine(tmp_path, probe_gpio=no_gpio))
    assert got["gpio"].status == FAIL
    assert "lgpio" in got["gpio"].found
    assert "python3-lgpio" in got["gpio"].fix and "gpio group" in got["gpio"].fix
    assert got["hx711"].status == SKIP


def test_a_missing_camera_is_a_warning_with_the_fix(tmp_path):
    def no_camera():
        raise DeviceUnavailable("picamera2 is not installed here (picamera2)")

    camera = verdicts(machine(tmp_path, open_camera=no_camera))["camera"]
    assert camera.status == WARN
    assert "python3-picamera2" in camera.fix
    assert "Stein im Brett turns must be entered on the tablet" in camera.found


@pytest.mark.parametrize(("free_mb", "status"), [(50, FAIL), (300, WARN), (5000, OK)])
def test_disk_space_is_judged_by_what_is_free(tmp_path, free_mb, status):
    usage = lambda path: (32 * GB, 32 * GB - free_mb * 2**20, free_mb * 2**20)  # noqa: E731
    disk = verdicts(machine(tmp_path, disk_usage=usage))["disk"]
    assert disk.status == status
    assert f"{free_mb:,} MB free" in disk.found
    if status != OK:
        assert "journalctl --vacuum-size" in disk.fix


def test_a_state_dir_not_made_yet_is_judged_on_the_disk_it_will_be_on(tmp_path):
    # A fresh Pi: ~/.local/state/table-companion and ~/.local/state do not exist yet.
    asked = []

    def usage(path):
        asked.append(path)
        return shutil.disk_usage(path)  # the real call: raises for a path that does not exist

    m = machine(tmp_path, disk_usage=usage)
    m.state_dir = tmp_path / "home" / ".local" / "state" / "table-companion"
    got = verdicts(m)
    assert asked == [tmp_path]
    assert got["disk"].status in (OK, WARN, FAIL)
    assert f"at {tmp_path}" in got["disk"].found


def write_journal(path: Path, actions: int = 30) -> None:
    with Journal(path) as j:
        j.append({"type": "start", "game": "hinkel-stein", "players": ["A", "B"]})
        for i in range(actions):
            j.append({"type": "note", "text": f"padding {i} " + "x" * 1500})


def test_intact_journals_pass_the_integrity_check(tmp_path):
    games = tmp_path / "state" / "games"
    games.mkdir(parents=True)
    write_journal(games / "g1.journal")
    write_journal(games / "g2.journal", actions=3)
    got = verdicts(machine(tmp_path))
    assert got["journals"].status == OK
    assert got["journals"].found.startswith("2 intact")


def test_a_corrupt_journal_is_named_and_the_others_pass(tmp_path):
    games = tmp_path / "state" / "games"
    games.mkdir(parents=True)
    write_journal(games / "good.journal")
    bad = games / "bad.journal"
    write_journal(bad)
    data = bytearray(bad.read_bytes())
    page = 4096
    data[2 * page : 6 * page] = bytes(random.Random(1).randrange(256) for _ in range(4 * page))
    bad.write_bytes(bytes(data))
    (games / "text.journal").write_text("not a database at all, but long enough " * 200)
    got = verdicts(machine(tmp_path))
    assert got["journal bad.journal"].status == FAIL
    assert got["journal bad.journal"].found.startswith("damaged")
    assert got["journal text.journal"].status == FAIL
    assert "journal good.journal" not in got and "journals" not in got
    assert "companion export" in got["journal bad.journal"].fix


def test_a_calibrated_profile_is_fresh_then_stale(tmp_path):
    path = tmp_path / "scale-mine.toml"
    path.write_text(profile_to_toml(PROFILE.with_changes(name="mine")), encoding="utf-8")
    mtime = path.stat().st_mtime
    fresh = verdicts(machine(tmp_path, profile=str(path), now=lambda: mtime + 86400))
    assert fresh["calibration"].status == OK
    stale = verdicts(machine(tmp_path, profile=str(path), now=lambda: mtime + 400 * 86400))
    assert stale["calibration"].status == WARN
    assert "400 days old" in stale["calibration"].found


def test_a_profile_wired_unlike_the_pin_map_is_a_warning(tmp_path):
    cells = dict(PROFILE.cells)
    cells["left"] = type(cells["left"])(-52000, 2000.0, 26)
    path = tmp_path / "scale-moved.toml"
    path.write_text(profile_to_toml(PROFILE.with_changes(name="moved", cells=cells)))
    got = verdicts(machine(tmp_path, profile=str(path), open_cells=hx711_cells(healthy())))
    assert got["pin map"].status == WARN
    assert "left: profile [cells.left] data_gpio = 26, pin map 13" in got["pin map"].found


def test_a_missing_profile_fails_with_the_fix(tmp_path):
    got = verdicts(machine(tmp_path, profile=str(tmp_path / "nope.toml")))
    assert got["calibration"].status == FAIL
    assert "calibrate scale" in got["calibration"].fix


def test_while_the_companion_runs_its_devices_are_skipped_not_fought_over(tmp_path):
    opened = []
    got = verdicts(machine(tmp_path, fetch=lambda url: 200, open_cells=opened.append))
    assert got["dashboard"].status == OK
    for check in ("gpio", "hx711", "camera"):
        assert got[check].status == SKIP
        assert "systemctl stop companion" in got[check].found
    assert opened == []


def test_an_unreachable_dashboard_fails_with_how_to_start_it(tmp_path):
    dashboard = verdicts(machine(tmp_path))["dashboard"]
    assert dashboard.status == FAIL
    assert "nothing answers at http://127.0.0.1:8000/" in dashboard.found
    assert "systemctl start companion" in dashboard.fix


def test_the_report_gives_one_verdict_a_line_and_the_exit_status(tmp_path):
    lines = []
    m = machine(tmp_path, fetch=lambda url: 200, backend="simulated", open_cells=None)
    assert report(run_checks(m), m, out=lines.append) == 0
    assert lines[-1] == "all good (1 warning(s))"
    lines.clear()
    assert report(run_checks(machine(tmp_path)), machine(tmp_path), out=lines.append) == 1
    assert "fix: start it" in "\n".join(lines)
    assert lines[-1].startswith("1 check(s) FAILED")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("argv", [["doctor"], ["doctor", "all"]])
def test_companion_doctor_runs_every_check(tmp_path, capsys, monkeypatch, argv):
    monkeypatch.delenv("COMPANION_BACKEND", raising=False)
    url = f"http://127.0.0.1:{free_port()}/"
    code = main([*argv, "--backend", "simulated", "--seconds", "10",
                 "--state-dir", str(tmp_path), "--url", url])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 1  # nothing serves the dashboard here
    for line in ("skip  gpio:", "ok    hx711 wedge:", "warn  calibration:", "ok    disk:",
                 "ok    journals:", "FAIL  dashboard: nothing answers"):  # fmt: skip
        assert line in out, out


def test_companion_doctor_scale_still_works(capsys):
    code = main(["doctor", "scale", "--backend", "simulated", "--seconds", "2"])
    assert code == 0
    assert "OK: every channel" in capsys.readouterr().out


def test_the_state_directory_defaults_to_systemds(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("COMPANION_STATE_DIR", raising=False)
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    url = f"http://127.0.0.1:{free_port()}/"
    main(["doctor", "--backend", "simulated", "--seconds", "10", "--url", url])
    assert f"no games yet in {tmp_path / 'games'}" in capsys.readouterr().out


@pytest.mark.parametrize("fault", ["none", "raises"])
def test_doctor_camera_fails_when_the_camera_opens_but_gives_no_frame(capsys, monkeypatch, fault):
    import companion.devices.frames as frames
    from companion.errors import DeviceError

    closed = []

    class Silent:
        description = "Pi camera 1280x960"

        def __init__(self, **kw):
            pass

        def read(self):
            if fault == "raises":
                raise DeviceError("the camera stopped delivering frames (timeout)")
            return None

        def close(self):
            closed.append(True)

    monkeypatch.setattr(frames, "Picamera2Source", Silent)
    assert main(["doctor", "camera"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("camera: opens (Pi camera 1280x960) but no frame comes"), out
    assert "camera: ok" not in out and "ribbon cable" in out
    if fault == "raises":
        assert "stopped delivering frames (timeout)" in out
    assert closed == [True]
