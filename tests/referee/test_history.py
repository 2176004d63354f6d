"""The game history from an index kept beside the journals (the journals stay the truth)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.dashboard import create_app
from companion.journal import Journal
from companion.records import replay_path
from companion.referee import history, state_files
from companion.referee.service import GameService

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
ACTIONS = [
    {"type": "condition", "player": "Ana", "wins": "heavier"},
    {"type": "call", "player": "Ana", "calls": "Ben"},
    {"type": "stake", "player": "Ben", "add": 2},
]


def _kept_games(state_dir: Path, n: int) -> list[str]:
    """``n`` journals with 0, 1, 2, 3, 0, ... actions, ids one second apart; newest first."""
    games = state_dir / "games"
    games.mkdir(parents=True, exist_ok=True)
    ids = []
    for i in range(n):
        game_id = f"20260101-{i // 3600:02d}{i // 60 % 60:02d}{i % 60:02d}-{i:06x}"
        with Journal(games / f"{game_id}.journal") as j:
            j.append(START)
            for record in ACTIONS[: i % 4]:
                j.append(record)
        ids.append(game_id)
    return ids[::-1]


def _replayed(path: Path) -> dict:
    r = replay_path(path)
    return r.rules.to_json(r.state)


@pytest.fixture
def service(tmp_path):
    s = GameService(tmp_path)
    yield s
    s.close()


def test_the_history_lists_every_kept_game_newest_first_with_its_replayed_summary(tmp_path):
    ids = _kept_games(tmp_path, 6)
    s = GameService(tmp_path)
    try:
        page = s.games()
        assert [g["id"] for g in page["games"]] == ids and page["next"] is None
        for g in page["games"]:
            assert g["summary"] == _replayed(tmp_path / "games" / f"{g['id']}.journal")
            assert g["current"] is False
    finally:
        s.close()


def test_the_game_under_way_is_marked_and_its_summary_follows_each_action(service, tmp_path):
    service.new_game(START)
    service.submit(ACTIONS[0])
    (game,) = service.games()["games"]
    assert game["current"] is True
    assert game["summary"] == _replayed(tmp_path / "games" / f"{game['id']}.journal")
    service.submit(ACTIONS[1])
    assert service.games()["games"][0]["summary"] == service.snapshot()["replay"]


def test_a_second_listing_replays_nothing(tmp_path, monkeypatch):
    ids = _kept_games(tmp_path, 5)
    s = GameService(tmp_path)
    try:
        first = s.games()

        def no_replay(path):
            raise AssertionError(f"replayed {path}")

        monkeypatch.setattr(history, "replay_path", no_replay)
        assert s.games() == first and len(first["games"]) == len(ids)
    finally:
        s.close()


def test_a_deleted_index_is_rebuilt_from_the_journals(tmp_path):
    _kept_games(tmp_path, 5)
    s = GameService(tmp_path)
    first = s.games()
    s.close()
    index = tmp_path / "games" / history.INDEX_FILE
    for p in tmp_path.glob("games/index.sqlite*"):
        p.unlink()
    s = GameService(tmp_path)
    try:
        assert s.games() == first and index.exists()
    finally:
        s.close()


def test_a_damaged_index_is_made_anew(tmp_path):
    _kept_games(tmp_path, 3)
    (tmp_path / "games").mkdir(exist_ok=True)
    (tmp_path / "games" / history.INDEX_FILE).write_bytes(b"not an index at all\n" * 100)
    s = GameService(tmp_path)
    try:
        games = s.games()["games"]
        assert len(games) == 3 and all("error" not in g["summary"] for g in games)
    finally:
        s.close()


def test_a_journal_changed_since_it_was_indexed_is_replayed_again(tmp_path):
    ids = _kept_games(tmp_path, 4)
    s = GameService(tmp_path)
    try:
        oldest = tmp_path / "games" / f"{ids[-1]}.journal"  # only its start
        (before,) = [g for g in s.games()["games"] if g["id"] == ids[-1]]
        with Journal(oldest) as j:
            j.append(ACTIONS[0])
        (game,) = [g for g in s.games()["games"] if g["id"] == ids[-1]]
        assert game["summary"] == _replayed(oldest)
        assert game["summary"] != before["summary"]
    finally:
        s.close()


def test_a_damaged_journal_is_listed_with_its_error(tmp_path):
    ids = _kept_games(tmp_path, 2)
    bad = "20260102-000000-badbad"
    (tmp_path / "games" / f"{bad}.journal").write_bytes(b"garbage" * 50)
    s = GameService(tmp_path)
    try:
        games = s.games()["games"]
        assert [g["id"] for g in games] == [bad, *ids]
        assert "error" in games[0]["summary"] and "error" not in games[1]["summary"]
    finally:
        s.close()


def test_a_new_game_adds_itself_and_keeps_the_previous_one_in_the_index(service, monkeypatch):
    service.new_game(START)
    service.submit(ACTIONS[0])
    first = service.games()["games"][0]
    service.new_game(START)
    monkeypatch.setattr(history, "replay_path", lambda p: (_ for _ in ()).throw(AssertionError))
    games = {g["id"]: g for g in service.games()["games"]}  # one second: either order
    assert len(games) == 2 and games[first["id"]]["current"] is False
    assert games[first["id"]]["summary"] == first["summary"]  # stored when the next began


def test_pages_go_back_in_time_with_before_and_next(tmp_path):
    ids = _kept_games(tmp_path, 7)
    s = GameService(tmp_path)
    try:
        seen, before = [], None
        for _ in range(10):  # bounded
            page = s.games(limit=3, before=before)
            seen += [g["id"] for g in page["games"]]
            before = page["next"]
            if before is None:
                break
        assert seen == ids
        with pytest.raises(ValueError, match="limit"):
            s.games(limit=0)
        with pytest.raises(ValueError, match="game id"):
            s.games(before="../x")
    finally:
        s.close()


def test_the_api_pages_and_refuses_a_bad_limit_with_the_reason(tmp_path):
    ids = _kept_games(tmp_path, 4)
    s = GameService(tmp_path)
    try:
        client = create_app(s, test_config={"TESTING": True}).test_client()
        r = client.get("/api/games?limit=2")
        assert [g["id"] for g in r.json["games"]] == ids[:2] and r.json["next"] == ids[1]
        r = client.get(f"/api/games?limit=2&before={ids[1]}")
        assert [g["id"] for g in r.json["games"]] == ids[2:] and r.json["next"] is None
        bad_queries = ("limit=0", "limit=abc", "limit=²", f"limit={history.MAX_LIMIT + 1}")
        for bad in (*bad_queries, "before=nope"):
            r = client.get(f"/api/games?{bad}")
            assert r.status_code == 400 and r.json["error"], bad
    finally:
        s.close()


def test_games_started_in_the_same_second_are_listed_in_the_order_they_began(tmp_path):
    """Ids sort by time to the millisecond, and a later game sorts last even when it
    begins in the same millisecond as earlier ones."""
    now = datetime(2026, 12, 1, 20, 15, 7, 250_000, tzinfo=UTC)
    games = tmp_path / "games"
    games.mkdir()
    names = []
    for _ in range(20):  # all in one millisecond: only the bump keeps them in order
        names.append(state_files.new_journal_name(games, now))
        (games / names[-1]).touch()
    assert names == sorted(names) and len(set(names)) == 20
    assert names[0].startswith("20261201-201507-0fa")  # 250 ms = 0x0fa
    later = state_files.new_journal_name(games, now.replace(microsecond=900_000))
    assert later > names[-1]


def test_the_history_lists_quickly_started_games_newest_first(service):
    firsts = []
    for i in range(6):
        names = [f"A{i}", f"B{i}", f"C{i}", f"D{i}"]
        deal = dict(zip(names, START["deal"].values(), strict=True))
        service.new_game(dict(START, players=names, deal=deal))
        firsts.append(names[0])
    listed = [g["summary"]["players"][0] for g in service.games()["games"]]
    assert listed == firsts[::-1]
