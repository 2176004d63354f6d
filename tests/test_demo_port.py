"""A busy port is one clear line and exit status 4, for ``companion run`` and ``companion
demo``; ``make demo`` takes ``PORT=`` (and ``GAME=``)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def busy_port():
    """A loopback port something else listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        yield s.getsockname()[1]


@pytest.mark.parametrize(
    ("command", "extra"),
    [("run", ("--no-sensors",)), ("demo", ()), ("demo", ("stein-im-brett",))],
)
def test_a_busy_port_is_one_clear_line_and_exit_status_4(tmp_path, busy_port, command, extra):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", command, *extra, "--host", "127.0.0.1",
         "--port", str(busy_port), "--state-dir", str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 4, (proc.returncode, proc.stderr)
    # the log's notices may come first (the demo's banner, "no sensors"); then one line
    lines = proc.stderr.strip().splitlines()
    assert lines[-1] == (
        f"companion {command}: port {busy_port} is in use: another companion or program"
        f" listens there; stop it, or choose another port (--port {busy_port + 1};"
        f" with make: make demo PORT={busy_port + 1})"
    ), proc.stderr
    assert "Traceback" not in proc.stderr and all(
        line.startswith("WARNING ") for line in lines[:-1]
    ), proc.stderr
    assert "Dashboard:" not in proc.stdout  # it never claimed to serve


def test_serve_closes_the_service_when_it_cannot_listen(tmp_path, busy_port):
    from companion.referee.service import GameService
    from companion.server import CannotListen, serve

    service = GameService(tmp_path)
    with pytest.raises(CannotListen, match=f"port {busy_port} is in use"):
        serve(service, host="127.0.0.1", port=busy_port)
    assert service.closed


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ((), "companion demo  --port 8000"),
        (("PORT=8001",), "companion demo  --port 8001"),
        (("GAME=stein-im-brett", "PORT=8002"), "companion demo stein-im-brett --port 8002"),
    ],
)
def test_make_demo_passes_the_game_and_the_port(variables, expected):
    proc = subprocess.run(
        ["make", "--no-print-directory", "-n", "-W", "pyproject.toml", "demo", *variables],
        cwd=ROOT, capture_output=True, text=True, timeout=30, check=True,
        env={k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")},
    )  # fmt: skip
    assert proc.stdout.strip().splitlines()[-1].endswith(expected), proc.stdout
