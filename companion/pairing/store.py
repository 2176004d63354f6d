"""The table PIN and the live sessions, in one file of the state directory.

``pairing.json`` (mode 0600) holds the current PIN, a generation (bumped when
``companion pin --reset`` ends every session) and the sessions: for each, the SHA-256
of its random id (the cookie holds the id; the file never does), how it was paired,
from where and when. Every write replaces the file whole (write, fsync, rename) under
an ``flock``, so that ``companion pin --reset`` in another process and the server never
lose each other's changes. The server reads the file (a few hundred bytes) on every
check and parses it again when its bytes changed: a reset is seen at the next request
(inode and mtime alone can miss a change: inodes are reused, mtimes are coarse).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .limits import CODE_DIGITS

log = logging.getLogger("companion.pairing")

STORE_FILE, LOCK_FILE, LEGACY_PIN_FILE = "pairing.json", "pairing.lock", "pin"
FORMAT = 1
SESSION_DAYS = 30
SESSION_S = SESSION_DAYS * 24 * 3600


def new_code() -> str:
    """A fresh PIN: ``CODE_DIGITS`` decimal digits, uniformly drawn."""
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


class PairingStore:
    """The persisted PIN and sessions of ``state_dir``. Thread-safe; ``wall`` gives
    seconds since the epoch (sessions end ``SESSION_S`` after pairing)."""

    def __init__(self, state_dir: Path, *, wall: Callable[[], float] = time.time) -> None:
        self.path = Path(state_dir) / STORE_FILE
        self._lock_path = Path(state_dir) / LOCK_FILE
        self._wall = wall
        self._lock = threading.Lock()
        self._raw: bytes | None = None  # the file's bytes as last parsed
        self._data: dict[str, Any] = {}
        #: why the file cannot be written (a read-only or full state directory): then the
        #: PIN and the sessions live in this process's memory only, until it restarts
        self.problem: str | None = None
        self.write_error: str | None = None
        with self._locked():
            self._load()

    # -- the file ------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """This process's lock, then the file lock every process takes."""
        with self._lock:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:  # a read-only state directory: this process alone
                yield
                return
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)  # releases the flock

    def _read(self) -> bytes | None:
        try:
            return self.path.read_bytes()
        except FileNotFoundError:
            return None

    def _load(self) -> None:
        """Read the file if it changed since we last did (create it when missing or
        unreadable: a new PIN, no sessions). Call with the locks held."""
        if self.problem:
            return
        try:
            raw = self._read()
        except OSError:
            raw = None
        if raw is not None and raw == self._raw:
            return
        try:
            data = json.loads(raw or b"")
            ok = (
                isinstance(data, dict)
                and isinstance(data.get("code"), str)
                and len(data["code"]) == CODE_DIGITS
                and isinstance(data.get("sessions"), dict)
            )
        except ValueError:
            ok = False
        if not ok:
            self._data = {"format": FORMAT, "code": new_code(), "generation": 1, "sessions": {}}
            self._save()
            with contextlib.suppress(OSError):
                (self.path.parent / LEGACY_PIN_FILE).unlink()  # the old 4-digit PIN
            return
        self._data, self._raw = data, raw

    def _save(self) -> None:
        if self.problem:
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self._data, f, indent=1, sort_keys=True)
                f.flush()
                os.fsync(f.fileno())
            tmp.replace(self.path)
            self._raw = self._read()
        except OSError as e:
            self.write_error = f"cannot write {self.path} ({e.strerror or e})"
            self.problem = (
                f"{self.write_error}: the table PIN and the sessions are kept in memory"
                " until the companion restarts"
            )
            log.warning("%s", self.problem)

    def _fresh(self) -> dict[str, Any]:
        """The data as the file holds it now (another process may have changed it)."""
        with self._lock:
            if self.problem:
                return self._data
            try:
                unchanged = self._read() == self._raw
            except OSError:
                unchanged = False
            if unchanged:  # no need for the file lock
                return self._data
        with self._locked():
            self._load()
            return self._data

    # -- the PIN -------------------------------------------------------------------

    @property
    def code(self) -> str:
        return self._fresh()["code"]

    @property
    def generation(self) -> int:
        return self._fresh()["generation"]

    def rotate_code(self) -> str:
        """A new PIN after one was used; the sessions stay."""
        with self._locked():
            self._load()
            self._data["code"] = new_code()
            self._save()
            return self._data["code"]

    def reset(self) -> str:
        """A new PIN and no sessions: every paired tablet must pair again."""
        with self._locked():
            self._load()
            self._data = {
                "format": FORMAT,
                "code": new_code(),
                "generation": int(self._data.get("generation", 0)) + 1,
                "sessions": {},
            }
            self._save()
            return self._data["code"]

    # -- sessions ------------------------------------------------------------------

    def add_session(self, *, how: str, client: str) -> str:
        """A new session; returns its random id (for the cookie, never stored)."""
        session_id = secrets.token_urlsafe(32)
        with self._locked():
            self._load()
            now = self._wall()
            sessions = self._data["sessions"]
            for key in [k for k, s in sessions.items() if now - s["t_wall"] >= SESSION_S]:
                del sessions[key]  # expired ones go when a new one comes
            sessions[_digest(session_id)] = {"how": how, "client": client, "t_wall": now}
            self._save()
        return session_id

    def valid(self, session_id: object) -> bool:
        """``session_id`` (from a cookie) names a live session."""
        if not isinstance(session_id, str) or not session_id:
            return False
        entry = self._fresh()["sessions"].get(_digest(session_id))
        return entry is not None and self._wall() - entry["t_wall"] < SESSION_S

    def end_session(self, session_id: object) -> bool:
        """End one session (the tablet's Lock); False when it was not live."""
        if not isinstance(session_id, str) or not session_id:
            return False
        with self._locked():
            self._load()
            if self._data["sessions"].pop(_digest(session_id), None) is None:
                return False
            self._save()
            return True

    def sessions(self) -> int:
        """How many sessions are live."""
        now = self._wall()
        return sum(now - s["t_wall"] < SESSION_S for s in self._fresh()["sessions"].values())
