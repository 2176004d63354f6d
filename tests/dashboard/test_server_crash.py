"""SIGKILL the real server mid-round, restart it: the same game in the same state."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .server_process import ROOT, ServerProcess

START = {
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
ACTIONS = [
    {"type": "condition", "player": "Ana", "wins": "heavier"},
    {"type": "call", "player": "Ana", "calls": "Ben"},
    {"type": "stake", "player": "Ben", "add": 2},
    {"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"},
    {"type": "call", "player": "Ana", "calls": "Cleo"},
]  # fmt: skip


@pytest.mark.parametrize("after", [1, 3, 5])
def test_a_killed_server_restarts_with_the_same_game_and_nothing_lost(tmp_path, after):
    server = ServerProcess(tmp_path)
    try:
        server.post("/api/session", {"pin": server.pin})
        server.post("/api/games", START)
        for a in ACTIONS[:after]:
            answered = server.post("/api/actions", a)  # answered = journaled
    finally:
        server.kill()
    again = ServerProcess(tmp_path)
    try:
        state = again.get("/api/state")
        assert state["replay"] == answered["replay"]
        assert state["view"]["choices"] == answered["view"]["choices"]
        assert again.get("/api/state")["game"]["actions"] == after + 1
    finally:
        again.kill()


def test_run_without_real_load_cells_falls_back_to_the_simulation_and_says_so(tmp_path):
    # this machine has no GPIO: `auto` must announce the simulation, never stay silent
    server = ServerProcess(tmp_path, extra=("--backend", "auto"))
    try:
        notices = server.get("/api/state")["notices"]
        assert any(
            "load cells: real hardware unavailable" in n and "SIMULATION" in n for n in notices
        ), notices
    finally:
        server.kill()


def test_run_asked_for_real_load_cells_that_are_not_there_fails_plainly(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "run", "--port", "0", "--state-dir", str(tmp_path), "--backend", "real"],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode != 0
    assert "no GPIO for the HX711s here" in proc.stderr
