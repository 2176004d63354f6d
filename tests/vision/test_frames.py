"""FrameSource backends: image folders, video files, the synthetic camera, the Pi camera."""

from __future__ import annotations

import sys

import cv2
import numpy as np
import pytest

from companion.devices.backends import REAL, SIMULATED
from companion.devices.frames import (
    FrameSource,
    ImageDirectorySource,
    Picamera2Source,
    SyntheticSource,
    VideoFileSource,
    frames,
    open_camera,
    read_image,
)
from companion.devices.scenes import random_scene
from companion.errors import DeviceError, DeviceUnavailable

from .helpers import layout


def _images(tmp_path, n=3):
    for k in range(n):
        cv2.imwrite(str(tmp_path / f"f{k}.png"), np.full((40, 60, 3), 40 * k, np.uint8))
    return tmp_path


def test_an_image_folder_gives_its_images_in_name_order_with_times(tmp_path):
    source = ImageDirectorySource(_images(tmp_path), interval_s=0.5)
    assert isinstance(source, FrameSource)
    got = list(frames(source))
    assert [f.index for f in got] == [0, 1, 2]
    assert [f.t_mono for f in got] == [0.0, 0.5, 1.0]
    assert [int(f.image[0, 0, 0]) for f in got] == [0, 40, 80]
    assert got[0].image.dtype == np.uint8 and got[0].image.shape == (40, 60, 3)


def test_an_unreadable_image_is_skipped_with_its_reason(tmp_path):
    _images(tmp_path, 2)
    (tmp_path / "f1.png").write_bytes(b"not a png")
    source = ImageDirectorySource(tmp_path)
    assert len(list(frames(source))) == 1
    assert source.skipped == [
        (
            str(tmp_path / "f1.png"),
            f"{tmp_path / 'f1.png'}: not an image OpenCV can read (empty or corrupt?)",
        )
    ]


def test_missing_files_and_folders_are_device_errors(tmp_path):
    with pytest.raises(DeviceError, match="no such folder"):
        ImageDirectorySource(tmp_path / "nope")
    with pytest.raises(DeviceError, match="no such file"):
        read_image(tmp_path / "nope.png")
    with pytest.raises(DeviceError, match="no such file"):
        VideoFileSource(tmp_path / "nope.avi")


def test_a_video_file_gives_its_frames_with_the_video_clock(tmp_path):
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5.0, (64, 48))
    if not writer.isOpened():
        pytest.skip("this OpenCV build cannot write MJPG video")
    for k in range(4):
        writer.write(np.full((48, 64, 3), 60 * k, np.uint8))
    writer.release()
    got = list(frames(VideoFileSource(path)))
    assert len(got) == 4
    assert [round(f.t_mono, 3) for f in got] == [0.0, 0.2, 0.4, 0.6]


def test_a_file_that_is_not_a_video_is_refused(tmp_path):
    bad = tmp_path / "x.avi"
    bad.write_bytes(b"garbage" * 10)
    with pytest.raises(DeviceError):
        source = VideoFileSource(bad)
        assert source.read() is not None


def test_the_synthetic_camera_renders_scenes_and_keeps_the_truth():
    rng = np.random.default_rng(3)
    scene = random_scene(layout("hilo"), rng, hands=0)
    source = SyntheticSource(iter([scene, scene]), seed=3, interval_s=0.25)
    got = list(frames(source))
    assert [f.t_mono for f in got] == [0.0, 0.25]
    assert source.last is not None and source.last.scene is scene


def test_the_pi_camera_is_unavailable_without_picamera2(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import fails, as off a Pi
    with pytest.raises(DeviceUnavailable, match="picamera2 is not installed"):
        Picamera2Source(warmup_s=0)


def test_auto_falls_back_to_the_simulation_and_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    said = []
    sim = SyntheticSource(iter(()))
    assert open_camera(simulated=lambda: sim, announce=said.append) is sim
    assert said and "camera: real hardware unavailable" in said[0] and "SIMULATION" in said[0]


def test_real_requested_means_no_fallback(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(DeviceUnavailable):
        open_camera(requested=REAL, simulated=lambda: SyntheticSource(iter(())))
    said = []
    open_camera(
        requested=SIMULATED, simulated=lambda: SyntheticSource(iter(())), announce=said.append
    )
    assert said == ["camera: using the simulation, as configured"]
