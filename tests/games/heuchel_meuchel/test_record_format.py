"""The record format (``docs/records.md``, Heuchel & Meuchel): every type round-trips
through ``parse_action``/``to_record``, and malformed objects raise ``MalformedRecord``
with a message that says what is wrong."""

from __future__ import annotations

import json

import pytest

from companion.errors import MalformedRecord
from companion.games.heuchel_meuchel import (
    Discard,
    End,
    Move,
    Roll,
    Start,
    Take,
    parse_action,
    to_record,
)

START = {
    "type": "start",
    "game": "heuchel-meuchel",
    "players": ["Ana", "Ben"],
    "stacks": {
        "Ana": [["F2", "F5"], ["Q1"], ["L3", "L6", "L1"]],
        "Ben": [["M4"], ["Q6", "Q3"], ["B2"], ["P5", "P1"]],
    },
}
START_ACTION = Start(
    ("Ana", "Ben"),
    ((("F2", "F5"), ("Q1",), ("L3", "L6", "L1")), (("M4",), ("Q6", "Q3"), ("B2",), ("P5", "P1"))),
)

CANONICAL = [
    (START, START_ACTION),
    ({**START, "dice": True}, Start(START_ACTION.players, START_ACTION.stacks, True)),
    ({"type": "move", "player": "Ana", "row": 3, "cards": 1, "to": 4}, Move("Ana", 3, 1, 4)),
    ({"type": "move", "player": "Ana", "row": 4, "cards": 2, "to": 7}, Move("Ana", 4, 2, 7)),
    ({"type": "take", "player": "Ana", "column": "Ben", "cards": 2}, Take("Ana", "Ben", 2)),
    ({"type": "end", "player": "Ana"}, End("Ana")),
    ({"type": "roll", "player": "Ana", "value": 5}, Roll("Ana", 5)),
    ({"type": "discard", "player": "Ana", "row": 10}, Discard("Ana", 10)),
]
IDS = [f"{o['type']}-{i}" for i, (o, _) in enumerate(CANONICAL)]


@pytest.mark.parametrize(("obj", "action"), CANONICAL, ids=IDS)
def test_every_record_type_parses_to_its_action(obj, action):
    assert parse_action(obj) == action


@pytest.mark.parametrize(("obj", "action"), CANONICAL, ids=IDS)
def test_every_action_writes_back_to_the_same_record_byte_for_byte(obj, action):
    out = to_record(action)
    assert json.dumps(out) == json.dumps(obj)
    assert next(iter(out)) == "type"


def test_the_start_line_holds_every_stack_top_card_first_so_the_game_replays_exactly():
    a = parse_action(START)
    assert a.stacks[0][2] == ("L3", "L6", "L1")  # the Lady 3 on top, the Lady 1 at the bottom


def test_dice_default_to_false_and_are_written_only_when_true():
    assert parse_action(START).dice is False
    assert "dice" not in to_record(parse_action({**START, "dice": False}))


def test_comment_lines_are_ignored():
    assert parse_action({"type": "comment", "text": "Ana moves first", "x": [1]}) is None


MALFORMED = [
    ("not an object", "move", ["must be a JSON object, not str"]),
    ("no type", {"player": "Ana"}, ["missing field 'type'"]),
    ("unknown type", {"type": "jump", "player": "Ana"}, ["unknown type 'jump'", "move, take"]),
    (
        "missing field",
        {"type": "move", "player": "Ana", "row": 3},
        ["move: missing field 'cards', 'to'"],
    ),
    (
        "unknown field",
        {"type": "move", "player": "Ana", "row": 3, "cards": 1, "to": 4, "stack": 1},
        ["unknown field 'stack'", "move has player, row, cards, to"],
    ),
    (
        "row not a number",
        {"type": "move", "player": "Ana", "row": "3", "cards": 1, "to": 4},
        ["'row' must be a whole number"],
    ),
    (
        "row off the board",
        {"type": "move", "player": "Ana", "row": 14, "cards": 1, "to": 4},
        ["'row' must be a row from 1 to 13, not 14"],
    ),
    (
        "to is a bool",
        {"type": "move", "player": "Ana", "row": 3, "cards": 1, "to": True},
        ["'to' must be a whole number"],
    ),
    (
        "zero cards",
        {"type": "take", "player": "Ana", "column": "Ben", "cards": 0},
        ["counts cards from the top: at least 1, not 0"],
    ),
    (
        "empty column",
        {"type": "take", "player": "Ana", "column": "", "cards": 1},
        ["'column' must be a non-empty string"],
    ),
    ("no player", {"type": "end"}, ["end: missing field 'player'"]),
    (
        "roll as text",
        {"type": "roll", "player": "Ana", "value": "six"},
        ["'value' must be a whole number"],
    ),
    ("discard row 0", {"type": "discard", "player": "Ana", "row": 0}, ["row from 1 to 13, not 0"]),
    ("wrong game", {**START, "game": "hinkel-stein"}, ["'game' must be 'heuchel-meuchel'"]),
    ("players not a list", {**START, "players": "Ana"}, ["'players' must be a list of names"]),
    ("a name twice", {**START, "players": ["Ana", "Ana"]}, ["a name appears twice"]),
    ("stacks not an object", {**START, "stacks": [["F1"]]}, ["'stacks' must be an object"]),
    (
        "stacks for a stranger",
        {**START, "stacks": {**START["stacks"], "Cid": [["F1"]]}},
        ["places stacks for Cid who is not playing"],
    ),
    ("stacks missing", {**START, "stacks": {"Ana": [["F1"]]}}, ["places nothing for Ben"]),
    (
        "an empty stack",
        {**START, "stacks": {**START["stacks"], "Ana": [[]]}},
        ["Ana's stacks must be a list of non-empty lists"],
    ),
    (
        "unknown card",
        {**START, "stacks": {**START["stacks"], "Ana": [["X9"]]}},
        ["unknown card 'X9' in Ana's stacks", "F1..F6"],
    ),
    ("dice not a bool", {**START, "dice": 1}, ["'dice' must be true or false"]),
]


@pytest.mark.parametrize(("what", "obj", "words"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_record_object_is_refused_with_a_clear_message(what, obj, words):
    with pytest.raises(MalformedRecord) as err:
        parse_action(obj)
    for w in words:
        assert w in str(err.value), (what, str(err.value))
