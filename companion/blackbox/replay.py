"""Replay a session through the same sensing, referee and engine as the live table.

The clock is the recording's: samples carry their times, events theirs; nothing sleeps
and no wall clock is read. The raw samples go through a fresh ``ScaleSensor`` (a new one
where the session says the live table started one), in the order the live sensing took
them; each scale observation it makes goes to a fresh ``GameService`` at the place the
live service got its own (``events.jsonl`` counts the samples taken before each event),
so a different sensing shows as a difference, never as a shifted replay. The tablet's
inputs are given as recorded, and so are the camera's observations; with ``vision`` the
recorded frames are read again through the camera's vision pipeline instead
(``vision.Rereader``), and where the re-read observations differ from the recorded ones
is reported beside the comparison (``Replay.vision``).

A session made from a scale CSV (``from_csv``) has no such events: its samples are
sensed freely, every observation goes to the referee at once, and the referee's clock
ticks every ``TICK_S`` of the recording's time, as the demo table does.

Then the replay's journals are compared with that evening's (``journals/`` in the
session, else the state directory it names), up to the last row the session saw.
"""

from __future__ import annotations

import itertools
import json
import logging
import shutil
import tempfile
import tomllib
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..profile import parse_profile
from ..referee.service import GameService
from ..sensing.scale import ScaleSensor
from ..sensing.scale_config import SensingConfig
from . import codec
from .compare import compare, journal_rows
from .recorder import INPUTS
from .session import RESUME, Session, SessionError
from .vision import Reread, Rereader, Vision

TICK_S = 0.1  # seconds of recording between the referee's ticks in a free replay


@dataclass
class Replay:
    """What a replay did: ``actions`` (journal rows: ``t`` s, ``game``, ``seq``, ``kind``,
    ``record``), ``outs`` (``t``, ``warnings``, ``asks`` each time they changed),
    ``inputs`` (the tablet's, with their outcome), ``sensing`` (differences between the
    recorded and the replayed scale observations), ``table_s`` (seconds of table time),
    ``verdict`` (``identical``, ``different``, ``no journal``) and ``difference`` (the
    first one, in words)."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    outs: list[dict[str, Any]] = field(default_factory=list)
    inputs: list[dict[str, Any]] = field(default_factory=list)
    sensing: list[str] = field(default_factory=list)
    table_s: float = 0.0
    samples: int = 0
    torn: list[str] = field(default_factory=list)
    verdict: str = "identical"
    difference: str | None = None
    vision: Reread | None = None  # with ``vision``: what re-reading the frames found

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "difference": self.difference,
            "table_s": round(self.table_s, 3),
            "samples": self.samples,
            "torn": self.torn,
            "actions": self.actions,
            "warnings": self.outs,
            "inputs": self.inputs,
            "sensing": self.sensing,
            "vision": self.vision.to_json() if self.vision is not None else None,
        }


class _Run:
    """One replay under way (see the module docstring)."""

    def __init__(
        self, session: Session, state_dir: Path, *, vision: bool = False, decks=None
    ) -> None:
        meta = session.meta
        try:
            self.profile = parse_profile(tomllib.loads(meta["profile_toml"]), source="session")
        except (KeyError, ValueError, tomllib.TOMLDecodeError) as e:
            raise SessionError(f"{session.path}: the session's profile cannot be read: {e}") from e
        rate = meta.get("rate_sps")
        self.config = SensingConfig.for_rate(rate) if rate else None
        self.session = session
        self.free = meta.get("source") == "csv"
        self.now = 0.0
        resumed = meta.get("resumed")
        if resumed:
            (state_dir / "games").mkdir(parents=True)
            shutil.copyfile(session.path / RESUME, state_dir / "games" / resumed)
            (state_dir / "current").write_text(resumed + "\n", encoding="utf-8")
        self.service = GameService(state_dir, profile=self.profile, clock_mono=lambda: self.now)
        self.sensor = self._new_sensor(meta.get("notch") or "middle")
        if self.free:
            self.service.on_notch = lambda notch: self.sensor.set_notch(notch)
        self.pending: deque = deque()
        self.fed = 0
        self.out = Replay(samples=len(session.samples), torn=list(session.torn))
        self.games: list[str] = [resumed.removesuffix(".journal")] if resumed else []
        self.live_games: list[str] = list(self.games)
        self.last_row: dict[str, int] = {}
        self.recorded_outs: list[dict[str, Any]] = []
        self._last_out: tuple | None = None
        work = state_dir / "vision"
        work.mkdir()
        self.vision = Vision(
            meta, lambda: self.service.camera_layout, work,
            game=self.service.camera_game, decks=decks,
        )  # fmt: skip
        self.reread = Rereader(session.path, self.vision) if vision and not self.free else None

    def _new_sensor(self, notch: str) -> ScaleSensor:
        return ScaleSensor(self.profile, config=self.config, notch=notch)

    # -- driving -------------------------------------------------------------------

    def feed_to(self, n: int) -> None:
        samples = self.session.samples
        while self.fed < n:
            s = samples[self.fed]
            self.now = s.t_mono
            self.pending.extend(self.sensor.feed(s))
            self.fed += 1

    def run(self) -> None:
        if self.free:
            self._run_free()
        else:
            self._run_events()
        # the table's time: the samples' clock, summed over each sensor's run (the demo's
        # simulated scale starts its clock again with each game)
        times = [s.t_mono for s in self.session.samples]
        if not times:  # a camera-only table (Stein im Brett): the clock of its events
            times = [float(ev["t"]) for ev in self.session.events if ev["k"] == "tick"]
        self.out.table_s = sum(max(0.0, b - a) for a, b in itertools.pairwise(times))
        if self.reread is not None:
            self.out.vision = self.reread.finish()

    def _run_events(self) -> None:
        samples = len(self.session.samples)
        for number, ev in enumerate(self.session.events, 1):
            n = ev.get("n", 0)
            if not isinstance(n, int) or n > samples:  # samples lost to a power cut: the end
                break
            self.feed_to(n)
            try:
                if "t" in ev and ev["k"] in ("tick", "stick"):
                    self.now = float(ev["t"])
                self._event(ev)
            except SessionError:
                raise
            except (KeyError, TypeError, ValueError) as e:
                where = self.session.path / "events.jsonl"
                raise SessionError(
                    f"{where}: line {number}: a damaged {ev['k']!r} event ({e!r})"
                ) from e

    def _event(self, ev: dict[str, Any]) -> None:
        kind = ev["k"]
        if kind == "sensor":
            self.sensor = self._new_sensor(ev["notch"])
            self.pending.clear()
        elif kind == "notch":
            self.sensor.set_notch(ev["notch"])
        elif kind == "stick":
            self.pending.extend(self.sensor.tick(ev["t"]))
        elif kind == "obs":
            self._observe(ev["o"])
        elif kind == "frame" and self.reread is not None:
            self.now = float(ev["t"])
            obs = self.reread.frame(ev)
            if obs is not None:
                self.service.observe(obs)
                self._outcome()
        elif kind == "tick":
            self.service.tick(ev["t"])
            self._outcome()
        elif kind == "in":
            self._input(ev)
        elif kind == "out":
            self.recorded_outs.append(ev)
            if ev.get("game") and ev.get("row") is not None:
                self.last_row[ev["game"]] = ev["row"]

    def _observe(self, recorded: dict[str, Any]) -> None:
        try:
            obs = codec.from_json(recorded)
        except ValueError as e:
            raise SessionError(f"{self.session.path}: events: {e}") from e
        if codec.is_camera(obs) and self.reread is not None:
            self.reread.live(recorded)  # the re-read frame's observation went in its place
            return
        if not codec.is_camera(obs):
            if not self.pending:
                what = f"t={obs.t_mono:.3f} s: the replay did not sense {recorded}"
                self.out.sensing.append(what)
                self._differ("sensing: " + what)
                return
            obs = self.pending.popleft()
            mine = codec.to_json(obs)
            if mine != recorded:
                what = f"t={obs.t_mono:.3f} s: sensed {mine}, the table sensed {recorded}"
                self.out.sensing.append(what)
                self._differ("sensing: " + what)
        self.service.observe(obs)
        self._outcome()

    def _input(self, ev: dict[str, Any]) -> None:
        name, args, kw = ev["m"], ev.get("args", []), dict(ev.get("kw") or {})
        if name not in INPUTS:
            raise ValueError(f"{name!r} is not a tablet input (allowed: {', '.join(INPUTS)})")
        if name == "undo" and kw.get("version") is not None:
            # versions count every change the dashboards saw (devices, notices too): the
            # live check's outcome stands; the replay undoes by row, or is refused likewise
            kw.pop("version")
            if ev.get("error"):
                self.out.inputs.append({"t": self.now, "input": name, "error": ev["error"]})
                return
        error = None
        try:
            getattr(self.service, name)(*args, **kw)
        except Exception as e:  # the rules refuse it: compared with the live outcome
            error = str(e)
        self.out.inputs.append({"t": self.now, "input": name, "args": args, "error": error})
        if (error is None) != (ev.get("error") is None) and self.out.difference is None:
            said = f"refused ({error})" if error else "accepted"
            was = f"refused ({ev['error']})" if ev.get("error") else "accepted"
            self._differ(f"t={self.now:.3f} s: the tablet's {name} was {said}; live it was {was}")
        if name == "new_game" and error is None:
            self.games.append(self.service.snapshot()["game"]["id"])
            if ev.get("game"):
                self.live_games.append(ev["game"])
        self._outcome()

    def _outcome(self) -> None:
        svc = self.service
        asks = [json.loads(json.dumps(a, default=str)) for a in svc.asks]
        out = (list(svc.warnings), asks)
        if out != self._last_out:
            self._last_out = out
            self.out.outs.append({"t": self.now, "warnings": out[0], "asks": out[1]})

    def _video(self):
        """The session's video frames as ``(t, image)`` on the CSV's clock (none without)."""
        name = self.session.meta.get("video")
        if not name:
            return
        from ..devices.frames import VideoFileSource

        offset = float(self.session.meta.get("video_offset_s") or 0.0)
        source = VideoFileSource(self.session.path / name)
        try:
            while (frame := source.read()) is not None:
                yield frame.t_mono + offset, frame.image
        finally:
            source.close()

    def _camera(self, t: float, image) -> None:
        """A frame through the vision pipeline of the game under way, as ``CameraLoop``."""
        self.now = t
        obs = self.vision.feed(image, t)
        if obs is not None:
            self.service.observe(obs)
        self.service.tick(t)
        self._outcome()

    def _run_free(self) -> None:
        events = deque(self.session.events)
        notches = deque(sorted(self.session.meta.get("notches") or []))
        next_tick = None
        frames = self._video()
        frame = next(frames, None)
        for s in self.session.samples:
            while frame is not None and frame[0] <= s.t_mono:
                self._camera(*frame)
                frame = next(frames, None)
            while events and events[0].get("n", 0) <= self.fed:
                self._input(events.popleft())
            while notches and notches[0][0] <= s.t_mono:
                self.sensor.set_notch(notches.popleft()[1])
            self.now = s.t_mono
            for obs in self.sensor.feed(s):
                self.service.observe(obs)
                self._outcome()
            self.fed += 1
            if next_tick is None or s.t_mono >= next_tick:
                next_tick = s.t_mono + TICK_S
                self.service.tick(s.t_mono)
                self._outcome()
        while events:
            self._input(events.popleft())

    def _differ(self, what: str) -> None:
        if self.out.difference is None:
            self.out.verdict, self.out.difference = "different", what


def replay_session(
    session: Session, *, journals: Path | None = None, vision: bool = False, decks=None
) -> Replay:
    """Replay ``session`` and compare it with that evening's journals (``journals``: a
    folder holding them, else the session's ``journals/`` or its state directory).
    ``vision``: read the recorded camera frames again in place of the recorded camera
    observations (``SessionError`` if the session has none); ``decks`` (game id ->
    registered deck): the decks a card game's frames are read with."""
    if vision:
        _check_frames(session)
    logging.getLogger("companion.referee").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory(prefix="companion-replay-") as tmp:
        run = _Run(session, Path(tmp), vision=vision, decks=decks)
        try:
            run.run()
            _collect_actions(run, Path(tmp))
        finally:
            run.service.close()
        if not run.free:
            compare(run, journals)
        else:
            run.out.verdict = "no journal"
        return run.out


def _check_frames(session: Session) -> None:
    """``vision`` needs something for the camera to read."""
    if session.meta.get("source") == "csv":
        if not session.meta.get("video"):
            raise SessionError(
                f"{session.path}: --vision: this session was made from a CSV without a video,"
                " so there are no frames to read (give --video with --from-csv)"
            )
        return  # its video is read through the vision pipeline anyway
    if not any(ev["k"] == "frame" for ev in session.events):
        raise SessionError(
            f"{session.path}: --vision: the session holds no camera frames (it was recorded"
            " without a camera); replay it without --vision"
        )


def _collect_actions(run: _Run, state_dir: Path) -> None:
    resumed = run.session.meta.get("resumed")
    skip = journal_rows(run.session.path / RESUME)[-1].seq if resumed else 0
    for i, game in enumerate(run.games):
        for row in journal_rows(state_dir / "games" / f"{game}.journal"):
            if i == 0 and resumed and row.seq <= skip:
                continue
            action = {"t": row.t_mono, "game": i, "seq": row.seq, "kind": row.kind}
            run.out.actions.append(action | {"record": row.payload})
