"""Rulebook "When It's Your Turn" and "Every Ascent Has an End": steps, jumps over
occupied squares with the choice where to stop, parts of stacks, always upwards,
never above the goal of the moving top card, flipped goal squares, no passing."""

from __future__ import annotations

from companion.games.heuchel_meuchel import End
from companion.games.heuchel_meuchel.moves import legal_actions, move_actions

from .conftest import position


def targets(g, row):
    return sorted({m.to for m in move_actions(g.state) if m.row == row})


def test_a_card_moves_to_the_next_higher_square_if_it_is_free():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}})
    assert targets(g, 3) == [4]
    g.do("Ana move 3 4")
    assert g.column("Ana") == {4: "Q2"}


def test_a_step_onto_a_free_square_ends_the_move():
    # "The Quack in the first column moves to the 4th square and must stop there."
    g = position({"Ana": {3: "Q2", 5: "B1"}, "Ben": {1: "F1"}})
    assert targets(g, 3) == [4]
    g.rejects("Ana move 3 6", "a step onto a free square ends the move", "may move to row 4")


def test_a_card_jumps_over_adjacent_occupied_squares_to_the_next_free_one():
    g = position({"Ana": {1: "F2", 2: "M1", 3: "Q1", 4: "L1"}, "Ben": {1: "F1"}})
    assert targets(g, 1) == [5]


def test_after_a_jump_the_card_may_jump_on_or_stop_on_any_landing_square():
    # "The Fire-Eater in the 2nd column jumps to the 7th square. ... he has the option to
    # end his move on the 5th square already"
    g = position({"Ana": {1: "F2", 2: "M1", 3: "Q1", 4: "L1", 6: "P1"}, "Ben": {1: "F1"}})
    assert targets(g, 1) == [5, 7]
    g.do("Ana move 1 5")
    assert g.at("Ana", 5) == "F2"


def test_a_jump_chain_stops_where_the_next_square_is_free():
    g = position({"Ana": {1: "F2", 2: "M1", 4: "L1"}, "Ben": {1: "F1"}})
    # over M1 onto 3; 4 is occupied: on over L1 onto 5; 6 free: the chain ends
    assert targets(g, 1) == [3, 5]


def test_no_pawn_may_move_above_its_own_goal():
    g = position({"Ana": {7: "F2"}, "Ben": {1: "F1"}})
    assert targets(g, 7) == [8]
    g2 = position({"Ana": {6: "F2", 7: "P1", 8: "P2"}, "Ben": {1: "F1"}})
    # the jump would land on 9, above the Fire-Eater's goal (8): no move at all
    assert targets(g2, 6) == []
    g2.rejects("Ana move 6 9", "no pawn may move above its own goal", "row 8")


def test_a_pawn_inside_a_stack_ascends_under_the_protection_of_its_top_card():
    # "In the second column, she is hidden in the stack lead by a Prince. He may take her
    # up to his goal square as long as she is inside the stack."
    g = position({"Ana": {11: "P3 L2"}, "Ben": {1: "F1"}})
    assert targets(g, 11) == [12]
    g.do("Ana move 11 12")
    assert g.at("Ana", 12) == "P3 L2"


def test_the_top_part_of_a_stack_may_move_and_the_rest_stays():
    g = position({"Ana": {3: "Q2 Q6 Q1"}, "Ben": {1: "F1"}})
    g.do("Ana move 3:2 4")
    assert g.column("Ana") == {3: "Q1", 4: "Q2 Q6"}


def test_the_order_of_a_stack_may_not_change():
    g = position({"Ana": {3: "Q2 Q6 Q1"}, "Ben": {1: "F1"}})
    g.rejects("Ana move 3:4 4", "holds 3 cards", "move 1 to 3 of them, from the top")


def test_pawns_always_move_upwards():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}})
    g.rejects("Ana move 3 2", "always move upwards")
    g.rejects("Ana move 3 3", "always move upwards")


def test_reaching_the_goal_flips_the_card_or_stack():
    g = position({"Ana": {9: "Q2 F1"}, "Ben": {1: "F1"}})
    g.do("Ana move 9 10")
    assert g.at("Ana", 10) == "*Q2 F1"


def test_reaching_the_goal_ends_the_move_with_nothing_left_to_take():
    # at its goal row every other unflipped stack is of a higher class: no favours
    g = position({"Ana": {9: "Q2", 3: "Q1"}, "Ben": {10: "P1 M2", 1: "F1"}})
    g.do("Ana move 9 10")
    assert g.at("Ana", 10) == "*Q2" and g.on_turn == "Ben"


def test_flipped_cards_move_no_more():
    g = position({"Ana": {10: "*Q2", 3: "Q1"}, "Ben": {1: "F1"}})
    assert targets(g, 10) == []
    g.rejects("Ana move 10 11", "reached their goal and are flipped")


def test_a_flipped_goal_square_is_free_for_pawns_with_the_same_goal():
    g = position({"Ana": {9: "Q3", 10: "*Q2"}, "Ben": {1: "F1"}})
    assert targets(g, 9) == [10]
    g.do("Ana move 9 10")
    assert g.at("Ana", 10) == "*Q3 Q2"  # both have reached their goal


def test_a_flipped_goal_square_is_occupied_for_pawns_of_higher_class():
    g = position({"Ana": {9: "L3", 10: "*Q2"}, "Ben": {1: "F1"}})
    assert targets(g, 9) == [11]  # the Lady jumps over the flipped Quacks
    g.rejects("Ana move 9 10", "flipped", "occupied for the Lady")


def test_a_player_must_move_and_may_not_pass():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}})
    assert all(not isinstance(a, End) for a in legal_actions(g.state))
    g.rejects("Ana end", "nobody may skip his turn")


def test_only_the_player_on_turn_moves_and_only_in_his_own_column():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}})
    g.rejects("Ben move 1 2", "it is Ana's turn")
    g.rejects("Ana move 1 2", "no card on row 1 of Ana's column")


def test_without_dice_the_topmost_unfinished_card_can_always_move():
    # (see rules-decisions HM-11) blocked below, the topmost card still has a free square
    g = position({"Ana": {6: "F2", 7: "P1", 8: "*M1", 9: "*M2"}, "Ben": {1: "F1"}})
    assert targets(g, 6) == [] and targets(g, 7) == [10]
