"""Illegal actions not covered by the rule files: each is refused with ``IllegalAction``
whose message names the rule and what is allowed instead, and the state is unchanged
(``Game.rejects`` checks all three)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.heuchel_meuchel import Start, apply

from .conftest import position


def test_a_second_start_line_is_refused():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}})
    with pytest.raises(IllegalAction, match="exactly one start line"):
        apply(g.state, Start(("Ana", "Ben"), ()))


def test_a_stranger_may_not_act():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}})
    g.rejects("Zed move 3 4", "'Zed' is not playing; the players are Ana and Ben")


def test_nothing_is_allowed_once_the_game_is_over():
    g = position({"Ana": {12: "P2"}, "Ben": {11: "B3"}})
    g.do("Ana move 12 13")
    assert g.state.finished
    g.rejects("Ben move 11 12", "the game is over; the winners are")


def test_the_die_is_for_the_dice_variant_only():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}})
    g.rejects("Ana roll 3", "played without dice")


def test_a_die_shows_one_to_six():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}}, dice=True)
    g.rejects("Ana roll 7", "a die shows 1 to 6, not 7")
    g.rejects("Ana roll 0", "not 0")


def test_no_second_roll_before_the_move():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 3")
    g.rejects("Ana roll 4", "no roll is due", "rolled a 3 and must move")


def test_no_extra_roll_without_favours_taken():
    g = position({"Ana": {3: "Q2"}, "Ben": {5: "F2", 1: "F1"}}, dice=True)
    g.do("Ana roll 2", "Ana move 3 5")
    g.rejects("Ana roll 4", "another roll is earned only by taking favours first")


def test_a_card_is_discarded_only_in_zugzwang():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}}, dice=True)
    g.rejects("Ana discard 3", "only in Zugzwang", "must roll the die")


def test_zugzwang_names_the_cards_that_may_be_lost():
    g = position({"Ana": {6: "Q5", 12: "P1"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 5")
    g.rejects("Ana discard 4", "no card on row 4", "rows 6 or 12")
    g.rejects("Ana end", "Zugzwang, Ana must discard")
    g.rejects("Ana roll 2", "no roll is due")


def test_favours_are_taken_only_up_to_the_size_of_the_stack():
    g = position({"Ana": {3: "Q2"}, "Ben": {4: "F4 F5", 1: "F1"}})
    g.do("Ana move 3 4")
    g.rejects("Ana take Ben 3", "holds 2 cards", "take 1 to 2 of them")


def test_a_move_from_an_empty_square_names_the_cards_that_can_move():
    g = position({"Ana": {3: "Q2", 5: "B1"}, "Ben": {1: "F1"}})
    g.rejects("Ana move 4 5", "no card on row 4", "rows 3 or 5")


def test_a_move_nowhere_names_the_cards_that_can_move():
    g = position({"Ana": {6: "F2", 7: "P1", 8: "P2"}, "Ben": {1: "F1"}})
    g.rejects("Ana move 6 9", "above its own goal", "cannot move now, the cards on rows 7 or 8 can")


def test_a_dice_move_must_wait_for_its_roll():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}}, dice=True)
    g.rejects("Ana move 3 4", "not yet: Ana must roll the die")


def test_after_a_move_without_favours_the_turn_is_over():
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {1: "F1"}})
    g.do("Ana move 3 4")
    g.rejects("Ana move 6 7", "it is Ben's turn, not Ana's: Ben must move")
    g.rejects("Ana end", "it is Ben's turn")


def test_a_move_onto_an_occupied_square_is_refused():
    g = position({"Ana": {3: "Q2", 4: "L1"}, "Ben": {1: "F1"}})
    g.rejects("Ana move 3 4", "row 4 is occupied", "may move to row 5")


def test_favours_from_a_stranger_are_refused():
    g = position({"Ana": {3: "Q2"}, "Ben": {4: "F4", 1: "F1"}})
    g.do("Ana move 3 4")
    g.rejects("Ana take Zed 1", "'Zed' is not playing")


@pytest.mark.parametrize(
    ("start", "words"),
    [
        (
            Start(("Ana", "Ben"), ((("F1",),),) * 2, game="hinkel-stein"),
            ["not one for 'hinkel-stein'"],
        ),
        (Start(("Ana", " "), ((("F1",),), (("F2",),))), ["distinct and not blank"]),
        (Start(("Ana", "Ben"), ((("F1",),),)), ["every player, and nobody else"]),
        (Start(("Ana", "Ben"), (((),), (("F2",),))), ["Ana places", "6 cards"]),
        (Start(("Ana", "Ben"), ((("X1",),), (("F2",),))), ["Ana places unknown cards X1"]),
    ],
)
def test_a_start_the_engine_cannot_set_up_is_refused(start, words):
    from companion.games.heuchel_meuchel import start_game

    assert words  # the reason is asserted, not only the refusal
    with pytest.raises(IllegalAction) as err:
        start_game(start)
    for w in words:
        assert w in str(err.value)


def test_with_dice_a_move_after_favours_before_any_take_is_refused_for_the_missing_take():
    # "When you have taken care of other pawns you may immediately take another turn" and
    # "This last rule also allows you to take another turn immediately": with nothing
    # taken yet, neither a new roll nor a move is open, so the reason is the missing take
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {5: "F4", 1: "F1"}}, dice=True)
    g.do("Ana roll 2", "Ana move 3 5")
    message = g.rejects(
        "Ana move 6 7",
        "another move is earned only by taking favours first",
        "Ana may take favours or end the turn",
    )
    assert "needs a new roll" not in message


def test_a_roll_of_one_asks_for_a_move_of_exactly_one_row():
    # "moves a card or stack of his choice exactly that number of squares"
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 1")
    g.rejects("Ana end", "Ana rolled a 1 and must move a card or stack exactly 1 row up")
    g.rejects("Ana move 3 5", "the move must be exactly 1 row, from row 3 to row 4")
