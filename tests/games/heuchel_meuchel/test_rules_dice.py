"""Rulebook "Game Variant with Dice": exact rolls, occupied squares counted but skipped,
favours and the extra roll, Zugzwang with its cascade, and the last player moving alone."""

from __future__ import annotations

from companion.games.heuchel_meuchel import Roll
from companion.games.heuchel_meuchel.moves import legal_actions, move_actions

from .conftest import position


def test_a_dice_turn_begins_with_a_roll():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}}, dice=True)
    assert g.awaited == ("Ana", "roll")
    assert legal_actions(g.state) == [Roll("Ana", v) for v in range(1, 7)]
    g.rejects("Ana move 3 4", "Ana must roll the die")


def test_the_card_moves_exactly_the_number_rolled():
    g = position({"Ana": {3: "Q2", 1: "F3"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 4")
    assert g.awaited == ("Ana", "move")
    assert {(m.row, m.to) for m in move_actions(g.state)} == {(3, 7), (1, 5)}
    g.rejects("Ana move 3 6", "rolled a 4", "exactly 4 rows", "to row 7")
    g.do("Ana move 3 7")
    assert g.at("Ana", 7) == "Q2"


def test_occupied_squares_count_but_are_skipped():
    g = position({"Ana": {1: "F2", 2: "M1", 3: "Q1"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 3")  # F2: 2 and 3 occupied, counted, onto 4
    assert (1, 4) in {(m.row, m.to) for m in move_actions(g.state)}
    g.do("Ana move 1 4")
    assert g.at("Ana", 4) == "F2"


def test_the_square_reached_must_be_free():
    g = position({"Ana": {1: "F2", 3: "Q1"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 2")
    assert {(m.row, m.to) for m in move_actions(g.state)} == {(3, 5)}
    g.rejects("Ana move 1 3", "row 3 is occupied")


def test_with_dice_no_card_moves_beyond_its_goal_either():
    g = position({"Ana": {7: "F2", 3: "Q1"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 2")
    g.rejects("Ana move 7 9", "above its own goal")


def test_a_six_gives_no_extra_roll():
    g = position({"Ana": {3: "Q1"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 6", "Ana move 3 9")
    assert g.awaited == ("Ben", "roll")


def test_part_of_a_stack_may_move_with_dice():
    g = position({"Ana": {3: "Q1 Q2"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 2", "Ana move 3:1 5")
    assert g.column("Ana") == {3: "Q2", 5: "Q1"}


def test_favours_with_dice_allow_another_roll_which_may_be_refused():
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {5: "F4", 1: "F1"}}, dice=True)
    g.do("Ana roll 2", "Ana move 3 5", "Ana take Ben 1")
    assert g.awaited == ("Ana", "end") and g.optional == {"roll"}
    g.rejects("Ana move 6 7", "another move after favours needs a new roll")
    g.do("Ana end")
    assert g.awaited == ("Ben", "roll")


def test_once_rolled_for_an_additional_move_it_must_be_taken():
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {5: "F4", 1: "F1"}}, dice=True)
    g.do("Ana roll 2", "Ana move 3 5", "Ana take Ben 1", "Ana roll 1")
    assert g.awaited == ("Ana", "move")
    g.rejects("Ana end", "nobody may skip his turn")
    g.do("Ana move 6 7")
    assert g.awaited == ("Ben", "roll")


def test_an_additional_roll_that_fits_no_move_is_zugzwang():
    g = position({"Ana": {9: "Q2", 12: "P1"}, "Ben": {9: "F4", 1: "F1"}}, stage="favours", at=9,
                 taken=("Ben",), dice=True)  # fmt: skip
    g.do("Ana roll 6")
    assert g.awaited == ("Ana", "discard")
    g.do("Ana discard 9")  # the turn ends with the loss
    assert g.discards("Ana") == ("Q2",) and g.awaited == ("Ben", "roll")


def test_zugzwang_a_roll_that_fits_no_move_costs_a_card_of_the_players_choice():
    g = position({"Ana": {6: "Q5", 12: "P1"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 5")
    assert g.awaited == ("Ana", "discard")
    g.rejects("Ana move 6 11", "Zugzwang")
    g.do("Ana discard 12")
    assert g.discards("Ana") == ("P1",) and g.column("Ana") == {6: "Q5"}
    assert g.awaited == ("Ben", "roll")


def test_zugzwang_cards_already_at_their_goal_are_immune():
    g = position({"Ana": {6: "Q5", 13: "*P1"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 5")
    g.rejects("Ana discard 13", "immune", "row 6")


def test_zugzwang_the_rulebook_example_discards_on_until_a_quack_reaches_his_goal():
    # "You remove the Prince ... by doing this you reveal a Minstrel that has moved beyond
    # his station. The Minstrel must also be discarded, revealing another Quack that has
    # reached his goal hex there and is flipped over together with the remainder of his stack"
    g = position({"Ana": {10: "P1 M4 Q2 F3", 6: "Q5"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 5")  # Q5: 11 is above his goal; P1: 15 is off the board
    assert g.awaited == ("Ana", "discard")
    g.do("Ana discard 10")
    assert g.discards("Ana") == ("P1", "M4")
    assert g.at("Ana", 10) == "*Q2 F3"


def test_zugzwang_the_cascade_stops_at_a_card_of_higher_class():
    g = position({"Ana": {10: "L1 M4 P2 F3"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 4", "Ana discard 10")
    assert g.discards("Ana") == ("L1", "M4") and g.at("Ana", 10) == "P2 F3"


def test_zugzwang_in_the_lower_half_takes_only_the_top_card():
    g = position({"Ana": {5: "B1 F2"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 1")
    # 6 is free: no Zugzwang; roll again next turn
    assert g.awaited == ("Ana", "move")
    g2 = position({"Ana": {5: "B1 F2", 11: "L1"}, "Ben": {1: "F1"}}, dice=True)
    g2.do("Ana roll 6")  # B1 -> 11 is occupied, L1 -> 17 off the board
    g2.do("Ana discard 5")
    assert g2.at("Ana", 5) == "F2" and g2.discards("Ana") == ("B1",)


def test_the_last_player_takes_several_turns_in_succession():
    # "Each player takes turns until all his cards have reached their goals or until he
    # has no card left. This implies that the last player may have to take several turns
    # in succession while the other players are done already."
    g = position({"Ana": {11: "B2"}, "Ben": {5: "B3", 13: "*P1"}}, dice=True)
    g.do("Ana roll 1", "Ana move 11 12")
    assert g.awaited == ("Ben", "roll")
    g.do("Ben roll 3", "Ben move 5 8")
    assert g.awaited == ("Ben", "roll")  # Ana is done: Ben again
    g.do("Ben roll 6")  # 14: no move, Zugzwang: the Bishop is lost
    g.do("Ben discard 8")
    assert g.state.finished and g.discards("Ben") == ("B3",)
    assert g.scores == {"Ana": 2, "Ben": 1 - 3}


def test_with_dice_a_flipped_goal_square_of_the_same_class_may_be_reached():
    # "Goal squares with flipped cards are considered free for other pawns with the same
    # goal" (HM-5, HM-13)
    g = position({"Ana": {7: "Q3", 10: "*Q2"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 3", "Ana move 7 10")
    assert g.at("Ana", 10) == "*Q3 Q2" and g.on_turn == "Ben"


def test_with_dice_flipped_squares_of_a_lower_class_count_and_are_skipped():
    # "they count as occupied for pawns of higher class"; "Occupied squares count but are
    # skipped"
    g = position({"Ana": {1: "F3", 7: "L3", 8: "*F2", 10: "*Q2"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 3")  # the Lady would end on the flipped Quacks: only the Fire-Eater fits
    assert {(m.row, m.to) for m in move_actions(g.state)} == {(1, 4)}
    g.rejects("Ana move 7 10", "flipped", "occupied for the Lady")
    g2 = position({"Ana": {7: "L3", 8: "*F2", 10: "*Q2"}, "Ben": {1: "F1"}}, dice=True)
    g2.do("Ana roll 4", "Ana move 7 11")  # 8, 9 and 10 counted: onto the Lady's goal
    assert g2.at("Ana", 11) == "*L3"


def test_zugzwang_a_roll_that_fits_only_a_move_with_a_discarded_remainder_is_no_zugzwang():
    # (HM-19) "If you cannot do that because the number rolled does not fit any possible
    # movement": a move that fits must be made, even one leaving a remainder above its goal
    # (HM-9)
    g = position({"Ana": {12: "P2 L3"}, "Ben": {1: "F1"}}, dice=True)
    g.do("Ana roll 1")
    assert g.awaited == ("Ana", "move")
    g.rejects("Ana discard 12", "only in Zugzwang")
    g.do("Ana move 12:1 13")
    assert g.at("Ana", 13) == "*P2" and g.discards("Ana") == ("L3",)
