"""Camera frames read again through the live camera's vision pipeline (``table.CameraView``:
the same board reader and change tracker as ``table.CameraLoop``), for ``replay-session``.

``Vision`` reads frames (a session's video, or its recorded JPEGs) through one view per
layout, the layout of the game under way (``service.camera_layout``), with the colour
profiles the live camera read with (``session.json`` ``colours``; none: the printed
colours); a game that reads cards (HiLo, Heuchel & Meuchel) is read through its own
pipeline, as ``CameraLoop`` does, with the registered deck given (``decks``: game id ->
deck, ``replay-session --deck DIR``). ``Reread`` puts the re-read camera observations in
place of the recorded ones and notes where they differ: each recorded frame event (a
kept JPEG, or ``again``: a frame that looked like the last kept one) is read at its
recorded time; the live camera's observation followed its frame at once, so each is
compared with what that frame gave on re-reading.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import codec
from .session import FRAMES, SessionError

SHOWN = 20  # differences kept in full (all are counted)


class Vision:
    """Frames -> camera observations, as the live camera loop makes them."""

    def __init__(
        self,
        meta: dict[str, Any],
        layout: Callable[[], str | None],
        work: Path,
        *,
        game: Callable[[], tuple | None] = lambda: None,
        decks: dict[str, Any] | None = None,
    ):
        self.colours: dict[str, str] = dict(meta.get("colours") or {})
        self.layout = layout  # the game under way's camera layout (None: Hinkel & Stein's)
        self.work = work  # where the colour profiles are written for the reader to load
        self.views: dict[str, Any] = {}
        self.game = game  # ``GameService.camera_game``: (id, game's name, state) or None
        self.decks = dict(decks or {})
        self._own: tuple[str, Any] | None = None  # (game id, its own pipeline or None)

    def feed(self, image, t_mono: float):
        """One frame (BGR) at ``t_mono`` s: the observation it makes certain, or None."""
        from ..table import CameraView

        own = self._own_pipeline()
        if own is not None:
            return own.feed(image, t_mono)
        layout = self.layout() or "hinkel-stein"
        view = self.views.get(layout)
        if view is None:
            colours = None
            if layout in self.colours:
                colours = self.work / f"colours-{layout}.toml"
                colours.write_text(self.colours[layout], encoding="utf-8")
            view = self.views[layout] = CameraView(layout, colours=colours)
        return view.feed(image, t_mono)

    def _own_pipeline(self):
        """The game's own camera pipeline, made once a game (``CameraLoop``'s), or None."""
        from ..tables import own_camera

        self._own = own_camera(self._own, self.game() if self.decks else None, self.decks)
        return None if self._own is None else self._own[1]


@dataclass
class Reread:
    """What re-reading a session's frames found: ``frames`` read (``files`` distinct
    JPEGs), camera observations ``live`` (recorded) and ``reread``, and the
    ``differences`` (``count`` in all; the first ``SHOWN`` as ``t`` s, ``file``, ``live``
    and ``reread``: the observations as JSON, None where there was none)."""

    frames: int = 0
    files: int = 0
    live: int = 0
    reread: int = 0
    count: int = 0
    differences: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "frames": self.frames,
            "files": self.files,
            "live_observations": self.live,
            "reread_observations": self.reread,
            "differing": self.count,
            "differences": self.differences,
        }


class Rereader:
    """Drives ``Vision`` from a session's ``frame`` events (see the module docstring)."""

    def __init__(self, session_path: Path, vision: Vision) -> None:
        self.folder = session_path / FRAMES
        self.vision = vision
        self.out = Reread()
        self._held: dict[str, Any] | None = None  # the last frame's observation, unmatched
        self._frame: tuple[float, str] = (0.0, "")  # the last frame read: time, file
        self._image: tuple[str, Any] = ("", None)
        self._seen: set[str] = set()

    def frame(self, ev: dict[str, Any]):
        """A frame event: the frame read again at its time; its observation, or None."""
        import cv2

        self._unmatched()
        name, t = str(ev["file"]), float(ev["t"])
        if self._image[0] != name:
            image = cv2.imread(str(self.folder / name))
            if image is None:
                raise SessionError(f"{self.folder / name}: missing, or not an image")
            self._image = (name, image)
            self._seen.add(name)
        self._frame = (t, name)
        self.out.frames += 1
        self.out.files = len(self._seen)
        obs = self.vision.feed(self._image[1], t)
        if obs is not None:
            self.out.reread += 1
            # as it reads back from the events (tuples, such as a card's candidates, lists)
            self._held = json.loads(json.dumps(codec.to_json(obs)))
        return obs

    def live(self, recorded: dict[str, Any]) -> None:
        """The live camera's observation (as recorded), made of the last frame read."""
        self.out.live += 1
        held, self._held = self._held, None
        if held is None or _key(held) != _key(recorded):
            self._differ(recorded, held)

    def finish(self) -> Reread:
        self._unmatched()
        return self.out

    def _unmatched(self) -> None:
        if self._held is not None:
            held, self._held = self._held, None
            self._differ(None, held)

    def _differ(self, live: dict[str, Any] | None, reread: dict[str, Any] | None) -> None:
        self.out.count += 1
        if len(self.out.differences) < SHOWN:
            t, name = self._frame
            self.out.differences.append({"t": t, "file": name, "live": live, "reread": reread})


def _key(obs: dict[str, Any]) -> dict[str, Any]:
    """What must agree: the observation without its cells' confidences (a re-read JPEG
    reads a few hundredths apart without changing what it says)."""
    changes = obs.get("changes")
    if changes is None:
        return obs
    return obs | {"changes": [{k: v for k, v in c.items() if k != "confidence"} for c in changes]}
