"""GameService with Stein im Brett: started from the tablet, refereed by the camera
(``CellsChanged`` of the "stein-im-brett" layout), undone, confirmed, resumed, shown."""

from __future__ import annotations

import random
from itertools import count

import pytest

from companion.errors import IllegalAction, MalformedRecord
from companion.games.stein_im_brett import DEFAULT
from companion.referee.service import GameService
from companion.sensing.observations import CellChange, CellsChanged

TWO = {"Ana": ["red", "yellow", "green"], "Ben": ["blue", "white", "black"]}
T = count(1)


@pytest.fixture
def service(tmp_path):
    s = GameService(tmp_path)
    yield s
    s.close()


def camera_sees(service: GameService, seen: dict[str, str], **cells: str) -> dict:
    """The camera settles on ``cells`` (field=label); ``seen`` keeps its running view."""
    changes = tuple(CellChange(f, seen.get(f, "unknown"), c, 0.9) for f, c in cells.items())
    seen.update(cells)
    service.observe(CellsChanged(next(T), "stein-im-brett", changes))
    return service.snapshot()


def started(service: GameService) -> dict[str, str]:
    """Ana and Ben, a red draw (Ana starts), the camera has seen the empty board."""
    service.start_game(["Ana", "Ben"], game="stein-im-brett", colours=TWO)
    service.submit({"type": "draw", "colour": "red"})
    seen: dict[str, str] = {}
    camera_sees(service, seen, **dict.fromkeys(DEFAULT.ids, "empty"))
    return seen


def test_a_new_game_from_the_tablet_with_chosen_or_dealt_colours(service):
    snap = service.start_game(["Ana", "Ben"], game="stein-im-brett", colours=TWO)
    assert snap["game"]["name"] == "stein-im-brett"
    assert snap["replay"]["colours"] == TWO
    assert service.camera_layout == "stein-im-brett"
    assert [c["record"] for c in snap["view"]["choices"]][:2] == [
        {"type": "draw", "colour": "red"},
        {"type": "draw", "colour": "yellow"},
    ]
    # dealt: every player gets his share of distinct colours, from the rng given
    a = service.start_game(["A", "B", "C"], game="stein-im-brett", rng=random.Random(4))
    b = service.start_game(["A", "B", "C"], game="stein-im-brett", rng=random.Random(4))
    assert a["replay"]["colours"] == b["replay"]["colours"]
    dealt = [c for cs in a["replay"]["colours"].values() for c in cs]
    assert len(dealt) == 6 == len(set(dealt))
    five = service.start_game(list("ABCDE"), game="stein-im-brett")
    assert all(len(cs) == 1 for cs in five["replay"]["colours"].values())


def test_a_new_game_refused_says_why_and_keeps_the_game_under_way(service):
    started(service)
    before = service.snapshot()["game"]["id"]
    with pytest.raises(MalformedRecord, match="2 to 6 players, not 7"):
        service.start_game(list("ABCDEFG"), game="stein-im-brett")
    with pytest.raises(MalformedRecord, match="takes 'colours' and 'layout', not deal"):
        service.start_game(["A", "B"], game="stein-im-brett", deal={})
    with pytest.raises(IllegalAction, match="chooses 3 colours; Ana has 1"):
        service.start_game(
            ["Ana", "Ben"],
            game="stein-im-brett",
            colours={"Ana": ["red"]} | {"Ben": ["blue", "white", "black"]},
        )
    with pytest.raises(
        MalformedRecord, match=r"can start Hinkel & Stein, Stein im Brett.* not 'go'"
    ):
        service.start_game(["A", "B"], game="go")
    assert service.snapshot()["game"]["id"] == before


def test_the_camera_turns_three_new_stones_into_the_turn(service):
    seen = started(service)
    camera_sees(service, seen, a1="red")
    camera_sees(service, seen, c3="blue")
    assert service.game_state.free == 36  # two of three: the player is still placing
    snap = camera_sees(service, seen, g4="black")
    assert service.accepted[("sensor", "place")] == 1
    assert snap["replay"]["board"]["a1"] == "red" and snap["replay"]["turn"] == "Ben"
    assert snap["warnings"] == []
    by_id = {f["id"]: f for f in snap["view"]["board"]}
    assert by_id["c3"] == {
        "id": "c3", "x": -0.866, "y": -1.5, "stone": "blue", "scores": True, "seen": "blue",
        "set_aside": False,
    }  # fmt: skip
    assert by_id["d1"]["seen"] == "empty" and by_id["d1"]["stone"] is None


def test_undo_of_a_camera_turn_is_not_proposed_again_until_the_stones_are_off(service):
    seen = started(service)
    camera_sees(service, seen, a1="red", a2="red", b1="yellow")
    assert service.game_state.turn == 1
    snap = service.undo()
    assert service.game_state.turn == 0 and service.game_state.free == 36
    assert snap["undo_hints"] == [
        "Take the red stone off a1, the red stone off a2, the yellow stone off b1"
        " and put them back into the bag"
    ]
    assert any("Undone: take the stones off a1, a2, b1" in w for w in snap["warnings"])
    aside = {f["id"] for f in snap["view"]["board"] if f["set_aside"]}
    assert aside == {"a1", "a2", "b1"}  # the dashboard does not show them as the turn's
    # a tick (any sensor) does not re-propose the undone stones
    service.tick(100.0)
    assert service.game_state.free == 36
    # the players take them off and place again, differently: that turn counts
    camera_sees(service, seen, a1="empty", a2="empty", b1="empty")
    assert service.snapshot()["warnings"] == []
    camera_sees(service, seen, a1="red", d1="red", g4="yellow")
    assert service.game_state.cells[DEFAULT.index["d1"]] == "red"
    assert service.accepted[("sensor", "place")] == 2


def test_undo_of_a_tablet_turn_holds_the_stones_the_camera_sees(service):
    seen = started(service)
    service.submit({"type": "place", "player": "Ana", "stones": [["a1", "red"], ["a2", "blue"],
                                                                 ["a3", "white"]]})  # fmt: skip
    camera_sees(service, seen, a1="red", a2="blue", a3="white")
    assert service.snapshot()["warnings"] == []
    service.undo()
    assert service.game_state.free == 36  # not re-entered from the camera at once
    camera_sees(service, seen, a2="empty")  # one taken off, the others still held
    assert service.game_state.free == 36
    camera_sees(service, seen, a2="green")  # placed anew: with the held two, not a turn
    assert service.game_state.free == 36


def test_a_misread_stone_stands_as_a_warning_until_the_players_confirm(service):
    seen = started(service)
    camera_sees(service, seen, a1="red", a2="red", b1="yellow")
    assert service.game_state.turn == 1
    camera_sees(service, seen, a2="black")  # the lamp changed, the camera misreads a2
    snap = service.snapshot()
    assert len(snap["warnings"]) == 1 and "a2 holds a red stone" in snap["warnings"][0]
    assert service.game_state.free == 33
    service.confirm()
    assert service.snapshot()["warnings"] == []
    # the accepted reading stays accepted through the next turn
    camera_sees(service, seen, g1="blue", g2="white", g3="black")
    assert service.accepted[("sensor", "place")] == 2
    assert service.snapshot()["warnings"] == []
    # until the field changes again: read right, nothing to say; then wrong again: a warning
    camera_sees(service, seen, a2="red")
    assert service.snapshot()["warnings"] == []
    camera_sees(service, seen, a2="green")
    assert "a2 holds a red stone" in service.snapshot()["warnings"][0]


def test_the_camera_waits_for_the_draw_and_says_what_to_do(service):
    service.start_game(["Ana", "Ben"], game="stein-im-brett", colours=TWO)
    seen: dict[str, str] = {}
    camera_sees(service, seen, **dict.fromkeys(DEFAULT.ids, "empty"))
    snap = camera_sees(service, seen, a1="red", a2="blue", a3="white")
    assert service.game_state.free == 36
    assert "before the starting player is known" in snap["warnings"][0]


def test_a_restart_resumes_the_game_and_the_camera_referees_on(tmp_path):
    service = GameService(tmp_path)
    seen = started(service)
    camera_sees(service, seen, a1="red", a2="blue", a3="white")
    service.close()
    again = GameService(tmp_path)
    try:
        assert again.game_state.free == 33 and again.camera_layout == "stein-im-brett"
        fresh: dict[str, str] = {}  # a new camera pipeline reports the whole board once
        camera_sees(again, fresh, **{f: seen[f] for f in DEFAULT.ids})
        assert again.snapshot()["warnings"] == [] and again.game_state.free == 33
        camera_sees(again, fresh, g1="blue", g2="white", g3="black")
        assert again.game_state.free == 30 and again.game_state.turn == 0
    finally:
        again.close()


def test_the_view_gives_the_advice_and_the_scoring(service):
    seen = started(service)
    camera_sees(service, seen, a1="red", a2="red", c3="blue")  # Ana's reds together
    adv = service.snapshot()["view"]["advice"]
    assert adv["player"] == "Ana" and adv["together"] == [["a1", "a2"]]
    assert adv["instead_together"] == 0
    assert sorted(c for _, c in adv["instead"]) == ["blue", "red", "red"]
    camera_sees(service, seen, g1="blue", g3="white", e1="black")  # Ben's: apart
    view = service.snapshot()["view"]
    assert view["advice"] is None
    assert [t["advice"] is not None for t in view["turns"]] == [True, False]
    live = {p["name"]: p["round"] for p in view["players"]}
    # Ana: a1, a2 together (no point); c3 blue is Ben's; Ben: c3, g1, g3, e1 isolated
    assert live == {"Ana": 0, "Ben": 4}
    assert view["bag"]["red"] == 16 and view["colours"]["red"]["owner"] == "Ana"


def test_after_the_last_round_the_camera_still_watches_the_board_being_cleared(service):
    from companion.games.stein_im_brett.random_player import RandomPlayer

    seen = started(service)
    player = RandomPlayer(5)
    while not service.game_state.finished:
        stones = dict(player.choose(service.game_state).stones)
        if not any(service.game_state.cells) and any(c in DEFAULT.index for c in seen):
            camera_sees(service, seen, **dict.fromkeys(DEFAULT.ids, "empty"))  # cleared
        camera_sees(service, seen, **stones)
    assert service.accepted[("sensor", "place")] == 36
    assert any("Round 3 is scored: clear the board" in w for w in service.snapshot()["warnings"])
    snap = camera_sees(service, seen, **dict.fromkeys(DEFAULT.ids, "empty"))
    assert snap["warnings"] == []
    snap = camera_sees(service, seen, a1="red")
    assert "The game is over" in snap["warnings"][0]


def test_a_lone_stone_of_a_colour_nobody_has_is_not_marked_as_scoring(service):
    colours = {"Ana": ["red"], "Ben": ["yellow"], "Cleo": ["green"], "Dora": ["blue"]}
    service.start_game(list(colours), game="stein-im-brett", colours=colours)
    service.submit({"type": "draw", "colour": "red"})
    turn = [["a1", "white"], ["c3", "red"], ["g4", "black"]]  # white, black: nobody's
    snap = service.submit({"type": "place", "player": "Ana", "stones": turn})
    scoring = {f["id"] for f in snap["view"]["board"] if f["scores"]}
    assert scoring == {"c3"}
    assert {p["name"]: p["round"] for p in snap["view"]["players"]}["Ana"] == 1


def test_the_board_as_scored_rings_only_stones_that_scored_for_a_player(service):
    # decision SIB-3: four players own red, yellow, green, blue; the lone whites score for
    # nobody and go back in the box: neither listed as scored nor ringed on the page
    four = {"Ana": ["red"], "Ben": ["yellow"], "Cleo": ["green"], "Dora": ["blue"]}
    board = [{"id": f"x{k + 1}", "q": k, "r": 0} for k in range(3)]
    start = {"type": "start", "game": "stein-im-brett", "players": list(four)}
    service.new_game({**start, "colours": four, "board": board})
    service.submit({"type": "draw", "colour": "red"})
    stones = [["x1", "white"], ["x2", "red"], ["x3", "white"]]
    snap = service.submit({"type": "place", "player": "Ana", "stones": stones})
    last = snap["view"]["last_scoring"]
    assert last["scored"] == ["x2"]
    assert [f["id"] for f in last["board"] if f["scores"]] == ["x2"]
    assert snap["replay"]["last_scoring"]["scored"] == ["x2"]
