"""``companion replay`` finds Stein im Brett by its start line's ``game``: it replays a
record to the end, and stops with status 3 and ``line N: ...`` on an illegal line."""

from __future__ import annotations

import json

from companion.cli import main
from companion.games.stein_im_brett import to_record
from companion.games.stein_im_brett.random_player import random_game

from .conftest import TWO
from .script import RING, record, start_record

GAME = [
    start_record(TWO, board=RING),
    {"type": "comment", "text": "the hand-worked ring game"},
    record("draw white"),
    record("Ben r1:red r2:red r3:blue"),
    record("Ana r4:blue r5:yellow r6:white"),
    record("Ana r1:green r3:green r5:green"),
    record("Ben r2:black r4:black r6:red"),
    record("Ben r1:blue r2:white r3:white"),
    record("Ana r4:yellow r5:red r6:yellow"),
]


def write(tmp_path, lines):
    p = tmp_path / "sib.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    return p


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_prints_the_state_of_a_stein_im_brett_record(capsys, tmp_path):
    code, out, _ = run(capsys, "replay", write(tmp_path, GAME), "--json")
    assert code == 0
    state = json.loads(out)
    assert state["game"] == "stein-im-brett" and state["finished"]
    assert state["totals"] == {"Ana": 8, "Ben": 4} and state["winners"] == ["Ana"]
    assert state["scores"] == [{"Ana": 1, "Ben": 1}, {"Ana": 4, "Ben": 2}, {"Ana": 3, "Ben": 1}]
    code, out, _ = run(capsys, "replay", write(tmp_path, GAME))
    assert code == 0 and out.startswith("Stein im Brett") and "Winners:   Ana with 8" in out


def test_replay_stops_at_an_illegal_line_with_status_3(capsys, tmp_path):
    bad = [*GAME[:4], record("Ben r4:blue r5:yellow r6:white")]  # Ana's turn
    path = write(tmp_path, bad)
    code, out, err = run(capsys, "replay", path)
    assert code == 3 and out == ""
    assert err.startswith("line 5: it is Ana's turn, not Ben's")
    code, out, _ = run(capsys, "replay", path, "--json")
    assert code == 3 and json.loads(out) == {
        "error": "it is Ana's turn, not Ben's: only Ana may place stones now (play goes clockwise)",
        "line": 5,
    }


def test_replay_stops_at_a_malformed_line_with_status_3(capsys, tmp_path):
    path = write(tmp_path, [*GAME[:3], {"type": "place", "player": "Ben", "stones": "r1"}])
    code, _, err = run(capsys, "replay", path)
    assert code == 3 and err.startswith("line 4: place: 'stones' must be a list of [field,")


def test_random_games_of_every_table_size_replay_to_the_end(capsys, tmp_path):
    for players in range(2, 7):
        lines = [to_record(a) for a in random_game(players, 11)]
        code, out, _ = run(capsys, "replay", write(tmp_path, lines), "--json")
        state = json.loads(out)
        assert code == 0 and state["finished"] and len(state["players"]) == players


def test_the_example_of_the_record_spec_replays_as_it_says(capsys, tmp_path):
    # docs/records.md, "Stein im Brett", "Example": the same lines as GAME, less the comment.
    from pathlib import Path

    doc = (Path(__file__).parents[3] / "docs" / "records.md").read_text()
    section = doc[doc.index("## Stein im Brett") :]
    example = section[section.index("```json") + len("```json") : section.index("```\n\nWhite")]
    lines = [json.loads(x) for x in example.strip().splitlines()]
    assert lines == [x for x in GAME if x["type"] != "comment"]
    code, out, _ = run(capsys, "replay", write(tmp_path, lines), "--json")
    state = json.loads(out)
    assert code == 0 and state["finished"] and state["winners"] == ["Ana"]
    assert state["scores"] == [{"Ana": 1, "Ben": 1}, {"Ana": 4, "Ben": 2}, {"Ana": 3, "Ben": 1}]
    assert state["totals"] == {"Ana": 8, "Ben": 4}
