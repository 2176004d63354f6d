"""Every request error is JSON with a reason; names are checked before any file exists;
undo names the action it takes back; a full disk is a JSON error and a notice."""

from __future__ import annotations

import threading

import pytest

from companion.dashboard import MAX_BODY_BYTES, create_app
from companion.dashboard.errors import MAX_JSON_DEPTH
from companion.games.common.records import NAME_MAX_CHARS
from companion.referee.service import GameService

START = {
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
CONDITION = {"type": "condition", "player": "Ana", "wins": "heavier"}
CALL = {"type": "call", "player": "Ana", "calls": "Ben"}
JSON = {"X-Companion": "1"}
RAW = {"X-Companion": "1", "Content-Type": "application/json"}


@pytest.fixture
def service(tmp_path):
    s = GameService(tmp_path)
    yield s
    s.close()


@pytest.fixture
def app(service):
    return create_app(service, test_config={"TESTING": True, "SSE_ONCE": True})


def _player(app):
    client = app.test_client()
    assert (
        client.post(
            "/api/session", json={"pin": app.extensions["companion.pairing"].code}
        ).status_code
        == 200
    )
    return client


@pytest.fixture
def player(app):
    return _player(app)


def _is_json_error(r, status: int) -> str:
    assert r.status_code == status, (r.status_code, r.data[:200])
    assert r.mimetype == "application/json"
    assert isinstance(r.json["error"], str) and r.json["error"]
    return r.json["error"]


# -- HTTP errors -----------------------------------------------------------------------


def test_an_unknown_path_is_a_json_404_naming_it(player):
    assert "/api/nothing" in _is_json_error(player.get("/api/nothing"), 404)


def test_a_wrong_method_is_a_json_405_naming_the_allowed_ones(player):
    r = player.put("/api/undo", json={}, headers=JSON)
    assert "POST" in _is_json_error(r, 405) and "POST" in r.headers["Allow"]


def test_invalid_json_is_a_400_that_says_so(player):
    r = player.post("/api/actions", data=b'{"type": "call",', headers=RAW)
    assert "not valid JSON" in _is_json_error(r, 400)
    r = player.post("/api/actions", data=b"\xff\xfe{}", headers=RAW)
    assert "not valid JSON" in _is_json_error(r, 400)


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 5000, 30000])
def test_deeply_nested_json_is_a_400_naming_the_limit(player, depth):
    body = b'{"type": ' + b"[" * depth + b"]" * depth + b"}"
    r = player.post("/api/actions", data=body, headers=RAW)
    assert f"at most {MAX_JSON_DEPTH} levels" in _is_json_error(r, 400)


def test_json_as_deep_as_allowed_reaches_the_rules(player):
    player.post("/api/games", json=START, headers=JSON)
    body = b'{"type": "call", "x": ' + b"[" * (MAX_JSON_DEPTH - 1) + b"]" * (MAX_JSON_DEPTH - 1)
    r = player.post("/api/actions", data=body + b"}", headers=RAW)
    assert "nested" not in _is_json_error(r, 400)  # the record format's own words


def test_a_body_over_the_limit_is_a_413_naming_it(player):
    r = player.post("/api/actions", data=b"[" + b" " * MAX_BODY_BYTES + b"]", headers=RAW)
    assert str(MAX_BODY_BYTES) in _is_json_error(r, 413)


def test_an_unexpected_failure_is_a_json_500_and_logged(player, service, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(service, "snapshot", broken)
    r = player.get("/api/state")
    message = _is_json_error(r, 500)
    assert "RuntimeError: a bug" in message and "log" in message
    assert any(rec.exc_info and "GET /api/state failed" in rec.message for rec in caplog.records)


# -- names -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("\ud800", "half of a surrogate pair"),
        ("Ana\u0007", "control character (U+0007)"),
        ("Ana\nBen", "control character (U+000A)"),
        ("   ", "is empty"),
        ("", "is empty"),
        ("A" * (NAME_MAX_CHARS + 1), f"{NAME_MAX_CHARS + 1} characters long"),
        ("An\u200ba", "unprintable character (U+200B)"),
    ],
)
@pytest.mark.parametrize("game", ["hinkel-stein", "stein-im-brett"])
def test_a_bad_name_is_refused_with_what_is_allowed_and_leaves_no_journal(
    player, tmp_path, name, said, game
):
    r = player.post("/api/games", json={"game": game, "players": [name, "Ben"]}, headers=JSON)
    message = _is_json_error(r, 400)
    assert said in message and f"1 to {NAME_MAX_CHARS} printable characters" in message
    assert list((tmp_path / "games").glob("*.journal*")) == []
    assert player.get("/api/games").json["games"] == []


def test_a_name_as_long_as_allowed_with_accents_and_spaces_is_taken(player):
    name = ("Zoë van der B" + "e" * NAME_MAX_CHARS)[:NAME_MAX_CHARS]
    r = player.post(
        "/api/games", json={"game": "stein-im-brett", "players": [name, "Ben"]}, headers=JSON
    )
    assert r.status_code == 200 and name in r.json["replay"]["players"]


def test_a_lone_surrogate_in_an_action_is_refused_as_json_and_changes_nothing(player):
    player.post("/api/games", json=START, headers=JSON)
    before = player.get("/api/state").json["game"]
    r = player.post(
        "/api/actions",
        data=b'{"type": "condition", "player": "\\ud800", "wins": "heavier"}',
        headers=RAW,
    )
    assert "is not playing" in _is_json_error(r, 409)  # the rules' words, as JSON
    assert player.get("/api/state").json["game"] == before


# -- a full disk -----------------------------------------------------------------------


def test_a_full_disk_is_a_507_with_a_reason_and_a_notice_on_every_dashboard(player, app, service):
    player.post("/api/games", json=START, headers=JSON)
    service._game.journal._con.execute("PRAGMA max_page_count = 1")  # a real SQLITE_FULL
    for i in range(400):  # bounded: the last page fills within a few hundred rows
        before = player.get("/api/state").json
        r = player.post("/api/actions" if i % 2 == 0 else "/api/undo", json=CONDITION, headers=JSON)
        if r.status_code != 200:
            break
    message = _is_json_error(r, 507)
    assert r.json["storage"] == "full" and "Free some space" in message
    watcher = app.test_client().get("/api/state").json  # another dashboard, no session
    assert message in watcher["notices"]
    assert watcher["game"] == before["game"] and watcher["replay"] == before["replay"]


def test_a_read_only_journal_is_a_503_with_a_reason(player, service):
    player.post("/api/games", json=START, headers=JSON)
    service._game.journal._con.execute("PRAGMA query_only = ON")  # SQLite's own refusal
    r = player.post("/api/actions", json=CONDITION, headers=JSON)
    assert "make it writable" in _is_json_error(r, 503) and r.json["storage"] == "read-only"


# -- undo names its action -------------------------------------------------------------


def _started(player) -> int:
    player.post("/api/games", json=START, headers=JSON)
    player.post("/api/actions", json=CONDITION, headers=JSON)
    return player.post("/api/actions", json=CALL, headers=JSON).json["game"]["row"]


def test_undo_by_row_takes_back_that_action(player):
    row = _started(player)
    r = player.post("/api/undo", json={"row": row}, headers=JSON)
    assert r.status_code == 200 and r.json["game"]["actions"] == 2


def test_undo_of_an_action_already_taken_back_is_refused_with_the_reason(player):
    row = _started(player)
    assert player.post("/api/undo", json={"row": row}, headers=JSON).status_code == 200
    r = player.post("/api/undo", json={"row": row}, headers=JSON)
    assert "already taken back by another tablet" in _is_json_error(r, 409)
    assert player.get("/api/state").json["game"]["actions"] == 2  # one taken back, not two


def test_undo_after_a_newer_action_came_is_refused_naming_it(player):
    player.post("/api/games", json=START, headers=JSON)
    row = player.post("/api/actions", json=CONDITION, headers=JSON).json["game"]["row"]
    player.post("/api/actions", json=CALL, headers=JSON)
    r = player.post("/api/undo", json={"row": row}, headers=JSON)
    message = _is_json_error(r, 409)
    assert "a newer action came" in message and "call by Ana" in message
    assert player.get("/api/state").json["game"]["actions"] == 3


@pytest.mark.parametrize("body", [{"row": "7"}, {"row": True}, {"row": 0}, {"count": 2, "row": 3}])
def test_a_malformed_undo_is_refused_with_the_reason(player, body):
    _started(player)
    r = player.post("/api/undo", json=body, headers=JSON)
    assert _is_json_error(r, 409) and player.get("/api/state").json["game"]["actions"] == 3


def test_undo_by_count_still_works(player):
    _started(player)
    assert player.post("/api/undo", json={"count": 2}, headers=JSON).json["game"]["actions"] == 1


def test_two_tablets_pressing_undo_at_once_take_back_one_action(app):
    """Two clients (sessions of their own) in two threads send the same row together."""
    tablets = [_player(app), _player(app)]
    row = _started(tablets[0])
    go = threading.Barrier(len(tablets))
    answers: list[int] = []

    def press(client):
        go.wait(timeout=5)
        answers.append(client.post("/api/undo", json={"row": row}, headers=JSON).status_code)

    threads = [threading.Thread(target=press, args=(t,)) for t in tablets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert sorted(answers) == [200, 409]
    assert tablets[1].get("/api/state").json["game"]["actions"] == 2


def test_undo_by_the_version_seen_is_refused_once_the_game_changed(player, service):
    _started(player)
    seen = player.get("/api/state").json["version"]
    service.device_status("camera", "ok")  # a change that is no action: still the same
    assert player.post("/api/undo", json={"version": seen}, headers=JSON).status_code == 200
    r = player.post("/api/undo", json={"version": seen}, headers=JSON)
    assert "the game changed since version" in _is_json_error(r, 409)
    assert player.get("/api/state").json["game"]["actions"] == 2
