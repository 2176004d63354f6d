"""The camera referee of Heuchel & Meuchel: what the camera settles on, against real
engine states; every proposed record must pass the engine's ``apply``."""

from __future__ import annotations

from companion.games.heuchel_meuchel import Discard, Move, Roll, Take, apply, start_game
from companion.games.heuchel_meuchel.record import to_record
from companion.games.heuchel_meuchel.state import DISCARD, FAVOURS, ROLL, Turn
from companion.sensing.observations import BoardLost, CellsChanged
from companion.tables.heuchel_meuchel.cells import expected
from companion.tables.heuchel_meuchel.referee import WARN_AFTER_S, HeuchelMeuchelCamera

from .scenes import DEAL2, T, accept, camera, laid, see, show


def test_a_step_onto_a_free_square_is_recorded_as_the_move():
    s = laid({0: {1: "F2", 3: "Q1"}, 1: {1: "F3"}})
    cam = camera(s)
    r = see(cam, s, {"c1r1": "empty", "c1r2": "F2"})
    assert r.submit == (to_record(Move("Ana", 1, 1, 2)),)
    assert accept(s, r).turn.player == 1  # no favours: Ben's turn


def test_a_partial_stack_is_told_by_the_card_left_on_top():
    s = start_game(DEAL2)  # Ana's F5 on F2 on F1 on row 1
    cam = camera(s)
    r = see(cam, s, {"c1r1": "F1", "c1r5": "F5"})  # over the Minstrel, Quack and Lady
    assert r.submit == (to_record(Move("Ana", 1, 2, 5)),)
    after = accept(s, r)
    assert after.unit(0, 5).cards == ("F5", "F2") and after.unit(0, 1).cards == ("F1",)


def test_a_jump_over_occupied_squares_is_recorded():
    s = laid({0: {1: "F2", 2: "M1", 3: "Q1"}, 1: {1: "F3"}})
    cam = camera(s)
    r = see(cam, s, {"c1r1": "empty", "c1r4": "F2"})
    assert r.submit == (to_record(Move("Ana", 1, 1, 4)),)


def test_favours_across_three_columns_one_at_a_time():
    s = laid(
        {0: {5: "B4"}, 1: {6: "L3"}, 2: {6: ("B3", "B1")}, 3: {6: "Q5", 1: "F1"}},
        players=4,
    )
    cam = camera(s)
    r = see(cam, s, {"c1r5": "empty", "c1r6": "B4"})
    s = accept(s, r)
    assert s.turn.stage == FAVOURS
    r = see(cam, s, {"c2r6": "empty"})
    assert r.submit == (to_record(Take("Ana", "Ben", 1)),)
    s = accept(s, r)
    r = see(cam, s, {"c3r6": "B1"})  # the top of Cid's stack only: the B1 stays
    assert r.submit == (to_record(Take("Ana", "Cid", 1)),)
    s = accept(s, r)
    r = see(cam, s, {"c4r6": "empty"})
    assert r.submit == (to_record(Take("Ana", "Dora", 1)),)
    s = accept(s, r)
    assert s.unit(0, 6).cards == ("B4", "L3", "B3", "Q5")
    assert s.unit(2, 6).cards == ("B1",)


def test_favours_seen_at_once_ask_the_tablet_the_order_they_went_under():
    s = laid({0: {5: "B4"}, 1: {6: "L3"}, 2: {6: "B3"}, 3: {1: "F1"}}, players=4)
    cam = camera(s)
    r = see(cam, s, {"c1r5": "empty", "c1r6": "B4", "c2r6": "empty", "c3r6": "empty"})
    assert r.submit == (to_record(Move("Ana", 5, 1, 6)),)  # what all readings share
    s = accept(s, r)
    r = cam.after_change(s)
    assert not r.submit
    assert {a["record"]["column"] for a in r.asks} == {"Ben", "Cid"}
    assert any("cannot tell" in w for w in r.warnings)
    s = apply(s, Take("Ana", "Cid", 1))  # the tablet: Cid's Bishop went under first
    r = cam.after_change(s)
    assert r.submit == (to_record(Take("Ana", "Ben", 1)),)


def test_a_favour_that_leaves_a_remainder_above_its_goal_asks_what_was_taken():
    # Ben's Quack 2 on his Fire-Eater 3 on row 9: the Fire-Eater (goal 8) rides above
    # its goal. Ana's Lady arrives and takes the Quack: the remainder is discarded, and
    # the camera sees the square empty, as if she had taken both.
    s = laid({0: {8: "L1"}, 1: {9: ("Q2", "F3"), 1: "F6"}})
    cam = camera(s)
    s = accept(s, see(cam, s, {"c1r8": "empty", "c1r9": "L1"}))
    r = see(cam, s, {"c2r9": "empty"})
    assert not r.submit
    assert sorted(a["record"]["cards"] for a in r.asks) == [1, 2]
    after = apply(s, Take("Ana", "Ben", 1))  # the tablet: one card taken
    assert after.discards[1] == ("F3",)
    assert cam.after_change(after).warnings == ()


def test_a_flip_at_the_goal_shows_a_back():
    s = laid({0: {7: "F2"}, 1: {1: "F3"}})
    cam = camera(s)
    r = see(cam, s, {"c1r7": "empty", "c1r8": "back"})
    after = accept(s, r)
    assert after.unit(0, 8).flipped


def test_zugzwang_loses_the_top_card_and_every_card_beyond_its_goal_under_it():
    # dice: Ana rolled a 6 that fits no move; her Prince 1 on a Lady 3 on row 12
    s = laid(
        {0: {12: ("P1", "L3"), 13: "P6"}, 1: {1: "F3"}},
        dice=True,
        turn=Turn(0, DISCARD, roll=6),
        flipped=frozenset({(0, 13)}),
    )
    cam = camera(s)
    r = see(cam, s, {"c1r12": "empty"})
    assert r.submit == (to_record(Discard("Ana", 12)),)
    after = accept(s, r)
    assert after.discards[0] == ("P1", "L3")


def test_with_dice_a_move_before_the_roll_asks_for_the_die():
    s = laid({0: {1: "F2"}, 1: {1: "F3"}}, dice=True, turn=Turn(0, ROLL))
    cam = camera(s)
    r = see(cam, s, {"c1r1": "empty", "c1r4": "F2"})
    assert not r.submit
    assert [a["record"] for a in r.asks] == [to_record(Roll("Ana", 3))]
    assert any("roll" in w for w in r.warnings)
    s = apply(s, Roll("Ana", 3))  # tapped on the tablet
    assert cam.after_change(s).submit == (to_record(Move("Ana", 1, 1, 4)),)


def refused(cam: HeuchelMeuchelCamera, s, cells: dict[str, str]) -> tuple[str, ...]:
    """Show ``cells``; nothing may be submitted; the warnings once the view stood still."""
    r = see(cam, s, cells, t=10.0)
    assert not r.submit
    assert r.warnings == ()  # not at once: the rest of the move may still settle
    r = cam.tick(10.0 + WARN_AFTER_S, s)
    assert not r.submit and r.warnings
    return r.warnings


def test_a_jump_that_stops_on_an_occupied_square_is_refused_with_what_to_put_back():
    s = laid({0: {1: "F2", 2: "M1"}, 1: {1: "F3"}})
    w = refused(camera(s), s, {"c1r1": "empty", "c1r2": "F2"})
    assert "occupied" in w[0] and "back on row 1" in w[0]


def test_a_card_above_its_goal_is_refused():
    s = laid({0: {7: "F2", 8: "M1"}, 1: {1: "F3"}})
    w = refused(camera(s), s, {"c1r7": "empty", "c1r9": "F2"})
    assert "goal" in w[0] and "back on row 7" in w[0]


def test_a_favour_from_a_higher_rank_is_refused():
    s = laid({0: {5: "B4"}, 1: {6: "L3"}, 2: {6: "P2"}, 3: {1: "F1"}}, players=4)
    cam = camera(s)
    s = accept(s, see(cam, s, {"c1r5": "empty", "c1r6": "B4"}))
    w = refused(cam, s, {"c3r6": "empty"})
    assert "lower rank" in w[0] and "Cid" in w[0]


def test_a_reordered_stack_is_refused_without_naming_the_hidden_cards():
    s = start_game(DEAL2)  # F5 on F2 on F1
    w = refused(camera(s), s, {"c1r1": "F2"})
    assert "re-ordered" in w[0] and "Fire-Eater 5 on top" in w[0]
    assert "Fire-Eater 1" not in " ".join(w)


def test_a_hand_over_the_board_or_a_half_moved_card_waits():
    s = laid({0: {1: "F2"}, 1: {1: "F3"}})
    cam = camera(s)
    r = see(cam, s, {"c1r1": "unknown", "c1r2": "F2"})
    assert r.submit == () and r.warnings == ()
    assert cam.tick(100.0, s).warnings == ()
    cam.observe(BoardLost(101.0, "heuchel-meuchel", "markers covered"), s)
    r = see(cam, s, {"c1r1": "empty"})
    assert r.submit == (to_record(Move("Ana", 1, 1, 2)),)


def test_after_an_undo_nothing_is_recorded_until_the_table_is_put_back():
    s0 = laid({0: {1: "F2"}, 1: {1: "F3"}})
    cam = camera(s0)
    s1 = accept(s0, see(cam, s0, {"c1r1": "empty", "c1r2": "F2"}))
    r = cam.undone(s0)  # the tablet took the move back
    assert not r.submit and any("Undone" in w for w in r.warnings)
    assert not cam.after_change(s0).submit
    r = see(cam, s0, {"c1r2": "empty", "c1r1": "F2"})  # put back
    assert r.warnings == () and not r.submit
    r = see(cam, s0, {"c1r1": "empty", "c1r2": "F2"})  # and played again
    assert accept(s0, r) == s1


def test_observations_of_other_layouts_are_ignored():
    s = laid({0: {1: "F2"}, 1: {1: "F3"}})
    cam = camera(s)
    r = cam.observe(CellsChanged(5.0, "stein-im-brett", ()), s)
    assert r.submit == () and cam.view == expected(s)


def test_every_move_of_random_games_is_recorded_from_the_boards_alone():
    """Seeded random games: each action's board, shown to the referee, gives back that
    action, or asks the tablet with that action among the choices."""
    from companion.games.heuchel_meuchel.actions import End
    from companion.games.heuchel_meuchel.random_player import random_game_iter

    for seed in range(3):
        for dice in (False, True):
            prev = cam = None
            for action, state in random_game_iter(3, seed, dice=dice):
                if prev is None:
                    prev, cam = state, camera(state)
                    continue
                if isinstance(action, End | Roll):
                    prev = state
                    continue
                r = show(cam, prev, state, t=float(next(T)))
                if not r.submit and not r.asks:  # a hidden arrival waits for a still view
                    r = cam.tick(cam._t_mono + WARN_AFTER_S, prev)
                got = [a["record"] for a in r.asks] if r.asks else list(r.submit)
                assert to_record(action) in got, (seed, dice, action, r)
                cam.view = expected(state)  # as if the tablet chose (or the camera was right)
                cam.after_change(state)
                prev = state


def test_a_camera_that_sees_only_face_or_back_asks_what_it_cannot_tell():
    s = start_game(DEAL2)  # F5 on F2 on F1 on row 1, then M1, Q1, L1
    cam = camera(s)
    see(cam, s, {c: "face" for c, v in expected(s).items() if v not in ("empty", "back")})
    r = see(cam, s, {"c1r5": "face"})  # something of the stack went to row 5: how much?
    assert not r.submit
    assert sorted(a["record"]["cards"] for a in r.asks) == [1, 2]  # all 3: row 1 empty
    r = see(cam, s, {"c1r1": "empty"})  # the whole stack moved after all
    assert r.submit == (to_record(Move("Ana", 1, 3, 5)),)


def test_a_board_far_from_the_record_is_a_warning_not_an_endless_search():
    s = start_game(DEAL2)
    cam = camera(s)
    empty = dict.fromkeys(expected(s), "empty")  # the cards not laid out at all
    r = see(cam, s, empty, t=50.0)
    assert not r.submit
    assert cam.tick(50.0 + WARN_AFTER_S, s).warnings


def test_a_move_onto_flipped_cards_waits_for_a_still_view_before_it_is_recorded():
    # Ana's Prince 2 on row 8 may join her flipped Prince at the goal (row 13, invisible)
    # or stop on row 11 (free; 9, 10, 12 occupied): the camera first settles row 8 only
    s = laid(
        {0: {8: "P2", 9: "M1", 10: "Q1", 12: "B1", 13: "P4"}, 1: {1: "F3"}},
        flipped=frozenset({(0, 13)}),
    )
    cam = camera(s)
    r = see(cam, s, {"c1r8": "empty"}, t=20.0)
    assert r.submit == ()  # could be row 13, or row 11 not settled yet
    r = see(cam, s, {"c1r11": "P2"}, t=20.2)  # there it is
    assert r.submit == (to_record(Move("Ana", 8, 1, 11)),)

    cam = camera(s)
    assert see(cam, s, {"c1r8": "empty"}, t=30.0).submit == ()
    r = cam.tick(30.0 + WARN_AFTER_S, s)  # still: it joined the flipped Prince
    assert r.submit == (to_record(Move("Ana", 8, 1, 13)),)
