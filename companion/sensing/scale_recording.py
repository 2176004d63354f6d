"""Raw load-cell samples and the scale recording format (``spec/scale.md``).

A recording is CSV, UTF-8: the line ``# companion scale recording v1``, optional further
``#`` lines, the header ``t_mono,channel,raw``, then one row per sample (seconds, channel
name, signed raw HX711 counts). Among the ``#`` lines this module reads two kinds of its
own, both optional notes that other readers may ignore:

- ``# profile: NAME`` names the profile the recording was made for;
- ``# notch: NAME at T`` says the beam sat on notch ``NAME`` from ``T`` (seconds, the
  recording's clock). Torque is about the pivot, so sensing needs to know where it is;
  without such a line it is the middle notch.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from ..errors import CompanionError
from ..profile import CHANNELS

MAGIC = "# companion scale recording v1"
HEADER = ("t_mono", "channel", "raw")
#: The codes an HX711 returns when its input is out of range (24-bit two's complement).
SATURATION_CODES: frozenset[int] = frozenset({0x7FFFFF, -0x800000})
RAW_MIN, RAW_MAX = -0x800000, 0x7FFFFF
_NOTCH_NOTE = re.compile(r"#\s*notch:\s*(\w+)\s+at\s+(\S+)\s*$")
_PROFILE_NOTE = re.compile(r"#\s*profile:\s*(\S+)\s*$")


class MalformedRecording(CompanionError, ValueError):
    """A scale recording that does not follow the format: which line and what is wrong."""


@dataclass(frozen=True, slots=True)
class RawSample:
    """One HX711 reading: ``t_mono`` (seconds), the channel name, raw signed counts."""

    t_mono: float
    channel: str
    raw: int


@dataclass(slots=True)
class Recording:
    """A parsed recording: samples in file order, notes, notch changes ``(t_mono, notch)``."""

    samples: list[RawSample]
    notes: list[str] = field(default_factory=list)
    notches: list[tuple[float, str]] = field(default_factory=list)
    profile: str | None = None


def write_recording(
    out: TextIO,
    samples: Iterable[RawSample],
    *,
    profile: str | None = None,
    notes: Iterable[str] = (),
    notches: Iterable[tuple[float, str]] = (),
) -> int:
    """Write a recording to the text stream ``out``; returns the number of samples."""
    out.write(MAGIC + "\n")
    if profile:
        out.write(f"# profile: {profile}\n")
    for note in notes:
        for line in str(note).splitlines():
            out.write(f"# {line}\n")
    for t, notch in notches:
        out.write(f"# notch: {notch} at {t:.6f}\n")
    out.write(",".join(HEADER) + "\n")
    n = 0
    for s in samples:
        out.write(f"{s.t_mono:.6f},{s.channel},{int(s.raw)}\n")
        n += 1
    return n


def read_recording(source: str | Path | TextIO, *, channels=CHANNELS) -> Recording:
    """Parse a recording (a path or an open text stream); ``MalformedRecording`` names the
    line and what is wrong with it."""
    if isinstance(source, str | Path):
        try:
            with Path(source).open(encoding="utf-8", newline="") as f:
                return read_recording(f, channels=channels)
        except UnicodeDecodeError as e:
            raise MalformedRecording(f"{source}: not UTF-8 text ({e.reason})") from e
    lines = iter(source)
    first = next(lines, "").rstrip("\r\n")
    if first.strip() != MAGIC:
        raise MalformedRecording(
            f"line 1: a scale recording begins with {MAGIC!r}, not {first[:60]!r}"
        )
    rec = Recording(samples=[])
    number = 1
    header_seen = False
    for raw_line in lines:
        number += 1
        line = raw_line.rstrip("\r\n")
        if not header_seen:
            if line.startswith("#"):
                _read_note(line, number, rec)
                continue
            if tuple(c.strip() for c in line.split(",")) != HEADER:
                raise MalformedRecording(
                    f"line {number}: expected the header {','.join(HEADER)!r}, not {line[:60]!r}"
                )
            header_seen = True
            continue
        if not line.strip():
            continue
        rec.samples.append(_parse_row(line, number, channels))
    if not header_seen:
        raise MalformedRecording(f"line {number}: the header {','.join(HEADER)!r} is missing")
    return rec


def _read_note(line: str, number: int, rec: Recording) -> None:
    if m := _NOTCH_NOTE.match(line):
        name, t = m.group(1), m.group(2)
        try:
            rec.notches.append((float(t), name))
        except ValueError:
            raise MalformedRecording(f"line {number}: notch time {t!r} is not a number") from None
    elif m := _PROFILE_NOTE.match(line):
        rec.profile = m.group(1)
    else:
        rec.notes.append(line[1:].strip())


def _parse_row(line: str, number: int, channels) -> RawSample:
    row = next(csv.reader(io.StringIO(line)))
    if len(row) != 3:
        raise MalformedRecording(
            f"line {number}: expected 3 fields t_mono,channel,raw, got {len(row)}: {line[:60]!r}"
        )
    t_text, channel, raw_text = (c.strip() for c in row)
    try:
        t = float(t_text)
    except ValueError:
        raise MalformedRecording(
            f"line {number}: t_mono {t_text!r} is not a number of seconds"
        ) from None
    if not math.isfinite(t):
        raise MalformedRecording(f"line {number}: t_mono {t_text!r} is not a finite number")
    if channel not in channels:
        raise MalformedRecording(
            f"line {number}: unknown channel {channel!r} (allowed: {', '.join(channels)})"
        )
    try:
        raw = int(raw_text)
    except ValueError:
        raise MalformedRecording(
            f"line {number}: raw {raw_text!r} is not an integer count"
        ) from None
    if not RAW_MIN <= raw <= RAW_MAX:
        raise MalformedRecording(
            f"line {number}: raw {raw} is outside the HX711's 24-bit range {RAW_MIN}..{RAW_MAX}"
        )
    return RawSample(t, channel, raw)


def estimate_rate_sps(samples: list[RawSample], *, channel: str = "wedge") -> float | None:
    """Samples per second of one channel (median interval), or None with too few."""
    times = [s.t_mono for s in samples if s.channel == channel][:2001]
    gaps = sorted(b - a for a, b in itertools.pairwise(times) if b > a)
    if len(gaps) < 3:
        return None
    return 1.0 / gaps[len(gaps) // 2]
