"""The state directory's files around the journals: whether it takes a write, which
journal ``current`` names, and moving an unreadable journal aside whole.

Layout (``STATE_DIR``): ``games/<id>.journal`` (one per game, with SQLite's ``-wal`` and
``-shm`` beside it while open), ``games/index.sqlite`` (the history's cache),
``current`` (the name of the game under way's journal), ``damaged/`` (journals that could
not be read, moved there whole and stamped with the time; nothing is ever deleted).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from ..errors import StorageError, reason
from ..i18n.message import msg
from ..journal import storage_error

GAME_ID = re.compile(r"\d{8}-\d{6}-[0-9a-f]{6}")
JOURNAL_NAME = re.compile(GAME_ID.pattern + r"\.journal")
SQLITE_SIDE_FILES = ("-wal", "-shm")


def write_json_whole(
    path: Path, data: object, *, mode: int = 0o644, sort_keys: bool = False
) -> None:
    """Replace ``path`` whole with ``data`` as JSON (write a ``.tmp`` beside it, fsync,
    rename), so a crash leaves the old file or the new one, never half of one. The file
    gets ``mode`` (0o600 for secrets); keys stay in their order unless ``sort_keys``.
    ``OSError`` when the directory takes no write."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=sort_keys, ensure_ascii=False)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)


def probe_writable(games: Path) -> StorageError | None:
    """Make ``games`` if need be and write (and sync) a byte there; None when that
    works, else the :class:`StorageError` that says why and what to do."""
    try:
        games.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=games, prefix=".probe-")
        try:
            os.write(fd, b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
            Path(probe).unlink()
    except OSError as e:
        return storage_error(e, games) or StorageError(
            msg(
                "{place} cannot be written ({words}): nothing can be recorded. Make the"
                " state directory writable, then restart the companion",
                place=str(games),
                words=reason(e),
            ),
            kind="io",
        )
    return None


def read_current(current: Path) -> tuple[str | None, str | None]:
    """(the journal name ``current`` holds, None) or (None, why there is none in words,
    or None when there simply is no ``current`` file)."""
    try:
        name = current.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as e:
        return None, f"cannot read {current} ({reason(e)})"
    if not JOURNAL_NAME.fullmatch(name):
        return None, f"{current} names {name[:80]!r}, not a game journal"
    return name, None


def is_empty(path: Path, *, wal: bool = True) -> bool:
    """``path`` is missing or holds nothing, nor (with ``wal``) does its ``-wal``: a
    journal cut to zero bytes."""
    files = [path, Path(f"{path}-wal")] if wal else [path]
    return all(not f.exists() or f.stat().st_size == 0 for f in files)


def new_journal_name(games_dir: Path, now: datetime) -> str:
    """The file name of a new game's journal: ``YYYYMMDD-HHMMSS-xxxxxx.journal`` (UTC),
    whose id sorts after every journal already in ``games_dir``, also one started in the
    same second: the six hex digits start with the milliseconds (three digits, 000-3e7),
    then three random ones; a name that would not sort last takes the last one's suffix
    plus one."""
    stamp = now.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    suffix = int(f"{now.microsecond // 1000:03x}{secrets.token_hex(2)[:3]}", 16)
    try:
        same_second = [
            int(f.name[16:22], 16)
            for f in games_dir.glob(f"{stamp}-*.journal")
            if JOURNAL_NAME.fullmatch(f.name)
        ]
    except OSError:
        same_second = []
    if same_second and max(same_second) >= suffix:
        suffix = max(same_second) + 1
    return f"{stamp}-{suffix:06x}.journal"


def move_aside(state_dir: Path, journal: Path) -> Path:
    """Move ``journal`` with its ``-wal`` and ``-shm`` into ``state_dir/damaged/`` under
    the time (UTC) and its own name; return where the journal file went. The ``-wal``
    goes first, so the file is whole wherever it lands. Raises ``OSError``."""
    damaged = state_dir / "damaged"
    damaged.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    dest = damaged / f"{stamp}-{journal.name}"
    for suffix in (*SQLITE_SIDE_FILES, ""):
        src = Path(f"{journal}{suffix}")
        if src.exists():
            src.replace(Path(f"{dest}{suffix}"))
    return dest


def remove_unaccepted(journal: Path) -> None:
    """Remove a journal this companion just made for a game it then could not start
    (its start was never accepted), with its side files; what is not there is fine."""
    for suffix in ("", *SQLITE_SIDE_FILES):
        with contextlib.suppress(OSError):
            Path(f"{journal}{suffix}").unlink()
