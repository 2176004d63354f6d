"""Switching the black box on and off while the table runs (``companion run``).

``RecordingControl`` holds the recorder of one running companion: its seams are tapped
once at start (they write nothing while no session is open), and ``set(True)`` opens a
new session, ``set(False)`` ends it. The choice is kept in ``STATE_DIR/recording.json``
(``{"record": true}``): a companion started again records again. Off by default.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from ..profile import ScaleProfile
from .recorder import SessionRecorder

log = logging.getLogger("companion.blackbox")

SETTING_FILE = "recording.json"
#: Where the dashboard's switch records when ``companion run`` names no ``--record DIR``.
DEFAULT_STORE = "recordings"


def wanted(state_dir: Path) -> bool:
    """The switch's last position (False when never set, or unreadable)."""
    try:
        return json.loads((state_dir / SETTING_FILE).read_text(encoding="utf-8"))["record"] is True
    except (OSError, ValueError, KeyError, TypeError):
        return False


class RecordingControl:
    """The recorder of ``service`` and the switch for it (thread-safe through the recorder)."""

    def __init__(self, service, recorder: SessionRecorder, profile: ScaleProfile) -> None:
        self.service, self.recorder, self.profile = service, recorder, profile
        recorder.tap_service(service)

    @property
    def on(self) -> bool:
        return self.recorder.recording

    def status(self) -> dict:
        """``record`` (on or off), ``session`` (the folder's name) and ``store`` (where)."""
        path = self.recorder.path
        return {
            "record": path is not None,
            "session": path.name if path else None,
            "store": str(self.recorder.store),
        }

    def set(self, on: bool, *, remember: bool = True) -> dict:
        """Start (a new session) or stop recording; remembered in the state directory."""
        if on and not self.on:
            self.recorder.start(self.service, self.profile)
        elif not on and self.on:
            self.recorder.stop()
        if remember:
            _remember(Path(self.service.state_dir), on)
        return self.status()

    # -- the devices' seams (``table.open_scale``, ``table.open_camera_loop``) ----------

    def tap_scale(self, loop) -> None:
        """Record the scale loop's sensor (its pivot: the game's notch, as the loop set it)."""
        state = self.service.game_state
        notch = getattr(getattr(state, "round", None), "notch", None) or "middle"
        self.recorder.tap_sensor(loop.sensor, notch=notch)

    def tap_camera(self, source) -> None:
        """Keep the camera's frames (see ``SessionRecorder.frame``)."""
        self.recorder.tap_frames(source)


def _remember(state_dir: Path, on: bool) -> None:
    path = state_dir / SETTING_FILE
    tmp = path.with_suffix(".tmp")
    try:
        tmp.write_text(json.dumps({"record": on}) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError as e:
        log.warning("cannot keep the recording switch in %s: %s", path, e)
