"""The deal read from the camera as the cards are laid: stacks in the order they were
built, and what is wrong with a deal said in words."""

from __future__ import annotations

import pytest

from companion.games.heuchel_meuchel import parse_action, start_game
from companion.sensing.observations import CellChange, CellsChanged
from companion.tables.heuchel_meuchel.camera import DealReader

HAND = {
    0: [("c1r1", "F1"), ("c1r1", "F2"), ("c1r1", "F5"), ("c1r2", "M1"), ("c1r3", "Q1"),
        ("c1r4", "L1")],
    1: [("c2r1", "F3"), ("c2r2", "M2"), ("c2r3", "Q2"), ("c2r4", "L2"), ("c2r5", "B2"),
        ("c2r6", "P2")],
}  # fmt: skip


def lay(reader: DealReader, cards) -> None:
    for t, (cell, card) in enumerate(cards):
        reader.observe(CellsChanged(float(t), "heuchel-meuchel", (CellChange(cell, "?", card, 1),)))


def test_a_stack_is_read_in_the_order_it_was_built_top_card_last():
    reader = DealReader(2)
    lay(reader, HAND[0] + HAND[1])
    assert reader.problems() == []
    start = reader.start_record(["Ana", "Ben"])
    assert start["stacks"]["Ana"][0] == ["F5", "F2", "F1"]
    state = start_game(parse_action(start))
    assert state.unit(0, 1).cards == ("F5", "F2", "F1")


def test_a_card_lifted_off_again_is_no_longer_in_the_stack():
    reader = DealReader(2)
    lay(reader, [*HAND[0][:3], ("c1r1", "F2")])  # the F5 taken off again
    assert reader.stacks()[0] == [["F2", "F1"]]


def test_a_wrong_square_and_a_short_hand_are_named():
    reader = DealReader(2)
    lay(reader, [*HAND[0][:5], ("c1r5", "L1"), *HAND[1][:5]])
    problems = reader.problems()
    assert any("Lady 1 lies on row 5" in p and "row 4" in p for p in problems)
    assert "Column 2 holds 5 cards; each player lays 6" in problems
    with pytest.raises(ValueError, match="Lady 1"):
        reader.start_record(["Ana", "Ben"])
