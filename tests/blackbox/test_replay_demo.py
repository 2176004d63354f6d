"""A demo game recorded and replayed through the same sensing, referee and engine: the
same actions, warnings and questions; a changed recording shows its first difference."""

from __future__ import annotations

import json

from companion.blackbox.replay import replay_session
from companion.blackbox.session import read_session
from companion.journal import Journal

from .helpers import record_demo


def _journal_rows(service, session):
    name = read_session(session).events
    games = [e["game"] for e in name if e["k"] == "in" and e["m"] == "new_game"]
    with Journal(service.state_dir / "games" / f"{games[0]}.journal", readonly=True) as j:
        return [(r.kind, r.payload) for r in j.rows()]


def test_a_recorded_demo_game_replays_identically(tmp_path):
    session, service = record_demo(tmp_path, seed=3, players=2)
    result = replay_session(read_session(session))
    assert result.verdict == "identical", result.difference
    assert result.sensing == []
    live = _journal_rows(service, session)
    assert [(a["kind"], a["record"]) for a in result.actions] == live
    assert live[-1][1]["type"] == "tilt" and len(live) > 40  # a whole game, to its last tilt
    assert result.table_s > 60


def test_the_camera_s_observations_replay_too(tmp_path):
    session, service = record_demo(tmp_path, seed=5, players=2, camera=True, steps=12)
    s = read_session(session)
    kinds = {e["o"]["type"] for e in s.events if e["k"] == "obs"}
    assert "CellsChanged" in kinds  # the camera saw the stones
    frames = [e for e in s.events if e["k"] == "frame"]
    assert frames and all((session / "frames" / e["file"]).stat().st_size > 1000 for e in frames)
    result = replay_session(s)
    assert result.verdict == "identical", result.difference
    assert [(a["kind"], a["record"]) for a in result.actions] == _journal_rows(service, session)


def test_a_changed_input_is_the_first_difference(tmp_path):
    session, _ = record_demo(tmp_path, seed=3, players=2, steps=8)
    events = session / "events.jsonl"
    lines = events.read_text().splitlines()
    for i, line in enumerate(lines):
        ev = json.loads(line)
        if ev["k"] == "in" and ev["m"] == "submit" and ev["args"][0]["type"] == "condition":
            wins = ev["args"][0]["wins"]
            ev["args"][0]["wins"] = "heavier" if wins == "lighter" else "lighter"
            lines[i] = json.dumps(ev)
            break
    else:
        raise AssertionError("the demo entered no victory condition")
    events.write_text("\n".join(lines) + "\n")
    result = replay_session(read_session(session))
    assert result.verdict == "different"
    assert "row 2" in result.difference and "condition" in result.difference, result.difference


def test_a_changed_sample_shows_as_a_sensing_difference(tmp_path):
    session, _ = record_demo(tmp_path, seed=3, players=2, steps=6)
    csv = session / "scale.csv"
    text = csv.read_text().splitlines()
    header = text.index("t_mono,channel,raw")
    # the wedge cell reads 200 g more from the middle of the session on: the stones weigh more
    rows = text[header + 1 :]
    half = len(rows) // 2
    for i in range(half, len(rows)):
        t, ch, raw = rows[i].split(",")
        if ch == "wedge":
            rows[i] = f"{t},{ch},{int(raw) + 200 * 2000}"
    csv.write_text("\n".join(text[: header + 1] + rows) + "\n")
    result = replay_session(read_session(session))
    assert result.verdict == "different"
    assert result.sensing and result.difference.startswith("sensing")


def test_the_command_replays_the_newest_session_of_a_store(tmp_path, capsys):
    from companion.cli import main

    session, _ = record_demo(tmp_path, seed=3, players=2, steps=8)
    assert main(["replay-session", str(tmp_path / "recordings")]) == 0
    text = capsys.readouterr().out
    assert text.rstrip().endswith("identical: the replay recorded the journal's actions,"
                                  " warnings and questions")  # fmt: skip
    assert '"type": "place"' in text and "tablet new_game" in text
    assert main(["replay-session", str(session), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "identical" and out["difference"] is None
    assert out["actions"][0]["record"]["type"] == "start" and out["samples"] > 1000
