"""What ``companion replay`` prints: the JSON object of docs/records.md and the text."""

from __future__ import annotations

from companion.games.stein_im_brett import parse_action
from companion.games.stein_im_brett.summary import describe, to_json, to_text

from .conftest import FIVE
from .script import RING, Table, record, start_record


def test_the_json_has_the_documented_keys_in_order_with_the_live_score():
    t = Table(start_record(FIVE, board=RING))  # black unassigned
    j = to_json(t.state)
    assert list(j) == [
        "game", "players", "finished", "round", "starting_player", "turn", "colours",
        "layout", "bag", "board", "round_scores", "scores", "totals", "box", "draws",
        "last_scoring", "winners", "awaiting",
    ]  # fmt: skip
    assert j["awaiting"] == {"player": None, "action": "draw"} and j["box"]["black"] == 1
    s = t.play("draw black", "draw red", "Ana r1:red r2:red r3:white")
    j = to_json(s)
    assert j["starting_player"] == "Ana" and j["turn"] == "Ben" and j["draws"] == ["black", "red"]
    assert j["board"] == {
        "r1": "red",
        "r2": "red",
        "r3": "white",
        "r4": None,
        "r5": None,
        "r6": None,
    }
    assert j["round_scores"] == {"Ana": 0, "Ben": 0, "Cleo": 0, "Dora": 0, "Emil": 1}
    assert j["bag"]["red"] == 16 and j["awaiting"] == {
        "player": "Ben",
        "action": "place",
        "stones": 3,
    }
    s = t.play("Ben r4:red r5:white r6:blue")
    j = to_json(s)
    assert j["scores"] == [{"Ana": 1, "Ben": 0, "Cleo": 0, "Dora": 1, "Emil": 2}]
    assert j["last_scoring"]["scored"] == ["r3", "r4", "r5", "r6"]
    assert j["starting_player"] == "Cleo" and j["round"] == 2


def test_the_text_draws_the_board_and_says_what_is_awaited():
    t = Table(start_record(FIVE, board=RING))
    s = t.play("draw black", "draw red", "Ana r1:red r2:red r3:white")
    text = to_text(s)
    assert text.splitlines()[3:6] == ["            W R", "           .   R", "            . ."]
    assert "This round: Ana 0, Ben 0, Cleo 0, Dora 0, Emil 1 (if it ended now)" in text
    assert text.endswith("Awaiting:  Ben to place 3 stones")


def test_each_action_reads_as_a_sentence():
    assert (
        describe(parse_action(record("draw red"))) == "A red stone is drawn for the starting player"
    )
    assert (
        describe(parse_action(record("Ana c3:red d5:blue"))) == "Ana places red on c3, blue on d5"
    )
