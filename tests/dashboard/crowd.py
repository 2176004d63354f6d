"""A crowd on loopback for connection tests and the bench: event streams, idle
connections and a paired tablet, against a dashboard served by waitress in this process.

Everything talks to 127.0.0.1 only; every read has a timeout, every loop a bound.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from pathlib import Path

from waitress.server import create_server

from companion.dashboard import create_app
from companion.dashboard.streams import StreamLimits
from companion.referee.service import GameService
from companion.server import waitress_settings

START = {
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}


class Dashboard:
    """The real dashboard on waitress, with the settings ``companion run`` uses."""

    def __init__(
        self,
        state_dir: Path,
        limits: StreamLimits | None = None,
        *,
        waitress: dict | None = None,
        **config,
    ):
        """``limits``: the stream limits (``companion run``'s by default); ``waitress``:
        settings to change; ``config``: the Flask app's (e.g. ``SSE_KEEPALIVE_S``)."""
        self.limits = limits or StreamLimits()
        self.service = GameService(state_dir)
        self.app = create_app(self.service, test_config={"STREAM_LIMITS": self.limits, **config})
        settings = {**waitress_settings(self.limits.threads), **(waitress or {})}
        self.server = create_server(self.app, host="127.0.0.1", port=0, **settings)
        self.port = int(self.server.effective_port)
        self.hub = self.app.extensions["companion.streams"]
        self.thread = threading.Thread(target=self.server.run, name="waitress", daemon=True)
        self.thread.start()

    @property
    def pin(self) -> str:
        """The table PIN now (a new one after each use)."""
        return self.app.extensions["companion.pairing"].code

    def close(self) -> None:
        self.service.close()  # ends the streams first
        time.sleep(0.2)
        self.server.close()
        self.thread.join(5)


def connect(port: int, source: str = "127.0.0.1", timeout_s: float = 5.0) -> socket.socket:
    """A TCP connection to the dashboard from loopback address ``source``."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout_s)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def request_text(path: str, cookie: str | None = None) -> bytes:
    extra = f"Cookie: {cookie}\r\n" if cookie else ""
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{extra}\r\n".encode()


class RawStream:
    """``GET /api/events`` on a raw socket: the status and the snapshots' versions."""

    def __init__(self, port: int, source: str = "127.0.0.1", cookie: str | None = None):
        self.sock = connect(port, source)
        self.sock.sendall(request_text("/api/events", cookie))
        self.buf = b""
        self.versions: list[int] = []
        self.status: int | None = None
        self.body = b""

    def read_status(self, timeout_s: float = 5.0) -> int:
        """The response's status code (reads the headers into ``headers``)."""
        deadline = time.monotonic() + timeout_s
        while b"\r\n\r\n" not in self.buf:
            if not self._recv(deadline):
                raise ConnectionError("closed before an answer")
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split(" ", 2)[1])
        self.headers = {k.lower(): v.strip() for k, v in (x.split(":", 1) for x in lines[1:])}
        return self.status

    def refusal(self, timeout_s: float = 5.0) -> dict:
        """The JSON body of a refused stream."""
        deadline = time.monotonic() + timeout_s
        while len(self.buf) < int(self.headers["content-length"]):
            if not self._recv(deadline):
                break
        return json.loads(self.buf)

    def read_event(self, name: str, timeout_s: float = 5.0) -> dict | None:
        """The data of the next ``event: name`` (JSON); None if the stream ends first."""
        deadline = time.monotonic() + timeout_s
        marker = f"event: {name}\n".encode()
        while True:
            start = self.buf.find(marker)
            data = self.buf.find(b"data: ", start) if start >= 0 else -1
            end = self.buf.find(b"\n", data) if data >= 0 else -1
            if end >= 0:
                return json.loads(self.buf[data + 6 : end])
            if not self._recv(deadline):
                return None

    def ended(self, timeout_s: float = 5.0) -> bool:
        """True once the server ends the stream (its last chunk, or the connection
        closed); False on timeout."""
        deadline = time.monotonic() + timeout_s
        try:
            while not self.buf.endswith(b"\r\n0\r\n\r\n"):
                if not self._recv(deadline):
                    return True
        except (TimeoutError, OSError):
            return False
        return True

    def wait_version(self, version: int, timeout_s: float = 5.0) -> bool:
        """Read events until one carries ``version`` or later; False on timeout/EOF."""
        deadline = time.monotonic() + timeout_s
        while not self.versions or self.versions[-1] < version:
            try:
                if not self._recv(deadline):
                    return False
            except (TimeoutError, OSError):
                return False
            for line in self.buf.split(b"\n"):
                if line.startswith(b"id: "):
                    self.versions.append(int(line[4:]))
            self.buf = self.buf[self.buf.rfind(b"\n") + 1 :]
        return True

    def _recv(self, deadline: float) -> bool:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no answer in time")
        self.sock.settimeout(left)
        data = self.sock.recv(65536)
        self.buf += data
        return bool(data)

    def close(self) -> None:
        self.sock.close()


#: What a half-open connection sends: a request's first lines, never its end.
PARTIAL_REQUEST = b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def crowd(port: int, streams: int, idle: int, source: str = "127.0.0.1"):
    """``streams`` event streams and ``idle`` connections that never finish a request
    (every other one sends nothing, the rest ``PARTIAL_REQUEST``), all from ``source``:
    (the streams, the idle sockets)."""
    idle_socks = [connect(port, source) for _ in range(idle)]
    for s in idle_socks[1::2]:
        s.sendall(PARTIAL_REQUEST)
    raw = [RawStream(port, source) for _ in range(streams)]
    return raw, idle_socks


class Tablet:
    """A paired tablet: a session cookie, JSON requests with a timeout, its own stream."""

    def __init__(self, port: int, pin: str, timeout_s: float = 5.0):
        self.port, self.timeout_s = port, timeout_s
        self.cookie = None
        self.pair(pin)

    def pair(self, pin: str) -> None:
        """Get a session cookie the way the page does (the one place that knows how)."""
        status, body, headers = self.call("POST", "/api/session", {"pin": pin})
        assert status == 200, body
        self.cookie = headers["Set-Cookie"].split(";", 1)[0]

    def call(self, method: str, path: str, body=None):
        """(status, JSON answer, headers) of one request on a fresh connection."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout_s)
        headers = {"X-Companion": "1", "Content-Type": "application/json"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None if body is None else json.dumps(body)
        try:
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            return resp.status, json.loads(resp.read()), resp.headers
        finally:
            conn.close()

    def stream(self) -> RawStream:
        return RawStream(self.port, cookie=self.cookie)
