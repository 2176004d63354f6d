"""The journal: an append-only SQLite file with one row per accepted action.

The journal is the one source of truth of a game at the table: the game's state is
the fold of its journal. It is game-agnostic: it stores record objects (the dicts of
the record format, ``spec/hinkel-stein-record.md``; the first one is the game's
``start``) and never checks a rule. The caller checks an action with the engine
*before* :meth:`Journal.append`, and shows it to the players only after ``append``
returns, which it does once the row is durably committed (WAL, ``synchronous=FULL``).
Killing the process mid-append loses at most the action being written.

Nothing is ever deleted: :meth:`Journal.undo` appends a correction row, and
:meth:`Journal.records` folds the rows into the effective record, which
:meth:`Journal.export_jsonl` writes as JSON Lines for ``companion replay``.

Each row: ``seq`` (1, 2, 3, ... without gaps), ``t_mono`` (monotonic clock, seconds;
comparable only within one boot), ``t_wall`` (UTC, ISO 8601 with offset, milliseconds),
``kind`` (``action`` or ``undo``) and ``payload`` (JSON text: the record object, key
order kept, or ``{"count": n}`` for an undo).

One writer: a journal file has exactly one :class:`Journal` that appends (the
referee's). Its methods hold a lock, so that object may be shared between threads.
Anyone else (the dashboard, an audit, ``companion replay``) opens the file with
``readonly=True``, in any thread or process, and sees every committed row.

    >>> with Journal("game.journal") as j:          # doctest: +SKIP
    ...     j.append({"type": "start", "game": "hinkel-stein", ...})
    1
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from .errors import JournalError, MalformedRecord, StorageError
from .i18n.message import msg

SCHEMA_VERSION = 1
APPLICATION = "table-companion-journal"
SQLITE_HEADER = b"SQLite format 3\x00"
ACTION, UNDO = "action", "undo"

_SCHEMA = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE journal (
    seq     INTEGER PRIMARY KEY,
    t_mono  REAL NOT NULL,
    t_wall  TEXT NOT NULL,
    kind    TEXT NOT NULL CHECK (kind IN ('{ACTION}', '{UNDO}')),
    payload TEXT NOT NULL
);
INSERT INTO meta VALUES ('application', '{APPLICATION}');
INSERT INTO meta VALUES ('schema_version', '{SCHEMA_VERSION}');
"""


@dataclass(frozen=True, slots=True)
class Row:
    """One journal row as stored: nothing folded, nothing left out.

    ``t_mono`` is in seconds (monotonic clock of the machine that wrote it),
    ``t_wall`` an ISO 8601 UTC time with offset, ``payload`` the parsed JSON object.
    """

    seq: int
    t_mono: float
    t_wall: str
    kind: str
    payload: dict[str, Any]


_FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT}
_READONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}


def storage_kind(e: BaseException) -> str | None:
    """``"full"``, ``"read-only"`` or ``"io"`` when ``e`` (an ``sqlite3.Error`` or an
    ``OSError``) says the disk refused a write; None for any other error."""
    if isinstance(e, StorageError):
        return e.kind
    if isinstance(e, sqlite3.Error):
        name = getattr(e, "sqlite_errorname", "") or ""
        if name.startswith("SQLITE_FULL"):
            return "full"
        if name.startswith("SQLITE_READONLY"):
            return "read-only"
        if name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN")):
            return "io"
        return None
    if isinstance(e, OSError) and not isinstance(e, JournalError):
        if e.errno in _FULL_ERRNOS:
            return "full"
        if e.errno in _READONLY_ERRNOS:
            return "read-only"
        if e.errno == errno.EIO:
            return "io"
    return None


def storage_error(e: BaseException, where: str | os.PathLike[str]) -> StorageError | None:
    """A :class:`StorageError` that says in words what to do about ``e`` when it is a
    refused write (see :func:`storage_kind`) to ``where`` (a file or directory); else None."""
    kind = storage_kind(e)
    if kind is None:
        return None
    words = getattr(e, "strerror", None) or str(e)
    place = str(where)
    if kind == "full":
        text = msg(
            "the disk holding {place} is full ({words}): nothing was recorded. Free some"
            " space (export old games and move them off the companion), then try again",
            place=place,
            words=words,
        )
    elif kind == "read-only":
        text = msg(
            "{place} cannot be written ({words}): nothing was recorded. The state"
            " directory or its file system is read-only: make it writable (check the"
            " SD card with `companion doctor`), then restart the companion",
            place=place,
            words=words,
        )
    else:
        text = msg(
            "the disk failed on {place} ({words}): nothing was recorded. Check the SD"
            " card (`companion doctor`) and restart the companion",
            place=place,
            words=words,
        )
    return StorageError(text, kind=kind)


def record_text(record: dict[str, Any]) -> str:
    """``record`` as the JSON text a journal row stores; :class:`MalformedRecord` when it
    is not a JSON object that survives a round trip, or holds text that is not valid
    Unicode (a lone surrogate). Lets a caller check a record before any file exists."""
    if not isinstance(record, dict):
        raise MalformedRecord(
            msg("a record is a JSON object (dict), not {kind}", kind=type(record).__name__)
        )
    try:
        text = json.dumps(record, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        bad = e.object[e.start : e.end]
        raise MalformedRecord(
            msg("record holds text that is not valid Unicode ({bad!r}, a lone surrogate)", bad=bad)
        ) from e
    except (TypeError, ValueError) as e:
        raise MalformedRecord(
            msg("record cannot be stored as JSON: {reason}", reason=str(e))
        ) from e
    if json.loads(text) != record:
        raise MalformedRecord(
            msg("record does not survive JSON unchanged: {record!r}", record=record)
        )
    return text


def is_journal(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` is a file that starts with the 16-byte SQLite header.

    A cheap sniff for ``companion replay`` to tell a journal from a JSONL record; it
    does not prove the file is *our* journal (opening it does that).
    """
    try:
        with Path(path).open("rb") as f:
            return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


class Journal:
    """An open journal file; see the module docstring for what it promises.

    ``Journal(path)`` creates the file if it does not exist (its directory must) and
    resumes it if it does: the next ``seq`` follows the last one stored. With
    ``create=False`` a missing file is an error; ``readonly=True`` implies it and
    refuses ``append`` and ``undo``. ``clock_mono`` returns monotonic seconds and
    ``clock_wall`` POSIX seconds (UTC); tests pass fixed clocks. ``timeout_s`` is how
    long to wait for another connection's lock before giving up. ``immutable=True``
    (implies ``readonly``) reads a file that nothing can change while it is open, such
    as one on a read-only file system, where SQLite could not make the WAL's index.

    Raises :class:`JournalError` naming the file when it cannot be opened or is not a
    journal of a schema this version reads.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        create: bool = True,
        readonly: bool = False,
        immutable: bool = False,
        clock_mono: Callable[[], float] = time.monotonic,
        clock_wall: Callable[[], float] = time.time,
        timeout_s: float = 5.0,
    ) -> None:
        self.path = Path(path)
        self.readonly = readonly = readonly or immutable
        self._immutable = immutable
        self._clock_mono = clock_mono
        self._clock_wall = clock_wall
        self._lock = threading.Lock()
        self._con: sqlite3.Connection | None = None
        self._effective: tuple[int, int] = (-1, 0)  # (seq, effective length then): undo's cache
        self._con = self._connect(create=create and not readonly, timeout_s=timeout_s)

    # -- opening -------------------------------------------------------------------

    def _fail(self, what: str) -> JournalError:
        """The error ``journal 'PATH': what`` (``what`` a message or plain English)."""
        return JournalError(msg("journal {path!r}: {what}", path=str(self.path), what=what))

    def _connect(self, *, create: bool, timeout_s: float) -> sqlite3.Connection:
        p = self.path
        if p.is_dir():
            raise self._fail(msg("is a directory, not a journal file"))
        if not p.exists():
            if not create:
                raise self._fail(msg("no such file"))
            if not p.parent.is_dir():
                raise self._fail(
                    msg("cannot create it: directory {dir!r} does not exist", dir=str(p.parent))
                )
        elif p.stat().st_size and not is_journal(p):
            raise self._fail(msg("not a journal: the file is not an SQLite database"))
        try:
            target = f"{p.resolve().as_uri()}?mode=ro&immutable=1" if self._immutable else p
            con = sqlite3.connect(
                target,
                timeout=timeout_s,
                isolation_level=None,
                check_same_thread=False,
                uri=self._immutable,
            )
        except sqlite3.Error as e:
            raise storage_error(e, p) or self._fail(
                msg("cannot open it: {reason}", reason=str(e))
            ) from e
        try:
            self._prepare(con)
        except BaseException:
            con.close()
            raise
        return con

    def _prepare(self, con: sqlite3.Connection) -> None:
        try:
            con.execute("PRAGMA synchronous = FULL")
            if self.readonly:
                con.execute("PRAGMA query_only = ON")
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
            if not tables and not self.readonly:
                self._wal(con)
                try:
                    con.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} COMMIT;")
                except sqlite3.Error as e:
                    why = storage_error(e, self.path)
                    if why is None:
                        raise
                    raise why from e
                return
            if "meta" not in tables:
                if tables:
                    raise self._fail(
                        msg("not a journal: an SQLite database without a 'meta' table")
                    )
                raise self._fail(msg("not a journal: an empty file"))
            meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error as e:
            raise storage_error(e, self.path) or self._fail(
                msg("cannot read it: {reason}", reason=str(e))
            ) from e
        if meta.get("application") != APPLICATION:
            raise self._fail(
                msg(
                    "not a journal: meta says application={application!r}",
                    application=meta.get("application"),
                )
            )
        version = meta.get("schema_version")
        if version != str(SCHEMA_VERSION):
            newer = version is not None and version.isdigit() and int(version) > SCHEMA_VERSION
            if newer:
                why = msg(
                    "written by a newer companion: schema version {version!r}, this companion"
                    " reads {reads}",
                    version=version,
                    reads=SCHEMA_VERSION,
                )
            else:
                why = msg(
                    "unknown schema: schema version {version!r}, this companion reads {reads}",
                    version=version,
                    reads=SCHEMA_VERSION,
                )
            raise self._fail(why)
        if "journal" not in tables:
            raise self._fail(msg("damaged: the 'journal' table is missing"))
        if not self.readonly:
            self._wal(con)

    def _wal(self, con: sqlite3.Connection) -> None:
        try:
            mode = con.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.Error as e:
            why = storage_error(e, self.path)
            raise why or self._fail(
                msg("cannot switch to WAL mode: {reason}", reason=str(e))
            ) from e
        if mode.lower() != "wal":
            raise self._fail(msg("SQLite refused WAL mode here (got {mode!r})", mode=mode))

    # -- writing -------------------------------------------------------------------

    def append(self, record: dict[str, Any]) -> int:
        """Store one accepted action's record object; return its ``seq`` once durable.

        The first record of a journal must be a ``start`` record. ``record`` is stored
        as JSON exactly as given (key order kept); it must survive a JSON round trip
        unchanged and be valid Unicode text, else :class:`MalformedRecord` (a
        ``ValueError``). A disk that refuses the write raises :class:`StorageError` and
        leaves the journal as it was.
        """
        return self._write([(ACTION, record_text(record), record, 0)])

    def undo(self, count: int = 1) -> int:
        """Take back the last ``count`` effective actions by appending a correction row.

        Returns the correction's ``seq``. An undo is not an action: a later undo takes
        back earlier actions, never an undo. The ``start`` record cannot be undone;
        asking for more than there is after it raises :class:`JournalError`.
        """
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"undo count must be a whole number >= 1, not {count!r}")
        return self._write([(UNDO, json.dumps({"count": count}), None, count)])

    def replace_last(self, record: dict[str, Any]) -> int:
        """Take back the last action and append ``record`` in its place, in one
        transaction (both rows are stored, or neither); return the new action's ``seq``."""
        text = record_text(record)
        return self._write([(UNDO, json.dumps({"count": 1}), None, 1), (ACTION, text, record, 0)])

    def _write(self, rows: list[tuple[str, str, dict[str, Any] | None, int]]) -> int:
        """Store ``rows`` (kind, payload text, record or None, undo count) in one
        transaction; return the last one's ``seq``."""
        with self._lock:
            con = self._open_con()
            if self.readonly:
                raise StorageError(
                    msg(
                        "journal {path!r}: opened read-only: cannot append (nothing was"
                        " recorded; the state directory could not be written when the"
                        " companion started: make it writable, then restart the companion)",
                        path=str(self.path),
                    ),
                    kind="read-only",
                )
            try:
                con.execute("BEGIN IMMEDIATE")
                last = con.execute("SELECT COALESCE(MAX(seq), 0) FROM journal").fetchone()[0]
                first = rows[0][2]
                if last == 0 and first is not None and first.get("type") != "start":
                    raise MalformedRecord(
                        msg(
                            "the first record of a journal is a 'start', not {kind!r}",
                            kind=first.get("type"),
                        )
                    )
                cached_seq, n = self._effective
                n = 0 if last == 0 else n if cached_seq == last else None
                seq = last
                for kind, text, _, count in rows:
                    if kind == UNDO:
                        if n is None:
                            n = len(self._fold(con))
                        undoable = max(n - 1, 0)
                        if count > undoable:
                            raise self._fail(
                                msg(
                                    "cannot undo {count} action(s): only {left} after the start",
                                    count=count,
                                    left=undoable,
                                )
                            )
                    seq += 1
                    con.execute(
                        "INSERT INTO journal VALUES (?, ?, ?, ?, ?)",
                        (seq, float(self._clock_mono()), self._wall_text(), kind, text),
                    )
                    if n is not None:
                        n = n + 1 if kind == ACTION else n - count
                con.execute("COMMIT")
            except BaseException as e:
                if con.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        con.execute("ROLLBACK")
                if isinstance(e, sqlite3.Error):
                    raise storage_error(e, self.path) or self._fail(
                        msg("cannot write: {reason}", reason=str(e))
                    ) from e
                raise
            if n is not None:  # else the cache stays stale until the next undo folds the rows
                self._effective = (seq, n)
            return seq

    def _wall_text(self) -> str:
        return datetime.fromtimestamp(self._clock_wall(), UTC).isoformat(timespec="milliseconds")

    # -- reading -------------------------------------------------------------------

    def records(self) -> list[dict[str, Any]]:
        """The effective record: the action records still in effect, in order, undos folded."""
        return [row.payload for row in self.effective_rows()]

    def effective_rows(self) -> list[Row]:
        """The action rows still in effect, in order (their ``seq`` names them in errors)."""
        with self._lock:
            return self._fold(self._open_con())

    def rows(self) -> list[Row]:
        """Every stored row, in ``seq`` order, undos and undone actions included (for audits)."""
        with self._lock:
            return list(self._rows(self._open_con()))

    @property
    def last_seq(self) -> int:
        """The ``seq`` of the last stored row; 0 for an empty journal."""
        with self._lock:
            return (
                self._open_con().execute("SELECT COALESCE(MAX(seq), 0) FROM journal").fetchone()[0]
            )

    def export_jsonl(self, target: str | os.PathLike[str] | IO[str]) -> int:
        """Write the effective record as JSON Lines; return the number of lines.

        ``target`` is an open text file, or a path that is replaced whole (written
        beside it, then renamed) so that a failed export never leaves half a record.
        """
        lines = [json.dumps(r, ensure_ascii=False) + "\n" for r in self.records()]
        if not isinstance(target, (str, os.PathLike)):
            target.writelines(lines)
            return len(lines)
        dest = Path(target)
        try:
            fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".tmp")
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                    f.writelines(lines)
                    f.flush()
                    os.fsync(f.fileno())
                Path(tmp).replace(dest)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as e:
            raise JournalError(
                msg("cannot export journal to {dest!r}: {reason}", dest=str(dest), reason=str(e))
            ) from e
        return len(lines)

    def _rows(self, con: sqlite3.Connection) -> Iterator[Row]:
        try:
            cur = con.execute("SELECT seq, t_mono, t_wall, kind, payload FROM journal ORDER BY seq")
            for seq, t_mono, t_wall, kind, payload in cur:
                try:
                    obj = json.loads(payload)
                except ValueError as e:
                    raise self._fail(
                        msg(
                            "damaged: row {seq} holds invalid JSON ({reason})",
                            seq=seq,
                            reason=str(e),
                        )
                    ) from e
                if not isinstance(obj, dict):
                    raise self._fail(
                        msg(
                            "damaged: row {seq} holds {kind}, not an object",
                            seq=seq,
                            kind=type(obj).__name__,
                        )
                    )
                yield Row(seq, t_mono, t_wall, kind, obj)
        except sqlite3.Error as e:
            raise self._fail(msg("cannot read: {reason}", reason=str(e))) from e

    def _fold(self, con: sqlite3.Connection) -> list[Row]:
        effective: list[Row] = []
        for row in self._rows(con):
            if row.kind == ACTION:
                effective.append(row)
                continue
            n = row.payload.get("count")
            if not isinstance(n, int) or not 1 <= n < len(effective):
                raise self._fail(
                    msg(
                        "damaged: row {seq} undoes {n!r} of {total}",
                        seq=row.seq,
                        n=n,
                        total=len(effective),
                    )
                )
            del effective[-n:]
        return effective

    # -- closing -------------------------------------------------------------------

    def _open_con(self) -> sqlite3.Connection:
        if self._con is None:
            raise self._fail(msg("closed"))
        return self._con

    def close(self) -> None:
        """Close the file (a no-op when already closed); the WAL is checkpointed by SQLite."""
        with self._lock:
            if self._con is not None:
                self._con.close()
                self._con = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._con is None else ("read-only" if self.readonly else "open")
        return f"Journal({str(self.path)!r}, {state})"
