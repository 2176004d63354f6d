"""Set up and the starting player: colours by table size, the stones set aside, 18 of
each colour in the bag, a stone drawn for the starting player."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.stein_im_brett import awaiting, parse_action, start_game
from companion.games.stein_im_brett.queries import in_bag, starting_player, turn_size

from .conftest import FIVE, FOUR, SIX, THREE, TWO
from .script import Table, start_record


@pytest.mark.parametrize(
    ("colours", "each"), [(TWO, 3), (THREE, 2), (FOUR, 1), (FIVE, 1), (SIX, 1)]
)
def test_two_players_choose_three_colours_three_choose_two_and_more_choose_one(colours, each):
    s = start_game(parse_action(start_record(colours)))
    assert all(len(cs) == each for cs in s.colours)
    assert [s.owner_of(c) for c in colours[s.players[0]]] == [0] * each


@pytest.mark.parametrize(
    ("colours", "player", "wrong"),
    [
        (TWO, "Ana", ["red", "yellow"]),
        (THREE, "Ben", ["yellow"]),
        (FOUR, "Dora", ["blue", "white"]),
    ],
)
def test_each_player_chooses_exactly_the_number_of_colours_the_table_size_gives(
    colours, player, wrong
):
    bad = {**colours, player: wrong}
    with pytest.raises(IllegalAction, match=f"each player chooses .* colour.*; {player} has"):
        start_game(parse_action(start_record(bad)))


def test_a_colour_is_chosen_by_one_player_at_most():
    bad = {**FOUR, "Dora": ["red"]}
    with pytest.raises(IllegalAction, match="red is chosen by Ana and Dora"):
        start_game(parse_action(start_record(bad)))


def test_two_to_six_players_play():
    with pytest.raises(IllegalAction, match="2 to 6 players, not 1"):
        start_game(parse_action(start_record({"Ana": ["red"]})))
    seven = {**SIX, "Gus": ["red"]}
    with pytest.raises(IllegalAction, match="2 to 6 players, not 7"):
        start_game(parse_action(start_record(seven)))


def test_each_player_shows_a_stone_of_each_colour_and_unassigned_ones_go_to_the_box():
    s = start_game(parse_action(start_record(FOUR)))  # white and black unassigned
    assert s.shown() == (1, 1, 1, 1, 0, 0)
    assert s.box == (0, 0, 0, 0, 1, 1)


def test_the_bag_holds_the_other_eighteen_stones_of_every_colour_assigned_or_not():
    s = start_game(parse_action(start_record(FOUR)))
    assert in_bag(s) == dict.fromkeys(("red", "yellow", "green", "blue", "white", "black"), 18)
    assert s.in_bag == 108


def test_the_owner_of_the_colour_drawn_from_the_bag_starts():
    t = Table(start_record(THREE))
    assert awaiting(t.state).action == "draw" and awaiting(t.state).player is None
    s = t.play("draw white")
    assert starting_player(s) == "Ben" and awaiting(s).player == "Ben"
    assert awaiting(s).action == "place" and turn_size(s) == 3
    assert s.draws == ("white",)


def test_an_unassigned_colour_drawn_is_drawn_again():
    t = Table(start_record(FIVE))  # black unassigned
    s = t.play("draw black")
    assert starting_player(s) is None and awaiting(s).action == "draw"
    s = t.play("draw black", "draw blue")
    assert starting_player(s) == "Dora" and s.draws == ("black", "black", "blue")


def test_the_stone_drawn_for_the_starting_player_goes_back_into_the_bag():
    # decision SIB-2: else the bag would hold fewer than 108 and could not fill the board
    # three times, yet "at the end of the 3rd round the cloth bag is empty".
    t = Table(start_record(FIVE))
    s = t.play("draw black", "draw red")
    assert s.in_bag == 108 and s.bag == (18,) * 6
