"""Rulebook "This Is What You Need to Play" and "You Start Out Like This": the board,
the 36 cards and their ranks, and the setup with its hidden stack order."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.heuchel_meuchel import Start, start_game
from companion.games.heuchel_meuchel.names import (
    CARDS,
    CLASSES,
    GOAL_ROW,
    RANK_OF,
    ROWS,
    START_ROW,
    card_name,
)

from .conftest import new_game

SIX = {
    "Ana": ["F2 F5", "Q1", "L3 L6 L1"],
    "Ben": ["M4", "Q6 Q3", "B2", "P5 P1"],
}


def test_the_board_has_thirteen_rows_and_a_column_per_player():
    g = new_game(SIX)
    assert ROWS == 13
    assert len(g.state.board) == 2 and all(len(col) == 13 for col in g.state.board)


def test_each_class_starts_on_its_row_and_has_its_goal_seven_rows_higher():
    assert [START_ROW[c] for c in CLASSES] == [1, 2, 3, 4, 5, 6]
    assert [GOAL_ROW[c] for c in CLASSES] == [8, 9, 10, 11, 12, 13]
    assert CLASSES == ("fire-eater", "minstrel", "quack", "lady", "bishop", "prince")


def test_there_are_36_cards_six_classes_with_values_one_to_six():
    assert len(CARDS) == 36 and len(set(CARDS)) == 36
    assert card_name("L4") == "Lady 4" and card_name("F1") == "Fire-Eater 1"


def test_rank_is_class_first_then_value():
    # "the Minstrel with a value of 6 is higher than the "5" Minstrel but lower than the
    # Quack with the value of 1"
    assert RANK_OF["M5"] < RANK_OF["M6"] < RANK_OF["Q1"]
    assert RANK_OF["B6"] < RANK_OF["P1"]
    assert sorted(CARDS, key=RANK_OF.__getitem__) == list(CARDS)


def test_cards_are_placed_on_the_starting_square_of_their_class_as_stacks():
    g = new_game(SIX)
    assert g.column("Ana") == {1: "F2 F5", 3: "Q1", 4: "L3 L6 L1"}
    assert g.column("Ben") == {2: "M4", 3: "Q6 Q3", 5: "B2", 6: "P5 P1"}


def test_the_start_player_is_the_first_listed_and_moves_first():
    assert new_game(SIX).awaited == ("Ana", "move")
    assert new_game(SIX, dice=True).awaited == ("Ana", "roll")


@pytest.mark.parametrize(
    ("stacks", "words"),
    [
        ({"Ana": ["F1 F2 F3 F4 F5 F6"]}, ["2 to 6 players", "not 1"]),
        (
            {"Ana": ["F1 F2 F3 F4 F5"], "Ben": ["M1 M2 M3 M4 M5 M6"]},
            ["each player takes 6 cards; Ana places 5"],
        ),
        (
            {"Ana": ["F1 M2 F3 F4 F5 F6"], "Ben": ["M1 M3 M4 M5 M6 Q1"]},
            ["mixes classes", "starting square of its own class"],
        ),
        (
            {"Ana": ["F1 F2 F3", "F4 F5 F6"], "Ben": ["M1 M2 M3 M4 M5 M6"]},
            ["two stacks of the fire-eater class", "one stack"],
        ),
        (
            {"Ana": ["F1 F2 F3 F4 F5 F6"], "Ben": ["F1", "M2 M3 M4 M5 M6"]},
            ["every card is dealt once, but the Fire-Eater 1 is placed twice"],
        ),
    ],
)
def test_a_setup_that_breaks_the_rules_is_refused(stacks, words):
    start = Start(tuple(stacks), tuple(tuple(tuple(s.split()) for s in v) for v in stacks.values()))
    assert words  # the reason is asserted, not only the refusal
    with pytest.raises(IllegalAction) as err:
        start_game(start)
    for w in words:
        assert w in str(err.value)


def test_seven_players_are_too_many_for_36_cards():
    names = tuple("ABCDEFG")
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        start_game(Start(names, tuple((("F1",),) for _ in names)))


def test_six_players_share_all_36_cards():
    stacks = {f"P{i}": [" ".join(CARDS[i * 6 : i * 6 + 6])] for i in range(6)}
    g = new_game(stacks)
    assert g.state.card_count() == 36


def test_once_placed_a_stack_keeps_its_order_top_first():
    # "A stack placed on the board may not be sorted differently afterwards."
    g = new_game(SIX)
    g.do("Ana move 4:2 5")  # the top two of L3 L6 L1 go to row 5 (free), in order
    assert g.at("Ana", 5) == "L3 L6" and g.at("Ana", 4) == "L1"


def test_with_fewer_than_six_players_the_cards_nobody_took_stay_out_of_the_game():
    g = new_game(SIX)
    assert g.state.card_count() == 12
    on_board = {c for col in g.state.board for u in col if u for c in u.cards}
    assert "P6" not in on_board and len(on_board) == 12
