"""The dashboard's JSON API with Flask's test client (docs/api.md)."""

from __future__ import annotations

import json
import re

import pytest

from companion.dashboard import create_app
from companion.referee.service import GameService

START = {
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
JSON = {"X-Companion": "1"}


@pytest.fixture
def service(tmp_path):
    s = GameService(tmp_path)
    yield s
    s.close()


@pytest.fixture
def app(service):
    return create_app(service, test_config={"TESTING": True, "SSE_ONCE": True})


@pytest.fixture
def client(app):
    return app.test_client()


def table_pin(app) -> str:
    """The table PIN now (a new one after each use)."""
    return app.extensions["companion.pairing"].code


@pytest.fixture
def player(client, app):
    """A client that has entered the table PIN."""
    assert client.post("/api/session", json={"pin": table_pin(app)}).status_code == 200
    return client


def test_anyone_may_watch_the_state(client):
    r = client.get("/api/state")
    assert r.status_code == 200 and r.json["game"] is None and r.json["session"] is False


def test_acting_needs_the_table_pin(client, app):
    r = client.post("/api/games", json=START, headers=JSON)
    assert r.status_code == 401 and "PIN" in r.json["error"]
    assert client.post("/api/session", json={"pin": "nope"}).status_code == 403
    assert client.post("/api/session", json={"pin": table_pin(app)}).json == {"session": True}
    assert client.post("/api/games", json=START, headers=JSON).status_code == 200


def test_cross_site_posts_are_refused(player):
    r = player.post("/api/games", json=START, headers={**JSON, "Origin": "http://evil.example"})
    assert r.status_code == 403
    form = player.post("/api/actions", data={"type": "tilt"})  # a plain HTML form post
    assert form.status_code == 400 and "X-Companion" in form.json["error"]
    same = player.post("/api/games", json=START, headers={**JSON, "Origin": "http://localhost"})
    assert same.status_code == 200


def test_a_game_is_played_through_the_api(player):
    snap = player.post("/api/games", json=START, headers=JSON).json
    assert snap["replay"]["awaiting"] == {"player": "Ana", "action": "condition"}
    snap = player.post(
        "/api/actions", json={"type": "condition", "player": "Ana", "wins": "lighter"}, headers=JSON
    ).json
    assert snap["view"]["round"]["condition"] == "lighter"
    # every offered choice is a ready record the API accepts as it is
    call_ben = next(c for c in snap["view"]["choices"] if c["label"] == "Ben")
    snap = player.post("/api/actions", json=call_ben["record"], headers=JSON).json
    assert snap["replay"]["awaiting"] == {"player": "Ben", "action": "stake"}


def test_an_illegal_action_answers_409_with_the_engines_reason(player):
    player.post("/api/games", json=START, headers=JSON)
    r = player.post(
        "/api/actions", json={"type": "condition", "player": "Ben", "wins": "heavier"}, headers=JSON
    )
    assert r.status_code == 409
    assert r.json == {"error": "only the chieftain (Ana) sets the victory condition"}


def test_a_malformed_action_answers_400(player):
    player.post("/api/games", json=START, headers=JSON)
    r = player.post("/api/actions", json={"type": "condition", "player": "Ana"}, headers=JSON)
    assert r.status_code == 400 and "missing field 'wins'" in r.json["error"]


def test_undo_takes_back_and_says_what_to_put_back(player):
    player.post("/api/games", json=START, headers=JSON)
    for rec in (
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Cleo"},
        {"type": "stake", "player": "Cleo", "add": 3},
    ):
        player.post("/api/actions", json=rec, headers=JSON)
    snap = player.post("/api/undo", json={"count": 1}, headers=JSON).json
    assert snap["replay"]["pot"] == 2
    assert "pot 2, supply 48" in snap["undo_hints"][0]
    r = player.post("/api/undo", json={"count": 9}, headers=JSON)
    assert r.status_code == 409 and "only 2 after the start" in r.json["error"]


def test_the_record_is_the_game_so_far_as_jsonl(player):
    player.post("/api/games", json=START, headers=JSON)
    player.post(
        "/api/actions", json={"type": "condition", "player": "Ana", "wins": "heavier"}, headers=JSON
    )
    r = player.get("/api/record")
    assert r.mimetype == "application/x-ndjson"
    lines = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    assert [x["type"] for x in lines] == ["start", "condition"]


def test_the_state_includes_what_replay_json_prints(player, tmp_path):
    from companion.cli import main

    player.post("/api/games", json=START, headers=JSON)
    player.post(
        "/api/actions", json={"type": "condition", "player": "Ana", "wins": "heavier"}, headers=JSON
    )
    path = tmp_path / "r.jsonl"
    path.write_bytes(player.get("/api/record").data)
    assert main(["replay", str(path), "--json"]) == 0


def test_events_start_with_a_full_snapshot(player):
    player.post("/api/games", json=START, headers=JSON)
    r = player.get("/api/events")
    assert r.mimetype == "text/event-stream"
    text = r.get_data(as_text=True)
    event = next(block for block in text.split("\n\n") if block.startswith("event: snapshot"))
    data = json.loads(event.split("data: ", 1)[1])
    assert data["replay"]["awaiting"] == {"player": "Ana", "action": "condition"}


def test_the_page_and_its_assets_are_served_locally(client):
    page = client.get("/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "http://" not in html and "https://" not in html  # nothing from the internet
    scripts = re.findall(r'src="([^"]+)"', html)
    assert {"/static/app.js", "/static/hinkel-stein.js", "/static/stein-im-brett.js"} <= set(
        scripts
    )
    for asset in (*scripts, "/static/app.css", "/static/icon.svg", "/manifest.webmanifest"):
        r = client.get(asset)
        assert r.status_code == 200, asset
        body = r.data.replace(b"http://www.w3.org/2000/svg", b"")  # a name, not a fetch
        assert b"http://" not in body and b"https://" not in body, asset
    assert client.get("/manifest.webmanifest").json["display"] == "fullscreen"


def test_new_game_with_a_bad_deal_says_what_is_wrong(player):
    r = player.post(
        "/api/games",
        json={"players": ["Ana", "Ben"], "deal": {"Ana": ["pillar"], "Ben": ["quartz"]}},
        headers=JSON,
    )
    assert r.status_code == 400 and "two kinds" in r.json["error"]


def test_the_boulder_holder_says_done_and_the_settled_scale_decides(player, service):
    from companion.sensing.observations import ScaleSettled

    player.post("/api/games", json=START, headers=JSON)
    records = [{"type": "condition", "player": "Ana", "wins": "heavier"}]
    for who, stone, space in (
        ("Ben", "H1", "L2"),
        ("Cleo", "Q1", "R2"),
        ("Ana", "P1", "L1"),
        ("Dora", "B2", "R1"),
    ):
        records += [
            {"type": "call", "player": "Ana", "calls": who},
            {"type": "stake", "player": who, "add": 1},
            {"type": "place", "player": who, "stones": [stone], "space": space},
        ]
    for rec in records:
        snap = player.post("/api/actions", json=rec, headers=JSON).json
    done = next(c for c in snap["view"]["choices"] if c["type"] == "done")
    assert done["player"] == "Dora" and done["endpoint"] == "/api/done"
    service.observe(ScaleSettled(1.0, 700.0, 500.0, "right", 3.0))
    snap = player.post("/api/done", json={}, headers=JSON).json
    assert snap["replay"]["round"] == 2 and snap["view"]["history"][0]["down"] == "right"


def test_earlier_games_are_kept_listed_and_exported(player):
    first = player.post("/api/games", json=START, headers=JSON).json["game"]["id"]
    player.post(
        "/api/actions", json={"type": "condition", "player": "Ana", "wins": "heavier"}, headers=JSON
    )
    second = player.post("/api/games", json={"players": ["Ana", "Ben"]}, headers=JSON).json["game"][
        "id"
    ]
    games = player.get("/api/games").json["games"]
    by_id = {g["id"]: g for g in games}
    assert by_id[second]["current"] and not by_id[first]["current"]
    assert by_id[first]["summary"]["awaiting"] == {"player": "Ana", "action": "call"}
    lines = player.get(f"/api/games/{first}/record").get_data(as_text=True).splitlines()
    assert [json.loads(x)["type"] for x in lines] == ["start", "condition"]
    assert player.get("/api/games/..%2Fpin/record").status_code == 404
    assert player.get("/api/games/20990101-000000-abcdef/record").status_code == 404


SIB = {
    "game": "stein-im-brett",
    "players": ["Ana", "Ben", "Cleo"],
    "colours": {"Ana": ["red", "yellow"], "Ben": ["green", "blue"], "Cleo": ["white", "black"]},
}


def test_a_stein_im_brett_game_is_started_and_played_through_the_api(player):
    snap = player.post("/api/games", json=SIB, headers=JSON).json
    assert snap["game"]["name"] == "stein-im-brett" and snap["replay"]["colours"] == SIB["colours"]
    snap = player.post("/api/actions", json={"type": "draw", "colour": "blue"}, headers=JSON).json
    assert snap["view"]["awaiting_text"] == "Ben places 3 stones"
    turn = {"type": "place", "player": "Ben", "stones": [["a1", "green"], ["a2", "green"],
                                                         ["g4", "red"]]}  # fmt: skip
    snap = player.post("/api/actions", json=turn, headers=JSON).json
    assert snap["view"]["advice"]["together"] == [["a1", "a2"]]
    r = player.post("/api/actions", json={**turn, "player": "Cleo"}, headers=JSON)
    assert r.status_code == 409 and "a1 is already taken" in r.json["error"]
    r = player.post("/api/undo", json={}, headers=JSON)
    assert "Take the green stone off a1" in r.json["undo_hints"][0]


def test_a_stein_im_brett_game_with_wrong_options_is_refused_with_the_reason(player):
    r = player.post("/api/games", json={**SIB, "deal": {}}, headers=JSON)
    assert r.status_code == 400 and "takes 'colours' and 'layout', not deal" in r.json["error"]
    r = player.post("/api/games", json={**SIB, "rng": 3}, headers=JSON)
    assert r.status_code == 400 and "not rng" in r.json["error"]
    r = player.post("/api/games", json={**SIB, "game": "go"}, headers=JSON)
    assert r.status_code == 400 and "Hinkel & Stein, Stein im Brett" in r.json["error"]
    r = player.post("/api/games", json={**SIB, "colours": {"Ana": ["red"]}}, headers=JSON)
    assert r.status_code == 400 and "lacks the colours of Ben" in r.json["error"]
    assert player.get("/api/state").json["game"] is None


def test_confirm_accepts_the_cameras_reading_of_a_field(player, service):
    from companion.games.stein_im_brett import DEFAULT
    from companion.sensing.observations import CellChange, CellsChanged

    player.post("/api/games", json=SIB, headers=JSON)
    player.post("/api/actions", json={"type": "draw", "colour": "blue"}, headers=JSON)
    turn = [["a1", "green"], ["b3", "blue"], ["g4", "red"]]
    player.post(
        "/api/actions", json={"type": "place", "player": "Ben", "stones": turn}, headers=JSON
    )
    seen = dict.fromkeys(DEFAULT.ids, "empty") | dict(turn) | {"b3": "black"}  # b3 misread
    changes = tuple(CellChange(f, "unknown", c, 0.9) for f, c in seen.items())
    service.observe(CellsChanged(1, "stein-im-brett", changes))
    warnings = player.get("/api/state").json["warnings"]
    assert len(warnings) == 1 and "b3 holds a blue stone, but the camera sees black" in warnings[0]
    assert player.post("/api/confirm", json={}, headers=JSON).json["warnings"] == []
    assert player.get("/api/state").json["warnings"] == []
    assert player.post("/api/confirm", json={}).status_code == 400  # no X-Companion header


def test_done_in_a_game_without_a_boulder_holder_is_refused_with_the_reason(player):
    player.post("/api/games", json=SIB, headers=JSON)
    r = player.post("/api/done", json={}, headers=JSON)
    assert r.status_code == 409 and "Stein im Brett has no boulder holder" in r.json["error"]
