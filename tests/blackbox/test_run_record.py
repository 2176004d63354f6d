"""``companion run --record DIR`` (a real process on the simulated scale): the samples
the sensing takes are kept, and a stop (SIGTERM, as systemd does) ends the session."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from companion.blackbox.session import read_session, sessions_in


def test_companion_run_records_the_scale_and_ends_the_session_on_stop(tmp_path):
    store = tmp_path / "rec"
    cmd = [sys.executable, "-m", "companion.cli", "run", "--backend", "simulated",
           "--record", str(store), "--state-dir", str(tmp_path / "state"),
           "--host", "127.0.0.1", "--port", "0"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = sessions_in(store)
            csv = found[0] / "scale.csv" if found else None
            if csv is not None and csv.exists() and csv.stat().st_size > 20_000:
                break
            assert proc.poll() is None, proc.stderr.read().decode()
            time.sleep(0.2)
        else:
            raise AssertionError("no samples recorded in 60 s")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
    session = read_session(sessions_in(store)[0])
    assert session.meta["source"] == "run" and session.meta["profile"] == "default"
    assert len(session.samples) > 500
    assert {s.channel for s in session.samples} == {"wedge", "left", "right"}
    kinds = [e["k"] for e in session.events]
    assert kinds[0] == "sensor" and kinds[-1] == "end" and "tick" in kinds
    assert not session.torn


def test_the_stein_im_brett_demo_records_its_camera(tmp_path):
    """``companion demo stein-im-brett --record DIR``: the frames the synthetic camera
    gave, the camera's observations and the tablet's inputs are kept (no scale)."""
    store = tmp_path / "rec"
    cmd = [sys.executable, "-m", "companion.cli", "demo", "stein-im-brett", "--speed", "50",
           "--record", str(store), "--state-dir", str(tmp_path / "state"),
           "--host", "127.0.0.1", "--port", "0"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            found = sessions_in(store)
            events = found[0] / "events.jsonl" if found else None
            if events is not None and events.exists() and '"CellsChanged"' in events.read_text():
                break
            assert proc.poll() is None, proc.stderr.read().decode()
            time.sleep(0.5)
        else:
            raise AssertionError("no camera observation recorded in 90 s")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
    session = read_session(sessions_in(store)[0])
    assert session.meta["source"] == "demo" and session.samples == []
    frames = [e for e in session.events if e["k"] == "frame"]
    assert frames and (session.path / "frames" / frames[0]["file"]).stat().st_size > 1000
    inputs = [e["m"] for e in session.events if e["k"] == "in"]
    assert inputs[0] == "new_game"
