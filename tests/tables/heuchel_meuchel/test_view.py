"""What the dashboard shows of Heuchel & Meuchel: hidden stacks, the final tally, the
choices as ready records, and undo hints that say which cards go back where."""

from __future__ import annotations

import json

from companion.games.heuchel_meuchel import Discard, Move, Take, apply, parse_action
from companion.games.heuchel_meuchel.state import DISCARD, Turn
from companion.tables.heuchel_meuchel import view as V

from .scenes import laid


def test_the_shared_view_shows_top_cards_and_counts_only():
    s = laid({0: {1: ("F5", "F2", "F1"), 8: ("F3",)}, 1: {1: "F4"}}, flipped=frozenset({(0, 8)}))
    out = json.dumps([V.view([s], []), V.public_json(s)])
    assert '"F5"' in out and '"F2"' not in out and '"F1"' not in out
    assert '"F3"' in out  # flipped at its goal: everyone saw it arrive (HM-2)
    seat = V.seat_view([s], "Ana")
    assert seat["players"][0]["squares"][0]["unit"]["cards"] == ["F5", "F2", "F1"]
    assert "F4" in json.dumps(seat) and seat["players"][1]["score"] is None


def test_every_choice_is_a_record_the_engine_accepts():
    s = laid({0: {1: ("F5", "F2"), 2: "M1"}, 1: {1: "F4"}})
    for c in V.choices(s):
        apply(s, parse_action(c["record"]))


def test_the_final_tally_gives_every_cards_contribution():
    s = laid({0: {8: ("F5", "F2")}, 1: {3: "F4"}}, flipped=frozenset({(0, 8)}))
    t = {row["card"]: row["points"] for row in V.tally(s, 0)}
    assert t == {"F5": 5, "F2": 2}
    assert V.tally(s, 1) == [
        {"card": "F4", "name": "Fire-Eater 4", "row": 3, "where": "short", "points": -4}
    ]


def test_undo_hints_put_back_in_order_without_naming_hidden_cards():
    s = laid({0: {9: ("Q2", "F3")}, 1: {1: "F6"}})  # Ana's Quack on a Fire-Eater above its goal
    move = Move("Ana", 9, 1, 10)  # the Quack leaves; the Fire-Eater is discarded
    after = apply(s, move)
    hint = V.undo_hint(move, s, after)
    assert hint.startswith("Put Ana's discarded Fire-Eater 3 back on row 9")
    assert "back to row 9, on top, in the same order" in hint
    assert "turn the cards face up again" in hint  # the Quack flipped at its goal (row 10)

    s = laid({0: {5: "B4"}, 1: {6: ("L3", "L1")}, 2: {1: "F1"}}, players=3)
    s = apply(s, Move("Ana", 5, 1, 6))
    take = Take("Ana", "Ben", 1)
    hint = V.undo_hint(take, s, apply(s, take))
    assert hint == (
        "Take the bottom 1 card from under Ana's stack on row 6 and put it back on top of"
        " Ben's square on row 6, in the same order"
    )
    assert "L1" not in hint and "Lady 1" not in hint

    s = laid({0: {12: ("P1", "L3")}, 1: {1: "F6"}}, dice=True, turn=Turn(0, DISCARD, roll=6))
    lost = Discard("Ana", 12)
    assert V.undo_hint(lost, s, apply(s, lost)) == (
        "Put Ana's lost Prince 1 and Lady 3 back on row 12 (Prince 1 on top)"
    )
