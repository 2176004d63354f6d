"""The bounded store of sessions: a folder of session folders, oldest dropped first."""

from __future__ import annotations

import shutil
from pathlib import Path

from .session import sessions_in

#: The store's default bound, bytes: some 70 hours of the scale alone, 14 of scale and a
#: camera whose picture changes all the time (docs/blackbox.md).
DEFAULT_MAX_BYTES = 2 * 1024**3


def folder_bytes(path: Path) -> int:
    """Bytes in the files under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def prune(store: Path, max_bytes: int, *, keep: Path | None = None) -> list[Path]:
    """Drop the oldest sessions of ``store`` until it holds at most ``max_bytes``; never
    ``keep`` (the session being written), even when it alone is over. Returns the dropped."""
    sessions = sessions_in(store)
    sizes = {p: folder_bytes(p) for p in sessions}
    total = sum(sizes.values())
    dropped = []
    for p in sessions:
        if total <= max_bytes:
            break
        if keep is not None and p.resolve() == Path(keep).resolve():
            continue
        shutil.rmtree(p, ignore_errors=True)
        total -= sizes[p]
        dropped.append(p)
    return dropped
