"""The record format (docs/records.md): every type parses and writes back the same,
and every malformed line is refused with a clear message."""

from __future__ import annotations

import json

import pytest

from companion.errors import MalformedRecord
from companion.games.stein_im_brett import Draw, Place, Start, parse_action, to_record
from companion.games.stein_im_brett.record import TYPES

from .conftest import THREE
from .script import RING, start_record

LINES = [
    start_record(THREE),
    start_record(THREE, layout="stein-im-brett"),
    start_record(THREE, board=RING),
    {"type": "draw", "colour": "white"},
    {"type": "place", "player": "Ben", "stones": [["c3", "red"], ["d5", "blue"], ["a1", "red"]]},
    {"type": "place", "player": "Ben", "stones": [["c3", "red"]]},
]


@pytest.mark.parametrize("line", LINES)
def test_every_record_type_reads_and_writes_back_the_same(line):
    action = parse_action(json.loads(json.dumps(line)))
    assert to_record(action) == line
    assert parse_action(to_record(action)) == action


def test_the_record_types_are_start_draw_place_and_comment():
    assert TYPES == ("start", "draw", "place", "comment")
    assert parse_action({"type": "comment", "text": "Ben drew white"}) is None


def test_a_start_line_becomes_the_start_action_colours_in_seat_order():
    a = parse_action(start_record(THREE, board=RING[:2]))
    assert a == Start(
        ("Ana", "Ben", "Cleo"),
        (("red", "blue"), ("yellow", "white"), ("green", "black")),
        None,
        (("r1", 1, 0), ("r2", 1, -1)),
    )
    assert parse_action({"type": "draw", "colour": "red"}) == Draw("red")
    assert parse_action(LINES[-1]) == Place("Ben", (("c3", "red"),))


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "each line must be a JSON object, not list"),
        ({"colour": "red"}, "missing field 'type'"),
        ({"type": "move"}, "unknown type 'move'; the types are start, draw, place, comment"),
        ({"type": "draw"}, "draw: missing field 'colour'"),
        ({"type": "draw", "colour": ""}, "draw: 'colour' must be a non-empty string"),
        ({"type": "draw", "colour": "red", "by": "Ana"}, "draw: unknown field 'by'; draw has"),
        ({"type": "place", "player": "Ana"}, "place: missing field 'stones'"),
        (
            {"type": "place", "player": "Ana", "stones": {"c3": "red"}},
            "place: 'stones' must be a list of \\[field, colour\\] pairs",
        ),
        (
            {"type": "place", "player": "Ana", "stones": [["c3", "red", "x"]]},
            "place: 'stones' must be a list of \\[field, colour\\] pairs",
        ),
        (
            {"type": "place", "player": "Ana", "stones": [["c3", 1]]},
            "place: 'stones' must be a list of \\[field, colour\\] pairs",
        ),
        (
            {"type": "place", "player": " ", "stones": []},
            "place: 'player' must be a non-empty string",
        ),
        ({**start_record(THREE), "game": "hilo"}, "start: 'game' must be 'stein-im-brett'"),
        ({**start_record(THREE), "players": "Ana"}, "start: 'players' must be a list of names"),
        (
            {**start_record(THREE), "players": ["Ana", "Ana", "Cleo"]},
            "start: every player needs a name of his own",
        ),
        ({**start_record(THREE), "colours": ["red"]}, "start: 'colours' must be an object"),
        (
            {**start_record(THREE), "colours": {"Ana": ["red"], "Ben": ["blue"], "Zed": ["x"]}},
            "start: 'colours' names Zed who is not playing and lacks the colours of Cleo",
        ),
        (
            {**start_record(THREE), "colours": {**THREE, "Ana": "red"}},
            "start: 'colours' of Ana must be a list of colour names",
        ),
        ({**start_record(THREE), "layout": ""}, "start: 'layout' must be a non-empty string"),
        ({**start_record(THREE), "board": []}, "start: 'board' must be a list of fields"),
        ({**start_record(THREE), "board": [["a", 0, 0]]}, "start: board field 1 must be an object"),
        (
            {**start_record(THREE), "board": [{"id": "a", "q": 0}]},
            "start: board field 1: missing field 'r'",
        ),
        (
            {**start_record(THREE), "board": [{"id": "a", "q": 0.5, "r": 0}]},
            "start: board field 1: 'q' must be a whole number, not 0.5",
        ),
        (
            {**start_record(THREE), "board": [{"id": "a", "q": 0, "r": 0, "s": 0}]},
            "start: board field 1: unknown field 's'; a field has id, q and r",
        ),
        ({**start_record(THREE), "seed": 1}, "start: unknown field 'seed'"),
    ],
)
def test_a_malformed_record_object_is_refused_with_a_clear_message(obj, message):
    with pytest.raises(MalformedRecord, match=message):
        parse_action(obj)
