"""Sessions made from the scale recordings of ``calibration/recordings/`` and a start
line: the whole referee sees what each recording holds (``*.truth.jsonl``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.blackbox.replay import replay_session
from companion.blackbox.session import read_session
from companion.cli import main

RECORDINGS = Path(__file__).resolve().parents[2] / "calibration" / "recordings"
START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben"],
    "deal": {"Ana": ["boulder", "pillar"], "Ben": ["quartz", "hinkelstein"]},
}


def _start(tmp: Path, *inputs: tuple[float, dict]) -> Path:
    lines = [json.dumps(START)] + [json.dumps({"t": t, "record": r}) for t, r in inputs]
    path = tmp / "start.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def _replay(tmp: Path, name: str, start: Path):
    out = tmp / f"{name}.session"
    assert main(["replay-session", "--from-csv", str(RECORDINGS / f"{name}.csv"),
                 "--start", str(start), str(out), "--json"]) == 0  # fmt: skip
    return replay_session(read_session(out))


def _calls(player: str, called: str, kind: str):
    return (
        (1.0, {"type": "condition", "player": "Ana", "wins": "lighter"}),
        (1.2, {"type": "call", "player": "Ana", "calls": called}),
        (1.4, {"type": "mode", "player": called, "kind": kind, "active": False}),
    )


def test_round_seed3_the_boulder_is_placed_and_the_rest_is_out_of_turn(tmp_path):
    r = _replay(tmp_path, "round-seed3-80sps", _start(tmp_path, *_calls("Ana", "Ana", "boulder")))
    places = [a["record"] for a in r.actions if a["record"]["type"] == "place"]
    # truth: B3 placed on L1, then H5 on R2, Q4 on R1, B2 on L2, then they come off again
    assert places == [{"type": "place", "player": "Ana", "stones": ["B3"], "space": "L1"}]
    said = " | ".join(w for o in r.outs for w in o["warnings"])
    for stone in ("(95 g) went onto R2", "(75 g) went onto R1", "(55 g) went onto L2"):
        assert stone in said
    assert "(70 g) was taken off L1" in said
    assert r.verdict == "no journal"


def test_round_seed11_on_the_right_notch_at_10_sps(tmp_path):
    r = _replay(
        tmp_path, "round-seed11-10sps", _start(tmp_path, *_calls("Ana", "Ben", "hinkelstein"))
    )
    places = [a["record"] for a in r.actions if a["record"]["type"] == "place"]
    # truth: H1 placed on R2, H2 on L1, H2 taken off, H1 taken off
    assert places == [{"type": "place", "player": "Ben", "stones": ["H1"], "space": "R2"}]
    said = [w for o in r.outs for w in o["warnings"]]
    assert any("(50 g) went onto L1 out of turn" in w for w in said)
    assert any("(35 g) was taken off R2" in w for w in said)
    assert r.outs[-1]["warnings"] == [
        "A stone (35 g) was taken off R2 during the round: put it back"
    ]


def test_the_unplugged_left_cell_is_a_warning_while_it_lasts(tmp_path):
    r = _replay(tmp_path, "fault-left-unplugged", _start(tmp_path))
    assert [a["record"]["type"] for a in r.actions] == ["start"]
    faults = [o for o in r.outs if any("Load cell left" in w for w in o["warnings"])]
    assert faults and 1.9 < faults[0]["t"] < 2.2  # truth: unplugged at 1.5 s, 0.5 s of silence
    assert r.outs[-1]["warnings"] == []  # plugged in again


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["replay-session", "{tmp}/nothing"], "no such folder"),
        (["replay-session", "{tmp}"], "not a session recording"),
        (["replay-session"], "give a session folder"),
        (["replay-session", "--from-csv", "{rec}/round-seed3-80sps.csv"], "needs --start"),
        (
            ["replay-session", "--from-csv", "{tmp}/x.csv", "--start", "{tmp}/s.jsonl"],
            "cannot read",
        ),
        (
            [
                "replay-session",
                "--from-csv",
                "{rec}/round-seed3-80sps.csv",
                "--start",
                "{rec}/round-seed3-80sps.csv",
                "{tmp}/out",
            ],
            "line 1",
        ),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(tmp_path, capsys, args, says):
    argv = [a.format(tmp=tmp_path, rec=RECORDINGS) for a in args]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("companion replay-session: ") and says in err


def test_a_damaged_session_file_is_named(tmp_path, capsys):
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "session.json").write_text("{not json")
    assert main(["replay-session", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "session.json: cannot read" in err and err.count("\n") == 1


def _video(path: Path, *, stone_from_s: float | None, seconds: int = 24, fps: float = 2.0) -> Path:
    """A video of the scale's spaces as the camera over it sees them (rendered): empty, and
    a stone on L1 from ``stone_from_s`` on (never with None)."""
    from dataclasses import replace

    import cv2
    import numpy as np

    from companion.devices.render import render
    from companion.devices.scenes import random_scene
    from companion.table import CameraView

    rng = np.random.default_rng(3)
    scene = random_scene(CameraView().layout, rng, hands=0, shadows=0)
    empty = render(replace(scene, contents={}, hands=()), rng).image
    stone = render(replace(scene, contents={"L1": "stone"}, hands=()), rng).image
    h, w = empty.shape[:2]
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (w, h))
    for i in range(int(seconds * fps)):
        on = stone_from_s is not None and i / fps >= stone_from_s
        out.write(stone if on else empty)
    out.release()
    return path


def _camera_says(r) -> list[tuple[float, str]]:
    return [(o["t"], w) for o in r.outs for w in o["warnings"] if "the camera sees" in w]


def test_a_video_beside_the_csv_goes_through_the_camera_s_vision(tmp_path):
    start = _start(tmp_path, *_calls("Ana", "Ana", "boulder"))
    csv = str(RECORDINGS / "round-seed3-80sps.csv")
    runs = {}
    for name, stone_from in (("stone", 4.5), ("empty", None)):
        video = _video(tmp_path / f"{name}.avi", stone_from_s=stone_from)
        out = tmp_path / f"{name}.session"
        assert main(["replay-session", "--from-csv", csv, "--start", str(start), str(out),
                     "--video", str(video), "--json"]) == 0  # fmt: skip
        runs[name] = replay_session(read_session(out))
    for r in runs.values():  # the weight decides the placement either way
        places = [a["record"] for a in r.actions if a["record"]["type"] == "place"]
        assert places == [{"type": "place", "player": "Ana", "stones": ["B3"], "space": "L1"}]
    # the camera saw B3 on L1 all along: it never disagrees; it saw L1 empty: it says so
    assert _camera_says(runs["stone"]) == []
    said = _camera_says(runs["empty"])
    assert said and "L1 empty" in said[0][1] and 4.4 < said[0][0] < 8.0


def test_a_damaged_event_is_named_by_its_line(tmp_path, capsys):
    start = _start(tmp_path)
    out = tmp_path / "s.session"
    assert main(["replay-session", "--from-csv", str(RECORDINGS / "fault-left-unplugged.csv"),
                 "--start", str(start), str(out)]) == 0  # fmt: skip
    capsys.readouterr()
    meta = json.loads((out / "session.json").read_text())
    (out / "session.json").write_text(json.dumps(meta | {"source": "run"}))
    with (out / "events.jsonl").open("a") as f:
        f.write(json.dumps({"k": "in", "n": 10, "m": "close", "args": []}) + "\n")
    assert main(["replay-session", str(out)]) == 2
    err = capsys.readouterr().err
    assert "events.jsonl: line 2: a damaged 'in' event" in err and "not a tablet input" in err
    assert err.count("\n") == 1
