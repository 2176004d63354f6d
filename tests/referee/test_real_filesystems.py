"""A real full disk and a real read-only file system under the state directory.

These mount a small tmpfs, which needs root with CAP_SYS_ADMIN (as in the development
container); elsewhere they are skipped, and test_damaged_state.py covers the same paths
with SQLite's own refusals and a monkeypatched OSError.
"""

from __future__ import annotations

import errno
import subprocess
from pathlib import Path

import pytest

from companion.errors import StorageError
from companion.referee.service import GameService

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
CONDITION = {"type": "condition", "player": "Ana", "wins": "heavier"}


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True, timeout=10).returncode == 0


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MiB tmpfs: the state directory on a disk that can really fill up."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if not _mount("-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)):
        pytest.skip("cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True, timeout=10)


def _fill(disk: Path) -> Path:
    """Write a file until the disk is full; return it (delete it to make space again)."""
    filler = disk / "filler"
    with filler.open("wb") as f:
        try:
            for _ in range(1024):  # bounded: 1024 x 64 KiB = 64 MiB, far above the disk
                f.write(b"\0" * 65536)
                f.flush()
        except OSError as e:
            assert e.errno == errno.ENOSPC
    return filler


def test_a_really_full_disk_refuses_the_action_and_loses_nothing(small_disk):
    s = GameService(small_disk / "state")
    try:
        s.new_game(START)
        before = s.snapshot()
        filler = _fill(small_disk)
        with pytest.raises(StorageError) as e:
            s.submit(CONDITION)
        assert e.value.kind == "full"
        after = s.snapshot()
        assert after["game"] == before["game"] and str(e.value) in after["notices"]
        filler.unlink()  # space again: the same action is accepted, the notice goes
        assert s.submit(CONDITION)["game"]["actions"] == 2
        assert s.storage_problem is None
    finally:
        s.close()
    again = GameService(small_disk / "state")
    try:
        assert again.snapshot()["game"]["actions"] == 2
    finally:
        again.close()


def test_a_disk_full_at_start_shows_the_game_and_goes_on_once_space_is_freed(small_disk):
    s = GameService(small_disk / "state")
    s.new_game(START)
    s.close()
    filler = _fill(small_disk)
    s = GameService(small_disk / "state")  # no traceback
    try:
        snap = s.snapshot()
        assert snap["game"]["actions"] == 1 and "is full" in " ".join(snap["notices"])
        with pytest.raises(StorageError):
            s.submit(CONDITION)
        filler.unlink()
        assert s.submit(CONDITION)["game"]["actions"] == 2
        assert s.snapshot()["notices"] == []
    finally:
        s.close()


def test_a_really_read_only_state_directory_comes_up_with_a_notice(small_disk):
    state = small_disk / "state"
    s = GameService(state)
    s.new_game(START)
    s.submit(CONDITION)
    s.close()
    assert _mount("-o", "remount,ro", str(small_disk))
    try:
        s = GameService(state)  # no traceback
        try:
            snap = s.snapshot()
            assert snap["game"]["actions"] == 2  # shown as it was, nothing lost
            assert "Read-only file system" in " ".join(snap["notices"])
            with pytest.raises(StorageError):
                s.submit({"type": "call", "player": "Ana", "calls": "Ben"})
            with pytest.raises(StorageError):
                s.start_game(["Eva", "Finn"])
            assert not (state / "damaged").exists()
        finally:
            s.close()
    finally:
        assert _mount("-o", "remount,rw", str(small_disk))
    s = GameService(state)  # writable again: the game is there, whole
    try:
        assert s.snapshot()["game"]["actions"] == 2
    finally:
        s.close()
