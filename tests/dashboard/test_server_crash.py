"""SIGKILL the real server mid-round, restart it: the same game in the same state."""

from __future__ import annotations

import http.cookiejar
import json
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
START = {"players": ["Ana", "Ben", "Cleo", "Dora"],
         "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]}}
ACTIONS = [
    {"type": "condition", "player": "Ana", "wins": "heavier"},
    {"type": "call", "player": "Ana", "calls": "Ben"},
    {"type": "stake", "player": "Ben", "add": 2},
    {"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"},
    {"type": "call", "player": "Ana", "calls": "Cleo"},
]  # fmt: skip


class Server:
    def __init__(self, state_dir: Path):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--host", "127.0.0.1", "--port", "0",
             "--state-dir", str(state_dir)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
        )  # fmt: skip
        line = self.proc.stdout.readline()
        assert line.startswith("Dashboard: http://"), line
        self.url = line.split()[1].rstrip("/")
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


@pytest.mark.parametrize("after", [1, 3, 5])
def test_a_killed_server_restarts_with_the_same_game_and_nothing_lost(tmp_path, after):
    server = Server(tmp_path)
    try:
        server.post("/api/session", {"pin": server.pin})
        server.post("/api/games", START)
        for a in ACTIONS[:after]:
            answered = server.post("/api/actions", a)  # answered = journaled
    finally:
        server.kill()
    again = Server(tmp_path)
    try:
        state = again.get("/api/state")
        assert state["replay"] == answered["replay"]
        assert state["view"]["choices"] == answered["view"]["choices"]
        assert again.get("/api/state")["game"]["actions"] == after + 1
    finally:
        again.kill()
