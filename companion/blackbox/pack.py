"""``companion doctor pack``: the last session, its journals, logs and versions in one
archive for a bug report.

Nothing secret goes in. From the state directory only what an allow-list names is
taken: the journals of the games the session saw (``games/*.journal``, with their
``-wal`` side file) and ``current``; never the PIN, the cookie key or any pairing or
session file (``MANIFEST.json`` in the archive lists what was left out, by name).
"""

from __future__ import annotations

import contextlib
import io
import json
import platform
import sys
import tarfile
import time
from importlib import metadata
from pathlib import Path

from ..referee.state_files import JOURNAL_NAME
from .recorder import versions
from .session import EVENTS, JOURNALS, META, find_session

#: The state directory's files a pack may hold (every other file is left out).
ALLOWED_STATE_FILES = ("current", "recording.json")
#: Packages whose versions go in (what decides how a session replays).
PACKAGES = ("numpy", "opencv-python-headless", "opencv-python", "flask", "waitress")


def _games_seen(session: Path) -> list[str]:
    meta = json.loads((session / META).read_text(encoding="utf-8"))
    names = [meta["resumed"]] if meta.get("resumed") else []
    try:
        lines = (session / EVENTS).read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    for line in lines:
        try:
            ev = json.loads(line)
        except ValueError:
            continue  # a torn last line
        for key in ("game",):
            game = ev.get(key) if isinstance(ev, dict) else None
            if isinstance(game, str) and f"{game}.journal" not in names:
                names.append(f"{game}.journal")
    return [n for n in names if JOURNAL_NAME.fullmatch(n)]


def _versions() -> dict[str, str]:
    out = versions() | {"platform": platform.platform(), "argv0": Path(sys.argv[0]).name}
    for name in PACKAGES:
        with contextlib.suppress(metadata.PackageNotFoundError):
            out[name] = metadata.version(name)
    return out


def pack(store_or_session: Path, state_dir: Path, out: Path) -> dict:
    """Write the archive ``out`` (``.tar.gz``); returns its manifest."""
    session = find_session(store_or_session)
    meta = json.loads((session / META).read_text(encoding="utf-8"))
    live_state = Path(meta.get("state_dir") or state_dir)
    games = _games_seen(session)
    added: list[str] = []
    left_out = _left_out(live_state, games)
    root = f"companion-pack-{session.name}"
    with tarfile.open(out, "w:gz") as tar:
        for p in sorted(session.rglob("*")):
            if p.is_file():
                tar.add(p, f"{root}/session/{p.relative_to(session)}")
                added.append(f"session/{p.relative_to(session)}")
        for name in games:
            for suffix in ("", "-wal"):
                p = live_state / "games" / f"{name}{suffix}"
                if p.is_file():
                    tar.add(p, f"{root}/session/{JOURNALS}/{name}{suffix}")
                    added.append(f"session/{JOURNALS}/{name}{suffix}")
        for name in ALLOWED_STATE_FILES:
            p = live_state / name
            if p.is_file():
                tar.add(p, f"{root}/state/{name}")
                added.append(f"state/{name}")
        manifest = {
            "session": session.name,
            "versions": _versions(),
            "files": added,
            "left_out_of_the_state_directory": left_out,
        }
        data = (json.dumps(manifest, indent=1) + "\n").encode()
        info = tarfile.TarInfo(f"{root}/MANIFEST.json")
        info.size, info.mtime = len(data), int(time.time())
        tar.addfile(info, io.BytesIO(data))
    return manifest


def _left_out(state: Path, games: list[str]) -> list[str]:
    """The state directory's files and folders a pack leaves out, by name (the
    recordings' store is a folder of its own: only the packed session goes in)."""
    if not state.is_dir():
        return []
    out = [p.name + ("/" if p.is_dir() and p.name != "games" else "") for p in state.iterdir()
           if p.name not in ALLOWED_STATE_FILES and p.name != "games"]  # fmt: skip
    games_dir = state / "games"
    if games_dir.is_dir():
        out += [f"games/{p.name}" for p in games_dir.iterdir() if not _allowed(p, state, games)]
    return sorted(out)


def _allowed(p: Path, state: Path, games: list[str]) -> bool:
    rel = p.relative_to(state)
    if len(rel.parts) == 1:
        return rel.name in ALLOWED_STATE_FILES
    if len(rel.parts) == 2 and rel.parts[0] == "games":
        return rel.name.removesuffix("-wal") in games
    return False
