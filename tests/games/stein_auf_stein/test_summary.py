"""What ``companion replay`` prints for Stein auf Stein: the JSON object of
docs/records.md, key order included, and a readable summary."""

from __future__ import annotations

import json

from companion.games.stein_auf_stein import parse_action
from companion.games.stein_auf_stein.summary import describe, to_json, to_text

from .script import Table, record

KEYS = [
    "game", "players", "finished", "variant", "scoring", "build", "order", "turn", "rolled",
    "site", "blocks", "towers", "to_pile", "stopped", "computed_mm", "measured_mm",
    "remaining_mm", "ended_by", "fallen", "winners", "awaiting",
]  # fmt: skip


def test_the_json_names_the_game_the_players_and_every_field_in_order():
    t = Table("master-tower").do("Ana roll red", "Ana lift R1 G1")
    out = to_json(t.state)
    assert list(out) == KEYS
    assert out["game"] == "stein-auf-stein" and out["players"] == ["Ana", "Ben"]
    assert out["turn"] == "Ana" and out["to_pile"] == ["R1"]
    assert out["awaiting"] == {"player": "Ana", "action": "pile"}
    assert "R1" not in out["site"] and "G1" in out["site"]
    json.dumps(out)  # plain JSON


def test_the_json_says_what_is_measured_next():
    t = Table("solo", ("Ana",), scoring="measured").do(
        "Ana roll red", "Ana lift R1", "Ana roll red"
    )
    t.do("Ana lift R2 R3", "Ana roll red")
    out = to_json(t.state)
    assert out["awaiting"] == {"player": "Ana", "action": "measure", "of": "own"}
    t.do("Ana measure 75")
    out = to_json(t.state)
    assert out["awaiting"] == {"player": "Ana", "action": "measure", "of": "remaining"}
    assert out["turn"] is None and out["ended_by"] == "colour"


def test_the_text_tells_the_site_the_blocks_and_what_is_awaited():
    t = Table("basic", ("Ana", "Ben")).do("Ana roll red", "Ana lift R1 G1", "Ben roll blue")
    text = to_text(t.state)
    assert text.startswith("Stein auf Stein, basic game (longest row), 2 players")
    assert "Ana:       R1; row 30 mm computed" in text
    assert "Last try:  Ana rolled red, lifted R1+G1, kept R1, returned G1" in text
    assert "Awaiting:  Ben to try with the crane" in text


def test_the_text_of_a_finished_game_names_the_winners():
    t = Table("master-tower").do("Ana roll red", "Ana lift R1 R2", "Ana pile R1", "Ana pile R2")
    t.do("Ana fall")
    text = to_text(t.state)
    assert "(game over)" in text and "(FELL OVER)" in text
    assert "Play over: Ana's tower fell over" in text and text.endswith("Winners:   Ben")


def test_every_action_reads_as_a_sentence():
    lines = ["Ana roll red", "Ana lift R1 G1", "Ana lift", "Ana pile R1", "Ana stop",
             "Ana fall", "Ana measure 30", "Ana measure 275 remaining"]  # fmt: skip
    said = [describe(parse_action(record(x))) for x in lines]
    assert said == [
        "Ana rolls red",
        "Ana lifts R1+G1",
        "Ana hooks nothing",
        "Ana piles R1",
        "Ana stops building the tower",
        "Ana's tower falls over",
        "Ana's build measures 30 mm",
        "the remaining blocks' tower measures 275 mm",
    ]
