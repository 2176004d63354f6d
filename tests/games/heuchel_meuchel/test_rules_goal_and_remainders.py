"""Rulebook "Every Ascent Has an End": what is left on a square when the top part of a
stack leaves it: above its new top card's goal the whole remainder is discarded to its
owner's penalties; exactly at that goal it has reached it and is flipped (HM-8, HM-9)."""

from __future__ import annotations

from .conftest import position


def test_a_remainder_above_its_goal_after_a_partial_takeover_is_discarded_to_its_owner():
    # "If, in the top half of the game board, only part of a stack is taken over by another
    # player and the upmost pawn showing on the remaining stack is found in a position
    # higher than its class would allow ... the complete remainder of the stack is discarded"
    g = position({"Ana": {8: "P2"}, "Ben": {9: "L3 F2 P5", 1: "F1"}})
    g.do("Ana move 8 9", "Ana take Ben 1")
    assert g.at("Ana", 9) == "P2 L3"
    assert g.at("Ben", 9) is None
    assert g.discards("Ben") == ("F2", "P5")  # the complete remainder, the Prince too


def test_a_remainder_within_its_goal_stays_where_it_is():
    g = position({"Ana": {8: "P2"}, "Ben": {9: "L3 M2 B5", 1: "F1"}})
    g.do("Ana move 8 9", "Ana take Ben 2")
    assert g.at("Ben", 9) == "B5" and g.discards("Ben") == ()


def test_a_remainder_exactly_at_its_goal_is_flipped():
    g = position({"Ana": {8: "P2"}, "Ben": {9: "L3 M2 B5", 1: "F1"}})
    g.do("Ana move 8 9", "Ana take Ben 1")
    assert g.at("Ben", 9) == "*M2 B5"


def test_a_remainder_left_by_its_own_player_above_its_goal_is_discarded_too():
    g = position({"Ana": {12: "P2 L3 P1"}, "Ben": {1: "F1"}})
    g.do("Ana move 12:1 13")
    assert g.at("Ana", 13) == "*P2" and g.at("Ana", 12) is None
    assert g.discards("Ana") == ("L3", "P1")


def test_a_remainder_left_by_its_own_player_below_its_goal_stays():
    g = position({"Ana": {9: "P2 L3"}, "Ben": {1: "F1"}})
    g.do("Ana move 9:1 10")
    assert g.column("Ana") == {9: "L3", 10: "P2"}


def test_a_whole_stack_taken_leaves_an_empty_square():
    g = position({"Ana": {8: "P2"}, "Ben": {9: "L3 F2", 1: "F1"}})
    g.do("Ana move 8 9", "Ana take Ben 2")
    assert g.at("Ben", 9) is None and g.discards("Ben") == ()


def test_a_remainder_whose_top_card_is_within_its_goal_protects_the_cards_below_it():
    # "the upmost pawn showing on the remaining stack": only the new top card is judged;
    # the Fire-Eater below the Bishop stays, under his protection
    g = position({"Ana": {8: "P2"}, "Ben": {9: "L3 B5 F2", 1: "F1"}})
    g.do("Ana move 8 9", "Ana take Ben 1")
    assert g.at("Ben", 9) == "B5 F2" and g.discards("Ben") == ()
