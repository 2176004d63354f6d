"""``kill -9`` in the middle of a recorded demo (a real process): what was recorded
replays, and replays identically with the journal up to where the recording ends."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from companion.blackbox.replay import replay_session
from companion.blackbox.session import read_session, sessions_in


def _placed(events) -> int:
    n = 0
    for line in events.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            ev = json.loads(line)
        except ValueError:
            continue
        n += ev.get("k") == "obs" and ev["o"]["type"] == "StoneAdded"
    return n


def test_a_session_killed_mid_recording_replays(tmp_path):
    store, state = tmp_path / "rec", tmp_path / "state"
    cmd = [sys.executable, "-m", "companion.cli", "demo", "--record", str(store),
           "--state-dir", str(state), "--speed", "0", "--port", "0", "--no-camera",
           "--players", "2", "--seed", "4"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # until a few stones lie on the scale
            found = sessions_in(store)
            events = found[0] / "events.jsonl" if found else None
            if events is not None and events.exists() and _placed(events) >= 6:
                break
            assert proc.poll() is None, "the demo stopped by itself"
            time.sleep(0.2)
        else:
            raise AssertionError("the demo placed no stones in 120 s")
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    session = read_session(sessions_in(store)[0])
    assert "end" not in {e["k"] for e in session.events}  # it never closed
    result = replay_session(session)
    assert result.verdict == "identical", result.difference
    placed = [a for a in result.actions if a["record"]["type"] == "place"]
    assert len(placed) >= 3
