"""``companion club league``, ``games`` and ``record`` on a club database."""

from __future__ import annotations

import json

from companion.cli import main
from companion.club.store import ClubStore
from companion.records import replay_path

from .test_store import game_rows


def make_db(tmp_path):
    db = tmp_path / "club.sqlite"
    store = ClubStore(db)
    rows, recs = game_rows("table-1", "20261201-190000-aaaaaa")
    store.add_rows(rows)
    later = "2026-12-01T19:05:00+00:00"
    store.add_rows(game_rows("table-2", "20261201-190500-bbbbbb", seed=4, t=later)[0][:20])
    store.close()
    return db, recs


def test_league_games_and_a_record_that_replays(tmp_path, capsys):
    db, recs = make_db(tmp_path)
    assert main(["club", "league", "--db", str(db)]) == 0
    csv = capsys.readouterr().out.splitlines()
    assert csv[0] == "evening,game,player,played,wins,points" and len(csv) == 1 + 12
    assert main(["club", "league", "--db", str(db), "--json", "--game", "hinkel-stein"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["games"]) == 2 and {r["played"] for r in data["league"]} == {1}
    assert main(["club", "games", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(
        "table-2 20261201-190500-bbbbbb hinkel-stein (Ana, Ben, Cleo): under way"
    )
    assert "finished, won by" in lines[1]
    out = tmp_path / "game.jsonl"
    assert main(["club", "record", "table-1", "20261201-190000-aaaaaa", "--db", str(db),
                 "-o", str(out)]) == 0  # fmt: skip
    assert [json.loads(x) for x in out.read_text().splitlines()] == recs
    assert replay_path(out).state.finished


def test_a_missing_game_or_database_is_named(tmp_path, capsys):
    db, _ = make_db(tmp_path)
    assert main(["club", "record", "table-9", "x", "--db", str(db)]) == 2
    assert "no game 'x' of table 'table-9'" in capsys.readouterr().err
    assert main(["club", "league", "--db", str(tmp_path / "none.sqlite")]) == 2
    assert "no club database at" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite").exists()


def test_serve_without_a_broker_says_how_to_give_one(tmp_path, capsys):
    assert main(["club", "serve", "--state-dir", str(tmp_path)]) == 2
    assert "no broker: give --mqtt mqtt://host" in capsys.readouterr().err
