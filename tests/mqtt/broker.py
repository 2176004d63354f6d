"""A real Mosquitto for the tests: started on a free loopback port with a generated
config (no system service), killed and restarted at will; and a test subscriber.

Without the ``mosquitto`` binary the tests skip with a reason, except under CI
(``CI=true``), where it is a failure (``.ci/run`` installs Debian's ``mosquitto``).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion


def mosquitto_binary() -> str:
    """The broker's path; skips (fails under CI) when it is not installed."""
    for candidate in (shutil.which("mosquitto"), "/usr/sbin/mosquitto"):
        if candidate and Path(candidate).is_file():
            return candidate
    why = "no mosquitto binary (apt-get install mosquitto)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"the MQTT tests need a broker under CI: {why}")
    pytest.skip(f"MQTT tests skipped: {why}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(predicate, *, timeout_s: float = 10.0, what: str = "condition") -> None:
    """Poll ``predicate`` every 20 ms for at most ``timeout_s``; fail naming ``what``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")


class Mosquitto:
    """One broker process on 127.0.0.1:``port``; ``tls``: a dict with ``cafile``,
    ``certfile``, ``keyfile``; ``password_file``: users (then anonymous is refused)."""

    def __init__(
        self,
        workdir: Path,
        *,
        tls: dict[str, str] | None = None,
        password_file: str | None = None,
        max_queued: int = 100000,
    ) -> None:
        self.binary = mosquitto_binary()
        self.workdir = workdir
        workdir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        lines = [
            f"listener {self.port} 127.0.0.1",
            f"allow_anonymous {'false' if password_file else 'true'}",
            "persistence false",
            f"max_queued_messages {max_queued}",
            "max_inflight_messages 0",
            "log_dest stderr",
            "log_type error",
            "log_type warning",
        ]
        if os.geteuid() == 0:  # else mosquitto drops to a user that cannot read tmp files
            lines.append("user root")
        if password_file:
            lines.append(f"password_file {password_file}")
        if tls:
            lines += [f"{k} {v}" for k, v in tls.items()]
        self.config = workdir / "mosquitto.conf"
        self.config.write_text("\n".join(lines) + "\n", encoding="utf-8")
        self.start()

    def start(self) -> None:
        log = (self.workdir / "mosquitto.log").open("ab")
        self.proc = subprocess.Popen([self.binary, "-c", str(self.config)], stdout=log, stderr=log)
        log.close()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(
                    f"mosquitto exited: {(self.workdir / 'mosquitto.log').read_text()}"
                )
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.02)
        raise AssertionError("mosquitto did not listen within 10 s")

    def kill(self) -> None:
        """SIGKILL: the broker is gone at once, its retained messages with it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(5)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def make_certificates(where: Path) -> dict[str, str]:
    """A throwaway CA and a server certificate for 127.0.0.1 and localhost, made with the
    ``openssl`` command (skips, or fails under CI, without it): file paths by role."""
    openssl = shutil.which("openssl")
    if openssl is None:
        if os.environ.get("CI") == "true":
            pytest.fail("the TLS test needs the openssl command under CI")
        pytest.skip("TLS test skipped: no openssl command")
    where.mkdir(parents=True, exist_ok=True)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    def run(*args: str) -> None:
        subprocess.run([openssl, *args], cwd=where, check=True, capture_output=True, timeout=30)

    run("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
        "-subj", "/CN=Companion test club CA")  # fmt: skip
    run("req", *ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost")
    (where / "ext.cnf").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    run("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", "server.crt", "-days", "2", "-extfile", "ext.cnf")  # fmt: skip
    return {
        "cafile": str(where / "ca.crt"),
        "certfile": str(where / "server.crt"),
        "keyfile": str(where / "server.key"),
    }


def make_password_file(where: Path, users: dict[str, str]) -> str:
    """A mosquitto password file for ``users`` (name -> password), by ``mosquitto_passwd``."""
    tool = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
    path = where / "passwords"
    path.touch()
    for name, password in users.items():
        subprocess.run([tool, "-b", str(path), name, password], check=True, capture_output=True)
    return str(path)


class Subscriber:
    """A test client that subscribes to ``topic`` and keeps every message (reconnects
    and subscribes again after the broker comes back)."""

    def __init__(
        self,
        port: int,
        topic: str = "companion/v1/tables/+/+",
        *,
        tls_ca: str | None = None,
        user: tuple[str, str] | None = None,
    ) -> None:
        self.messages: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.topic = topic
        self.subscribed = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        if user:
            self.client.username_pw_set(*user)
        if tls_ca:
            self.client.tls_set(ca_certs=tls_ca)
        self.client.reconnect_delay_set(min_delay=1, max_delay=1)
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe(topic, qos=1)
        self.subscribes = 0
        self.client.on_subscribe = self._subscribed
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()
        assert self.subscribed.wait(10), "the test subscriber could not subscribe"

    def _subscribed(self, *args) -> None:
        self.subscribes += 1
        self.subscribed.set()

    def _message(self, client, userdata, msg) -> None:
        with self.lock:
            self.messages.append((msg.topic, msg.payload, bool(msg.retain)))

    def payloads(self, leaf: str) -> list[dict[str, Any]]:
        with self.lock:
            return [json.loads(p) for t, p, _ in self.messages if t.endswith("/" + leaf)]

    def seqs(self, game_id: str | None = None) -> set[int]:
        return {p["seq"] for p in self.payloads("rows") if game_id in (None, p["game_id"])}

    def record_seqs(self, game_id: str) -> set[int]:
        """The seqs of every ``record`` message of ``game_id`` received."""
        return {
            r["seq"] for p in self.payloads("record") if p["game_id"] == game_id for r in p["rows"]
        }

    def raw(self) -> bytes:
        with self.lock:
            return b"\n".join(p for _, p, _ in self.messages)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
