"""Rulebook "And This Is How You Feign Favours": after a move, the card or stack just
moved may take cards or top parts of stacks of lower rank in the same row of other
columns, put them under itself, and then its player may move again."""

from __future__ import annotations

from companion.games.heuchel_meuchel.moves import legal_actions

from .conftest import position


def test_the_moved_card_takes_a_lower_ranked_card_in_the_same_row_under_itself():
    g = position({"Ana": {3: "Q2"}, "Ben": {4: "F4"}})
    g.do("Ana move 3 4")
    assert g.awaited == ("Ana", "end") and g.optional == {"take"}
    g.do("Ana take Ben 1")
    assert g.at("Ana", 4) == "Q2 F4" and g.at("Ben", 4) is None


def test_the_bishop_example_takes_the_lady_and_the_lower_bishop_but_not_the_prince():
    # "The Bishop (value 4) moves to row 6 and impresses his favours to the Lady in column
    # 3 and to the Bishop (value 3) in column 5. The Prince is of higher rank and stays put."
    g = position(
        {
            "Ana": {5: "B4"},
            "Ben": {6: "P2"},
            "Cid": {6: "L5"},
            "Dora": {1: "F1"},
            "Eve": {6: "B3"},
        }
    )
    g.do("Ana move 5 6")
    takes = {(a.column, a.cards) for a in legal_actions(g.state) if type(a).__name__ == "Take"}
    assert takes == {("Cid", 1), ("Eve", 1)}
    g.rejects("Ana take Ben 1", "Prince 2 in Ben's column does not rank below Ana's Bishop 4")
    g.do("Ana take Cid 1", "Ana take Eve 1")
    assert g.at("Ana", 6) == "B4 L5 B3" and g.at("Ben", 6) == "P2"


def test_a_lower_value_of_the_same_class_is_lower_in_rank():
    g = position({"Ana": {3: "Q5"}, "Ben": {4: "Q3"}, "Cid": {4: "Q6"}})
    # the Quack 5 moves to 4; wait, Ana's Quack is on 3: the goal is 10, row 4 is free
    g.do("Ana move 3 4")
    assert g.optional == {"take"}
    g.rejects("Ana take Cid 1", "Quack 6 in Cid's column does not rank below Ana's Quack 5")
    g.do("Ana take Ben 1")
    assert g.at("Ana", 4) == "Q5 Q3"


def test_the_rank_of_a_stack_is_its_top_card_and_the_cards_below_are_not_looked_at():
    # "But it won't do to peek at the cards before parting the stack!"
    g = position({"Ana": {3: "Q2"}, "Ben": {4: "F4 P6 B1"}})
    g.do("Ana move 3 4", "Ana take Ben 3")
    assert g.at("Ana", 4) == "Q2 F4 P6 B1"


def test_only_part_of_a_stack_may_be_taken_and_the_rest_stays():
    g = position({"Ana": {3: "Q2"}, "Ben": {4: "F4 F6 M1"}})
    g.do("Ana move 3 4", "Ana take Ben 2")
    assert g.at("Ana", 4) == "Q2 F4 F6" and g.at("Ben", 4) == "M1"


def test_a_stack_is_split_once_a_move_no_peeking_at_what_came_to_light():
    g = position({"Ana": {3: "Q2"}, "Ben": {4: "F4 F6 M1"}})
    g.do("Ana move 3 4", "Ana take Ben 1")
    g.rejects(
        "Ana take Ben 1", "already taken from Ben's column after this move", "without peeking"
    )


def test_favours_may_be_renounced():
    g = position({"Ana": {3: "Q2"}, "Ben": {4: "F4", 1: "F1"}})
    g.do("Ana move 3 4", "Ana end")
    assert g.at("Ben", 4) == "F4" and g.awaited == ("Ben", "move")


def test_only_the_card_or_stack_just_moved_gives_favours():
    g = position({"Ana": {3: "Q2", 4: "L1"}, "Ben": {4: "F4", 6: "M1"}})
    # the Lady on 4 did not move: no favour from her at the start of the turn
    g.rejects("Ana take Ben 1", "favours are feigned right after a move")
    g.do("Ana move 3 5")  # the Quack jumps over the Lady: row 5, nothing there
    assert g.on_turn == "Ben"


def test_favours_reach_only_the_row_of_the_moved_stack_and_other_columns():
    g = position({"Ana": {3: "Q2"}, "Ben": {4: "F4", 5: "F1"}, "Cid": {1: "F2"}})
    g.do("Ana move 3 4")
    g.rejects("Ana take Cid 1", "Cid's column has nothing on row 4")
    g.rejects("Ana take Ana 1", "not your own")


def test_flipped_cards_are_safe_from_favours():
    g = position({"Ana": {7: "P2"}, "Ben": {8: "*F4", 1: "F1"}})
    g.do("Ana move 7 8")  # nothing to take: the turn passes
    assert g.on_turn == "Ben" and g.at("Ben", 8) == "*F4"
    g2 = position({"Ana": {8: "P2"}, "Ben": {8: "*F4", 1: "F1"}}, stage="favours", at=8)
    g2.rejects("Ana take Ben 1", "flipped", "safe")


def test_after_taking_favours_the_player_may_move_again_with_any_card():
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {4: "F4", 7: "B2", 1: "F1"}})
    g.do("Ana move 3 4", "Ana take Ben 1")
    assert g.awaited == ("Ana", "end") and g.optional == {"move"}
    g.do("Ana move 6 7")  # another card; the Prince finds the Bishop 2 there
    assert g.optional == {"take"}
    g.do("Ana take Ben 1", "Ana move 4 5")  # and again, with nothing to take: turn over
    assert g.column("Ana") == {5: "Q2 F4", 7: "P1 B2"} and g.on_turn == "Ben"


def test_moving_again_is_earned_only_by_taking_favours():
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {4: "F4"}, "Cid": {1: "F1"}})
    g.do("Ana move 3 4")
    g.rejects("Ana move 6 7", "another move is earned only by taking favours first")


def test_the_player_may_end_his_turn_instead_of_moving_again():
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {4: "F4", 1: "F1"}})
    g.do("Ana move 3 4", "Ana take Ben 1", "Ana end")
    assert g.on_turn == "Ben"


def test_favours_still_open_lapse_when_the_player_moves_again():
    # (HM-18) "You may only give this favour with the one card or stack you have just
    # moved": after the second move the favours of the first are out of reach
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {4: "F4", 7: "M2"}, "Cid": {4: "F5"}})
    g.do("Ana move 3 4", "Ana take Ben 1")
    assert g.optional == {"take", "move"}  # Cid's Fire-Eater 5 could still be taken
    g.do("Ana move 6 7")  # the Prince moves instead; he finds Ben's Minstrel on 7
    g.rejects("Ana take Cid 1", "Cid's column has nothing on row 7", "(row 7)")
    g.do("Ana take Ben 1")
    assert g.at("Cid", 4) == "F5" and g.at("Ana", 7) == "P1 M2"


def test_with_dice_favours_still_open_lapse_once_the_player_rolls_again():
    # (HM-18) "once you have rolled for an additional move you must take it": after the
    # roll the move is due, no more favours of the previous move
    g = position(
        {"Ana": {3: "Q2", 6: "P1"}, "Ben": {5: "F4", 1: "F6"}, "Cid": {5: "F5"}}, dice=True
    )
    g.do("Ana roll 2", "Ana move 3 5", "Ana take Ben 1")
    assert g.optional == {"take", "roll"}
    g.do("Ana roll 1")
    g.rejects("Ana take Cid 1", "favours are feigned right after a move", "must move")
    g.do("Ana move 6 7")
    assert g.on_turn == "Ben" and g.at("Cid", 5) == "F5"


def test_favours_come_from_the_landing_square_only_not_the_squares_jumped_over():
    # "If, at the end of your move, you have cards or stacks with a lower rank in another
    # column but in the same row": the row where the move ends
    g = position({"Ana": {3: "Q2", 4: "L1"}, "Ben": {4: "F4", 5: "F1"}, "Cid": {1: "F2"}})
    g.do("Ana move 3 5")  # over the Lady onto 5: Ben's Fire-Eater 1 is there
    assert g.optional == {"take"}
    g.rejects("Ana take Cid 1", "Cid's column has nothing on row 5")
    g.do("Ana take Ben 1")
    assert g.at("Ana", 5) == "Q2 F1" and g.at("Ben", 4) == "F4"


def test_the_part_of_a_stack_left_behind_gives_no_favours():
    # "You may only give this favour with the one card or stack you have just moved."
    g = position({"Ana": {3: "Q2 Q6"}, "Ben": {3: "F3", 4: "F4", 1: "F1"}})
    g.do("Ana move 3:1 4")  # the Quack 6 stays on 3, beside Ben's Fire-Eater 3
    g.do("Ana take Ben 1")  # the Quack 2 on 4 takes the Fire-Eater 4 ...
    g.rejects("Ana take Ben 1", "already taken from Ben's column")  # ... and not the one on 3
    assert g.at("Ben", 3) == "F3"
