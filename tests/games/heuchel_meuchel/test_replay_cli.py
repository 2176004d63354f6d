"""``companion replay`` finds Heuchel & Meuchel by the start line's ``game`` and prints
the state; an illegal line stops it with exit status 3 and ``line N: reason``."""

from __future__ import annotations

import json

from companion.cli import main
from companion.games.heuchel_meuchel import to_record
from companion.games.heuchel_meuchel.random_player import random_game


def write(tmp_path, objs, name="game.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    return str(path)


def test_companion_replay_prints_the_state_of_a_heuchel_meuchel_record(tmp_path, capsys):
    objs = [to_record(a) for a in random_game(3, seed=5)]
    assert main(["replay", write(tmp_path, objs), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "heuchel-meuchel" and out["finished"] is True
    assert out["players"] == ["Ana", "Ben", "Cid"] and out["winners"]
    assert set(out["scores"]) == {"Ana", "Ben", "Cid"} and out["awaiting"] is None


def test_companion_replay_prints_a_readable_board_without_json(tmp_path, capsys):
    objs = [to_record(a) for a in random_game(2, seed=1, dice=True)[:5]]
    assert main(["replay", write(tmp_path, objs)]) == 0
    text = capsys.readouterr().out
    assert "Heuchel & Meuchel, 2 players, dice variant" in text and "Awaiting:" in text


def test_companion_replay_exits_3_naming_the_illegal_line(tmp_path, capsys):
    start = to_record(random_game(2, seed=1)[0])
    objs = [start, {"type": "comment", "text": "Ben tries to go first"}]
    objs.append({"type": "move", "player": "Ben", "row": 2, "cards": 1, "to": 3})
    assert main(["replay", write(tmp_path, objs), "--json"]) == 3
    out = json.loads(capsys.readouterr().out)
    assert out["line"] == 3 and "it is Ana's turn" in out["error"]


def test_companion_replay_exits_3_on_a_malformed_line(tmp_path, capsys):
    start = to_record(random_game(2, seed=1)[0])
    path = write(
        tmp_path, [start, {"type": "move", "player": "Ana", "row": 99, "cards": 1, "to": 3}]
    )
    assert main(["replay", path]) == 3
    assert "line 2: move: 'row' must be a row from 1 to 13, not 99" in capsys.readouterr().err
