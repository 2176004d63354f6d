"""Every recorded session under calibration/recordings replays through sensing: its
observations must match what physically happened (NAME.truth.jsonl), and must equal
what was recorded when the file was made (NAME.expected.jsonl), so that any change in
sensing shows here as a diff to review (calibration/recordings/regenerate.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.devices.scale_scenarios import Expected, Session
from companion.devices.scale_scoring import score_round
from companion.paths import data_dir
from companion.profile import default_profile
from companion.sensing.observations import Fault, StoneAdded, StoneRemoved
from companion.sensing.scale_recording import read_recording
from companion.sensing.scale_replay import observation_to_json, sense_recording

RECORDINGS = data_dir("calibration") / "recordings"
NAMES = sorted(p.stem for p in RECORDINGS.glob("*.csv"))


def load_truth(name: str) -> Session:
    lines = (RECORDINGS / f"{name}.truth.jsonl").read_text().splitlines()
    head = json.loads(lines[0])
    expected = []
    for line in lines[1:]:
        d = json.loads(line)
        d["stones"] = tuple(d["stones"])
        d["allowed"] = tuple(a if isinstance(a, str) else tuple(a) for a in d["allowed"])
        expected.append(Expected(**d))
    return Session(head["seed"], [], [tuple(n) for n in head["notches"]], expected,
                   [tuple(h) for h in head["hands"]])  # fmt: skip


def sense(name: str):
    rec = read_recording(RECORDINGS / f"{name}.csv")
    return rec, sense_recording(rec, default_profile())


def test_the_recordings_are_there_and_small():
    assert {"round-seed3-80sps", "round-seed11-10sps", "fault-left-unplugged"} <= set(NAMES)
    total = sum(p.stat().st_size for p in RECORDINGS.iterdir())
    assert total < 400_000


@pytest.mark.parametrize("name", NAMES)
def test_a_recorded_session_replays_to_exactly_what_was_recorded(name):
    _, observations = sense(name)
    got = [observation_to_json(o) for o in observations]
    want = [json.loads(x) for x in (RECORDINGS / f"{name}.expected.jsonl").read_text().splitlines()]
    assert got == want


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("round-")])
def test_a_recorded_round_is_sensed_as_it_physically_happened(name):
    _, observations = sense(name)
    truth = load_truth(name)
    score = score_round(truth, observations, default_profile().stone_mass_g)
    assert score.mistakes == []
    assert score.placements_right == score.placements >= 4


def test_the_unplugged_recording_gives_one_fault_and_no_invented_placement():
    _, observations = sense("fault-left-unplugged")
    faults = [o for o in observations if isinstance(o, Fault)]
    assert len(faults) == 1 and faults[0].channel == "left"
    assert "no samples for" in faults[0].reason
    assert not [o for o in observations if isinstance(o, StoneAdded | StoneRemoved)]


def test_recordings_ship_where_the_package_finds_them():
    assert Path(__file__).resolve().parents[2] / "calibration" / "recordings" == RECORDINGS
