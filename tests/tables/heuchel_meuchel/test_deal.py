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


def test_the_deal_laid_at_the_table_is_the_start_before_the_first_move(tmp_path):
    """At a real table the tablet starts the game, the players lay their cards as they
    like: once the camera read every card laid, the game starts from the deal as read."""
    from companion.referee.service import GameService
    from companion.tables.heuchel_meuchel.cells import all_cells

    service = GameService(tmp_path)
    try:
        tablets = {  # the tablet's deal: Ana's Fire-Eaters in another order
            "Ana": [["F1", "F2", "F5"], ["M1"], ["Q1"], ["L1"]],
            "Ben": [["F3"], ["M2"], ["Q2"], ["L2"], ["B2"], ["P2"]],
        }
        service.start_game(["Ana", "Ben"], game="heuchel-meuchel", stacks=tablets)
        first = service.camera_game()[0]
        empty = tuple(CellChange(c, "unknown", "empty", 1.0) for c in all_cells(2))
        service.observe(CellsChanged(0.0, "heuchel-meuchel", empty))
        cards = HAND[0] + HAND[1]
        for t, (cell, card) in enumerate(cards[:-1], start=1):
            service.observe(
                CellsChanged(float(t), "heuchel-meuchel", (CellChange(cell, "?", card, 1),))
            )
        assert any("read 11 of 12 cards" in w for w in service.warnings), service.warnings
        assert service.camera_game()[0] == first  # nothing recorded, nothing restarted yet
        cell, card = cards[-1]
        service.observe(CellsChanged(20.0, "heuchel-meuchel", (CellChange(cell, "?", card, 1),)))
        game_id, _, state = service.camera_game()
        assert game_id != first
        assert state.unit(0, 1).cards == ("F5", "F2", "F1")  # as built: the F5 laid last
        assert service.warnings == []
    finally:
        service.close()


def test_a_deal_laid_as_the_tablet_has_it_starts_nothing_anew_and_the_first_move_counts(tmp_path):
    from companion.referee.service import GameService
    from companion.tables.heuchel_meuchel.cells import all_cells

    service = GameService(tmp_path)
    try:
        stacks = {
            "Ana": [["F5", "F2", "F1"], ["M1"], ["Q1"], ["L1"]],
            "Ben": [["F3"], ["M2"], ["Q2"], ["L2"], ["B2"], ["P2"]],
        }
        service.start_game(["Ana", "Ben"], game="heuchel-meuchel", stacks=stacks)
        first = service.camera_game()[0]
        empty = tuple(CellChange(c, "unknown", "empty", 1.0) for c in all_cells(2))
        service.observe(CellsChanged(0.0, "heuchel-meuchel", empty))
        for t, (cell, card) in enumerate(HAND[0] + HAND[1], start=1):
            service.observe(
                CellsChanged(float(t), "heuchel-meuchel", (CellChange(cell, "?", card, 1),))
            )
        assert service.camera_game()[0] == first and service.warnings == []
        # Ana's Lady steps up a row: read from the camera as the first move
        moved = (CellChange("c1r4", "L1", "empty", 1.0), CellChange("c1r5", "empty", "L1", 1.0))
        service.observe(CellsChanged(30.0, "heuchel-meuchel", moved))
        assert service.game_state.unit(0, 5).cards == ("L1",)
    finally:
        service.close()
