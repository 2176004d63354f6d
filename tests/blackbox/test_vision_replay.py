"""``replay-session --vision``: the recorded camera frames read again through the camera's
vision pipeline (the live camera's board reader and change tracker), in place of the
recorded camera observations; where the re-read observations differ is reported."""

from __future__ import annotations

import json

import pytest

from companion.blackbox.replay import replay_session
from companion.blackbox.session import SessionError, read_session
from companion.journal import Journal

from .helpers import record_demo, record_sib


def _live_rows(service, session):
    games = [e["game"] for e in read_session(session).events if e["k"] == "in"
             and e["m"] == "new_game" and "error" not in e]  # fmt: skip
    rows = []
    for g in games:
        with Journal(service.state_dir / "games" / f"{g}.journal", readonly=True) as j:
            rows += [(r.kind, r.payload) for r in j.rows()]
    return rows


def test_a_camera_demo_re_read_gives_the_journal_s_actions(tmp_path):
    session, service = record_demo(tmp_path, seed=5, players=2, camera=True, steps=14)
    s = read_session(session)
    # every frame the camera read is in the session: kept, or "again" (looked the same)
    frames = [e for e in s.events if e["k"] == "frame"]
    assert any(e.get("again") for e in frames) and any(not e.get("again") for e in frames)
    result = replay_session(s, vision=True)
    assert result.verdict == "identical", result.difference
    assert [(a["kind"], a["record"]) for a in result.actions] == _live_rows(service, session)
    v = result.vision
    assert v.frames == len(frames) and v.files == len({e["file"] for e in frames})
    assert v.live > 0 and v.reread == v.live and v.count == 0, v.differences


def test_a_frame_that_reads_otherwise_is_reported_with_its_file_and_time(tmp_path):
    import cv2

    session, _ = record_demo(tmp_path, seed=5, players=2, camera=True, steps=14)
    s = read_session(session)
    frames = [e for e in s.events if e["k"] == "frame"]
    seen = [e["o"] for e in s.events if e["k"] == "obs" and e["o"]["type"] == "CellsChanged"]
    for name in {e["file"] for e in frames}:  # the camera's lens covered, afterwards
        image = cv2.imread(str(session / "frames" / name))
        cv2.imwrite(str(session / "frames" / name), image * 0)
    result = replay_session(read_session(session), vision=True)
    lost, missed = result.vision.differences[:2]
    assert (lost["t"], lost["file"]) == (frames[0]["t"], frames[0]["file"])
    assert lost["live"] is None and lost["reread"]["type"] == "BoardLost"
    assert missed["live"] == seen[0] and missed["reread"] is None
    assert missed["t"] == seen[0]["t_mono"]
    assert result.vision.count == 1 + len(seen) and result.vision.reread == 1
    # without --vision the recorded observations go in: the journal's actions
    assert replay_session(read_session(session)).verdict == "identical"


def test_the_command_prints_the_re_read_and_a_session_without_frames_is_refused(tmp_path, capsys):
    from companion.cli import main

    session, _ = record_demo(tmp_path / "cam", seed=5, players=2, camera=True, steps=6)
    assert main(["replay-session", str(session), "--vision"]) == 0
    out = capsys.readouterr().out
    assert "vision: " in out and "0 differ" in out and out.rstrip().endswith("and questions")
    assert main(["replay-session", str(session), "--vision", "--json"]) == 0
    v = json.loads(capsys.readouterr().out)["vision"]
    assert v["differing"] == 0 and v["frames"] > 10
    plain, _ = record_demo(tmp_path / "plain", seed=3, players=2, steps=3)
    assert main(["replay-session", str(plain), "--vision"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "no camera frames" in lines[0] and str(plain) in lines[0]
    assert captured.out == ""
    with pytest.raises(SessionError, match="without --vision"):
        replay_session(read_session(plain), vision=True)


def test_a_missing_frame_is_a_clear_error(tmp_path):
    session, _ = record_demo(tmp_path, seed=5, players=2, camera=True, steps=3)
    (session / "frames" / "000000.jpg").unlink()
    with pytest.raises(SessionError, match=r"000000\.jpg: missing"):
        replay_session(read_session(session), vision=True)


def test_a_recorded_stein_im_brett_demo_replays_identically_and_with_vision(tmp_path):
    session, service = record_sib(tmp_path, seed=2, players=2, steps=5)
    s = read_session(session)
    assert s.samples == []  # the camera only
    kinds = {e["o"]["type"] for e in s.events if e["k"] == "obs"}
    assert "CellsChanged" in kinds
    live = _live_rows(service, session)
    assert [k for k, _ in live].count("action") >= 3 and any(
        p.get("type") == "place" for _, p in live
    )
    plain = replay_session(s)
    assert plain.verdict == "identical", plain.difference
    assert [(a["kind"], a["record"]) for a in plain.actions] == live
    seen = replay_session(s, vision=True)
    assert seen.verdict == "identical", seen.difference
    assert [(a["kind"], a["record"]) for a in seen.actions] == live
    assert seen.vision.live > 0 and seen.vision.count == 0, seen.vision.differences
    assert seen.table_s > 5
