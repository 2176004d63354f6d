"""``systemd/install.sh``, as far as a machine that is not a Pi allows: the dry run prints
every step it would take (and changes nothing), the script parses, shellcheck is happy."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "systemd" / "install.sh"


def install(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=60, cwd=ROOT
    )


def would_run(out: str) -> list[str]:
    return [line.split("would run: ", 1)[1] for line in out.splitlines() if "would run: " in line]


def test_the_script_parses():
    assert subprocess.run(["bash", "-n", str(SCRIPT)], capture_output=True).returncode == 0


def test_shellcheck_finds_nothing():
    tool = shutil.which("shellcheck")
    if tool is None:
        pytest.skip("shellcheck is not installed here (apt-get install shellcheck)")
    done = subprocess.run([tool, str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_dry_run_prints_every_install_step_and_runs_nothing(tmp_path):
    prefix = tmp_path / "opt"
    done = install("--dry-run", "--prefix", str(prefix))
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    commands = would_run(out)
    assert any(
        c.startswith("env DEBIAN_FRONTEND=noninteractive apt-get install -y")
        and "python3-picamera2" in c
        and "python3-lgpio" in c
        for c in commands
    ), commands
    assert any("useradd --system" in c and c.endswith(" companion") for c in commands) or (
        "already there: user companion" in out
    )
    assert "usermod --append --groups gpio,video companion" in commands
    assert f"/usr/bin/python3 -m venv --clear --system-site-packages {prefix}/venv" in commands
    # the project goes in with numpy pinned to the system's version
    assert f"would write {prefix}/constraints.txt" in out
    assert "| numpy==" in out
    assert (
        f"{prefix}/venv/bin/python -m pip install --quiet --constraint {prefix}/constraints.txt {ROOT}"
        in commands
    )
    assert (
        f"install -m 0644 {ROOT}/systemd/companion.service /etc/systemd/system/companion.service"
        in commands
    )
    assert "systemctl daemon-reload" in commands
    assert "systemctl enable companion.service" in commands
    assert "Dashboard: http://" in out
    assert "dry run: nothing was changed" in out
    assert not prefix.exists()
    assert not any(line.startswith("  +") for line in out.splitlines())  # nothing executed


def test_dry_run_club_installs_the_club_screen_without_camera_or_gpio(tmp_path):
    prefix = tmp_path / "opt"
    done = install("--dry-run", "--club", "--prefix", str(prefix))
    assert done.returncode == 0, done.stdout + done.stderr
    out, commands = done.stdout, would_run(done.stdout)
    apt = [c for c in commands if "apt-get install" in c]
    assert apt and "python3-picamera2" not in apt[0] and "python3-lgpio" not in apt[0]
    assert not any("usermod" in c and "gpio" in c for c in commands)
    unit = "/etc/systemd/system/companion-club.service"
    assert f"install -m 0644 {ROOT}/systemd/companion-club.service {unit}" in commands
    assert f"sed -i s#/opt/table-companion#{prefix}#g {unit}" in commands
    assert "systemctl enable companion-club.service" in commands
    assert not any(c.endswith(" companion.service") for c in commands)  # the table's unit
    assert "would write /etc/default/companion-club" in out
    assert '| CLUB_ARGS="--port 8080 --mqtt mqtt://localhost"' in out
    assert "Club page: http://" in out and ":8080/" in out
    assert "dry run: nothing was changed" in out


def test_dry_run_checks_the_commands_and_files_it_needs():
    out = install("--dry-run").stdout
    for what in ("systemctl", "apt-get", "/usr/bin/python3", "useradd", "pyproject.toml",
                 "systemd/companion.service"):  # fmt: skip
        assert any(line.startswith("  check: ") and what in line for line in out.splitlines()), what


def test_an_existing_venv_with_system_site_packages_is_kept(tmp_path):
    venv = tmp_path / "opt" / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text("#!/bin/sh\n")
    (venv / "bin" / "python").chmod(0o755)
    (venv / "pyvenv.cfg").write_text("include-system-site-packages = true\n")
    out = install("--dry-run", "--prefix", str(tmp_path / "opt")).stdout
    assert f"already there: {venv}" in out
    assert not any("-m venv" in c for c in would_run(out))


def test_dry_run_uninstall_removes_the_program_and_keeps_the_journals(tmp_path):
    prefix = tmp_path / "opt"
    prefix.mkdir()
    done = install("--dry-run", "--uninstall", "--prefix", str(prefix))
    assert done.returncode == 0, done.stdout + done.stderr
    commands = would_run(done.stdout)
    assert f"rm -rf {prefix}" in commands
    assert "systemctl daemon-reload" in commands
    assert "kept: /var/lib/companion (the journals)" in done.stdout
    assert not any("/var/lib/companion" in c for c in commands)
    assert prefix.exists()


def test_a_non_root_install_is_refused_without_changing_anything():
    if os.geteuid() == 0:
        pytest.skip("runs as root here")
    done = install()
    assert done.returncode == 1
    assert "run it as root" in done.stderr


def test_an_unknown_option_is_a_usage_error():
    done = install("--frobnicate")
    assert done.returncode == 2
    assert "unknown option --frobnicate" in done.stderr
