"""What the companion shows: a player's view hides other players' stacks below the top
card ("The other players need not know which values are hidden in the stack"); the
referee's JSON and text show everything."""

from __future__ import annotations

import json

import pytest

from companion.games.heuchel_meuchel.summary import describe, to_json, to_text, view

from .conftest import new_game, position


def test_a_players_view_shows_only_the_top_card_and_the_height_of_other_stacks():
    g = new_game({"Ana": ["Q2 Q6", "B1 B3", "P5 P3"], "Ben": ["F4 F6", "M1 M3", "Q3", "B5"]})
    v = view(g.state, "Ana")
    assert v["board"]["Ana"][0] == {"row": 3, "cards": ["Q2", "Q6"], "flipped": False}
    assert v["board"]["Ben"][0] == {"row": 1, "top": "F4", "count": 2, "flipped": False}
    assert "F6" not in json.dumps(v["board"]["Ben"])
    assert "scores" not in v  # scores would give the hidden cards away


def test_the_view_shows_scores_once_the_game_is_over():
    g = position({"Ana": {12: "P2 L3"}, "Ben": {11: "B3"}})
    g.do("Ana move 12 13")
    assert view(g.state, "Ben")["scores"] == {"Ana": 5, "Ben": -3}


def test_a_view_is_only_for_a_player_of_the_game():
    g = position({"Ana": {3: "Q2"}, "Ben": {1: "F1"}})
    with pytest.raises(ValueError, match="'Zed' is not playing"):
        view(g.state, "Zed")


def test_the_replay_json_names_whose_turn_it_is_and_what_is_awaited():
    g = position({"Ana": {3: "Q2", 6: "P1"}, "Ben": {4: "F4", 1: "F1"}})
    g.do("Ana move 3 4")
    out = to_json(g.state)
    assert list(out) == [
        "game", "players", "dice", "finished", "turn", "roll",
        "board", "discards", "scores", "winners", "awaiting",
    ]  # fmt: skip
    assert out["turn"] == "Ana" and out["roll"] is None
    assert out["awaiting"] == {"player": "Ana", "action": "end", "optional": ["take"]}
    assert out["board"]["Ana"] == [
        {"row": 4, "cards": ["Q2"], "flipped": False},
        {"row": 6, "cards": ["P1"], "flipped": False},
    ]


def test_the_text_shows_the_board_top_row_first_with_stacks_and_flipped_cards():
    g = position({"Ana": {13: "*P2 L3", 3: "Q2"}, "Ben": {1: "F1 F2"}})
    text = to_text(g.state)
    lines = text.splitlines()
    assert lines[0] == "Heuchel & Meuchel, 2 players, turn 1"
    assert lines[2].startswith(" 13  [P2+1]")
    assert "F1+1" in lines[14]
    assert "Awaiting: Ana must move a card or stack" in text


def test_actions_read_as_sentences():
    from companion.games.heuchel_meuchel import Discard, Move, Roll, Take

    assert describe(Move("Ana", 3, 2, 7)) == "Ana moves 2 cards from row 3 to row 7"
    assert describe(Take("Ana", "Ben", 1)) == "Ana takes 1 card from Ben's column"
    assert describe(Roll("Ben", 4)) == "Ben rolls a 4"
    assert describe(Discard("Ben", 10)) == "Ben loses the top card on row 10 (Zugzwang)"
