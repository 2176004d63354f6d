"""The sd_notify protocol (``companion/systemd_notify.py``) on real AF_UNIX datagram sockets,
and ``companion run`` telling systemd it is ready, alive and stopping."""

from __future__ import annotations

import io
import logging
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from companion.systemd_notify import JournalFormatter, Notifier, Watchdog, log_handler

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def listener(tmp_path):
    """A datagram socket standing in for systemd's notify socket (a path)."""
    path = tmp_path / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        s.bind(str(path))
        s.settimeout(5.0)
        yield s, str(path)


def receive(s: socket.socket) -> dict[str, str]:
    data = s.recv(4096).decode()
    return dict(line.split("=", 1) for line in data.splitlines())


def test_ready_is_sent_as_key_value_lines_to_the_socket_path(listener):
    s, path = listener
    notifier = Notifier({"NOTIFY_SOCKET": path})
    assert notifier.ready("dashboard on http://pi:8000/")
    assert receive(s) == {"READY": "1", "STATUS": "dashboard on http://pi:8000/"}
    assert notifier.watchdog()
    assert receive(s) == {"WATCHDOG": "1"}


def test_an_abstract_socket_is_written_with_a_leading_at_sign():
    name = f"companion-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        s.bind("\0" + name)
        s.settimeout(5.0)
        assert Notifier({"NOTIFY_SOCKET": "@" + name}).stopping()
        assert receive(s) == {"STOPPING": "1"}


def test_without_notify_socket_every_call_does_nothing():
    notifier = Notifier({})
    assert not notifier.enabled
    assert not notifier.ready()
    assert not notifier.watchdog()
    assert notifier.watchdog_s is None


def test_a_vanished_socket_is_logged_not_raised(tmp_path, caplog):
    notifier = Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone.sock")})
    with caplog.at_level(logging.WARNING):
        assert not notifier.ready()
    assert "cannot notify systemd" in caplog.text


def test_the_watchdog_interval_is_systemds_and_only_for_this_process():
    assert Notifier({"WATCHDOG_USEC": "30000000"}).watchdog_s == 30.0
    assert Notifier({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}).watchdog_s is None
    mine = {"WATCHDOG_USEC": "2000000", "WATCHDOG_PID": str(os.getpid())}
    assert Notifier(mine).watchdog_s == 2.0


def test_watchdog_pings_only_while_the_health_check_passes(listener):
    s, path = listener
    healthy = [True]
    notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "40000"})
    dog = Watchdog(notifier, lambda: healthy[0]).start()
    assert dog.interval_s == pytest.approx(0.02)
    try:
        assert receive(s) == {"WATCHDOG": "1"}
        healthy[0] = False
        # the pings stop; systemd is told why in the status line
        while (msg := receive(s)) == {"WATCHDOG": "1"}:
            pass
        assert msg["STATUS"].startswith("unhealthy")
        s.settimeout(0.2)
        with pytest.raises(TimeoutError):
            receive(s)
        healthy[0] = True
        s.settimeout(5.0)
        assert receive(s) == {"WATCHDOG": "1"}
    finally:
        dog.stop()


def test_a_health_check_that_raises_counts_as_unhealthy(listener):
    s, path = listener
    notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "40000"})
    dog = Watchdog(notifier, lambda: 1 / 0).start()
    try:
        assert receive(s)["STATUS"].startswith("unhealthy")
        assert dog.pings == 0
    finally:
        dog.stop()


def test_no_watchdog_thread_when_systemd_asks_for_none(listener):
    _, path = listener
    dog = Watchdog(Notifier({"NOTIFY_SOCKET": path}), lambda: True).start()
    assert not dog._thread.is_alive()


def test_log_lines_carry_the_syslog_priority_under_the_journal():
    fmt = JournalFormatter("%(levelname)s %(name)s: %(message)s")
    rec = logging.LogRecord("companion.table", logging.WARNING, __file__, 1, "cells gone", (), None)
    assert fmt.format(rec) == "<4>WARNING companion.table: cells gone"
    rec = logging.LogRecord("x", logging.ERROR, __file__, 1, "a\nb", (), None)
    assert fmt.format(rec) == "<3>ERROR x: a\n    b"


def test_log_lines_are_plain_on_a_terminal_or_a_pipe(tmp_path):
    handler = log_handler({}, io.StringIO())
    assert not isinstance(handler.formatter, JournalFormatter)
    with (tmp_path / "log").open("w") as f:
        st = os.fstat(f.fileno())
        env = {"JOURNAL_STREAM": f"{st.st_dev}:{st.st_ino}"}
        assert isinstance(log_handler(env, f).formatter, JournalFormatter)
        assert not isinstance(log_handler({"JOURNAL_STREAM": "1:2"}, f).formatter, JournalFormatter)


@pytest.mark.parametrize("extra", [("--no-sensors",), ("--backend", "simulated")])
def test_companion_run_is_ready_pings_the_watchdog_and_says_it_stops(listener, tmp_path, extra):
    s, path = listener
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "NOTIFY_SOCKET": path,
        "WATCHDOG_USEC": "200000",
    }
    env.pop("COMPANION_BACKEND", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--host", "127.0.0.1", "--port", "0",
         "--state-dir", str(tmp_path / "state"), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        s.settimeout(20.0)
        ready = receive(s)
        assert ready["READY"] == "1"
        assert ready["STATUS"].startswith("dashboard on http://127.0.0.1:")
        deadline = time.monotonic() + 5
        pings = 0
        while pings < 2 and time.monotonic() < deadline:
            pings += receive(s) == {"WATCHDOG": "1"}
        assert pings == 2
        proc.send_signal(signal.SIGTERM)  # what `systemctl stop` sends
        assert proc.wait(timeout=15) == 0
        messages = []
        s.settimeout(0.5)
        while True:
            try:
                messages.append(receive(s))
            except TimeoutError:
                break
        assert {"STOPPING": "1"} in messages
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
