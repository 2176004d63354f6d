"""Rulebook "So Who Has Won?": the game ends when only one player has pawns that may
move; cards at or beyond their goal score their value, cards short of it and discards
count against."""

from __future__ import annotations

from .conftest import position


def test_the_game_ends_when_only_one_player_can_still_move():
    g = position({"Ana": {12: "P2", 3: "Q1"}, "Ben": {11: "B3"}, "Cid": {7: "F1"}})
    g.do("Ana move 12 13")  # Ana still has her Quack to move
    g.do("Ben move 11 12")  # Ben is done; Ana and Cid can still move
    assert g.on_turn == "Cid" and not g.state.finished
    g.do("Cid move 7 8")  # Cid is done too: only Ana could still move
    assert g.state.finished and g.on_turn is None
    assert g.column("Ana") == {13: "*P2", 3: "Q1"}  # her Quack counts against her


def test_players_without_pawns_to_move_are_skipped_and_the_last_one_does_not_play_alone():
    g = position({"Ana": {12: "P2", 3: "Q1"}, "Ben": {11: "B3"}, "Cid": {10: "*Q4"}})
    assert g.on_turn == "Ana"
    g.do("Ana move 12 13")
    assert g.on_turn == "Ben"  # Cid has nothing left to move: skipped
    g.do("Ben move 11 12")  # Ben's Bishop reaches its goal: only Ana can still move
    assert g.state.finished and g.awaited is None


def test_cards_at_or_beyond_their_goal_score_and_cards_short_of_it_and_discards_count_against():
    # "The values of all cards that have reached their goal, or have moved beyond it inside
    # a stack, count as victory points. The values of all cards that have not reached their
    # goal or that have been placed as discards before the player count as penalties"
    g = position(
        {
            "Ana": {13: "*P2 L3", 10: "*Q4 P6", 9: "P1 Q5 M3", 3: "Q1"},
            "Ben": {12: "B3"},
        },
        discards={"Ana": ["F2"]},
    )
    # P2 +2, L3 +3 (beyond), Q4 +4, P6 -6 (short of 13 under a Quack),
    # P1 -1, Q5 -5 (9 < 10), M3 +3 (exactly 9), Q1 -1, discard F2 -2
    assert g.scores["Ana"] == 2 + 3 + 4 - 6 - 1 - 5 + 3 - 1 - 2
    assert g.scores["Ben"] == 3


def test_the_highest_score_wins_and_a_tie_has_several_winners():
    g = position({"Ana": {12: "P4", 3: "Q1"}, "Ben": {11: "B3"}})
    g.do("Ana move 12 13", "Ben move 11 12")
    assert g.state.finished
    assert g.scores == {"Ana": 4 - 1, "Ben": 3}
    assert g.state.winners == ("Ana", "Ben")


def test_without_dice_the_game_ends_as_soon_as_a_take_leaves_nobody_else_anything_to_move():
    # (HM-12) another move after the favour would be the last player moving alone
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {4: "F4", 9: "*M1"}})
    g.do("Ana move 3 4", "Ana take Ben 1")
    assert g.state.finished and g.awaited is None
    assert g.scores == {"Ana": -2 - 4 - 1, "Ben": 1}


def test_with_dice_the_player_takes_his_extra_roll_even_when_the_others_are_done():
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {4: "F4", 9: "*M1"}}, dice=True)
    g.do("Ana roll 1", "Ana move 3 4", "Ana take Ben 1")
    assert g.awaited == ("Ana", "end") and g.optional == {"roll"}
