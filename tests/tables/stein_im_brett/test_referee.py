"""The camera referee of Stein im Brett: synthetic ``CellsChanged`` sequences against real
engine states; every proposed record must pass the engine's ``apply``."""

from __future__ import annotations

from itertools import count

from companion.games.stein_im_brett import (
    DEFAULT,
    Draw,
    GameState,
    Start,
    apply,
    parse_action,
    start_game,
)
from companion.games.stein_im_brett.random_player import RandomPlayer
from companion.games.stein_im_brett.state import evolve
from companion.sensing.observations import BoardLost, CellChange, CellsChanged
from companion.tables.stein_im_brett.referee import Reaction, SteinImBrettCamera

LAYOUT = "stein-im-brett"
T = count(1)


def two_players() -> GameState:
    """Ana (red, yellow, green) against Ben (blue, white, black); a red draw: Ana starts."""
    s = start_game(Start(("Ana", "Ben"), (("red", "yellow", "green"), ("blue", "white", "black"))))
    return apply(s, Draw("red"))


def three_players() -> GameState:
    """Ana, Ben, Cleo with two colours each; a blue draw: Ben starts."""
    s = start_game(
        Start(
            ("Ana", "Ben", "Cleo"),
            (("red", "yellow"), ("green", "blue"), ("white", "black")),
        )
    )
    return apply(s, Draw("blue"))


def see(cam: SteinImBrettCamera, state: GameState, **cells: str) -> Reaction:
    """The camera settles on ``cells`` (field=label) in one observation."""
    changes = tuple(CellChange(f, cam.view.get(f, "unknown"), c, 0.9) for f, c in cells.items())
    return cam.observe(CellsChanged(next(T), LAYOUT, changes), state)


def camera(state: GameState) -> SteinImBrettCamera:
    """A camera referee that has seen the whole (empty) board."""
    cam = SteinImBrettCamera()
    r = see(cam, state, **dict.fromkeys(DEFAULT.ids, "empty"))
    assert r == Reaction()
    return cam


def accept(state: GameState, r: Reaction) -> GameState:
    """Apply the one proposed record through the record parser and the engine."""
    assert len(r.submit) == 1, r
    return apply(state, parse_action(r.submit[0]))


def test_a_turn_of_three_seen_at_once():
    s = two_players()
    cam = camera(s)
    r = see(cam, s, a1="red", c3="blue", g4="black")
    assert r.warnings == ()
    assert r.submit == (
        {
            "type": "place",
            "player": "Ana",
            "stones": [["a1", "red"], ["c3", "blue"], ["g4", "black"]],
        },
    )
    s = accept(s, r)
    assert s.players[s.turn] == "Ben"
    assert cam.after_change(s) == Reaction()  # the board agrees with the engine now


def test_a_turn_seen_one_stone_at_a_time_keeps_the_placing_order():
    s = three_players()
    cam = camera(s)
    assert see(cam, s, g4="white") == Reaction()  # fewer than three: wait, no warning
    assert see(cam, s, a1="green") == Reaction()
    r = see(cam, s, d5="green")
    assert r.submit[0]["player"] == "Ben"
    assert r.submit[0]["stones"] == [["g4", "white"], ["a1", "green"], ["d5", "green"]]
    s = accept(s, r)
    # the next player's turn, again stone by stone
    assert see(cam, s, b1="red") == Reaction()
    assert see(cam, s, b2="red", b3="yellow") != Reaction()
    r = cam.after_change(s)  # already submitted for this state: not again
    assert r.submit == ()


def test_the_same_turn_is_not_submitted_twice_for_one_state():
    s = two_players()
    cam = camera(s)
    r = see(cam, s, a1="red", a2="red", a3="red")
    assert len(r.submit) == 1
    assert cam.after_change(s).submit == ()
    assert see(cam, s, g1="empty").submit == ()  # a no-op change, same state
    s = accept(s, r)
    assert cam.after_change(s) == Reaction()


def test_whole_turns_of_a_three_player_game_all_accepted():
    s = three_players()
    cam = camera(s)
    player = RandomPlayer(7)
    for _ in range(6):
        place = player.choose(s)
        r = see(cam, s, **dict(place.stones))
        assert r.warnings == ()
        assert r.submit[0]["stones"] == [list(st) for st in place.stones]
        s = accept(s, r)
    assert s.free == 36 - 18
    assert cam.after_change(s) == Reaction()


def _after_one_turn():
    s = two_players()
    cam = camera(s)
    s = accept(s, see(cam, s, a1="red", a2="yellow", a3="blue"))
    return s, cam


def test_a_moved_stone_is_a_warning_not_an_action():
    s, cam = _after_one_turn()
    r = see(cam, s, a1="empty", d1="red")
    assert r.submit == ()
    assert len(r.warnings) == 1
    assert "a1" in r.warnings[0] and "d1" in r.warnings[0] and "put it back on a1" in r.warnings[0]
    # Ben places his three meanwhile: still no action while the moved stone stands
    r = see(cam, s, g1="black", g2="white", g3="white")
    assert r.submit == () and len(r.warnings) == 1
    # put right: the turn goes through
    r = see(cam, s, a1="red", d1="empty")
    assert r.warnings == ()
    assert r.submit[0]["player"] == "Ben"
    assert r.submit[0]["stones"] == [["g1", "black"], ["g2", "white"], ["g3", "white"]]
    accept(s, r)


def test_a_stone_on_a_filled_field_in_another_colour_is_a_warning():
    s, cam = _after_one_turn()
    r = see(cam, s, a2="green")
    assert r.submit == ()
    assert len(r.warnings) == 1 and "a2" in r.warnings[0] and "yellow" in r.warnings[0]
    assert see(cam, s, a2="yellow") == Reaction()


def test_a_vanished_stone_is_a_warning_not_an_action():
    s, cam = _after_one_turn()
    r = see(cam, s, a3="empty")
    assert r.submit == ()
    assert len(r.warnings) == 1
    assert "blue" in r.warnings[0] and "a3" in r.warnings[0] and "empty" in r.warnings[0]
    r = see(cam, s, b1="black", b2="black", b3="black")
    assert r.submit == ()  # no action while a recorded stone is missing
    r = see(cam, s, a3="blue")
    assert r.warnings == ()
    accept(s, r)


def test_too_many_stones_is_a_warning_naming_them():
    s = two_players()
    cam = camera(s)
    r = see(cam, s, a1="red", a2="red", a3="red", a4="green")
    assert r.submit == ()
    assert len(r.warnings) == 1
    w = r.warnings[0]
    assert "Ana places 3 stones" in w and "4 new" in w and "a4" in w and "extra stone off" in w
    r = see(cam, s, a4="empty")
    assert r.warnings == ()
    assert r.submit[0]["stones"] == [["a1", "red"], ["a2", "red"], ["a3", "red"]]
    accept(s, r)


def test_an_unknown_cell_means_wait():
    s = two_players()
    cam = camera(s)
    assert see(cam, s, a1="red", a2="blue", e4="unknown") == Reaction()
    assert see(cam, s, a3="blue") == Reaction()  # three new, but e4 is not clear
    r = see(cam, s, e4="empty")
    assert r.submit[0]["stones"] == [["a1", "red"], ["a2", "blue"], ["a3", "blue"]]
    accept(s, r)


def test_a_board_never_seen_whole_means_wait():
    s = two_players()
    cam = SteinImBrettCamera()
    assert see(cam, s, a1="red", a2="blue", a3="white") == Reaction()
    r = see(cam, s, **{f: "empty" for f in DEFAULT.ids if f not in ("a1", "a2", "a3")})
    assert len(r.submit) == 1
    accept(s, r)


def test_board_lost_and_found():
    s = two_players()
    cam = camera(s)
    assert see(cam, s, a1="red", a2="blue") == Reaction()
    r = cam.observe(BoardLost(next(T), LAYOUT, "markers covered"), s)
    assert r == Reaction() and cam.lost
    assert cam.view["a1"] == "red"  # the last view is kept
    assert cam.after_change(s) == Reaction()
    # seen again, with the third stone placed while it was hidden
    r = see(cam, s, a3="green")
    assert not cam.lost
    assert r.submit[0]["stones"] == [["a1", "red"], ["a2", "blue"], ["a3", "green"]]
    accept(s, r)


def test_board_lost_with_the_turn_complete_waits_until_found():
    s = two_players()
    cam = camera(s)
    cam.observe(BoardLost(next(T), LAYOUT, "no frame"), s)
    cam.view.update(a1="red", a2="red", a3="red")  # as it was before the board was lost
    assert cam.after_change(s).submit == ()
    r = see(cam, s, b1="empty")  # found again
    assert len(r.submit) == 1
    accept(s, r)


def test_other_layouts_are_ignored():
    s = two_players()
    cam = camera(s)
    changes = (CellChange("a1", "empty", "red", 0.9),)
    assert cam.observe(CellsChanged(next(T), "hinkel-stein", changes), s) == Reaction()
    assert cam.observe(BoardLost(next(T), "hinkel-stein", "gone"), s) == Reaction()
    assert "a1" in cam.view and cam.view["a1"] == "empty" and not cam.lost


def test_stones_before_the_starting_player_is_drawn():
    s = start_game(Start(("Ana", "Ben"), (("red", "yellow", "green"), ("blue", "white", "black"))))
    cam = camera(s)
    r = see(cam, s, a1="red", a2="red", a3="red")
    assert r.submit == ()
    assert len(r.warnings) == 1 and "starting player" in r.warnings[0]


def test_a_colour_the_bag_no_longer_holds_is_a_warning():
    s = two_players()
    bag = list(s.bag)
    bag[0] = 1  # one red left in the bag
    s = evolve(s, bag=tuple(bag))
    cam = camera(s)
    r = see(cam, s, a1="red", a2="red", a3="blue")
    assert r.submit == ()
    assert len(r.warnings) == 1
    assert "only 1 red stone" in r.warnings[0] and "a1, a2" in r.warnings[0]


def test_a_whole_game_through_the_camera_with_clearing_between_rounds():
    s = two_players()
    cam = camera(s)
    player = RandomPlayer(3)
    rounds_seen = 0
    while not s.finished:
        place = player.choose(s)
        r = see(cam, s, **dict(place.stones))
        assert r.submit, r
        s = accept(s, r)
        if len(s.scorings) > rounds_seen:  # a round was scored: its stones still lie there
            rounds_seen = len(s.scorings)
            r = cam.after_change(s)
            assert r.submit == ()
            assert len(r.warnings) == 1 and "clear the board" in r.warnings[0]
            filled = [f for f, c in zip(DEFAULT.ids, s.scorings[-1].cells, strict=True) if c]
            r = see(cam, s, **dict.fromkeys(filled[:-1], "empty"))  # clearing, one left
            assert r.submit == () and filled[-1] in r.warnings[0]
            r = see(cam, s, **{filled[-1]: "empty"})
            assert r == Reaction()
        else:
            assert r.warnings == ()
            assert cam.after_change(s) == Reaction()
    assert rounds_seen == 3 and s.winners


def test_next_round_stones_on_a_field_not_yet_cleared():
    """A new stone of another colour on a field still holding last round's stone counts
    as new; last round's stones elsewhere do not."""
    s = two_players()
    cam = camera(s)
    player = RandomPlayer(5)
    while len(s.scorings) == 0:
        s = accept(s, see(cam, s, **dict(player.choose(s).stones)))
    last = dict(zip(DEFAULT.ids, s.scorings[-1].cells, strict=True))
    others = [c for c in ("red", "yellow", "green", "blue", "white", "black") if c != last["a1"]]
    # nobody clears the board; the next player swaps a1 for his stone and uses two others
    r = see(cam, s, a1=others[0])
    assert r.submit == ()
    r = see(cam, s, a2="empty", a3="empty")
    r = see(cam, s, a2=others[1], a3=others[1])
    assert r.submit[0]["stones"] == [["a1", others[0]], ["a2", others[1]], ["a3", others[1]]]
    assert any("clear the board" in w for w in r.warnings)
    accept(s, r)


def test_undoing_the_turn_that_ended_a_round_makes_its_stones_new_again():
    s = two_players()
    cam = camera(s)
    player = RandomPlayer(11)
    before = s
    while len(s.scorings) == 0:
        before = s
        r = see(cam, s, **dict(player.choose(s).stones))
        s = accept(s, r)
    last_turn = r.submit[0]
    assert any("clear the board" in w for w in cam.after_change(s).warnings)
    r = cam.after_change(before)  # the tablet undid the last turn: no more leftovers
    assert r.warnings == ()
    assert r.submit == ()  # the undone turn was proposed for this very state: not again
    # a fresh referee (its proposal not yet made) sees the undone turn's stones as new
    cam2 = SteinImBrettCamera()
    cam2.view.update(cam.view)
    cam2.after_change(s)
    r = cam2.after_change(before)
    assert r.warnings == ()
    assert sorted(r.submit[0]["stones"]) == sorted(last_turn["stones"])
    apply(before, parse_action(r.submit[0]))
