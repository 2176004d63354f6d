"""Damaged state never stops the companion: unreadable journals are moved aside whole and
named; a disk that refuses writes is a notice and a refused change, and loses nothing."""

from __future__ import annotations

import errno
import re
import sqlite3
from pathlib import Path

import pytest

from companion.errors import MalformedRecord, StorageError
from companion.journal import Journal
from companion.referee import state_files
from companion.referee.service import GameService

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
ROUND = [
    {"type": "condition", "player": "Ana", "wins": "heavier"},
    {"type": "call", "player": "Ana", "calls": "Ben"},
    {"type": "stake", "player": "Ben", "add": 2},
    {"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"},
]


def _played(state_dir: Path, actions: int = 3) -> Path:
    """A closed service's state directory with one game of ``actions`` actions; its journal."""
    s = GameService(state_dir)
    s.new_game(START)
    for record in ROUND[:actions]:
        s.submit(record)
    path = s._game.journal.path
    s.close()
    assert not Path(f"{path}-wal").exists()  # closed: everything is in the file itself
    return path


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _zero(path: Path) -> None:
    path.write_bytes(b"")


def _newer_schema(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    con.commit()
    con.close()


def _garbage(path: Path) -> None:
    path.write_bytes(b"this is no journal\n" * 200)


DAMAGES = {
    "truncated": (_truncate, "malformed|not a database|cannot read"),
    "zero-byte": (_zero, "empty file"),
    "newer schema": (_newer_schema, "newer companion"),
    "garbage": (_garbage, "not an SQLite database"),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_an_unreadable_journal_is_moved_aside_whole_and_named_and_a_new_game_starts(
    tmp_path, damage
):
    path = _played(tmp_path)
    spoil, why = DAMAGES[damage]
    spoil(path)
    damaged_bytes = path.read_bytes()

    s = GameService(tmp_path)  # comes up: no traceback
    try:
        snap = s.snapshot()
        assert snap["game"] is None
        moved = list((tmp_path / "damaged").iterdir())
        assert [m.name for m in moved] == [m.name for m in moved if m.name.endswith(path.name)]
        assert len(moved) == 1 and moved[0].read_bytes() == damaged_bytes  # whole, not deleted
        assert not path.exists() and not (tmp_path / "current").exists()
        (notice,) = snap["notices"]
        assert path.name in notice and str(moved[0]) in notice and "nothing was deleted" in notice
        assert re.search(why, notice), notice
        assert s.start_game(["Eva", "Finn"])["game"]["actions"] == 1
    finally:
        s.close()
    again = GameService(tmp_path)  # the next start resumes the new game, no notice
    try:
        assert again.snapshot()["game"]["actions"] == 1 and again.snapshot()["notices"] == []
    finally:
        again.close()


def test_a_journal_holding_no_start_is_moved_aside(tmp_path):
    path = _played(tmp_path)
    path.unlink()
    Journal(path).close()  # a journal with its schema and no row
    s = GameService(tmp_path)
    try:
        assert s.snapshot()["game"] is None
        assert "holds no start" in s.snapshot()["notices"][0]
        assert len(list((tmp_path / "damaged").iterdir())) == 1
    finally:
        s.close()


@pytest.mark.parametrize("content", [b"../../etc/passwd\n", b"\xff\xfe\x00garbage", b"\n"])
def test_a_current_file_that_names_no_journal_is_a_notice(tmp_path, content):
    (tmp_path / "current").write_bytes(content)
    s = GameService(tmp_path)
    try:
        snap = s.snapshot()
        assert snap["game"] is None and "no game was resumed" in snap["notices"][0]
        assert s.start_game(["Eva", "Finn"])["game"]["actions"] == 1
    finally:
        s.close()


def _rows(path: Path) -> list[tuple]:
    with Journal(path, readonly=True) as j:
        return [(r.seq, r.kind, r.payload) for r in j.rows()]


def test_a_full_disk_refuses_the_action_changes_nothing_and_says_so(tmp_path):
    """A real SQLITE_FULL: SQLite's own page limit stands for the disk filling up."""
    s = GameService(tmp_path)
    try:
        s.new_game(START)
        path = s._game.journal.path
        s._game.journal._con.execute("PRAGMA max_page_count = 1")  # = the pages it has now
        changes = [lambda: s.submit(ROUND[0]), s.undo]  # each writes one row
        refused = None
        for i in range(400):  # rows fill the last page; the next page is refused
            before, rows = s.snapshot(), _rows(path)
            try:
                changes[i % 2]()
            except StorageError as e:
                refused = e
                break
        assert refused is not None and refused.kind == "full"
        assert "full" in str(refused) and "Free some space" in str(refused)
        after = s.snapshot()
        assert after["game"] == before["game"] and after["replay"] == before["replay"]
        assert _rows(path) == rows  # the journal is as it was
        assert str(refused) in after["notices"]  # on every dashboard
        s._game.journal._con.execute("PRAGMA max_page_count = 1000000")  # space again
        changes[i % 2]()
        assert all("full" not in n for n in s.snapshot()["notices"])  # the notice goes
    finally:
        s.close()


def test_a_read_only_journal_refuses_every_change_with_a_reason(tmp_path):
    """A real SQLITE_READONLY (the connection made query-only) stands for a file system
    remounted read-only under the running companion."""
    s = GameService(tmp_path)
    try:
        s.new_game(START)
        s._game.journal._con.execute("PRAGMA query_only = ON")
        before = s.snapshot()
        with pytest.raises(StorageError) as e:
            s.submit(ROUND[0])
        assert e.value.kind == "read-only" and "make it writable" in str(e.value)
        assert s.snapshot()["game"] == before["game"]
        assert str(e.value) in s.snapshot()["notices"]
    finally:
        s.close()


def test_a_new_game_refused_by_the_disk_leaves_no_file_and_the_game_as_it_was(
    tmp_path, monkeypatch
):
    """Monkeypatched: the pointer file's write fails with ENOSPC (root ignores permission
    bits here, so the disk's refusal is simulated at that one write)."""
    s = GameService(tmp_path)
    try:
        s.new_game(START)
        before = s.snapshot()["game"]
        files = sorted((tmp_path / "games").iterdir())

        def full(name):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(s, "_point_to", full)
        with pytest.raises(StorageError, match="full"):
            s.start_game(["Eva", "Finn"])
        assert sorted((tmp_path / "games").iterdir()) == files  # no journal, wal or shm left
        assert s.snapshot()["game"] == before
    finally:
        s.close()


def test_a_read_only_state_directory_at_start_shows_the_game_and_refuses_changes(
    tmp_path, monkeypatch
):
    """Monkeypatched: the start-up write probe fails with EROFS (a read-only mount needs
    privileges the tests do not assume; test_real_filesystems.py does it where it can)."""
    path = _played(tmp_path, 2)

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(state_files.tempfile, "mkstemp", read_only)
    s = GameService(tmp_path)
    try:
        snap = s.snapshot()
        assert snap["game"]["actions"] == 3  # nothing accepted before is lost
        assert any("Read-only file system" in n for n in snap["notices"])
        with pytest.raises(StorageError) as e:
            s.submit(ROUND[2])
        assert e.value.kind == "read-only"
        assert s.snapshot()["game"]["actions"] == 3
        assert path.exists() and not (tmp_path / "damaged").exists()  # not moved: not damaged
    finally:
        s.close()


def test_the_journal_refuses_text_no_file_can_hold_and_writes_nothing(tmp_path):
    with Journal(tmp_path / "j.journal") as j:
        with pytest.raises(MalformedRecord, match="lone surrogate"):
            j.append({**START, "players": ["\ud800", "Ben"]})
        assert j.last_seq == 0
