"""The club's store and league: every row once, games folded, never counted twice."""

from __future__ import annotations

import json
import random
from datetime import UTC

import pytest

from companion.club import league
from companion.club.store import ClubStore, IncomingRow, evening_of
from companion.games.hinkel_stein.random_player import random_game
from companion.games.hinkel_stein.record import to_record
from companion.records import replay_path


def game_rows(table="t1", game_id="20261201-190000-aaaaaa", seed=3, t="2026-12-01T19:00:00+00:00"):
    recs = [to_record(a) for a in random_game(3, seed)]
    return [
        IncomingRow(table, game_id, i + 1, "hinkel-stein", "action", t, r)
        for i, r in enumerate(recs)
    ], recs


@pytest.fixture
def store(tmp_path):
    s = ClubStore(tmp_path / "club.sqlite", tz=UTC)
    yield s
    s.close()


def test_a_finished_game_counts_once_in_the_league(store):
    rows, _recs = game_rows()
    assert store.add_rows(rows) == len(rows)
    (g,) = store.games()
    assert g["finished"] and g["rows"] == len(rows) and g["players"] == ["Ana", "Ben", "Cleo"]
    lines = league.standings(league.league(store.games()))
    assert {r["player"]: r["played"] for r in lines} == {"Ana": 1, "Ben": 1, "Cleo": 1}
    assert sum(r["wins"] for r in lines) == len(g["winners"]) >= 1
    assert {r["player"]: r["points"] for r in lines} == g["points"]


def test_duplicates_and_a_republished_game_change_nothing(store):
    """QoS 1 redelivers, a restarted table sends its game again, rows come out of order."""
    seed = 11
    rows, _ = game_rows()
    shuffled = rows * 3
    random.Random(seed).shuffle(shuffled)
    for start in range(0, len(shuffled), 37):
        store.add_rows(shuffled[start : start + 37])
    assert store.row_count() == len(rows), f"seed {seed}"
    before = league.league(store.games())
    assert store.add_rows(rows) == 0
    assert league.league(store.games()) == before
    assert [r["played"] for r in league.standings(before)] == [1, 1, 1]


def test_a_game_with_a_gap_is_not_counted_until_the_row_arrives(store):
    rows, _ = game_rows()
    store.add_rows(rows[:50] + rows[51:])
    (g,) = store.games()
    assert not g["finished"] and g["rows"] == 50
    with pytest.raises(LookupError, match="row 51"):
        store.record("t1", g["game_id"])
    store.add_rows([rows[50]])
    assert store.games()[0]["finished"]


def test_an_undo_after_the_end_takes_the_game_out_of_the_league_again(store):
    rows, recs = game_rows()
    store.add_rows(rows)
    undo = IncomingRow(
        "t1", rows[0].game_id, len(rows) + 1, "hinkel-stein", "undo", rows[0].t_wall, {"count": 1}
    )
    store.add_rows([undo])
    assert not store.games()[0]["finished"]
    assert league.league(store.games()) == []
    again = IncomingRow(
        "t1", rows[0].game_id, len(rows) + 2, "hinkel-stein", "action", rows[0].t_wall, recs[-1]
    )
    store.add_rows([again])
    assert store.games()[0]["finished"]


def test_the_record_replays_with_companion_replay(store, tmp_path):
    rows, recs = game_rows()
    undo = IncomingRow(
        "t1", rows[0].game_id, 11, "hinkel-stein", "undo", rows[0].t_wall, {"count": 2}
    )
    again = [
        IncomingRow("t1", rows[0].game_id, 12 + i, "hinkel-stein", "action", rows[0].t_wall, r)
        for i, r in enumerate(recs[8:])
    ]
    store.add_rows([*rows[:10], undo, *again])
    record = store.record("t1", rows[0].game_id)
    assert record == recs
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in record), encoding="utf-8")
    result = replay_path(path)
    assert result.rules.to_json(result.state)["winners"] == store.games()[0]["winners"]


def test_two_tables_two_evenings_and_the_league_scopes(store):
    a, _ = game_rows("t1", "g1", seed=3, t="2026-12-01T19:00:00+00:00")
    b, _ = game_rows("t2", "g2", seed=4, t="2026-12-02T01:30:00+00:00")  # after midnight
    c, _ = game_rows("t1", "g3", seed=5, t="2026-12-08T19:00:00+00:00")
    store.add_rows(a + b + c)
    games = store.games()
    assert {g["game_id"]: g["evening"] for g in games} == {
        "g1": "2026-12-01",
        "g2": "2026-12-01",
        "g3": "2026-12-08",
    }
    lines = league.league(games)
    overall = league.standings(lines)
    assert {r["played"] for r in overall} == {3}
    assert {r["played"] for r in league.standings(lines, evening="2026-12-01")} == {2}
    assert league.standings(lines, game="hinkel-stein") == [
        dict(r, game="hinkel-stein") for r in overall
    ]
    text = league.to_csv(lines)
    assert text.splitlines()[0] == "evening,game,player,played,wins,points"
    assert len(text.splitlines()) == 1 + len(lines)


def test_evening_turns_at_noon():
    assert evening_of("2026-12-02T11:59:00+00:00", tz=UTC) == "2026-12-01"
    assert evening_of("2026-12-02T12:00:00+00:00", tz=UTC) == "2026-12-02"


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        ({"v": 2}, "version-1"),
        (
            {
                "v": 1,
                "game_id": "g",
                "game": "hinkel-stein",
                "kind": "action",
                "t_wall": "x",
                "record": {},
                "seq": 0,
            },
            "'seq' is a whole number from 1",
        ),
        (
            {
                "v": 1,
                "game_id": "g",
                "game": "x",
                "kind": "drop",
                "t_wall": "x",
                "record": {},
                "seq": 1,
            },
            "action or undo",
        ),
        ({"v": 1, "game": "x"}, "'game_id' missing"),
    ],
)
def test_a_malformed_row_is_refused_with_the_reason(payload, why):
    with pytest.raises(ValueError, match=why):
        IncomingRow.from_payload("t1", payload)


def test_another_sqlite_file_is_not_taken_for_a_club_database(tmp_path):
    import sqlite3

    from companion.club.store import ClubStoreError

    path = tmp_path / "other.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    con.execute("INSERT INTO meta VALUES ('application', 'something-else')")
    con.commit()
    con.close()
    with pytest.raises(ClubStoreError, match="not a club database"):
        ClubStore(path)
