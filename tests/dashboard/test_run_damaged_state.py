"""``companion run`` comes up whatever state it finds: a damaged journal is moved aside
and named, a read-only state directory is a notice and a JSON refusal."""

from __future__ import annotations

import sqlite3
import subprocess
import urllib.error
from pathlib import Path

import pytest

from .server_process import ServerProcess

START = {
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
CONDITION = {"type": "condition", "player": "Ana", "wins": "heavier"}


def _played_and_killed(state_dir: Path) -> Path:
    server = ServerProcess(state_dir)
    try:
        server.post("/api/session", {"pin": server.pin})
        game_id = server.post("/api/games", START)["game"]["id"]
        server.post("/api/actions", CONDITION)
    finally:
        server.kill()  # SIGKILL: the rows may still be in the -wal
    return state_dir / "games" / f"{game_id}.journal"


def _newer_schema(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = '9' WHERE key = 'schema_version'")
    con.commit()
    con.close()


def _garbage(path: Path) -> None:
    for p in (Path(f"{path}-wal"), Path(f"{path}-shm")):
        p.unlink(missing_ok=True)
    path.write_bytes(b"\x00garbage" * 100)


@pytest.mark.parametrize("spoil", [_newer_schema, _garbage])
def test_run_comes_up_with_a_damaged_journal_names_it_and_starts_a_new_game(tmp_path, spoil):
    path = _played_and_killed(tmp_path)
    spoil(path)
    server = ServerProcess(tmp_path)  # asserts the dashboard came up
    try:
        state = server.get("/api/state")
        assert state["game"] is None and path.name in state["notices"][0]
        assert len(list((tmp_path / "damaged").glob(f"*{path.name}"))) == 1
        server.post("/api/session", {"pin": server.pin})
        assert server.post("/api/games", START)["game"]["actions"] == 1
    finally:
        server.kill()


def test_run_comes_up_on_a_read_only_state_directory(tmp_path):
    """A real read-only tmpfs (needs root with CAP_SYS_ADMIN; skipped elsewhere)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)]
    if subprocess.run(mount, capture_output=True, timeout=10).returncode:
        pytest.skip("cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)")
    try:
        _played_and_killed(disk)
        remount = ["mount", "-o", "remount,ro", str(disk)]
        assert subprocess.run(remount, capture_output=True, timeout=10).returncode == 0
        server = ServerProcess(disk)
        try:
            state = server.get("/api/state")
            assert "Read-only file system" in " ".join(state["notices"])
            assert state["game"]["actions"] == 2  # the game as the journal holds it
            server.post("/api/session", {"pin": server.pin})
            with pytest.raises(urllib.error.HTTPError) as e:
                server.post("/api/actions", {"type": "call", "player": "Ana", "calls": "Ben"})
            assert e.value.code == 503 and "writable" in e.value.read().decode()
        finally:
            server.kill()
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True, timeout=10)
