"""The record format (docs/records.md, "Stein auf Stein"): every type round-trips
through ``parse_action``/``to_record``, and malformed objects raise ``MalformedRecord``
with a message that says what is wrong."""

from __future__ import annotations

import json

import pytest

from companion.errors import MalformedRecord
from companion.games.stein_auf_stein import (
    STANDARD,
    Block,
    Fall,
    Lift,
    Measure,
    Pile,
    Roll,
    Start,
    Stop,
    parse_action,
    to_record,
)

from .script import start_record

BLOCK = {"id": "W1", "colour": "white", "length_mm": 40, "width_mm": 20, "height_mm": 12.5}
SMALL = {
    "type": "start",
    "game": "stein-auf-stein",
    "variant": "basic",
    "players": ["Ana", "Ben"],
    "blocks": [BLOCK],
    "die": ["white"],
}
SMALL_START = Start(("Ana", "Ben"), "basic", (Block("W1", "white", 40, 20, 12.5),), ("white",))

CANONICAL = [
    (SMALL, SMALL_START),
    (
        {
            "type": "start",
            "game": "stein-auf-stein",
            "variant": "yardstick",
            "players": ["Ana", "Ben"],
            "scoring": "measured",
            "blocks": [BLOCK],
            "die": ["white"],
        },
        Start(("Ana", "Ben"), "yardstick", SMALL_START.blocks, ("white",), "measured"),
    ),
    (
        {
            "type": "start",
            "game": "stein-auf-stein",
            "variant": "solo",
            "players": ["Ana"],
            "scoring": "computed",
            "build": "tower",
            "order": "fishing",
            "blocks": [BLOCK],
            "die": ["white"],
        },
        Start(("Ana",), "solo", SMALL_START.blocks, ("white",), "computed", "tower", "fishing"),
    ),
    ({"type": "roll", "player": "Ana", "colour": "red"}, Roll("Ana", "red")),
    ({"type": "lift", "player": "Ana", "blocks": []}, Lift("Ana", ())),
    ({"type": "lift", "player": "Ana", "blocks": ["R1", "G2"]}, Lift("Ana", ("R1", "G2"))),
    ({"type": "pile", "player": "Ana", "block": "R1"}, Pile("Ana", "R1")),
    ({"type": "stop", "player": "Ana"}, Stop("Ana")),
    ({"type": "fall", "player": "Ana"}, Fall("Ana")),
    ({"type": "measure", "player": "Ana", "mm": 312}, Measure("Ana", 312)),
    ({"type": "measure", "player": "Ana", "mm": 98.5}, Measure("Ana", 98.5)),
    (
        {"type": "measure", "player": "Ana", "mm": 275, "of": "remaining"},
        Measure("Ana", 275, "remaining"),
    ),
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
    assert parse_action(json.loads(json.dumps(out))) == action


def test_the_start_line_carries_the_whole_catalogue_and_the_die():
    a = parse_action(start_record("basic"))
    assert a.blocks == STANDARD.blocks and a.die == STANDARD.die


def test_options_left_out_take_the_variants_defaults_and_are_not_written():
    a = parse_action(SMALL)
    assert a.scoring is None and a.build is None and a.order is None
    assert set(to_record(a)) == set(SMALL)


def test_measure_of_defaults_to_the_own_row_or_tower():
    assert parse_action({"type": "measure", "player": "Ana", "mm": 3, "of": "own"}) == Measure(
        "Ana", 3
    )
    assert "of" not in to_record(Measure("Ana", 3))


def test_comment_lines_are_ignored():
    assert parse_action({"type": "comment", "text": "Cleo saw a crane last"}) is None


MALFORMED = [
    ("not an object", "roll", ["must be a JSON object, not str"]),
    ("no type", {"player": "Ana"}, ["missing field 'type'"]),
    ("unknown type", {"type": "hook", "player": "Ana"}, ["unknown type 'hook'", "roll, lift"]),
    ("missing field", {"type": "roll", "player": "Ana"}, ["roll: missing field 'colour'"]),
    ("missing player", {"type": "stop"}, ["stop: missing field 'player'"]),
    (
        "unknown field",
        {"type": "roll", "player": "Ana", "colour": "red", "twice": True},
        ["roll: unknown field 'twice'", "roll has player, colour"],
    ),
    ("player not a string", {"type": "fall", "player": 3}, ["'player' must be a non-empty string"]),
    ("blank player", {"type": "fall", "player": " "}, ["'player' must be a non-empty string"]),
    ("colour not a string", {"type": "roll", "player": "Ana", "colour": 2}, ["'colour' must be"]),
    (
        "lift blocks not a list",
        {"type": "lift", "player": "Ana", "blocks": "R1"},
        [
            "'blocks' must be a list of block ids such as [\"R1\"]",
            "[] when the crane lifted nothing",
        ],
    ),
    (
        "lift block twice",
        {"type": "lift", "player": "Ana", "blocks": ["R1", "R1"]},
        ["a block is listed twice"],
    ),
    ("pile block missing", {"type": "pile", "player": "Ana"}, ["pile: missing field 'block'"]),
    (
        "measure not a number",
        {"type": "measure", "player": "Ana", "mm": "12"},
        ["'mm' must be a number of millimetres, not '12'"],
    ),
    (
        "measure true",
        {"type": "measure", "player": "Ana", "mm": True},
        ["'mm' must be a number of millimetres"],
    ),
    ("measure negative", {"type": "measure", "player": "Ana", "mm": -1}, ["cannot be negative"]),
    (
        "measure of unknown",
        {"type": "measure", "player": "Ana", "mm": 1, "of": "site"},
        ["'of' must be one of own, remaining, not 'site'"],
    ),
    ("wrong game", {**SMALL, "game": "hinkel-stein"}, ["'game' must be 'stein-auf-stein'"]),
    (
        "unknown variant",
        {**SMALL, "variant": "crane"},
        ["'variant' must be one of basic, yardstick, tower, master-tower, solo"],
    ),
    ("players not a list", {**SMALL, "players": "Ana"}, ["'players' must be a list of names"]),
    ("no players", {**SMALL, "players": []}, ["'players' must be a list of names"]),
    ("a name twice", {**SMALL, "players": ["Ana", "Ana"]}, ["a name appears twice"]),
    ("blocks not a list", {**SMALL, "blocks": {}}, ["'blocks' must be a list of block objects"]),
    ("block not an object", {**SMALL, "blocks": ["W1"]}, ["block 1 must be an object with id"]),
    (
        "block without size",
        {**SMALL, "blocks": [{"id": "W1", "colour": "white", "length_mm": 4, "width_mm": 4}]},
        ["block 1: missing field 'height_mm'"],
    ),
    (
        "block with unknown field",
        {**SMALL, "blocks": [{**BLOCK, "mass_g": 12}]},
        ["block 1: unknown field 'mass_g'", "a block has id, colour"],
    ),
    (
        "block size zero",
        {**SMALL, "blocks": [{**BLOCK, "height_mm": 0}]},
        ["block 1: 'height_mm' must be more than 0 mm"],
    ),
    (
        "block size a string",
        {**SMALL, "blocks": [{**BLOCK, "width_mm": "20"}]},
        ["'width_mm' must be a number of millimetres"],
    ),
    ("block id blank", {**SMALL, "blocks": [{**BLOCK, "id": ""}]}, ["'id' must be a non-empty"]),
    ("die empty", {**SMALL, "die": []}, ["'die' must be a list of colours, one a face"]),
    ("die not colours", {**SMALL, "die": [1, 2]}, ["'die' must be a list of colours"]),
    ("scoring unknown", {**SMALL, "scoring": "eyeball"}, ["'scoring' must be one of computed"]),
    ("build unknown", {**SMALL, "build": "wall"}, ["'build' must be one of row, tower"]),
    ("order unknown", {**SMALL, "order": "random"}, ["'order' must be one of free, fishing"]),
]


@pytest.mark.parametrize(
    ("obj", "words"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_a_malformed_record_object_is_refused_with_a_clear_message(obj, words):
    assert words
    with pytest.raises(MalformedRecord) as err:
        parse_action(obj)
    for w in words:
        assert w in str(err.value), f"{w!r} not in {err.value}"
