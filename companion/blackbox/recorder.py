"""``SessionRecorder``: writes a session (``session``) while the table plays.

The seams, each a wrapper put on one object's public methods (the objects themselves are
unchanged, and nothing is written while no session is open):

- the scale sensor (``tap_sensor``): every raw sample it takes, in order, goes to
  ``scale.csv`` (counted: ``n``), and its ``tick`` and ``set_notch`` calls to the events;
- the ``GameService`` (``tap_service``): every observation it is given (``obs``), every
  ``tick`` (``tick``) and every tablet input: ``new_game``, ``submit`` (not the sensors'
  own), ``undo``, ``boulder_done``, ``confirm`` (``in``, with its outcome), and after
  each call the warnings and the questions for the tablet when they changed (``out``).
  These are written inside the service's lock, so their order is the order the
  service saw them in, whatever thread made the call;
- the camera (``tap_frames``, or ``frame`` called directly): a JPEG (``jpeg_quality``,
  scaled down to ``frame_width_px`` across) when the picture changed (a pixel of a
  32 x 24 grey thumbnail moved by ``change_level`` grey levels or more: a stone laid or
  taken off moves at least one; a camera's noise, averaged over the thumbnail's pixel,
  does not), at most every
  ``frame_interval_s`` seconds; every other frame the camera read is an ``again`` event
  (its time, and the kept frame it looked like), so that ``replay-session --vision``
  reads as many frames, at the same times, as the live camera did. ``camera_colours``
  (a function: layout name -> colour profile file or None, set by ``tap_frames``) names
  the colour calibrations the live camera read with; each session keeps their text.

Durability: lines are appended; the files are flushed to the operating system every
``flush_s`` (a ``kill -9`` loses at most that) and fsynced every ``sync_s`` (a power cut
loses at most that), both on the recorder's own monotonic clock.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..profile import ScaleProfile, profile_to_toml
from ..sensing.scale_recording import HEADER, MAGIC
from .seams import INPUTS, Seams, tap_demo_table
from .session import EVENTS, FORMAT, FRAMES, LOG, META, RESUME, SCALE
from .store import DEFAULT_MAX_BYTES, prune

log = logging.getLogger("companion.blackbox")


def versions() -> dict[str, str]:
    """The versions that decide how a session replays (the companion's and Python's)."""
    import platform
    from importlib import metadata

    try:
        mine = metadata.version("companion")
    except metadata.PackageNotFoundError:
        mine = "unknown"
    return {"companion": mine, "python": platform.python_version()}


class SessionRecorder(Seams):
    """Records sessions into ``store`` (one folder per session, bounded to ``max_bytes``
    in all: oldest sessions dropped first, never the one being written)."""

    def __init__(
        self,
        store: str | os.PathLike[str],
        *,
        source: str = "run",
        max_bytes: int = DEFAULT_MAX_BYTES,
        frame_interval_s: float = 0.2,
        jpeg_quality: int = 90,
        frame_width_px: int = 640,
        change_level: float = 8.0,
        flush_s: float = 0.5,
        sync_s: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = Path(store)
        self.source = source
        self.max_bytes = max_bytes
        self.frame_interval_s = frame_interval_s
        self.jpeg_quality = jpeg_quality
        self.frame_width_px = frame_width_px  # wider frames are scaled down to this
        self.change_level = change_level  # grey levels one thumbnail pixel must move
        self.flush_s, self.sync_s = flush_s, sync_s
        self.clock = clock
        self.path: Path | None = None  # the session being written
        self._lock = threading.RLock()
        self._csv = self._events = None
        self.n = 0  # samples written in this session
        self.frames = 0
        self._last_frame_t = float("-inf")
        self._last_thumb = None
        self._last_out: tuple | None = None
        self._flushed = self._synced = self._pruned = 0.0
        self.service = None
        self.camera_colours: Callable[[str], Path | None] | None = None
        self._sensor_notch, self._tapped = "middle", False
        self.notice: str | None = None  # why the recording stopped, for the dashboards

    @property
    def recording(self) -> bool:
        return self.path is not None

    # -- a session -----------------------------------------------------------------

    def start(self, service, profile: ScaleProfile, *, notch: str | None = None) -> Path:
        """Open a new session for ``service`` (the game under way, if any, is copied as
        ``resume.journal``); ``notch``: the scale sensing's pivot now. Locks are taken in
        the one order used everywhere: the service's, then the recorder's."""
        with service._lock, self._lock:
            self.stop()
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            path = self.store / f"{stamp}-{secrets.token_hex(2)}"
            (path / FRAMES).mkdir(parents=True)
            resumed = _copy_journal(service, path / RESUME)
            if notch is None:
                state = service.game_state
                notch = getattr(getattr(state, "round", None), "notch", None) or "middle"
            meta = {
                "format": FORMAT,
                "started": datetime.now(UTC).isoformat(timespec="seconds"),
                "source": self.source,
                "profile": profile.name,
                "profile_toml": profile_to_toml(profile),
                "rate_sps": None,
                "notch": notch,
                "resumed": resumed,
                "state_dir": str(Path(service.state_dir).resolve()),
                "versions": versions(),
                "colours": self._colours(),
            }
            _write_whole(path / META, json.dumps(meta, indent=1, ensure_ascii=False) + "\n")
            self._csv = (path / SCALE).open("a", encoding="utf-8", newline="\n")
            self._csv.write(f"{MAGIC}\n# profile: {profile.name}\n# session: {path.name}\n")
            self._csv.write(",".join(HEADER) + "\n")
            self._events = (path / EVENTS).open("a", encoding="utf-8", newline="\n")
            self.path, self.n, self.frames = path, 0, 0
            self._last_frame_t, self._last_thumb, self._last_out = float("-inf"), None, None
            self.service = service
            self._log = logging.FileHandler(path / LOG, encoding="utf-8")
            self._log.setLevel(logging.INFO)
            form = "%(asctime)s %(levelname)s %(name)s: %(message)s"
            self._log.setFormatter(logging.Formatter(form))
            logging.getLogger("companion").addHandler(self._log)
            if self._tapped:
                self.event("sensor", notch=self._sensor_notch)
            self._sync(force=True)
            self._prune()
            log.info("recording this session in %s", path)
            return path

    def _colours(self) -> dict[str, str]:
        """Layout name -> the text of the colour profile the live camera reads it with
        (none: the layout's printed colours, as the demo's camera reads)."""
        if self.camera_colours is None:
            return {}
        from ..sensing.vision.layout import layout_names

        out = {}
        for layout in layout_names():
            try:
                path = self.camera_colours(layout)
                if path is not None:
                    out[layout] = Path(path).read_text(encoding="utf-8")
            except OSError as e:
                log.warning("recordings: the colour profile of %s is not kept: %s", layout, e)
        return out

    def stop(self) -> None:
        """End the session being written (an ``end`` event, files synced and closed)."""
        with self._lock:
            if self.path is None:
                return
            self.event("end")
            try:
                self._sync(force=True)
            except OSError as e:
                log.warning("recordings: the session's last lines may be lost: %s", e)
            self._close()

    def _close(self) -> None:
        for f in (self._csv, self._events):
            with contextlib.suppress(OSError):
                f.close()
        self._csv = self._events = None
        self.path = None
        logging.getLogger("companion").removeHandler(self._log)
        self._log.close()

    def _fail(self, e: OSError) -> None:
        """A write failed (a full or failing card): the recording stops, the table goes
        on; the notice is shown by the next service call (``notice``)."""
        where = self.path
        self._close()
        self.notice = (
            f"recording stopped: cannot write {where}: {e.strerror or e}; the game goes on"
        )
        log.error("%s", self.notice)

    # -- writing -------------------------------------------------------------------

    def sample(self, t_mono: float, channel: str, raw: int) -> None:
        """A raw sample the sensing takes (seconds, channel, counts): one CSV row."""
        with self._lock:
            if self._csv is None:
                return
            try:
                self._csv.write(f"{t_mono!r},{channel},{int(raw)}\n")
                self._sync()
            except OSError as e:
                self._fail(e)

    def taken(self) -> None:
        """The sensing has taken the sample written last (events after this follow it)."""
        with self._lock:
            if self._csv is not None:
                self.n += 1

    def event(self, kind: str, **fields: Any) -> None:
        """One line of ``events.jsonl``: ``k`` kind, ``n`` samples taken so far, fields."""
        with self._lock:
            if self._events is None:
                return
            line = json.dumps({"k": kind, "n": self.n, **fields}, ensure_ascii=False, default=str)
            try:
                self._events.write(line + "\n")
                self._sync()
            except OSError as e:
                self._fail(e)

    def outcome(self, service) -> None:
        """After a service call: the warnings, the questions for the tablet and the game's
        last journal row (``game``, ``row``), when any of them changed."""
        game = service.snapshot().get("game") or {}
        asks = [json.loads(json.dumps(a, default=str)) for a in service.asks]
        out = (list(service.warnings), asks, game.get("id"), game.get("row"))
        if out != self._last_out:
            self._last_out = out
            self.event("out", warnings=out[0], asks=out[1], game=out[2], row=out[3])

    def frame(self, image, t_mono: float) -> None:
        """A camera frame (BGR) taken at ``t_mono`` s: kept as JPEG if the picture changed
        and ``frame_interval_s`` passed since the last one kept."""
        if self._events is None:
            return
        if t_mono - self._last_frame_t < self.frame_interval_s - 1e-6:
            self._again(t_mono)
            return
        import cv2
        import numpy as np

        thumb = cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (32, 24),
                           interpolation=cv2.INTER_AREA).astype(np.float32)  # fmt: skip
        last = self._last_thumb
        if last is not None and float(np.max(np.abs(thumb - last))) < self.change_level:
            self._again(t_mono)
            return
        h, w = image.shape[:2]
        if w > self.frame_width_px:
            size = (self.frame_width_px, round(h * self.frame_width_px / w))
            image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, self.jpeg_quality])
        if not ok:
            return
        with self._lock:
            if self.path is None:
                return
            name = f"{self.frames:06d}.jpg"
            try:
                (self.path / FRAMES / name).write_bytes(jpeg.tobytes())
            except OSError as e:
                self._fail(e)
                return
            self.frames += 1
            self._last_frame_t, self._last_thumb = t_mono, thumb
            self.event("frame", t=t_mono, file=name)

    def _again(self, t_mono: float) -> None:
        """A frame read but not kept: it looked like the last kept one."""
        if self.frames:
            self.event("frame", t=t_mono, file=f"{self.frames - 1:06d}.jpg", again=True)

    def _sync(self, *, force: bool = False) -> None:
        now = self.clock()
        if force or now - self._flushed >= self.flush_s:
            self._flushed = now
            for f in (self._csv, self._events):
                f.flush()
            if force or now - self._synced >= self.sync_s:
                self._synced = now
                for f in (self._csv, self._events):
                    os.fsync(f.fileno())
        if now - self._pruned >= 60.0:
            self._prune()

    def _prune(self) -> None:
        self._pruned = self.clock()
        try:
            for gone in prune(self.store, self.max_bytes, keep=self.path):
                log.info("recordings: dropped the oldest session %s (over the size bound)", gone)
        except OSError as e:
            log.warning("recordings: cannot drop old sessions: %s", e)


def _write_whole(path: Path, text: str) -> None:
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)


def _copy_journal(service, dest: Path) -> str | None:
    """Copy the journal of the game under way to ``dest`` (SQLite's backup: consistent
    while the service writes); its name, or None without a game."""
    game = (service.snapshot().get("game") or {}).get("id")
    if not game:
        return None
    src_path = Path(service.state_dir) / "games" / f"{game}.journal"
    src = sqlite3.connect(f"file:{src_path}?mode=ro", uri=True)
    try:
        with contextlib.closing(sqlite3.connect(dest)) as dst:
            src.backup(dst)
    finally:
        src.close()
    return f"{game}.journal"


__all__ = ["INPUTS", "SessionRecorder", "tap_demo_table", "versions"]
