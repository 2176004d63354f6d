"""Every illegal action is refused with a message that names the rule and what is
allowed instead."""

from __future__ import annotations

import re

import pytest

from companion.errors import IllegalAction
from companion.games.stein_im_brett import Draw, Place, Start, apply, parse_action, start_game

from .conftest import FOUR, TWO
from .script import Table, row, start_record


def test_a_place_before_the_starting_player_is_drawn_is_refused():
    t = Table(start_record(TWO))
    with pytest.raises(IllegalAction, match="the starting player is not known yet: first a stone"):
        t.play("Ana a1:red a2:red a3:blue")


def test_a_draw_once_the_starting_player_is_known_is_refused():
    t = Table(start_record(TWO))
    t.play("draw red")
    with pytest.raises(
        IllegalAction, match=r"the starting player is already drawn \(Ana\); .* Now Ana places 3"
    ):
        t.play("draw blue")


def test_a_colour_that_is_not_in_the_game_is_refused():
    t = Table(start_record(TWO))
    with pytest.raises(IllegalAction, match="there is no 'pink' stone; the colours are red, "):
        t.play("draw pink")
    t.play("draw red")
    with pytest.raises(IllegalAction, match="there is no 'pink' stone"):
        t.play("Ana a1:red a2:pink a3:blue")


def test_a_field_that_is_not_on_the_board_is_refused_naming_free_fields():
    t = Table(start_record(TWO))
    t.play("draw red")
    with pytest.raises(
        IllegalAction, match="'d4' is not a field of the board; the free fields are a1, a2,"
    ):
        t.play("Ana a1:red d4:red a3:blue")


def test_a_turn_with_fewer_free_fields_than_three_takes_exactly_as_many_stones():
    t = Table(start_record(TWO, board=row(4)))
    t.play("draw red", "Ana x1:red x2:blue x3:red")
    with pytest.raises(
        IllegalAction, match="Ben places exactly 1 stone this turn, not 3: only 1 field is free"
    ):
        t.play("Ben x4:blue x5:white x6:black")
    assert t.play("Ben x4:white").round_no == 2


def test_a_field_named_twice_in_one_turn_is_refused():
    t = Table(start_record(TWO))
    t.play("draw red")
    with pytest.raises(IllegalAction, match="a1 is named twice; each stone goes on a free field"):
        t.play("Ana a1:red a1:blue a3:blue")


def test_a_player_who_is_not_playing_is_refused():
    t = Table(start_record(TWO))
    t.play("draw red")
    with pytest.raises(IllegalAction, match="'Zed' is not playing; the players are Ana and Ben"):
        t.play("Zed a1:red a2:red a3:blue")


def test_a_second_start_is_refused():
    s = start_game(parse_action(start_record(TWO)))
    with pytest.raises(IllegalAction, match="already started; a record has exactly one start"):
        apply(s, Start(("Ana", "Ben"), (("red",), ("blue",))))


def test_a_start_for_another_game_is_refused():
    with pytest.raises(IllegalAction, match="this is a 'stein-im-brett' engine, not one for 'x'"):
        start_game(Start(("Ana", "Ben"), (("red",), ("blue",)), game="x"))


@pytest.mark.parametrize(
    ("players", "colours", "message"),
    [
        (("Ana", "Ana"), (("red",), ("blue",)), "every player needs a name of his own"),
        (("Ana", " "), (("red",), ("blue",)), "every player needs a name of his own"),
        (tuple(FOUR), (("red",), ("blue",)), "each of the 4 players chooses colours; 2 given"),
        (tuple(FOUR), (("red",), ("pink",), ("green",), ("blue",)), "Ben chose 'pink', which"),
        (tuple(FOUR), (("red",), ("red",), ("green",), ("blue",)), "red is chosen by Ana and Ben"),
        (
            ("Ana", "Ben"),
            (("red", "red", "blue"), ("green", "white", "black")),
            "red is chosen twice",
        ),
    ],
)
def test_a_start_that_breaks_the_set_up_is_refused(players, colours, message):
    with pytest.raises(IllegalAction, match=message):
        start_game(Start(players, colours))


def test_an_unknown_action_is_refused():
    s = start_game(parse_action(start_record(TWO)))
    with pytest.raises(IllegalAction, match="unknown action"):
        apply(s, "place")  # type: ignore[arg-type]


def test_every_refusal_leaves_the_state_as_it_was():
    t = Table(start_record(TWO))
    s = t.play("draw red")
    refusals = {
        Draw("red"): "the starting player is already drawn",
        Place("Ben", ()): "it is Ana's turn, not Ben's",
        Place("Ana", (("a1", "red"),)): "Ana places exactly 3 stones this turn, not 1",
    }
    for bad, why in refusals.items():
        with pytest.raises(IllegalAction, match=re.escape(why)):
            apply(s, bad)
    assert t.state is s and all(c is None for c in s.cells) and s.in_bag == 108
    assert s == Table(start_record(TWO)).play("draw red")  # as a fresh table has it
    assert apply(s, Place("Ana", (("a1", "red"), ("a2", "red"), ("a3", "blue")))).free == 33
