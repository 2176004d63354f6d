"""Scoring at the end of a round, the next round, the end of the game and ties."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.stein_im_brett.queries import live_points, starting_player
from companion.games.stein_im_brett.scoring import totals

from .conftest import FIVE, FOUR, SIX, THREE, TWO
from .script import RING, Table, row, start_record


def test_a_stone_without_a_neighbour_of_its_colour_scores_for_its_owner():
    # The rulebook's example: a red and a black stone with no same-coloured neighbour
    # score; two red stones side by side do not.
    t = Table(start_record(TWO, board=row(6)))
    s = t.play("draw red", "Ana x1:red x2:black x3:green")
    assert live_points(s) == (2, 1)  # red and green for Ana, black for Ben
    s = t.play("Ben x4:red x5:red x6:white")
    last = s.scorings[-1]
    assert [s.board.ids[i] for i in last.scored] == ["x1", "x2", "x3", "x6"]
    assert last.points == (2, 2) and totals(s) == (2, 2)


def test_a_neighbour_of_another_colour_of_the_same_owner_does_not_stop_a_stone_scoring():
    # decision SIB-3: only a neighbour of the same colour counts.
    t = Table(start_record(TWO, board=row(3)))
    s = t.play("draw red", "Ana x1:red x2:yellow x3:green")
    assert s.scorings[-1].points == (3, 0)


def test_scoring_stones_go_to_their_owners_pile_and_the_rest_to_the_box():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw blue", "Ben r1:red r2:red r3:blue", "Ana r4:blue r5:yellow r6:white")
    assert s.piles[0] == (0, 1, 0, 0, 0, 0)  # Ana: the yellow
    assert s.piles[1] == (0, 0, 0, 0, 1, 0)  # Ben: the white
    assert s.box == (2, 0, 0, 2, 0, 0)  # two reds, two blues: out of the game
    assert all(c is None for c in s.cells)


def test_an_unassigned_colours_lone_stone_scores_for_nobody_and_goes_to_the_box():
    t = Table(start_record(FIVE, board=row(3)))  # black unassigned
    s = t.play("draw green", "Cleo x1:green x2:black x3:green")
    assert s.scorings[-1].points == (0, 0, 2, 0, 0)
    assert s.box[5] == 1 + 1  # the one set aside at the start, and this one
    assert [s.board.ids[i] for i in s.scorings[-1].scored] == ["x1", "x3"]  # not black x2


def test_lone_stones_of_a_colour_nobody_owns_are_not_listed_as_scored():
    # decision SIB-3: four players own red, yellow, green, blue; white is nobody's. The
    # two lone whites go back in the box with the others: only the red scored.
    t = Table(start_record(FOUR, board=row(3)))
    s = t.play("draw red", "Ana x1:white x2:red x3:white")
    last = s.scorings[-1]
    assert [s.board.ids[i] for i in last.scored] == ["x2"]
    assert last.points == (1, 0, 0, 0)
    assert s.piles[0][0] == 1 and sum(map(sum, s.piles)) == 1
    assert s.box[4] == 1 + 2  # the white set aside at the start, and the two from the board


@pytest.mark.parametrize(
    ("colours", "draw", "starters"),
    [
        (TWO, "red", ["Ana", "Ben", "Ana"]),
        (THREE, "green", ["Cleo", "Ana", "Ben"]),
        (FOUR, "blue", ["Dora", "Ana", "Ben"]),
        (FIVE, "yellow", ["Ben", "Dora", "Ana"]),
        (SIX, "blue", ["Dora", "Fay", "Ben"]),
    ],
)
def test_the_starting_player_moves_on_by_one_with_two_to_four_and_by_two_with_five_or_six(
    colours, draw, starters
):
    t = Table(start_record(colours, board=row(3)))
    seen = []
    s = t.play(f"draw {draw}")
    while not s.finished:
        who = starting_player(s)
        seen.append(who)
        s = t.play(f"{who} x1:red x2:yellow x3:green")
    assert seen == starters


def test_a_game_is_three_rounds_then_the_most_points_win():
    t = Table(start_record(TWO, board=row(3)))
    s = t.play("draw red", "Ana x1:red x2:blue x3:red")  # Ana 2, Ben 1
    s = t.play("Ben x1:blue x2:white x3:blue")  # Ben 3
    assert not s.finished and s.round_no == 3
    s = t.play("Ana x1:green x2:green x3:yellow")  # Ana 1
    assert s.finished and s.round_no == 3 and s.turn is None
    assert totals(s) == (3, 4) and s.winners == ("Ben",)
    with pytest.raises(IllegalAction, match="the game is over after 3 rounds; won by Ben with 4"):
        t.play("Ben x1:blue x2:white x3:blue")


def test_a_tie_is_a_tie_every_player_with_the_most_points_wins():
    t = Table(start_record(TWO, board=row(3)))
    s = t.play(
        "draw red",
        "Ana x1:red x2:blue x3:red",  # Ana 2, Ben 1
        "Ben x1:blue x2:red x3:blue",  # Ana 1, Ben 2
        "Ana x1:red x2:red x3:red",  # nobody: every red has a red neighbour
    )
    assert [x.points for x in s.scorings] == [(2, 1), (1, 2), (0, 0)]
    assert totals(s) == (3, 3) and s.winners == ("Ana", "Ben")
