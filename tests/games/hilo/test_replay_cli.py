"""``companion replay`` reads HiLo records: the registry finds the game by its start
line, the state prints as JSON, and a bad line stops the replay with status 3."""

from __future__ import annotations

import json

from companion.cli import main
from companion.games.hilo.random_player import random_game
from companion.games.hilo.record import to_record

from .script import record, start_record
from .test_whole_games import TWO_PLAYER_GAME


def write(tmp_path, objs, name="hilo.jsonl"):
    p = tmp_path / name
    p.write_text("\n".join(o if isinstance(o, str) else json.dumps(o) for o in objs) + "\n")
    return p


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_prints_the_final_state_of_a_hand_worked_game_as_json(capsys, tmp_path):
    objs = [start_record(), {"type": "comment", "text": "worked by hand"}]
    objs += [record(line) for line in TWO_PLAYER_GAME]
    code, out, _ = run(capsys, "replay", write(tmp_path, objs), "--json")
    assert code == 0
    state = json.loads(out)
    assert list(state) == [
        "game", "players", "finished", "catalogue", "turn", "turns", "layouts", "discard",
        "draw_pile", "drawn", "scores", "ended_by", "winners", "awaiting",
    ]  # fmt: skip
    assert state["game"] == "hilo" and state["finished"] is True
    assert state["scores"] == {"Ana": 6, "Ben": 2} and state["winners"] == ["Ana"]
    assert state["layouts"]["Ana"]["top"] == ["r", "l", "mage", "dk", "star", "blank"]


def test_replay_of_a_game_under_way_says_whose_turn_and_what_is_awaited(capsys, tmp_path):
    objs = [start_record()] + [record(line) for line in TWO_PLAYER_GAME[:5]]  # Ana drew dk
    code, out, _ = run(capsys, "replay", write(tmp_path, objs), "--json")
    state = json.loads(out)
    assert code == 0 and state["turn"] == "Ana" and state["drawn"] == "dk"
    assert state["awaiting"] == {
        "player": "Ana",
        "action": "decide",
        "types": ["exchange", "discard"],
    }
    assert state["layouts"]["Ben"]["bottom"] == [None, None, None, None, None, "r"]
    code, out, _ = run(capsys, "replay", write(tmp_path, objs))
    assert code == 0 and "Ana holds the drawn dk" in out
    assert "Awaiting:   Ana to exchange the drawn card into the layout" in out


def test_replay_reads_a_generated_game_with_the_provisional_catalogue(capsys, tmp_path):
    objs = [to_record(a) for a in random_game(4, 11)]
    assert objs[0] == {"type": "start", "game": "hilo", "players": ["Ana", "Ben", "Cleo", "Dora"],
                       "catalogue": "provisional-69"}  # fmt: skip
    code, out, _ = run(capsys, "replay", write(tmp_path, objs), "--json")
    state = json.loads(out)
    assert code == 0 and state["finished"] and state["awaiting"] is None
    code, out, _ = run(capsys, "replay", write(tmp_path, objs))
    assert code == 0 and "Winners:" in out and "(provisional)" in out


def test_an_illegal_line_stops_the_replay_with_status_3_and_its_line_number(capsys, tmp_path):
    objs = [start_record(), record("upturn blank"), record("Ana reveal T1 star"),
            record("Ana reveal T2 wolf")]  # fmt: skip
    path = write(tmp_path, objs)
    code, out, err = run(capsys, "replay", path)
    assert code == 3 and out == ""
    assert err.startswith("line 4: ") and "Ana has already turned over a starting card" in err
    code, out, _ = run(capsys, "replay", path, "--json")
    assert code == 3
    assert json.loads(out) == {
        "error": "Ana has already turned over a starting card; each player turns over one;"
        " waiting for Ben to turn over a starting card (reveal)",
        "line": 4,
    }


def test_a_malformed_line_stops_the_replay_with_status_3_and_its_line_number(capsys, tmp_path):
    objs = [start_record(), "", record("upturn blank"), {"type": "upturn", "card": 3}]
    code, _, err = run(capsys, "replay", write(tmp_path, objs))
    assert code == 3 and err.startswith("line 4: ") and "'card' must be a card id" in err
