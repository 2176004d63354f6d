"""A real ``companion run`` process for tests that kill and restart the server."""

from __future__ import annotations

import http.cookiejar
import json
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    def __init__(self, state_dir: Path, port: int = 0, extra: tuple[str, ...] = ("--no-sensors",)):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--host", "127.0.0.1", "--port", str(port),
             "--state-dir", str(state_dir), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
        )  # fmt: skip
        line = self.proc.stdout.readline()
        assert line.startswith("Dashboard: http://"), line
        self.url = line.split()[1].rstrip("/")
        self.port = int(self.url.rsplit(":", 1)[1])
        self.pin = self.proc.stdout.readline().split()[-1]
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def post(self, path, body):
        req = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-Companion": "1"},
        )  # fmt: skip
        with self.opener.open(req, timeout=10) as r:
            return json.load(r)

    def get(self, path):
        with self.opener.open(self.url + path, timeout=10) as r:
            return json.load(r)

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc.stdout.close()
