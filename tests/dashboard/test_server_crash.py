"""SIGKILL the real server mid-round, restart it: the same game in the same state."""

from __future__ import annotations

import pytest

from .server_process import ServerProcess

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
