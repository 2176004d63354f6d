"""The game history: a summary per kept journal, from an index kept beside the journals.

The journals in ``STATE_DIR/games/`` stay the source of truth. ``games/index.sqlite``
caches each journal's summary (``companion replay --json``'s object, or
``{"error": reason}`` for a journal that does not replay) with the journal's file
signature (size and modification time of the file and of its ``-wal``). A page of the
history costs one directory listing (cached while the directory does not change) and at
most ``limit`` index look-ups: a journal whose signature differs from the index's, or
that the index lacks (deleted index, a journal copied in), is replayed then and its
entry stored again. The index is a cache: when it cannot be written (full or read-only
disk) the history is still served, replayed; when it is damaged it is made anew.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..records import replay_path

log = logging.getLogger("companion.history")

INDEX_FILE = "index.sqlite"
JOURNAL_SUFFIX = ".journal"
DEFAULT_LIMIT, MAX_LIMIT = 50, 500

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        TEXT PRIMARY KEY,
    signature TEXT NOT NULL,
    summary   TEXT NOT NULL
)
"""


def signature(journal: Path) -> str:
    """What changes when the journal's content may have changed: size and mtime (ns)
    of the file and of its ``-wal``; "missing" for a file that is not there."""
    parts = []
    for p in (journal, journal.with_name(journal.name + "-wal")):
        try:
            st = p.stat()
        except FileNotFoundError:
            parts.append("-")
            continue
        parts.append(f"{st.st_size}:{st.st_mtime_ns}")
    return "/".join(parts)


def summarise(journal: Path) -> dict[str, Any]:
    """Replay ``journal``: its summary, or ``{"error": reason}`` when it does not replay."""
    try:
        replayed = replay_path(journal)
        return replayed.rules.to_json(replayed.state)
    except (ValueError, OSError) as e:
        return {"error": str(e)}


class HistoryIndex:
    """The summaries of the journals in ``games_dir``, newest first (ids sort by time).

    Thread-safe. ``current`` (for :meth:`page`) gives the game under way's id and its
    summary from memory: that journal changes with every action and is never replayed
    for the history.
    """

    def __init__(self, games_dir: str | os.PathLike[str]) -> None:
        self.games_dir = Path(games_dir)
        self.path = self.games_dir / INDEX_FILE
        self._lock = threading.Lock()
        self._listing: tuple[int, list[str]] | None = None  # (dir mtime_ns, ids newest first)
        self._con: sqlite3.Connection | None = None
        self._open()

    # -- the index file ---------------------------------------------------------------

    def _open(self) -> None:
        try:
            self._con = self._connect()
            return
        except sqlite3.Error as e:
            if not self._damaged(e):
                log.warning("history index %s unusable (%s): replaying journals", self.path, e)
                return
            log.warning("history index %s damaged (%s): making it anew", self.path, e)
        for suffix in ("", "-wal", "-shm"):  # a cache, never a journal: made anew
            with contextlib.suppress(OSError):
                Path(f"{self.path}{suffix}").unlink()
        try:
            self._con = self._connect()
        except sqlite3.Error as e:
            log.warning("history index %s unusable (%s): replaying journals", self.path, e)

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            con.execute("PRAGMA journal_mode = WAL")
            con.execute("PRAGMA synchronous = NORMAL")  # a cache: a lost update is replayed
            con.execute(_SCHEMA)
        except BaseException:
            con.close()
            raise
        return con

    @staticmethod
    def _damaged(e: sqlite3.Error) -> bool:
        name = getattr(e, "sqlite_errorname", "") or ""
        return name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT"))

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
                self._con = None

    def _lookup(self, game_id: str) -> tuple[str, str] | None:
        if self._con is None:
            return None
        try:
            return self._con.execute(
                "SELECT signature, summary FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        except sqlite3.Error as e:
            log.warning("history index: cannot read %s: %s", game_id, e)
            return None

    def _store(self, game_id: str, sig: str, summary: dict[str, Any]) -> None:
        if self._con is None:
            return
        try:
            self._con.execute(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?)",
                (game_id, sig, json.dumps(summary, ensure_ascii=False)),
            )
        except sqlite3.Error as e:  # full or read-only disk: served by replay meanwhile
            log.warning("history index: cannot store %s: %s", game_id, e)

    # -- reading and keeping it up to date ----------------------------------------------

    def ids(self) -> list[str]:
        """Every kept journal's id, newest first (listed again when the directory changed)."""
        try:
            mtime = self.games_dir.stat().st_mtime_ns
        except OSError:
            return []
        cached = self._listing
        if cached is not None and cached[0] == mtime:
            return cached[1]
        with os.scandir(self.games_dir) as entries:
            ids = sorted(
                (
                    e.name[: -len(JOURNAL_SUFFIX)]
                    for e in entries
                    if e.name.endswith(JOURNAL_SUFFIX) and e.is_file()
                ),
                reverse=True,
            )
        self._listing = (mtime, ids)
        return ids

    def forget_listing(self) -> None:
        """List the directory afresh next time (a journal was just added: its directory's
        modification time may not have moved within the file system's clock tick)."""
        self._listing = None

    def summary(self, game_id: str) -> dict[str, Any]:
        """The summary of the kept game ``game_id``: from the index when its journal is
        unchanged since, else replayed (and stored)."""
        journal = self.games_dir / f"{game_id}{JOURNAL_SUFFIX}"
        with self._lock:
            sig = signature(journal)
            row = self._lookup(game_id)
            if row is not None and row[0] == sig:
                return json.loads(row[1])
            summary = summarise(journal)
            self._store(game_id, signature(journal), summary)  # after replay: a checkpoint
            return summary  # on close may have changed the file

    def record(self, game_id: str, summary: dict[str, Any]) -> None:
        """Store ``summary`` for ``game_id`` as its journal is now (the service calls this
        when a game stops being the one under way)."""
        journal = self.games_dir / f"{game_id}{JOURNAL_SUFFIX}"
        with self._lock:
            self._store(game_id, signature(journal), summary)

    def page(
        self,
        *,
        limit: int = DEFAULT_LIMIT,
        before: str | None = None,
        current: tuple[str, Callable[[], dict[str, Any]]] | None = None,
    ) -> dict[str, Any]:
        """One page of the history, newest first: ``{"games": [{"id", "current",
        "summary"}, ...], "next": id or None}``; ``next`` is the ``before`` of the next
        page. ``before`` lists only games older than that id."""
        if self._con is None:  # unusable when the service started (a full disk): try again
            with self._lock:
                if self._con is None:
                    self._open()
        ids = self.ids()
        if before is not None:
            ids = [i for i in ids if i < before]
        page, more = ids[:limit], len(ids) > limit
        games = []
        for game_id in page:
            here = current is not None and game_id == current[0]
            summary = current[1]() if here else self.summary(game_id)
            games.append({"id": game_id, "current": here, "summary": summary})
        return {"games": games, "next": page[-1] if more and page else None}
