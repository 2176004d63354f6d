"""Frames from the camera over the table: one ``FrameSource`` protocol, four backends.

- ``Picamera2Source``: the Pi camera (picamera2 imported lazily, only here); white balance
  and exposure are locked after a warm-up, so the colours of the pieces stay put.
- ``ImageDirectorySource``: the images of a folder (or a list of files), in name order.
- ``VideoFileSource``: a recorded video file, through OpenCV.
- ``SyntheticSource``: the renderer (``render.py``): a simulated table with ground truth.

Every frame is BGR ``uint8`` with ``t_mono`` (seconds). A frame that cannot be read is
skipped with its reason kept in ``skipped`` (never a crash); the end of the stream is
``None``. ``open_camera`` chooses real or simulated through ``backends.open_device``, so
a fallback to the simulation is always announced.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

import cv2
import numpy as np

from ..errors import DeviceError, DeviceUnavailable
from ..i18n.message import msg, reason_of
from .backends import AUTO, open_device

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame: ``image`` (BGR uint8, H × W × 3), ``t_mono`` (s), ``index`` (0, 1, ...)
    and ``name`` (the file or source it came from, for messages)."""

    image: np.ndarray
    t_mono: float
    index: int
    name: str = ""


@runtime_checkable
class FrameSource(Protocol):
    """Anything that yields frames. ``read()`` returns the next frame or None at the end."""

    description: str

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...


def frames(source: FrameSource) -> Iterator[Frame]:
    """Iterate a source until it ends (and close it)."""
    try:
        while (f := source.read()) is not None:
            yield f
    finally:
        source.close()


def read_image(path: str | Path) -> np.ndarray:
    """A BGR image file; ``DeviceError`` with the reason when it cannot be read."""
    p = Path(path)
    if not p.is_file():
        raise DeviceError(msg("{path}: no such file", path=str(p)))
    data = np.fromfile(str(p), dtype=np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise DeviceError(
            msg("{path}: not an image OpenCV can read (empty or corrupt?)", path=str(p))
        )
    return image


class ImageDirectorySource:
    """The images of ``folder`` (or the files given), in name order, ``interval_s`` apart.

    Unreadable files are skipped; ``skipped`` lists (name, reason)."""

    def __init__(
        self, files: str | Path | Sequence[str | Path], *, interval_s: float = 0.1
    ) -> None:
        if isinstance(files, str | Path):
            folder = Path(files)
            if not folder.is_dir():
                raise DeviceError(msg("{path}: no such folder", path=str(folder)))
            paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            self.description = f"images in {folder}"
        else:
            paths = [Path(p) for p in files]
            self.description = f"{len(paths)} image file(s)"
        self._paths = paths
        self._next = 0
        self.interval_s = interval_s
        self.skipped: list[tuple[str, str]] = []

    def read(self) -> Frame | None:
        while self._next < len(self._paths):
            index, path = self._next, self._paths[self._next]
            self._next += 1
            try:
                image = read_image(path)
            except DeviceError as e:
                self.skipped.append((str(path), reason_of(e)))
                continue
            return Frame(image, index * self.interval_s, index, str(path))
        return None

    def close(self) -> None:
        self._next = len(self._paths)


class VideoFileSource:
    """The frames of a video file; ``t_mono`` is the video's own time stamp (s)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise DeviceError(msg("{path}: no such file", path=str(self.path)))
        self._cap = cv2.VideoCapture(str(self.path))
        if not self._cap.isOpened():
            raise DeviceError(msg("{path}: not a video OpenCV can open", path=str(self.path)))
        self._fps = self._cap.get(cv2.CAP_PROP_FPS) or 10.0
        self._index = 0
        self.description = f"video {self.path.name}"
        self.skipped: list[tuple[str, str]] = []

    def read(self) -> Frame | None:
        if self._cap is None:
            return None
        ok, image = self._cap.read()
        if not ok or image is None:
            return None
        index = self._index
        self._index += 1
        return Frame(image, index / self._fps, index, f"{self.path.name}#{index}")

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


class SyntheticSource:
    """Rendered frames of a simulated table: ``scenes`` yields ``render.Scene`` objects
    (one per frame); the ground truth of the last frame is ``last``."""

    def __init__(self, scenes: Iterator, *, seed: int = 0, interval_s: float = 0.1) -> None:
        self._scenes = iter(scenes)
        self._rng = np.random.default_rng(seed)
        self._index = 0
        self.interval_s = interval_s
        self.description = f"synthetic camera (seed {seed})"
        self.last = None

    def read(self) -> Frame | None:
        from .render import render

        scene = next(self._scenes, None)
        if scene is None:
            return None
        self.last = render(scene, self._rng)
        index = self._index
        self._index += 1
        return Frame(self.last.image, index * self.interval_s, index, f"synthetic#{index}")

    def close(self) -> None:
        self._scenes = iter(())


class Picamera2Source:
    """The Raspberry Pi camera. Raises ``DeviceUnavailable`` where picamera2 or a camera
    is missing. After ``warmup_s`` the automatic white balance and exposure are frozen at
    their settled values (colours must not drift while pieces come and go)."""

    def __init__(
        self,
        *,
        size_px: tuple[int, int] = (1280, 960),
        warmup_s: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]  # only on a Pi
        except ImportError:
            raise DeviceUnavailable(
                msg("picamera2 is not installed here (it comes with Raspberry Pi OS)")
            ) from None
        try:
            self._cam = Picamera2()
            config = self._cam.create_preview_configuration(
                main={"size": size_px, "format": "RGB888"}
            )
            self._cam.configure(config)
            self._cam.start()
        except (RuntimeError, IndexError, OSError) as e:
            raise DeviceUnavailable(msg("no camera found by picamera2 ({e})", e=str(e))) from None
        self._clock = clock
        time.sleep(warmup_s)
        meta = self._cam.capture_metadata()
        self._cam.set_controls(
            {
                "AwbEnable": False,
                "AeEnable": False,
                "ColourGains": meta.get("ColourGains", (1.5, 1.5)),
                "ExposureTime": meta.get("ExposureTime", 20000),
                "AnalogueGain": meta.get("AnalogueGain", 1.0),
            }
        )
        self._index = 0
        self.description = f"Pi camera {size_px[0]}x{size_px[1]}, white balance and exposure locked"

    def read(self) -> Frame | None:
        try:
            image = self._cam.capture_array("main")
        except (RuntimeError, OSError) as e:
            raise DeviceError(msg("the camera stopped delivering frames ({e})", e=str(e))) from None
        index = self._index
        self._index += 1
        # picamera2's "RGB888" arrives ordered B, G, R (its manual, "image formats"):
        # OpenCV's order already.
        return Frame(np.ascontiguousarray(image[..., :3]), self._clock(), index, f"camera#{index}")

    def close(self) -> None:
        self._cam.stop()
        self._cam.close()


def open_camera(
    *,
    requested: str = AUTO,
    simulated: Callable[[], FrameSource],
    announce: Callable[[str], None] | None = None,
    size_px: tuple[int, int] = (1280, 960),
) -> FrameSource:
    """The live camera, or ``simulated()`` when configured so or (``auto``) when no camera
    is here; the fallback is announced through ``announce`` and the log."""
    return open_device(
        "camera",
        real=lambda: Picamera2Source(size_px=size_px),
        simulated=simulated,
        requested=requested,
        announce=announce,
    )
