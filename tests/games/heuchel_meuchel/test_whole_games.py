"""Whole games worked out by hand from the rulebook, move by move, with the board and
the final scores asserted. The comments are the hand calculation; the engine must agree.

Goals: Fire-Eater 8, Minstrel 9, Quack 10, Lady 11, Bishop 12, Prince 13.
"""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.games.heuchel_meuchel import parse_action, replay

from .conftest import new_game


@pytest.fixture
def game_without_dice():
    """Ana: Q2 Q6 on 3, B1 B3 on 5, P5 P3 on 6. Ben: F4 F6 on 1, M1 M3 on 2, Q3 on 3, B5 on 5."""
    g = new_game(
        {"Ana": ["Q2 Q6", "B1 B3", "P5 P3"], "Ben": ["F4 F6", "M1 M3", "Q3", "B5"]},
    )
    # T1 Ana: the Prince 5 alone steps from 6 to 7; the Prince 3 stays on 6.
    g.do("Ana move 6:1 7")
    assert g.column("Ana") == {3: "Q2 Q6", 5: "B1 B3", 6: "P3", 7: "P5"}
    # T2 Ben: the Fire-Eaters jump over M (2) and Q3 (3) onto 4, could jump on over B5
    # onto 6, and stop on 4.
    g.do("Ben move 1 4")
    assert g.column("Ben") == {2: "M1 M3", 3: "Q3", 4: "F4 F6", 5: "B5"}
    # T3 Ana: the Quacks step onto 4 and take the Fire-Eater 4 (one card of two); the
    # Fire-Eater 6 stays. Another move, earned: the Prince 5 steps to 8. Nothing there.
    g.do("Ana move 3 4", "Ana take Ben 1", "Ana move 7 8")
    assert g.column("Ana") == {4: "Q2 Q6 F4", 5: "B1 B3", 6: "P3", 8: "P5"}
    assert g.at("Ben", 4) == "F6" and g.on_turn == "Ben"
    # T4 Ben: the Minstrels jump over 3, 4, 5 onto 6, beside Ana's Prince 3 (higher).
    g.do("Ben move 2 6")
    # T5 Ana: the Prince 3 steps to 7.  T6 Ben: the Quack 3 jumps over 4, 5, 6 onto 7.
    g.do("Ana move 6 7", "Ben move 3 7")
    assert g.column("Ben") == {4: "F6", 5: "B5", 6: "M1 M3", 7: "Q3"}
    # T7 Ana: the Bishops step onto 6 and take both Minstrels; again: the Quacks step to 5,
    # where Ben's Bishop 5 outranks them: the turn is over.
    g.do("Ana move 5 6", "Ana take Ben 2", "Ana move 4 5")
    assert g.column("Ana") == {5: "Q2 Q6 F4", 6: "B1 B3 M1 M3", 7: "P3", 8: "P5"}
    # T8 Ben: the Fire-Eater 6 jumps over B5 onto 6, on over Q3 onto 8: his goal, flipped.
    g.do("Ben move 4 8")
    assert g.at("Ben", 8) == "*F6"
    # T9 Ana: the Prince 5 steps to 9.  T10 Ben: the Quack 3 jumps over the flipped
    # Fire-Eater (occupied for a Quack) onto 9.
    g.do("Ana move 8 9", "Ben move 7 9")
    # T11 Ana: the Quacks jump over 6 and 7 onto 8, on over the Prince 5 onto 10: flipped.
    g.do("Ana move 5 10")
    assert g.at("Ana", 10) == "*Q2 Q6 F4"
    # T12 Ben: the Quack 3 steps onto 10, his goal: flipped.
    # T13 Ana: the Prince 5 jumps over the flipped Quacks (occupied for a Prince) onto 11.
    g.do("Ben move 9 10", "Ana move 9 11")
    # T14 Ben: the Bishop 5 steps onto 6 and takes Ana's Bishops 1 and 3 from the top of
    # her stack; her Minstrels stay on 6 (below their goal). Again: the Bishops step to 7.
    g.do("Ben move 5 6", "Ben take Ana 2", "Ben move 6 7")
    assert g.column("Ben") == {7: "B5 B1 B3", 8: "*F6", 10: "*Q3"}
    assert g.at("Ana", 6) == "M1 M3"
    # T15 Ana: the Prince 3 steps to 8.  T16 Ben: the Bishops jump over the flipped
    # Fire-Eater onto 9, on over the flipped Quack onto 11, and stop there.
    g.do("Ana move 7 8", "Ben move 7 11")
    # T17 Ana: the Prince 5 steps to 12.  T18 Ben: the Bishops step onto 12, their goal:
    # flipped. Ben has nothing left to move, only Ana could: the game is over.
    g.do("Ana move 11 12", "Ben move 11 12")
    return g


def test_a_two_player_game_without_dice_worked_out_by_hand(game_without_dice):
    g = game_without_dice
    assert g.state.finished and g.awaited is None
    assert g.column("Ana") == {6: "M1 M3", 8: "P3", 10: "*Q2 Q6 F4", 12: "P5"}
    assert g.column("Ben") == {8: "*F6", 10: "*Q3", 12: "*B5 B1 B3"}
    # Ana: M1 -1, M3 -3 (row 6 < 9), P3 -3, Q2 +2, Q6 +6, F4 +4 (beyond 8 in the
    # stack), P5 -5 (12 < 13) = 0.  Ben: F6 +6, Q3 +3, B5 +5, B1 +1, B3 +3 = 18.
    assert g.scores == {"Ana": 0, "Ben": 18}
    assert g.state.winners == ("Ben",)


@pytest.fixture
def game_with_dice():
    """Ana: F2 F5 F1 F3 on 1, P6 P1 on 6. Ben: L1 L5 L3 L6 on 4, B4 B2 on 5; with dice."""
    g = new_game({"Ana": ["F2 F5 F1 F3", "P6 P1"], "Ben": ["L1 L5 L3 L6", "B4 B2"]}, dice=True)
    # T1 Ana rolls 4: the Princes 6 -> 10.  T2 Ben rolls 5: the Bishops 5 -> 10.
    g.do("Ana roll 4", "Ana move 6 10", "Ben roll 5", "Ben move 5 10")
    # T3 Ana rolls 6: the Princes cannot (16); the top two Fire-Eaters 1 -> 7.
    g.do("Ana roll 6", "Ana move 1:2 7")
    assert g.column("Ana") == {1: "F1 F3", 7: "F2 F5", 10: "P6 P1"}
    # T4 Ben rolls 6: the Ladies would land on 10, occupied; the Bishops on 16. Zugzwang:
    # he gives up the Bishop 4; the Bishop 2 below is short of its goal and stays.
    g.do("Ben roll 6")
    assert g.awaited == ("Ben", "discard")
    g.do("Ben discard 10")
    assert g.at("Ben", 10) == "B2" and g.discards("Ben") == ("B4",)
    # T5 Ana rolls 3: the Princes 10 -> 13, their goal: flipped.
    g.do("Ana roll 3", "Ana move 10 13")
    # T6 Ben rolls 6: Zugzwang again; this time the Lady 1 goes.
    g.do("Ben roll 6", "Ben discard 4")
    assert g.at("Ben", 4) == "L5 L3 L6" and g.discards("Ben") == ("B4", "L1")
    # T7 Ana rolls 1: the Fire-Eaters 7 -> 8, flipped.  T8 Ben rolls 2: the Bishop 2
    # 10 -> 12, flipped.  T9 Ana rolls 4: the Fire-Eaters 1 -> 5.
    g.do("Ana roll 1", "Ana move 7 8", "Ben roll 2", "Ben move 10 12", "Ana roll 4", "Ana move 1 5")
    # T10 Ben rolls 1: the Ladies 4 -> 5 take Ana's Fire-Eater 1 (the Fire-Eater 3 stays);
    # he rolls again, a 6: 5 -> 11, their goal: flipped. Ben is done.
    g.do("Ben roll 1", "Ben move 4 5", "Ben take Ana 1", "Ben roll 6", "Ben move 5 11")
    assert g.at("Ben", 11) == "*L5 L3 L6 F1" and g.at("Ana", 5) == "F3"
    # T11, T12: Ana moves alone. She rolls 2: 5 -> 7; then 3: 10 is above the Fire-Eater's
    # goal, Zugzwang: she loses the Fire-Eater 3 and nobody has anything left to move.
    g.do("Ana roll 2", "Ana move 5 7")
    assert g.awaited == ("Ana", "roll")
    g.do("Ana roll 3", "Ana discard 7")
    return g


def test_a_two_player_game_with_dice_worked_out_by_hand(game_with_dice):
    g = game_with_dice
    assert g.state.finished
    assert g.column("Ana") == {8: "*F2 F5", 13: "*P6 P1"}
    assert g.column("Ben") == {11: "*L5 L3 L6 F1", 12: "*B2"}
    # Ana: F2 +2, F5 +5, P6 +6, P1 +1, discard F3 -3 = 11.
    # Ben: L5 +5, L3 +3, L6 +6, F1 +1 (beyond 8 in the stack), B2 +2, discards B4 L1 -5 = 12.
    assert g.scores == {"Ana": 11, "Ben": 12}
    assert g.state.winners == ("Ben",)


@pytest.fixture
def game_for_three():
    """Ana: B6 B1 on 5, P3 P2 P1 P4 on 6. Ben: Q1 Q2 on 3, L2 L3 on 4, B4 B5 on 5.
    Cid: F3 F5 F6 on 1, M4 M5 M6 on 2. No dice."""
    g = new_game(
        {
            "Ana": ["B6 B1", "P3 P2 P1 P4"],
            "Ben": ["Q1 Q2", "L2 L3", "B4 B5"],
            "Cid": ["F3 F5 F6", "M4 M5 M6"],
        }
    )
    # T1 Ana: Princes 6 -> 7. T2 Ben: Quacks jump over 4 and 5 onto 6. T3 Cid: Fire-Eaters
    # jump over the Minstrels onto 3. Nothing to take anywhere.
    g.do("Ana move 6 7", "Ben move 3 6", "Cid move 1 3")
    # T4 Ana: Bishops 5 -> 6 take Ben's Quack 1 (his Quack 2 stays); again: Princes 7 -> 8.
    g.do("Ana move 5 6", "Ana take Ben 1", "Ana move 7 8")
    assert g.column("Ana") == {6: "B6 B1 Q1", 8: "P3 P2 P1 P4"} and g.at("Ben", 6) == "Q2"
    # T5 Ben: Bishops jump over the Quack 2 onto 7. T6 Cid: Minstrels jump over the
    # Fire-Eaters onto 4, beside Ben's Ladies (higher).
    g.do("Ben move 5 7", "Cid move 2 4")
    # T7 Ana: Bishops 6 -> 7, where Ben's Bishop 4 ranks below her Bishop 6: she takes both
    # of his Bishops, then ends her turn instead of moving again.
    g.do("Ana move 6 7", "Ana take Ben 2", "Ana end")
    assert g.at("Ana", 7) == "B6 B1 Q1 B4 B5" and g.on_turn == "Ben"
    # T8 Ben: Quack 2 6 -> 7. T9 Cid: Fire-Eaters jump over the Minstrels onto 5.
    # T10 Ana: Bishops jump over her Princes onto 9.
    g.do("Ben move 6 7", "Cid move 3 5", "Ana move 7 9")
    # T11 Ben: Ladies 4 -> 5 take Cid's Fire-Eater 3; again: 5 -> 6, nothing there.
    g.do("Ben move 4 5", "Ben take Cid 1", "Ben move 5 6")
    assert g.column("Ben") == {6: "L2 L3 F3", 7: "Q2"} and g.at("Cid", 5) == "F5 F6"
    # T12 Cid: Minstrels jump over the Fire-Eaters onto 6. T13 Ana: Bishops 9 -> 10.
    # T14 Ben: Quack 2 7 -> 8. T15 Cid: Fire-Eaters jump over the Minstrels onto 7.
    # T16 Ana: Princes 8 -> 9.
    g.do("Cid move 4 6", "Ana move 9 10", "Ben move 7 8", "Cid move 5 7", "Ana move 8 9")
    # T17 Ben: Ladies 6 -> 7 take both of Cid's Fire-Eaters; again: Quack 2 8 -> 9.
    g.do("Ben move 6 7", "Ben take Cid 2", "Ben move 8 9")
    # T18 Cid: Minstrels 6 -> 7. T19 Ana: Bishops 10 -> 11. T20 Ben: Quack 2 9 -> 10, his
    # goal: flipped. T21 Cid: Minstrels 7 -> 8. T22 Ana: Bishops 11 -> 12: flipped.
    g.do("Cid move 6 7", "Ana move 10 11", "Ben move 9 10", "Cid move 7 8", "Ana move 11 12")
    assert g.at("Ben", 10) == "*Q2" and g.at("Ana", 12) == "*B6 B1 Q1 B4 B5"
    # T23 Ben: Ladies 7 -> 8 take all three of Cid's Minstrels: Cid has nothing left, but
    # Ana and Ben can still move, so the game goes on; again: Ladies 8 -> 9.
    g.do("Ben move 7 8", "Ben take Cid 3")
    assert g.column("Cid") == {} and not g.state.finished
    g.do("Ben move 8 9")
    # T24: Cid is skipped. Ana: Princes 9 -> 10.
    assert g.on_turn == "Ana"
    g.do("Ana move 9 10")
    # T25 Ben: the Ladies jump over his flipped Quack (occupied for a Lady) onto 11, their
    # goal: flipped. Only Ana could still move: the game is over.
    g.do("Ben move 9 11")
    return g


def test_a_three_player_game_without_dice_worked_out_by_hand(game_for_three):
    g = game_for_three
    assert g.state.finished
    assert g.column("Ana") == {10: "P3 P2 P1 P4", 12: "*B6 B1 Q1 B4 B5"}
    assert g.column("Ben") == {10: "*Q2", 11: "*L2 L3 F3 F5 F6 M4 M5 M6"}
    # Ana: Princes short of 13: -3 -2 -1 -4; Bishops +6 +1 +4 +5 and the Quack 1 beyond
    # its goal +1 = 7. Ben: Quack 2 +2; Ladies +2 +3, Fire-Eaters +3 +5 +6, Minstrels
    # +4 +5 +6 = 36. Cid: no cards, no discards = 0.
    assert g.scores == {"Ana": 7, "Ben": 36, "Cid": 0}
    assert g.state.winners == ("Ben",)


@pytest.mark.parametrize("name", ["game_without_dice", "game_with_dice", "game_for_three"])
def test_the_records_written_replay_to_the_same_state(name, request, tmp_path, capsys):
    g = request.getfixturevalue(name)
    assert replay(parse_action(o) for o in g.records) == g.state
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(o) + "\n" for o in g.records), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and out["winners"] == ["Ben"]
    assert out["scores"] == g.scores
