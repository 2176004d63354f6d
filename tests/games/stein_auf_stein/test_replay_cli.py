"""``companion replay`` finds Stein auf Stein by its start line's ``game``: it replays a
record to the end, and stops with status 3 and ``line N: ...`` on an illegal line."""

from __future__ import annotations

import json

from companion.cli import main
from companion.games.stein_auf_stein import to_record
from companion.games.stein_auf_stein.random_player import random_game

from .script import record, start_record

GAME = [
    start_record("basic", ("Ana", "Ben")),
    {"type": "comment", "text": "Ana saw a crane last"},
    record("Ana roll red"),
    record("Ana lift R3"),  # Ana: 90 mm
    record("Ben roll red"),
    record("Ben lift R1 R2"),  # Ben: 30 + 60 = 90 mm
    record("Ana roll red"),  # red is gone: the game ends in a tie
]


def write(tmp_path, lines):
    p = tmp_path / "sas.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    return p


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_prints_the_state_of_a_stein_auf_stein_record(capsys, tmp_path):
    code, out, _ = run(capsys, "replay", write(tmp_path, GAME), "--json")
    assert code == 0
    state = json.loads(out)
    assert state["game"] == "stein-auf-stein" and state["finished"]
    assert state["winners"] == ["Ana", "Ben"] and state["computed_mm"] == {"Ana": 90, "Ben": 90}
    code, out, _ = run(capsys, "replay", write(tmp_path, GAME))
    assert code == 0 and out.startswith("Stein auf Stein") and "Winners:   Ana and Ben" in out


def test_replay_stops_at_an_illegal_line_with_status_3(capsys, tmp_path):
    bad = [*GAME[:4], record("Ana roll blue")]  # Ben's turn
    path = write(tmp_path, bad)
    code, out, err = run(capsys, "replay", path)
    assert code == 3 and out == ""
    assert err.startswith("line 5: it is Ben's turn, not Ana's")
    code, out, _ = run(capsys, "replay", path, "--json")
    assert code == 3 and json.loads(out) == {
        "error": "it is Ben's turn, not Ana's: only Ben may roll the die now",
        "line": 5,
    }


def test_replay_stops_at_a_malformed_line_with_status_3(capsys, tmp_path):
    path = write(tmp_path, [*GAME[:3], {"type": "lift", "player": "Ana", "blocks": "R3"}])
    code, _, err = run(capsys, "replay", path)
    assert code == 3 and err.startswith("line 4: lift: 'blocks' must be a list of block ids")


def test_random_games_of_every_variant_replay_to_the_end(capsys, tmp_path):
    for players, variant in (
        (3, "basic"),
        (2, "yardstick"),
        (4, "tower"),
        (3, "master-tower"),
        (1, "solo"),
    ):
        lines = [to_record(a) for a in random_game(players, 5, variant=variant)]
        code, out, _ = run(capsys, "replay", write(tmp_path, lines), "--json")
        state = json.loads(out)
        assert code == 0 and state["finished"] and state["variant"] == variant


def test_the_example_of_the_record_spec_replays_as_it_says(capsys, tmp_path):
    # docs/records.md, "Stein auf Stein", "Example" (the 17 elided blocks filled in).
    from pathlib import Path

    from companion.games.stein_auf_stein import STANDARD
    from companion.games.stein_auf_stein.record import block_record

    doc = (Path(__file__).parents[3] / "docs" / "records.md").read_text()
    section = doc[doc.index("## Stein auf Stein") :]
    example = section[section.index("```json") + len("```json") : section.index("```\n\n(")]
    lines = [json.loads(x) for x in example.strip().splitlines()]
    lines[0]["blocks"] = [block_record(b) for b in STANDARD.blocks]
    code, out, _ = run(capsys, "replay", write(tmp_path, lines), "--json")
    state = json.loads(out)
    assert code == 0 and state["finished"] and state["ended_by"] == "colour"
    assert state["winners"] == ["Ben"]
    assert state["computed_mm"] == {"Ana": 90, "Ben": 135}
    assert state["measured_mm"] == {"Ana": 92, "Ben": 133}
