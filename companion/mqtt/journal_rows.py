"""Reading a game's journal rows after a given ``seq``, beside the referee that writes it.

A second, read-only SQLite connection (``query_only``) on the journal file: WAL lets it
read every committed row while the referee appends, and it never takes the writer's
lock. The file is first opened as a :class:`~companion.journal.Journal` to check it is
a journal of the schema this reads.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..journal import Journal


@dataclass(frozen=True, slots=True)
class JournalRow:
    """One row as published: ``seq``, ``kind`` (``action``/``undo``), ``t_wall`` (UTC ISO
    8601) and ``record`` (the parsed payload)."""

    seq: int
    kind: str
    t_wall: str
    record: dict[str, Any]


class JournalRows:
    """Rows of one journal file, read in order (``after``) without disturbing its writer."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        with Journal(self.path, readonly=True):  # JournalError: not a journal we read
            pass
        self._con = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._con.execute("PRAGMA query_only = ON")
        first = self.after(0, limit=1)
        self.game = str(first[0].record.get("game")) if first else None

    def after(self, seq: int, *, limit: int) -> list[JournalRow]:
        """Up to ``limit`` rows with a ``seq`` above ``seq``, in order."""
        cur = self._con.execute(
            "SELECT seq, kind, t_wall, payload FROM journal WHERE seq > ? ORDER BY seq LIMIT ?",
            (seq, limit),
        )
        return [JournalRow(s, k, t, json.loads(p)) for s, k, t, p in cur]

    def last(self) -> tuple[int, str | None]:
        """The last row's ``seq`` (0: none) and ``t_wall``."""
        row = self._con.execute(
            "SELECT seq, t_wall FROM journal ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        return (row[0], row[1]) if row else (0, None)

    def close(self) -> None:
        self._con.close()
