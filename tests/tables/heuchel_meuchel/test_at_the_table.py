"""Heuchel & Meuchel through the service and the API: what the shared page may know, the
seat codes and private views, undo across a favour, and resuming from the journal."""

from __future__ import annotations

import json

import pytest

from companion.dashboard import create_app
from companion.games.heuchel_meuchel import Take
from companion.games.heuchel_meuchel.record import to_record
from companion.referee.service import GameService, RecordHidden
from companion.sensing.observations import CellChange, CellsChanged
from companion.tables.heuchel_meuchel.cells import expected

JSON = {"X-Companion": "1"}
#: Ana: Fire-Eaters 5 on 2 on 1, then a Minstrel, a Quack and a Bishop; Ben and Cid one
#: card of each class (Cid's Lady 2 under nothing: the Lady 2 is his Lady square).
STACKS = {
    "Ana": [["F5", "F2", "F1"], ["M1"], ["Q1"], ["B1"]],
    "Ben": [["F3"], ["M2"], ["Q2"], ["L2"], ["B2"], ["P2"]],
    "Cid": [["F4"], ["M3"], ["Q3"], ["L3"], ["B3"], ["P3"]],
}


@pytest.fixture
def service(tmp_path):
    s = GameService(tmp_path)
    yield s
    s.close()


def start(service: GameService, **options) -> None:
    service.start_game(["Ana", "Ben", "Cid"], game="heuchel-meuchel", stacks=STACKS, **options)


def see(service: GameService, t: float, cells: dict[str, str]) -> None:
    changes = tuple(CellChange(c, "unknown", v, 0.95) for c, v in cells.items())
    service.observe(CellsChanged(t, "heuchel-meuchel", changes))


def see_board(service: GameService, t: float) -> None:
    """The camera settles on the board exactly as the record has it."""
    see(service, t, expected(service.game_state))


def test_the_shared_page_never_shows_what_lies_under_a_top_card(service):
    start(service)
    see_board(service, 1.0)
    text = json.dumps(service.snapshot())
    assert '"F5"' in text  # the top card is in sight
    assert '"F2"' not in text and '"F1"' not in text  # the cards under it are not
    col = service.snapshot()["view"]["players"][0]["squares"]
    assert col[0]["unit"] == {"top": "F5", "count": 3, "flipped": False}
    assert service.snapshot()["view"]["players"][0]["score"] is None
    with pytest.raises(RecordHidden):
        service.record_jsonl()


def test_a_seat_code_opens_that_players_own_stacks_only(service):
    start(service)
    codes = service.seat_codes()
    assert set(codes) == {"Ana", "Ben", "Cid"} and len(set(codes.values())) == 3
    assert service.seat_codes() == codes  # the same codes for the whole game
    mine = service.seat_view(codes["Ana"].lower())
    assert mine["viewer"] == "Ana"
    assert mine["players"][0]["squares"][0]["unit"]["cards"] == ["F5", "F2", "F1"]
    assert isinstance(mine["players"][0]["score"], int)
    ben = service.seat_view(codes["Ben"])
    assert "F2" not in json.dumps(ben)
    with pytest.raises(LookupError):
        service.seat_view("AAAAAA" if "AAAAAA" not in codes.values() else "BBBBBB")


def test_the_api_gives_seat_codes_only_with_a_session_and_views_by_code(service, tmp_path):
    app = create_app(service, test_config={"TESTING": True, "SSE_ONCE": True})
    client = app.test_client()
    start(service)
    assert client.post("/api/seat-codes", json={}, headers=JSON).status_code == 401
    assert client.get("/api/record").status_code == 403
    pin = app.extensions["companion.pairing"].code
    assert client.post("/api/session", json={"pin": pin}).status_code == 200
    codes = client.post("/api/seat-codes", json={}, headers=JSON).json["codes"]
    other = app.test_client()  # a phone without a session
    r = other.get(f"/api/seat/{codes['Cid']}")
    assert r.status_code == 200 and r.json["viewer"] == "Cid"
    assert other.get("/api/seat/NOPE99").status_code == 404
    assert other.get("/seat").status_code == 200


def test_undo_across_a_favour_says_which_cards_go_back_where(service):
    start(service)
    see_board(service, 1.0)
    see(service, 2.0, {"c1r5": "empty", "c1r6": "B1"})  # Ana's Bishop steps up
    see(service, 3.0, {"c2r1": "empty", "c2r7": "F3"})  # Ben's Fire-Eater jumps to row 7
    see(service, 4.0, {"c3r1": "empty", "c3r7": "F4"})  # Cid's too, beside it
    see(service, 5.0, {"c2r7": "empty"})  # and takes Ben's under his wing
    assert service.game_state.unit(2, 7).cards == ("F4", "F3")
    service.undo(1)
    assert service.last_undo == [
        "Take the bottom 1 card from under Cid's stack on row 7 and put it back on top of"
        " Ben's square on row 7, in the same order"
    ]
    assert any(w.startswith("Undone") for w in service.warnings)
    see(service, 6.0, {"c2r7": "empty"})  # the camera still sees it taken: nothing recorded
    assert service.game_state.unit(1, 7).cards == ("F3",)
    see(service, 7.0, {"c2r7": "F3"})  # put back
    assert service.warnings == []
    see(service, 8.0, {"c2r7": "empty"})  # taken again, for real
    assert to_record(service._game.actions[-1]) == to_record(Take("Cid", "Ben", 1))


def test_resume_from_the_journal_keeps_the_stacks_and_the_camera_goes_on(tmp_path):
    s = GameService(tmp_path)
    start(s)
    see_board(s, 1.0)
    see(s, 2.0, {"c1r1": "F1", "c1r6": "F5"})  # Ana's top two Fire-Eaters jump to row 6
    assert s.game_state.unit(0, 6).cards == ("F5", "F2")
    before = s.game_state
    s.close()
    s = GameService(tmp_path)  # a restart: the state is the fold of the journal
    try:
        assert s.game_state == before
        see_board(s, 10.0)
        assert s.warnings == []
        # Ben steps his Fire-Eater 3; the referee knows Ana's stack from the record
        see(s, 11.0, {"c2r1": "empty", "c2r7": "F3"})
        assert s.game_state.unit(1, 7).cards == ("F3",)
    finally:
        s.close()


def test_seat_codes_are_kept_across_a_restart_and_the_pin_is_not(tmp_path):
    s = GameService(tmp_path)
    app = create_app(s, test_config={"TESTING": True, "SSE_ONCE": True})
    pin = app.extensions["companion.pairing"].code
    start(s)
    codes = s.seat_codes()
    s.close()
    kept = (tmp_path / "seat-codes.json").read_text(encoding="utf-8")
    assert pin not in kept and codes["Ana"] in kept
    assert (tmp_path / "seat-codes.json").stat().st_mode & 0o077 == 0  # the owner's only
    s = GameService(tmp_path)  # a restart: the phones keep their codes
    try:
        phone = create_app(s, test_config={"TESTING": True, "SSE_ONCE": True}).test_client()
        r = phone.get(f"/api/seat/{codes['Ben']}")
        assert r.status_code == 200 and r.json["viewer"] == "Ben"
        assert s.seat_codes() == codes
        start(s)  # a new game: new codes, the old ones open nothing
        new = s.seat_codes()
        assert set(new.values()).isdisjoint(codes.values())
        assert phone.get(f"/api/seat/{codes['Ben']}").status_code == 404
    finally:
        s.close()


def test_a_damaged_seat_code_file_gives_new_codes_and_loses_nothing(tmp_path):
    s = GameService(tmp_path)
    start(s)
    s.close()
    (tmp_path / "seat-codes.json").write_text("{not json", encoding="utf-8")
    s = GameService(tmp_path)
    try:
        with pytest.raises(LookupError):
            s.seat_view("ABCDEF")
        codes = s.seat_codes()
        assert s.seat_view(codes["Cid"])["viewer"] == "Cid"
        assert s.game_state.players == ("Ana", "Ben", "Cid")
    finally:
        s.close()
