"""A session made from nothing but a scale CSV and a ``start`` line (and, optionally,
tablet inputs at given times and a video of the table), so that a recording made
elsewhere (another simulator, a bench rig) runs through the whole referee.

A video is copied into the session (``video`` plus its suffix); its frames are read
through the camera's vision pipeline at their time stamps, ``video_offset_s`` after the
CSV's time 0.

``START.json`` is JSON Lines: the first line the game's start record (as a journal or
``companion replay`` takes it); any further line ``{"t": SECONDS, "record": {...}}``
is a tablet input (an action record) entered at that time on the CSV's clock. The
session's events then say when each input came (after the samples up to that time).
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

from ..profile import default_profile, load_profile, profile_to_toml
from ..sensing.scale_recording import (
    MalformedRecording,
    estimate_rate_sps,
    read_recording,
    write_recording,
)
from .recorder import versions
from .session import EVENTS, FORMAT, META, SCALE, SessionError, is_session


def _inputs(start_file: Path) -> list[dict]:
    try:
        lines = [ln for ln in start_file.read_text(encoding="utf-8").splitlines() if ln.strip()]
    except OSError as e:
        raise SessionError(f"{start_file}: cannot read the start line ({e.strerror or e})") from e
    out = []
    for number, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
        except ValueError as e:
            raise SessionError(f"{start_file}: line {number}: not JSON ({e})") from e
        if number == 1:
            if not isinstance(obj, dict) or obj.get("type") != "start":
                raise SessionError(
                    f"{start_file}: line 1 must be a start record"
                    ' ({"type": "start", "game": ..., "players": [...], ...})'
                )
            out.append({"t": float("-inf"), "m": "new_game", "args": [obj]})
            continue
        if not (isinstance(obj, dict) and isinstance(obj.get("t"), int | float)
                and isinstance(obj.get("record"), dict)):  # fmt: skip
            form = '{"t": SECONDS, "record": {...}}'
            raise SessionError(f"{start_file}: line {number}: a tablet input is {form}")
        out.append({"t": float(obj["t"]), "m": "submit", "args": [obj["record"]]})
    if not out:
        raise SessionError(f"{start_file}: empty; the first line is the game's start record")
    return out


def session_from_csv(
    csv: str | Path,
    start: str | Path,
    dest: Path | None = None,
    *,
    profile: str | None = None,
    video: str | Path | None = None,
    video_offset_s: float = 0.0,
) -> Path:
    """Write a session folder for ``csv`` and ``start`` (``dest``, default ``CSV.session``
    beside the CSV, replaced if it is such a session already); returns it."""
    csv, start = Path(csv), Path(start)
    if video is not None and not Path(video).is_file():
        raise SessionError(f"{video}: no such video file")
    try:
        rec = read_recording(csv)
    except MalformedRecording as e:
        raise SessionError(f"{csv}: {e}") from e
    except OSError as e:
        raise SessionError(f"{csv}: cannot read ({e.strerror or e})") from e
    inputs = _inputs(start)
    prof = load_profile(profile or rec.profile) if (profile or rec.profile) else default_profile()
    dest = dest or csv.with_suffix(".session")
    if dest.exists():
        if not (is_session(dest) and _made_from_csv(dest)):
            raise SessionError(f"{dest}: exists and is not a session made from a CSV; name another")
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    meta = {
        "format": FORMAT,
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "source": "csv",
        "made_from": csv.name,
        "profile": prof.name,
        "profile_toml": profile_to_toml(prof),
        "rate_sps": estimate_rate_sps(rec.samples),
        "notch": "middle",
        "notches": [[t, n] for t, n in rec.notches],
        "resumed": None,
        "state_dir": None,
        "versions": versions(),
        "video": f"video{Path(video).suffix}" if video is not None else None,
        "video_offset_s": video_offset_s,
    }
    if video is not None:
        shutil.copyfile(video, dest / meta["video"])
    (dest / META).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    with (dest / SCALE).open("w", encoding="utf-8", newline="\n") as f:
        write_recording(f, rec.samples, profile=rec.profile, notes=rec.notes)
    times = [s.t_mono for s in rec.samples]
    with (dest / EVENTS).open("w", encoding="utf-8", newline="\n") as f:
        for ev in inputs:
            n = sum(1 for t in times if t <= ev["t"])
            f.write(json.dumps({"k": "in", "n": n, "t": max(ev["t"], 0.0), **{
                k: ev[k] for k in ("m", "args")}}) + "\n")  # fmt: skip
    return dest


def _made_from_csv(path: Path) -> bool:
    try:
        return json.loads((path / META).read_text(encoding="utf-8")).get("source") == "csv"
    except (OSError, ValueError):
        return False
