"""What ``companion replay`` prints for Stein auf Stein: the JSON object of
docs/records.md, key order included, and a readable summary."""

from __future__ import annotations

import json

from companion.games.stein_auf_stein import Block, Catalogue, Measure, parse_action
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


def test_the_text_says_a_fallen_tower_is_not_measured():
    # "As soon as the tower of a player falls over. This player loses" (rulebook, master
    # tower builder): a fallen tower is never measured (SAS-11), so the finished game
    # must not show it as a measurement still missing ("?").
    t = Table("master-tower", scoring="measured").do(
        "Ana roll red", "Ana lift R1 R2", "Ana pile R1", "Ana pile R2", "Ben roll blue"
    )
    t.do("Ben lift B1", "Ben pile B1", "Ana fall", "Ben measure 15")
    text = to_text(t.state)
    assert "Ana:       R1+R2; piled R1+R2 (FELL OVER); tower 60 mm computed, not measured" in text
    assert "Ben:       B1; piled B1; tower 15 mm computed, 15 mm measured" in text
    assert "?" not in text


def test_the_text_of_a_solo_tower_that_fell_shows_no_measurement_missing():
    # Solo in fishing order: a fall loses the game at once (SAS-13); neither the own
    # tower nor the remaining blocks' tower is measured.
    t = Table("solo", ("Ana",), scoring="measured", order="fishing").do(
        "Ana roll red", "Ana lift R1 R2", "Ana pile R1", "Ana pile R2", "Ana fall"
    )
    text = to_text(t.state)
    assert "tower 60 mm computed, not measured" in text
    assert "Remaining: tower of the blocks left on the site, 500 mm computed, not measured" in text
    assert "?" not in text and text.endswith("Winners:   nobody")


def test_lengths_are_shown_to_the_micrometre_they_are_counted_in():
    # SAS-3: sizes are summed exactly and rounded to 0.001 mm; a long row must not be
    # shown rounded to six digits (1000.12) or in exponent notation (1.23457e+06).
    long = Catalogue.of(
        (
            Block("L1", "grey", 1000.125, 10, 10),
            Block("L2", "grey", 20, 10, 10),
            Block("L3", "grey", 5, 5, 5),
        ),
        ("grey",),
    )
    t = Table("yardstick", ("Ana", "Ben"), catalogue=long).do("Ana roll grey", "Ana lift L1")
    t.do("Ben roll grey", "Ben lift L3")
    t.do("Ana roll grey", "Ana lift L2")  # the site is empty: play is over
    assert "Ana:       L1+L2; row 1020.125 mm computed" in to_text(t.state)
    t.do("Ana measure 1019.875")
    t.rejects("Ana measure 1020", "Ana's row is measured already (1019.875 mm)")
    assert describe(Measure("Ana", 1234567)) == "Ana's build measures 1234567 mm"
    assert describe(Measure("Ana", 98.5)) == "Ana's build measures 98.5 mm"
