"""The files of one session recording, and reading them back.

A session is a folder:

- ``session.json``: written once, whole, at the start: ``format``, ``started`` (UTC),
  ``source`` (``run``, ``demo``, ``csv``), ``profile`` (name) and ``profile_toml`` (the
  calibration in force, as ``companion calibrate scale`` writes it), ``rate_sps`` (null:
  the profile's), ``notch`` (the scale sensing's pivot at the start), ``resumed`` (the
  journal file of a game under way at the start, copied as ``resume.journal``),
  ``state_dir`` (where that evening's journals are), ``versions``;
- ``scale.csv``: the raw HX711 samples in the order the sensing took them, in the
  scale recording format (``spec/scale.md``);
- ``events.jsonl``: everything else the referee was told, one JSON object a line, in the
  order it happened: ``k`` the kind, ``n`` the samples the sensing had taken by then,
  ``t`` seconds on the table's clock (see ``recorder``);
- ``frames/NNNNNN.jpg``: camera frames (only when the picture changed);
- ``log.txt``: the companion's log while the session was recorded;
- ``journals/``: copies of that evening's journals (``companion doctor pack``).

Appended lines reach the disk at bounded intervals; a power cut or ``kill -9`` may tear
the last line of a file: reading drops a last line without its newline.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CompanionError
from ..sensing.scale_recording import MalformedRecording, RawSample, read_recording

FORMAT = "companion session v1"
LOG = "log.txt"
META, SCALE, EVENTS, FRAMES, RESUME, JOURNALS = (
    "session.json",
    "scale.csv",
    "events.jsonl",
    "frames",
    "resume.journal",
    "journals",
)


class SessionError(CompanionError, ValueError):
    """Not a session recording, or a damaged one: which file and what is wrong."""


@dataclass
class Session:
    """A session read back: its folder, ``meta`` (``session.json``), the samples and the
    events in order; ``torn`` names files whose torn last line was dropped."""

    path: Path
    meta: dict[str, Any]
    samples: list[RawSample]
    events: list[dict[str, Any]]
    torn: list[str] = field(default_factory=list)


def is_session(path: Path) -> bool:
    return (path / META).is_file()


def sessions_in(store: Path) -> list[Path]:
    """The sessions of a store folder, oldest first (their names start with the time)."""
    if not store.is_dir():
        return []
    return sorted(p for p in store.iterdir() if p.is_dir() and is_session(p))


def find_session(path: str | Path) -> Path:
    """``path`` if it is a session, else the newest session in it (a store folder)."""
    p = Path(path)
    if not p.exists():
        raise SessionError(f"{p}: no such folder (give a session folder or a store of them)")
    if not p.is_dir():
        raise SessionError(f"{p}: not a folder (a session is a folder holding {META})")
    if is_session(p):
        return p
    found = sessions_in(p)
    if not found:
        raise SessionError(f"{p}: not a session recording (no {META}, and no session in it)")
    return found[-1]


def _whole_lines(path: Path, torn: list[str]) -> str:
    """The file's text up to its last newline (a torn last line is dropped and noted)."""
    data = path.read_bytes()
    cut = data.rfind(b"\n") + 1
    if cut < len(data):
        torn.append(path.name)
    try:
        return data[:cut].decode("utf-8")
    except UnicodeDecodeError as e:
        raise SessionError(f"{path}: not UTF-8 text ({e.reason})") from e


def read_session(path: str | Path) -> Session:
    """Read a session (``SessionError`` says which file is wrong and how)."""
    p = find_session(path)
    try:
        meta = json.loads((p / META).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SessionError(f"{p / META}: cannot read ({e})") from e
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise SessionError(f"{p / META}: not a session of the format {FORMAT!r}")
    torn: list[str] = []
    samples: list[RawSample] = []
    if (p / SCALE).exists():
        text = _whole_lines(p / SCALE, torn)
        try:
            samples = read_recording(io.StringIO(text)).samples if text else []
        except MalformedRecording as e:
            raise SessionError(f"{p / SCALE}: {e}") from e
    events: list[dict[str, Any]] = []
    if (p / EVENTS).exists():
        for number, line in enumerate(_whole_lines(p / EVENTS, torn).splitlines(), 1):
            try:
                ev = json.loads(line)
            except ValueError as e:
                raise SessionError(f"{p / EVENTS}: line {number}: not JSON ({e})") from e
            if not isinstance(ev, dict) or "k" not in ev:
                raise SessionError(f"{p / EVENTS}: line {number}: an event needs a kind 'k'")
            events.append(ev)
    return Session(p, meta, samples, events, torn)
