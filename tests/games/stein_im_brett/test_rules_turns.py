"""Turns: three stones from the bag on free fields, clockwise; fewer only when the bag
(or, on an odd board, the free fields) run short; a round ends when every field is used."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.stein_im_brett import Board, awaiting
from companion.games.stein_im_brett.queries import free_fields, turn_size
from companion.games.stein_im_brett.random_player import random_game_iter

from .conftest import FOUR, TWO
from .script import RING, Table, row, start_record


def test_the_starting_player_places_three_stones_and_play_goes_clockwise():
    t = Table(start_record(FOUR))
    s = t.play("draw green")  # Cleo starts
    assert awaiting(s).player == "Cleo"
    s = t.play("Cleo a1:red a2:red a3:blue")
    assert s.cells[:3] == ("red", "red", "blue") and awaiting(s).player == "Dora"
    s = t.play("Dora a4:white b1:black b2:green")
    assert awaiting(s).player == "Ana"  # after the last seat, the first again
    assert s.bag == (16, 18, 17, 17, 17, 17)


def test_stones_go_only_on_free_fields():
    t = Table(start_record(TWO))
    t.play("draw red", "Ana a1:red a2:red a3:blue")
    with pytest.raises(IllegalAction, match="a2 is already taken \\(a red stone\\); stones go"):
        t.play("Ben a2:white b1:black b2:green")


def test_only_the_player_on_turn_places():
    t = Table(start_record(TWO))
    t.play("draw red")
    with pytest.raises(IllegalAction, match="it is Ana's turn, not Ben's: only Ana may place"):
        t.play("Ben a1:white b1:black b2:green")


@pytest.mark.parametrize("line", ["Ana a1:red a2:red", "Ana a1:red a2:red a3:red a4:red"])
def test_a_turn_is_exactly_three_stones(line):
    t = Table(start_record(TWO))
    t.play("draw red")
    with pytest.raises(IllegalAction, match="Ana places exactly 3 stones this turn, not"):
        t.play(line)


def test_a_round_ends_when_every_field_is_used():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw blue", "Ben r1:red r2:red r3:blue")
    assert s.round_no == 1 and free_fields(s) == ("r4", "r5", "r6")
    s = t.play("Ana r4:blue r5:yellow r6:white")
    assert (
        s.round_no == 2
        and len(s.scorings) == 1
        and free_fields(s) == tuple(f"r{k}" for k in range(1, 7))
    )


def test_fewer_stones_only_when_the_bag_runs_out():
    # A 37-field hexagon (the centre too): each round's last turn has 1 free field, and
    # in round 3 the bag holds 108 - 2 x 37 = 34 stones: eleven turns of 3, one of 1.
    hexagon = Board.of(
        (f"h{q}_{r}", q, r)
        for r in range(-3, 4)
        for q in range(-3, 4)
        if abs(q) <= 3 and abs(r) <= 3 and abs(q + r) <= 3
    )
    sizes: dict[int, list[int]] = {1: [], 2: [], 3: []}
    states = [s for _, s in random_game_iter(2, 7, board=hexagon)]
    for s in states:
        if not s.finished and s.turn is not None:
            sizes[s.round_no].append(turn_size(s))
    s = states[-1]
    assert sizes[1] == sizes[2] == [3] * 12 + [1]
    assert sizes[3] == [3] * 11 + [1]
    assert s.finished and s.in_bag == 0
    assert sum(1 for c in s.scorings[-1].cells if c is None) == 3  # the round ended early


def test_the_bag_running_out_ends_the_round_and_with_nothing_left_the_game():
    # decision SIB-4: on a 60-field board the second round empties the bag; no third.
    board = Board.of((f["id"], f["q"], f["r"]) for f in row(60))
    s = list(random_game_iter(2, 3, board=board))[-1][1]
    assert s.finished and len(s.scorings) == 2 and s.in_bag == 0
    assert sum(1 for c in s.scorings[-1].cells if c is not None) == 48


def test_more_stones_of_a_colour_than_the_bag_holds_are_refused():
    t = Table(start_record(TWO, board=row(60)))
    t.play("draw red")
    fields = iter(f"x{k}" for k in range(1, 61))
    for k in range(6):
        who = ("Ana", "Ben")[k % 2]
        t.play(f"{who} " + " ".join(f"{next(fields)}:red" for _ in range(3)))
    assert t.state.bag[0] == 0
    with pytest.raises(IllegalAction, match="the bag holds no red stones, so 1 cannot"):
        t.play(f"Ana {next(fields)}:red {next(fields)}:blue {next(fields)}:blue")
