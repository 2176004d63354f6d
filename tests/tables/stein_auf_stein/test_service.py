"""Stein auf Stein through the one service: a whole game from the tablet alone (as with
``companion run --no-sensors``), the camera's records journaled, resume after a restart,
undo hints, and clear refusals of bad entries."""

from __future__ import annotations

import random

import pytest

from companion.errors import IllegalAction, MalformedRecord
from companion.games.stein_auf_stein import to_record
from companion.games.stein_auf_stein.names import VARIANTS
from companion.games.stein_auf_stein.random_player import RandomPlayer
from companion.referee.service import GameService
from companion.sensing.observations import AreaSeen, BlocksSeen, DieSeen

GAME = "stein-auf-stein"


def players_for(variant: str) -> list[str]:
    return ["Mia"] if variant == "solo" else ["Mia", "Noah", "Lea"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_game_is_played_from_the_tablet_alone(tmp_path, variant):
    seed = 7 + VARIANTS.index(variant)
    service = GameService(tmp_path)
    snap = service.start_game(players_for(variant), game=GAME, options={"variant": variant})
    assert snap["view"]["variant"] == variant
    player = RandomPlayer(seed)
    for _ in range(500):
        state = service.game_state
        if state.finished:
            break
        snap = service.snapshot()
        offered = {c["type"] for c in snap["view"]["choices"]}
        action = player.choose(state)
        record = to_record(action)
        assert record["type"] in offered, (seed, record, offered)
        service.submit(record)
    state = service.game_state
    assert state.finished, f"seed {seed}: not finished"
    view = service.snapshot()["view"]
    assert view["finished"] and view["awaiting"] is None
    assert [p["name"] for p in view["players"] if p["winner"]] == list(state.winners)
    service.close()
    again = GameService(tmp_path)  # journal resume: the same game, the same end
    assert again.game_state == state
    again.close()


def test_resume_mid_game_keeps_the_turn_and_the_blocks(tmp_path):
    service = GameService(tmp_path)
    service.start_game(["Mia", "Noah"], game=GAME, options={"variant": "basic"})
    service.submit({"type": "roll", "player": "Mia", "colour": "red"})
    service.submit({"type": "lift", "player": "Mia", "blocks": ["R2", "B1"]})
    service.submit({"type": "roll", "player": "Noah", "colour": "green"})
    before = service.game_state
    service.close()
    again = GameService(tmp_path)
    assert again.game_state == before
    assert again.snapshot()["view"]["awaiting"] == {"player": "Noah", "action": "lift", "of": None}
    again.close()


def test_undo_says_what_to_put_back_on_the_site(tmp_path):
    service = GameService(tmp_path)
    service.start_game(["Mia", "Noah"], game=GAME)
    service.submit({"type": "roll", "player": "Mia", "colour": "red"})
    service.submit({"type": "lift", "player": "Mia", "blocks": ["R2", "B1"]})
    snap = service.undo(1)
    assert snap["undo_hints"] == [
        "Put R2 back on the building site, button up; then Mia tries with the crane again"
    ]
    snap = service.undo(1)
    assert snap["undo_hints"] == ["Mia rolls the die again"]
    service.close()


def test_bad_entries_are_refused_with_what_is_allowed_and_nothing_lost(tmp_path):
    service = GameService(tmp_path)
    with pytest.raises(MalformedRecord, match="2 to 4 players"):
        service.start_game(["Mia", "Noah", "Lea", "Ben", "Ida"], game=GAME)
    with pytest.raises(MalformedRecord, match="variants are"):
        service.start_game(["Mia", "Noah"], game=GAME, options={"variant": "giant"})
    service.start_game(["Mia", "Noah"], game=GAME)
    service.submit({"type": "roll", "player": "Mia", "colour": "red"})
    with pytest.raises(IllegalAction, match="there is no block 'X9'"):
        service.submit({"type": "lift", "player": "Mia", "blocks": ["X9"]})
    assert service.game_state.rolled == "red"  # nothing lost
    service.close()


def test_solo_is_the_default_for_one_player(tmp_path):
    service = GameService(tmp_path)
    snap = service.start_game(["Mia"], game=GAME)
    assert snap["view"]["variant"] == "solo" and snap["view"]["solo"]
    service.close()


def test_the_camera_plays_a_turn_through_the_service_and_it_is_journaled(tmp_path):
    service = GameService(tmp_path)
    service.start_game(["Mia", "Noah"], game=GAME)
    assert service.camera_layout == GAME
    all_ids = [b.id for b in service.game_state.catalogue.blocks]
    rest = tuple(b for b in all_ids if b != "Y2")
    service.observe(BlocksSeen(1.0, GAME, tuple(all_ids)))
    service.observe(DieSeen(2.0, GAME, None, "rolling"))
    service.observe(DieSeen(3.0, GAME, "yellow"))
    assert service.game_state.rolled == "yellow"
    service.observe(BlocksSeen(4.0, GAME, rest, hand=True))
    service.observe(BlocksSeen(5.0, GAME, rest, (), (AreaSeen("player1", ("Y2",), 45.0),)))
    state = service.game_state
    assert state.kept[0] == ("Y2",) and state.turn == 1
    assert service.accepted[("sensor", "roll")] == 1
    assert service.accepted[("sensor", "lift")] == 1
    record = service.record_jsonl()
    assert '"type": "lift", "player": "Mia", "blocks": ["Y2"]' in record
    service.close()


def test_a_camera_warning_shows_on_the_dashboard(tmp_path):
    service = GameService(tmp_path)
    service.start_game(["Mia", "Noah"], game=GAME)
    ids = [b.id for b in service.game_state.catalogue.blocks]
    service.observe(BlocksSeen(1.0, GAME, tuple(b for b in ids if b != "G1"), ("G1",)))
    snap = service.snapshot()
    assert any("green block G1" in w for w in snap["warnings"])
    assert snap["view"]["turned"] == ["G1"]
    assert {s["id"]: s["seen"] for s in snap["view"]["site"]}["G1"] == "turned"
    service.close()


def test_start_options_are_checked(tmp_path):
    service = GameService(tmp_path)
    with pytest.raises(MalformedRecord, match="takes variant"):
        service.start_game(["Mia", "Noah"], game=GAME, options={"colours": {}})
    rng = random.Random(1)
    snap = service.start_game(["Mia", "Noah"], game=GAME, options={"variant": "yardstick"}, rng=rng)
    assert snap["view"]["scoring"] == "measured"
    service.close()


def test_the_childrens_pictures_are_kept_across_a_restart_and_out_of_the_record(tmp_path):
    service = GameService(tmp_path)
    service.start_game(["Mia", "Noah"], game=GAME, options={"variant": "basic"})
    assert service.snapshot()["game"]["looks"] == {}  # none chosen yet: the page's defaults
    service.set_looks({"Mia": {"picture": "cat", "colour": "#29A0B1"}})
    service.set_looks({"Noah": {"picture": "moon", "colour": "#e4572e"}})
    service.submit({"type": "roll", "player": "Mia", "colour": "red"})
    record = service.record_jsonl()
    game_id = service.snapshot()["game"]["id"]
    service.close()
    again = GameService(tmp_path)
    snap = again.snapshot()
    assert snap["game"]["id"] == game_id
    assert snap["game"]["looks"] == {
        "Mia": {"picture": "cat", "colour": "#29a0b1"},
        "Noah": {"picture": "moon", "colour": "#e4572e"},
    }
    assert again.record_jsonl() == record and "cat" not in record  # the record as it was
    again.start_game(["Ida", "Ben"], game=GAME, options={"variant": "basic"})
    assert again.snapshot()["game"]["looks"] == {}  # a new game starts without them
    again.close()


@pytest.mark.parametrize(
    ("looks", "says"),
    [
        ({"Zoe": {"picture": "cat", "colour": "#29a0b1"}}, "'Zoe' does not play this game"),
        ({"Mia": {"picture": "dragon", "colour": "#29a0b1"}}, "star, heart, sun"),
        ({"Mia": {"picture": "cat", "colour": "teal"}}, "not a colour like #e4572e"),
        ({"Mia": {"picture": "cat"}}, "exactly a picture and a colour"),
        ([], "for one or more players"),
    ],
)
def test_a_bad_look_is_refused_naming_what_is_allowed_and_the_kept_looks_stay(
    tmp_path, looks, says
):
    service = GameService(tmp_path)
    service.start_game(["Mia", "Noah"], game=GAME, options={"variant": "basic"})
    service.set_looks({"Mia": {"picture": "sun", "colour": "#f3a712"}})
    with pytest.raises(ValueError, match=says):
        service.set_looks(looks)
    assert service.snapshot()["game"]["looks"] == {"Mia": {"picture": "sun", "colour": "#f3a712"}}
    service.close()


def test_a_damaged_looks_file_gives_the_defaults_and_is_replaced_whole(tmp_path):
    service = GameService(tmp_path)
    service.start_game(["Mia", "Noah"], game=GAME, options={"variant": "basic"})
    service.close()
    (tmp_path / "looks.json").write_text("{not json", encoding="utf-8")
    again = GameService(tmp_path)
    assert again.snapshot()["game"]["looks"] == {}
    again.set_looks({"Noah": {"picture": "fish", "colour": "#4caf50"}})
    again.close()
    third = GameService(tmp_path)
    assert third.snapshot()["game"]["looks"] == {"Noah": {"picture": "fish", "colour": "#4caf50"}}
    third.close()


def test_the_api_sets_a_childs_picture_only_with_a_session_and_says_what_is_wrong(tmp_path):
    from companion.dashboard import create_app

    service = GameService(tmp_path)
    app = create_app(service, test_config={"TESTING": True, "SSE_ONCE": True})
    client = app.test_client()
    headers = {"X-Companion": "1"}
    body = {"looks": {"Mia": {"picture": "house", "colour": "#8e5cc9"}}}
    assert client.post("/api/looks", json=body, headers=headers).status_code == 401
    pin = app.extensions["companion.pairing"].code
    assert client.post("/api/session", json={"pin": pin}).status_code == 200
    assert client.post("/api/looks", json=body, headers=headers).status_code == 409  # no game
    service.start_game(["Mia", "Noah"], game=GAME, options={"variant": "basic"})
    r = client.post("/api/looks", json=body, headers=headers)
    assert r.status_code == 200 and r.json["game"]["looks"]["Mia"]["picture"] == "house"
    bad = client.post("/api/looks", json={"looks": {"Mia": {"picture": "x", "colour": "#000000"}}},
                      headers=headers)  # fmt: skip
    assert bad.status_code == 400 and "house" in bad.json["error"]
    bad = client.post("/api/looks?lang=de", json={"looks": {"Mia": {"picture": "x",
                      "colour": "#000000"}}}, headers=headers)  # fmt: skip
    assert bad.status_code == 400
    assert bad.json["error"].startswith("das Bild 'x' von Mia ist keines, das die Seite zeichnet")
    assert client.get("/api/state").json["game"]["looks"]["Mia"]["picture"] == "house"
    service.close()
